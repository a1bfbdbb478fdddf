//! The Matrix adapter (matrix-sdk): room messages in, [`chat`] replies out as notices
//! and board images. It translates and does nothing else.
//!
//! - [`config`]: the `[matrix]` section. [`session`]: login, saved session, store.
//! - [`text`]: pills and reply fallbacks in, `**bold**` markup to HTML out.
//! - [`probe`]: `jungle check`'s questions to the homeserver (changing nothing).
//! - [`lease`]: the account's lease in the database, so that one process syncs it.
//! - [`rooms`]: invites (allow-list), leaving empty rooms, messages to [`Event`]s, replies out.
//! - [`touch`]: moves by reaction (an animal on the board, then an arrow on the answer).
//!
//! Start-up is [`Matrix::connect`] (log in or restore, one initial sync whose events are
//! history and never answered, pending invites); [`Matrix::run`] then syncs until stopped.
//! Both sync through [`retry`], which backs off while the homeserver is away. When the
//! homeserver no longer accepts the access token, the bot logs in again as
//! [`session::after_revoked`] decides (the same device after a soft logout, a new device when
//! the old one was logged out) and starts over as after a restart.

pub mod config;
pub mod lease;
pub mod probe;
mod retry;
mod rooms;
mod session;
pub mod text;
mod threads;
mod touch;

use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context as _, bail};
use matrix_sdk::Client;
use matrix_sdk::config::SyncSettings;
use matrix_sdk::event_handler::EventHandlerHandle;
use tokio::sync::watch;

use chat::Service;

use chat::Outbox;
pub use config::MatrixConfig;
use retry::{Stop, retrying};
use rooms::Rooms;
use session::Start;

pub const PLATFORM: &str = "matrix";

/// How the sync loop is doing (tests and logs watch this).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SyncState {
    /// The last sync worked.
    Syncing,
    /// The last `failures` syncs failed; the next try comes after a back-off.
    Retrying { failures: u32 },
}

/// A connected Matrix bot, ready to [`run`](Matrix::run).
pub struct Matrix {
    config: MatrixConfig,
    service: Service,
    session: Session,
    state: watch::Sender<SyncState>,
    clients: watch::Sender<Option<Client>>,
}

/// One login: its client with the room handlers installed.
struct Session {
    client: Client,
    rooms: Arc<Rooms>,
    handlers: Vec<EventHandlerHandle>,
}

impl Drop for Session {
    /// Stopping (or aborting [`Matrix::run`]) unhooks the handlers and ends the room workers,
    /// so the client and its store can close.
    fn drop(&mut self) {
        for handle in self.handlers.drain(..) {
            self.client.remove_event_handler(handle);
        }
        self.rooms.stop();
    }
}

impl Session {
    /// Starts answering on a client that has had its first sync: handlers, then the invites
    /// and empty rooms left from the time the bot was away.
    async fn open(
        client: Client,
        service: Service,
        config: &MatrixConfig,
    ) -> anyhow::Result<Session> {
        let own = client
            .user_id()
            .context("the Matrix client has no user id after logging in")?
            .to_owned();
        let rooms = Arc::new(Rooms::new(client.clone(), service, own, config.clone()));
        let handlers = rooms.install_handlers();
        rooms.catch_up().await;
        tracing::info!(
            user = %config.user_id,
            device = ?client.device_id(),
            rooms = client.joined_rooms().len(),
            "Matrix is ready"
        );
        Ok(Session {
            client,
            rooms,
            handlers,
        })
    }
}

/// Runs the adapter until it fails (see [`Matrix::connect`] and [`Matrix::run`]).
pub async fn run(config: MatrixConfig, service: Service, outbox: Outbox) -> anyhow::Result<()> {
    Matrix::connect(config, service).await?.run(outbox).await
}

impl Matrix {
    /// Logs in (or restores the saved session), syncs once to skip the history, and joins the
    /// rooms it was invited to meanwhile. Messages from before this returns are never answered.
    pub async fn connect(config: MatrixConfig, service: Service) -> anyhow::Result<Matrix> {
        let (state, _) = watch::channel(SyncState::Syncing);
        let client = log_in(&config, Start::Restore, &state).await?;
        let session = Session::open(client.clone(), service.clone(), &config).await?;
        let (clients, _) = watch::channel(Some(client));
        Ok(Matrix {
            config,
            service,
            session,
            state,
            clients,
        })
    }

    /// Watches the client in use: `None` while the bot logs in again, then the new client.
    pub fn clients(&self) -> watch::Receiver<Option<Client>> {
        self.clients.subscribe()
    }

    /// Watches the sync loop's state.
    pub fn sync_state(&self) -> watch::Receiver<SyncState> {
        self.state.subscribe()
    }

    /// Syncs and answers, posting what the outbox brings, until the homeserver refuses the
    /// bot for good. A rejected access token is met by logging in again: what was said
    /// meanwhile is history then, as after a restart.
    pub async fn run(self, mut outbox: Outbox) -> anyhow::Result<()> {
        let Matrix {
            config,
            service,
            mut session,
            state,
            clients,
        } = self;
        loop {
            let start = match serve(&session, &state, &mut outbox).await {
                Stop::Refused(e) => return Err(refused(e)),
                Stop::UnknownToken { soft_logout } => {
                    session::after_revoked(&config.login, soft_logout)?
                }
            };
            // The old session goes first, so that its client can close before the next opens.
            drop(session);
            clients.send_replace(None);
            let client = log_in(&config, start, &state).await?;
            session = Session::open(client.clone(), service.clone(), &config).await?;
            clients.send_replace(Some(client));
        }
    }
}

/// Syncs and posts the outbox until syncing stops.
async fn serve(session: &Session, state: &watch::Sender<SyncState>, outbox: &mut Outbox) -> Stop {
    let settings = SyncSettings::default().timeout(Duration::from_secs(30));
    let sync = async {
        loop {
            let synced = retrying("syncing with the Matrix homeserver", state, || {
                session.client.sync_once(settings.clone())
            })
            .await;
            if let Err(stop) = synced {
                return stop;
            }
        }
    };
    tokio::pin!(sync);
    let mut outbox_open = true;
    loop {
        tokio::select! {
            stop = &mut sync => return stop,
            out = outbox.recv(), if outbox_open => match out {
                Some(out) => session.rooms.post_outgoing(out),
                None => outbox_open = false,
            },
        }
    }
}

/// Logs in as `start` says and syncs once (those events are history). A token rejected at
/// this point is dealt with once, as in [`Matrix::run`]; a second time is an error.
async fn log_in(
    config: &MatrixConfig,
    mut start: Start,
    state: &watch::Sender<SyncState>,
) -> anyhow::Result<Client> {
    let mut recovered = start != Start::Restore;
    loop {
        let client = session::client(config, start, state).await?;
        let first = retrying("the first sync with the Matrix homeserver", state, || {
            client.sync_once(SyncSettings::default())
        })
        .await;
        match first {
            Ok(_) => return Ok(client),
            Err(Stop::Refused(e)) => return Err(refused(e)),
            Err(Stop::UnknownToken { soft_logout }) if !recovered => {
                start = session::after_revoked(&config.login, soft_logout)?;
                recovered = true;
            }
            Err(Stop::UnknownToken { .. }) => {
                bail!("the Matrix homeserver rejected the access token it had just given out")
            }
        }
    }
}

/// The error that ends the adapter when the homeserver refuses to sync.
fn refused(error: matrix_sdk::Error) -> anyhow::Error {
    anyhow::anyhow!("the Matrix homeserver refused to sync: {error}")
}
