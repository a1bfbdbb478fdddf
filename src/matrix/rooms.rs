//! Rooms: invites within the allow-list, leaving rooms where the bot is alone, room messages
//! and reactions to chat [`Event`]s (one queue per room keeps them in order) and replies back
//! as `m.notice` plus an `m.image` board whose body says the position in words.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use anyhow::Context as _;
use matrix_sdk::attachment::{AttachmentConfig, AttachmentInfo, BaseImageInfo};
use matrix_sdk::event_handler::EventHandlerHandle;
use matrix_sdk::room::reply::EnforceThread;
use matrix_sdk::ruma::events::reaction::{OriginalSyncReactionEvent, ReactionEventContent};
use matrix_sdk::ruma::events::relation::Annotation;
use matrix_sdk::ruma::events::room::member::{
    MembershipState, OriginalSyncRoomMemberEvent, StrippedRoomMemberEvent,
};
use matrix_sdk::ruma::events::room::message::{
    AddMentions, MessageFormat, MessageType, OriginalSyncRoomMessageEvent, Relation,
    ReplyWithinThread, RoomMessageEventContent, TextMessageEventContent,
};
use matrix_sdk::ruma::events::room::power_levels::UserPowerLevel;
use matrix_sdk::ruma::events::{
    AnySyncMessageLikeEvent, AnySyncStateEvent, AnySyncTimelineEvent, Mentions,
    SyncMessageLikeEvent, SyncStateEvent,
};
use matrix_sdk::ruma::{
    EventId, MilliSecondsSinceUnixEpoch, OwnedEventId, OwnedRoomId, OwnedUserId, RoomId, UInt,
    UserId,
};
use matrix_sdk::{Client, Room, RoomMemberships, RoomState};
use tokio::sync::mpsc;

use chat::sync::lock;
use chat::{Dir, Event, Input, Outgoing, Place, Reply, Service, Thread, User};

use super::PLATFORM;
use super::config::MatrixConfig;
use super::retry::backoff;
use super::text::{self, Pill};
use super::threads::{InThread, Latest};
use super::touch::{Prompt, Touch, Touches};

/// The power level from which a room member may use the moderators' commands (Matrix clients
/// call 50 "moderator").
const MODERATOR_LEVEL: i64 = 50;

/// Work for one room's queue, done in order.
enum Job {
    /// A message to hand the chat layer; private replies answer `event_id`, and replies stay
    /// in the thread it was said in (rooted at `thread`).
    Message {
        event: Event,
        event_id: OwnedEventId,
        thread: Option<OwnedEventId>,
    },
    /// A reaction that picks a piece or plays its move (see [`super::touch`]).
    Touch { event: Event, touch: Touch },
    /// A message the service sends on its own.
    Post(Box<Reply>),
}

/// The bot's rooms: handlers, queues and posting.
pub struct Rooms {
    client: Client,
    service: Service,
    own: OwnedUserId,
    config: MatrixConfig,
    /// One worker per room, fed in sync order.
    queues: Mutex<HashMap<OwnedRoomId, mpsc::UnboundedSender<Job>>>,
    /// Rooms whose messages are answered: joined before start, or since our join event went by.
    live: Mutex<HashSet<OwnedRoomId>>,
    /// The boards and answers that reactions apply to.
    touches: Touches,
    /// The bot's latest event in each game's thread.
    threads: Latest,
}

fn place(room: &RoomId) -> Place {
    Place {
        platform: PLATFORM.into(),
        scope: room.to_string(),
        channel: room.to_string(),
        locale: None,
    }
}

impl Rooms {
    /// Everything joined now is live: the initial sync already went by unanswered.
    pub fn new(client: Client, service: Service, own: OwnedUserId, config: MatrixConfig) -> Rooms {
        let live = client
            .joined_rooms()
            .iter()
            .map(|r| r.room_id().to_owned())
            .collect();
        Rooms {
            client,
            service,
            own,
            config,
            queues: Mutex::new(HashMap::new()),
            live: Mutex::new(live),
            touches: Touches::default(),
            threads: Latest::default(),
        }
    }

