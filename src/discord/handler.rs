//! Gateway events in, chat events out: slash commands, autocomplete, button presses and
//! plain-text messages go to the [`Service`]; its replies go back as interaction responses,
//! follow-ups and channel messages. A failed send is logged and the rest carries on.

use std::sync::{Arc, OnceLock};

use serenity::all::{
    ApplicationId, ChannelId, CommandInteraction, ComponentInteraction,
    ComponentInteractionDataKind, Context, CreateAutocompleteResponse, CreateInteractionResponse,
    CreateInteractionResponseMessage, EditInteractionResponse, EventHandler, GuildId, Http,
    Interaction, InteractionId, Message, MessageFlags, MessageId, Ready, RoleId, UserId,
};
use serenity::builder::Builder as _;

use chat::lang::tr;
use chat::{
    Command, DIRECT_SCOPE, Event, GROUP_SCOPE, Input, Pending, Picker, Place, Reply, Service, User,
};
use store::LiveMessage;

use super::autocomplete;
use super::commands::{self, display_name};
use super::edits::Editor;
use super::live;
use super::message::Outgoing;
use super::reach::{self, Hook, Sent, Webhooks};
use super::{DiscordConfig, PLATFORM};

/// How often a long answer (an analysis) shows its progress in the interaction's response.
const PROGRESS_EVERY: std::time::Duration = std::time::Duration::from_secs(2);

/// What the event handler and the outbox poster share.
pub(super) struct Shared {
    pub service: Service,
    /// Takes the controls off messages that are no longer the newest of their item.
    editor: Editor,
    pub message_content: bool,
    pub guild: Option<GuildId>,
    /// Members with this role may moderate, besides those with Manage Server.
    pub admin_role: Option<RoleId>,
    /// The bot's own user id, known from READY.
    pub me: OnceLock<UserId>,
    /// Channels and messages the bot reaches only through interactions' webhooks.
    webhooks: Webhooks,
}

/// Where an interaction or message happened: the server is the rating scope.
pub(super) fn place(guild: Option<GuildId>, channel: ChannelId) -> Place {
    Place {
        platform: PLATFORM.into(),
        scope: guild.map_or_else(|| format!("{DIRECT_SCOPE}{channel}"), |g| g.to_string()),
        channel: channel.to_string(),
        locale: None,
    }
}

/// Where an interaction happened: where only interactions reach the bot (a user-installed
/// app in a group DM, or in a server the bot has not joined) the scope is the conversation's
/// own, marked so the chat layer knows that only commands arrive.
fn interaction_place(guild: Option<GuildId>, channel: ChannelId, reachable: bool) -> Place {
    let mut p = place(guild, channel);
    if !reachable {
        p.scope = format!("{GROUP_SCOPE}{channel}");
    }
    p
}

/// The live-message channel of a message sent where only interactions reach the bot: marked,
/// so that it is never edited through the channel, also after a restart.
const HOOK_CHANNEL: &str = "hook:";

/// An interaction to answer, and who reads the answer: where they asked and their client's
/// language.
#[derive(Clone, Copy)]
struct Token<'a> {
    id: InteractionId,
    app: ApplicationId,
    token: &'a str,
    place: &'a Place,
    locale: &'a str,
    /// Only this interaction's webhook reaches the channel.
    webhook_only: bool,
    /// When the interaction arrived: its token lasts 15 minutes from then.
    at: tokio::time::Instant,
}

impl Token<'_> {
    /// How the messages sent in answer to it can be edited later, where only its webhook can.
    fn sent(&self, original: bool) -> Option<Sent> {
        self.webhook_only.then(|| Sent {
            hook: Hook::issued(self.app, self.token, self.at),
            original,
        })
    }
}

impl Shared {
    pub fn new(service: Service, config: &DiscordConfig) -> Shared {
        Shared {
            service,
            editor: Editor::new(
                config.api_base_url.as_ref().map(|u| u.expose()),
                &authorization(config.token.expose()),
            ),
            message_content: config.message_content,
            guild: config.guild_id.map(GuildId::new),
            admin_role: config.admin_role.map(RoleId::new),
            me: OnceLock::new(),
            webhooks: Webhooks::default(),
        }
    }

