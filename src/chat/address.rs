//! Which messages are for the bot, decided in one place for every platform: a message that
//! starts with the prefix is a command; a bare move (`G7 G6`) is a move; a message said to the
//! bot (a mention or a direct message, as the adapter tells) is a command without the prefix.
//! Anything else is ordinary chat and is ignored.

use super::command::{Command, CommandError};
use super::table;
use crate::step::MoveText;

/// What a text message asks of the bot: `None` for ordinary chat.
pub fn recognise(text: &str, prefix: &str, to_bot: bool) -> Option<Result<Command, CommandError>> {
    let t = text.trim();
    if let Some(rest) = strip_prefix(t, prefix) {
        return Some(table::parse(rest));
    }
    // Said to the bot: a command without the prefix, or a move typed bare (each text is read
    // once, by the command table, which knows moves too).
    if to_bot {
        return Some(table::parse(t).map(|cmd| match cmd {
            Command::Move { mv, .. } => Command::Move { mv, plain: true },
            other => other,
        }));
    }
    let mv = t.parse::<MoveText>().ok()?;
    Some(Ok(Command::Move { mv, plain: true }))
}

/// The text after the prefix (any case), when the text starts with it as a word.
fn strip_prefix<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    let rest = &text[prefix.len()..];
    (head.eq_ignore_ascii_case(prefix)
        && (rest.is_empty() || rest.starts_with(char::is_whitespace)))
    .then_some(rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_for_the_bot() {
        let mv = |t: &str| t.parse::<MoveText>().unwrap();
        assert_eq!(
            recognise("!JUNGLE board", "!jungle", false),
            Some(Ok(Command::Board))
        );
        assert_eq!(
            recognise("  !jungle ", "!jungle", false),
            Some(Ok(Command::Help))
        );
        assert_eq!(recognise("!junglefoo", "!jungle", false), None);
        assert_eq!(recognise("hello there", "!jungle", false), None);
        assert_eq!(
            recognise("g7g6", "!jungle", false),
            Some(Ok(Command::Move {
                mv: mv("G7 G6"),
                plain: true
            }))
        );
        assert_eq!(
            recognise("g7g6", "!jungle", true),
            Some(Ok(Command::Move {
                mv: mv("G7 G6"),
                plain: true
            })),
            "a bare move said to the bot is still only for a game of the sender's"
        );
        assert_eq!(
            recognise("board", "!jungle", true),
            Some(Ok(Command::Board))
        );
        assert_eq!(recognise("", "!jungle", true), Some(Ok(Command::Help)));
        assert_eq!(
            recognise("!jungle board", "!jungle", true),
            Some(Ok(Command::Board))
        );
        assert_eq!(
            recognise("é!jungle", "!j", false),
            None,
            "no panic on a char boundary"
        );
    }
}
