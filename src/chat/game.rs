//! A stored game brought to life: its two seats (a player or the bot) beside its row, and the
//! board view, names and buttons replies need. Everything is read from the row; nothing replays
//! the game.

use crate::lang::{Lang, level_name, outcome_text, side_name, time_left, tr};
use engine::clock::clock_text;
use engine::{BySide, Outcome, Position, Side, TimeControl, WinReason};
use store::{GameRow, GameStatus, PlayerRow, Seated, Store, StoreError};

use super::bot::Level;
use super::buttons;
use super::event::{BoardView, Button, User};

/// The bot owes a move in this game at this ply.
#[derive(Clone, Debug, PartialEq)]
pub struct BotTurn {
    pub game_id: i64,
    pub ply: u32,
    pub position: Position,
    pub level: Level,
    /// Hashes of the game's earlier positions, oldest first (repetitions).
    pub history: Vec<u64>,
    /// On a live clock: by when the bot must move (unix seconds) and the seconds it gains
    /// after the move; its search fits in that.
    pub clock: Option<(i64, u32)>,
    /// The game as the command that made the turn left it (its move committed), so that the
    /// bot's answer need not read it again: the commit's ply guard still refuses the answer
    /// if the game moved on meanwhile.
    pub(crate) game: Option<Box<Game>>,
}

/// Who sits on one side.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Seat {
    Human(PlayerRow),
    Bot(Level),
}

