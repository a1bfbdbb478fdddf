//! A stored game brought to life: its position, its two seats (a player or the bot), and the
//! board view and names replies need.

use crate::engine::{Move, Outcome, Position, Side};
use crate::store::{GameRow, PlayerRow, Store, StoreError};

use super::bot::Level;
use super::event::{BoardView, Button, ButtonStyle, User};

/// Who sits on one side.
#[derive(Clone, Debug)]
pub(crate) enum Seat {
    Human(PlayerRow),
    Bot(Level),
}

impl Seat {
    pub fn name(&self) -> String {
        match self {
            Seat::Human(p) => p.display_name.clone(),
            Seat::Bot(level) => format!("Jungle bot ({level})"),
        }
    }

    pub fn player(&self) -> Option<&PlayerRow> {
        match self {
            Seat::Human(p) => Some(p),
            Seat::Bot(_) => None,
        }
    }

    pub fn user(&self) -> Option<User> {
        self.player()
            .map(|p| User::new(&p.user_id, &p.display_name))
    }

    pub fn is(&self, player_id: i64) -> bool {
        self.player().is_some_and(|p| p.id == player_id)
    }
}

#[derive(Clone, Debug)]
pub(crate) struct Game {
    pub row: GameRow,
    pub pos: Position,
    pub jade: Seat,
    pub crimson: Seat,
}

impl Game {
    pub fn load(store: &Store, row: GameRow) -> Result<Game, StoreError> {
        let corrupt = |detail: String| StoreError::Corrupt {
            table: "games",
            detail,
        };
        let pos: Position = row
            .position
            .parse()
            .map_err(|e| corrupt(format!("game {}: position: {e}", row.id)))?;
        let level = || -> Result<Level, StoreError> {
            row.bot_level
                .as_deref()
                .and_then(|l| l.parse().ok())
                .ok_or_else(|| {
                    corrupt(format!(
                        "game {}: a seat has neither player nor bot",
                        row.id
                    ))
                })
        };
        let seat = |id: Option<i64>| -> Result<Seat, StoreError> {
            match id {
                Some(id) => store
                    .player(id)?
                    .map(Seat::Human)
                    .ok_or_else(|| corrupt(format!("game {}: player {id} is missing", row.id))),
                None => Ok(Seat::Bot(level()?)),
            }
        };
        let jade = seat(row.jade_id)?;
        let crimson = seat(row.crimson_id)?;
        Ok(Game {
            row,
            pos,
            jade,
            crimson,
        })
    }

    pub fn id(&self) -> i64 {
        self.row.id
    }

    pub fn seat(&self, side: Side) -> &Seat {
        match side {
            Side::Jade => &self.jade,
            Side::Crimson => &self.crimson,
        }
    }

    /// The side a player sits on, if they play in this game.
    pub fn side_of(&self, player_id: i64) -> Option<Side> {
        Side::ALL.into_iter().find(|&s| self.seat(s).is(player_id))
    }

    pub fn bot_side(&self) -> Option<(Side, Level)> {
        Side::ALL.into_iter().find_map(|s| match self.seat(s) {
            Seat::Bot(level) => Some((s, *level)),
            Seat::Human(_) => None,
        })
    }

    pub fn last_move(&self) -> Option<Move> {
        self.row.moves.last().and_then(|m| m.parse().ok())
    }

    /// `alice (Jade) vs bob (Crimson)`.
    pub fn title(&self) -> String {
        format!(
            "{} (Jade) vs {} (Crimson)",
            self.jade.name(),
            self.crimson.name()
        )
    }

    /// Hashes of every position before the current one, oldest first.
    pub fn history(&self) -> Vec<u64> {
        let Ok(mut pos) = self.row.start_position.parse::<Position>() else {
            return Vec::new();
        };
        let mut out = Vec::with_capacity(self.row.moves.len());
        for m in &self.row.moves {
            out.push(pos.hash());
            match m.parse::<Move>() {
                Ok(mv) if pos.play(mv).is_ok() => {}
                _ => break,
            }
        }
        out
    }

