//! How a command is written where a reply is read: after the prefix (`!jungle help` on Matrix
//! and in `jungle console`), as a slash command (`/jungle help` on Discord), or bare (`help` at
//! `jungle play`'s prompt); whether a typed move reaches the bot there, and whether replies
//! carry buttons. Every hint a reply gives is written through the [`Dialect`] of the platform
//! it is read on, so it names something that works there; the sentences around the commands
//! come from the message catalogues ([`crate::lang`]).

use crate::lang::{Lang, tr};

/// How a command is spelt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Spelling {
    /// `!jungle accept`.
    Prefix(String),
    /// `/jungle accept`, the platform's own command (Discord). Its name is registered with a
    /// name in each language (the catalogues' `slash-name`), and Discord shows each reader the
    /// one of their client's language: `/斗兽棋 accept` to a reader in Simplified Chinese.
    Slash(String),
    /// `accept`: every line is for the bot.
    Bare,
}

/// What works on one platform, with its configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dialect {
    pub spelling: Spelling,
    /// A move typed on its own (`G7 G6`) reaches the bot.
    pub typed_moves: bool,
    /// A message that mentions the bot reaches it.
    pub mentions: bool,
    /// Replies show their buttons (Accept, Resign, ...).
    pub buttons: bool,
    /// A reaction on the newest board picks a piece, one on the answer its direction (Matrix).
    pub reactions: bool,
    /// A game between people can have a thread of its own (Discord threads, Matrix `m.thread`).
    pub threads: bool,
    /// Who may use the moderators' commands here: the id of a message that says it as the end
    /// of a sentence.
    pub moderators: &'static str,
}

impl Dialect {
    /// Text commands after a prefix, typed moves, no buttons (Matrix, `jungle console`).
    pub fn prefixed(prefix: &str) -> Dialect {
        Dialect {
            spelling: Spelling::Prefix(prefix.to_string()),
            typed_moves: true,
            mentions: true,
            buttons: false,
            reactions: false,
            threads: false,
            moderators: "moderators-room",
        }
    }

    /// Discord: the `/name` command and buttons; typed moves only with the Message Content
    /// intent.
    pub fn slash(name: &str, typed_moves: bool) -> Dialect {
        Dialect {
            spelling: Spelling::Slash(name.to_string()),
            typed_moves,
            mentions: true,
            buttons: true,
            reactions: false,
            threads: false,
            moderators: "moderators-server",
        }
    }

    /// The same, where reactions move pieces (Matrix).
    pub fn reacting(self) -> Dialect {
        Dialect {
            reactions: true,
            ..self
        }
    }

    /// The same, where games between people get a thread of their own.
    pub fn threaded(self) -> Dialect {
        Dialect {
            threads: true,
            ..self
        }
    }

    /// The same, where anyone may use the moderators' commands (`jungle console`).
    pub fn anyone_moderates(self) -> Dialect {
        Dialect {
            moderators: "moderators-anyone",
            ..self
        }
    }

    /// The same, as it holds in places of `scope`: where only commands reach the bot, neither
    /// a typed move nor a mention does.
    pub fn in_scope(self, scope: &str) -> Dialect {
        if super::event::scope_commands_only(scope) {
            Dialect {
                typed_moves: false,
                mentions: false,
                threads: false,
                ..self
            }
        } else {
            self
        }
    }

    /// A prompt where every line is for the bot (`jungle play`).
    pub fn bare() -> Dialect {
        Dialect {
            spelling: Spelling::Bare,
            typed_moves: true,
            mentions: true,
            buttons: false,
            reactions: false,
            threads: false,
            moderators: "moderators-anyone",
        }
    }

    /// The command as a reader of `lang` types it: `!jungle accept`, `/jungle accept` (on
    /// Discord, `/斗兽棋 accept` for a Simplified Chinese reader, as Discord shows it), `accept`.
    /// On Discord the moderators' commands are their own command: `/jungle-admin settings`
    /// (registered without localized names).
    pub fn spell(&self, lang: Lang, words: &str) -> String {
        match &self.spelling {
            Spelling::Prefix(p) => format!("{p} {words}"),
            Spelling::Slash(name) => match words.strip_prefix("admin ") {
                Some(rest) => format!("/{name}-admin {rest}"),
                None => format!("/{} {words}", slash_name(lang, name)),
            },
            Spelling::Bare => words.to_string(),
        }
    }

    /// The command as code: `` `!jungle accept` ``.
    pub fn cmd(&self, lang: Lang, words: &str) -> String {
        format!("`{}`", self.spell(lang, words))
    }

    /// The slash command alone, as code: `` `/斗兽棋` ``; `None` off Discord.
    pub fn slash_command(&self, lang: Lang) -> Option<String> {
        match &self.spelling {
            Spelling::Slash(name) => Some(format!("`/{}`", slash_name(lang, name))),
            _ => None,
        }
    }

    /// Who may use the moderators' commands here, as the end of a sentence.
    pub fn moderators(&self, lang: Lang) -> String {
        lang.tr(self.moderators, &[])
    }

    /// How a move is made here, as a sentence: "Type a move like `G7 G6`."
    pub fn how_to_move(&self, lang: Lang) -> String {
        match (&self.spelling, self.typed_moves) {
            (Spelling::Slash(_), false) => {
                tr!(lang, "how-to-move-slash", command = self.cmd(lang, "move"))
            }
            (Spelling::Slash(_), true) => {
                tr!(
                    lang,
                    "how-to-move-typed-or-slash",
                    command = self.cmd(lang, "move")
                )
            }
            _ => tr!(lang, "how-to-move-typed"),
        }
    }

