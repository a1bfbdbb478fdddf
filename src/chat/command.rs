//! Text -> [`Command`]: syntax only. Resolving users, games and moves happens in the handler.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::bot::Level;
use crate::engine::Move;

/// Which side the one who starts a game wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SideChoice {
    Jade,
    Crimson,
    #[default]
    Random,
}

impl SideChoice {
    pub fn as_str(self) -> &'static str {
        match self {
            SideChoice::Jade => "jade",
            SideChoice::Crimson => "crimson",
            SideChoice::Random => "random",
        }
    }
}

impl FromStr for SideChoice {
    type Err = ();
    fn from_str(s: &str) -> Result<SideChoice, ()> {
        match s.to_ascii_lowercase().as_str() {
            "jade" | "j" | "green" => Ok(SideChoice::Jade),
            "crimson" | "c" | "red" => Ok(SideChoice::Crimson),
            "random" | "any" => Ok(SideChoice::Random),
            _ => Err(()),
        }
    }
}

impl fmt::Display for SideChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The most players `top` lists.
pub const TOP_MAX: u32 = 50;

/// Every command, the same on every platform.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `challenge [user] [side]`: no user means an open challenge.
    Challenge {
        opponent: Option<String>,
        side: SideChoice,
    },
    /// `accept [user]` or a button for one challenge.
    Accept {
        challenge: Option<i64>,
        from: Option<String>,
    },
    Decline {
        challenge: Option<i64>,
        from: Option<String>,
    },
    Cancel {
        challenge: Option<i64>,
    },
    /// `play bot [level] [side]`.
    PlayBot {
        level: Option<Level>,
        side: SideChoice,
    },
    /// `move <from> <to>`; `plain` for a bare move typed in the channel.
    Move {
        text: String,
        plain: bool,
    },
    Board,
    Moves {
        square: String,
    },
    Resign {
        game: Option<i64>,
    },
    Draw {
        game: Option<i64>,
    },
    Games,
    Rating {
        user: Option<String>,
    },
    Top {
        global: bool,
        /// How many players to list; the leaderboard lists from 1 to [`TOP_MAX`] whatever is
        /// asked (10 when not said).
        limit: Option<u32>,
    },
    History {
        user: Option<String>,
    },
    Export {
        game: i64,
    },
    Rules,
    Help,
}

/// Why a command was not understood. The text tells the user what to type instead.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CommandError {
    #[error("I don't know the command '{0}'. Try `help`.")]
    Unknown(String),
    #[error("usage: `{0}`")]
    Usage(&'static str),
    #[error("'{0}' is not a side: say jade, crimson or random")]
    BadSide(String),
    #[error("'{0}' is not a level: say easy, medium or hard")]
    BadLevel(String),
    #[error("'{0}' is not a game number (games are numbered like #12)")]
    BadGame(String),
}

fn game_number(s: &str) -> Result<i64, CommandError> {
    s.trim_start_matches('#')
        .parse::<i64>()
        .ok()
        .filter(|n| *n > 0)
        .ok_or_else(|| CommandError::BadGame(s.to_string()))
}

fn side_arg(s: &str) -> Result<SideChoice, CommandError> {
    s.parse().map_err(|_| CommandError::BadSide(s.to_string()))
}

