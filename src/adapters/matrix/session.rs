//! Logging in once and staying the same device: the session is saved in the data directory
//! (owner-only file) and restored on start, next to the matrix-sdk sqlite store (state and
//! end-to-end keys, optionally encrypted with the store passphrase).

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context as _, bail};
use matrix_sdk::authentication::matrix::MatrixSession;
use matrix_sdk::config::RequestConfig;
use matrix_sdk::ruma::api::error::ErrorKind;
use matrix_sdk::ruma::{OwnedDeviceId, OwnedUserId};
use matrix_sdk::{Client, SessionMeta, SessionTokens};
use serde::{Deserialize, Serialize};

use super::config::{Login, MatrixConfig};

/// What `session.json` holds.
#[derive(Serialize, Deserialize)]
struct Saved {
    homeserver: String,
    #[serde(flatten)]
    session: MatrixSession,
}

fn session_path(config: &MatrixConfig) -> PathBuf {
    config.data_dir.join("session.json")
}

fn store_path(config: &MatrixConfig) -> PathBuf {
    config.data_dir.join("store")
}

/// The saved session, if it belongs to this homeserver and user.
fn load(config: &MatrixConfig) -> anyhow::Result<Option<MatrixSession>> {
    let path = session_path(config);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
    };
    let saved: Saved = serde_json::from_str(&text)
        .with_context(|| format!("{} is not a saved session", path.display()))?;
    if saved.homeserver != config.homeserver || saved.session.meta.user_id != config.user_id {
        tracing::warn!("the saved session is for another account or homeserver; logging in afresh");
        return Ok(None);
    }
    Ok(Some(saved.session))
}

/// Writes the session where only this user can read it.
fn save(config: &MatrixConfig, session: MatrixSession) -> anyhow::Result<()> {
    let path = session_path(config);
    let text = serde_json::to_string_pretty(&Saved {
        homeserver: config.homeserver.clone(),
        session,
    })?;
    let tmp = path.with_extension("json.tmp");
    write_private(&tmp, text.as_bytes()).with_context(|| format!("writing {}", tmp.display()))?;
    std::fs::rename(&tmp, &path).with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}

fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)?.write_all(bytes)
}

async fn build(config: &MatrixConfig) -> anyhow::Result<Client> {
    Client::builder()
        .homeserver_url(&config.homeserver)
        .sqlite_store(
            store_path(config),
            config.store_passphrase.as_ref().map(|p| p.expose()),
        )
        // A few quick retries per request; the sync loop backs off on its own after that.
        .request_config(RequestConfig::new().retry_limit(4))
        .build()
        .await
        .context("setting up the Matrix client and its store")
}

/// A client for the configured account: the saved session restored, or a new login saved.
/// `relogin` logs in again with the password on the saved device (after a revoked token).
pub async fn client(config: &MatrixConfig, relogin: bool) -> anyhow::Result<Client> {
    std::fs::create_dir_all(&config.data_dir)
        .with_context(|| format!("creating {}", config.data_dir.display()))?;
    let saved = load(config)?;
    let device = saved.as_ref().map(|s| s.meta.device_id.clone());
    if let (Some(session), false) = (saved.clone(), relogin) {
        let fresh_token = matches!(&config.login, Login::AccessToken(t) if t.expose() != session.tokens.access_token);
        if !fresh_token {
            let client = build(config).await?;
            client
                .restore_session(session)
                .await
                .context("restoring the saved Matrix session")?;
            tracing::info!(user = %config.user_id, device = ?client.device_id(), "restored the saved Matrix session");
            return Ok(client);
        }
    }
    let session = match &config.login {
        Login::Password(password) => {
            // Log in on the saved device if there is one, so its keys stay valid.
            if device.is_none() {
                clear_store(config).await?;
            }
            let client = build(config).await?;
            let mut login = client
                .matrix_auth()
                .login_username(config.user_id.as_str(), password.expose())
                .initial_device_display_name(&config.device_name);
            if let Some(d) = &device {
                login = login.device_id(d.as_str());
            }
            login.send().await.map_err(|e| {
                if matches!(e.client_api_error_kind(), Some(ErrorKind::Forbidden)) {
                    anyhow::anyhow!(
                        "the Matrix homeserver refused the password for {}",
                        config.user_id
                    )
                } else {
                    anyhow::Error::new(e).context("logging in to the Matrix homeserver")
                }
            })?;
            let session = client
                .matrix_auth()
                .session()
                .context("no session after logging in")?;
            save(config, session)?;
            tracing::info!(user = %config.user_id, device = ?client.device_id(), "logged in to Matrix");
            return Ok(client);
        }
        Login::AccessToken(token) => {
            let (user_id, device_id) = whoami(config, token.expose()).await?;
            if user_id != config.user_id {
                bail!(
                    "matrix.access_token belongs to {user_id}, not to matrix.user_id {}",
                    config.user_id
                );
            }
            if device.as_ref() != Some(&device_id) {
                clear_store(config).await?;
            }
            MatrixSession {
                meta: SessionMeta { user_id, device_id },
                tokens: SessionTokens {
                    access_token: token.expose().to_string(),
                    refresh_token: None,
                },
            }
        }
    };
    let client = build(config).await?;
    client
        .restore_session(session.clone())
        .await
        .context("starting the Matrix session")?;
    save(config, session)?;
    tracing::info!(user = %config.user_id, device = ?client.device_id(), "using the configured Matrix access token");
    Ok(client)
}

/// A new device needs an empty store: the old one holds another device's keys. The store
/// can be large, so it is removed on tokio's blocking pool, off the async workers.
async fn clear_store(config: &MatrixConfig) -> anyhow::Result<()> {
    let dir = store_path(config);
    let exists = tokio::fs::try_exists(&dir)
        .await
        .with_context(|| format!("looking for {}", dir.display()))?;
    if exists {
        tracing::warn!(dir = %dir.display(), "no saved session for this store: starting a new device and store");
        tokio::fs::remove_dir_all(&dir)
            .await
            .with_context(|| format!("removing {}", dir.display()))?;
    }
    Ok(())
}

/// Asks the homeserver whose token this is (user and device).
async fn whoami(
    config: &MatrixConfig,
    token: &str,
) -> anyhow::Result<(OwnedUserId, OwnedDeviceId)> {
    #[derive(Deserialize)]
    struct WhoAmI {
        user_id: OwnedUserId,
        device_id: Option<OwnedDeviceId>,
    }
    let url = format!("{}/_matrix/client/v3/account/whoami", config.homeserver);
    let response = matrix_sdk::reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()?
        .get(url)
        .bearer_auth(token)
        .send()
        .await
        .context("asking the Matrix homeserver who the access token belongs to")?;
    let status = response.status();
    let body = response.bytes().await?;
    if !status.is_success() {
        bail!(
            "the Matrix homeserver refused matrix.access_token ({status}: {})",
            String::from_utf8_lossy(&body)
                .chars()
                .take(200)
                .collect::<String>()
        );
    }
    let who: WhoAmI = serde_json::from_slice(&body).context("reading the whoami answer")?;
    let device = who
        .device_id
        .context("matrix.access_token is not bound to a device; log in to get a device token")?;
    Ok((who.user_id, device))
}
