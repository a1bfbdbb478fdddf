//! Button ids, owned in one place: an [`Action`] says what a button does and to which game or
//! challenge; [`Action::id`] writes the id a platform stores with the button and
//! [`Action::parse`] reads it back (also after a restart).

use super::command::Command;
use super::event::{Button, ButtonStyle};
use crate::lang::Lang;
use engine::{Move, Square};

/// What a button does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Accept(i64),
    Decline(i64),
    Cancel(i64),
    /// Asks to confirm (Discord's one press should not end a game).
    Resign(i64),
    Draw(i64),
    Takeback(i64),
    /// Resigns: the button of the confirmation.
    ConfirmResign(i64),
    /// A piece chosen in the board's menu: its destinations, privately. `ply` is the position
    /// the board showed, so a choice on an older board is refused.
    Pick {
        game: i64,
        ply: u32,
        from: Square,
    },
    /// A destination's button: plays the move, if the game is still at `ply`.
    Go {
        game: i64,
        ply: u32,
        mv: Move,
    },
    /// After a game between people: the same game again, colours swapped.
    Rematch(i64),
}

/// The action words of button ids.
const WORDS: [&str; 8] = [
    "accept", "decline", "cancel", "resign", "draw", "takeback", "resign!", "rematch",
];

impl Action {
    /// `accept:17`; `pick:17:4:G9`; `go:17:4:G9G8`.
    pub fn id(self) -> String {
        let (i, n) = match self {
            Action::Pick { game, ply, from } => return format!("pick:{game}:{ply}:{from}"),
            Action::Go { game, ply, mv } => {
                return format!("go:{game}:{ply}:{}{}", mv.from, mv.to);
            }
            Action::Accept(n) => (0, n),
            Action::Decline(n) => (1, n),
            Action::Cancel(n) => (2, n),
            Action::Resign(n) => (3, n),
            Action::Draw(n) => (4, n),
            Action::Takeback(n) => (5, n),
            Action::ConfirmResign(n) => (6, n),
            Action::Rematch(n) => (7, n),
        };
        format!("{}:{n}", WORDS[i])
    }

    /// The picker id of a game's board at `ply` (a choice appends its square).
    pub fn picker_id(game: i64, ply: u32) -> String {
        format!("pick:{game}:{ply}")
    }

    /// The action of a button id; `None` for an id no button of ours carries.
    pub fn parse(id: &str) -> Option<Action> {
        if let Some(rest) = id.strip_prefix("pick:") {
            let (game, ply, from) = game_ply_rest(rest)?;
            return Some(Action::Pick {
                game,
                ply,
                from: from.parse().ok()?,
            });
        }
        if let Some(rest) = id.strip_prefix("go:") {
            let (game, ply, mv) = game_ply_rest(rest)?;
            // Two squares written together: `G9G8`.
            let split = mv.char_indices().nth(2).map(|(i, _)| i)?;
            let (from, to) = mv.split_at(split);
            return Some(Action::Go {
                game,
                ply,
                mv: Move::new(from.parse().ok()?, to.parse().ok()?),
            });
        }
        let (word, number) = id.split_once(':')?;
        let n: i64 = number.parse().ok().filter(|n| *n > 0)?;
        Some(match WORDS.iter().position(|w| *w == word)? {
            0 => Action::Accept(n),
            1 => Action::Decline(n),
            2 => Action::Cancel(n),
            3 => Action::Resign(n),
            4 => Action::Draw(n),
            5 => Action::Takeback(n),
            6 => Action::ConfirmResign(n),
            _ => Action::Rematch(n),
        })
    }

    /// The game the action is about (a challenge's actions have none yet).
    pub fn game(self) -> Option<i64> {
        match self {
            Action::Accept(_) | Action::Decline(_) | Action::Cancel(_) => None,
            Action::Resign(n)
            | Action::Draw(n)
            | Action::Takeback(n)
            | Action::ConfirmResign(n)
            | Action::Rematch(n) => Some(n),
            Action::Pick { game, .. } | Action::Go { game, .. } => Some(game),
        }
    }

    /// The command pressing it gives.
    pub fn command(self) -> Command {
        match self {
            Action::Accept(n) => Command::Accept {
                challenge: Some(n),
                from: None,
            },
            Action::Decline(n) => Command::Decline {
                challenge: Some(n),
                from: None,
            },
            Action::Cancel(n) => Command::Cancel { challenge: Some(n) },
            Action::Resign(n) => Command::Resign {
                game: Some(n),
                confirmed: false,
            },
            Action::ConfirmResign(n) => Command::Resign {
                game: Some(n),
                confirmed: true,
            },
            Action::Draw(n) => Command::Draw { game: Some(n) },
            Action::Takeback(n) => Command::Takeback { game: Some(n) },
            Action::Pick { game, ply, from } => Command::Pick { game, ply, from },
            Action::Go { game, ply, mv } => Command::Go { game, ply, mv },
            Action::Rematch(n) => Command::Rematch { game: Some(n) },
        }
    }

