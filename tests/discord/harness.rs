//! The bot under test (the real adapter and serenity client, on a temporary database) and the
//! users who talk to it through the double: slash commands, button presses, autocomplete and
//! channel messages, as Discord would deliver them.

use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use jungle::adapters::discord::{self, DiscordConfig};
use jungle::chat::{Clock, Outgoing, Service, SystemClock};
use jungle::config::Config;
use serde_json::{Value, json};
use tempfile::TempDir;
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

use super::double::{BOT, CHANNEL, CHOICES, Double, GUILD, MESSAGE_CONTENT, Msg};

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

    /// Alice and Bob may do anything in the server; Carol may read and write (no Manage
    /// Server).
    fn member(&self) -> Value {
        let permissions = if self.id == CAROL.id {
            "3072"
        } else {
            "2251799813685247"
        };
        json!({"user": self.user(), "nick": null, "roles": [],
               "joined_at": "2024-01-01T00:00:00.000000+00:00", "deaf": false, "mute": false,
               "flags": 0, "permissions": permissions, "pending": false,
               "premium_since": null, "avatar": null})
    }
}

/// The config text the bot starts with: the double's address, one shard, a guild.
pub fn config_text(double: &Double, db: &Path, extra: &str) -> String {
    format!(
        "[store]\ndatabase = {db:?}\n\n[chat]\n{threads}\n\n[discord]\ntoken = \"{}\"\napi_base_url = \"{}\"\n{}\n",
        super::double::TOKEN,
        double.base_url(),
        extra.replace(THREADED, ""),
        threads = if extra.contains(THREADED) {
            "threads = true"
        } else {
            "threads = false"
        },
    )
}

/// In `extra`: games between people get their own thread (the config's default; the other
/// tests keep games in the channel, as their moderators may choose).
pub const THREADED: &str = "#threaded\n";

/// The parsed config the bot starts with (see [`config_text`]).
pub fn config(double: &Double, db: &Path, extra: &str) -> Config {
    Config::parse(&config_text(double, db, extra)).expect("a valid config")
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
        let config = config(double, db, extra);
        let section = DiscordConfig::from_table(config.discord.as_ref().expect("a section"))
            .expect("a valid [discord] section");
        let service = jungle::adapters::open_service(&config, clock).expect("the database opens");
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

    /// Shuts the shards down and waits for the adapter to return (once: a stopped bot is done).
    pub async fn stop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let done = tokio::time::timeout(super::double::PATIENCE, &mut self.task).await;
        let result = done.expect("the adapter stops").expect("the adapter task");
        result.expect("the adapter stops without an error");
    }
}

/// What one test runs in: the double, a temporary database, and the bot connected to both.
/// It derefs to the [`Double`], so the user actions below take `&world`.
pub struct World {
    pub double: Double,
    pub bot: Bot,
    db: PathBuf,
    extra: String,
    clock: Arc<dyn Clock>,
    _dir: TempDir,
}

impl World {
    /// The bot on the system clock, with `extra` `[discord]` keys, connected and registered.
    pub async fn start(extra: &str) -> World {
        World::with_clock(extra, Arc::new(SystemClock)).await
    }

    pub async fn with_clock(extra: &str, clock: Arc<dyn Clock>) -> World {
        let double = Double::start().await;
        let dir = tempfile::tempdir().expect("a temporary directory");
        let db = dir.path().join("j.db");
        let bot = Bot::start(&double, &db, extra, clock.clone()).await;
        World {
            double,
            bot,
            db,
            extra: extra.to_string(),
            clock,
            _dir: dir,
        }
    }

    /// Stops the bot and starts a new process on the same database and config; Discord (the
    /// double) keeps its messages.
    pub async fn restart(&mut self) {
        self.bot.stop().await;
        self.bot = Bot::start(&self.double, &self.db, &self.extra, self.clock.clone()).await;
    }

    /// The bot's database, opened beside it (WAL lets a reader in while it runs).
    pub fn store(&self) -> jungle::store::Store {
        jungle::store::Store::open(&self.db).expect("the database opens")
    }

    /// Stops the bot; fails the test if it called a path the double does not know.
    pub async fn finish(mut self) {
        self.bot.stop().await;
        assert_no_unknown_calls(&self.double);
    }
}

impl Deref for World {
    type Target = Double;

