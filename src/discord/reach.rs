//! Where the bot can speak. In a server that installed it, and in its own DM, it posts and
//! edits channel messages. Where only a user installed it (a group DM, a DM between two
//! friends, a server the bot has not joined) it can only answer interactions, through their
//! webhook, while the interaction's token lasts (15 minutes): it cannot post there unprompted
//! or edit through the channel, and typed messages never reach it.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use serenity::all::{
    ApplicationId, AuthorizingIntegrationOwner, AuthorizingIntegrationOwners, ChannelId,
    InteractionContext, MessageId,
};
use tokio::time::Instant;

use chat::sync::lock;

/// How long a token is used for: Discord's 15 minutes, less a margin for the request itself.
pub const TOKEN_LIFE: Duration = Duration::from_secs(14 * 60);

/// How many unprompted messages go out as follow-ups of one interaction. Discord allows five
/// follow-ups to an interaction of an app that is not a member where it is used; two are left
/// for the interaction's own answers.
pub const UNPROMPTED_MAX: u8 = 3;

/// Whether the bot may post and edit in the channel an interaction came from.
pub fn channel_reachable(
    context: Option<InteractionContext>,
    owners: &AuthorizingIntegrationOwners,
) -> bool {
    match context {
        Some(InteractionContext::PrivateChannel) => false,
        Some(InteractionContext::Guild) => owners
            .0
            .iter()
            .any(|o| matches!(o, AuthorizingIntegrationOwner::GuildInstall(_))),
        // The bot's own DM, and interactions from before contexts existed.
        _ => true,
    }
}

/// An interaction's webhook: the application and the token, and when it was issued.
#[derive(Clone, Debug)]
pub struct Hook {
    pub app: ApplicationId,
    pub token: String,
    at: Instant,
}

impl Hook {
    #[cfg(test)]
    pub fn new(app: ApplicationId, token: &str) -> Hook {
        Hook::issued(app, token, Instant::now())
    }

    /// The webhook of an interaction that arrived `at`.
    pub fn issued(app: ApplicationId, token: &str, at: Instant) -> Hook {
        Hook {
            app,
            token: token.to_string(),
            at,
        }
    }

    fn fresh(&self) -> bool {
        self.at.elapsed() < TOKEN_LIFE
    }
}

/// How the bot can change one message it sent where only interactions reach it.
#[derive(Clone, Debug)]
pub struct Sent {
    pub hook: Hook,
    /// The interaction's response (`@original`) rather than a follow-up.
    pub original: bool,
}

impl Sent {
    /// The webhook path that edits the message.
    pub fn path(&self, message: MessageId) -> String {
        let which = if self.original {
            "@original".to_string()
        } else {
            message.to_string()
        };
        format!(
            "webhooks/{}/{}/messages/{which}",
            self.hook.app, self.hook.token
        )
    }
}

/// The webhooks of channels the bot reaches only through interactions, newest per channel,
/// and of the messages it sent there; forgotten once their token has run out. Kept in memory
/// only: after a restart the old tokens could not be used anyway.
#[derive(Default)]
pub struct Webhooks {
    /// Each channel's newest webhook and how many unprompted follow-ups went out through it.
    channels: Mutex<HashMap<ChannelId, (Hook, u8)>>,
    messages: Mutex<HashMap<MessageId, Sent>>,
}

impl Webhooks {
    /// An interaction came from a channel the bot reaches only through it.
    pub fn note_channel(&self, channel: ChannelId, hook: Hook) {
        lock(&self.channels).insert(channel, (hook, 0));
    }

    /// An interaction came from `channel` where the bot now reaches the channel itself (the
    /// server installed it since).
    pub fn forget_channel(&self, channel: ChannelId) {
        lock(&self.channels).remove(&channel);
    }

    /// The bot sent `message` through an interaction's webhook.
    pub fn note_message(&self, message: MessageId, sent: Sent) {
        let mut messages = lock(&self.messages);
        messages.retain(|_, s| s.hook.fresh());
        messages.insert(message, sent);
    }

    /// The newest webhook of a channel to say something unprompted through, while its token
    /// lasts and it has follow-ups to spare (counted here).
    pub fn for_post(&self, channel: ChannelId) -> Option<Hook> {
        let mut channels = lock(&self.channels);
        let (hook, used) = channels.get_mut(&channel)?;
        if !hook.fresh() || *used >= UNPROMPTED_MAX {
            return None;
        }
        *used += 1;
        Some(hook.clone())
    }

    /// Whether the bot has seen `channel` as reachable only through interactions.
    pub fn webhook_only(&self, channel: ChannelId) -> bool {
        lock(&self.channels).contains_key(&channel)
    }

    /// How to edit `message`, while its token lasts.
    pub fn of_message(&self, message: MessageId) -> Option<Sent> {
        lock(&self.messages)
            .get(&message)
            .filter(|s| s.hook.fresh())
            .cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serenity::all::{GuildId, UserId};

    #[test]
    fn only_a_server_install_or_the_bots_dm_reaches_the_channel() {
        let server = AuthorizingIntegrationOwners(vec![AuthorizingIntegrationOwner::GuildInstall(
            Some(GuildId::new(5)),
        )]);
        let user = AuthorizingIntegrationOwners(vec![AuthorizingIntegrationOwner::UserInstall(
            UserId::new(7),
        )]);
        assert!(channel_reachable(Some(InteractionContext::Guild), &server));
        assert!(!channel_reachable(Some(InteractionContext::Guild), &user));
        assert!(channel_reachable(Some(InteractionContext::BotDm), &user));
        assert!(!channel_reachable(
            Some(InteractionContext::PrivateChannel),
            &server
        ));
        assert!(channel_reachable(None, &server));
    }

    #[test]
    fn tokens_are_forgotten_when_they_run_out() {
        let hooks = Webhooks::default();
        let app = ApplicationId::new(1);
        let (channel, message) = (ChannelId::new(3), MessageId::new(4));
        let sent = Sent {
            hook: Hook::new(app, "t"),
            original: false,
        };
        assert_eq!(sent.path(message), "webhooks/1/t/messages/4");
        hooks.note_channel(channel, Hook::new(app, "t"));
        hooks.note_message(message, sent);
        assert!(hooks.for_post(channel).is_some() && hooks.of_message(message).is_some());
        // The follow-ups one interaction may carry run out.
        for _ in 1..UNPROMPTED_MAX {
            assert!(hooks.for_post(channel).is_some());
        }
        assert!(hooks.for_post(channel).is_none(), "no follow-up to spare");
        hooks.note_channel(channel, Hook::new(app, "t"));
        assert!(
            hooks.for_post(channel).is_some(),
            "a new interaction, new follow-ups"
        );
        let old = Instant::now() - TOKEN_LIFE;
        hooks.note_channel(channel, Hook::issued(app, "t", old));
        let stale = Sent {
            hook: Hook::issued(app, "t", old),
            original: true,
        };
        assert_eq!(stale.path(message), "webhooks/1/t/messages/@original");
        hooks.note_message(message, stale);
        assert!(hooks.for_post(channel).is_none() && hooks.of_message(message).is_none());
        assert!(
            hooks.webhook_only(channel),
            "still known as a private channel"
        );
        hooks.forget_channel(channel);
        assert!(!hooks.webhook_only(channel), "reachable since");
    }
}
