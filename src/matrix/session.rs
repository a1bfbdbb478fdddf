//! Logging in once and staying the same device: the session is saved in the data directory
//! (owner-only file) and restored on start, next to the matrix-sdk sqlite store (state and
//! end-to-end keys, optionally encrypted with the store passphrase). Each device has its own
//! store directory, named in the saved session.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::{Context as _, bail};
use matrix_sdk::authentication::matrix::MatrixSession;
use matrix_sdk::config::RequestConfig;
use matrix_sdk::ruma::api::error::ErrorKind;
use matrix_sdk::ruma::{OwnedDeviceId, OwnedUserId};
use matrix_sdk::{Client, SessionMeta, SessionTokens};
use serde::{Deserialize, Serialize};
use tokio::sync::watch;

use store::files;

use super::SyncState;
use super::config::{Login, MatrixConfig};
use super::retry::{Stop, retrying};

/// What `session.json` holds.
#[derive(Serialize, Deserialize)]
struct Saved {
    homeserver: String,
    /// The device's store directory, in the data directory.
    #[serde(default = "first_store")]
    store: String,
    #[serde(flatten)]
    session: MatrixSession,
}

/// The store of sessions saved before each device had its own.
fn first_store() -> String {
    "store".into()
}

fn session_path(config: &MatrixConfig) -> PathBuf {
    config.data_dir.join("session.json")
}

/// The saved session, if it belongs to this homeserver and user (read on the blocking pool).
async fn load(config: &MatrixConfig) -> anyhow::Result<Option<Saved>> {
    let config = config.clone();
    tokio::task::spawn_blocking(move || load_now(&config)).await?
}

/// Writes the session (and the name of its store) on the blocking pool.
async fn save(config: &MatrixConfig, store: &str, session: MatrixSession) -> anyhow::Result<()> {
    let (config, store) = (config.clone(), store.to_string());
    tokio::task::spawn_blocking(move || save_now(&config, &store, session)).await?
}

fn load_now(config: &MatrixConfig) -> anyhow::Result<Option<Saved>> {
    let path = session_path(config);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
    };
    let saved: Saved = serde_json::from_str(&text)
        .with_context(|| format!("{} is not a saved session", path.display()))?;
    if saved.homeserver != config.homeserver.expose()
        || saved.session.meta.user_id != config.user_id
    {
        tracing::warn!("the saved session is for another account or homeserver; logging in afresh");
        return Ok(None);
    }
    Ok(Some(saved))
}

/// The saved session of the configured account, if there is one (for `jungle check`, which
/// asks the homeserver whether its token still works).
pub(super) fn saved_session(config: &MatrixConfig) -> anyhow::Result<Option<MatrixSession>> {
    Ok(load_now(config)?.map(|saved| saved.session))
}

/// Writes the session (and the name of its store) where only this user can read it.
fn save_now(config: &MatrixConfig, store: &str, session: MatrixSession) -> anyhow::Result<()> {
    let path = session_path(config);
    let text = serde_json::to_string_pretty(&Saved {
        homeserver: config.homeserver.expose().to_string(),
        store: store.to_string(),
        session,
    })?;
    let tmp = path.with_extension("json.tmp");
    files::write_private(&tmp, text.as_bytes())
        .with_context(|| format!("writing {}", tmp.display()))?;
    std::fs::rename(&tmp, &path).with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}

/// What the bot keeps in its data directory (see [`files::data_folder`]).
const DATA_DIR_ENTRIES: &[&str] = &["session.json", "store"];

/// Makes the data directory for this user only (see [`files::data_folder`]), on the blocking
/// pool.
async fn prepare_data_dir(config: &MatrixConfig) -> anyhow::Result<()> {
    let dir = config.data_dir.clone();
    tokio::task::spawn_blocking(move || {
        files::data_folder(&dir, DATA_DIR_ENTRIES)
            .with_context(|| format!("creating {}", dir.display()))
    })
    .await?
}

/// A client on the store directory `store`. The directory and the files matrix-sdk makes in it
/// (the state, the end-to-end keys) are for this user only.
async fn build(config: &MatrixConfig, store: &str) -> anyhow::Result<Client> {
    let dir = config.data_dir.join(store);
    let made = dir.clone();
    tokio::task::spawn_blocking(move || {
        files::own_folder(&made).with_context(|| format!("creating {}", made.display()))
    })
    .await??;
    let client = Client::builder()
        .homeserver_url(config.homeserver.expose())
        .sqlite_store(&dir, config.store_passphrase.as_ref().map(|p| p.expose()))
        // A few quick retries per request; the sync loop backs off on its own after that.
        .request_config(RequestConfig::new().retry_limit(4))
        .build()
        .await
        .context("setting up the Matrix client and its store")?;
    // SQLite made its files with the usual permissions (unreachable for others in the private
    // directory); narrowed, the -wal and -shm files it makes later take theirs from them.
    tokio::task::spawn_blocking(move || {
        files::seal_tree(&dir).with_context(|| format!("making {} private", dir.display()))
    })
    .await??;
    Ok(client)
}

