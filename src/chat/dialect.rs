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
    /// `/jungle accept`, the platform's own command (Discord).
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
    /// Replies show their buttons (Accept, Resign, ...).
    pub buttons: bool,
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
            buttons: false,
            moderators: "moderators-room",
        }
    }

    /// Discord: the `/name` command and buttons; typed moves only with the Message Content
    /// intent.
    pub fn slash(name: &str, typed_moves: bool) -> Dialect {
        Dialect {
            spelling: Spelling::Slash(name.to_string()),
            typed_moves,
            buttons: true,
            moderators: "moderators-server",
        }
    }

    /// The same, where anyone may use the moderators' commands (`jungle console`).
    pub fn anyone_moderates(self) -> Dialect {
        Dialect {
            moderators: "moderators-anyone",
            ..self
        }
    }

    /// A prompt where every line is for the bot (`jungle play`).
    pub fn bare() -> Dialect {
        Dialect {
            spelling: Spelling::Bare,
            typed_moves: true,
            buttons: false,
            moderators: "moderators-anyone",
        }
    }

    /// The command as typed: `!jungle accept`, `/jungle accept`, `accept`. On Discord the
    /// moderators' commands are their own command: `/jungle-admin settings`.
    pub fn spell(&self, words: &str) -> String {
        match &self.spelling {
            Spelling::Prefix(p) => format!("{p} {words}"),
            Spelling::Slash(name) => match words.strip_prefix("admin ") {
                Some(rest) => format!("/{name}-admin {rest}"),
                None => format!("/{name} {words}"),
            },
            Spelling::Bare => words.to_string(),
        }
    }

    /// The command as code: `` `!jungle accept` ``.
    pub fn cmd(&self, words: &str) -> String {
        format!("`{}`", self.spell(words))
    }

    /// Who may use the moderators' commands here, as the end of a sentence.
    pub fn moderators(&self, lang: Lang) -> String {
        lang.tr(self.moderators, &[])
    }

    /// How a move is made here, as a sentence: "Type a move like `G7 G6`."
    pub fn how_to_move(&self, lang: Lang) -> String {
        match (&self.spelling, self.typed_moves) {
            (Spelling::Slash(_), false) => {
                tr!(lang, "how-to-move-slash", command = self.cmd("move"))
            }
            (Spelling::Slash(_), true) => {
                tr!(
                    lang,
                    "how-to-move-typed-or-slash",
                    command = self.cmd("move")
                )
            }
            _ => tr!(lang, "how-to-move-typed"),
        }
    }

    /// How to do what a button does, or its command where there are no buttons:
    /// "press **Accept**" or "`!jungle accept`".
    pub fn press(&self, lang: Lang, label: &str, words: &str) -> String {
        if self.buttons {
            tr!(lang, "press-button", label = lang.tr(label, &[]))
        } else {
            self.cmd(words)
        }
    }

    /// The first line of `help`: how the commands below are typed here.
    pub fn help_lead(&self, lang: Lang) -> String {
        match (&self.spelling, self.typed_moves) {
            (Spelling::Prefix(p), _) => tr!(lang, "help-lead-prefix", prefix = format!("`{p}`")),
            (Spelling::Slash(name), false) => tr!(
                lang,
                "help-lead-slash",
                command = format!("`/{name}`"),
                move_command = self.cmd("move")
            ),
            (Spelling::Slash(name), true) => {
                tr!(
                    lang,
                    "help-lead-slash-typed",
                    command = format!("`/{name}`")
                )
            }
            (Spelling::Bare, _) => tr!(lang, "help-lead-bare"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_platform_names_what_works_there() {
        let matrix = Dialect::prefixed("!jungle");
        let discord = Dialect::slash("jungle", false);
        let play = Dialect::bare();
        assert_eq!(matrix.cmd("accept"), "`!jungle accept`");
        assert_eq!(discord.cmd("accept"), "`/jungle accept`");
        assert_eq!(play.cmd("accept"), "`accept`");
        let en = Lang::En;
        assert_eq!(
            discord.press(en, "button-accept", "accept"),
            "press **Accept**"
        );
        assert_eq!(
            matrix.press(en, "button-accept", "accept"),
            "`!jungle accept`"
        );
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
