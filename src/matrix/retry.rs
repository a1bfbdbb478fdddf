//! One rule for requests that fail, used by the first sync and the sync loop alike: transient
//! failures (no connection, timeouts, 5xx, 429) are retried after a back-off of 1 s doubling to
//! a minute (longer when the homeserver asks for it with `retry_after`); a rejected access token
//! goes back to the caller, which logs in again; any other refusal (4xx such as `M_FORBIDDEN`)
//! stops with an error that says what the homeserver answered.

use std::future::Future;
use std::time::{Duration, SystemTime};

use matrix_sdk::HttpError;
use matrix_sdk::ruma::api::client::uiaa::UiaaResponse;
use matrix_sdk::ruma::api::error::{ErrorKind, FromHttpResponseError, RetryAfter};
use tokio::sync::watch;

use super::SyncState;

/// The longest wait between two tries, unless the homeserver asks for more.
const MAX_BACKOFF: Duration = Duration::from_secs(60);

/// The wait before attempt `failures + 1`: 1 s doubling up to a minute.
pub fn backoff(failures: u32) -> Duration {
    Duration::from_secs(1u64 << failures.saturating_sub(1).min(6)).min(MAX_BACKOFF)
}

/// What a failed request means for the bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// Worth trying again: the homeserver is away, slow, overloaded or rate-limiting
    /// (`retry_after` is how long it asked the client to wait).
    Transient { retry_after: Option<Duration> },
    /// The access token is no longer accepted; `soft_logout` says the device survives.
    UnknownToken { soft_logout: bool },
    /// The homeserver refused the request; trying again would get the same answer.
    Refused,
}

/// Sorts a matrix-sdk error. Anything not known to be a refusal is treated as transient:
/// network errors, timeouts, 5xx and 429 answers, garbled answers, local store hiccups.
pub fn classify(error: &matrix_sdk::Error) -> Failure {
    match error {
        matrix_sdk::Error::Http(http) => classify_http(http),
        _ => Failure::Transient { retry_after: None },
    }
}

fn classify_http(error: &HttpError) -> Failure {
    match error {
        HttpError::Cached(inner) => classify_http(inner),
        HttpError::IntoHttp(_) | HttpError::RefreshToken(_) => Failure::Refused,
        HttpError::Api(api) => match api.as_ref() {
            FromHttpResponseError::Server(UiaaResponse::MatrixError(e)) => match e.error_kind() {
                Some(ErrorKind::UnknownToken(data)) => Failure::UnknownToken {
                    soft_logout: data.soft_logout,
                },
                Some(ErrorKind::LimitExceeded(data)) => Failure::Transient {
                    retry_after: data.retry_after.as_ref().map(delay),
                },
                _ if e.status_code.as_u16() == 429 || e.status_code.is_server_error() => {
                    Failure::Transient { retry_after: None }
                }
                _ => Failure::Refused,
            },
            // User-interactive authentication wanted: not something a bot can give.
            FromHttpResponseError::Server(UiaaResponse::AuthResponse(_)) => Failure::Refused,
            _ => Failure::Transient { retry_after: None },
        },
        _ => Failure::Transient { retry_after: None },
    }
}

fn delay(retry_after: &RetryAfter) -> Duration {
    match retry_after {
        RetryAfter::Delay(d) => *d,
        RetryAfter::DateTime(at) => at
            .duration_since(SystemTime::now())
            .unwrap_or(Duration::ZERO),
    }
}

/// The wait before attempt `failures + 1`: the back-off, or longer if the homeserver asked.
pub fn wait(failures: u32, retry_after: Option<Duration>) -> Duration {
    backoff(failures).max(retry_after.unwrap_or(Duration::ZERO))
}

/// Why [`retrying`] gave up.
#[derive(Debug)]
pub enum Stop {
    /// The access token is no longer accepted.
    UnknownToken { soft_logout: bool },
    /// The homeserver refused the request.
    Refused(matrix_sdk::Error),
}