/// How [`client`] starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// Restore the saved session, or log in when there is none.
    Restore,
    /// Log in again with the password on the saved device, keeping the store: after a soft
    /// logout the device and its keys still exist.
    SameDevice,
    /// Forget the saved session and its store and log in as a new device: after a hard
    /// logout (the device deleted, or its token revoked) the homeserver has dropped the
    /// device's keys, so other users' clients would no longer encrypt for it.
    NewDevice,
}

/// How to go on when the homeserver no longer accepts the access token.
pub fn after_revoked(login: &Login, soft_logout: bool) -> anyhow::Result<Start> {
    match (login, soft_logout) {
        (Login::Password(_), true) => {
            tracing::warn!(
                "the Matrix homeserver logged the bot out softly; logging in again on the same device"
            );
            Ok(Start::SameDevice)
        }
        (Login::Password(_), false) => {
            tracing::warn!("the bot's Matrix device was logged out; starting over as a new device");
            Ok(Start::NewDevice)
        }
        (Login::AccessToken(_), _) => bail!(
            "the Matrix homeserver no longer accepts matrix.access_token; put a new one in the config, or a password so the bot can log in again by itself"
        ),
    }
}

/// A client for the configured account, as `start` says: the saved session restored, or a
/// new login saved. The login request backs off like the syncs while the homeserver is away
/// (shown on `state`).
pub async fn client(
    config: &MatrixConfig,
    start: Start,
    state: &watch::Sender<SyncState>,
) -> anyhow::Result<Client> {
    prepare_data_dir(config).await?;
    if start == Start::NewDevice {
        forget(config).await?;
    }
    let saved = load(config).await?;
    let device = saved.as_ref().map(|s| s.session.meta.device_id.clone());
    if let (Some(saved), Start::Restore) = (&saved, start) {
        let session = saved.session.clone();
        let fresh_token = matches!(&config.login, Login::AccessToken(t) if t.expose() != session.tokens.access_token);
        if !fresh_token {
            let client = build(config, &saved.store).await?;
            client
                .restore_session(session)
                .await
                .context("restoring the saved Matrix session")?;
            tracing::info!(user = %config.user_id, device = ?client.device_id(), "restored the saved Matrix session");
            return Ok(client);
        }
    }
    let (store, session) = match &config.login {
        Login::Password(password) => {
            // Log in on the saved device if there is one, so its keys stay valid.
            let store = match &saved {
                Some(saved) => saved.store.clone(),
                None => new_store(config).await?,
            };
            let client = build(config, &store).await?;
            let logged_in = retrying("logging in to the Matrix homeserver", state, || {
                let mut login = client
                    .matrix_auth()
                    .login_username(config.user_id.as_str(), password.expose())
                    .initial_device_display_name(&config.device_name);
                if let Some(d) = &device {
                    login = login.device_id(d.as_str());
                }
                login.send()
            })
            .await;
            match logged_in {
                Ok(_) => {}
                Err(Stop::Refused(e))
                    if matches!(e.client_api_error_kind(), Some(ErrorKind::Forbidden)) =>
                {
                    bail!(
                        "the Matrix homeserver refused the password for {}",
                        config.user_id
                    )
                }
                Err(Stop::Refused(e)) => {
                    return Err(
                        anyhow::Error::new(e).context("logging in to the Matrix homeserver")
                    );
                }
                Err(Stop::UnknownToken { .. }) => {
                    bail!("the Matrix homeserver answered the login with M_UNKNOWN_TOKEN")
                }
            }
            let session = client
                .matrix_auth()
                .session()
                .context("no session after logging in")?;
            save(config, &store, session).await?;
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
            let store = match &saved {
                Some(saved) if device.as_ref() == Some(&device_id) => saved.store.clone(),
                _ => new_store(config).await?,
            };
            let session = MatrixSession {
                meta: SessionMeta { user_id, device_id },
                tokens: SessionTokens {
                    access_token: token.expose().to_string(),
                    refresh_token: None,
                },
            };
            (store, session)
        }
    };
    let client = build(config, &store).await?;
    client
        .restore_session(session.clone())
        .await
        .context("starting the Matrix session")?;
    save(config, &store, session).await?;
    tracing::info!(user = %config.user_id, device = ?client.device_id(), "using the configured Matrix access token");
    Ok(client)
}

/// Forgets the saved session, so that the next login makes a new device (with a new store).
async fn forget(config: &MatrixConfig) -> anyhow::Result<()> {
    let path = session_path(config);
    match tokio::fs::remove_file(&path).await {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            Err(e).with_context(|| format!("removing {}", path.display()))
        }
        _ => Ok(()),
    }
}

