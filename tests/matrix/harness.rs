//! The Matrix test harness: the throwaway Synapse that `tests/matrix/synapse.sh` starts (found
//! through environment variables), bots under test run in-process, humans as matrix-sdk clients
//! whose sync loop records what they see, and a TCP proxy that can cut the bot off.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use jungle::adapters::matrix::config::MatrixConfig;
use jungle::adapters::matrix::{Matrix, SyncState};
use jungle::chat::{Outgoing, Service, SystemClock};
use jungle::config::Config;
use jungle::store::Store;
use matrix_sdk::config::SyncSettings;
use matrix_sdk::media::{MediaFormat, MediaRequestParameters};
use matrix_sdk::ruma::api::client::room::create_room::v3::Request as CreateRoomRequest;
use matrix_sdk::ruma::events::reaction::ReactionEventContent;
use matrix_sdk::ruma::events::relation::Annotation;
use matrix_sdk::ruma::events::room::member::MembershipState;
use matrix_sdk::ruma::events::room::message::{
    ImageMessageEventContent, MessageType, RoomMessageEventContent,
};
use matrix_sdk::ruma::events::room::redaction::SyncRoomRedactionEvent;
use matrix_sdk::ruma::events::{
    AnySyncMessageLikeEvent, AnySyncStateEvent, AnySyncTimelineEvent, SyncMessageLikeEvent,
    SyncStateEvent,
};
use matrix_sdk::ruma::{OwnedDeviceId, OwnedEventId, OwnedRoomId, OwnedUserId, UserId};
use matrix_sdk::{Client, Room};
use tokio::sync::{Mutex, mpsc, watch};
use tokio::task::JoinHandle;

/// How long any one expected thing may take (the box is small and shared).
pub const PATIENCE: Duration = Duration::from_secs(90);

/// The test homeserver, from the variables `tests/matrix/synapse.sh` exports.
pub struct Env {
    pub url: String,
    pub password: String,
    users: Vec<String>,
}

impl Env {
    pub fn get() -> Option<Env> {
        let url = std::env::var("JUNGLE_MATRIX_URL").ok()?;
        Some(Env {
            url,
            password: std::env::var("JUNGLE_MATRIX_PASSWORD").ok()?,
            users: std::env::var("JUNGLE_MATRIX_USERS")
                .ok()?
                .split_whitespace()
                .map(String::from)
                .collect(),
        })
    }

    /// `@name:localhost`, checking the script registered it.
    pub fn user(&self, name: &str) -> OwnedUserId {
        assert!(
            self.users.iter().any(|u| u == name),
            "tests/matrix/synapse.sh does not register '{name}' (it has: {:?})",
            self.users
        );
        UserId::parse(format!("@{name}:localhost")).unwrap()
    }
}

/// Returns the test homeserver. Without one the test fails, unless `JUNGLE_SKIP_MATRIX=1` asks
/// to skip the Matrix tests (then it prints why and returns).
#[macro_export]
macro_rules! synapse_or_skip {
    () => {
        match $crate::matrix::harness::Env::get() {
            Some(env) => env,
            None if std::env::var_os("JUNGLE_SKIP_MATRIX").is_some() => {
                eprintln!("SKIPPED: no test homeserver and JUNGLE_SKIP_MATRIX is set");
                return;
            }
            None => panic!(
                "no test homeserver (JUNGLE_MATRIX_URL is not set): run the Matrix tests through \
                 `bash tests/run.sh` or `bash tests/matrix/synapse.sh cargo test --test tests matrix::`, \
                 which start a throwaway Synapse (JUNGLE_SKIP_MATRIX=1 skips them)"
            ),
        }
    };
}

pub fn init_logs() {
    crate::common::logs::captured();
}

/// Waits for `what` with [`PATIENCE`], panicking with `what` when it does not happen.
pub async fn within<T>(what: &str, fut: impl std::future::Future<Output = T>) -> T {
    match tokio::time::timeout(PATIENCE, fut).await {
        Ok(v) => v,
        Err(_) => panic!("timed out after {PATIENCE:?} waiting for {what}"),
    }
}

