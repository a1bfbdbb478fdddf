//! The bot under test (the real adapter and serenity client, on a temporary database) and the
//! users who talk to it through the double: slash commands, button presses, autocomplete and
//! channel messages, as Discord would deliver them.

use std::path::Path;
use std::sync::Arc;

use jungle::adapters::discord::{self, DiscordConfig};
use jungle::chat::{Clock, Outgoing, Service};
use jungle::config::Config;
use serde_json::{Value, json};
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

use super::double::{BOT, CHANNEL, Double, GUILD, MESSAGE_CONTENT, Msg};

/// A Discord user.
#[derive(Clone, Copy, Debug)]
pub struct Person {
    pub id: u64,
    pub name: &'static str,
}

pub const ALICE: Person = Person {
    id: 2_000_000_000_000_000_001,
    name: "alice",
};
pub const BOB: Person = Person {
    id: 2_000_000_000_000_000_002,
    name: "bob",
};
pub const CAROL: Person = Person {
    id: 2_000_000_000_000_000_003,
    name: "carol",
};
const PEOPLE: [Person; 3] = [ALICE, BOB, CAROL];

impl Person {
    pub fn mention(&self) -> String {
        format!("<@{}>", self.id)
    }

    fn user(&self) -> Value {
        json!({"id": self.id.to_string(), "username": self.name, "global_name": null,
               "discriminator": "0", "avatar": null})
    }

    fn member(&self) -> Value {
        json!({"user": self.user(), "nick": null, "roles": [],
               "joined_at": "2024-01-01T00:00:00.000000+00:00", "deaf": false, "mute": false,
               "flags": 0, "permissions": "2251799813685247", "pending": false,
               "premium_since": null, "avatar": null})
    }
}

/// The config text the bot starts with: the double's address, one shard, a guild.
pub fn config_text(double: &Double, db: &Path, extra: &str) -> String {
    format!(
        "[store]\ndatabase = {db:?}\n\n[discord]\ntoken = \"test-token\"\napi_base_url = \"{}\"\n{extra}\n",
        double.base_url()
    )
}

/// One run of the bot: the adapter on its own task, with a handle on its outbox.
pub struct Bot {
    pub service: Service,
    pub outbox: mpsc::Sender<Outgoing>,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<anyhow::Result<()>>,
}

impl Bot {
    /// Starts the bot (`extra` adds `[discord]` keys) and waits until it has connected and
    /// registered its command.
    pub async fn start(double: &Double, db: &Path, extra: &str, clock: Arc<dyn Clock>) -> Bot {
        let config = Config::parse(&config_text(double, db, extra)).expect("a valid config");
        let section = DiscordConfig::from_table(config.discord.as_ref().expect("a section"))
            .expect("a valid [discord] section");
        let service = Service::open(&config, clock).expect("the database opens");
        let (outbox, rx) = mpsc::channel(16);
        let (stop, stopped) = oneshot::channel::<()>();
        let before = double.seen().registrations.len();
        let task = tokio::spawn(discord::run_until(
            section,
            service.clone(),
            rx,
            async move {
                let _ = stopped.await;
            },
        ));
        double
            .wait("the command registration", |s| {
                (s.registrations.len() > before).then_some(())
            })
            .await;
        Bot {
            service,
            outbox,
            stop: Some(stop),
            task,
        }
    }

    /// Shuts the shards down and waits for the adapter to return.
    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let done = tokio::time::timeout(super::double::PATIENCE, &mut self.task).await;
        let result = done.expect("the adapter stops").expect("the adapter task");
        result.expect("the adapter stops without an error");
    }
}

/// A `/jungle` interaction payload.
fn interaction(
    double: &Double,
    kind: u8,
    who: Person,
    data: Value,
    message: Option<Value>,
) -> (u64, Value) {
    let (id, token) = double.new_interaction();
    let mut d = json!({
        "id": id.to_string(), "application_id": super::double::APP.to_string(), "type": kind,
        "token": token, "version": 1, "guild_id": GUILD.to_string(),
        "channel_id": CHANNEL.to_string(),
        "channel": {"id": CHANNEL.to_string(), "type": 0, "name": "games",
                    "guild_id": GUILD.to_string(), "permissions": "2251799813685247"},
        "member": who.member(), "app_permissions": "2251799813685247", "locale": "en-US",
        "guild_locale": "en-US", "entitlements": [],
        "authorizing_integration_owners": {"0": GUILD.to_string()}, "context": 0,
        "attachment_size_limit": 10485760, "data": data
    });
    if let Some(m) = message {
        d["message"] = m;
    }
    (id, d)
}