    /// Timeline events (in order) and invites from here on.
    pub fn install_handlers(self: &Arc<Self>) -> Vec<EventHandlerHandle> {
        let me = self.clone();
        let timeline =
            self.client
                .add_event_handler(move |ev: AnySyncTimelineEvent, room: Room| {
                    let me = me.clone();
                    async move {
                        match ev {
                            AnySyncTimelineEvent::MessageLike(
                                AnySyncMessageLikeEvent::RoomMessage(
                                    SyncMessageLikeEvent::Original(m),
                                ),
                            ) => me.on_message(m, room).await,
                            AnySyncTimelineEvent::MessageLike(
                                AnySyncMessageLikeEvent::Reaction(SyncMessageLikeEvent::Original(
                                    r,
                                )),
                            ) => me.on_reaction(r, room).await,
                            AnySyncTimelineEvent::State(AnySyncStateEvent::RoomMember(
                                SyncStateEvent::Original(m),
                            )) => me.on_member(m, room).await,
                            _ => {}
                        }
                    }
                });
        let me = self.clone();
        let invites =
            self.client
                .add_event_handler(move |ev: StrippedRoomMemberEvent, room: Room| {
                    let me = me.clone();
                    async move {
                        if ev.state_key == me.own
                            && ev.content.membership == MembershipState::Invite
                            && room.state() == RoomState::Invited
                        {
                            me.consider_invite(room, ev.sender);
                        }
                    }
                });
        vec![timeline, invites]
    }

    /// Ends the room workers (their queues close).
    pub fn stop(&self) {
        lock(&self.queues).clear();
    }

    /// Invites that came while the bot was away, and rooms everyone left meanwhile.
    pub async fn catch_up(self: &Arc<Self>) {
        for room in self.client.invited_rooms() {
            match room.invite_details().await {
                Ok(invite) => self.consider_invite(room, invite.inviter_id),
                Err(e) => {
                    tracing::warn!(room = %room.room_id(), error = %e, "cannot read an invite")
                }
            }
        }
        for room in self.client.joined_rooms() {
            self.leave_if_alone(&room).await;
        }
    }

    /// Joins if the inviter is on the allow-list, else declines.
    fn consider_invite(self: &Arc<Self>, room: Room, inviter: OwnedUserId) {
        let allowed = self.config.allows(&inviter);
        tracing::info!(room = %room.room_id(), %inviter, allowed, "invited");
        let me = Arc::clone(self);
        tokio::spawn(async move {
            if !allowed {
                if let Err(e) = room.leave().await {
                    tracing::warn!(room = %room.room_id(), error = %e, "cannot decline an invite");
                }
                return;
            }
            // A join right after the invite sometimes fails while servers catch up: retry.
            for attempt in 1..=4u32 {
                match room.join().await {
                    Ok(()) => {
                        me.say_hello(&room, &inviter).await;
                        return;
                    }
                    Err(e) => {
                        tracing::warn!(room = %room.room_id(), error = %e, attempt, "cannot join");
                        tokio::time::sleep(backoff(attempt)).await;
                    }
                }
            }
        });
    }

    /// One notice on joining: what the bot is and how to start.
    async fn say_hello(&self, room: &Room, inviter: &UserId) {
        let event = Event {
            place: place(room.room_id()),
            sender: User::new(inviter.as_str(), inviter.localpart()),
            input: Input::Joined,
            mentions: Vec::new(),
        };
        for reply in self.service.handle(event).await {
            self.send(room, &reply, None, None).await;
        }
    }

    async fn on_member(self: &Arc<Self>, ev: OriginalSyncRoomMemberEvent, room: Room) {
        let membership = &ev.content.membership;
        if ev.state_key == self.own {
            if *membership == MembershipState::Join {
                // Our join: what follows in the timeline is new.
                lock(&self.live).insert(room.room_id().to_owned());
            } else {
                lock(&self.live).remove(room.room_id());
                lock(&self.queues).remove(room.room_id());
            }
        } else if matches!(membership, MembershipState::Leave | MembershipState::Ban) {
            self.leave_if_alone(&room).await;
        }
    }

    /// Nobody else is in the room (or invited): leave it.
    async fn leave_if_alone(&self, room: &Room) {
        if room.state() != RoomState::Joined {
            return;
        }
        let others = match room.members_no_sync(RoomMemberships::ACTIVE).await {
            Ok(members) => members.iter().filter(|m| m.user_id() != self.own).count(),
            Err(e) => {
                tracing::warn!(room = %room.room_id(), error = %e, "cannot list members");
                return;
            }
        };
        if others == 0 {
            tracing::info!(room = %room.room_id(), "alone in the room: leaving");
            if let Err(e) = room.leave().await {
                tracing::warn!(room = %room.room_id(), error = %e, "cannot leave");
            }
        }
    }

