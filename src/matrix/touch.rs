//! Moves by reaction. The player to move reacts to the newest board of their game with an
//! animal (🐯); the bot answers, replying to that board, with the piece's destinations and
//! reacts to its answer with one arrow per way the piece can go; the player's arrow plays the
//! move, and the bot redacts its answer. A reaction by anyone else, on an older board or answer,
//! or with another key, is ignored without a word. What is remembered here lives in memory:
//! after a restart the next board takes reactions again (typed moves work throughout).

use std::collections::HashMap;
use std::sync::Mutex;

use matrix_sdk::ruma::{EventId, OwnedEventId, OwnedRoomId, RoomId};

use chat::sync::lock;
use chat::{Action, Dir, Picker, Reply, Step};

/// The newest board of one game: its events (notice and image) and its menu of pieces.
struct Board {
    room: OwnedRoomId,
    events: Vec<OwnedEventId>,
    picker: Picker,
}

/// The bot's answer to a piece picked: its events, who may answer it and with what.
#[derive(Clone, Debug)]
pub struct Prompt {
    pub room: OwnedRoomId,
    pub game: i64,
    pub events: Vec<OwnedEventId>,
    pub player: String,
    goes: Vec<(Dir, String)>,
}

/// What a reaction asks of the chat layer: the id of the choice or the press it stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Touch {
    /// An animal on a board: the piece's choice in the board's menu.
    Pick { id: String, board: OwnedEventId },
    /// An arrow on an answer: its destination's button.
    Go { id: String, prompt: OwnedEventId },
}

#[derive(Default)]
struct State {
    boards: HashMap<i64, Board>,
    prompts: HashMap<OwnedEventId, Prompt>,
}

/// The boards and answers reactions apply to.
#[derive(Default)]
pub struct Touches {
    state: Mutex<State>,
}

/// The game a board's menu belongs to.
fn game_of(picker: &Picker) -> Option<i64> {
    match Action::parse(&Picker::chosen(&picker.id, "A1"))? {
        Action::Pick { game, .. } => Some(game),
        _ => None,
    }
}

impl Touches {
    /// A public reply went out as `events`. A board with a menu for a new position becomes
    /// its game's newest (the one before it takes no reactions); another board of the same
    /// position (`board`) takes them too; the last board of an ended game ends its game's.
    /// A board without a menu otherwise (`moves G7`, a spectator's `board`, the bot to move)
    /// changes nothing. Returns the answers that no longer apply, for redaction.
    pub fn sent(&self, room: &RoomId, reply: &Reply, events: Vec<OwnedEventId>) -> Vec<Prompt> {
        let Some(view) = reply.board.as_ref().filter(|_| !reply.private) else {
            return Vec::new();
        };
        let game = view.game_id;
        let mut state = lock(&self.state);
        match reply.picker.as_deref() {
            Some(picker) if game_of(picker) == Some(game) => {
                if let Some(same) = state
                    .boards
                    .get_mut(&game)
                    .filter(|b| b.picker.id == picker.id && b.room == room)
                {
                    same.events.extend(events);
                    return Vec::new();
                }
                let board = Board {
                    room: room.to_owned(),
                    events,
                    picker: picker.clone(),
                };
                state.boards.insert(game, board);
            }
            _ if view.outcome.is_some() => {
                state.boards.remove(&game);
            }
            _ => return Vec::new(),
        }
        let stale: Vec<OwnedEventId> = state
            .prompts
            .iter()
            .filter(|(_, p)| p.game == game)
            .map(|(id, _)| id.clone())
            .collect();
        stale
            .iter()
            .filter_map(|id| state.prompts.remove(id))
            .collect()
    }

    /// What a reaction by `sender` with `key` on `target` in `room` stands for, if anything.
    pub fn reaction(
        &self,
        room: &RoomId,
        target: &EventId,
        key: &str,
        sender: &str,
    ) -> Option<Touch> {
        let state = lock(&self.state);
        if let Some(prompt) = state.prompts.get(target) {
            if prompt.room != room || prompt.player != sender {
                return None;
            }
            let dir = Dir::of_arrow(key)?;
            let (_, id) = prompt.goes.iter().find(|(d, _)| *d == dir)?;
            return Some(Touch::Go {
                id: id.clone(),
                prompt: target.to_owned(),
            });
        }
        let board = state
            .boards
            .values()
            .find(|b| b.room == room && b.events.iter().any(|e| e == target))?;
        let animal = chat::animal_of_emoji(key)?;
        let wanted = chat::animal_emoji(animal);
        let choice = board
            .picker
            .choices
            .iter()
            .find(|c| c.emoji.as_deref() == Some(wanted))?;
        Some(Touch::Pick {
            id: Picker::chosen(&board.picker.id, &choice.value),
            board: target.to_owned(),
        })
    }

    /// The arrows of the answer to a pick, with the presses they stand for: one per
    /// destination, in the board's directions. Empty when the reply is not such an answer.
    pub fn arrows(reply: &Reply) -> Vec<(Dir, String)> {
        let Some(view) = reply.board.as_ref() else {
            return Vec::new();
        };
        reply
            .buttons
            .iter()
            .filter_map(|b| match Action::parse(&b.id)? {
                Action::Go { mv, .. } => {
                    let step = Step::of(&view.position, mv, view.flip)?;
                    Some((step.dir, b.id.clone()))
                }
                _ => None,
            })
            .collect()
    }