impl Seat {
    /// The player's name, or the bot's in `lang`.
    pub fn name(&self, lang: Lang) -> String {
        match self {
            Seat::Human(p) => p.display_name.clone(),
            Seat::Bot(level) => tr!(lang, "bot-name", level = level_name(lang, *level)),
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

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Game {
    pub row: GameRow,
    pub jade: Seat,
    pub crimson: Seat,
    /// Whether each side's player wants turn mentions (no `notify off`) as the game was read;
    /// false for the bot.
    pub notify: BySide<bool>,
}

impl Game {
    pub fn load(store: &Store, row: GameRow) -> Result<Game, StoreError> {
        let corrupt = |detail: String| StoreError::Corrupt {
            table: "games",
            detail: format!("game {}: {detail}", row.id),
        };
        // Both seats' players, and whether they want turn mentions, in one read.
        let [jade, crimson] = store.player_pair(row.jade_id, row.crimson_id)?;
        let notify = BySide::new(
            jade.as_ref().is_some_and(|s| s.notifies),
            crimson.as_ref().is_some_and(|s| s.notifies),
        );
        let seat = |id: Option<i64>, found: Option<Seated>| -> Result<Seat, StoreError> {
            match (id, row.bot_level) {
                (Some(id), _) => found
                    .map(|s| Seat::Human(s.player))
                    .ok_or_else(|| corrupt(format!("player {id} is missing"))),
                (None, Some(level)) => Ok(Seat::Bot(level)),
                (None, None) => Err(corrupt("a seat has neither player nor bot".into())),
            }
        };
        let jade = seat(row.jade_id, jade)?;
        let crimson = seat(row.crimson_id, crimson)?;
        Ok(Game {
            row,
            jade,
            crimson,
            notify,
        })
    }

    pub fn id(&self) -> i64 {
        self.row.id
    }

    pub fn pos(&self) -> &Position {
        &self.row.position
    }

    pub fn is_active(&self) -> bool {
        self.row.status == GameStatus::Active
    }

    pub fn seat(&self, side: Side) -> &Seat {
        match side {
            Side::Jade => &self.jade,
            Side::Crimson => &self.crimson,
        }
    }

    /// The mention that tells `side` it is their turn: none for the bot, or for a player who
    /// said `notify off`.
    pub fn turn_mention(&self, side: Side) -> Option<User> {
        self.seat(side).user().filter(|_| self.notify[side])
    }

    /// The seat whose turn it is.
    pub fn to_move(&self) -> &Seat {
        self.seat(self.pos().turn())
    }

    /// The side a player sits on, if they play in this game.
    pub fn side_of(&self, player_id: i64) -> Option<Side> {
        Side::ALL.into_iter().find(|&s| self.seat(s).is(player_id))
    }

    /// The players (not the bot), Jade first.
    pub fn users(&self) -> Vec<User> {
        Side::ALL
            .into_iter()
            .filter_map(|s| self.seat(s).user())
            .collect()
    }

    /// The move the bot owes, when it is the bot's turn in an active game.
    pub fn bot_turn(&self) -> Option<BotTurn> {
        match self.to_move() {
            Seat::Bot(level) if self.is_active() => Some(BotTurn {
                game_id: self.id(),
                ply: self.row.ply,
                position: self.row.position,
                level: *level,
                history: self.row.history.clone(),
                clock: match self.row.time_control {
                    TimeControl::Live { increment, .. } => Some((self.row.deadline, increment)),
                    TimeControl::PerMove { .. } => None,
                },
                game: Some(Box::new(self.clone())),
            }),
            _ => None,
        }
    }

    /// `alice as Jade vs bob as Crimson`, and `(casual)` for an unrated game.
    pub fn title(&self, lang: Lang) -> String {
        let (jade, crimson) = (self.jade.name(lang), self.crimson.name(lang));
        if self.is_casual() {
            tr!(lang, "game-title-casual", jade = jade, crimson = crimson)
        } else {
            tr!(lang, "game-title", jade = jade, crimson = crimson)
        }
    }

    /// Unrated from the start (an aborted game is unrated too, but was not casual).
    pub fn is_casual(&self) -> bool {
        !self.row.rated && self.row.status != GameStatus::Aborted
    }

    /// Whether the players see the board turned round: when only Crimson is human.
    pub fn flipped(&self) -> bool {
        matches!((&self.jade, &self.crimson), (Seat::Bot(_), Seat::Human(_)))
    }

    /// The board as this game's players see it.
    pub fn view(&self, lang: Lang, outcome: Option<Outcome>) -> BoardView {
        let flip = self.flipped();
        let last = self.row.last_move();
        BoardView {
            game_id: self.id(),
            position: self.row.position,
            last_move: last.map(|(mv, _)| mv),
            captured: last.and_then(|(_, c)| c),
            selected: None,
            flip,
            jade_name: self.jade.name(lang),
            crimson_name: self.crimson.name(lang),
            result: outcome.map(|o| capitalize(&outcome_text(lang, o))),
            outcome,
            clocks: self.clock_texts(lang, outcome),
            lang,
        }
    }

    /// What each bar shows of the time as of the last move: both clocks in a live game (the
    /// loser's at zero when time ran out); in a correspondence game, the time the side to move
    /// has for it, while the game goes on.
    fn clock_texts(&self, lang: Lang, outcome: Option<Outcome>) -> BySide<Option<String>> {
        let flagged = match outcome {
            Some(Outcome::Win {
                winner,
                reason: WinReason::Timeout,
            }) => Some(winner.other()),
            _ => None,
        };
        if let Some(mut c) = self.row.clocks {
            if let Some(loser) = flagged {
                c[loser] = 0;
            }
            return BySide::new(
                Some(clock_text(c[Side::Jade])),
                Some(clock_text(c[Side::Crimson])),
            );
        }
        let mut shown = BySide::default();
        if self.is_active() && outcome.is_none() {
            let turn = self.row.position.turn();
            shown[turn] = Some(time_left(lang, self.row.deadline - self.row.last_move_at));
        }
        shown
    }

    pub fn buttons(&self, lang: Lang) -> Vec<Button> {
        buttons::game_buttons(lang, self.id())
    }

    /// The menu of the pieces the side to move can move, while a player is to move.
    pub fn picker(&self, lang: Lang) -> Option<Box<super::event::Picker>> {
        (self.is_active() && matches!(self.to_move(), Seat::Human(_)))
            .then(|| super::touch::picker(self, lang))
            .flatten()
            .map(Box::new)
    }

    pub fn button_ids(&self) -> Vec<String> {
        buttons::game_button_ids(self.id())
    }
}

/// A side's name in `lang` (a shorthand for replies).
pub(crate) fn side(lang: Lang, side: Side) -> String {
    side_name(lang, side)
}

/// The text with its first letter in upper case.
pub(crate) fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
