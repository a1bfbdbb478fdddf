//! A game between people in a thread of its own: opened from the challenge message when the
//! challenge is accepted (or, without one, in the channel), named after the players and the
//! game; its boards and replies go there, the channel gets the start and the result, and the
//! thread is archived when the game ends. Where a thread cannot be opened (no permission, a
//! channel without threads, Discord's limit of active threads) the game stays in the channel
//! and the reason is noted for the moderators' `admin settings` and `jungle check`.

use serenity::all::{
    AutoArchiveDuration, ChannelId, ChannelType, CreateThread, EditThread, Http, Message, MessageId,
};

use chat::lang::tr;
use chat::{Place, Reply, Thread};

use super::PLATFORM;
use super::handler::Shared;

/// Discord's longest thread name.
const NAME_LIMIT: usize = 100;

/// Where the replies to one event go: `here` as the answer where it came from, the rest into
/// other channels (a game's thread, or its channel), and the threads to archive once posted.
#[derive(Default)]
pub(super) struct Routed {
    pub here: Vec<Reply>,
    pub elsewhere: Vec<(ChannelId, Reply)>,
    pub archive: Vec<ChannelId>,
}

/// Why Discord refused a thread, as noted for moderators; `None` for a failure that says
/// nothing about the channel (Discord down, a timeout).
fn problem_of(e: &serenity::Error) -> Option<&'static str> {
    let serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(r)) = e else {
        return None;
    };
    match r.error.code {
        // Missing Access, Missing Permissions.
        50001 | 50013 => Some("forbidden"),
        // Maximum number of active threads reached.
        160006 => Some("full"),
        // Cannot execute action on this channel type; a thread from a thread's message.
        50024 | 160004 => Some("none"),
        _ => None,
    }
}

/// A thread name within Discord's limit.
fn thread_name(name: &str) -> String {
    name.chars().take(NAME_LIMIT).collect()
}

impl Shared {
    /// The channel whose games a message in `channel` is about: the channel of the game whose
    /// thread it is, else itself.
    pub(super) async fn games_channel(&self, channel: ChannelId) -> ChannelId {
        let thread = channel.to_string();
        let found = self
            .service
            .with_store(move |s| s.game_of_thread(PLATFORM, &thread))
            .await;
        match found {
            Some(Ok(Some(t))) => t.channel.parse().map(ChannelId::new).unwrap_or(channel),
            Some(Err(e)) => {
                tracing::warn!(error = %e, %channel, "cannot tell whether a channel is a game's thread");
                channel
            }
            _ => channel,
        }
    }

    /// The open thread of the game a public reply is about, if it has one.
    async fn open_thread_of(&self, reply: &Reply) -> Option<ChannelId> {
        if reply.private {
            return None;
        }
        let game = reply.game_id()?;
        let found = self
            .service
            .with_store(move |s| s.thread_of_game(PLATFORM, game))
            .await?;
        match found {
            Ok(Some(t)) if t.open => t.thread.parse().ok().map(ChannelId::new),
            Ok(_) => None,
            Err(e) => {
                tracing::warn!(error = %e, game, "a game's thread is unknown");
                None
            }
        }
    }

    /// Where the challenge message of challenge `n` is, if the bot posted it in a channel.
    async fn challenge_message(&self, n: i64) -> Option<(ChannelId, MessageId)> {
        let item = format!("challenge:{n}");
        let m = self
            .service
            .with_store(move |s| s.live_message(PLATFORM, &item))
            .await?
            .ok()??;
        let channel = m.channel.parse::<u64>().ok().filter(|&c| c > 0)?;
        let message = m.message.parse::<u64>().ok().filter(|&m| m > 0)?;
        Some((ChannelId::new(channel), MessageId::new(message)))
    }

    /// Opens the thread a reply asks for, in `channel` (from the challenge's message when it
    /// is there, or `pressed` if that is it). Notes what went wrong for the moderators, and
    /// clears that once a thread opens again.
    async fn open(
        &self,
        http: &Http,
        place: &Place,
        channel: ChannelId,
        reply: &Reply,
        pressed: Option<&Message>,
    ) -> Option<ChannelId> {
        let Some(Thread::Open { name, challenge }) = &reply.thread else {
            return None;
        };
        let game = reply.game_id()?;
        let root = match (challenge, pressed) {
            (Some(n), Some(p))
                if super::live::ids_of(p)
                    .iter()
                    .any(|id| id == &chat::Action::Accept(*n).id()) =>
            {
                Some((p.channel_id, p.id))
            }
            (Some(n), _) => self.challenge_message(*n).await,
            (None, _) => None,
        }
        .filter(|(c, _)| *c == channel);
        let builder = CreateThread::new(thread_name(name))
            .auto_archive_duration(AutoArchiveDuration::OneWeek)
            .kind(ChannelType::PublicThread);
        let made = match root {
            Some((c, m)) => c.create_thread_from_message(http, m, builder).await,
            None => channel.create_thread(http, builder).await,
        };
        let scope = place.scope.clone();
        let now = self.service.now();
        let problem = match &made {
            Ok(_) => None,
            Err(e) => {
                tracing::warn!(error = %e, %channel, game, "a game's thread cannot be opened; the game stays in the channel");
                match problem_of(e) {
                    Some(p) => Some(p),
                    None => return None,
                }
            }
        };
        let thread = made.ok().map(|t| t.id);
        let (parent, opened) = (channel.to_string(), thread.map(|t| t.to_string()));
        let noted = self
            .service
            .with_store(move |s| {
                if let Some(t) = &opened {
                    s.open_thread(PLATFORM, game, &parent, t)?;
                }
                s.note_threads_problem(PLATFORM, &scope, problem, now)
            })
            .await;
        if let Some(Err(e)) = noted {
            tracing::warn!(error = %e, game, "a game's thread could not be noted");
        }
        thread
    }

