//! The Matrix adapter (matrix-sdk): room messages in, [`crate::chat`] replies out as notices
//! and board images. It translates and does nothing else.
//!
//! - [`config`]: the `[matrix]` section. [`session`]: login, saved session, store.
//! - [`text`]: pills and reply fallbacks in, `**bold**` markup to HTML out.
//! - [`rooms`]: invites (allow-list), leaving empty rooms, messages to [`Event`]s, replies out.
//!
//! Start-up is [`Matrix::connect`] (log in or restore, one initial sync whose events are
//! history and never answered, pending invites); [`Matrix::run`] then syncs until stopped,
//! backing off while the homeserver is away.

pub mod config;
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

/// The wait before sync attempt `failures + 1`: 1 s doubling up to a minute.
pub fn backoff(failures: u32) -> Duration {
    Duration::from_secs(1u64 << failures.saturating_sub(1).min(6)).min(Duration::from_secs(60))
}

/// Runs the adapter until it fails (see [`Matrix::connect`] and [`Matrix::run`]).
pub async fn run(config: MatrixConfig, service: Service, outbox: Outbox) -> anyhow::Result<()> {
    Matrix::connect(config, service).await?.run(outbox).await
}

impl Matrix {
    /// Logs in (or restores the saved session), syncs once to skip the history, and joins the
    /// rooms it was invited to meanwhile. Messages from before this returns are never answered.
    pub async fn connect(config: MatrixConfig, service: Service) -> anyhow::Result<Matrix> {
        let mut client = session::client(&config, false).await?;
        if let Err(e) = first_sync(&client).await {
            let password = matches!(config.login, config::Login::Password(_));
            match e.downcast_ref::<matrix_sdk::Error>() {
                Some(err) if session::is_unknown_token(err) && password => {
                    tracing::warn!(
                        "the saved Matrix session was revoked; logging in again on the same device"
                    );
                    drop(client);
                    client = session::client(&config, true).await?;
                    first_sync(&client).await?;
                }
                _ => return Err(e),
            }
        }
        let own = client
            .user_id()
            .context("the Matrix client has no user id after logging in")?
            .to_owned();
        let rooms = Arc::new(Rooms::new(client.clone(), service, own, config.clone()));
        let handlers = rooms.install_handlers();
        rooms.catch_up().await;
        let (state, _) = watch::channel(SyncState::Syncing);
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
        let mut failures: u32 = 0;
        loop {
            match self.client.sync_once(settings.clone()).await {
                Ok(_) => {
                    if failures > 0 {
                        tracing::info!(failures, "the Matrix homeserver answers again");
                        failures = 0;
                    }
                    self.state.send_replace(SyncState::Syncing);
                }
                Err(e) if session::is_unknown_token(&e) => {
                    return Err(anyhow::anyhow!(
                        "the Matrix homeserver revoked the bot's access token; restart to log in again"
                    ));
                }
                Err(e) => {
                    failures = failures.saturating_add(1);
                    let wait = backoff(failures);
                    tracing::warn!(error = %e, failures, retry_in = ?wait, "Matrix sync failed");
                    self.state.send_replace(SyncState::Retrying { failures });
                    tokio::time::sleep(wait).await;
                }
            }
        }
    }
}

/// The first sync: its events are history. Retries while the homeserver is unreachable; an
/// answer from the homeserver that is an error (a revoked token) is returned.
async fn first_sync(client: &Client) -> anyhow::Result<()> {
    let mut failures = 0;
    loop {
        match client.sync_once(SyncSettings::default()).await {
            Ok(_) => return Ok(()),
            Err(e) if e.client_api_error_kind().is_some() => return Err(e.into()),
            Err(e) => {
                failures += 1;
                let wait = backoff(failures);
                tracing::warn!(error = %e, failures, retry_in = ?wait, "cannot reach the Matrix homeserver");
                tokio::time::sleep(wait).await;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_up_to_a_minute() {
        let waits: Vec<u64> = (1..=9).map(|f| backoff(f).as_secs()).collect();
        assert_eq!(waits, vec![1, 2, 4, 8, 16, 32, 60, 60, 60]);
    }
}