    /// How to do what a button does, or its command where there are no buttons, as a verb
    /// phrase: "press **Accept**" or "type `!jungle accept`".
    pub fn press(&self, lang: Lang, label: &str, words: &str) -> String {
        if self.buttons {
            tr!(lang, "press-button", label = lang.tr(label, &[]))
        } else {
            tr!(lang, "type-command", command = self.cmd(lang, words))
        }
    }

    /// The first line of `help`: how the commands below are typed here.
    pub fn help_lead(&self, lang: Lang) -> String {
        match (&self.spelling, self.typed_moves) {
            (Spelling::Prefix(p), _) if self.reactions => {
                tr!(lang, "help-lead-prefix-react", prefix = format!("`{p}`"))
            }
            (Spelling::Prefix(p), _) => tr!(lang, "help-lead-prefix", prefix = format!("`{p}`")),
            (Spelling::Slash(name), false) if !self.mentions => tr!(
                lang,
                "help-lead-slash-commands",
                command = format!("`/{}`", slash_name(lang, name)),
                move_command = self.cmd(lang, "move")
            ),
            (Spelling::Slash(name), false) => tr!(
                lang,
                "help-lead-slash",
                command = format!("`/{}`", slash_name(lang, name)),
                move_command = self.cmd(lang, "move")
            ),
            (Spelling::Slash(name), true) => {
                tr!(
                    lang,
                    "help-lead-slash-typed",
                    command = format!("`/{}`", slash_name(lang, name))
                )
            }
            (Spelling::Bare, _) => tr!(lang, "help-lead-bare"),
        }
    }
}

/// The slash command's name as Discord shows it to a reader of `lang`: the catalogue's
/// `slash-name`, the name registered for that language, when the command is the one the
/// catalogues name (`jungle`); another name is shown as it is.
fn slash_name(lang: Lang, name: &str) -> String {
    if name == tr!(Lang::En, "slash-name") {
        tr!(lang, "slash-name")
    } else {
        name.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn where_only_commands_arrive_help_names_no_mention() {
        let place = |scope: &str| crate::event::Place {
            platform: "discord".into(),
            scope: scope.into(),
            channel: "9".into(),
            locale: None,
        };
        let server = Dialect::slash("jungle", false).in_scope("5");
        assert!(server.help_lead(Lang::En).contains("mention me"));
        let group = Dialect::slash("jungle", true).in_scope("group:9");
        assert!(!group.typed_moves && !group.mentions);
        let lead = group.help_lead(Lang::En);
        assert!(
            !lead.contains("mention") && !lead.contains("G7 G6"),
            "{lead}"
        );
        assert!(
            lead.contains("`/jungle move`") && lead.contains("menu"),
            "{lead}"
        );
        assert!(place("dm:9").is_private() && !place("dm:9").commands_only());
        assert!(place("group:9").is_private() && !place("5").is_private());
    }

    #[test]
    fn each_platform_names_what_works_there() {
        let matrix = Dialect::prefixed("!jungle");
        let discord = Dialect::slash("jungle", false);
        let play = Dialect::bare();
        let en = Lang::En;
        assert_eq!(matrix.cmd(en, "accept"), "`!jungle accept`");
        assert_eq!(discord.cmd(en, "accept"), "`/jungle accept`");
        assert_eq!(play.cmd(en, "accept"), "`accept`");
        assert_eq!(
            discord.press(en, "button-accept", "accept"),
            "press **Accept**"
        );
        assert_eq!(
            matrix.press(en, "button-accept", "accept"),
            "`!jungle accept`"
        );
        // Chinese says what to do with the command, as it says what to do with a button.
        assert_eq!(
            matrix.press(Lang::ZhCn, "button-accept", "accept"),
            "输入 `!jungle accept`"
        );
        assert_eq!(
            discord.press(Lang::ZhTw, "button-accept", "accept"),
            "按下 **接受**"
        );
        // Discord shows a Chinese reader the command's name in their script; the prefix and
        // the bare prompt are what they are everywhere, and so are the subcommands' names.
        assert_eq!(discord.cmd(Lang::ZhCn, "accept"), "`/斗兽棋 accept`");
        assert_eq!(discord.cmd(Lang::ZhTw, "accept"), "`/鬥獸棋 accept`");
        assert_eq!(
            discord.cmd(Lang::ZhTw, "admin settings"),
            "`/jungle-admin settings`"
        );
        assert_eq!(matrix.cmd(Lang::ZhTw, "accept"), "`!jungle accept`");
        assert!(discord.help_lead(Lang::ZhCn).contains("`/斗兽棋`"));
        assert_eq!(
            discord.slash_command(Lang::ZhTw).as_deref(),
            Some("`/鬥獸棋`")
        );
        assert_eq!(matrix.slash_command(Lang::ZhTw), None);
        assert!(!discord.how_to_move(en).contains("`G7 G6`"));
        assert!(
            Dialect::slash("jungle", true)
                .how_to_move(en)
                .contains("`G7 G6`")
        );
        assert!(!discord.help_lead(en).contains('!'));
        assert!(
            discord
                .press(Lang::ZhCn, "button-accept", "accept")
                .contains("接受")
        );
    }
}
