//! The types the store speaks, for every table: what a row holds, in the game's own types, and
//! what a caller passes to create one. The queries (`queries/`) read and write them; the
//! decoders (`decode.rs`) build them from a row of either database.

use engine::{BySide, Level, TimeControl};
use engine::{Move, Outcome, Piece, Position, Side};

// Games.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameStatus {
    Active,
    Finished,
    Aborted,
}

impl GameStatus {
    /// Every status a game can have.
    pub const ALL: [GameStatus; 3] = [
        GameStatus::Active,
        GameStatus::Finished,
        GameStatus::Aborted,
    ];

    /// The status as stored (`active`, `finished`, `aborted`).
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Active => "active",
            GameStatus::Finished => "finished",
            GameStatus::Aborted => "aborted",
        }
    }

    pub(crate) fn parse(s: &str) -> Option<GameStatus> {
        [
            GameStatus::Active,
            GameStatus::Finished,
            GameStatus::Aborted,
        ]
        .into_iter()
        .find(|g| g.as_str() == s)
    }
}

/// A game as stored, in the game's own types.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    pub id: i64,
    pub platform: String,
    pub scope: String,
    pub channel: String,
    pub jade_id: Option<i64>,
    pub crimson_id: Option<i64>,
    /// Set when one side is the bot (the side whose player id is `None`).
    pub bot_level: Option<Level>,
    pub start_position: Position,
    /// The moves played, in order.
    pub moves: Vec<Move>,
    /// What each move captured, beside [`GameRow::moves`].
    pub captures: Vec<Option<Piece>>,
    /// The hash of the position before each move, oldest first (the bot's repetition check).
    pub history: Vec<u64>,
    pub position: Position,
    pub ply: u32,
    pub status: GameStatus,
    /// How a finished game ended (`None` while active and for aborted games).
    pub outcome: Option<Outcome>,
    pub rated: bool,
    /// Who has a draw offer standing.
    pub draw_offer: Option<Side>,
    /// Who has asked to take back a move.
    pub takeback_offer: Option<Side>,
    pub created_at: i64,
    pub last_move_at: i64,
    pub finished_at: Option<i64>,
    pub time_control: TimeControl,
    /// The clocks as of the last move (or the start), for a live game.
    pub clocks: Option<BySide<i64>>,
    /// By when the side to move must move (unix seconds); later, they lose on time.
    pub deadline: i64,
    /// When the player to move is reminded next, if they are.
    pub next_reminder: Option<i64>,
}

impl GameRow {
    /// Whether the side to move has run out of time by `now`.
    pub fn flagged(&self, now: i64) -> bool {
        now > self.deadline
    }

    /// The last move and what it captured.
    pub fn last_move(&self) -> Option<(Move, Option<Piece>)> {
        Some((*self.moves.last()?, self.captures.last().copied().flatten()))
    }
}

/// A game's time as a write leaves it: the clocks, the deadline of the side to move and their
/// next reminder, worked out from the time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    pub clocks: Option<BySide<i64>>,
    pub deadline: i64,
    pub next_reminder: Option<i64>,
}

impl Timing {
    /// A turn beginning at `now` with `clocks` for `turn`, who is reminded only if a person
    /// (`bot`: the bot is to move).
    pub fn turn(
        tc: TimeControl,
        clocks: Option<BySide<i64>>,
        turn: Side,
        now: i64,
        bot: bool,
    ) -> Timing {
        let deadline = tc.deadline(now, clocks.as_ref(), turn);
        Timing {
            clocks,
            deadline,
            next_reminder: if bot {
                None
            } else {
                tc.next_reminder(deadline, now)
            },
        }
    }

    /// The start of a game.
    pub fn start(tc: TimeControl, pos: &Position, now: i64, bot_to_move: bool) -> Timing {
        Timing::turn(tc, tc.start_clocks(), pos.turn(), now, bot_to_move)
    }

    /// After the side to move in `row` moves at `now` (`bot_next`: the bot is to answer).
    pub fn after_move(row: &GameRow, now: i64, bot_next: bool) -> Timing {
        Timing::after(
            row.time_control,
            row.clocks,
            row.last_move_at,
            row.position.turn(),
            now,
            bot_next,
        )
    }

    /// After `mover` moves at `now`, their turn having begun at `since` with `clocks`.
    pub fn after(
        tc: TimeControl,
        clocks: Option<BySide<i64>>,
        since: i64,
        mover: Side,
        now: i64,
        bot_next: bool,
    ) -> Timing {
        let clocks = tc.after_move(clocks, mover, now - since);
        Timing::turn(tc, clocks, mover.other(), now, bot_next)
    }
}

pub struct NewGame<'a> {
    pub platform: &'a str,
    pub scope: &'a str,
    pub channel: &'a str,
    pub jade_id: Option<i64>,
    pub crimson_id: Option<i64>,
    pub bot_level: Option<Level>,
    pub position: &'a Position,
    pub rated: bool,
    pub time_control: TimeControl,
    pub now: i64,
}

