//! An in-process double of Discord's gateway and REST API (axum on 127.0.0.1:0), enough for
//! serenity 0.12.5 to connect, register commands, receive events and send replies. It keeps
//! every message the bot posted, every answer to an interaction and every edit, and records
//! calls to paths it does not know (tests fail on those).

use std::collections::{BTreeMap, HashMap};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::Router;
use axum::extract::ws::{Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::{FromRequest, Multipart, Path, Request, State};
use axum::http::{Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, post, put};
use serde_json::{Value, json};
use tokio::sync::{mpsc, watch};

pub const APP: u64 = 1_100_000_000_000_000_001;
pub const BOT: u64 = APP;
pub const GUILD: u64 = 1_000_000_000_000_000_001;
pub const CHANNEL: u64 = 1_000_000_000_000_000_002;
/// The MESSAGE_CONTENT intent bit.
pub const MESSAGE_CONTENT: u64 = 1 << 15;

/// How long a test waits for something before failing.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// An uploaded file.
#[derive(Clone, Debug)]
pub struct File {
    pub name: String,
    pub bytes: Vec<u8>,
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
    /// Component edits made through `PATCH /channels/{c}/messages/{m}`, in order.
    pub edits: Vec<Vec<Value>>,
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
            .map(|b| {
                (
                    b["custom_id"].as_str().unwrap_or_default().to_string(),
                    b["disabled"].as_bool().unwrap_or(false),
                )
            })
            .collect()
    }
}

/// How the bot answered one interaction.
#[derive(Clone, Debug, Default)]
pub struct Answer {
    /// The callback type: 4 message, 5 deferred, 8 autocomplete.
    pub kind: u64,
    pub original: Option<u64>,
    pub followups: Vec<u64>,
    /// Autocomplete choices as (name, value).
    pub choices: Vec<(String, String)>,
}

/// Everything the double saw.
#[derive(Default)]
pub struct Seen {
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
    gateway: Option<mpsc::UnboundedSender<String>>,
    seq: u64,
    next_id: u64,
    tokens: HashMap<String, u64>,
}

impl Seen {
    fn id(&mut self) -> u64 {
        self.next_id += 1;
        3_000_000_000_000_000_000 + self.next_id
    }

    /// Messages posted to the channel (not interaction responses), oldest first.
    pub fn channel_posts(&self) -> Vec<&Msg> {
        self.messages
            .values()
            .filter(|m| m.channel_id == CHANNEL && !m.pending && !m.deleted)
            .collect()
    }