    /// Is this message new, as opposed to room history that came with joining?
    async fn is_live(&self, room: &Room, sent: MilliSecondsSinceUnixEpoch) -> bool {
        if lock(&self.live).contains(room.room_id()) {
            return true;
        }
        // A busy room's first sync may carry our join as state, not in the timeline:
        // then messages sent after the join are new.
        let joined_at = match room.get_member_no_sync(&self.own).await {
            Ok(Some(me)) if *me.membership() == MembershipState::Join => {
                me.event().origin_server_ts()
            }
            _ => None,
        };
        if joined_at.is_some_and(|at| sent > at) {
            lock(&self.live).insert(room.room_id().to_owned());
            return true;
        }
        false
    }

    async fn on_message(self: &Arc<Self>, ev: OriginalSyncRoomMessageEvent, room: Room) {
        if room.state() != RoomState::Joined || ev.sender == self.own {
            return;
        }
        // Notices (other bots), emotes and media are not for us.
        let MessageType::Text(content) = &ev.content.msgtype else {
            return;
        };
        let (is_reply, thread) = match &ev.content.relates_to {
            Some(Relation::Replacement(_)) => return, // an edit
            Some(Relation::Reply(_)) => (true, None),
            // In a thread, a real reply carries a reply fallback body too.
            Some(Relation::Thread(t)) => (!t.is_falling_back, Some(t.event_id.clone())),
            _ => (false, None),
        };
        if !self.is_live(&room, ev.origin_server_ts).await {
            tracing::debug!(room = %room.room_id(), event = %ev.event_id, "history: not answered");
            return;
        }
        let html = content
            .formatted
            .as_ref()
            .filter(|f| f.format == MessageFormat::Html)
            .map(|f| f.body.as_str());
        let m_mentions: Vec<String> = ev
            .content
            .mentions
            .iter()
            .flat_map(|m| m.user_ids.iter().map(|u| u.to_string()))
            .collect();
        let incoming = text::incoming(&content.body, html, is_reply, &m_mentions);
        let sender = self.sender(&room, &ev.sender).await;
        let mut mentions = Vec::new();
        for id in &incoming.mentioned {
            if let Ok(id) = UserId::parse(id.as_str()) {
                mentions.push(self.user(&room, &id).await);
            }
        }
        let event = Event {
            place: place(room.room_id()),
            sender,
            input: Input::Text(incoming.text),
            mentions,
        };
        self.enqueue(
            &room,
            Job::Message {
                event,
                event_id: ev.event_id,
                thread,
            },
        );
    }

    /// A reaction on a board or on an answer to a pick; anything else is not for us.
    async fn on_reaction(self: &Arc<Self>, ev: OriginalSyncReactionEvent, room: Room) {
        if room.state() != RoomState::Joined || ev.sender == self.own {
            return;
        }
        let Annotation { event_id, key, .. } = &ev.content.relates_to;
        let Some(touch) = self
            .touches
            .reaction(room.room_id(), event_id, key, ev.sender.as_str())
        else {
            return;
        };
        if !self.is_live(&room, ev.origin_server_ts).await {
            return;
        }
        let event = Event {
            place: place(room.room_id()),
            sender: self.sender(&room, &ev.sender).await,
            input: Input::Button(match &touch {
                Touch::Pick { id, .. } | Touch::Go { id, .. } => id.clone(),
            }),
            mentions: Vec::new(),
        };
        self.enqueue(&room, Job::Touch { event, touch });
    }

    /// A member's id and the name the room shows for them.
    /// The sender of a message, marked as a moderator at power level 50 or more (room
    /// creators of room version 12 rank above every number).
    async fn sender(&self, room: &Room, id: &UserId) -> User {
        let moderator = match room.get_member_no_sync(id).await {
            Ok(Some(member)) => match member.power_level() {
                UserPowerLevel::Infinite => true,
                UserPowerLevel::Int(level) => i64::from(level) >= MODERATOR_LEVEL,
                _ => false,
            },
            _ => false,
        };
        self.user(room, id).await.moderating(moderator)
    }