/// A new device needs an empty store, as the old one holds another device's keys: a new
/// directory, not the old one emptied, because a client of the old device may still have its
/// databases open and would go on writing at the old paths. The former devices' stores are
/// removed, on tokio's blocking pool (they can be large); one still in use may resist, and
/// goes the next time. Returns the new directory's name.
async fn new_store(config: &MatrixConfig) -> anyhow::Result<String> {
    let dir = config.data_dir.clone();
    tokio::task::spawn_blocking(move || {
        let millis = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis());
        // Made here (not by the store later), so that two new stores in one millisecond
        // still get two names.
        let mut name = format!("store-{millis}");
        while std::fs::create_dir(dir.join(&name)).is_err() && dir.join(&name).exists() {
            name.push('x');
        }
        remove_stores(&dir, &name);
        name
    })
    .await
    .context("choosing a store directory")
}

/// Removes the store directories in `dir` other than `keep`, logging what it cannot remove.
fn remove_stores(dir: &Path, keep: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let is_store = name
            .to_str()
            .is_some_and(|n| n != keep && (n == "store" || n.starts_with("store-")));
        if is_store && entry.file_type().is_ok_and(|t| t.is_dir()) {
            let path = entry.path();
            tracing::info!(dir = %path.display(), "removing the store of a former device");
            if let Err(e) = std::fs::remove_dir_all(&path) {
                tracing::warn!(dir = %path.display(), error = %e, "cannot remove a former device's store yet");
            }
        }
    }
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
    let url = format!(
        "{}/_matrix/client/v3/account/whoami",
        config.homeserver.expose()
    );
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

#[cfg(test)]
mod tests {
    use super::*;

    fn login(key: &str) -> Login {
        let table: toml::Table = toml::from_str(&format!(
            "homeserver = \"https://m.example.org\"\nuser_id = \"@j:example.org\"\n{key} = \"syt_secret\"\n"
        ))
        .unwrap();
        MatrixConfig::from_table(&table, |_| None).unwrap().login
    }

    #[tokio::test]
    async fn a_new_device_gets_a_new_store_and_the_old_ones_go() {
        let dir = tempfile::tempdir().unwrap();
        let table: toml::Table = toml::from_str(&format!(
            "homeserver = \"https://m.example.org\"\nuser_id = \"@j:example.org\"\npassword = \"p\"\ndata_dir = {:?}\n",
            dir.path().display().to_string()
        ))
        .unwrap();
        let config = MatrixConfig::from_table(&table, |_| None).unwrap();
        for old in ["store", "store-1"] {
            std::fs::create_dir_all(dir.path().join(old).join("sub")).unwrap();
            std::fs::write(dir.path().join(old).join("sub/db"), b"x").unwrap();
        }
        std::fs::write(dir.path().join("session.json"), b"{}").unwrap();
        std::fs::create_dir(dir.path().join("storage")).unwrap();
        let name = new_store(&config).await.unwrap();
        assert!(name.starts_with("store-"), "{name}");
        let mut left: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        left.sort();
        assert_eq!(
            left,
            vec!["session.json", "storage", name.as_str()],
            "only former stores go; the new one is made at once"
        );
        let second = new_store(&config).await.unwrap();
        assert_ne!(second, name);
    }

    /// The data directory, the store and every file matrix-sdk makes in it (the end-to-end keys
    /// among them) are for this user only, also in a directory the operator made beforehand.
    #[cfg(unix)]
    #[tokio::test]
    async fn the_data_directory_and_the_store_are_private() {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("matrix");
        std::fs::create_dir(&dir).unwrap();
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
        let table: toml::Table = toml::from_str(&format!(
            // Nothing listens there; building a client sets up its store without asking.
            "homeserver = \"http://127.0.0.1:9\"\nuser_id = \"@j:example.org\"\npassword = \"p\"\ndata_dir = {:?}\n",
            dir.display().to_string()
        ))
        .unwrap();
        let config = MatrixConfig::from_table(&table, |_| None).unwrap();
        prepare_data_dir(&config).await.unwrap();
        assert_eq!(mode(&dir), 0o700);
        let store = new_store(&config).await.unwrap();
        let client = build(&config, &store).await.unwrap();
        assert_eq!(mode(&dir.join(&store)), 0o700);
        let files: Vec<_> = std::fs::read_dir(dir.join(&store))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        // The keys' database, and the -wal file SQLite wrote before the store was narrowed.
        for name in ["matrix-sdk-crypto.sqlite3", "matrix-sdk-crypto.sqlite3-wal"] {
            assert!(files.iter().any(|f| f.ends_with(name)), "{files:?}");
        }
        for f in &files {
            assert_eq!(mode(f), 0o600, "{}", f.display());
        }
        drop(client);
    }

    #[test]
    fn a_revoked_token_is_met_by_the_right_login() {
        let password = login("password");
        // Soft logout: the device survives; log in on it again.
        assert_eq!(after_revoked(&password, true).unwrap(), Start::SameDevice);
        // Hard logout: the device and its keys are gone; become a new device.
        assert_eq!(after_revoked(&password, false).unwrap(), Start::NewDevice);
        // Without a password there is no way back in.
        let token = login("access_token");
        assert!(matches!(token, Login::AccessToken(_)));
        for soft in [true, false] {
            let e = after_revoked(&token, soft).unwrap_err().to_string();
            assert!(e.contains("matrix.access_token"), "{e}");
            assert!(!e.contains("syt_secret"), "{e}");
        }
    }
}