    /// The first visible reply to an interaction: its response, the filled-in deferred
    /// response, or the follow-up that replaced a removed deferred response.
    pub fn reply(&self, interaction: u64) -> Option<&Msg> {
        let a = self.answers.get(&interaction)?;
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

struct Shared {
    seen: Mutex<Seen>,
    changed: watch::Sender<u64>,
    addr: SocketAddr,
}

impl Shared {
    fn seen(&self) -> MutexGuard<'_, Seen> {
        self.seen.lock().unwrap_or_else(|p| p.into_inner())
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
            .route("/api/v10/gateway", get(gateway))
            .route("/api/v10/gateway/bot", get(gateway_bot))
            .route("/ws", get(ws))
            .route("/api/v10/applications/{app}/commands", put(register))
            .route(
                "/api/v10/applications/{app}/guilds/{guild}/commands",
                put(register),
            )
            .route(
                "/api/v10/interactions/{id}/{token}/callback",
                post(callback),
            )
            .route("/api/v10/webhooks/{app}/{token}", post(followup))
            .route(
                "/api/v10/webhooks/{app}/{token}/messages/{message}",
                any(original),
            )
            .route("/api/v10/channels/{channel}/messages", post(channel_post))
            .route(
                "/api/v10/channels/{channel}/messages/{message}",
                any(channel_edit),
            )
            .fallback(unknown)
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
        let sent = seen.gateway.as_ref().map(|g| g.send(frame).is_ok());
        assert_eq!(sent, Some(true), "no bot is connected to the gateway");
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
        message_json(&seen.messages[&id])
    }

    /// Makes the next `n` channel posts fail with a server error.
    pub fn fail_next_posts(&self, n: u32) {
        self.shared.seen().fail_posts = n;
    }
}

fn user_json(id: u64, name: &str, bot: bool) -> Value {
    json!({"id": id.to_string(), "username": name, "global_name": null,
           "discriminator": "0", "avatar": null, "bot": bot})
}

fn message_json(m: &Msg) -> Value {
    let attachments: Vec<Value> = m
        .files
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let url = format!("https://cdn.example/{}/{}", m.id, f.name);
            json!({"id": (m.id + i as u64).to_string(), "filename": f.name, "size": f.bytes.len(),
                   "url": url, "proxy_url": url, "content_type": "image/png"})
        })
        .collect();
    json!({
        "id": m.id.to_string(), "channel_id": m.channel_id.to_string(),
        "guild_id": GUILD.to_string(),
        "author": user_json(BOT, "jungle", true), "content": m.content,
        "timestamp": "2024-05-01T12:00:00.000000+00:00", "edited_timestamp": null,
        "tts": false, "mention_everyone": false, "mentions": [], "mention_roles": [],
        "attachments": attachments, "embeds": m.embeds, "pinned": false, "type": 0,
        "flags": m.flags, "components": m.components, "application_id": APP.to_string(),
        "webhook_id": null
    })
}

async fn gateway(State(s): State<Arc<Shared>>) -> Response {
    axum::Json(json!({"url": format!("ws://{}/ws", s.addr)})).into_response()
}

async fn gateway_bot(State(s): State<Arc<Shared>>) -> Response {
    axum::Json(json!({
        "url": format!("ws://{}/ws", s.addr), "shards": 1,
        "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
    }))
    .into_response()
}

async fn ws(State(s): State<Arc<Shared>>, upgrade: WebSocketUpgrade) -> Response {
    upgrade.on_upgrade(move |socket| session(s, socket))
}

/// One gateway session: HELLO, then READY on IDENTIFY, heartbeat ACKs, and dispatches.
async fn session(s: Arc<Shared>, mut socket: WebSocket) {
    let (tx, mut rx) = mpsc::unbounded_channel::<String>();
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 41250}}).to_string();
    if socket.send(WsMessage::Text(hello.into())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            out = rx.recv() => match out {
                Some(frame) => {
                    if socket.send(WsMessage::Text(frame.into())).await.is_err() {
                        return;
                    }
                }
                None => return,
            },
            incoming = socket.recv() => {
                let Some(Ok(msg)) = incoming else { return };
                let WsMessage::Text(text) = msg else { continue };
                let Ok(frame) = serde_json::from_str::<Value>(text.as_str()) else { continue };
                match frame["op"].as_u64() {
                    Some(1) => {
                        let ack = json!({"op": 11}).to_string();
                        if socket.send(WsMessage::Text(ack.into())).await.is_err() {
                            return;
                        }
                    }
                    Some(2) => {
                        let shard = frame["d"]["shard"].clone();
                        {
                            let mut seen = s.seen();
                            seen.identifies.push(frame["d"].clone());
                            seen.gateway = Some(tx.clone());
                            seen.seq += 1;
                            let ready = json!({"op": 0, "s": seen.seq, "t": "READY", "d": {
                                "v": 10,
                                "user": user_json(BOT, "jungle", true),
                                "guilds": [{"id": GUILD.to_string(), "unavailable": true}],
                                "session_id": format!("session-{}", seen.identifies.len()),
                                "resume_gateway_url": format!("ws://{}/ws", s.addr),
                                "shard": if shard.is_null() { json!([0, 1]) } else { shard },
                                "application": {"id": APP.to_string(), "flags": 0}
                            }});
                            let _ = tx.send(ready.to_string());
                        }
                        s.bump();
                    }
                    _ => {}
                }
            }
        }
    }
}