/// Parses the words after the prefix, e.g. `challenge @bob jade`.
pub fn parse(words: &str) -> Result<Command, CommandError> {
    let args: Vec<&str> = words.split_whitespace().collect();
    let Some((&name, rest)) = args.split_first() else {
        return Ok(Command::Help);
    };
    let rest_text = rest.join(" ");
    let cmd = name.to_ascii_lowercase();
    Ok(match (cmd.as_str(), rest) {
        ("challenge", []) => Command::Challenge {
            opponent: None,
            side: SideChoice::Random,
        },
        ("challenge", [one]) => match one.parse::<SideChoice>() {
            Ok(side) => Command::Challenge {
                opponent: None,
                side,
            },
            Err(()) => Command::Challenge {
                opponent: Some(one.to_string()),
                side: SideChoice::Random,
            },
        },
        ("challenge", [user, side]) => Command::Challenge {
            opponent: Some(user.to_string()),
            side: side_arg(side)?,
        },
        ("challenge", _) => {
            return Err(CommandError::Usage(
                "challenge [user] [jade|crimson|random]",
            ));
        }
        ("accept", []) => Command::Accept {
            challenge: None,
            from: None,
        },
        ("accept", [arg]) => match game_number(arg) {
            Ok(n) => Command::Accept {
                challenge: Some(n),
                from: None,
            },
            Err(_) => Command::Accept {
                challenge: None,
                from: Some(arg.to_string()),
            },
        },
        ("accept", _) => return Err(CommandError::Usage("accept [user]")),
        ("decline", []) => Command::Decline {
            challenge: None,
            from: None,
        },
        ("decline", [arg]) => match game_number(arg) {
            Ok(n) => Command::Decline {
                challenge: Some(n),
                from: None,
            },
            Err(_) => Command::Decline {
                challenge: None,
                from: Some(arg.to_string()),
            },
        },
        ("decline", _) => return Err(CommandError::Usage("decline [user]")),
        ("cancel", []) => Command::Cancel { challenge: None },
        ("cancel", _) => return Err(CommandError::Usage("cancel")),
        ("play", rest) => parse_play(rest)?,
        ("move" | "m", []) => return Err(CommandError::Usage("move <from> <to>, e.g. move G7 G6")),
        ("move" | "m", _) => Command::Move {
            text: rest_text,
            plain: false,
        },
        ("board" | "show", []) => Command::Board,
        ("board" | "show", _) => return Err(CommandError::Usage("board")),
        ("moves", [square]) => Command::Moves {
            square: square.to_string(),
        },
        ("moves", _) => return Err(CommandError::Usage("moves <square>, e.g. moves G7")),
        ("resign", []) => Command::Resign { game: None },
        ("resign", _) => return Err(CommandError::Usage("resign")),
        ("draw", []) => Command::Draw { game: None },
        ("draw", _) => return Err(CommandError::Usage("draw")),
        ("games", []) => Command::Games,
        ("games", _) => return Err(CommandError::Usage("games")),
        ("rating" | "elo", []) => Command::Rating { user: None },
        ("rating" | "elo", [user]) => Command::Rating {
            user: Some(user.to_string()),
        },
        ("rating" | "elo", _) => return Err(CommandError::Usage("rating [user]")),
        ("top" | "leaderboard", rest) => parse_top(rest)?,
        ("history", []) => Command::History { user: None },
        ("history", [user]) => Command::History {
            user: Some(user.to_string()),
        },
        ("history", _) => return Err(CommandError::Usage("history [user]")),
        ("export", [game]) => Command::Export {
            game: game_number(game)?,
        },
        ("export", _) => return Err(CommandError::Usage("export <game number>")),
        ("rules", _) => Command::Rules,
        ("help", _) => Command::Help,
        _ => {
            // `!jungle g7 g6` is a move too.
            if words.parse::<Move>().is_ok() {
                return Ok(Command::Move {
                    text: words.trim().to_string(),
                    plain: false,
                });
            }
            return Err(CommandError::Unknown(name.to_string()));
        }
    })
}

fn parse_play(rest: &[&str]) -> Result<Command, CommandError> {
    const USAGE: &str = "play bot [easy|medium|hard] [jade|crimson|random]";
    let mut words = rest.iter();
    if !matches!(
        words.next().map(|w| w.to_ascii_lowercase()).as_deref(),
        Some("bot" | "ai" | "computer")
    ) {
        return Err(CommandError::Usage(USAGE));
    }
    let mut level = None;
    let mut side = None;
    for w in words {
        if let Ok(l) = w.parse::<Level>() {
            if level.replace(l).is_some() {
                return Err(CommandError::Usage(USAGE));
            }
        } else if let Ok(s) = w.parse::<SideChoice>() {
            if side.replace(s).is_some() {
                return Err(CommandError::Usage(USAGE));
            }
        } else if level.is_none() {
            return Err(CommandError::BadLevel(w.to_string()));
        } else {
            return Err(CommandError::BadSide(w.to_string()));
        }
    }
    Ok(Command::PlayBot {
        level,
        side: side.unwrap_or_default(),
    })
}