    /// Whether an interaction's member may moderate: Manage Server (as Discord resolved it
    /// for this channel) or the configured role.
    fn moderates(&self, member: Option<&serenity::all::Member>) -> bool {
        member.is_some_and(|m| {
            m.permissions.is_some_and(|p| p.manage_guild())
                || self.admin_role.is_some_and(|r| m.roles.contains(&r))
        })
    }

    /// Makes a sent public message the live one of its item (a game's board, an offer, a
    /// challenge) and takes the controls off the message it replaces, unless that is
    /// `stripped` (already done in the answer to a press on it). A new board also ends the
    /// game's offer.
    /// `via` is set where only an interaction's webhook can change the message later.
    async fn keep(
        &self,
        sent: &Message,
        reply: &Reply,
        stripped: Option<MessageId>,
        via: Option<Sent>,
    ) {
        let Some(item) = live::item_of(reply) else {
            return;
        };
        let channel = match via {
            Some(via) => {
                self.webhooks.note_message(sent.id, via);
                format!("{HOOK_CHANNEL}{}", sent.channel_id)
            }
            None => sent.channel_id.to_string(),
        };
        let now = LiveMessage {
            channel,
            message: sent.id.to_string(),
        };
        let offer = live::offer_of(&item);
        let before = self
            .service
            .with_store(move |s| {
                let mut before = vec![s.swap_live(PLATFORM, &item, &now)];
                before.extend(offer.map(|o| s.take_live(PLATFORM, &o)));
                before
            })
            .await
            .unwrap_or_default();
        self.strip_all(before, stripped).await;
    }

    /// Takes the controls off the live messages of items that are over (the game or the
    /// challenge ended), unless that message is `stripped` already.
    pub async fn retire(&self, ids: &[String], stripped: Option<MessageId>) {
        let items = live::retired_items(ids);
        if items.is_empty() {
            return;
        }
        let before = self
            .service
            .with_store(move |s| {
                items
                    .iter()
                    .map(|i| s.take_live(PLATFORM, i))
                    .collect::<Vec<_>>()
            })
            .await
            .unwrap_or_default();
        self.strip_all(before, stripped).await;
    }

    async fn strip_all(
        &self,
        messages: Vec<store::Result<Option<LiveMessage>>>,
        stripped: Option<MessageId>,
    ) {
        for m in messages {
            let m = match m {
                Ok(Some(m)) => m,
                Ok(None) => continue,
                Err(e) => {
                    tracing::warn!(error = %e, "the live message of an item is unknown");
                    continue;
                }
            };
            let (hooked, channel) = match m.channel.strip_prefix(HOOK_CHANNEL) {
                Some(c) => (true, c),
                None => (false, m.channel.as_str()),
            };
            let (Ok(channel), Ok(message)) = (channel.parse::<u64>(), m.message.parse::<u64>())
            else {
                continue;
            };
            if channel == 0 || message == 0 || Some(MessageId::new(message)) == stripped {
                continue;
            }
            let (channel, message) = (ChannelId::new(channel), MessageId::new(message));
            if !hooked {
                self.editor.strip(channel, message).await;
            } else if let Some(via) = self.webhooks.of_message(message) {
                self.editor.strip_through(channel, message, &via).await;
            } else {
                // Its token ran out: the controls stay, and a press on them is answered as on
                // any old board.
                tracing::debug!(%message, "an old message keeps its controls");
            }
        }
    }

    /// Says something unprompted at `place` (expiries, time-outs, owed bot moves): where only
    /// interactions reach the bot (known from the place itself, also after a restart) through
    /// the newest interaction's webhook, elsewhere in the channel.
    pub async fn post_unprompted(
        &self,
        http: &Http,
        place: &Place,
        channel: ChannelId,
        reply: &Reply,
    ) {
        if place.commands_only() {
            return self.post_through_webhook(http, channel, reply).await;
        }
        let routed = self
            .route(http, place, channel, vec![reply.clone()], None)
            .await;
        for r in &routed.here {
            self.post(http, channel, r, None).await;
        }
        self.post_routed(http, &routed).await;
    }

    /// Posts the replies that go to other channels than the event's (a game's thread, its
    /// channel) and archives the threads of games that ended.
    pub(super) async fn post_routed(&self, http: &Http, routed: &super::threads::Routed) {
        for (to, r) in &routed.elsewhere {
            self.post(http, *to, r, None).await;
        }
        for thread in &routed.archive {
            self.archive(http, *thread).await;
        }
    }