/// A request body: JSON, or multipart with `payload_json` and `files[n]`.
async fn body(req: Request) -> (Value, Vec<File>) {
    let multipart = req
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if !multipart {
        let bytes = axum::body::to_bytes(req.into_body(), 64 << 20)
            .await
            .unwrap_or_default();
        return (
            serde_json::from_slice(&bytes).unwrap_or(Value::Null),
            Vec::new(),
        );
    }
    let mut form = Multipart::from_request(req, &()).await.expect("multipart");
    let mut payload = Value::Null;
    let mut files = Vec::new();
    while let Some(field) = form.next_field().await.expect("a form field") {
        let name = field.name().unwrap_or_default().to_string();
        let file_name = field.file_name().map(str::to_string);
        let bytes = field.bytes().await.expect("field bytes").to_vec();
        if name == "payload_json" {
            payload = serde_json::from_slice(&bytes).expect("payload_json is JSON");
        } else if name.starts_with("files[") {
            files.push(File {
                name: file_name.unwrap_or(name),
                bytes,
            });
        }
    }
    (payload, files)
}

/// A message from a create/edit body.
fn fill(m: &mut Msg, data: &Value, files: Vec<File>) {
    if let Some(c) = data["content"].as_str() {
        m.content = c.to_string();
    }
    if let Some(e) = data["embeds"].as_array() {
        m.embeds = e.clone();
    }
    if let Some(c) = data["components"].as_array() {
        m.components = c.clone();
    }
    if let Some(f) = data["flags"].as_u64() {
        m.flags = f;
    }
    if !files.is_empty() {
        m.files = files;
    }
}

async fn register(State(s): State<Arc<Shared>>, uri: Uri, req: Request) -> Response {
    let (body, _) = body(req).await;
    let commands: Vec<Value> = body
        .as_array()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .enumerate()
        .map(|(i, mut c)| {
            c["id"] = json!((1_200_000_000_000_000_001u64 + i as u64).to_string());
            c["application_id"] = json!(APP.to_string());
            c["version"] = json!("1");
            c["type"] = json!(1);
            c["default_member_permissions"] = Value::Null;
            c
        })
        .collect();
    s.seen().registrations.push((uri.path().to_string(), body));
    s.bump();
    axum::Json(Value::Array(commands)).into_response()
}

