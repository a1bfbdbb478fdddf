//! A chat [`Reply`] as a Discord message: text and mentions, the board as an embed with its
//! picture attached (`attachment://board.png`, described in words for screen readers), buttons
//! as components, ephemeral when private.

use serenity::all::{
    ButtonStyle as DiscordStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment,
    CreateButton, CreateEmbed, CreateEmbedFooter, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption, EditInteractionResponse, ReactionType, UserId,
};

use chat::lang::{side_name, tr};
use chat::{BoardView, Button, ButtonStyle, Image, Picker, Reply, text};
use engine::Side;

/// Discord's limits on message content and embed descriptions.
const CONTENT_LIMIT: usize = 2000;
const DESCRIPTION_LIMIT: usize = 4096;
/// Discord's limit on a select menu's options.
const SELECT_LIMIT: usize = 25;
/// Discord's limit on an attachment's description (its alt text).
const ALT_LIMIT: usize = 1024;

/// Embed colours: whose turn it is, or grey once the game is over.
const JADE: u32 = 0x2E8B57;
const CRIMSON: u32 = 0xB22234;
const OVER: u32 = 0x808080;

/// Everything one reply becomes, before it is shaped into a particular request.
#[derive(Clone, Debug)]
pub struct Outgoing {
    pub content: String,
    pub embed: Option<CreateEmbed>,
    pub file: Option<CreateAttachment>,
    pub components: Vec<CreateActionRow>,
    pub mentions: CreateAllowedMentions,
    pub ephemeral: bool,
}

/// The attachment name an image goes by: its own file name (`board.png`, `analysis.png`) when
/// that is a plain name with the right extension, else `board.png` (`board.gif` for a replay).
pub fn attachment_name(img: &Image) -> String {
    let (fallback, extension) = if img.mime == "image/gif" {
        ("board.gif", ".gif")
    } else {
        ("board.png", ".png")
    };
    let plain = img
        .file_name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if plain && img.file_name.len() > extension.len() && img.file_name.ends_with(extension) {
        img.file_name.clone()
    } else {
        fallback.to_string()
    }
}

fn cut(text: &str, limit: usize) -> String {
    if text.chars().count() <= limit {
        return text.to_string();
    }
    let mut s: String = text.chars().take(limit - 1).collect();
    s.push('…');
    s
}

/// Buttons as action rows (at most five to a row); `disabled` says which are dead.
pub fn button_rows(buttons: &[Button], disabled: impl Fn(&str) -> bool) -> Vec<CreateActionRow> {
    buttons
        .chunks(5)
        .map(|row| {
            CreateActionRow::Buttons(
                row.iter()
                    .map(|b| {
                        CreateButton::new(&b.id)
                            .label(&b.label)
                            .style(match b.style {
                                ButtonStyle::Primary => DiscordStyle::Primary,
                                ButtonStyle::Secondary => DiscordStyle::Secondary,
                                ButtonStyle::Danger => DiscordStyle::Danger,
                            })
                            .disabled(disabled(&b.id))
                    })
                    .collect(),
            )
        })
        .collect()
}

/// A picker as a select menu in a row of its own (at most 25 choices, as Discord allows).
pub fn picker_row(picker: Option<&Picker>) -> Option<CreateActionRow> {
    let picker = picker.filter(|p| !p.choices.is_empty())?;
    let options = picker
        .choices
        .iter()
        .take(SELECT_LIMIT)
        .map(|c| {
            let option = CreateSelectMenuOption::new(cut(&c.label, 100), &c.value);
            match c
                .emoji
                .as_deref()
                .and_then(|e| e.parse::<ReactionType>().ok())
            {
                Some(emoji) => option.emoji(emoji),
                None => option,
            }
        })
        .collect();
    let menu = CreateSelectMenu::new(&picker.id, CreateSelectMenuKind::String { options })
        .placeholder(cut(&picker.placeholder, 150));
    Some(CreateActionRow::SelectMenu(menu))
}