    async fn user(&self, room: &Room, id: &UserId) -> User {
        let name = match room.get_member_no_sync(id).await {
            Ok(Some(member)) => member.name().to_string(),
            _ => id.localpart().to_string(),
        };
        User::new(id.as_str(), name)
    }

    /// A message from the service's timers, for one of our rooms.
    pub fn post_outgoing(self: &Arc<Self>, out: Outgoing) {
        let room = RoomId::parse(out.place.channel.as_str())
            .ok()
            .and_then(|id| self.client.get_room(&id))
            .filter(|r| r.state() == RoomState::Joined);
        match room {
            Some(room) => self.enqueue(&room, Job::Post(Box::new(out.reply))),
            None => {
                tracing::warn!(channel = %out.place.channel, "a message for a room the bot is not in")
            }
        }
    }

    fn enqueue(self: &Arc<Self>, room: &Room, job: Job) {
        let mut queues = lock(&self.queues);
        let tx = queues.entry(room.room_id().to_owned()).or_insert_with(|| {
            let (tx, rx) = mpsc::unbounded_channel();
            tokio::spawn(self.clone().work(room.clone(), rx));
            tx
        });
        if tx.send(job).is_err() {
            tracing::error!(room = %room.room_id(), "the room's worker stopped");
            queues.remove(room.room_id());
        }
    }

    /// One room's worker: each message through the chat layer and its replies out, in order
    /// for each sender; different senders' messages are handled side by side, so nobody waits
    /// while the bot thinks about someone else's move.
    async fn work(self: Arc<Self>, room: Room, mut jobs: mpsc::UnboundedReceiver<Job>) {
        let mut by_sender: HashMap<String, tokio::task::JoinHandle<()>> = HashMap::new();
        while let Some(job) = jobs.recv().await {
            match job {
                Job::Message {
                    event,
                    event_id,
                    thread,
                } => {
                    let sender = event.sender.id.clone();
                    let (rooms, room) = (self.clone(), room.clone());
                    after_the_last(&mut by_sender, sender, async move {
                        let (replies, pending) = rooms.service.handle_staged(event).await;
                        let asked = thread.as_deref();
                        for reply in replies {
                            rooms.send(&room, &reply, Some(&event_id), asked).await;
                        }
                        // An analysis: "analysing…" went out above, the result follows.
                        if let Some(pending) = pending {
                            for reply in rooms.service.answer(pending).await {
                                rooms.send(&room, &reply, Some(&event_id), asked).await;
                            }
                        }
                    });
                }
                Job::Touch { event, touch } => {
                    let sender = event.sender.id.clone();
                    let (rooms, room) = (self.clone(), room.clone());
                    after_the_last(&mut by_sender, sender, async move {
                        rooms.touched(&room, event, touch).await;
                    });
                }
                Job::Post(reply) => {
                    self.send(&room, &reply, None, None).await;
                }
            }
        }
    }

    /// A reaction's command through the chat layer. A pick is answered, replying to the board,
    /// with the piece's destinations and one arrow reaction per way it can go; an arrow's move
    /// goes out as any move's replies do, and the answer it was on is redacted. Refusals (not
    /// this player's turn, a board that moved on) are not said: a reaction is not a question.
    async fn touched(&self, room: &Room, event: Event, touch: Touch) {
        let player = event.sender.id.clone();
        let (replies, _) = self.service.handle_staged(event).await;
        match touch {
            Touch::Pick { board, .. } => {
                for reply in replies {
                    let goes = Touches::arrows(&reply);
                    let Some(game) = reply.board.as_ref().map(|b| b.game_id) else {
                        continue;
                    };
                    if goes.is_empty() {
                        tracing::debug!(room = %room.room_id(), "a reaction that picks nothing");
                        continue;
                    }
                    // The board is in its game's thread, if the game has one.
                    let root = self.open_root(room, game).await;
                    let Some(events) = self.send(room, &reply, Some(&board), root.as_deref()).await
                    else {
                        continue;
                    };
                    let Some(notice) = events.first().cloned() else {
                        continue;
                    };
                    // Known before the arrows show, so that the quickest press counts.
                    let arrows: Vec<Dir> = goes.iter().map(|(d, _)| *d).collect();
                    self.touches
                        .prompted(room.room_id(), game, &player, events, goes);
                    for dir in arrows {
                        let arrow = Annotation::new(notice.clone(), dir.arrow().to_string());
                        if let Err(e) = room.send(ReactionEventContent::new(arrow)).await {
                            tracing::warn!(room = %room.room_id(), error = %e, "cannot react");
                        }
                    }
                }
            }
            Touch::Go { prompt, .. } => {
                for reply in replies.iter().filter(|r| !r.private) {
                    self.send(room, reply, None, None).await;
                }
                if let Some(p) = self.touches.take_prompt(&prompt) {
                    self.redact(room, p).await;
                }
            }
        }
    }

