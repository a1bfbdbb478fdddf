//! The Discord adapter: the `/jungle` slash command, buttons, board embeds and plain-text
//! moves, translated to and from the chat layer on serenity's gateway client.
//!
//! - [`config`]: the `[discord]` section.
//! - [`commands`]: the slash command's definition and parsing; [`autocomplete`]: its choices.
//! - `message`: a chat reply as a Discord message; `live`: which message of a game keeps its
//!   controls; `edits`: taking them off the others, paced by Discord's rate limits; `reach`:
//!   where only interactions reach the bot (a user-installed app in a group DM).
//! - `handler`: gateway events to chat events and replies back; `threads`: a game's own
//!   thread, where its replies go.
//! - [`probe`]: `jungle check`'s question whether Discord accepts the token.

pub mod autocomplete;
pub mod commands;
pub mod config;
mod edits;
mod handler;
mod live;
mod message;
pub mod probe;
mod reach;
mod threads;

use std::future::Future;
use std::sync::Arc;

use anyhow::Context as _;
use serenity::all::{ChannelId, ClientBuilder, GatewayIntents, Http, HttpBuilder, Permissions};

pub use config::{DiscordConfig, Shards};

use chat::Outbox;
use chat::Service;
use handler::{Handler, Shared};

/// The platform name in [`chat::Place`]s (and the outbox routing key).
pub const PLATFORM: &str = "discord";

/// The permissions the bot needs in a channel: View Channel, Send Messages, Embed Links,
/// Attach Files, Read Message History, and for games' threads Create Public Threads and Send
/// Messages in Threads.
pub fn permissions() -> Permissions {
    Permissions::VIEW_CHANNEL
        | Permissions::SEND_MESSAGES
        | Permissions::EMBED_LINKS
        | Permissions::ATTACH_FILES
        | Permissions::READ_MESSAGE_HISTORY
        | Permissions::CREATE_PUBLIC_THREADS
        | Permissions::SEND_MESSAGES_IN_THREADS
}

/// The link that adds the bot to a server, with its slash command and permissions.
pub fn invite_url(application_id: u64) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={application_id}&scope=bot+applications.commands&permissions={}",
        permissions().bits()
    )
}

/// The gateway intents the bot asks for; message content only when the config says it is
/// enabled for the bot (it is privileged).
pub fn intents(config: &DiscordConfig) -> GatewayIntents {
    let base =
        GatewayIntents::GUILDS | GatewayIntents::GUILD_MESSAGES | GatewayIntents::DIRECT_MESSAGES;
    if config.message_content {
        base | GatewayIntents::MESSAGE_CONTENT
    } else {
        base
    }
}

/// Connects to Discord and serves until the connection ends for good.
pub async fn run(config: DiscordConfig, service: Service, outbox: Outbox) -> anyhow::Result<()> {
    run_until(config, service, outbox, std::future::pending()).await
}

/// Like [`run`], but shuts the shards down cleanly when `shutdown` completes.
pub async fn run_until(
    config: DiscordConfig,
    service: Service,
    outbox: Outbox,
    shutdown: impl Future<Output = ()> + Send,
) -> anyhow::Result<()> {
    tracing::info!(?config, "starting the Discord adapter");
    let mut http = HttpBuilder::new(config.token.expose());
    if let Some(base) = &config.api_base_url {
        // serenity sends REST calls to the proxy only with its own rate limiter off.
        http = http.proxy(base.expose()).ratelimiter_disabled(true);
    }
    let shared = Arc::new(Shared::new(service, &config));
    let mut client = ClientBuilder::new_with_http(http.build(), intents(&config))
        .event_handler_arc(Arc::new(Handler(shared.clone())))
        .await
        .context("setting up the Discord client")?;
    let poster = tokio::spawn(post_outbox(shared, client.http.clone(), outbox));
    let shards = client.shard_manager.clone();
    let result = tokio::select! {
        r = async {
            match config.shards {
                Shards::Auto => client.start_autosharded().await,
                Shards::Fixed(n) => client.start_shards(n).await,
                // serenity's range runs from `start` to `end`, both included.
                Shards::Range { first, last, total } => {
                    client.start_shard_range(first..last, total).await
                }
            }
        } => r.context("the Discord connection ended"),
        () = shutdown => {
            shards.shutdown_all().await;
            Ok(())
        }
    };
    poster.abort();
    result
}

/// Posts the messages the service sends on its own (expiries, time-outs, owed bot moves).
async fn post_outbox(shared: Arc<Shared>, http: Arc<Http>, mut outbox: Outbox) {
    while let Some(o) = outbox.recv().await {
        let Some(channel) = o
            .place
            .channel
            .parse::<u64>()
            .ok()
            .filter(|&n| n > 0)
            .map(ChannelId::new)
        else {
            tracing::warn!(channel = %o.place.channel, "not a Discord channel id");
            continue;
        };
        shared
            .post_unprompted(&http, &o.place, channel, &o.reply)
            .await;
        shared.retire(&o.reply.retired_buttons, None).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_invite_asks_for_the_documented_permissions() {
        // 1024 + 2048 + 16384 + 32768 + 65536 + 2^35 + 2^38, as the README's invite link says.
        assert_eq!(permissions().bits(), 309_237_763_072);
        assert_eq!(
            invite_url(42),
            "https://discord.com/oauth2/authorize?client_id=42&scope=bot+applications.commands&permissions=309237763072"
        );
    }

    #[test]
    fn message_content_only_when_configured() {
        let mut c = DiscordConfig::parse(&toml::Table::new(), Some("t".into())).unwrap();
        assert!(!intents(&c).contains(GatewayIntents::MESSAGE_CONTENT));
        assert!(intents(&c).contains(GatewayIntents::GUILD_MESSAGES));
        c.message_content = true;
        assert!(intents(&c).contains(GatewayIntents::MESSAGE_CONTENT));
    }
}