fn board_embed(view: &BoardView, text: &str, image: Option<&str>) -> CreateEmbed {
    let colour = match (&view.result, view.position.turn()) {
        (Some(_), _) => OVER,
        (None, Side::Jade) => JADE,
        (None, Side::Crimson) => CRIMSON,
    };
    let mut description = text.to_string();
    if image.is_none() {
        // No renderer built in: the board as text.
        description.push_str("\n```\n");
        description.push_str(&text::board_text(&view.position, view.flip, view.lang));
        description.push_str("```");
    }
    let lang = view.lang;
    let embed = CreateEmbed::new()
        .title(tr!(
            lang,
            "embed-title",
            game = view.game_id,
            jade = &view.jade_name,
            crimson = &view.crimson_name
        ))
        .description(cut(&description, DESCRIPTION_LIMIT))
        .colour(colour)
        .footer(CreateEmbedFooter::new(match &view.result {
            Some(_) => tr!(
                lang,
                "embed-final",
                number = view.position.fullmove_number()
            ),
            None => tr!(
                lang,
                "embed-to-move",
                number = view.position.fullmove_number(),
                side = side_name(lang, view.position.turn())
            ),
        }));
    match image {
        Some(name) => embed.image(format!("attachment://{name}")),
        None => embed,
    }
}

/// Puts an [`Outgoing`]'s parts into one of serenity's message builders. The four builders
/// share these methods by name but no trait, hence a macro; `$attach` is the builder's way to
/// take a file (`add_file`, or `new_attachment` when editing).
macro_rules! fill {
    ($out:expr, $builder:expr, $attach:ident) => {{
        let out = $out;
        let mut m = $builder
            .content(out.content)
            .allowed_mentions(out.mentions)
            .components(out.components);
        if let Some(e) = out.embed {
            m = m.embed(e);
        }
        if let Some(f) = out.file {
            m = m.$attach(f);
        }
        m
    }};
}

impl Outgoing {
    pub fn from_reply(reply: &Reply) -> Outgoing {
        let user_ids: Vec<UserId> = reply
            .mentions
            .iter()
            .filter_map(|u| u.id.parse::<u64>().ok().filter(|&n| n > 0))
            .map(UserId::new)
            .collect();
        let pings: Vec<String> = user_ids.iter().map(|id| format!("<@{id}>")).collect();
        let pings = pings.join(" ");
        let file = reply.image.as_ref().map(|img| {
            let file = CreateAttachment::bytes(img.bytes.clone(), attachment_name(img));
            if img.alt.trim().is_empty() {
                file
            } else {
                file.description(cut(&img.alt, ALT_LIMIT))
            }
        });
        let (content, embed) = match &reply.board {
            Some(view) => {
                let name = reply.image.as_ref().map(attachment_name);
                (pings, Some(board_embed(view, &reply.text, name.as_deref())))
            }
            None => {
                let content = if pings.is_empty() {
                    reply.text.clone()
                } else {
                    format!("{pings} {}", reply.text)
                };
                if content.chars().count() <= CONTENT_LIMIT {
                    (content, None)
                } else {
                    let embed = CreateEmbed::new().description(cut(&reply.text, DESCRIPTION_LIMIT));
                    (pings, Some(embed))
                }
            }
        };
        Outgoing {
            content,
            embed,
            file,
            components: picker_row(reply.picker.as_deref())
                .into_iter()
                .chain(button_rows(&reply.buttons, |_| false))
                .collect(),
            mentions: CreateAllowedMentions::new()
                .users(user_ids)
                .replied_user(true),
            ephemeral: reply.private,
        }
    }

    pub fn response(self) -> CreateInteractionResponseMessage {
        let ephemeral = self.ephemeral;
        fill!(
            self,
            CreateInteractionResponseMessage::new().ephemeral(ephemeral),
            add_file
        )
    }

    pub fn followup(self) -> CreateInteractionResponseFollowup {
        let ephemeral = self.ephemeral;
        fill!(
            self,
            CreateInteractionResponseFollowup::new().ephemeral(ephemeral),
            add_file
        )
    }

    /// Fills in a deferred response (never ephemeral: see the interaction handler).
    pub fn edit(self) -> EditInteractionResponse {
        fill!(self, EditInteractionResponse::new(), new_attachment)
    }

