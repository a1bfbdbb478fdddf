//! The double's HTTP side: the gateway URL, the websocket session, and the REST routes the
//! bot uses, each recording what it got into [`Seen`].

use std::sync::Arc;

use axum::extract::ws::{CloseFrame, Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::{FromRequest, Multipart, Path, Request, State};
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use tokio::sync::mpsc;

use super::{
    ACKNOWLEDGED, APP, AUTHENTICATION_FAILED, Answer, BOT, CHANNEL, CHOICES, DEFERRED, Down, File,
    GROUP_DM, GUILD, MESSAGE, Msg, Seen, Shared, ThreadMade, UPDATED,
};

fn user_json(id: u64, name: &str, bot: bool) -> Value {
    json!({"id": id.to_string(), "username": name, "global_name": null,
           "discriminator": "0", "avatar": null, "bot": bot})
}

pub(super) fn message_json(m: &Msg) -> Value {
    let attachments: Vec<Value> = m
        .files
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let url = format!("https://cdn.example/{}/{}", m.id, f.name);
            json!({"id": (m.id + i as u64).to_string(), "filename": f.name, "size": f.bytes.len(),
                   "url": url, "proxy_url": url, "content_type": "image/png",
                   "description": f.description})
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

pub(super) async fn gateway(State(s): State<Arc<Shared>>) -> Response {
    axum::Json(json!({"url": format!("ws://{}/ws", s.addr)})).into_response()
}

pub(super) async fn gateway_bot(State(s): State<Arc<Shared>>) -> Response {
    axum::Json(json!({
        "url": format!("ws://{}/ws", s.addr), "shards": 1,
        "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
    }))
    .into_response()
}

/// `GET /users/@me`: the bot's own account for [`TOKEN`](super::TOKEN); 401 as Discord
/// answers for any other token, or once the token is revoked.
pub(super) async fn me(State(s): State<Arc<Shared>>, headers: HeaderMap) -> Response {
    let sent = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    if sent != format!("Bot {}", super::TOKEN) || s.seen().token_revoked {
        return (
            StatusCode::UNAUTHORIZED,
            axum::Json(json!({"message": "401: Unauthorized", "code": 0})),
        )
            .into_response();
    }
    axum::Json(user_json(BOT, "jungle", true)).into_response()
}

pub(super) async fn ws(State(s): State<Arc<Shared>>, upgrade: WebSocketUpgrade) -> Response {
    upgrade.on_upgrade(move |socket| session(s, socket))
}

/// Ends a gateway session with a close code, as Discord does.
async fn close(mut socket: WebSocket, code: u16) {
    let frame = CloseFrame {
        code,
        reason: "Authentication failed.".into(),
    };
    let _ = socket.send(WsMessage::Close(Some(frame))).await;
}

/// One gateway session: HELLO, then READY on IDENTIFY (or a close when the token is revoked),
/// heartbeat ACKs, and dispatches.
async fn session(s: Arc<Shared>, mut socket: WebSocket) {
    let (tx, mut rx) = mpsc::unbounded_channel::<Down>();
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 41250}}).to_string();
    if socket.send(WsMessage::Text(hello.into())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            out = rx.recv() => match out {
                Some(Down::Frame(frame)) => {
                    if socket.send(WsMessage::Text(frame.into())).await.is_err() {
                        return;
                    }
                }
                Some(Down::Close(code)) => return close(socket, code).await,
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
                    Some(2) if s.seen().token_revoked => {
                        return close(socket, AUTHENTICATION_FAILED).await;
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
                            let _ = tx.send(Down::Frame(ready.to_string()));
                        }
                        s.bump();
                    }
                    _ => {}
                }
            }
        }
    }
}

/// A request body: JSON, or multipart with `payload_json` and `files[n]`, each file with the
/// description of the `attachments` entry whose `id` is its `n`.
pub(super) struct Body(Value, Vec<File>);

impl<S: Send + Sync> FromRequest<S> for Body {
    type Rejection = std::convert::Infallible;