    /// The game or challenge it acts on.
    pub fn number(self) -> i64 {
        match self {
            Action::Accept(n)
            | Action::Decline(n)
            | Action::Cancel(n)
            | Action::Resign(n)
            | Action::Draw(n)
            | Action::Takeback(n)
            | Action::ConfirmResign(n)
            | Action::Rematch(n) => n,
            Action::Pick { game, .. } | Action::Go { game, .. } => game,
        }
    }

    /// The button, labelled with the message `label` in `lang`.
    pub(crate) fn button(self, lang: Lang, label: &str, style: ButtonStyle) -> Button {
        Button {
            id: self.id(),
            label: lang.tr(label, &[]),
            style,
        }
    }
}

/// `game:ply:rest` of a picker or destination id, with positive numbers.
fn game_ply_rest(text: &str) -> Option<(i64, u32, &str)> {
    let mut parts = text.splitn(3, ':');
    let game: i64 = parts.next()?.parse().ok().filter(|n| *n > 0)?;
    let ply: u32 = parts.next()?.parse().ok()?;
    Some((game, ply, parts.next()?))
}

/// The buttons under a challenge.
pub fn challenge_buttons(lang: Lang, id: i64) -> Vec<Button> {
    vec![
        Action::Accept(id).button(lang, "button-accept", ButtonStyle::Primary),
        Action::Decline(id).button(lang, "button-decline", ButtonStyle::Secondary),
    ]
}

/// The ids of [`challenge_buttons`], to retire them.
pub fn challenge_button_ids(id: i64) -> Vec<String> {
    challenge_buttons(Lang::En, id)
        .into_iter()
        .map(|b| b.id)
        .collect()
}

/// The buttons under a game's board.
pub fn game_buttons(lang: Lang, id: i64) -> Vec<Button> {
    vec![
        Action::Resign(id).button(lang, "button-resign", ButtonStyle::Danger),
        Action::Draw(id).button(lang, "button-offer-draw", ButtonStyle::Secondary),
        Action::Takeback(id).button(lang, "button-take-back", ButtonStyle::Secondary),
    ]
}

/// The ids of [`game_buttons`] and of the buttons under a game's requests, to retire them.
pub fn game_button_ids(id: i64) -> Vec<String> {
    game_buttons(Lang::En, id)
        .into_iter()
        .map(|b| b.id)
        .chain([Action::ConfirmResign(id).id()])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_strangers_are_refused() {
        for a in [
            Action::Accept(17),
            Action::Decline(1),
            Action::Cancel(2),
            Action::Resign(3),
            Action::Draw(i64::MAX),
            Action::Takeback(4),
            Action::ConfirmResign(5),
            Action::Pick {
                game: 7,
                ply: 0,
                from: "G9".parse().unwrap(),
            },
            Action::Go {
                game: 7,
                ply: 31,
                mv: "C3 C7".parse().unwrap(),
            },
        ] {
            assert_eq!(Action::parse(&a.id()), Some(a));
        }
        assert_eq!(Action::Accept(17).id(), "accept:17");
        for bad in [
            "resign:x",
            "explode:1",
            "x",
            "",
            "draw:",
            "draw:-1",
            "draw:0",
            ":3",
            "pick:1:2",
            "pick:1:2:Z9",
            "pick:0:2:A1",
            "pick:1:-2:A1",
            "go:1:2:A1",
            "go:1:2:A1A",
            "go:1:2:A1A2A3",
            "go:1:2:é1A2",
            "go:x:2:A1A2",
        ] {
            assert_eq!(Action::parse(bad), None, "{bad}");
        }
        assert_eq!(
            Action::parse("resign:3").map(Action::command),
            Some(Command::Resign {
                game: Some(3),
                confirmed: false
            })
        );
        assert_eq!(Action::ConfirmResign(3).id(), "resign!:3");
        assert_eq!(
            Action::parse(&super::super::event::Picker::chosen(
                &Action::picker_id(12, 4),
                "G9"
            )),
            Some(Action::Pick {
                game: 12,
                ply: 4,
                from: "G9".parse().unwrap()
            })
        );
        assert_eq!(
            Action::parse("go:12:4:G9G8").map(Action::id).as_deref(),
            Some("go:12:4:G9G8")
        );
    }
}