/// Runs `attempt` until it succeeds, backing off after transient failures and reporting them
/// on `state`; stops at a rejected token or a refusal. `what` names the request in logs.
pub async fn retrying<T, F, Fut>(
    what: &str,
    state: &watch::Sender<SyncState>,
    mut attempt: F,
) -> Result<T, Stop>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, matrix_sdk::Error>>,
{
    let mut failures: u32 = 0;
    loop {
        let error = match attempt().await {
            Ok(done) => {
                if failures > 0 {
                    tracing::info!(failures, "the Matrix homeserver answers again");
                }
                state.send_replace(SyncState::Syncing);
                chat::metrics::connected(super::PLATFORM, true);
                return Ok(done);
            }
            Err(error) => error,
        };
        match classify(&error) {
            Failure::Transient { retry_after } => {
                failures = failures.saturating_add(1);
                let wait = wait(failures, retry_after);
                tracing::warn!(error = %error, failures, retry_in = ?wait, "{what} failed; trying again");
                state.send_replace(SyncState::Retrying { failures });
                chat::metrics::connected(super::PLATFORM, false);
                tokio::time::sleep(wait).await;
            }
            Failure::UnknownToken { soft_logout } => {
                return Err(Stop::UnknownToken { soft_logout });
            }
            Failure::Refused => return Err(Stop::Refused(error)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use matrix_sdk::ruma::api::EndpointError;
    use matrix_sdk::ruma::exports::http;

    /// The error matrix-sdk gives for an HTTP answer with this status and body.
    fn answer(status: u16, body: &str) -> matrix_sdk::Error {
        let response = http::Response::builder()
            .status(status)
            .header("content-type", "application/json")
            .body(body.as_bytes().to_vec())
            .unwrap();
        let error = UiaaResponse::from_http_response(response);
        HttpError::from(FromHttpResponseError::Server(error)).into()
    }

    #[test]
    fn backoff_doubles_up_to_a_minute() {
        let waits: Vec<u64> = (1..=9).map(|f| backoff(f).as_secs()).collect();
        assert_eq!(waits, vec![1, 2, 4, 8, 16, 32, 60, 60, 60]);
    }

    #[test]
    fn the_homeserver_may_ask_for_a_longer_wait() {
        assert_eq!(wait(1, None), Duration::from_secs(1));
        assert_eq!(
            wait(1, Some(Duration::from_secs(5))),
            Duration::from_secs(5)
        );
        assert_eq!(
            wait(4, Some(Duration::from_millis(100))),
            Duration::from_secs(8),
            "never quicker than the back-off"
        );
        assert_eq!(
            wait(9, Some(Duration::from_secs(300))),
            Duration::from_secs(300),
            "beyond the minute when asked"
        );
    }

    #[test]
    fn errors_are_sorted_into_retry_relogin_and_stop() {
        let limited = answer(
            429,
            r#"{"errcode":"M_LIMIT_EXCEEDED","error":"Too many requests","retry_after_ms":2500}"#,
        );
        assert_eq!(
            classify(&limited),
            Failure::Transient {
                retry_after: Some(Duration::from_millis(2500))
            }
        );
        for (status, body) in [
            (429, r#"{"errcode":"M_LIMIT_EXCEEDED","error":"slow down"}"#),
            (502, "<html>Bad gateway</html>"),
            (503, r#"{"errcode":"M_UNKNOWN","error":"overloaded"}"#),
            (500, ""),
        ] {
            assert_eq!(
                classify(&answer(status, body)),
                Failure::Transient { retry_after: None },
                "{status} {body}"
            );
        }
        assert_eq!(
            classify(&answer(
                401,
                r#"{"errcode":"M_UNKNOWN_TOKEN","error":"Invalid access token passed."}"#
            )),
            Failure::UnknownToken { soft_logout: false }
        );
        assert_eq!(
            classify(&answer(
                401,
                r#"{"errcode":"M_UNKNOWN_TOKEN","error":"Access token has expired","soft_logout":true}"#
            )),
            Failure::UnknownToken { soft_logout: true }
        );
        for (status, body) in [
            (
                403,
                r#"{"errcode":"M_FORBIDDEN","error":"You are not allowed"}"#,
            ),
            (400, r#"{"errcode":"M_INVALID_PARAM","error":"bad filter"}"#),
            (404, "Not found"),
            (
                401,
                r#"{"errcode":"M_MISSING_TOKEN","error":"Missing access token"}"#,
            ),
        ] {
            assert_eq!(
                classify(&answer(status, body)),
                Failure::Refused,
                "{status} {body}"
            );
        }
    }

    #[tokio::test]
    async fn no_connection_is_transient() {
        // Nothing listens on port 1.
        let error = matrix_sdk::reqwest::get("http://127.0.0.1:1/")
            .await
            .unwrap_err();
        let error = matrix_sdk::Error::from(HttpError::Reqwest(error));
        assert_eq!(classify(&error), Failure::Transient { retry_after: None });
    }
}