    /// Posts a reply in a channel (a reply to `to` when it is private: channels have no
    /// ephemeral messages).
    pub async fn post(&self, http: &Http, channel: ChannelId, reply: &Reply, to: Option<&Message>) {
        if self.webhooks.webhook_only(channel) {
            return self.post_through_webhook(http, channel, reply).await;
        }
        let mut m = Outgoing::from_reply(reply).create();
        if let (true, Some(to)) = (reply.private, to) {
            m = m.reference_message(to);
        }
        match channel.send_message(http, m).await {
            Ok(sent) => self.keep(&sent, reply, None, None).await,
            Err(e) => {
                tracing::warn!(error = %e, %channel, "sending a message failed");
                chat::metrics::reply_failed(PLATFORM);
            }
        }
    }

    /// What answers an interaction: the replies for where it came from, or, when they all
    /// went elsewhere (a game's thread), where to find them.
    async fn answerable(
        &self,
        place: &Place,
        locale: &str,
        routed: &super::threads::Routed,
    ) -> Vec<Reply> {
        if routed.here.is_empty() && !routed.elsewhere.is_empty() {
            vec![self.pointer(place, locale, routed).await]
        } else {
            routed.here.clone()
        }
    }

    /// Says something unprompted where only interactions reach the bot: as a follow-up of the
    /// channel's newest interaction while its token lasts; otherwise it cannot be said, and
    /// the players see it with their next command.
    async fn post_through_webhook(&self, http: &Http, channel: ChannelId, reply: &Reply) {
        let Some(hook) = self.webhooks.for_post(channel) else {
            tracing::info!(%channel, "no interaction to answer through; the message waits for the next command");
            return;
        };
        match Outgoing::from_reply(reply)
            .followup()
            .execute(http, (None, hook.token.as_str()))
            .await
        {
            Ok(m) => {
                let via = Sent {
                    hook,
                    original: false,
                };
                self.keep(&m, reply, None, Some(via)).await;
            }
            Err(e) => {
                tracing::warn!(error = %e, %channel, "sending a follow-up failed");
                chat::metrics::reply_failed(PLATFORM);
            }
        }
    }

    /// Answers an interaction with the replies: the first as the response (or, when deferred,
    /// as the edit of the deferred response), the rest as follow-ups.
    async fn answer(&self, http: &Http, to: Token<'_>, replies: &[Reply], deferred: bool) {
        let replies = live::newest_only(replies);
        let replies = replies.as_slice();
        let mut rest = replies.iter();
        match (rest.next(), deferred) {
            // An interaction must be answered, also where the bot says nothing (a channel
            // switched off).
            (None, false) => {
                let (_, reader) = self
                    .service
                    .languages(to.place.clone(), Some(to.locale.to_string()))
                    .await;
                let r = CreateInteractionResponse::Message(
                    CreateInteractionResponseMessage::new()
                        .content(tr!(reader, "nothing-to-do"))
                        .ephemeral(true),
                );
                if let Err(e) = r.execute(http, (to.id, to.token)).await {
                    tracing::warn!(error = %e, "answering an interaction failed");
                    chat::metrics::reply_failed(PLATFORM);
                }
            }
            (None, true) => {
                if let Err(e) = http.delete_original_interaction_response(to.token).await {
                    tracing::warn!(error = %e, "removing a deferred response failed");
                }
            }
            (Some(first), false) => {
                let r = CreateInteractionResponse::Message(Outgoing::from_reply(first).response());
                match r.execute(http, (to.id, to.token)).await {
                    Err(e) => {
                        tracing::warn!(error = %e, "answering an interaction failed");
                        chat::metrics::reply_failed(PLATFORM);
                    }
                    // The response's id is needed to take its controls off later.
                    Ok(()) if live::item_of(first).is_some() => {
                        match http.get_original_interaction_response(to.token).await {
                            Ok(m) => self.keep(&m, first, None, to.sent(true)).await,
                            Err(e) => tracing::warn!(error = %e, "fetching a response failed"),
                        }
                    }
                    Ok(()) => {}
                }
            }
            (Some(first), true) if !first.private => {
                match Outgoing::from_reply(first)
                    .edit()
                    .execute(http, to.token)
                    .await
                {
                    Ok(m) => self.keep(&m, first, None, to.sent(true)).await,
                    Err(e) => {
                        tracing::warn!(error = %e, "filling in a deferred response failed");
                        chat::metrics::reply_failed(PLATFORM);
                    }
                }
            }
            (Some(first), true) => {
                // A deferred response is public; a private answer replaces it.
                if let Err(e) = http.delete_original_interaction_response(to.token).await {
                    tracing::warn!(error = %e, "removing a deferred response failed");
                }
                self.followup(http, to, first, None).await;
            }
        }
        for r in rest {
            self.followup(http, to, r, None).await;
        }
    }