    async fn from_request(req: Request, _: &S) -> Result<Body, Self::Rejection> {
        let multipart = req
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("multipart/form-data"));
        if !multipart {
            let bytes = axum::body::to_bytes(req.into_body(), 64 << 20)
                .await
                .unwrap_or_default();
            let json = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
            return Ok(Body(json, Vec::new()));
        }
        let mut form = Multipart::from_request(req, &()).await.expect("multipart");
        let mut payload = Value::Null;
        // (n, file name, bytes) of each `files[n]`.
        let mut uploads = Vec::new();
        while let Some(field) = form.next_field().await.expect("a form field") {
            let name = field.name().unwrap_or_default().to_string();
            let file_name = field.file_name().map(str::to_string);
            let bytes = field.bytes().await.expect("field bytes").to_vec();
            if name == "payload_json" {
                payload = serde_json::from_slice(&bytes).expect("payload_json is JSON");
            } else if let Some(n) = name
                .strip_prefix("files[")
                .and_then(|r| r.strip_suffix(']'))
            {
                uploads.push((
                    n.to_string(),
                    file_name.unwrap_or_else(|| name.clone()),
                    bytes,
                ));
            }
        }
        // An interaction response nests the message under `data`.
        let entries = payload["attachments"]
            .as_array()
            .or(payload["data"]["attachments"].as_array())
            .cloned()
            .unwrap_or_default();
        let files = uploads
            .into_iter()
            .map(|(n, name, bytes)| {
                let entry = entries.iter().find(|a| match &a["id"] {
                    Value::Number(id) => id.to_string() == n,
                    Value::String(id) => *id == n,
                    _ => false,
                });
                File {
                    name,
                    bytes,
                    description: entry
                        .and_then(|a| a["description"].as_str())
                        .map(str::to_string),
                }
            })
            .collect();
        Ok(Body(payload, files))
    }
}