/// A bot under test: the adapter running in this process on its own data directory.
pub struct Bot {
    pub id: OwnedUserId,
    pub dir: PathBuf,
    /// The client in use (`None` while the bot logs in again).
    pub clients: watch::Receiver<Option<Client>>,
    pub state: watch::Receiver<SyncState>,
    pub outbox: mpsc::Sender<Outgoing>,
    task: JoinHandle<anyhow::Result<()>>,
}

/// Extra `[matrix]` lines for a bot.
#[derive(Default)]
pub struct BotOptions<'a> {
    /// The homeserver address the bot uses (a proxy), instead of the test homeserver's.
    pub homeserver: Option<&'a str>,
    /// `allow = [...]`; default: everyone on localhost.
    pub allow: Option<&'a [&'a str]>,
    /// Log in with this access token instead of the password.
    pub access_token: Option<&'a str>,
}

impl Bot {
    pub async fn start(env: &Env, name: &str, dir: &Path) -> Bot {
        Bot::start_with(env, name, dir, BotOptions::default()).await
    }

    /// A bot that reaches its homeserver at `url` (a proxy in front of the test homeserver).
    pub async fn start_at(env: &Env, name: &str, dir: &Path, url: &str) -> Bot {
        let opts = BotOptions {
            homeserver: Some(url),
            ..BotOptions::default()
        };
        Bot::start_with(env, name, dir, opts).await
    }

    pub async fn start_with(env: &Env, name: &str, dir: &Path, opts: BotOptions<'_>) -> Bot {
        let id = env.user(name);
        let login = match opts.access_token {
            Some(token) => format!("access_token = \"{token}\""),
            None => format!("password = \"{}\"", env.password),
        };
        let mut section = format!(
            "homeserver = \"{}\"\nuser_id = \"{id}\"\n{login}\ndata_dir = \"{}\"\nstore_passphrase = \"test passphrase\"\n",
            opts.homeserver.unwrap_or(&env.url),
            dir.join("matrix").display()
        );
        if let Some(allow) = opts.allow {
            let items: Vec<String> = allow.iter().map(|a| format!("\"{a}\"")).collect();
            section.push_str(&format!("allow = [{}]\n", items.join(", ")));
        }
        let table: toml::Table = toml::from_str(&section).unwrap();
        let config = MatrixConfig::from_table(&table, |_| None).unwrap();
        let service = service(dir);
        let matrix = within(
            "the bot to connect",
            Matrix::connect(config, service.clone()),
        )
        .await
        .expect("the bot connects");
        let clients = matrix.clients();
        let state = matrix.sync_state();
        let (outbox, rx) = mpsc::channel(16);
        let task = tokio::spawn(matrix.run(rx));
        Bot {
            id,
            dir: dir.to_path_buf(),
            clients,
            state,
            outbox,
            task,
        }
    }

    /// The matrix-sdk client the bot uses now.
    pub fn client(&self) -> Client {
        self.clients
            .borrow()
            .clone()
            .expect("the bot is logged in (not logging in again)")
    }

    /// Waits until the bot uses a client that `ok` accepts (after logging in again).
    pub async fn wait_client(&mut self, what: &str, ok: impl Fn(&Client) -> bool) -> Client {
        let found = within(what, self.clients.wait_for(|c| c.as_ref().is_some_and(&ok)))
            .await
            .map(|c| c.clone());
        match found {
            Ok(client) => client.expect("a client"),
            Err(_) => {
                let result = (&mut self.task).await;
                panic!("the bot stopped while waiting for {what}: {result:?}")
            }
        }
    }

    /// Waits for the adapter to stop on its own; its result.
    pub async fn finished(self) -> anyhow::Result<()> {
        within("the bot to stop", self.task)
            .await
            .expect("the bot's task ends without a panic")
    }

    /// Stops the bot as a crash would (its task is dropped mid-sync).
    pub async fn stop(self) {
        self.task.abort();
        let _ = self.task.await;
    }

    pub fn store(&self) -> Store {
        Store::open(&self.dir.join("jungle.db")).unwrap()
    }

    /// Waits until the sync loop is in a state `ok` accepts.
    pub async fn wait_state(&mut self, what: &str, ok: impl Fn(SyncState) -> bool) {
        within(what, self.state.wait_for(|s| ok(*s)))
            .await
            .expect("the bot runs");
    }
}

