//! An in-process double of Discord's gateway and REST API (axum on 127.0.0.1:0), enough for
//! serenity 0.12.5 to connect, register commands, receive events and send replies. It keeps
//! every message the bot posted, every answer to an interaction and every edit, and records
//! calls to paths it does not know (tests fail on those).

use std::collections::{BTreeMap, HashMap};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::Router;
use axum::routing::{any, get, post, put};
use serde_json::{Value, json};
use tokio::sync::{mpsc, watch};

mod routes;

/// The bot token the double accepts (`Authorization: Bot test-token`).
pub const TOKEN: &str = "test-token";
pub const APP: u64 = 1_100_000_000_000_000_001;
pub const BOT: u64 = APP;
pub const GUILD: u64 = 1_000_000_000_000_000_001;
pub const CHANNEL: u64 = 1_000_000_000_000_000_002;
/// The bot's DM with a user, and a group DM of users (where the bot is not a member).
pub const BOT_DM: u64 = 1_000_000_000_000_000_003;
pub const GROUP_DM: u64 = 1_000_000_000_000_000_004;
/// The MESSAGE_CONTENT intent bit.
pub const MESSAGE_CONTENT: u64 = 1 << 15;

/// How long a test waits for something before failing.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// An uploaded file.
#[derive(Clone, Debug)]
pub struct File {
    pub name: String,
    pub bytes: Vec<u8>,
    /// The alt text sent with it (the `description` of its entry in `attachments`).
    pub description: Option<String>,
}

/// A message the bot made: in a channel, as an interaction response, or as a follow-up.
#[derive(Clone, Debug, Default)]
pub struct Msg {
    pub id: u64,
    pub channel_id: u64,
    pub content: String,
    pub embeds: Vec<Value>,
    pub components: Vec<Value>,
    pub flags: u64,
    pub files: Vec<File>,
    /// A deferred response not filled in yet.
    pub pending: bool,
    pub deleted: bool,
    /// The message it replies to.
    pub reference: Option<u64>,
    /// Who it may notify, as sent (`allowed_mentions`).
    pub allowed_mentions: Value,
    /// Component edits made through `PATCH /channels/{c}/messages/{m}`, in order.
    pub edits: Vec<Vec<Value>>,
    /// Component changes made in the answer to a press on it (an updating callback, or the
    /// edit of `@original` after one), in order.
    pub updates: Vec<Vec<Value>>,
}

impl Msg {
    pub fn ephemeral(&self) -> bool {
        self.flags & 64 != 0
    }

    /// The visible text: content plus embed title and description.
    pub fn text(&self) -> String {
        let mut t = self.content.clone();
        for e in &self.embeds {
            for key in ["title", "description"] {
                if let Some(s) = e[key].as_str() {
                    t.push('\n');
                    t.push_str(s);
                }
            }
        }
        t
    }

    /// `(custom_id, disabled)` of every button.
    pub fn buttons(&self) -> Vec<(String, bool)> {
        self.components
            .iter()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .filter(|c| c["type"] == 2)
            .map(|b| {
                (
                    b["custom_id"].as_str().unwrap_or_default().to_string(),
                    b["disabled"].as_bool().unwrap_or(false),
                )
            })
            .collect()
    }
}