fn parse_top(rest: &[&str]) -> Result<Command, CommandError> {
    const USAGE: &str = "top [n] or top global [n]";
    let mut global = false;
    let mut limit = None;
    for w in rest {
        if w.eq_ignore_ascii_case("global") && !global {
            global = true;
        } else if let (Ok(n), None) = (w.parse::<u32>(), limit) {
            limit = Some(n);
        } else {
            return Err(CommandError::Usage(USAGE));
        }
    }
    Ok(Command::Top { global, limit })
}

/// A button id back into its command.
pub fn parse_button(id: &str) -> Option<Command> {
    let (action, number) = id.split_once(':')?;
    let n: i64 = number.parse().ok()?;
    Some(match action {
        "accept" => Command::Accept {
            challenge: Some(n),
            from: None,
        },
        "decline" => Command::Decline {
            challenge: Some(n),
            from: None,
        },
        "cancel" => Command::Cancel { challenge: Some(n) },
        "resign" => Command::Resign { game: Some(n) },
        "draw" => Command::Draw { game: Some(n) },
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_parse() {
        assert_eq!(
            parse("challenge @bob jade"),
            Ok(Command::Challenge {
                opponent: Some("@bob".into()),
                side: SideChoice::Jade
            })
        );
        assert_eq!(
            parse("challenge crimson"),
            Ok(Command::Challenge {
                opponent: None,
                side: SideChoice::Crimson
            })
        );
        assert_eq!(
            parse("play bot hard crimson"),
            Ok(Command::PlayBot {
                level: Some(Level::Hard),
                side: SideChoice::Crimson
            })
        );
        assert_eq!(
            parse("PLAY BOT"),
            Ok(Command::PlayBot {
                level: None,
                side: SideChoice::Random
            })
        );
        assert_eq!(
            parse("move g7 g6"),
            Ok(Command::Move {
                text: "g7 g6".into(),
                plain: false
            })
        );
        assert_eq!(
            parse("G7G6"),
            Ok(Command::Move {
                text: "G7G6".into(),
                plain: false
            })
        );
        assert_eq!(parse("export #12"), Ok(Command::Export { game: 12 }));
        assert_eq!(
            parse("top global 5"),
            Ok(Command::Top {
                global: true,
                limit: Some(5)
            })
        );
        assert_eq!(
            parse("top 99"),
            Ok(Command::Top {
                global: false,
                limit: Some(99)
            }),
            "the leaderboard, not the parser, keeps the count in range"
        );
        assert_eq!(parse(""), Ok(Command::Help));
    }

    #[test]
    fn bad_commands_say_why() {
        assert_eq!(parse("dance"), Err(CommandError::Unknown("dance".into())));
        assert_eq!(
            parse("play bot insane"),
            Err(CommandError::BadLevel("insane".into()))
        );
        assert_eq!(
            parse("play bot easy blue"),
            Err(CommandError::BadSide("blue".into()))
        );
        assert_eq!(
            parse("challenge bob purple"),
            Err(CommandError::BadSide("purple".into()))
        );
        assert_eq!(parse("export x"), Err(CommandError::BadGame("x".into())));
        assert!(matches!(parse("play"), Err(CommandError::Usage(_))));
        assert!(matches!(parse("top a b"), Err(CommandError::Usage(_))));
    }

    #[test]
    fn buttons_parse() {
        assert_eq!(
            parse_button("accept:17"),
            Some(Command::Accept {
                challenge: Some(17),
                from: None
            })
        );
        assert_eq!(
            parse_button("resign:3"),
            Some(Command::Resign { game: Some(3) })
        );
        assert_eq!(parse_button("resign:x"), None);
        assert_eq!(parse_button("explode:1"), None);
    }
}