/// The chat service on `dir/jungle.db`.
pub fn service(dir: &Path) -> Service {
    let mut config = Config::default();
    config.store.database = Some(jungle::store::Location::File(dir.join("jungle.db")));
    jungle::adapters::open_service(&config, Arc::new(SystemClock)).unwrap()
}

/// Something a human's client saw in a room.
#[derive(Clone, Debug)]
pub struct Seen {
    pub room: OwnedRoomId,
    pub sender: OwnedUserId,
    /// The event's id (a membership change's too).
    pub event_id: OwnedEventId,
    pub what: Saw,
}

#[derive(Clone, Debug)]
pub enum Saw {
    Message {
        content: Box<RoomMessageEventContent>,
        /// It arrived encrypted and the client decrypted it.
        encrypted: bool,
    },
    Member {
        user: OwnedUserId,
        membership: MembershipState,
    },
    /// A reaction (`m.annotation`) with `key` on `target`.
    Reaction { target: OwnedEventId, key: String },
    /// A redaction of `target`.
    Redaction { target: OwnedEventId },
    /// An encrypted event the client could not decrypt.
    Undecryptable,
}

/// A person: a matrix-sdk client (in-memory stores) syncing in the background.
pub struct Human {
    pub id: OwnedUserId,
    pub client: Client,
    seen: Mutex<mpsc::UnboundedReceiver<Seen>>,
    sync: JoinHandle<()>,
}

impl Drop for Human {
    fn drop(&mut self) {
        self.sync.abort();
    }
}