    /// Sorts the replies to an event that came from `origin` (a channel, or a game's thread)
    /// in `place` (whose channel is the games' channel): a game's replies go into its open
    /// thread, a thread asked for is opened, and a game's end goes to the thread with its
    /// result (and rematch button) in the channel.
    pub(super) async fn route(
        &self,
        http: &Http,
        place: &Place,
        origin: ChannelId,
        replies: Vec<Reply>,
        pressed: Option<&Message>,
    ) -> Routed {
        let channel = place
            .channel
            .parse::<u64>()
            .ok()
            .filter(|&c| c > 0)
            .map_or(origin, ChannelId::new);
        let mut routed = Routed::default();
        let put = |to: ChannelId, r: Reply, routed: &mut Routed| {
            if to == origin {
                routed.here.push(r);
            } else {
                routed.elsewhere.push((to, r));
            }
        };
        for r in replies {
            if r.private {
                routed.here.push(r);
                continue;
            }
            if matches!(r.thread, Some(Thread::Open { .. })) && !place.is_private() {
                match self.open(http, place, channel, &r, pressed).await {
                    Some(thread) => {
                        let headline = r.headline.clone().unwrap_or_default();
                        let start = Reply::text(format!("{headline} <#{thread}>"));
                        put(channel, start, &mut routed);
                        put(thread, plain(r), &mut routed);
                    }
                    None => put(origin, plain(r), &mut routed),
                }
                continue;
            }
            // A challenge (a rematch asked in a game's thread) belongs to the channel, where
            // its game's own thread can hang off it.
            let challenge = r.game_id().is_none()
                && r.buttons
                    .iter()
                    .any(|b| matches!(chat::Action::parse(&b.id), Some(chat::Action::Accept(_))));
            if challenge {
                put(channel, plain(r), &mut routed);
                continue;
            }
            match self.open_thread_of(&r).await {
                Some(thread) if matches!(r.thread, Some(Thread::Close)) => {
                    let result = Reply {
                        text: r.headline.clone().unwrap_or_default(),
                        buttons: r.buttons.clone(),
                        ..Reply::default()
                    };
                    put(
                        thread,
                        Reply {
                            buttons: Vec::new(),
                            ..plain(r)
                        },
                        &mut routed,
                    );
                    put(channel, result, &mut routed);
                    routed.archive.push(thread);
                }
                Some(thread) => put(thread, plain(r), &mut routed),
                None => put(origin, plain(r), &mut routed),
            }
        }
        routed
    }

    /// Archives a game's thread whose game ended, once (of several processes, the one that
    /// marks it closed).
    pub(super) async fn archive(&self, http: &Http, thread: ChannelId) {
        let t = thread.to_string();
        let closed = self
            .service
            .with_store(move |s| match s.game_of_thread(PLATFORM, &t)? {
                Some(g) => s.close_thread(PLATFORM, g.game_id),
                None => Ok(false),
            })
            .await;
        if !matches!(closed, Some(Ok(true))) {
            return;
        }
        if let Err(e) = thread
            .edit_thread(http, EditThread::new().archived(true))
            .await
        {
            tracing::warn!(error = %e, %thread, "archiving a game's thread failed");
        }
    }

    /// The answer to an interaction whose replies all went elsewhere: where to find them.
    pub(super) async fn pointer(&self, place: &Place, locale: &str, routed: &Routed) -> Reply {
        let (_, reader) = self
            .service
            .languages(place.clone(), Some(locale.to_string()))
            .await;
        let (to, game) = routed
            .elsewhere
            .first()
            .map(|(c, r)| (*c, r.game_id()))
            .unwrap_or((ChannelId::new(1), None));
        let lead = match game {
            Some(game) => tr!(reader, "thread-pointer", game = game),
            None => tr!(reader, "posted-in-channel"),
        };
        Reply::private(format!("{lead} <#{to}>"))
    }
}

/// A reply without what the thread steps asked of it (done by the routing).
fn plain(r: Reply) -> Reply {
    Reply {
        thread: None,
        headline: None,
        ..r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_cut_to_discords_limit() {
        let long = "名".repeat(150);
        assert_eq!(thread_name(&long).chars().count(), NAME_LIMIT);
        assert_eq!(
            thread_name("alice vs bob · game #3"),
            "alice vs bob · game #3"
        );
    }
}