    /// Removes an answer to a pick that no longer applies.
    async fn redact(&self, room: &Room, prompt: Prompt) {
        for id in &prompt.events {
            if let Err(e) = room.redact(id, None, None).await {
                tracing::warn!(room = %room.room_id(), error = %e, "cannot redact an answer");
            }
        }
    }

    /// Sends a reply; returns its events (notice, then image), or `None` when it failed.
    /// A board replaces its game's newest board for reactions, and answers to picks on the
    /// board before it are redacted. A game's reply goes into its thread (opened here when the
    /// reply asks for one); anything else said in a thread (`asked_in`) is answered there.
    async fn send(
        &self,
        room: &Room,
        reply: &Reply,
        answering: Option<&EventId>,
        asked_in: Option<&EventId>,
    ) -> Option<Vec<OwnedEventId>> {
        let (root, result) = self.thread_for(room, reply).await;
        let root = root.or_else(|| asked_in.map(EventId::to_owned));
        let in_thread = root.map(|r| self.threads.of(r));
        let sent = match send_reply(room, reply, answering, in_thread.as_ref()).await {
            Ok(events) => {
                for stale in self.touches.sent(room.room_id(), reply, events.clone()) {
                    self.redact(room, stale).await;
                }
                if !reply.private {
                    self.note_challenge(room, reply, &events).await;
                }
                Some(events)
            }
            Err(e) => {
                tracing::error!(room = %room.room_id(), error = format!("{e:#}"), "cannot post a reply");
                chat::metrics::reply_failed(PLATFORM);
                None
            }
        };
        if let (Some(t), Some(last)) = (&in_thread, sent.as_ref().and_then(|e| e.last())) {
            self.threads.sent(&t.root, last.clone());
        }
        self.forget_challenges(reply).await;
        // A game's end: the room reads its result too.
        if let (Some(t), Some(result)) = (&in_thread, result) {
            self.threads.forget(&t.root);
            if let Err(e) = send_reply(room, &Reply::text(result), None, None).await {
                tracing::warn!(room = %room.room_id(), error = format!("{e:#}"), "cannot post a game's result");
            }
        }
        sent
    }

    /// The root of the thread a public reply goes into, and the result line for the room when
    /// it ends its game. A reply that opens its game's thread roots it at the challenge (or,
    /// without one, at the start line it posts in the room) and notes it in the store.
    async fn thread_for(
        &self,
        room: &Room,
        reply: &Reply,
    ) -> (Option<OwnedEventId>, Option<String>) {
        // A private answer stays where it was asked.
        let Some(game) = reply.game_id().filter(|_| !reply.private) else {
            return (None, None);
        };
        let room_id = room.room_id().to_string();
        match &reply.thread {
            Some(Thread::Open { challenge, .. }) => {
                let item = challenge.map(|n| format!("challenge:{n}"));
                let here = room_id.clone();
                let known = match item {
                    Some(item) => self
                        .service
                        .with_store(move |s| s.live_message(PLATFORM, &item))
                        .await
                        .and_then(Result::ok)
                        .flatten()
                        .filter(|m| m.channel == here)
                        .and_then(|m| EventId::parse(m.message.as_str()).ok()),
                    None => None,
                };
                let start = Reply::text(reply.headline.clone().unwrap_or_default());
                let started = send_reply(room, &start, None, None).await;
                let root = match (known, started) {
                    (Some(root), _) => root,
                    (None, Ok(events)) if !events.is_empty() => events[0].clone(),
                    (None, other) => {
                        if let Err(e) = other {
                            tracing::warn!(room = %room_id, error = format!("{e:#}"), "cannot start a game's thread");
                        }
                        return (None, None);
                    }
                };
                let r = root.to_string();
                let noted = self
                    .service
                    .with_store(move |s| s.open_thread(PLATFORM, game, &room_id, &r))
                    .await;
                if let Some(Err(e)) = noted {
                    tracing::warn!(error = %e, game, "a game's thread could not be noted");
                }
                (Some(root), None)
            }
            step => {
                let closing = matches!(step, Some(Thread::Close));
                let found = self
                    .service
                    .with_store(move |s| {
                        let t = s.thread_of_game(PLATFORM, game)?.filter(|t| t.open);
                        if t.is_some() && closing {
                            s.close_thread(PLATFORM, game)?;
                        }
                        Ok::<_, store::StoreError>(t)
                    })
                    .await;
                match found {
                    Some(Ok(Some(t))) if t.channel == room_id => {
                        let root = EventId::parse(t.thread.as_str()).ok();
                        let result = closing.then(|| reply.headline.clone()).flatten();
                        (root.clone(), result.filter(|_| root.is_some()))
                    }
                    Some(Err(e)) => {
                        tracing::warn!(error = %e, game, "a game's thread is unknown");
                        (None, None)
                    }
                    _ => (None, None),
                }
            }
        }
    }

