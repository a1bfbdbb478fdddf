//! The Matrix adapter (matrix-sdk): room messages in, [`crate::chat`] replies out as notices
//! and board images. It translates and does nothing else.
//!
//! - [`config`]: the `[matrix]` section. [`session`]: login, saved session, store.
//! - [`text`]: pills and reply fallbacks in, `**bold**` markup to HTML out.
//! - [`rooms`]: invites (allow-list), leaving empty rooms, messages to [`Event`]s, replies out.
//!
//! Start-up is [`Matrix::connect`] (log in or restore, one initial sync whose events are
//! history and never answered, pending invites); [`Matrix::run`] then syncs until stopped.
//! Both sync through [`retry`], which backs off while the homeserver is away.

pub mod config;
mod retry;
mod rooms;
mod session;
pub mod text;

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use matrix_sdk::Client;
use matrix_sdk::config::SyncSettings;
use matrix_sdk::event_handler::EventHandlerHandle;
use tokio::sync::watch;

use crate::chat::Service;

use super::Outbox;
pub use config::MatrixConfig;
pub use retry::backoff;
use retry::{Stop, retrying};
use rooms::Rooms;

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
    client: Client,
    rooms: Arc<Rooms>,
    handlers: Vec<EventHandlerHandle>,
    state: watch::Sender<SyncState>,
}

impl Drop for Matrix {
    /// Stopping (or aborting [`Matrix::run`]) unhooks the handlers and ends the room workers,
    /// so the client and its store can close.
    fn drop(&mut self) {
        for handle in self.handlers.drain(..) {
            self.client.remove_event_handler(handle);
        }
        self.rooms.stop();
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
        let mut client = session::client(&config, false).await?;
        match first_sync(&client, &state).await {
            Ok(()) => {}
            Err(Stop::UnknownToken { .. })
                if matches!(config.login, config::Login::Password(_)) =>
            {
                tracing::warn!(
                    "the saved Matrix session was revoked; logging in again on the same device"
                );
                drop(client);
                client = session::client(&config, true).await?;
                first_sync(&client, &state).await.map_err(stopped)?;
            }
            Err(stop) => return Err(stopped(stop)),
        }
        let own = client
            .user_id()
            .context("the Matrix client has no user id after logging in")?
            .to_owned();
        let rooms = Arc::new(Rooms::new(client.clone(), service, own, config.clone()));
        let handlers = rooms.install_handlers();
        rooms.catch_up().await;
        tracing::info!(user = %config.user_id, rooms = client.joined_rooms().len(), "Matrix is ready");
        Ok(Matrix {
            client,
            rooms,
            handlers,
            state,
        })
    }

    /// The matrix-sdk client (its device id, for instance).
    pub fn client(&self) -> &Client {
        &self.client
    }

    /// Watches the sync loop's state.
    pub fn sync_state(&self) -> watch::Receiver<SyncState> {
        self.state.subscribe()
    }

    /// Syncs and answers until the access token is revoked; posts what the outbox brings.
    pub async fn run(self, mut outbox: Outbox) -> anyhow::Result<()> {
        let sync = self.sync_loop();
        tokio::pin!(sync);
        let mut outbox_open = true;
        loop {
            tokio::select! {
                result = &mut sync => return result,
                out = outbox.recv(), if outbox_open => match out {
                    Some(out) => self.rooms.post_outgoing(out),
                    None => outbox_open = false,
                },
            }
        }
    }

    async fn sync_loop(&self) -> anyhow::Result<()> {
        let settings = SyncSettings::default().timeout(Duration::from_secs(30));
        loop {
            retrying("syncing with the Matrix homeserver", &self.state, || {
                self.client.sync_once(settings.clone())
            })
            .await
            .map_err(stopped)?;
        }
    }
}

/// The first sync: its events are history. Retries while the homeserver is away.
async fn first_sync(client: &Client, state: &watch::Sender<SyncState>) -> Result<(), Stop> {
    retrying("the first sync with the Matrix homeserver", state, || {
        client.sync_once(SyncSettings::default())
    })
    .await
    .map(drop)
}

/// The error that ends the adapter when syncing stops.
fn stopped(stop: Stop) -> anyhow::Error {
    match stop {
        Stop::UnknownToken { soft_logout } => anyhow::anyhow!(
            "the Matrix homeserver no longer accepts the bot's access token (soft logout: {soft_logout}); restart to log in again"
        ),
        Stop::Refused(e) => anyhow::anyhow!("the Matrix homeserver refused to sync: {e}"),
    }
}
