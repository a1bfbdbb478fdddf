//! `jungle check`'s questions to the homeserver, over the plain client API and without the
//! bot's store: does it answer `/_matrix/client/versions`, is the saved session (or the
//! configured access token) still valid, and is the password accepted. A password is tried by
//! logging in as a new device and logging that device out at once, so no device is left.

use std::time::Duration;

use matrix_sdk::reqwest::{Client, Method, StatusCode};
use serde_json::{Value, json};

use super::config::{Login, MatrixConfig};
use super::session;
use store::errors::one_line;

/// How long each request may take.
const PATIENCE: Duration = Duration::from_secs(20);

/// The display name of the device a password check makes (and removes).
const CHECK_DEVICE: &str = "jungle check (logged out at once)";

/// What the homeserver answered: the status and the JSON body (`Null` when it was not JSON).
struct Answer {
    status: StatusCode,
    body: Value,
}

impl Answer {
    /// `M_FORBIDDEN: Invalid password` and the like, or the status alone.
    fn problem(&self) -> String {
        let code = self.body["errcode"].as_str();
        let text = self.body["error"].as_str();
        match (code, text) {
            (Some(c), Some(t)) => format!("{} {c}: {}", self.status, short(t)),
            (Some(c), None) => format!("{} {c}", self.status),
            _ => self.status.to_string(),
        }
    }

    fn errcode(&self) -> Option<&str> {
        self.body["errcode"].as_str()
    }
}

fn short(text: &str) -> String {
    store::errors::squash(text).chars().take(200).collect()
}

struct Homeserver {
    http: Client,
    base: store::secret::SecretUrl,
}

impl Homeserver {
    async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Result<Answer, String> {
        let mut request = self
            .http
            .request(method, format!("{}{path}", self.base.expose()))
            .timeout(PATIENCE);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request
                .header("content-type", "application/json")
                .body(body.to_string());
        }
        let response = request.send().await.map_err(|e| {
            format!(
                "matrix.homeserver: {} does not answer: {}",
                self.base,
                one_line(&e)
            )
        })?;
        let status = response.status();
        let bytes = response.bytes().await.map_err(|e| {
            format!(
                "matrix.homeserver: {} broke off its answer: {}",
                self.base,
                one_line(&e)
            )
        })?;
        Ok(Answer {
            status,
            body: serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        })
    }
}

/// Asks the homeserver what can be asked without changing anything the bot keeps. Ok: what it
/// found, as a phrase; Err: the first problem, one line naming the key at fault. Secrets are
/// sent to the homeserver only, never put in either.
pub async fn probe(config: &MatrixConfig) -> Result<String, String> {
    let http = Client::builder()
        .timeout(PATIENCE)
        .build()
        .map_err(|e| format!("matrix: cannot make an HTTP client: {}", one_line(&e)))?;
    let hs = Homeserver {
        http,
        base: config.homeserver.clone(),
    };
    let versions = hs
        .call(Method::GET, "/_matrix/client/versions", None, None)
        .await?;
    let newest = versions.body["versions"]
        .as_array()
        .and_then(|v| v.iter().filter_map(Value::as_str).next_back())
        .map(str::to_string);
    let newest = match (versions.status.is_success(), newest) {
        (true, Some(v)) => v,
        _ => {
            return Err(format!(
                "matrix.homeserver: {} answered /_matrix/client/versions with {}, not as a Matrix homeserver does; write the client API address",
                hs.base,
                versions.problem()
            ));
        }
    };
    let found = format!("the homeserver answers (Matrix {newest})");
    match &config.login {
        Login::AccessToken(token) => {
            let device = whoami(&hs, config, token.expose(), "matrix.access_token")
                .await?
                .map_err(|a| format!("matrix.access_token: the homeserver refused it ({a})"))?;
            Ok(format!(
                "{found}; the access token of device {device} is accepted"
            ))
        }
        Login::Password(password) => {
            let saved = session::saved_session(config)
                .map_err(|e| format!("matrix.data_dir: {e:#}").replace('\n', " "))?;
            let mut note = String::new();
            if let Some(saved) = saved {
                match whoami(&hs, config, &saved.tokens.access_token, "the saved session").await? {
                    Ok(device) => {
                        return Ok(format!(
                            "{found}; the saved session (device {device}) is valid"
                        ));
                    }
                    Err(a) => {
                        note = format!(
                            "; the saved session is no longer valid ({a}), so `jungle run` logs in again"
                        );
                    }
                }
            }
            log_in_and_out(&hs, config, password.expose()).await?;
            Ok(format!("{found}{note}; the password is accepted"))
        }
    }
}

/// Whose token this is: Ok(Ok(device)) for the configured user's device, Ok(Err(problem)) when
/// the homeserver refuses the token; Err for anything else (`what` names the token).
async fn whoami(
    hs: &Homeserver,
    config: &MatrixConfig,
    token: &str,
    what: &str,
) -> Result<Result<String, String>, String> {
    let a = hs
        .call(
            Method::GET,
            "/_matrix/client/v3/account/whoami",
            Some(token),
            None,
        )
        .await?;
    if a.status == StatusCode::UNAUTHORIZED || a.errcode() == Some("M_UNKNOWN_TOKEN") {
        return Ok(Err(a.problem()));
    }
    if !a.status.is_success() {
        return Err(format!(
            "matrix: the homeserver answered whoami for {what} with {}",
            a.problem()
        ));
    }
    let user = a.body["user_id"].as_str().unwrap_or_default();
    if user != config.user_id.as_str() {
        return Err(format!(
            "{what} belongs to {user}, not to matrix.user_id {}",
            config.user_id
        ));
    }
    match a.body["device_id"].as_str() {
        Some(device) => Ok(Ok(device.to_string())),
        None => Err(format!(
            "{what} is not bound to a device; log in to get a device token"
        )),
    }
}

/// Logs in with the password as a new device and logs that device out again.
async fn log_in_and_out(
    hs: &Homeserver,
    config: &MatrixConfig,
    password: &str,
) -> Result<(), String> {
    let body = json!({
        "type": "m.login.password",
        "identifier": {"type": "m.id.user", "user": config.user_id.as_str()},
        "password": password,
        "initial_device_display_name": CHECK_DEVICE,
    });
    let a = hs
        .call(Method::POST, "/_matrix/client/v3/login", None, Some(body))
        .await?;
    if a.errcode() == Some("M_FORBIDDEN") {
        return Err(format!(
            "matrix.password: the homeserver refused the password for {} ({})",
            config.user_id,
            a.problem()
        ));
    }
    let token = match (a.status.is_success(), a.body["access_token"].as_str()) {
        (true, Some(t)) => t.to_string(),
        _ => {
            return Err(format!(
                "matrix: the homeserver answered the login of {} with {}",
                config.user_id,
                a.problem()
            ));
        }
    };
    let out = hs
        .call(
            Method::POST,
            "/_matrix/client/v3/logout",
            Some(&token),
            Some(json!({})),
        )
        .await?;
    if !out.status.is_success() {
        return Err(format!(
            "matrix: the password works, but logging the check's device out failed ({}); remove the device \"{CHECK_DEVICE}\" by hand",
            out.problem()
        ));
    }
    Ok(())
}