    fn deref(&self) -> &Double {
        &self.double
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
    if let Some(thread) = double.seen().in_thread {
        d["channel_id"] = json!(thread.to_string());
        d["channel"] = json!({"id": thread.to_string(), "type": 11, "name": "a game",
                              "parent_id": CHANNEL.to_string(), "guild_id": GUILD.to_string(),
                              "permissions": "2251799813685247",
                              "thread_metadata": {"archived": false, "auto_archive_duration": 10080,
                                  "archive_timestamp": "2026-12-01T00:00:00.000000+00:00",
                                  "locked": false}});
    }
    let context = double.seen().context;
    if context != 0 {
        // A DM: no server and no member, the user themselves; the app installed by the user.
        let o = d.as_object_mut().expect("an object");
        for key in ["guild_id", "member", "guild_locale"] {
            o.remove(key);
        }
        let (channel, kind) = if context == 1 {
            (super::double::BOT_DM, 1)
        } else {
            (super::double::GROUP_DM, 3)
        };
        d["user"] = who.user();
        d["channel_id"] = json!(channel.to_string());
        d["channel"] = json!({"id": channel.to_string(), "type": kind});
        d["context"] = json!(context);
        d["authorizing_integration_owners"] = json!({"1": who.id.to_string()});
        d["data"]
            .as_object_mut()
            .expect("an object")
            .remove("guild_id");
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

/// Sends `/jungle <sub>` from a client that speaks `locale` (e.g. `zh-CN`), in a server whose
/// preferred locale is `guild_locale`; returns the interaction id.
pub fn slash_in(
    double: &Double,
    who: Person,
    sub: &str,
    options: &[(&str, u8, Value)],
    (locale, guild_locale): (&str, &str),
) -> u64 {
    let (id, mut d) = interaction(double, 2, who, command_data(sub, options, None), None);
    d["locale"] = json!(locale);
    d["guild_locale"] = json!(guild_locale);
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

/// Sends `/jungle-admin <sub>` and waits for its reply.
pub async fn ask_admin(
    double: &Double,
    who: Person,
    sub: &str,
    options: &[(&str, u8, Value)],
) -> Msg {
    let mut data = command_data(sub, options, None);
    data["name"] = json!("jungle-admin");
    data["id"] = json!("1200000000000000002");
    let (id, d) = interaction(double, 2, who, data, None);
    double.dispatch("INTERACTION_CREATE", d);
    reply(double, id).await
}

/// Sends `/jungle <sub>` and waits for its reply.
pub async fn ask(double: &Double, who: Person, sub: &str, options: &[(&str, u8, Value)]) -> Msg {
    let id = slash(double, who, sub, options);
    reply(double, id).await
}

/// Sends `/jungle move from to` for a move like `G7 G6`; returns the interaction id.
pub fn send_move(double: &Double, who: Person, mv: &str) -> u64 {
    let (from, to) = mv.split_once(' ').expect("a move like G7 G6");
    slash(
        double,
        who,
        "move",
        &[("from", 3, json!(from)), ("to", 3, json!(to))],
    )
}

/// `/jungle move from to` and its reply.
pub async fn play(double: &Double, who: Person, mv: &str) -> Msg {
    let id = send_move(double, who, mv);
    reply(double, id).await
}

/// How the bot first answered an interaction (`MESSAGE`, `DEFERRED` or `CHOICES`).
pub fn answer_kind(double: &Double, interaction: u64) -> u64 {
    double.seen().answers[&interaction].kind
}

/// Presses a button on a message the bot posted; returns the interaction id.
pub fn press(double: &Double, who: Person, message: u64, custom_id: &str) -> u64 {
    let data = json!({"custom_id": custom_id, "component_type": 2});
    let m = double.message_json(message);
    let (id, d) = interaction(double, 3, who, data, Some(m));
    double.pressing(id, message);
    double.dispatch("INTERACTION_CREATE", d);
    id
}

/// Chooses `value` in the select menu `custom_id` of a message; returns the interaction id.
pub fn choose(double: &Double, who: Person, message: u64, custom_id: &str, value: &str) -> u64 {
    let data = json!({"custom_id": custom_id, "component_type": 3, "values": [value]});
    let m = double.message_json(message);
    let (id, d) = interaction(double, 3, who, data, Some(m));
    double.pressing(id, message);
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
                .filter(|a| a.kind == CHOICES)
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
    let channel = double.seen().in_thread.unwrap_or(CHANNEL);
    let mut member = who.member();
    member.as_object_mut().unwrap().remove("user");
    double.dispatch(
        "MESSAGE_CREATE",
        json!({
            "id": id.to_string(), "channel_id": channel.to_string(), "guild_id": GUILD.to_string(),
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

/// The first message posted to the channel whose text contains `part`, once there is one.
pub async fn channel_post(double: &Double, part: &str) -> Msg {
    double
        .wait(&format!("a channel post saying {part:?}"), |s| {
            s.channel_posts()
                .into_iter()
                .find(|m| m.text().contains(part))
                .cloned()
        })
        .await
}

/// A message once its controls are gone: taken off by a channel edit, or in the answer to a
/// press on it.
pub async fn stripped(double: &Double, message: u64) -> Msg {
    double
        .wait(
            &format!("the controls of message {message} taken off"),
            |s| {
                let m = &s.messages[&message];
                (m.components.is_empty() && !(m.edits.is_empty() && m.updates.is_empty()))
                    .then(|| m.clone())
            },
        )
        .await
}

/// `(custom_id, disabled)` pairs as [`Msg::buttons`] gives them.
pub fn button_list(buttons: &[(&str, bool)]) -> Vec<(String, bool)> {
    buttons
        .iter()
        .map(|&(id, disabled)| (id.to_string(), disabled))
        .collect()
}

/// Fails the test unless `text` contains `part`, showing the text.
#[track_caller]
pub fn assert_has(text: &str, part: &str) {
    assert!(text.contains(part), "{part:?} not in: {text}");
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