    /// The root of game `game`'s open thread in `room`, if it has one.
    async fn open_root(&self, room: &Room, game: i64) -> Option<OwnedEventId> {
        let here = room.room_id().to_string();
        let t = self
            .service
            .with_store(move |s| s.thread_of_game(PLATFORM, game))
            .await?
            .ok()??;
        (t.open && t.channel == here)
            .then(|| EventId::parse(t.thread.as_str()).ok())
            .flatten()
    }

    /// Forgets where challenges that closed were posted.
    async fn forget_challenges(&self, reply: &Reply) {
        let items: Vec<String> = reply
            .retired_buttons
            .iter()
            .filter_map(|id| match chat::Action::parse(id) {
                Some(chat::Action::Accept(n)) => Some(format!("challenge:{n}")),
                _ => None,
            })
            .collect();
        if items.is_empty() {
            return;
        }
        let forgotten = self
            .service
            .with_store(move |s| {
                items
                    .iter()
                    .try_for_each(|i| s.take_live(PLATFORM, i).map(drop))
            })
            .await;
        if let Some(Err(e)) = forgotten {
            tracing::warn!(error = %e, "a closed challenge's event is still noted");
        }
    }

    /// Notes where a challenge was posted, so that the game it becomes can be threaded from it.
    async fn note_challenge(&self, room: &Room, reply: &Reply, events: &[OwnedEventId]) {
        let Some(n) = reply
            .buttons
            .iter()
            .find_map(|b| match chat::Action::parse(&b.id) {
                Some(chat::Action::Accept(n)) => Some(n),
                _ => None,
            })
        else {
            return;
        };
        let Some(event) = events.first() else { return };
        let now = store::LiveMessage {
            channel: room.room_id().to_string(),
            message: event.to_string(),
        };
        let item = format!("challenge:{n}");
        if let Some(Err(e)) = self
            .service
            .with_store(move |s| s.swap_live(PLATFORM, &item, &now))
            .await
        {
            tracing::warn!(error = %e, "a challenge's event could not be noted");
        }
    }
}

/// Runs `work` once `sender`'s previous work in the room is done, beside other senders' work.
fn after_the_last(
    by_sender: &mut HashMap<String, tokio::task::JoinHandle<()>>,
    sender: String,
    work: impl std::future::Future<Output = ()> + Send + 'static,
) {
    by_sender.retain(|_, h| !h.is_finished());
    let before = by_sender.remove(&sender);
    let task = tokio::spawn(async move {
        if let Some(before) = before {
            let _ = before.await;
        }
        work.await;
    });
    by_sender.insert(sender, task);
}