/// One move as it is committed: the move, what it took, and the positions around it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Step {
    pub mv: Move,
    pub captured: Option<Piece>,
    /// The position the move was played in (the commit checks the game is still there).
    pub from: Position,
    /// The hash of the position the move was played in.
    pub before: u64,
    /// The position after it.
    pub after: Position,
}

impl Step {
    /// Plays a legal `mv` on `pos`.
    pub fn play(pos: &Position, mv: Move) -> Step {
        let mut after = *pos;
        let captured = after.play_unchecked(mv);
        Step {
            mv,
            captured,
            from: *pos,
            before: pos.hash(),
            after,
        }
    }
}

/// One player's rating change at the end of a rated game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChange {
    pub player_id: i64,
    pub before: i32,
    pub after: i32,
    /// 1, 0.5 or 0.
    pub score: f64,
}

/// How a game ends: finished with an outcome, or aborted (`outcome: None`).
#[derive(Clone, Debug, PartialEq)]
pub struct Finish {
    pub outcome: Option<Outcome>,
    pub changes: Vec<RatingChange>,
}

impl Finish {
    /// Ended before it counted: no result, no rating change.
    pub fn aborted() -> Finish {
        Finish {
            outcome: None,
            changes: Vec::new(),
        }
    }

    pub(crate) fn status(&self) -> GameStatus {
        match self.outcome {
            Some(_) => GameStatus::Finished,
            None => GameStatus::Aborted,
        }
    }
}

// Challenges.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeStatus {
    Open,
    Accepted,
    Declined,
    Cancelled,
    Expired,
}

impl ChallengeStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ChallengeStatus::Open => "open",
            ChallengeStatus::Accepted => "accepted",
            ChallengeStatus::Declined => "declined",
            ChallengeStatus::Cancelled => "cancelled",
            ChallengeStatus::Expired => "expired",
        }
    }

    pub(crate) fn parse(s: &str) -> Option<ChallengeStatus> {
        [
            ChallengeStatus::Open,
            ChallengeStatus::Accepted,
            ChallengeStatus::Declined,
            ChallengeStatus::Cancelled,
            ChallengeStatus::Expired,
        ]
        .into_iter()
        .find(|c| c.as_str() == s)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeRow {
    pub id: i64,
    pub platform: String,
    pub scope: String,
    pub channel: String,
    pub challenger_id: i64,
    /// `None` for an open challenge.
    pub challenged_id: Option<i64>,
    /// The side the challenger asked for; `None`: drawn at random.
    pub side: Option<Side>,
    pub status: ChallengeStatus,
    pub created_at: i64,
    pub expires_at: i64,
    pub game_id: Option<i64>,
    /// Whether the game it starts is rated (`challenge ... casual` is not).
    pub rated: bool,
    pub time_control: TimeControl,
}

pub struct NewChallenge<'a> {
    pub platform: &'a str,
    pub scope: &'a str,
    pub channel: &'a str,
    pub challenger_id: i64,
    pub challenged_id: Option<i64>,
    pub side: Option<Side>,
    pub rated: bool,
    pub time_control: TimeControl,
    pub now: i64,
    pub expires_at: i64,
    /// A rematch: an open challenge from the challenged player to the challenger is the
    /// answer rather than a second offer ([`crate::StoreError::Crossed`]).
    pub answers_theirs: bool,
}

// Players.

/// What every command reads where it was said, in one statement: the language a moderator
/// chose for the server or room, whether the bot answers in the channel, and the sender's
/// player if they have one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrival {
    pub language: Option<String>,
    pub enabled: bool,
    pub sender: Option<PlayerRow>,
}

/// A player in a game's seat, with whether they want turn mentions (no `notify off`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seated {
    pub player: PlayerRow,
    pub notifies: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    pub id: i64,
    pub platform: String,
    pub user_id: String,
    pub display_name: String,
    pub rating: i32,
    pub rated_games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// A leaderboard line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankedPlayer {
    pub rank: u32,
    pub player: PlayerRow,
}

// Leases and claims.

/// A message on a platform: the channel it is in and its id there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveMessage {
    pub channel: String,
    pub message: String,
}

/// A game's own conversation: `thread` (a Discord thread's id, a Matrix thread's root event)
/// in `channel`, open until the game ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameThread {
    pub game_id: i64,
    pub channel: String,
    pub thread: String,
    pub open: bool,
}

/// Who holds a lease, and until when (unix seconds).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lease {
    pub name: String,
    pub owner: String,
    pub acquired_at: i64,
    pub expires_at: i64,
}

/// What asking for a lease gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LeaseGrant {
    /// The caller holds it now (it was free, had expired, or was the caller's already).
    Granted,
    /// Another owner holds it and it has not expired.
    Held(Lease),
}

// Takebacks.

/// Moves taken back once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Takeback {
    /// Who asked.
    pub side: Side,
    /// The game's ply before the takeback.
    pub from_ply: u32,
    /// The moves taken back, in the order they were played.
    pub moves: Vec<Move>,
    pub at: i64,
}