impl Human {
    pub async fn login(env: &Env, name: &str) -> Human {
        let id = env.user(name);
        let client = Client::builder()
            .homeserver_url(&env.url)
            .build()
            .await
            .unwrap();
        client
            .matrix_auth()
            .login_username(id.as_str(), &env.password)
            .initial_device_display_name("test human")
            .send()
            .await
            .unwrap();
        // What happened before this test is not its business.
        client.sync_once(SyncSettings::default()).await.unwrap();
        let (tx, rx) = mpsc::unbounded_channel();
        client.add_event_handler(
            move |ev: AnySyncTimelineEvent,
                  room: Room,
                  info: Option<matrix_sdk::deserialized_responses::EncryptionInfo>| {
                let tx = tx.clone();
                async move {
                    let what = match &ev {
                        AnySyncTimelineEvent::MessageLike(
                            AnySyncMessageLikeEvent::RoomMessage(SyncMessageLikeEvent::Original(m)),
                        ) => Saw::Message {
                            content: Box::new(m.content.clone()),
                            encrypted: info.is_some(),
                        },
                        AnySyncTimelineEvent::MessageLike(AnySyncMessageLikeEvent::Reaction(
                            SyncMessageLikeEvent::Original(r),
                        )) => Saw::Reaction {
                            target: r.content.relates_to.event_id.clone(),
                            key: r.content.relates_to.key.clone(),
                        },
                        AnySyncTimelineEvent::MessageLike(
                            AnySyncMessageLikeEvent::RoomRedaction(
                                SyncRoomRedactionEvent::Original(r),
                            ),
                        ) => match r.content.redacts.clone().or_else(|| r.redacts.clone()) {
                            Some(target) => Saw::Redaction { target },
                            None => return,
                        },
                        AnySyncTimelineEvent::MessageLike(
                            AnySyncMessageLikeEvent::RoomEncrypted(_),
                        ) => Saw::Undecryptable,
                        AnySyncTimelineEvent::State(AnySyncStateEvent::RoomMember(
                            SyncStateEvent::Original(m),
                        )) => Saw::Member {
                            user: m.state_key.clone(),
                            membership: m.content.membership.clone(),
                        },
                        _ => return,
                    };
                    let _ = tx.send(Seen {
                        room: room.room_id().to_owned(),
                        sender: ev.sender().to_owned(),
                        event_id: ev.event_id().to_owned(),
                        what,
                    });
                }
            },
        );
        let syncing = client.clone();
        let sync = tokio::spawn(async move {
            let settings = SyncSettings::default().timeout(Duration::from_secs(10));
            loop {
                if let Err(e) = syncing.sync(settings.clone()).await {
                    eprintln!("a human's sync failed: {e}");
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
            }
        });
        Human {
            id,
            client,
            seen: Mutex::new(rx),
            sync,
        }
    }

    /// Creates a room (encrypted or not) and invites `invite`.
    pub async fn create_room(&self, invite: &[&OwnedUserId], encrypted: bool) -> Room {
        let room = self
            .client
            .create_room(CreateRoomRequest::new())
            .await
            .unwrap();
        if encrypted {
            room.enable_encryption().await.unwrap();
        }
        for user in invite {
            room.invite_user_by_id(user).await.unwrap();
        }
        room
    }

    pub async fn say(&self, room: &Room, text: &str) -> OwnedEventId {
        room.send(RoomMessageEventContent::text_plain(text))
            .await
            .unwrap()
            .response
            .event_id
    }

    pub async fn send(&self, room: &Room, content: RoomMessageEventContent) -> OwnedEventId {
        room.send(content).await.unwrap().response.event_id
    }

    /// Reacts to `target` with `key` (encrypted in encrypted rooms, as clients do).
    pub async fn react(&self, room: &Room, target: &OwnedEventId, key: &str) {
        let annotation = Annotation::new(target.clone(), key.to_string());
        room.send(ReactionEventContent::new(annotation))
            .await
            .unwrap();
    }

    /// The next thing seen in `room` for which `pick` gives `Some`; earlier ones are dropped.
    pub async fn wait_for<T>(
        &self,
        what: &str,
        room: &Room,
        mut pick: impl FnMut(&Seen) -> Option<T>,
    ) -> T {
        let mut seen = self.seen.lock().await;
        let mut passed = Vec::new();
        let found = tokio::time::timeout(PATIENCE, async {
            while let Some(s) = seen.recv().await {
                if s.room != room.room_id() {
                    continue;
                }
                if let Some(t) = pick(&s) {
                    return Some(t);
                }
                passed.push(s);
            }
            None
        })
        .await;
        match found {
            Ok(Some(t)) => t,
            _ => panic!(
                "{} timed out waiting for {what}; it saw meanwhile:\n{}",
                self.id,
                passed
                    .iter()
                    .map(|s| format!("  {s:?}"))
                    .collect::<Vec<_>>()
                    .join("\n")
            ),
        }
    }

    /// Waits until `user`'s membership in `room` becomes `membership`.
    pub async fn wait_membership(&self, room: &Room, user: &UserId, membership: MembershipState) {
        self.wait_for(&format!("{user} to be {membership}"), room, |s| {
            match &s.what {
                Saw::Member {
                    user: u,
                    membership: m,
                } if u == user && *m == membership => Some(()),
                _ => None,
            }
        })
        .await
    }

    /// Waits until every one of `users` has joined `room`, in whatever order their joins come
    /// (waiting for one after the other would pass over the second's join if it came first).
    pub async fn wait_joined(&self, room: &Room, users: &[&UserId]) {
        let mut waiting: Vec<&UserId> = users.to_vec();
        self.wait_for(&format!("{users:?} to join"), room, |s| {
            if let Saw::Member {
                user,
                membership: MembershipState::Join,
            } = &s.what
            {
                waiting.retain(|u| *u != &**user);
            }
            waiting.is_empty().then_some(())
        })
        .await
    }

    /// The bot's next message in `room` (notice or image), whatever it is.
    pub async fn next_from(&self, room: &Room, bot: &UserId) -> Message {
        self.wait_for(&format!("a message from {bot}"), room, |s| match &s.what {
            Saw::Message { content, encrypted } if s.sender == bot => Some(Message {
                content: (**content).clone(),
                encrypted: *encrypted,
                event_id: s.event_id.clone(),
            }),
            Saw::Undecryptable if s.sender == bot => {
                panic!("{} could not decrypt a message from {bot}", self.id)
            }
            _ => None,
        })
        .await
    }

    /// The bot's next notice in `room` whose body contains `needle` (other messages pass by).
    pub async fn notice_with(&self, room: &Room, bot: &UserId, needle: &str) -> Message {
        self.wait_for(
            &format!("a notice from {bot} saying {needle:?}"),
            room,
            |s| match &s.what {
                Saw::Message { content, encrypted }
                    if s.sender == bot && content.body().contains(needle) =>
                {
                    Some(Message {
                        content: (**content).clone(),
                        encrypted: *encrypted,
                        event_id: s.event_id.clone(),
                    })
                }
                Saw::Undecryptable if s.sender == bot => {
                    panic!("could not decrypt a message from {bot}")
                }
                _ => None,
            },
        )
        .await
    }

    /// Downloads (and decrypts, in encrypted rooms) an image message's file.
    pub async fn download(&self, image: &ImageMessageEventContent) -> Vec<u8> {
        self.client
            .media()
            .get_media_content(
                &MediaRequestParameters {
                    source: image.source.clone(),
                    format: MediaFormat::File,
                },
                false,
            )
            .await
            .unwrap()
    }
}

/// A message from the bot as the human saw it.
#[derive(Debug)]
pub struct Message {
    pub content: RoomMessageEventContent,
    pub encrypted: bool,
    pub event_id: OwnedEventId,
}

impl Message {
    pub fn body(&self) -> &str {
        self.content.body()
    }