    async fn followup(
        &self,
        http: &Http,
        to: Token<'_>,
        reply: &Reply,
        stripped: Option<MessageId>,
    ) {
        match Outgoing::from_reply(reply)
            .followup()
            .execute(http, (None, to.token))
            .await
        {
            Ok(m) => self.keep(&m, reply, stripped, to.sent(false)).await,
            Err(e) => {
                tracing::warn!(error = %e, "sending a follow-up failed");
                chat::metrics::reply_failed(PLATFORM);
            }
        }
    }

    async fn on_command(&self, http: &Http, cmd: &CommandInteraction) {
        // An interaction says the reader's language and the server's.
        let at = tokio::time::Instant::now();
        let reachable = reach::channel_reachable(cmd.context, &cmd.authorizing_integration_owners);
        if reachable {
            self.webhooks.forget_channel(cmd.channel_id);
        } else {
            let hook = Hook::issued(cmd.application_id, &cmd.token, at);
            self.webhooks.note_channel(cmd.channel_id, hook);
        }
        let place = Place {
            locale: cmd.guild_locale.clone(),
            ..interaction_place(
                cmd.guild_id,
                self.games_channel(cmd.channel_id).await,
                reachable,
            )
        };
        let nick = cmd.member.as_ref().and_then(|m| m.nick.as_deref());
        let sender = User::new(cmd.user.id.to_string(), display_name(&cmd.user, nick))
            .moderating(self.moderates(cmd.member.as_deref()))
            .speaking(Some(cmd.locale.clone()));
        let to = Token {
            id: cmd.id,
            app: cmd.application_id,
            token: &cmd.token,
            place: &place,
            locale: &cmd.locale,
            webhook_only: !reachable,
            at,
        };
        // What cannot be read goes to the chat layer too: it says why in the reader's language.
        let (input, mentions) = match commands::parse(&cmd.data) {
            Ok(p) => (Input::Command(p.command), p.mentions),
            Err(why) => (Input::Unreadable(why), Vec::new()),
        };
        // Starting a game with the bot, or an analysis, may think for a while: acknowledged
        // first. Anything else is acknowledged when the command is done and the bot is to
        // answer it, before it thinks (a move against the bot).
        let early = matches!(
            &input,
            Input::Command(Command::PlayBot { .. } | Command::Analyze { .. })
        );
        let acknowledged = std::sync::atomic::AtomicBool::new(false);
        let acknowledge = async || {
            if acknowledged.load(std::sync::atomic::Ordering::Relaxed) {
                return true;
            }
            let r = CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new());
            match r.execute(http, (to.id, to.token)).await {
                Ok(()) => {
                    acknowledged.store(true, std::sync::atomic::Ordering::Relaxed);
                    true
                }
                Err(e) => {
                    tracing::warn!(error = %e, "deferring an interaction failed");
                    false
                }
            }
        };
        if early && !acknowledge().await {
            return;
        }
        let event = Event {
            place: place.clone(),
            sender,
            input,
            mentions,
        };
        let (replies, pending) = self
            .service
            .handle_staged_with(event, async || {
                acknowledge().await;
            })
            .await;
        let defer = acknowledged.load(std::sync::atomic::Ordering::Relaxed);
        let routed = self
            .route(
                http,
                &place,
                cmd.channel_id,
                live::newest_only(&replies),
                None,
            )
            .await;
        let here = self.answerable(&place, &cmd.locale, &routed).await;
        self.answer(http, to, &here, defer).await;
        self.post_routed(http, &routed).await;
        self.retire(&retired(&replies), None).await;
        if let Some(pending) = pending {
            let started = replies.first().map(|r| r.text.clone()).unwrap_or_default();
            let result = self.with_progress(http, to, &started, pending).await;
            // The result takes the place of the "analysing" response.
            self.answer(http, to, &result, true).await;
        }
    }

    /// Waits for work the command left (an analysis), editing the interaction's response with
    /// how far it has come every few seconds.
    async fn with_progress(
        &self,
        http: &Http,
        to: Token<'_>,
        started: &str,
        pending: Pending,
    ) -> Vec<Reply> {
        // The "analysing" response is the channel's, in the channel's language.
        let (lang, _) = self
            .service
            .languages(to.place.clone(), Some(to.locale.to_string()))
            .await;
        let (tx, rx) = tokio::sync::watch::channel((0, 0));
        let work = self.service.answer_with_progress(pending, Some(tx));
        tokio::pin!(work);
        let mut every = tokio::time::interval(PROGRESS_EVERY);
        every.tick().await;
        loop {
            tokio::select! {
                result = &mut work => return result,
                _ = every.tick() => {
                    let (done, total) = *rx.borrow();
                    if total == 0 {
                        continue;
                    }
                    let text = tr!(
                        lang,
                        "analyze-progress",
                        started = started,
                        percent = done * 100 / total
                    );
                    let edit = EditInteractionResponse::new().content(text);
                    if let Err(e) = edit.execute(http, to.token).await {
                        tracing::warn!(error = %e, "showing progress failed");
                    }
                }
            }
        }
    }

    async fn on_autocomplete(&self, http: &Http, cmd: &CommandInteraction) {
        let choices = match autocomplete::completing(&cmd.data) {
            Some(what) => {
                let reachable =
                    reach::channel_reachable(cmd.context, &cmd.authorizing_integration_owners);
                let place = Place {
                    locale: cmd.guild_locale.clone(),
                    ..interaction_place(
                        cmd.guild_id,
                        self.games_channel(cmd.channel_id).await,
                        reachable,
                    )
                };
                let prefix = autocomplete::suggestion_prefix(&what);
                let steps = match autocomplete::step_prefix(&what) {
                    Some(typed) => {
                        self.service
                            .step_suggestions(
                                place.clone(),
                                cmd.user.id.to_string(),
                                Some(cmd.locale.clone()),
                                typed.to_string(),
                            )
                            .await
                    }
                    None => Vec::new(),
                };
                let legal = self
                    .service
                    .move_suggestions(place, cmd.user.id.to_string(), prefix)
                    .await;
                autocomplete::choices(&what, &legal, &steps)
            }
            None => Vec::new(),
        };
        let mut response = CreateAutocompleteResponse::new();
        for (name, value) in choices {
            response = response.add_string_choice(name, value);
        }
        let r = CreateInteractionResponse::Autocomplete(response);
        if let Err(e) = r.execute(http, (cmd.id, cmd.token.as_str())).await {
            tracing::warn!(error = %e, "answering autocomplete failed");
        }
    }

    /// A press on a button or a choice in a select menu. The pressed message loses its
    /// controls in the answer itself (no channel edit) when it is a private prompt, when the
    /// replies replace or end its item, or when every button on it is dead.
    async fn on_press(&self, http: &Http, press: &ComponentInteraction) {
        let id = match &press.data.kind {
            ComponentInteractionDataKind::Button => press.data.custom_id.clone(),
            ComponentInteractionDataKind::StringSelect { values } => match values.first() {
                Some(v) => Picker::chosen(&press.data.custom_id, v),
                None => return,
            },
            _ => return,
        };
        let nick = press.member.as_ref().and_then(|m| m.nick.as_deref());
        let at = tokio::time::Instant::now();
        let reachable =
            reach::channel_reachable(press.context, &press.authorizing_integration_owners);
        if reachable {
            self.webhooks.forget_channel(press.channel_id);
        } else {
            let hook = Hook::issued(press.application_id, &press.token, at);
            self.webhooks.note_channel(press.channel_id, hook);
        }
        let here = Place {
            locale: press.guild_locale.clone(),
            ..interaction_place(
                press.guild_id,
                self.games_channel(press.channel_id).await,
                reachable,
            )
        };
        let event = Event {
            place: here.clone(),
            sender: User::new(press.user.id.to_string(), display_name(&press.user, nick))
                .moderating(self.moderates(press.member.as_ref()))
                .speaking(Some(press.locale.clone())),
            input: Input::Button(id),
            mentions: Vec::new(),
        };
        let to = Token {
            id: press.id,
            app: press.application_id,
            token: &press.token,
            place: &here,
            locale: &press.locale,
            webhook_only: !reachable,
            at,
        };
        // A move against the bot thinks before it answers: the press is acknowledged first,
        // keeping the pressed message as it is for now.
        let acknowledged = std::sync::atomic::AtomicBool::new(false);
        let (replies, _) = self
            .service
            .handle_staged_with(event, async || {
                let r = CreateInteractionResponse::Acknowledge;
                match r.execute(http, (to.id, to.token)).await {
                    Ok(()) => acknowledged.store(true, std::sync::atomic::Ordering::Relaxed),
                    Err(e) => tracing::warn!(error = %e, "acknowledging a press failed"),
                }
            })
            .await;
        let deferred = acknowledged.load(std::sync::atomic::Ordering::Relaxed);
        let retired_now = retired(&replies);
        let routed = self
            .route(
                http,
                &here,
                press.channel_id,
                live::newest_only(&replies),
                Some(&press.message),
            )
            .await;
        let answers = self.answerable(&here, &press.locale, &routed).await;
        if !strips_pressed(&press.message, &replies, &retired_now) {
            if deferred {
                for r in &answers {
                    self.followup(http, to, r, None).await;
                }
            } else {
                self.answer(http, to, &answers, false).await;
            }
            self.post_routed(http, &routed).await;
            self.retire(&retired_now, None).await;
            return;
        }
        let stripped = Some(press.message.id);
        let cleared = if deferred {
            EditInteractionResponse::new()
                .components(Vec::new())
                .execute(http, to.token)
                .await
                .map(drop)
        } else {
            CreateInteractionResponse::UpdateMessage(
                CreateInteractionResponseMessage::new().components(Vec::new()),
            )
            .execute(http, (to.id, to.token))
            .await
        };
        if let Err(e) = cleared {
            tracing::warn!(error = %e, "taking the controls off a pressed message failed");
        }
        for r in &answers {
            self.followup(http, to, r, stripped).await;
        }
        self.post_routed(http, &routed).await;
        self.retire(&retired_now, stripped).await;
    }

    /// A message: public replies in the server's preferred locale (`guild_locale`, from the
    /// cache) unless a moderator chose a language.
    async fn on_message(&self, http: &Http, msg: &Message, guild_locale: Option<String>) {
        if msg.author.bot {
            return;
        }
        let Some(&me) = self.me.get() else { return };
        let addressed = msg.guild_id.is_none() || msg.mentions.iter().any(|u| u.id == me);
        if !addressed && !self.message_content {
            return;
        }
        let mut text = msg.content.clone();
        for token in [format!("<@{me}>"), format!("<@!{me}>")] {
            text = text.replace(&token, " ");
        }
        let text = text.trim().to_string();
        let nick = msg.member.as_ref().and_then(|m| m.nick.as_deref());
        let event = Event {
            place: Place {
                locale: guild_locale,
                ..place(msg.guild_id, self.games_channel(msg.channel_id).await)
            },
            // A message carries the member's roles but not their permissions.
            sender: User::new(msg.author.id.to_string(), display_name(&msg.author, nick))
                .moderating(
                    msg.member
                        .as_ref()
                        .is_some_and(|m| self.admin_role.is_some_and(|r| m.roles.contains(&r))),
                ),
            // Speaking to the bot stands for the prefix: `@jungle board`.
            input: if addressed {
                Input::Addressed(text)
            } else {
                Input::Text(text)
            },
            mentions: msg
                .mentions
                .iter()
                .filter(|u| u.id != me)
                .map(|u| {
                    let nick = u.member.as_ref().and_then(|m| m.nick.as_deref());
                    User::new(u.id.to_string(), display_name(u, nick))
                })
                .collect(),
        };
        let at = event.place.clone();
        let (replies, pending) = self.service.handle_staged(event).await;
        let routed = self
            .route(http, &at, msg.channel_id, live::newest_only(&replies), None)
            .await;
        for r in &routed.here {
            self.post(http, msg.channel_id, r, Some(msg)).await;
        }
        self.post_routed(http, &routed).await;
        self.retire(&retired(&replies), None).await;
        if let Some(pending) = pending {
            for r in &self.service.answer(pending).await {
                self.post(http, msg.channel_id, r, Some(msg)).await;
            }
        }
    }

    async fn on_ready(&self, http: &Http, ready: &Ready) {
        let _ = self.me.set(ready.user.id);
        tracing::info!(
            user = %ready.user.name,
            servers = ready.guilds.len(),
            invite = %super::invite_url(ready.application.id.get()),
            "connected to Discord"
        );
        if ready.shard.is_some_and(|s| s.id.0 != 0) {
            return;
        }
        let defined = vec![commands::definition(), commands::admin_definition()];
        let registered = match self.guild {
            Some(g) => g.set_commands(http, defined).await,
            None => serenity::all::Command::set_global_commands(http, defined).await,
        };
        match registered {
            Ok(c) => tracing::info!(commands = c.len(), guild = ?self.guild, "registered /jungle"),
            Err(e) => tracing::error!(error = %e, "registering /jungle failed"),
        }
    }
}