async fn callback(
    State(s): State<Arc<Shared>>,
    Path((id, token)): Path<(u64, String)>,
    req: Request,
) -> Response {
    let (body, files) = body(req).await;
    {
        let mut seen = s.seen();
        if seen.tokens.get(&token) != Some(&id) {
            seen.unknown
                .push(format!("callback for {id} with a foreign token"));
            return not_found();
        }
        let kind = body["type"].as_u64().unwrap_or(0);
        let mut answer = Answer {
            kind,
            ..Answer::default()
        };
        match kind {
            4 | 5 => {
                let mid = seen.id();
                let mut m = Msg {
                    id: mid,
                    channel_id: CHANNEL,
                    pending: kind == 5,
                    ..Msg::default()
                };
                fill(&mut m, &body["data"], files);
                seen.messages.insert(mid, m);
                answer.original = Some(mid);
            }
            8 => {
                answer.choices = body["data"]["choices"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default()
                    .iter()
                    .map(|c| {
                        (
                            c["name"].as_str().unwrap_or_default().to_string(),
                            c["value"].as_str().unwrap_or_default().to_string(),
                        )
                    })
                    .collect();
            }
            _ => {}
        }
        if seen.answers.insert(id, answer).is_some() {
            seen.unknown
                .push(format!("interaction {id} answered twice"));
        }
    }
    s.bump();
    StatusCode::NO_CONTENT.into_response()
}

fn interaction_of(seen: &Seen, token: &str) -> Option<u64> {
    seen.tokens.get(token).copied()
}

async fn followup(
    State(s): State<Arc<Shared>>,
    Path((_app, token)): Path<(u64, String)>,
    req: Request,
) -> Response {
    let (body, files) = body(req).await;
    let json = {
        let mut seen = s.seen();
        let Some(interaction) = interaction_of(&seen, &token) else {
            return not_found();
        };
        let mid = seen.id();
        let mut m = Msg {
            id: mid,
            channel_id: CHANNEL,
            ..Msg::default()
        };
        fill(&mut m, &body, files);
        let json = message_json(&m);
        seen.messages.insert(mid, m);
        seen.answers
            .entry(interaction)
            .or_default()
            .followups
            .push(mid);
        json
    };
    s.bump();
    axum::Json(json).into_response()
}

async fn original(
    State(s): State<Arc<Shared>>,
    Path((_app, token, message)): Path<(u64, String, String)>,
    method: Method,
    req: Request,
) -> Response {
    let (body, files) = body(req).await;
    let reply = {
        let mut seen = s.seen();
        let Some(interaction) = interaction_of(&seen, &token) else {
            return not_found();
        };
        let Some(mid) = seen.answers.get(&interaction).and_then(|a| a.original) else {
            return not_found();
        };
        if message != "@original" || ![Method::GET, Method::PATCH, Method::DELETE].contains(&method)
        {
            seen.unknown
                .push(format!("{method} webhook message {message}"));
            return not_found();
        }
        let m = seen.messages.get_mut(&mid).expect("the original exists");
        match method {
            Method::GET => axum::Json(message_json(m)).into_response(),
            Method::PATCH => {
                fill(m, &body, files);
                m.pending = false;
                axum::Json(message_json(m)).into_response()
            }
            Method::DELETE => {
                m.deleted = true;
                StatusCode::NO_CONTENT.into_response()
            }
            _ => unreachable!("checked above"),
        }
    };
    s.bump();
    reply
}

async fn channel_post(
    State(s): State<Arc<Shared>>,
    Path(channel): Path<u64>,
    req: Request,
) -> Response {
    let (body, files) = body(req).await;
    let reply = {
        let mut seen = s.seen();
        if seen.fail_posts > 0 {
            seen.fail_posts -= 1;
            seen.failed_posts += 1;
            drop(seen);
            s.bump();
            return (
                StatusCode::INTERNAL_SERVER_ERROR,
                axum::Json(json!({"code": 0, "message": "500: Internal Server Error"})),
            )
                .into_response();
        }
        let mid = seen.id();
        let mut m = Msg {
            id: mid,
            channel_id: channel,
            reference: body["message_reference"]["message_id"]
                .as_str()
                .and_then(|s| s.parse().ok()),
            ..Msg::default()
        };
        fill(&mut m, &body, files);
        let json = message_json(&m);
        seen.messages.insert(mid, m);
        axum::Json(json).into_response()
    };
    s.bump();
    reply
}

async fn channel_edit(
    State(s): State<Arc<Shared>>,
    Path((_channel, message)): Path<(u64, u64)>,
    method: Method,
    req: Request,
) -> Response {
    let (body, files) = body(req).await;
    let reply = {
        let mut seen = s.seen();
        if method != Method::PATCH {
            seen.unknown.push(format!("{method} channel message"));
            return not_found();
        }
        let Some(m) = seen.messages.get_mut(&message) else {
            return not_found();
        };
        if let Some(rows) = body["components"].as_array() {
            m.edits.push(rows.clone());
        }
        fill(m, &body, files);
        axum::Json(message_json(m)).into_response()
    };
    s.bump();
    reply
}

fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        axum::Json(json!({"code": 10008, "message": "Unknown Message"})),
    )
        .into_response()
}

async fn unknown(State(s): State<Arc<Shared>>, method: Method, uri: Uri) -> Response {
    s.seen().unknown.push(format!("{method} {}", uri.path()));
    s.bump();
    (
        StatusCode::NOT_FOUND,
        axum::Json(json!({"code": 0, "message": "404: Not Found"})),
    )
        .into_response()
}