    pub fn is_notice(&self) -> bool {
        matches!(self.content.msgtype, MessageType::Notice(_))
    }

    /// The formatted (HTML) body of a notice.
    pub fn html(&self) -> Option<&str> {
        match &self.content.msgtype {
            MessageType::Notice(n) => n.formatted.as_ref().map(|f| f.body.as_str()),
            _ => None,
        }
    }

    pub fn mentions(&self) -> Vec<OwnedUserId> {
        self.content
            .mentions
            .iter()
            .flat_map(|m| m.user_ids.iter().cloned())
            .collect()
    }

    pub fn image(&self) -> Option<&ImageMessageEventContent> {
        match &self.content.msgtype {
            MessageType::Image(i) => Some(i),
            _ => None,
        }
    }
}

/// A PNG as (width, height, RGBA pixels).
pub fn decode_png(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::ALPHA);
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("a sane size")];
    let frame = reader.next_frame(&mut buf).expect("PNG pixels");
    buf.truncate(frame.buffer_size());
    (frame.width, frame.height, buf)
}

/// A small RGBA PNG with a recognisable pattern.
pub fn test_png(width: u32, height: u32) -> (Vec<u8>, Vec<u8>) {
    let pixels: Vec<u8> = (0..width * height)
        .flat_map(|i| [(i % 251) as u8, (i / 7 % 256) as u8, 200, 255])
        .collect();
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().unwrap();
        writer.write_image_data(&pixels).unwrap();
    }
    (out, pixels)
}

/// A TCP proxy in front of the homeserver that can be switched off (connections cut, new
/// ones closed at once) and on again.
pub struct Proxy {
    pub url: String,
    up: watch::Sender<bool>,
    task: JoinHandle<()>,
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Proxy {
    pub async fn start(upstream: &str) -> Proxy {
        let upstream = upstream
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_string();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let (up, _) = watch::channel(true);
        let watch_up = up.clone();
        let task = tokio::spawn(async move {
            loop {
                let Ok((mut inbound, _)) = listener.accept().await else {
                    continue;
                };
                let mut up = watch_up.subscribe();
                if !*up.borrow() {
                    drop(inbound);
                    continue;
                }
                let upstream = upstream.clone();
                tokio::spawn(async move {
                    let Ok(mut outbound) = tokio::net::TcpStream::connect(&upstream).await else {
                        return;
                    };
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound) => {}
                        _ = up.wait_for(|u| !*u) => {}
                    }
                });
            }
        });
        Proxy { url, up, task }
    }

    pub fn set_up(&self, up: bool) {
        self.up.send_replace(up);
    }
}

/// Logs `name` in over the plain API (no client state, no keys uploaded): a fresh device's
/// access token and its id, as an operator would get one for the bot's config.
pub async fn device_token(env: &Env, name: &str) -> (String, OwnedDeviceId) {
    use matrix_sdk::ruma::api::client::session::login::v3::{LoginInfo, Password, Request};
    use matrix_sdk::ruma::api::client::uiaa::{MatrixUserIdentifier, UserIdentifier};
    let client = Client::builder()
        .homeserver_url(&env.url)
        .build()
        .await
        .unwrap();
    let id = env.user(name);
    let request = Request::new(LoginInfo::Password(Password::new(
        UserIdentifier::Matrix(MatrixUserIdentifier::new(id.to_string())),
        env.password.clone(),
    )));
    let response = client.send(request).await.unwrap();
    (response.access_token, response.device_id)
}