/// The `Authorization` header serenity sends for a token: `Bot …`.
fn authorization(token: &str) -> String {
    let token = token.trim();
    if token.starts_with("Bot ") {
        token.to_string()
    } else {
        format!("Bot {token}")
    }
}

/// Whether the answer to a press takes the controls off the pressed message: it was a private
/// prompt (a piece's destinations, a confirmation), the replies replace or end its item (a new
/// board of its game, the game over), or a private refusal leaves every button on it dead.
fn strips_pressed(pressed: &Message, replies: &[Reply], retired: &[String]) -> bool {
    if pressed
        .flags
        .is_some_and(|f| f.contains(MessageFlags::EPHEMERAL))
    {
        return true;
    }
    let ids = live::ids_of(pressed);
    if ids.is_empty() {
        return false;
    }
    let item = live::item_of_ids(ids.iter().map(String::as_str), !pressed.embeds.is_empty());
    let ended = live::retired_items(retired);
    let replaced = replies.iter().filter_map(live::item_of).flat_map(|i| {
        let offer = live::offer_of(&i);
        std::iter::once(i).chain(offer)
    });
    if let Some(item) = item
        && (ended.contains(&item) || replaced.into_iter().any(|i| i == item))
    {
        return true;
    }
    replies.iter().any(|r| r.private) && ids.iter().all(|i| retired.contains(i))
}