    pub fn create(self) -> CreateMessage {
        fill!(self, CreateMessage::new(), add_file)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chat::{Image, User};

    fn view() -> BoardView {
        BoardView::example()
    }

    #[test]
    fn a_board_reply_is_an_embed_with_the_attachment_and_pings_in_the_content() {
        let reply = Reply {
            text: "Game #3 starts. alice, you play Jade and move first.".into(),
            board: Some(view()),
            image: Some(Image {
                bytes: vec![137, 80, 78, 71],
                file_name: "game 3.png".into(),
                mime: "image/png",
                width: 1,
                height: 1,
                alt: "Game #3, alice (Jade) vs bob (Crimson). Move 1, Jade to move.".into(),
            }),
            mentions: vec![User::new("2000000000000000001", "alice")],
            buttons: vec![Button {
                id: "resign:3".into(),
                label: "Resign".into(),
                style: ButtonStyle::Danger,
            }],
            ..Reply::default()
        };
        let m = Outgoing::from_reply(&reply);
        assert_eq!(m.content, "<@2000000000000000001>");
        assert!(!m.ephemeral);
        let json = serde_json::to_value(m.clone().response()).unwrap();
        assert_eq!(json["embeds"][0]["image"]["url"], "attachment://board.png");
        assert_eq!(json["embeds"][0]["color"], JADE);
        assert_eq!(json["embeds"][0]["footer"]["text"], "Move 1 · Jade to move");
        assert!(
            json["embeds"][0]["description"]
                .as_str()
                .unwrap()
                .starts_with("Game #3 starts")
        );
        assert_eq!(
            json["components"][0]["components"][0]["custom_id"],
            "resign:3"
        );
        assert_eq!(json["components"][0]["components"][0]["style"], 4);
        assert_eq!(json["allowed_mentions"]["users"][0], "2000000000000000001");
        let file = m.file.as_ref().unwrap();
        assert_eq!(file.filename, "board.png");
        assert_eq!(
            file.description.as_deref(),
            Some("Game #3, alice (Jade) vs bob (Crimson). Move 1, Jade to move.")
        );
    }

    #[test]
    fn a_long_description_is_cut_to_discords_limit_and_an_empty_one_left_out() {
        let image = |alt: String| Image {
            bytes: vec![1],
            file_name: "board.png".into(),
            mime: "image/png",
            width: 1,
            height: 1,
            alt,
        };
        let reply = |alt| Reply {
            text: "board".into(),
            image: Some(image(alt)),
            ..Reply::default()
        };
        let m = Outgoing::from_reply(&reply("é".repeat(5000)));
        let d = m.file.unwrap().description.unwrap();
        assert_eq!(d.chars().count(), ALT_LIMIT);
        assert!(d.ends_with('…'));
        let m = Outgoing::from_reply(&reply(" ".into()));
        assert_eq!(m.file.unwrap().description, None);
    }

    #[test]
    fn without_a_picture_the_board_is_text_and_private_replies_are_ephemeral() {
        let reply = Reply {
            text: "It is Jade's turn.".into(),
            private: true,
            ..Reply::default()
        };
        let json = serde_json::to_value(Outgoing::from_reply(&reply).response()).unwrap();
        assert_eq!(json["content"], "It is Jade's turn.");
        assert_eq!(json["flags"], 64);
        let reply = Reply {
            text: "board".into(),
            board: Some(view()),
            ..Reply::default()
        };
        let json = serde_json::to_value(Outgoing::from_reply(&reply).create()).unwrap();
        let d = json["embeds"][0]["description"].as_str().unwrap();
        assert!(d.contains("```"), "{d}");
        assert!(json["embeds"][0].get("image").is_none());
    }

    #[test]
    fn long_text_moves_into_an_embed() {
        let reply = Reply::text("x".repeat(3000));
        let m = Outgoing::from_reply(&reply);
        assert!(m.content.is_empty());
        let json = serde_json::to_value(m.create()).unwrap();
        assert_eq!(
            json["embeds"][0]["description"].as_str().unwrap().len(),
            3000
        );
    }

    #[test]
    fn disabled_buttons() {
        let buttons = [
            Button {
                id: "accept:1".into(),
                label: "Accept".into(),
                style: ButtonStyle::Primary,
            },
            Button {
                id: "decline:1".into(),
                label: "Decline".into(),
                style: ButtonStyle::Secondary,
            },
        ];
        let rows = button_rows(&buttons, |id| id == "accept:1");
        let json = serde_json::to_value(&rows).unwrap();
        assert_eq!(json[0]["components"][0]["disabled"], true);
        assert_eq!(json[0]["components"][1]["disabled"], false);
    }
}
