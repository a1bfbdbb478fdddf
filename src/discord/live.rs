//! Which item a message's controls belong to, so that only the newest message of each keeps
//! them: `game:N` (a game's board: its menu and buttons), `offer:N` (a draw or takeback offer
//! in game N) and `challenge:N`. The store keeps each item's message; a new board takes the
//! board's controls over and ends the game's offer, an ended game or challenge loses them.

use serenity::all::{ActionRowComponent, ButtonKind, Message};

use chat::{Action, Reply};

/// The custom ids of a message's controls (its select menu's and its buttons'), in order.
pub fn ids_of(message: &Message) -> Vec<String> {
    message
        .components
        .iter()
        .flat_map(|row| &row.components)
        .filter_map(|c| match c {
            ActionRowComponent::Button(b) => match &b.data {
                ButtonKind::NonLink { custom_id, .. } => Some(custom_id.clone()),
                ButtonKind::Link { .. } | ButtonKind::Premium { .. } => None,
            },
            ActionRowComponent::SelectMenu(m) => m.custom_id.clone(),
            _ => None,
        })
        .collect()
}

/// The replies of one answer with only the last of each item keeping its controls: a move
/// against the bot answers with two boards, and the first is not the newest when it arrives.
pub fn newest_only(replies: &[Reply]) -> Vec<Reply> {
    let items: Vec<Option<String>> = replies.iter().map(item_of).collect();
    replies
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let later = items[i]
                .as_ref()
                .is_some_and(|item| items[i + 1..].iter().flatten().any(|l| l == item));
            if later {
                Reply {
                    buttons: Vec::new(),
                    picker: None,
                    ..r.clone()
                }
            } else {
                r.clone()
            }
        })
        .collect()
}

/// The item of controls with these ids, read from the first id that is ours.
pub fn item_of_ids<'a>(ids: impl IntoIterator<Item = &'a str>, board: bool) -> Option<String> {
    let mut offer = None;
    for id in ids {
        match Action::parse(id)? {
            Action::Accept(n) | Action::Decline(n) | Action::Cancel(n) => {
                return Some(format!("challenge:{n}"));
            }
            Action::Resign(n) | Action::Pick { game: n, .. } => return Some(format!("game:{n}")),
            Action::Draw(n) | Action::Takeback(n) if board => return Some(format!("game:{n}")),
            Action::Draw(n) | Action::Takeback(n) => offer = Some(format!("offer:{n}")),
            // A confirmation or a piece's destinations: private, never an item. A rematch is
            // offered under the last board for as long as the message stays.
            Action::ConfirmResign(_) | Action::Go { .. } | Action::Rematch(_) => return None,
        }
    }
    offer
}

/// The item a public reply's controls belong to (`None` for a private reply or none).
pub fn item_of(reply: &Reply) -> Option<String> {
    if reply.private {
        return None;
    }
    let picked = reply
        .picker
        .as_ref()
        .map(|p| chat::Picker::chosen(&p.id, "A1"));
    let ids = picked
        .iter()
        .map(String::as_str)
        .chain(reply.buttons.iter().map(|b| b.id.as_str()));
    item_of_ids(ids, reply.board.is_some())
}

/// The items whose controls go when these button ids are retired (a game over, a challenge
/// closed): a game's board and its offer, or the challenge.
pub fn retired_items(ids: &[String]) -> Vec<String> {
    let mut items: Vec<String> = ids
        .iter()
        .filter_map(|id| Action::parse(id))
        .flat_map(|a| match a {
            Action::Accept(n) | Action::Decline(n) | Action::Cancel(n) => {
                vec![format!("challenge:{n}")]
            }
            other => {
                let n = other.number();
                vec![format!("game:{n}"), format!("offer:{n}")]
            }
        })
        .collect();
    items.sort();
    items.dedup();
    items
}

/// When `item` is a game's board, the game's offer item (a new board ends it).
pub fn offer_of(item: &str) -> Option<String> {
    item.strip_prefix("game:").map(|n| format!("offer:{n}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chat::{Button, ButtonStyle, Picker};

    fn button(id: &str) -> Button {
        Button {
            id: id.into(),
            label: id.into(),
            style: ButtonStyle::Secondary,
        }
    }

    #[test]
    fn items_of_replies_and_retired_ids() {
        let board = Reply {
            board: Some(chat::BoardView::example()),
            buttons: vec![button("resign:3"), button("draw:3"), button("takeback:3")],
            picker: Some(Box::new(Picker {
                id: "pick:3:0".into(),
                placeholder: String::new(),
                choices: Vec::new(),
            })),
            ..Reply::default()
        };
        assert_eq!(item_of(&board).as_deref(), Some("game:3"));
        let offer = Reply {
            buttons: vec![button("draw:3")],
            ..Reply::default()
        };
        assert_eq!(item_of(&offer).as_deref(), Some("offer:3"));
        let challenge = Reply {
            buttons: vec![button("accept:9"), button("decline:9")],
            ..Reply::default()
        };
        assert_eq!(item_of(&challenge).as_deref(), Some("challenge:9"));
        let private = Reply {
            private: true,
            ..board.clone()
        };
        assert_eq!(item_of(&private), None);
        let confirm = Reply {
            buttons: vec![button("resign!:3")],
            ..Reply::default()
        };
        assert_eq!(item_of(&confirm), None);
        assert_eq!(item_of(&Reply::text("hi")), None);
        assert_eq!(
            item_of(&Reply {
                buttons: vec![button("forged")],
                ..Reply::default()
            }),
            None
        );
        assert_eq!(
            retired_items(&["resign:3".into(), "draw:3".into(), "accept:9".into()]),
            ["challenge:9", "game:3", "offer:3"]
        );
        assert_eq!(offer_of("game:3").as_deref(), Some("offer:3"));
        let later = Reply {
            text: "later".into(),
            ..board.clone()
        };
        let kept = newest_only(&[board.clone(), challenge.clone(), later]);
        assert!(kept[0].buttons.is_empty() && kept[0].picker.is_none());
        assert_eq!(kept[1].buttons.len(), 2, "another item keeps its buttons");
        assert_eq!(kept[2].buttons.len(), 3);
        assert!(kept[2].picker.is_some(), "the newest board keeps its menu");
        assert_eq!(offer_of("challenge:3"), None);
    }
}