fn retired(replies: &[Reply]) -> Vec<String> {
    replies
        .iter()
        .flat_map(|r| r.retired_buttons.iter().cloned())
        .collect()
}

/// serenity's event handler: hands each event to [`Shared`].
pub(super) struct Handler(pub Arc<Shared>);

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        chat::metrics::connected(PLATFORM, true);
        self.0.on_ready(&ctx.http, &ready).await;
    }

    /// The gateway connection's state, for `/healthz` and the metrics.
    async fn shard_stage_update(&self, _: Context, event: serenity::all::ShardStageUpdateEvent) {
        let up = matches!(event.new, serenity::all::ConnectionStage::Connected);
        chat::metrics::connected(PLATFORM, up);
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        match &interaction {
            Interaction::Command(cmd) => self.0.on_command(&ctx.http, cmd).await,
            Interaction::Autocomplete(cmd) => self.0.on_autocomplete(&ctx.http, cmd).await,
            Interaction::Component(press) => self.0.on_press(&ctx.http, press).await,
            _ => {}
        }
    }

    async fn message(&self, ctx: Context, msg: Message) {
        let guild_locale = msg
            .guild_id
            .and_then(|g| ctx.cache.guild(g).map(|g| g.preferred_locale.clone()));
        self.0.on_message(&ctx.http, &msg, guild_locale).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An INTERACTION_CREATE payload as Discord sends it, of the given type.
    fn payload(
        kind: u8,
        data: serde_json::Value,
        message: Option<serde_json::Value>,
    ) -> Interaction {
        let mut p = serde_json::json!({
            "id": "1250000000000000009", "application_id": "1100000000000000001", "type": kind,
            "token": "aW50ZXJhY3Rpb24", "version": 1, "guild_id": "1000000000000000001",
            "channel_id": "1000000000000000002",
            "channel": {"id": "1000000000000000002", "type": 0, "name": "games",
                        "guild_id": "1000000000000000001", "permissions": "2251799813685247"},
            "member": {
                "user": {"id": "2000000000000000003", "username": "carol", "global_name": null,
                         "discriminator": "0", "avatar": null},
                "nick": "Caz", "roles": ["1000000000000000077"],
                "joined_at": "2024-01-01T00:00:00.000000+00:00", "deaf": false, "mute": false,
                "flags": 0, "permissions": "2251799813685247", "pending": false,
                "premium_since": null, "avatar": null, "communication_disabled_until": null
            },
            "app_permissions": "2251799813685247", "locale": "de", "guild_locale": "en-US",
            "entitlements": [], "authorizing_integration_owners": {"0": "1000000000000000001"},
            "context": 0, "attachment_size_limit": 10485760, "data": data
        });
        if let Some(m) = message {
            p["message"] = m;
        }
        serde_json::from_value(p).expect("a realistic interaction deserializes")
    }

    #[test]
    fn realistic_interactions_deserialize_into_the_kinds_the_handler_routes() {
        let message = serde_json::json!({
            "id": "3000000000000000005", "channel_id": "1000000000000000002",
            "author": {"id": "1100000000000000001", "username": "jungle", "discriminator": "0",
                       "avatar": null, "bot": true},
            "content": "<@2000000000000000002>", "timestamp": "2024-05-01T12:00:00.000000+00:00",
            "edited_timestamp": null, "tts": false, "mention_everyone": false, "mentions": [],
            "mention_roles": [], "attachments": [{"id": "4000000000000000001",
                "filename": "board.png", "size": 20480, "url": "https://cdn.discordapp.com/a/board.png",
                "proxy_url": "https://media.discordapp.net/a/board.png", "width": 448,
                "height": 576, "content_type": "image/png"}],
            "embeds": [{"type": "rich", "title": "Game #7", "description": "bob to move",
                        "color": 11674164, "image": {"url": "attachment://board.png"}}],
            "pinned": false, "type": 19, "flags": 0, "application_id": "1100000000000000001",
            "webhook_id": "1100000000000000001",
            "interaction_metadata": {"id": "1250000000000000001", "type": 2,
                "user": {"id": "2000000000000000001", "username": "alice", "discriminator": "0",
                         "avatar": null},
                "authorizing_integration_owners": {"0": "1000000000000000001"}},
            "components": [{"type": 1, "components": [
                {"type": 2, "custom_id": "resign:7", "label": "Resign", "style": 4},
                {"type": 2, "custom_id": "draw:7", "label": "Offer draw", "style": 2}]}]
        });
        let press = payload(
            3,
            serde_json::json!({"custom_id": "draw:7", "component_type": 2}),
            Some(message),
        );
        let Interaction::Component(press) = press else {
            panic!("a button press is a component interaction")
        };
        assert_eq!(press.data.custom_id, "draw:7");
        assert!(matches!(
            press.data.kind,
            ComponentInteractionDataKind::Button
        ));
        assert_eq!(
            press.user.id.get(),
            2000000000000000003,
            "member.user fills in the user"
        );
        assert_eq!(
            press.member.as_ref().and_then(|m| m.nick.as_deref()),
            Some("Caz")
        );
        assert_eq!(press.message.id.get(), 3000000000000000005);
        assert_eq!(live::ids_of(&press.message), ["resign:7", "draw:7"]);

        let slash = payload(
            2,
            serde_json::json!({"id": "1200000000000000001", "name": "jungle", "type": 1,
                               "options": [{"name": "board", "type": 1, "options": []}]}),
            None,
        );
        assert!(matches!(slash, Interaction::Command(_)));
        let typing = payload(
            4,
            serde_json::json!({"id": "1200000000000000001", "name": "jungle", "type": 1,
                "options": [{"name": "moves", "type": 1, "options": [
                    {"name": "square", "type": 3, "value": "g", "focused": true}]}]}),
            None,
        );
        let Interaction::Autocomplete(typing) = typing else {
            panic!("type 4 is autocomplete")
        };
        assert_eq!(
            autocomplete::completing(&typing.data),
            Some(autocomplete::Completing::Square("g".into()))
        );
    }

    #[test]
    fn places() {
        let p = place(Some(GuildId::new(7)), ChannelId::new(9));
        assert_eq!(
            (p.platform.as_str(), p.scope.as_str(), p.channel.as_str()),
            ("discord", "7", "9")
        );
        assert_eq!(place(None, ChannelId::new(9)).scope, "dm:9");
    }
}