/// The notice's plain and HTML bodies. A board without its picture (rendering failed) is
/// shown as text, so the player still sees the position.
fn notice_bodies(reply: &Reply, pills: &[Pill<'_>]) -> (String, String) {
    let (mut plain, mut html) = text::outgoing(&reply.text, pills);
    if let (None, Some(view)) = (&reply.image, &reply.board) {
        let board = chat::text::board_text(&view.position, view.flip, view.lang);
        plain.push_str("\n\n");
        plain.push_str(&board);
        html.push_str(&text::preformatted(&board));
    }
    (plain, html)
}

/// A reply as an `m.notice` (mentioning the users it names, answering the triggering message
/// when private) and its board as an `m.image`, encrypted by matrix-sdk in encrypted rooms.
/// Returns the events sent, in order.
pub async fn send_reply(
    room: &Room,
    reply: &Reply,
    answering: Option<&EventId>,
    in_thread: Option<&InThread>,
) -> anyhow::Result<Vec<OwnedEventId>> {
    let mut sent = Vec::new();
    let mentioned: Vec<(OwnedUserId, &str)> = reply
        .mentions
        .iter()
        .filter_map(|u| {
            UserId::parse(u.id.as_str())
                .ok()
                .map(|id| (id, u.name.as_str()))
        })
        .collect();
    if !reply.text.trim().is_empty() {
        let pills: Vec<Pill<'_>> = mentioned
            .iter()
            .map(|(id, name)| Pill { id, name })
            .collect();
        let (plain, html) = notice_bodies(reply, &pills);
        let mut content = RoomMessageEventContent::notice_html(plain, html).add_mentions(
            Mentions::with_user_ids(mentioned.iter().map(|(id, _)| id.clone())),
        );
        let answer = answering.filter(|_| reply.private);
        content.relates_to = match (in_thread, answer) {
            (Some(t), answer) => Some(t.relation(answer)),
            (None, Some(id)) => Some(Relation::Reply(
                matrix_sdk::ruma::events::relation::Reply::with_event_id(id.to_owned()),
            )),
            (None, None) => None,
        };
        let r = room.send(content).await.context("sending a notice")?;
        sent.push(r.response.event_id);
    }
    if let Some(image) = &reply.image {
        let mime: mime::Mime = image
            .mime
            .parse()
            .with_context(|| format!("'{}' is not a MIME type", image.mime))?;
        let info = BaseImageInfo {
            width: Some(UInt::from(image.width)),
            height: Some(UInt::from(image.height)),
            size: UInt::new(image.bytes.len() as u64),
            ..BaseImageInfo::default()
        };
        // The caption becomes the event's `body` (the file name moves to `filename`): what
        // clients read out or show when the picture is not seen.
        let caption = Some(image.alt.trim())
            .filter(|alt| !alt.is_empty())
            .map(TextMessageEventContent::plain);
        // In a thread, the picture follows the notice there (matrix-sdk builds the thread
        // relation from the event it replies to).
        let follows = in_thread.map(|t| sent.last().cloned().unwrap_or(t.latest.clone()));
        let config = AttachmentConfig::new()
            .info(AttachmentInfo::Image(info))
            .caption(caption)
            .reply(follows.map(|event_id| matrix_sdk::room::reply::Reply {
                event_id,
                enforce_thread: EnforceThread::Threaded(ReplyWithinThread::No),
                add_mentions: AddMentions::No,
            }));
        let r = room
            .send_attachment(&image.file_name, &mime, image.bytes.clone(), config)
            .await
            .context("uploading the board")?;
        sent.push(r.event_id);
    }
    Ok(sent)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chat::{BoardView, Image};
    use engine::Position;

    fn view() -> BoardView {
        BoardView::example()
    }

    #[test]
    fn a_board_without_its_picture_is_shown_as_text() {
        let board = chat::text::board_text(&Position::start(), false, chat::lang::Lang::En);
        let mut reply = Reply {
            text: "Game #3 starts".into(),
            board: Some(view()),
            ..Reply::default()
        };
        let (plain, html) = notice_bodies(&reply, &[]);
        assert_eq!(plain, format!("Game #3 starts\n\n{board}"));
        assert!(html.starts_with("Game #3 starts<pre>"), "{html}");
        assert!(html.ends_with("</pre>"), "{html}");

        reply.image = Some(Image {
            bytes: vec![1],
            file_name: "game-3.png".into(),
            mime: "image/png",
            width: 1,
            height: 1,
            alt: "Game #3 at the start".into(),
        });
        assert_eq!(
            notice_bodies(&reply, &[]),
            text::outgoing("Game #3 starts", &[]),
            "with the picture, the text stays short"
        );
    }
}