impl Msg {
    /// The select menu's custom id and its options as `(value, label)`, if it has one.
    pub fn menu(&self) -> Option<(String, Vec<(String, String)>)> {
        let menu = self
            .components
            .iter()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .find(|c| c["type"] == 3)?;
        let options = menu["options"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .map(|o| {
                (
                    o["value"].as_str().unwrap_or_default().to_string(),
                    o["label"].as_str().unwrap_or_default().to_string(),
                )
            })
            .collect();
        Some((menu["custom_id"].as_str()?.to_string(), options))
    }

    /// `(custom_id, label)` of every button.
    pub fn labels(&self) -> Vec<(String, String)> {
        self.components
            .iter()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .filter(|c| c["type"] == 2)
            .map(|b| {
                (
                    b["custom_id"].as_str().unwrap_or_default().to_string(),
                    b["label"].as_str().unwrap_or_default().to_string(),
                )
            })
            .collect()
    }
}

/// Interaction callback types: a message, a deferred message, a press acknowledged (the
/// message kept as it is for now), the pressed message updated, autocomplete choices.
pub const MESSAGE: u64 = 4;
pub const DEFERRED: u64 = 5;
pub const ACKNOWLEDGED: u64 = 6;
pub const UPDATED: u64 = 7;
pub const CHOICES: u64 = 8;

/// How the bot answered one interaction.
#[derive(Clone, Debug, Default)]
pub struct Answer {
    /// The callback type: [`MESSAGE`], [`DEFERRED`] or [`CHOICES`].
    pub kind: u64,
    pub original: Option<u64>,
    /// For [`ACKNOWLEDGED`] and [`UPDATED`]: the pressed message, which `@original` names.
    pub pressed: Option<u64>,
    pub followups: Vec<u64>,
    /// Autocomplete choices as (name, value).
    pub choices: Vec<(String, String)>,
}

/// A thread the bot opened.
#[derive(Clone, Debug)]
pub struct ThreadMade {
    pub id: u64,
    pub parent: u64,
    /// The message it was started from, if any.
    pub from_message: Option<u64>,
    pub name: String,
    pub archived: bool,
}

/// Everything the double saw.
#[derive(Default)]
pub struct Seen {
    /// Threads the bot opened, in order.
    pub threads: Vec<ThreadMade>,
    /// Interactions and messages come from this thread (instead of the channel), while set.
    pub in_thread: Option<u64>,
    /// Discord's error code for the next thread creations (50013: Missing Permissions,
    /// 160006: too many active threads), while set.
    pub refuse_threads: Option<u32>,
    pub identifies: Vec<Value>,
    /// `(path, body)` of each command registration.
    pub registrations: Vec<(String, Value)>,
    pub messages: BTreeMap<u64, Msg>,
    pub answers: HashMap<u64, Answer>,
    /// Requests to paths the double does not serve (`METHOD /path`) and protocol violations.
    pub unknown: Vec<String>,
    /// Channel posts answered with a server error on purpose.
    pub failed_posts: u32,
    /// How many channel posts to fail from now on.
    pub fail_posts: u32,
    /// The bot's token no longer works (see [`Double::revoke_token`]).
    pub token_revoked: bool,
    /// How many channel edits to answer with 429 from now on (see [`Double::limit_next_edits`]).
    pub limit_edits: u32,
    /// Channel edits answered with 429 so far.
    pub limited_edits: u32,
    /// The message each component interaction was pressed on.
    pub pressed: HashMap<u64, u64>,
    /// Where interactions come from: 0 a server channel, 1 the bot's DM, 2 a group DM where
    /// only a user installed the app (as Discord's `context`).
    pub context: u8,
    gateway: Option<mpsc::UnboundedSender<Down>>,
    seq: u64,
    next_id: u64,
    tokens: HashMap<String, u64>,
}

impl Seen {
    fn id(&mut self) -> u64 {
        self.next_id += 1;
        3_000_000_000_000_000_000 + self.next_id
    }

    /// The channel interactions come from, by [`Seen::context`].
    pub fn channel(&self) -> u64 {
        match self.context {
            1 => BOT_DM,
            2 => GROUP_DM,
            _ => self.in_thread.unwrap_or(CHANNEL),
        }
    }

    /// Messages posted to the channel (not interaction responses), oldest first.
    pub fn channel_posts(&self) -> Vec<&Msg> {
        self.messages
            .values()
            .filter(|m| m.channel_id == CHANNEL && !m.pending && !m.deleted)
            .collect()
    }

    /// Messages posted to channel (or thread) `channel`, oldest first.
    pub fn posts_in(&self, channel: u64) -> Vec<&Msg> {
        self.messages
            .values()
            .filter(|m| m.channel_id == channel && !m.pending && !m.deleted)
            .collect()
    }

    /// The first visible reply to an interaction: its response, the filled-in deferred
    /// response, or the follow-up that replaced a removed deferred response (or that follows
    /// an update of the pressed message).
    pub fn reply(&self, interaction: u64) -> Option<&Msg> {
        let a = self.answers.get(&interaction)?;
        if a.pressed.is_some() {
            return a.followups.first().and_then(|id| self.messages.get(id));
        }
        let original = a.original.and_then(|id| self.messages.get(&id))?;
        if !original.pending && !original.deleted {
            return Some(original);
        }
        if original.deleted {
            return a.followups.first().and_then(|id| self.messages.get(id));
        }
        None
    }

    pub fn intents(&self) -> Vec<u64> {
        self.identifies
            .iter()
            .map(|i| i["intents"].as_u64().unwrap_or(0))
            .collect()
    }
}

/// What the double sends down a gateway session.
enum Down {
    Frame(String),
    /// Close the session with this code.
    Close(u16),
}

/// The gateway close code for a token Discord does not accept.
pub const AUTHENTICATION_FAILED: u16 = 4004;

struct Shared {
    seen: Mutex<Seen>,
    changed: watch::Sender<u64>,
    addr: SocketAddr,
}

impl Shared {
    fn seen(&self) -> MutexGuard<'_, Seen> {
        jungle::sync::lock(&self.seen)
    }

    fn bump(&self) {
        self.changed.send_modify(|n| *n += 1);
    }
}

/// The running double.
#[derive(Clone)]
pub struct Double {
    shared: Arc<Shared>,
}

