//! How a command is written where a reply is read: after the prefix (`!jungle help` on Matrix
//! and in `jungle console`), as a slash command (`/jungle help` on Discord), or bare (`help` at
//! `jungle play`'s prompt); whether a typed move reaches the bot there, and whether replies
//! carry buttons. Every hint a reply gives is written through the [`Dialect`] of the platform
//! it is read on, so it names something that works there.

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
    /// Who may use the moderators' commands here, as the end of a sentence.
    pub moderators: String,
}

impl Dialect {
    /// Text commands after a prefix, typed moves, no buttons (Matrix, `jungle console`).
    pub fn prefixed(prefix: &str) -> Dialect {
        Dialect {
            spelling: Spelling::Prefix(prefix.to_string()),
            typed_moves: true,
            buttons: false,
            moderators: "the room's moderators (power level 50 or more)".to_string(),
        }
    }

    /// Discord: the `/name` command and buttons; typed moves only with the Message Content
    /// intent.
    pub fn slash(name: &str, typed_moves: bool) -> Dialect {
        Dialect {
            spelling: Spelling::Slash(name.to_string()),
            typed_moves,
            buttons: true,
            moderators: "members with the Manage Server permission".to_string(),
        }
    }

    /// A prompt where every line is for the bot (`jungle play`).
    pub fn bare() -> Dialect {
        Dialect {
            spelling: Spelling::Bare,
            typed_moves: true,
            buttons: false,
            moderators: "anyone here".to_string(),
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

    /// How a move is made here, as the end of a sentence: "type a move like `G7 G6`".
    pub fn how_to_move(&self) -> String {
        match (&self.spelling, self.typed_moves) {
            (Spelling::Slash(name), false) => format!("use `/{name} move` (from G7, to G6)"),
            (Spelling::Slash(name), true) => {
                format!("type a move like `G7 G6`, or use `/{name} move`")
            }
            _ => "type a move like `G7 G6`".to_string(),
        }
    }

    /// How to do what a button does, or its command where there are no buttons:
    /// "press **Accept**" or "`!jungle accept`".
    pub fn press(&self, label: &str, words: &str) -> String {
        if self.buttons {
            format!("press **{label}**")
        } else {
            self.cmd(words)
        }
    }

    /// The first line of `help`: how the commands below are typed here.
    pub fn help_lead(&self) -> String {
        let lead = match &self.spelling {
            Spelling::Prefix(p) => format!("Jungle (Dou Shou Qi) commands, each after `{p}`:"),
            Spelling::Slash(name) => {
                format!("Jungle (Dou Shou Qi) commands: type `/{name}` and pick one.")
            }
            Spelling::Bare => "Jungle (Dou Shou Qi) commands:".to_string(),
        };
        let moves = match (&self.spelling, self.typed_moves) {
            (Spelling::Slash(name), false) => format!(
                " Moves: `/{name} move`, or mention me with the move. Buttons under the board resign or offer a draw."
            ),
            (Spelling::Slash(_), true) => {
                " In your game, type a move like `G7 G6`. Buttons under the board resign or offer a draw.".to_string()
            }
            _ => " In your game, type a move like `G7 G6`.".to_string(),
        };
        lead + moves.as_str()
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
        assert_eq!(discord.press("Accept", "accept"), "press **Accept**");
        assert_eq!(matrix.press("Accept", "accept"), "`!jungle accept`");
        assert!(!discord.how_to_move().contains("`G7 G6`"));
        assert!(
            Dialect::slash("jungle", true)
                .how_to_move()
                .contains("`G7 G6`")
        );
        assert!(!discord.help_lead().contains('!'));
    }
}
