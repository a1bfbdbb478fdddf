//! Button ids, owned in one place: an [`Action`] says what a button does and to which game or
//! challenge; [`Action::id`] writes the id a platform stores with the button and
//! [`Action::parse`] reads it back (also after a restart).

use super::command::Command;
use super::event::{Button, ButtonStyle};
use crate::lang::Lang;

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
}

/// The action words of button ids.
const WORDS: [&str; 7] = [
    "accept", "decline", "cancel", "resign", "draw", "takeback", "resign!",
];

impl Action {
    /// `accept:17`.
    pub fn id(self) -> String {
        let (i, n) = match self {
            Action::Accept(n) => (0, n),
            Action::Decline(n) => (1, n),
            Action::Cancel(n) => (2, n),
            Action::Resign(n) => (3, n),
            Action::Draw(n) => (4, n),
            Action::Takeback(n) => (5, n),
            Action::ConfirmResign(n) => (6, n),
        };
        format!("{}:{n}", WORDS[i])
    }

    /// The action of a button id; `None` for an id no button of ours carries.
    pub fn parse(id: &str) -> Option<Action> {
        let (word, number) = id.split_once(':')?;
        let n: i64 = number.parse().ok().filter(|n| *n > 0)?;
        Some(match WORDS.iter().position(|w| *w == word)? {
            0 => Action::Accept(n),
            1 => Action::Decline(n),
            2 => Action::Cancel(n),
            3 => Action::Resign(n),
            4 => Action::Draw(n),
            5 => Action::Takeback(n),
            _ => Action::ConfirmResign(n),
        })
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
            | Action::ConfirmResign(n) => n,
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
    }
}