    /// What the last move captured, found by replaying the game up to it.
    fn last_capture(&self) -> Option<crate::engine::Piece> {
        let (last, before) = self.row.moves.split_last()?;
        let mut pos: Position = self.row.start_position.parse().ok()?;
        for m in before {
            pos.play(m.parse().ok()?).ok()?;
        }
        pos.piece_at(last.parse::<Move>().ok()?.to)
    }

    /// The board as this game's players see it; flipped when only Crimson is human.
    pub fn view(&self, outcome: Option<Outcome>) -> BoardView {
        let flip = matches!((&self.jade, &self.crimson), (Seat::Bot(_), Seat::Human(_)));
        BoardView {
            game_id: self.id(),
            position: self.pos,
            last_move: self.last_move(),
            captured: self.last_capture(),
            selected: None,
            flip,
            jade_name: self.jade.name(),
            crimson_name: self.crimson.name(),
            result: outcome.map(|o| super::play::capitalize(&o.to_string())),
            outcome,
        }
    }

    pub fn buttons(&self) -> Vec<Button> {
        game_buttons(self.id())
    }

    pub fn button_ids(&self) -> Vec<String> {
        game_button_ids(self.id())
    }
}

/// The buttons under a board of game `id`.
pub(crate) fn game_buttons(id: i64) -> Vec<Button> {
    vec![
        Button {
            id: format!("resign:{id}"),
            label: "Resign".into(),
            style: ButtonStyle::Danger,
        },
        Button {
            id: format!("draw:{id}"),
            label: "Offer draw".into(),
            style: ButtonStyle::Secondary,
        },
    ]
}

/// The ids of [`game_buttons`].
pub(crate) fn game_button_ids(id: i64) -> Vec<String> {
    game_buttons(id).into_iter().map(|b| b.id).collect()
}

/// `jade`, `crimson` or `draw`, as stored.
pub(crate) fn result_code(outcome: Outcome) -> &'static str {
    match outcome.winner() {
        Some(Side::Jade) => "jade",
        Some(Side::Crimson) => "crimson",
        None => "draw",
    }
}

pub(crate) fn side_code(side: Side) -> &'static str {
    match side {
        Side::Jade => "jade",
        Side::Crimson => "crimson",
    }
}

/// The stored reason code of an outcome.
pub(crate) fn reason_code(outcome: Outcome) -> &'static str {
    use crate::engine::{DrawReason, WinReason};
    match outcome {
        Outcome::Win { reason, .. } => match reason {
            WinReason::Den => "den",
            WinReason::AllCaptured => "all_captured",
            WinReason::NoMoves => "no_moves",
            WinReason::Resignation => "resignation",
            WinReason::Timeout => "timeout",
        },
        Outcome::Draw { reason } => match reason {
            DrawReason::NoCaptureLimit => "no_capture_limit",
            DrawReason::Agreement => "agreement",
        },
    }
}

/// The outcome of a finished game from its stored result and reason codes.
pub(crate) fn stored_outcome(result: Option<&str>, reason: Option<&str>) -> Option<Outcome> {
    use crate::engine::{DrawReason, WinReason};
    let winner = match result? {
        "jade" => Some(Side::Jade),
        "crimson" => Some(Side::Crimson),
        "draw" => None,
        _ => return None,
    };
    Some(match (winner, reason?) {
        (Some(winner), r) => Outcome::Win {
            winner,
            reason: match r {
                "den" => WinReason::Den,
                "all_captured" => WinReason::AllCaptured,
                "no_moves" => WinReason::NoMoves,
                "resignation" => WinReason::Resignation,
                "timeout" => WinReason::Timeout,
                _ => return None,
            },
        },
        (None, "agreement") => Outcome::Draw {
            reason: DrawReason::Agreement,
        },
        (None, "no_capture_limit") => Outcome::Draw {
            reason: DrawReason::NoCaptureLimit,
        },
        _ => return None,
    })
}
