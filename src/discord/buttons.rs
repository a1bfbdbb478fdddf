//! Which posted messages carry which buttons, so that buttons the chat layer retires (game
//! over, challenge closed) can be disabled on every message this process knows about.
//! After a restart the book is empty; a press on an old message still works, because the
//! press carries its message and its buttons' ids carry the game.

use std::collections::HashMap;

use serenity::all::{
    ActionRowComponent, ButtonKind, ButtonStyle as DiscordStyle, ChannelId, CreateActionRow,
    Message, MessageId,
};

use chat::{Button, ButtonStyle};

use super::message::button_rows;

/// A message with buttons, as last sent.
#[derive(Clone, Debug)]
struct Posted {
    channel: ChannelId,
    buttons: Vec<Button>,
    disabled: Vec<String>,
}

/// An edit to make: these components on that message.
#[derive(Clone, Debug)]
pub struct Edit {
    pub channel: ChannelId,
    pub message: MessageId,
    pub rows: Vec<CreateActionRow>,
}

/// The book of live buttons; at most [`ButtonBook::CAPACITY`] messages, oldest forgotten first.
#[derive(Debug, Default)]
pub struct ButtonBook {
    messages: HashMap<MessageId, Posted>,
}

impl ButtonBook {
    /// Beyond this, the oldest messages are forgotten (their buttons then stay until pressed).
    pub const CAPACITY: usize = 10_000;

    /// Notes a message that was sent with buttons.
    pub fn record(&mut self, channel: ChannelId, message: MessageId, buttons: &[Button]) {
        if buttons.is_empty() {
            return;
        }
        if self.messages.len() >= Self::CAPACITY
            && let Some(oldest) = self.messages.keys().min().copied()
        {
            self.messages.remove(&oldest);
        }
        self.messages.insert(
            message,
            Posted {
                channel,
                buttons: buttons.to_vec(),
                disabled: Vec::new(),
            },
        );
    }

    /// Notes a message seen in a button press (e.g. one sent before a restart).
    pub fn record_seen(&mut self, message: &Message) {
        if self.messages.contains_key(&message.id) {
            return;
        }
        let (buttons, disabled) = buttons_of(message);
        self.record(message.channel_id, message.id, &buttons);
        if let Some(p) = self.messages.get_mut(&message.id) {
            p.disabled = disabled;
        }
    }

    /// Forgets a message (its components are being removed).
    pub fn forget(&mut self, message: MessageId) {
        self.messages.remove(&message);
    }

    /// Disables these button ids wherever they are known; returns the edits to make.
    pub fn retire(&mut self, ids: &[String]) -> Vec<Edit> {
        if ids.is_empty() {
            return Vec::new();
        }
        let mut edits = Vec::new();
        let mut done = Vec::new();
        for (&id, posted) in &mut self.messages {
            let newly: Vec<String> = posted
                .buttons
                .iter()
                .map(|b| b.id.clone())
                .filter(|b| ids.contains(b) && !posted.disabled.contains(b))
                .collect();
            if newly.is_empty() {
                continue;
            }
            posted.disabled.extend(newly);
            edits.push(Edit {
                channel: posted.channel,
                message: id,
                rows: button_rows(&posted.buttons, |b| posted.disabled.iter().any(|d| d == b)),
            });
            if posted
                .buttons
                .iter()
                .all(|b| posted.disabled.contains(&b.id))
            {
                done.push(id);
            }
        }
        for id in done {
            self.messages.remove(&id);
        }
        edits.sort_by_key(|e| e.message);
        edits
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.messages.len()
    }
}

/// The buttons on a received message (with custom ids), and the ids of those already disabled.
pub fn buttons_of(message: &Message) -> (Vec<Button>, Vec<String>) {
    let mut buttons = Vec::new();
    let mut disabled = Vec::new();
    for row in &message.components {
        for c in &row.components {
            let ActionRowComponent::Button(b) = c else {
                continue;
            };
            let ButtonKind::NonLink { custom_id, style } = &b.data else {
                continue;
            };
            buttons.push(Button {
                id: custom_id.clone(),
                label: b.label.clone().unwrap_or_default(),
                style: match style {
                    DiscordStyle::Primary => ButtonStyle::Primary,
                    DiscordStyle::Danger => ButtonStyle::Danger,
                    _ => ButtonStyle::Secondary,
                },
            });
            if b.disabled {
                disabled.push(custom_id.clone());
            }
        }
    }
    (buttons, disabled)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn buttons(game: i64) -> Vec<Button> {
        vec![
            Button {
                id: format!("resign:{game}"),
                label: "Resign".into(),
                style: ButtonStyle::Danger,
            },
            Button {
                id: format!("draw:{game}"),
                label: "Offer draw".into(),
                style: ButtonStyle::Secondary,
            },
        ]
    }

    #[test]
    fn retiring_edits_every_message_with_those_buttons_once() {
        let mut book = ButtonBook::default();
        let ch = ChannelId::new(5);
        book.record(ch, MessageId::new(10), &buttons(1));
        book.record(ch, MessageId::new(11), &buttons(1));
        book.record(ch, MessageId::new(12), &buttons(2));
        book.record(ch, MessageId::new(13), &[]);
        assert_eq!(book.len(), 3);
        let edits = book.retire(&["resign:1".into(), "draw:1".into()]);
        assert_eq!(
            edits.iter().map(|e| e.message.get()).collect::<Vec<_>>(),
            [10, 11]
        );
        let json = serde_json::to_value(&edits[0].rows).unwrap();
        assert_eq!(json[0]["components"][0]["disabled"], true);
        assert_eq!(json[0]["components"][1]["disabled"], true);
        assert_eq!(book.len(), 1, "fully retired messages are forgotten");
        assert!(book.retire(&["resign:1".into()]).is_empty());
        let partial = book.retire(&["draw:2".into()]);
        assert_eq!(partial.len(), 1);
        let json = serde_json::to_value(&partial[0].rows).unwrap();
        assert_eq!(json[0]["components"][0]["disabled"], false);
        assert_eq!(json[0]["components"][1]["disabled"], true);
        assert_eq!(book.len(), 1);
    }

    #[test]
    fn buttons_are_read_back_from_a_message_payload() {
        let message: Message = serde_json::from_value(serde_json::json!({
            "id": "3000000000000000001", "channel_id": "1000000000000000002",
            "author": {"id": "1100000000000000001", "username": "jungle", "discriminator": "0",
                       "avatar": null, "bot": true},
            "content": "", "timestamp": "2024-05-01T12:00:00.000000+00:00",
            "edited_timestamp": null, "tts": false, "mention_everyone": false, "mentions": [],
            "mention_roles": [], "attachments": [], "embeds": [], "pinned": false, "type": 0,
            "components": [{"type": 1, "components": [
                {"type": 2, "custom_id": "accept:4", "label": "Accept", "style": 1},
                {"type": 2, "custom_id": "decline:4", "label": "Decline", "style": 2,
                 "disabled": true}
            ]}]
        }))
        .unwrap();
        let (found, disabled) = buttons_of(&message);
        assert_eq!(
            found.iter().map(|b| b.id.as_str()).collect::<Vec<_>>(),
            ["accept:4", "decline:4"]
        );
        assert_eq!(found[0].style, ButtonStyle::Primary);
        assert_eq!(disabled, ["decline:4"]);
        let mut book = ButtonBook::default();
        book.record_seen(&message);
        let edits = book.retire(&["accept:4".into(), "decline:4".into()]);
        assert_eq!(edits.len(), 1);
        assert_eq!(book.len(), 0);
    }
}