/// `/jungle <sub>` with options like `[("user", "6", "<id>")]`; users are resolved.
fn command_data(sub: &str, options: &[(&str, u8, Value)], focused: Option<&str>) -> Value {
    let mut users = serde_json::Map::new();
    let mut members = serde_json::Map::new();
    let opts: Vec<Value> = options
        .iter()
        .map(|(name, kind, value)| {
            if *kind == 6 {
                let id: u64 = value.as_str().unwrap().parse().unwrap();
                if let Some(p) = PEOPLE.iter().find(|p| p.id == id) {
                    users.insert(id.to_string(), p.user());
                    let mut m = p.member();
                    m.as_object_mut().unwrap().remove("user");
                    members.insert(id.to_string(), m);
                }
            }
            let mut o = json!({"name": name, "type": kind, "value": value});
            if focused == Some(*name) {
                o["focused"] = json!(true);
            }
            o
        })
        .collect();
    json!({
        "id": "1200000000000000001", "name": "jungle", "type": 1, "guild_id": GUILD.to_string(),
        "options": [{"name": sub, "type": 1, "options": opts}],
        "resolved": {"users": users, "members": members}
    })
}

/// Sends `/jungle <sub>`; returns the interaction id.
pub fn slash(double: &Double, who: Person, sub: &str, options: &[(&str, u8, Value)]) -> u64 {
    let (id, d) = interaction(double, 2, who, command_data(sub, options, None), None);
    double.dispatch("INTERACTION_CREATE", d);
    id
}

/// The first visible reply to an interaction.
pub async fn reply(double: &Double, interaction: u64) -> Msg {
    double
        .wait(&format!("the reply to interaction {interaction}"), |s| {
            s.reply(interaction).cloned()
        })
        .await
}

/// Sends `/jungle <sub>` and waits for its reply.
pub async fn ask(double: &Double, who: Person, sub: &str, options: &[(&str, u8, Value)]) -> Msg {
    let id = slash(double, who, sub, options);
    reply(double, id).await
}

/// `/jungle move from to` and its reply.
pub async fn play(double: &Double, who: Person, mv: &str) -> Msg {
    let (from, to) = mv.split_once(' ').expect("a move like G7 G6");
    ask(
        double,
        who,
        "move",
        &[("from", 3, json!(from)), ("to", 3, json!(to))],
    )
    .await
}

/// Presses a button on a message the bot posted; returns the interaction id.
pub fn press(double: &Double, who: Person, message: u64, custom_id: &str) -> u64 {
    let data = json!({"custom_id": custom_id, "component_type": 2});
    let m = double.message_json(message);
    let (id, d) = interaction(double, 3, who, data, Some(m));
    double.dispatch("INTERACTION_CREATE", d);
    id
}

/// Presses a button and waits for the reply.
pub async fn click(double: &Double, who: Person, message: u64, custom_id: &str) -> Msg {
    let id = press(double, who, message, custom_id);
    reply(double, id).await
}

/// Autocomplete for `/jungle <sub>` with `focused` being typed; returns the choices.
pub async fn complete(
    double: &Double,
    who: Person,
    sub: &str,
    options: &[(&str, u8, Value)],
    focused: &str,
) -> Vec<(String, String)> {
    let (id, d) = interaction(
        double,
        4,
        who,
        command_data(sub, options, Some(focused)),
        None,
    );
    double.dispatch("INTERACTION_CREATE", d);
    double
        .wait("autocomplete choices", |s| {
            s.answers
                .get(&id)
                .filter(|a| a.kind == 8)
                .map(|a| a.choices.clone())
        })
        .await
}

/// A message in the channel. Like Discord, the double sends its content only when the bot
/// has the message-content intent or is mentioned.
pub fn say(double: &Double, who: Person, content: &str, mentions: &[u64]) {
    let intent = double
        .seen()
        .intents()
        .last()
        .is_some_and(|i| i & MESSAGE_CONTENT != 0);
    let content = if intent || mentions.contains(&BOT) {
        content
    } else {
        ""
    };
    let mentioned: Vec<Value> = mentions
        .iter()
        .map(|&id| match PEOPLE.iter().find(|p| p.id == id) {
            Some(p) => p.user(),
            None => json!({"id": id.to_string(), "username": "jungle", "discriminator": "0",
                           "avatar": null, "bot": true}),
        })
        .collect();
    let (id, _) = double.new_interaction();
    let mut member = who.member();
    member.as_object_mut().unwrap().remove("user");
    double.dispatch(
        "MESSAGE_CREATE",
        json!({
            "id": id.to_string(), "channel_id": CHANNEL.to_string(), "guild_id": GUILD.to_string(),
            "author": who.user(), "member": member, "content": content,
            "timestamp": "2024-05-01T12:00:00.000000+00:00", "edited_timestamp": null,
            "tts": false, "mention_everyone": false, "mentions": mentioned, "mention_roles": [],
            "attachments": [], "embeds": [], "pinned": false, "type": 0
        }),
    );
}

/// The id of the message carrying a button with this custom id (the newest one).
pub fn message_with_button(double: &Double, custom_id: &str) -> u64 {
    let seen = double.seen();
    seen.messages
        .values()
        .rev()
        .find(|m| m.buttons().iter().any(|(id, _)| id == custom_id))
        .map(|m| m.id)
        .unwrap_or_else(|| panic!("no message has the button {custom_id}"))
}

/// Fails the test if the bot called a path the double does not know.
pub fn assert_no_unknown_calls(double: &Double) {
    let seen = double.seen();
    assert!(
        seen.unknown.is_empty(),
        "unexpected calls: {:?}",
        seen.unknown
    );
}