impl Double {
    pub async fn start() -> Double {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let shared = Arc::new(Shared {
            seen: Mutex::new(Seen::default()),
            changed: watch::channel(0).0,
            addr,
        });
        let app = Router::new()
            .route("/api/v10/gateway", get(routes::gateway))
            .route("/api/v10/gateway/bot", get(routes::gateway_bot))
            .route("/ws", get(routes::ws))
            .route("/api/v10/users/@me", get(routes::me))
            .route(
                "/api/v10/applications/{app}/commands",
                put(routes::register),
            )
            .route(
                "/api/v10/applications/{app}/guilds/{guild}/commands",
                put(routes::register),
            )
            .route(
                "/api/v10/interactions/{id}/{token}/callback",
                post(routes::callback),
            )
            .route("/api/v10/webhooks/{app}/{token}", post(routes::followup))
            .route(
                "/api/v10/webhooks/{app}/{token}/messages/{message}",
                any(routes::original),
            )
            .route(
                "/api/v10/channels/{channel}/messages",
                post(routes::channel_post),
            )
            .route(
                "/api/v10/channels/{channel}/messages/{message}",
                any(routes::channel_edit),
            )
            .route(
                "/api/v10/channels/{channel}/messages/{message}/threads",
                post(routes::thread_from_message),
            )
            .route(
                "/api/v10/channels/{channel}/threads",
                post(routes::thread_alone),
            )
            .route(
                "/api/v10/channels/{channel}",
                axum::routing::patch(routes::thread_edit),
            )
            .fallback(routes::unknown)
            .with_state(shared.clone());
        tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        Double { shared }
    }

    pub fn base_url(&self) -> String {
        format!("http://{}", self.shared.addr)
    }

    pub fn seen(&self) -> MutexGuard<'_, Seen> {
        self.shared.seen()
    }

    /// Waits until `f` finds what it looks for; fails the test after [`PATIENCE`].
    pub async fn wait<T>(&self, what: &str, mut f: impl FnMut(&Seen) -> Option<T>) -> T {
        let mut changed = self.shared.changed.subscribe();
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            changed.mark_unchanged();
            if let Some(found) = f(&self.shared.seen()) {
                return found;
            }
            if tokio::time::timeout_at(deadline, changed.changed())
                .await
                .is_err()
            {
                let seen = self.shared.seen();
                let posts: Vec<String> = seen.messages.values().map(|m| m.text()).collect();
                panic!(
                    "timed out waiting for {what}; unknown calls {:?}; messages {posts:#?}",
                    seen.unknown
                );
            }
        }
    }

    /// Sends a gateway dispatch to the connected bot.
    pub fn dispatch(&self, kind: &str, data: Value) {
        let mut seen = self.shared.seen();
        seen.seq += 1;
        let frame = json!({"op": 0, "s": seen.seq, "t": kind, "d": data}).to_string();
        let sent = seen
            .gateway
            .as_ref()
            .map(|g| g.send(Down::Frame(frame)).is_ok());
        assert_eq!(sent, Some(true), "no bot is connected to the gateway");
    }

    /// Revokes the bot's token, as resetting it in the developer portal does: the gateway
    /// session closes with [`AUTHENTICATION_FAILED`], and so will every new one.
    pub fn revoke_token(&self) {
        let mut seen = self.shared.seen();
        seen.token_revoked = true;
        if let Some(gateway) = seen.gateway.take() {
            let _ = gateway.send(Down::Close(AUTHENTICATION_FAILED));
        }
    }

    /// A new interaction id and its token.
    pub fn new_interaction(&self) -> (u64, String) {
        let mut seen = self.shared.seen();
        let id = seen.id();
        let token = format!("token-{id}");
        seen.tokens.insert(token.clone(), id);
        (id, token)
    }

    /// A message as Discord's API shows it.
    pub fn message_json(&self, id: u64) -> Value {
        let seen = self.shared.seen();
        routes::message_json(&seen.messages[&id])
    }

    /// Notes that interaction `id` is a press on `message`.
    pub fn pressing(&self, id: u64, message: u64) {
        self.shared.seen().pressed.insert(id, message);
    }

    /// Makes the following interactions come from the bot's DM (1) or a group DM (2).
    pub fn set_context(&self, context: u8) {
        self.shared.seen().context = context;
    }

    /// Answers the next `n` channel edits with 429 Too Many Requests (Retry-After 0.3 s).
    pub fn limit_next_edits(&self, n: u32) {
        self.shared.seen().limit_edits = n;
    }

    /// Makes the following interactions and messages come from `thread` (`None`: the channel).
    pub fn speak_in(&self, thread: Option<u64>) {
        self.shared.seen().in_thread = thread;
    }

    /// Makes thread creation fail with Discord's error `code` from now on (`None`: succeed).
    pub fn refuse_threads(&self, code: Option<u32>) {
        self.shared.seen().refuse_threads = code;
    }

    /// Makes the next `n` channel posts fail with a server error.
    pub fn fail_next_posts(&self, n: u32) {
        self.shared.seen().fail_posts = n;
    }
}
