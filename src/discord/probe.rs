//! `jungle check`'s question to Discord: is the token accepted? One REST call (`GET /users/@me`,
//! through `api_base_url` when it is set), no gateway session, nothing changed.

use std::time::Duration;

use serenity::all::HttpBuilder;
use serenity::http::HttpError;

use super::DiscordConfig;

/// How long the check waits for Discord's answer.
const PATIENCE: Duration = Duration::from_secs(30);

/// The bot's account, as Discord names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotAccount {
    pub id: u64,
    pub name: String,
}

/// Asks Discord whose token this is. The error is one line naming the key at fault, and never
/// holds the token.
pub async fn bot_account(config: &DiscordConfig) -> Result<BotAccount, String> {
    let mut http = HttpBuilder::new(config.token.expose());
    if let Some(base) = &config.api_base_url {
        http = http.proxy(base.expose()).ratelimiter_disabled(true);
    }
    let http = http.build();
    let base = config
        .api_base_url
        .as_ref()
        .map_or_else(|| "https://discord.com".to_string(), |u| u.to_string());
    let answer = tokio::time::timeout(PATIENCE, http.get_current_user())
        .await
        .map_err(|_| format!("discord: {base} did not answer within {PATIENCE:?}"))?;
    match answer {
        Ok(user) => Ok(BotAccount {
            id: user.id.get(),
            name: user.name.clone(),
        }),
        Err(serenity::Error::Http(HttpError::UnsuccessfulRequest(r)))
            if r.status_code.as_u16() == 401 =>
        {
            Err(format!(
                "discord.token: Discord refused the token ({}); reset it in the Developer Portal and set it again",
                r.status_code
            ))
        }
        Err(serenity::Error::Http(HttpError::UnsuccessfulRequest(r))) => Err(format!(
            "discord: {base} answered GET /users/@me with {}: {}",
            r.status_code,
            store::errors::squash(&r.error.message)
        )),
        Err(e) => Err(format!(
            "{}: cannot reach {base}: {}",
            if config.api_base_url.is_some() {
                "discord.api_base_url"
            } else {
                "discord"
            },
            store::errors::one_line(&e)
        )),
    }
}
