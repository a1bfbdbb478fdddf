//! The one kind of edit the bot makes on its own: taking the controls off a message that is
//! no longer the newest of its game or challenge (through the channel, or the webhook of the
//! interaction that sent it). Sent with reqwest, not serenity, so
//! that the rate-limit headers are read (serenity's errors drop them, and its own limiter is
//! off behind an API proxy): an exhausted bucket is waited for before the channel's next edit,
//! and a 429 is counted, waited out once and tried once more, never in a loop.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use reqwest::{Response, StatusCode};
use serenity::all::{ChannelId, MessageId};
use tokio::time::Instant;

use chat::sync::lock;

use super::PLATFORM;
use super::reach::Sent;

/// The longest wait a rate limit is given before the edit is dropped (logged).
const LONGEST_WAIT: Duration = Duration::from_secs(60);

/// Edits of one bot, paced per channel (Discord's bucket for message edits is the channel's).
pub struct Editor {
    client: reqwest::Client,
    /// `https://discord.com`, or the configured API proxy.
    base: String,
    /// `Bot …`, as serenity sends it.
    authorization: String,
    /// Per channel: no edit before this instant (the bucket was spent).
    channels: Mutex<HashMap<ChannelId, Arc<tokio::sync::Mutex<Option<Instant>>>>>,
}

/// How long a response says to wait: `Retry-After` on a 429, else `X-RateLimit-Reset-After`
/// when the bucket has no request left. Seconds, possibly fractional.
fn wait_of(response: &Response) -> Option<Duration> {
    let header = |name: &str| {
        response
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<f64>().ok())
            .filter(|s| s.is_finite() && *s >= 0.0)
    };
    let seconds = if response.status() == StatusCode::TOO_MANY_REQUESTS {
        header("retry-after").or_else(|| header("x-ratelimit-reset-after"))
    } else if header("x-ratelimit-remaining") == Some(0.0) {
        header("x-ratelimit-reset-after")
    } else {
        None
    }?;
    Some(Duration::from_secs_f64(seconds).min(LONGEST_WAIT))
}

impl Editor {
    pub fn new(base: Option<&str>, authorization: &str) -> Editor {
        Editor {
            client: reqwest::Client::new(),
            base: base
                .unwrap_or("https://discord.com")
                .trim_end_matches('/')
                .to_string(),
            authorization: authorization.to_string(),
            channels: Mutex::new(HashMap::new()),
        }
    }

    /// Takes every component off `message` through its channel. A failure is logged: the
    /// controls then stay, and a press on them is answered as for any old board.
    pub async fn strip(&self, channel: ChannelId, message: MessageId) {
        let path = format!("channels/{channel}/messages/{message}");
        self.clear(channel, message, &path, true).await;
    }

    /// The same through the webhook of the interaction that sent it (where the bot cannot
    /// edit through the channel). Paced with the channel's other edits.
    pub async fn strip_through(&self, channel: ChannelId, message: MessageId, sent: &Sent) {
        self.clear(channel, message, &sent.path(message), false)
            .await;
    }

    async fn clear(&self, channel: ChannelId, message: MessageId, path: &str, bot_auth: bool) {
        let slot = lock(&self.channels).entry(channel).or_default().clone();
        let mut not_before = slot.lock().await;
        for attempt in 0..2 {
            if let Some(at) = not_before.take() {
                tokio::time::sleep_until(at).await;
            }
            let mut request = self
                .client
                .patch(format!("{}/api/v10/{path}", self.base))
                .json(&serde_json::json!({ "components": [] }));
            // A webhook's token authorizes its own requests.
            if bot_auth {
                request = request.header("Authorization", &self.authorization);
            }
            let sent = request.send().await;
            let response = match sent {
                Ok(r) => r,
                Err(e) => {
                    tracing::warn!(error = %e.without_url(), %message, "taking controls off a message failed");
                    return;
                }
            };
            *not_before = wait_of(&response).map(|w| Instant::now() + w);
            let status = response.status();
            if status == StatusCode::TOO_MANY_REQUESTS {
                chat::metrics::rate_limited(PLATFORM);
                tracing::info!(%message, attempt, "rate limited; waiting before the edit");
                // Without a stated wait, a second: never straight back.
                not_before.get_or_insert_with(|| Instant::now() + Duration::from_secs(1));
                continue;
            }
            if !status.is_success() {
                tracing::warn!(%status, %message, "taking controls off a message was refused");
            }
            return;
        }
        tracing::warn!(%message, "still rate limited; the message keeps its controls");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn response(status: u16, headers: &[(&str, &str)]) -> Response {
        let mut b = http::Response::builder().status(status);
        for (k, v) in headers {
            b = b.header(*k, *v);
        }
        Response::from(b.body(Vec::<u8>::new()).unwrap())
    }

    #[test]
    fn waits_come_from_the_headers() {
        assert_eq!(
            wait_of(&response(429, &[("retry-after", "1.5")])),
            Some(Duration::from_millis(1500))
        );
        assert_eq!(
            wait_of(&response(
                200,
                &[
                    ("x-ratelimit-remaining", "0"),
                    ("x-ratelimit-reset-after", "2")
                ]
            )),
            Some(Duration::from_secs(2))
        );
        assert_eq!(
            wait_of(&response(
                200,
                &[
                    ("x-ratelimit-remaining", "3"),
                    ("x-ratelimit-reset-after", "2")
                ]
            )),
            None,
            "a bucket with requests left is not waited for"
        );
        assert_eq!(
            wait_of(&response(429, &[("retry-after", "86400")])),
            Some(LONGEST_WAIT)
        );
        assert_eq!(wait_of(&response(429, &[("retry-after", "soon")])), None);
        assert_eq!(wait_of(&response(429, &[("retry-after", "NaN")])), None);
    }
}
