//! What a user can ask for, parsed: [`Command`] holds typed values (a [`Move`], a [`Square`],
//! a [`Level`]), never text to parse again. The words that name commands are in
//! [`super::table`].

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::bot::Level;
use super::markup::verbatim;
use crate::lang::Lang;
use engine::{Move, ParseMoveError, ParseSquareError, Side, Square, TimeControl};

use crate::step::MoveText;

/// Which side the one who starts a game wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SideChoice {
    Jade,
    Crimson,
    #[default]
    Random,
}

impl SideChoice {
    pub const ALL: [SideChoice; 3] = [SideChoice::Jade, SideChoice::Crimson, SideChoice::Random];

    pub fn as_str(self) -> &'static str {
        match self {
            SideChoice::Jade => "jade",
            SideChoice::Crimson => "crimson",
            SideChoice::Random => "random",
        }
    }

    /// The side asked for; `None` for random.
    pub fn side(self) -> Option<Side> {
        match self {
            SideChoice::Jade => Some(Side::Jade),
            SideChoice::Crimson => Some(Side::Crimson),
            SideChoice::Random => None,
        }
    }

    pub fn from_side(side: Option<Side>) -> SideChoice {
        match side {
            Some(Side::Jade) => SideChoice::Jade,
            Some(Side::Crimson) => SideChoice::Crimson,
            None => SideChoice::Random,
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

/// What a moderator asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AdminCommand {
    /// End a game unrated.
    Abort { game: i64 },
    /// Answer in this channel again (`true`) or ignore it (`false`).
    Channel { on: bool },
    /// What is set here.
    Settings,
    /// The clock of new games here: show it (neither given), choose one, or go back to the
    /// configured default (`reset`).
    Time {
        clock: Option<engine::TimeControl>,
        reset: bool,
    },
    /// Games between people here in a thread of their own: show (`None`), turn on or off.
    Threads { on: Option<bool> },
    /// The leaderboard's seasons here: show (neither given), run by month or quarter
    /// (`Some(Some(_))`) or not at all (`Some(None)`), and the rated games that put a player
    /// on a season's leaderboard.
    Season {
        length: Option<Option<store::SeasonLength>>,
        min_games: Option<u32>,
    },
    /// Whether rated games against the bot put players on the leaderboard here: show
    /// (`None`), or let them (`true`) or not (`false`, the default).
    Bots { on: Option<bool> },
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
        /// Unrated: no rating changes.
        casual: bool,
        /// The clock; `None`: the one set for this place.
        time: Option<TimeControl>,
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
    /// `play bot [level] [side] [casual]`.
    PlayBot {
        level: Option<Level>,
        side: SideChoice,
        casual: bool,
        time: Option<TimeControl>,
    },
    /// `move <from> <to>`; `plain` for a bare move typed in the channel (ignored when the
    /// sender has no game there: it may be chat about another game).
    Move {
        mv: MoveText,
        plain: bool,
    },
    Board,
    Moves {
        square: Square,
    },
    /// A piece chosen in a board's menu (only from a platform's menu, never typed).
    Pick {
        game: i64,
        ply: u32,
        from: Square,
    },
    /// A destination's button: a move in game `game`, if it is still at `ply`.
    Go {
        game: i64,
        ply: u32,
        mv: Move,
    },
    /// `resign`; a Resign button first asks to confirm (`confirmed: false`).
    Resign {
        game: Option<i64>,
        confirmed: bool,
    },
    Draw {
        game: Option<i64>,
    },
    /// Ask to take back your last move, or agree to the opponent's asking.
    Takeback {
        game: Option<i64>,
    },
    /// The sender's last game here (or game `game`) again with colours swapped: offered to a
    /// person (or accepted, when they offered first), started at once against the bot.
    Rematch {
        game: Option<i64>,
    },
    Games,
    /// A player's rating and its graph; with `opponent`, the two players' games instead.
    Rating {
        user: Option<String>,
        opponent: Option<String>,
    },
    /// `vs @user`: the sender's games against a player.
    Versus {
        user: String,
    },
    Top {
        global: bool,
        /// Everyone here, not the season's players only.
        all: bool,
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
    /// A finished game judged move by move, with the evaluation graph.
    Analyze {
        game: i64,
    },
    Rules,
    Help,
    /// `lang`: what language the bot speaks here; `lang <code>`: speak this one here (a
    /// moderator's choice, stored for the server or room).
    Lang {
        code: Option<Lang>,
    },
    /// `notify`: whether the sender is mentioned when it is their turn and reminded before a
    /// game ends on time; `notify on|off` sets it.
    Notify {
        on: Option<bool>,
    },
    /// `tournament ...`: show, list, export, and (moderators) announce, start or cancel one.
    Tournament(TournamentCommand),
    /// Join this server's or room's tournament.
    Join,
    /// Leave it: no more pairings; results stay.
    Withdraw,
    /// Moderators' commands.
    Admin(AdminCommand),
}

/// Why a command was not understood. The text tells the user what to type instead; what they
/// typed is shown as [`verbatim`] text, never as markup.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CommandError {
    #[error("I don't know the command {}.", verbatim(.0))]
    Unknown(String),
    /// The usage line, without the prefix (the handler spells it for the platform).
    #[error("Usage: `{0}`")]
    Usage(String),
    #[error("{} is not a side: say jade, crimson or random", verbatim(.0))]
    BadSide(String),
    #[error("{} is not a level: say a number from 1 to 8, or easy, medium or hard", verbatim(.0))]
    BadLevel(String),
    #[error("{} is not a game number (games are numbered like #12)", verbatim(.0))]
    BadGame(String),
    #[error("{} is not a square: squares are a file A-G then a rank 1-9, like G7", verbatim(.0))]
    BadSquare(String),
    #[error("{} is not a move: write the from-square and the to-square, like G7 G6", verbatim(.0))]
    BadMove(String),
    #[error("{} is not a language I speak: say en, zh-CN or zh-TW", verbatim(.0))]
    BadLang(String),
    #[error("{} is not a time control: write minutes+increment like 5+3, or days per move like 3d", verbatim(.0))]
    BadTime(String),
    #[error("{} is out of range: 1 to 180 minutes and 0 to 180 seconds added, or 1 to 14 days", verbatim(.0))]
    TimeRange(String),
}

impl From<ParseSquareError> for CommandError {
    fn from(e: ParseSquareError) -> Self {
        let ParseSquareError::Invalid(text) = e;
        CommandError::BadSquare(text)
    }
}

impl From<ParseMoveError> for CommandError {
    fn from(e: ParseMoveError) -> Self {
        let ParseMoveError::Syntax(text) = e;
        CommandError::BadMove(text)
    }
}

/// What `tournament` was asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentCommand {
    /// The live tournament here (or the last one) and its standings.
    Show,
    /// The tournaments held here.
    History,
    /// A tournament's games.
    Export { id: i64 },
    /// Announce an Arena: how long it runs, its clock, rated or not, and how long until it
    /// begins (`None`: at once).
    Arena {
        length_secs: i64,
        clock: Option<TimeControl>,
        rated: bool,
        delay_secs: Option<i64>,
    },
    /// Announce a Swiss: its rounds, clock, rated or not, and when it begins (`None`: when a
    /// moderator says `tournament start`).
    Swiss {
        rounds: u32,
        clock: Option<TimeControl>,
        rated: bool,
        delay_secs: Option<i64>,
    },
    /// Begin the announced tournament now.
    Start,
    /// Call it off.
    Cancel,
}