    /// Remembers the answer sent to `player` as `events`, which `goes` play.
    pub fn prompted(
        &self,
        room: &RoomId,
        game: i64,
        player: &str,
        events: Vec<OwnedEventId>,
        goes: Vec<(Dir, String)>,
    ) {
        let Some(first) = events.first().cloned() else {
            return;
        };
        let prompt = Prompt {
            room: room.to_owned(),
            game,
            events,
            player: player.to_string(),
            goes,
        };
        lock(&self.state).prompts.insert(first, prompt);
    }

    /// Forgets an answer (its arrow was used), returning it for redaction.
    pub fn take_prompt(&self, event: &EventId) -> Option<Prompt> {
        lock(&self.state).prompts.remove(event)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chat::{BoardView, Button, ButtonStyle, Choice};
    use matrix_sdk::ruma::{event_id, room_id};

    fn board_reply(game: i64, ply: u32) -> Reply {
        Reply {
            board: Some(BoardView {
                game_id: game,
                ..BoardView::example()
            }),
            picker: Some(Box::new(Picker {
                id: Action::picker_id(game, ply),
                placeholder: String::new(),
                choices: vec![Choice {
                    value: "G7".into(),
                    label: "Rat G7".into(),
                    emoji: Some("🐭".into()),
                }],
            })),
            ..Reply::default()
        }
    }

    #[test]
    fn only_the_newest_board_and_its_players_answer_count() {
        let t = Touches::default();
        let room = room_id!("!r:localhost");
        let (old, new) = (event_id!("$old"), event_id!("$new"));
        t.sent(room, &board_reply(1, 0), vec![old.to_owned()]);
        t.sent(room, &board_reply(1, 1), vec![new.to_owned()]);
        assert_eq!(
            t.reaction(room, old, "🐭", "@a:localhost"),
            None,
            "an old board"
        );
        assert_eq!(
            t.reaction(room, new, "🐀", "@a:localhost"),
            Some(Touch::Pick {
                id: "pick:1:1:G7".into(),
                board: new.to_owned()
            })
        );
        assert_eq!(
            t.reaction(room, new, "🐯", "@a:localhost"),
            None,
            "no tiger to move"
        );
        assert_eq!(t.reaction(room, new, "👍", "@a:localhost"), None);
        assert_eq!(
            t.reaction(room_id!("!other:localhost"), new, "🐭", "@a:localhost"),
            None
        );

        // The answer's arrows, from its buttons, in the board's directions.
        let mv = "G7 G6".parse().unwrap();
        let answer = Reply {
            board: Some(BoardView {
                game_id: 1,
                ..BoardView::example()
            }),
            buttons: vec![Button {
                id: Action::Go {
                    game: 1,
                    ply: 1,
                    mv,
                }
                .id(),
                label: "G6".into(),
                style: ButtonStyle::Primary,
            }],
            private: true,
            ..Reply::default()
        };
        let goes = Touches::arrows(&answer);
        assert_eq!(goes.len(), 1);
        assert_eq!(goes[0].0, Dir::Up);
        let prompt = event_id!("$prompt");
        t.prompted(room, 1, "@a:localhost", vec![prompt.to_owned()], goes);
        assert_eq!(
            t.reaction(room, prompt, "⬆️", "@b:localhost"),
            None,
            "not the player's"
        );
        assert_eq!(
            t.reaction(room, prompt, "⬇️", "@a:localhost"),
            None,
            "no such way"
        );
        assert!(matches!(
            t.reaction(room, prompt, "\u{2B06}", "@a:localhost"),
            Some(Touch::Go { .. })
        ));
        // The next board of the game makes the answer stale.
        let stale = t.sent(
            room,
            &board_reply(1, 2),
            vec![event_id!("$next").to_owned()],
        );
        assert_eq!(stale.len(), 1);
        assert_eq!(t.reaction(room, prompt, "⬆️", "@a:localhost"), None);
        // A board of the same position takes reactions too; a board without a menu that does
        // not end the game (`moves G7`) changes nothing.
        t.sent(
            room,
            &board_reply(1, 2),
            vec![event_id!("$again").to_owned()],
        );
        let moves = Reply {
            picker: None,
            ..board_reply(1, 2)
        };
        t.sent(room, &moves, vec![event_id!("$moves").to_owned()]);
        for board in [event_id!("$next"), event_id!("$again")] {
            assert!(t.reaction(room, board, "🐭", "@a:localhost").is_some());
        }
        assert_eq!(
            t.reaction(room, event_id!("$moves"), "🐭", "@a:localhost"),
            None
        );
        // The last board of an ended game ends the game's reactions.
        let mut over = Reply {
            picker: None,
            ..board_reply(1, 3)
        };
        if let Some(view) = over.board.as_mut() {
            view.outcome = Some(engine::Outcome::Draw {
                reason: engine::DrawReason::Agreement,
            });
        }
        t.sent(room, &over, vec![event_id!("$over").to_owned()]);
        assert_eq!(
            t.reaction(room, event_id!("$next"), "🐭", "@a:localhost"),
            None
        );
    }
}