// Rating history and seasons.

/// One rated game in a player's rating history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RatingPoint {
    pub game_id: i64,
    /// When the game ended (Unix seconds).
    pub at: i64,
    pub before: i32,
    pub after: i32,
}

/// Two players' finished games against each other in one server or room, from the first
/// player's view, and the latest of them (newest first).
#[derive(Clone, Debug, PartialEq)]
pub struct HeadToHead {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub latest: Vec<GameRow>,
}

/// How long a server's or room's leaderboard season runs, by the calendar (UTC).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeasonLength {
    Month,
    Quarter,
}

impl SeasonLength {
    /// As stored, and as a moderator types it.
    pub fn code(self) -> &'static str {
        match self {
            SeasonLength::Month => "month",
            SeasonLength::Quarter => "quarter",
        }
    }

    pub fn from_code(code: &str) -> Option<SeasonLength> {
        match code {
            "month" => Some(SeasonLength::Month),
            "quarter" => Some(SeasonLength::Quarter),
            _ => None,
        }
    }
}

/// A line of a season's leaderboard: the rating as it stood at the season's end (or now),
/// and the player's games of the season in that server or room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonLine {
    pub rank: u32,
    pub player: PlayerRow,
    pub rating: i32,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// How a tournament pairs its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentKind {
    /// For a set time, whoever is free plays whoever else is (lichess's Arena).
    Arena,
    /// A set number of rounds, each paired by score.
    Swiss,
}

impl TournamentKind {
    pub fn code(self) -> &'static str {
        match self {
            TournamentKind::Arena => "arena",
            TournamentKind::Swiss => "swiss",
        }
    }

    pub fn from_code(s: &str) -> Option<TournamentKind> {
        match s {
            "arena" => Some(TournamentKind::Arena),
            "swiss" => Some(TournamentKind::Swiss),
            _ => None,
        }
    }
}

/// Where a tournament is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentStatus {
    /// Announced; players join until it starts.
    Pending,
    Running,
    Finished,
    /// Ended by a moderator before its end: no final standings.
    Cancelled,
}

impl TournamentStatus {
    pub fn code(self) -> &'static str {
        match self {
            TournamentStatus::Pending => "pending",
            TournamentStatus::Running => "running",
            TournamentStatus::Finished => "finished",
            TournamentStatus::Cancelled => "cancelled",
        }
    }

    pub fn from_code(s: &str) -> Option<TournamentStatus> {
        [
            TournamentStatus::Pending,
            TournamentStatus::Running,
            TournamentStatus::Finished,
            TournamentStatus::Cancelled,
        ]
        .into_iter()
        .find(|t| t.code() == s)
    }

    /// Pending or running: the one a place can have at a time.
    pub fn is_live(self) -> bool {
        matches!(self, TournamentStatus::Pending | TournamentStatus::Running)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct TournamentRow {
    pub id: i64,
    pub platform: String,
    pub scope: String,
    /// Where it was started: its announcements and games go there.
    pub channel: String,
    pub kind: TournamentKind,
    pub status: TournamentStatus,
    pub rated: bool,
    pub time_control: TimeControl,
    /// Swiss: how many rounds (Arena: 0).
    pub rounds: u32,
    /// Arena: how long it runs (Swiss: 0).
    pub length_secs: i64,
    pub starts_at: i64,
    /// Swiss: the round under way (0 before the first).
    pub round: u32,
    /// Swiss: when the round under way ends, finished or not.
    pub round_deadline: Option<i64>,
    /// How many changes it has had: a change names the step it follows.
    pub step: i64,
    pub created_by: String,
    pub created_at: i64,
    pub finished_at: Option<i64>,
}

impl TournamentRow {
    /// An Arena's end (a Swiss has none set ahead).
    pub fn ends_at(&self) -> i64 {
        self.starts_at.saturating_add(self.length_secs)
    }
}

pub struct NewTournament<'a> {
    pub platform: &'a str,
    pub scope: &'a str,
    pub channel: &'a str,
    pub kind: TournamentKind,
    pub rated: bool,
    pub time_control: TimeControl,
    pub rounds: u32,
    pub length_secs: i64,
    pub starts_at: i64,
    pub created_by: &'a str,
    pub now: i64,
}

/// A player of a tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentPlayer {
    pub player: PlayerRow,
    pub joined_at: i64,
    pub withdrawn: bool,
}

/// A game of a tournament's round, or a bye.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentEntry {
    pub round: u32,
    pub game: Option<GameRow>,
    /// The player who sat the round out with a bye.
    pub bye: Option<i64>,
}

/// One change to a live tournament, made whole or not at all: its new status and round, the
/// games it starts, the byes it gives and the players it withdraws.
pub struct TournamentChange<'a> {
    pub status: TournamentStatus,
    pub round: u32,
    pub round_deadline: Option<i64>,
    pub games: Vec<NewGame<'a>>,
    pub byes: Vec<i64>,
    pub withdraw: Vec<i64>,
    pub now: i64,
}