/// A message from a create/edit body.
fn fill(m: &mut Msg, data: &Value, files: Vec<File>) {
    if !data["allowed_mentions"].is_null() {
        m.allowed_mentions = data["allowed_mentions"].clone();
    }
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

pub(super) async fn register(
    State(s): State<Arc<Shared>>,
    uri: Uri,
    Body(body, _): Body,
) -> Response {
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
    record(&s, |seen| {
        seen.registrations.push((uri.path().to_string(), body));
        axum::Json(Value::Array(commands)).into_response()
    })
}

/// Runs `f` on what the double saw, then wakes every waiter to look again.
fn record(s: &Shared, f: impl FnOnce(&mut Seen) -> Response) -> Response {
    let reply = f(&mut s.seen());
    s.bump();
    reply
}

/// Keeps a new message, made from a create body, under a fresh id; returns that id and the
/// message as the API shows it.
fn create(seen: &mut Seen, m: Msg, data: &Value, files: Vec<File>) -> (u64, Value) {
    let mut m = Msg { id: seen.id(), ..m };
    fill(&mut m, data, files);
    let json = message_json(&m);
    let id = m.id;
    seen.messages.insert(id, m);
    (id, json)
}

pub(super) async fn callback(
    State(s): State<Arc<Shared>>,
    Path((id, token)): Path<(u64, String)>,
    Body(body, files): Body,
) -> Response {
    record(&s, |seen| {
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
            ACKNOWLEDGED | UPDATED => {
                let Some(&pressed) = seen.pressed.get(&id) else {
                    seen.unknown
                        .push(format!("callback type {kind} for {id}, which is no press"));
                    return error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
                };
                answer.pressed = Some(pressed);
                if kind == UPDATED {
                    let m = seen
                        .messages
                        .get_mut(&pressed)
                        .expect("pressed messages exist");
                    if let Some(rows) = body["data"]["components"].as_array() {
                        m.updates.push(rows.clone());
                    }
                    fill(m, &body["data"], files);
                }
            }
            MESSAGE | DEFERRED => {
                let m = Msg {
                    channel_id: seen.channel(),
                    pending: kind == DEFERRED,
                    ..Msg::default()
                };
                answer.original = Some(create(seen, m, &body["data"], files).0);
            }
            CHOICES => {
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
        StatusCode::NO_CONTENT.into_response()
    })
}

fn interaction_of(seen: &Seen, token: &str) -> Option<u64> {
    seen.tokens.get(token).copied()
}

pub(super) async fn followup(
    State(s): State<Arc<Shared>>,
    Path((_app, token)): Path<(u64, String)>,
    Body(body, files): Body,
) -> Response {
    record(&s, |seen| {
        let Some(interaction) = interaction_of(seen, &token) else {
            return not_found();
        };
        let m = Msg {
            channel_id: seen.channel(),
            ..Msg::default()
        };
        let (mid, json) = create(seen, m, &body, files);
        seen.answers
            .entry(interaction)
            .or_default()
            .followups
            .push(mid);
        axum::Json(json).into_response()
    })
}

pub(super) async fn original(
    State(s): State<Arc<Shared>>,
    Path((_app, token, message)): Path<(u64, String, String)>,
    method: Method,
    Body(body, files): Body,
) -> Response {
    record(&s, |seen| {
        let Some(interaction) = interaction_of(seen, &token) else {
            return not_found();
        };
        // After a press is acknowledged or answered by an update, `@original` is the pressed
        // message.
        let pressed = seen.answers.get(&interaction).and_then(|a| a.pressed);
        let Some(mid) = seen
            .answers
            .get(&interaction)
            .and_then(|a| a.original.or(a.pressed))
        else {
            return not_found();
        };
        // A follow-up of this interaction, by id: Discord lets its webhook edit it.
        if let Ok(id) = message.parse::<u64>()
            && method == Method::PATCH
        {
            if !seen.answers[&interaction].followups.contains(&id) {
                seen.unknown
                    .push(format!("PATCH webhook message {id} of another interaction"));
                return not_found();
            }
            let m = seen.messages.get_mut(&id).expect("follow-ups exist");
            if let Some(rows) = body["components"].as_array() {
                m.edits.push(rows.clone());
            }
            fill(m, &body, files);
            return axum::Json(message_json(m)).into_response();
        }
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
                if let Some(rows) = body["components"].as_array() {
                    if pressed.is_some() {
                        m.updates.push(rows.clone());
                    } else if !m.pending {
                        // A later edit of a response, not its filling in.
                        m.edits.push(rows.clone());
                    }
                }
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
    })
}

pub(super) async fn channel_post(
    State(s): State<Arc<Shared>>,
    Path(channel): Path<u64>,
    Body(body, files): Body,
) -> Response {
    record(&s, |seen| {
        if channel == GROUP_DM {
            seen.unknown.push("a channel post in a group DM".into());
            return error(StatusCode::FORBIDDEN, 50001, "Missing Access");
        }
        if seen.fail_posts > 0 {
            seen.fail_posts -= 1;
            seen.failed_posts += 1;
            return error(
                StatusCode::INTERNAL_SERVER_ERROR,
                0,
                "500: Internal Server Error",
            );
        }
        let m = Msg {
            channel_id: channel,
            reference: body["message_reference"]["message_id"]
                .as_str()
                .and_then(|s| s.parse().ok()),
            ..Msg::default()
        };
        axum::Json(create(seen, m, &body, files).1).into_response()
    })
}

pub(super) async fn channel_edit(
    State(s): State<Arc<Shared>>,
    Path((channel, message)): Path<(u64, u64)>,
    method: Method,
    Body(body, files): Body,
) -> Response {
    record(&s, |seen| {
        if channel == GROUP_DM {
            seen.unknown.push("a channel edit in a group DM".into());
            return error(StatusCode::FORBIDDEN, 50001, "Missing Access");
        }
        if method != Method::PATCH {
            seen.unknown.push(format!("{method} channel message"));
            return not_found();
        }
        if seen.limit_edits > 0 {
            seen.limit_edits -= 1;
            seen.limited_edits += 1;
            let body = json!({"message": "You are being rate limited.", "retry_after": 0.3,
                              "global": false});
            let mut r = (StatusCode::TOO_MANY_REQUESTS, axum::Json(body)).into_response();
            for (k, v) in [
                ("retry-after", "0.3"),
                ("x-ratelimit-remaining", "0"),
                ("x-ratelimit-reset-after", "0.3"),
                ("x-ratelimit-scope", "user"),
            ] {
                r.headers_mut()
                    .insert(k, v.parse().expect("a header value"));
            }
            return r;
        }
        // Discord keeps ephemeral messages off the channel routes.
        if seen.messages.get(&message).is_some_and(Msg::ephemeral) {
            seen.unknown
                .push(format!("channel edit of ephemeral message {message}"));
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
    })
}

/// A thread as Discord's API shows it.
fn thread_json(t: &ThreadMade) -> Value {
    json!({
        "id": t.id.to_string(), "type": 11, "guild_id": GUILD.to_string(),
        "parent_id": t.parent.to_string(), "owner_id": BOT.to_string(), "name": t.name,
        "message_count": 0, "member_count": 1, "rate_limit_per_user": 0, "flags": 0,
        "total_message_sent": 0,
        "thread_metadata": {"archived": t.archived, "auto_archive_duration": 10080,
                            "archive_timestamp": "2026-12-01T00:00:00.000000+00:00",
                            "locked": false}
    })
}

/// Opens a thread in `channel` (from `message`), as Discord does, or refuses as told.
fn open_thread(s: &Shared, channel: u64, message: Option<u64>, body: &Value) -> Response {
    record(s, |seen| {
        if let Some(code) = seen.refuse_threads {
            let status = if code == 160006 {
                StatusCode::BAD_REQUEST
            } else {
                StatusCode::FORBIDDEN
            };
            return error(status, code, "refused on purpose");
        }
        if channel != CHANNEL {
            return error(
                StatusCode::BAD_REQUEST,
                50024,
                "Cannot execute action on this channel type",
            );
        }
        if message.is_some_and(|m| !seen.messages.contains_key(&m)) {
            return not_found();
        }
        let name = body["name"].as_str().unwrap_or_default().to_string();
        if name.is_empty() || name.chars().count() > 100 {
            seen.unknown.push(format!(
                "a thread name of {} characters",
                name.chars().count()
            ));
        }
        let t = ThreadMade {
            id: seen.id(),
            parent: channel,
            from_message: message,
            name,
            archived: false,
        };
        let json = thread_json(&t);
        seen.threads.push(t);
        (StatusCode::CREATED, axum::Json(json)).into_response()
    })
}

pub(super) async fn thread_from_message(
    State(s): State<Arc<Shared>>,
    Path((channel, message)): Path<(u64, u64)>,
    Body(body, _): Body,
) -> Response {
    open_thread(&s, channel, Some(message), &body)
}

pub(super) async fn thread_alone(
    State(s): State<Arc<Shared>>,
    Path(channel): Path<u64>,
    Body(body, _): Body,
) -> Response {
    open_thread(&s, channel, None, &body)
}

/// Edits a thread the bot opened (archiving it).
pub(super) async fn thread_edit(
    State(s): State<Arc<Shared>>,
    Path(channel): Path<u64>,
    Body(body, _): Body,
) -> Response {
    record(&s, |seen| {
        let Some(t) = seen.threads.iter_mut().find(|t| t.id == channel) else {
            seen.unknown.push(format!("PATCH channel {channel}"));
            return error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
        };
        if let Some(archived) = body["archived"].as_bool() {
            t.archived = archived;
        }
        axum::Json(thread_json(t)).into_response()
    })
}

/// An error as Discord's API sends it.
fn error(status: StatusCode, code: u32, message: &str) -> Response {
    (
        status,
        axum::Json(json!({"code": code, "message": message})),
    )
        .into_response()
}

fn not_found() -> Response {
    error(StatusCode::NOT_FOUND, 10008, "Unknown Message")
}

pub(super) async fn unknown(State(s): State<Arc<Shared>>, method: Method, uri: Uri) -> Response {
    record(&s, |seen| {
        seen.unknown.push(format!("{method} {}", uri.path()));
        error(StatusCode::NOT_FOUND, 0, "404: Not Found")
    })
}
