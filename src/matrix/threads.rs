//! A game between people as an `m.thread` rooted at its challenge: the game's notices and
//! boards carry the thread relation with the reply fallback the spec asks for (`m.in_reply_to`
//! the thread's latest event, `is_falling_back`), so clients without threads still show them
//! as a conversation; the room's main timeline gets the start and the result. In encrypted
//! rooms the relation stays outside the ciphertext, as matrix-sdk sends it.

use std::collections::HashMap;
use std::sync::Mutex;

use matrix_sdk::ruma::events::relation::Thread as ThreadRelation;
use matrix_sdk::ruma::events::room::message::{Relation, RoomMessageEventContentWithoutRelation};
use matrix_sdk::ruma::{EventId, OwnedEventId};

use chat::sync::lock;

/// The conversation one reply joins: a thread's root and the event its fallback replies to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InThread {
    pub root: OwnedEventId,
    /// The thread's latest event the bot knows (the root, at first).
    pub latest: OwnedEventId,
}

impl InThread {
    /// The relation of a notice in the thread: plainly in it (with the reply fallback), or,
    /// for an answer to `answering` there, a reply within it.
    pub fn relation(
        &self,
        answering: Option<&EventId>,
    ) -> Relation<RoomMessageEventContentWithoutRelation> {
        Relation::Thread(match answering {
            Some(to) => ThreadRelation::reply(self.root.clone(), to.to_owned()),
            None => ThreadRelation::plain(self.root.clone(), self.latest.clone()),
        })
    }
}

/// The latest event the bot sent in each thread it posts in (by root), so that the fallback
/// of the next one replies to it.
#[derive(Default)]
pub struct Latest(Mutex<HashMap<OwnedEventId, OwnedEventId>>);

impl Latest {
    /// The thread rooted at `root`, as far as the bot knows it.
    pub fn of(&self, root: OwnedEventId) -> InThread {
        let latest = lock(&self.0).get(&root).cloned().unwrap_or(root.clone());
        InThread { root, latest }
    }

    /// Notes the bot's newest event in the thread rooted at `root`.
    pub fn sent(&self, root: &EventId, event: OwnedEventId) {
        lock(&self.0).insert(root.to_owned(), event);
    }

    /// Forgets a thread whose game ended.
    pub fn forget(&self, root: &EventId) {
        lock(&self.0).remove(root);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use matrix_sdk::ruma::event_id;

    #[test]
    fn the_fallback_replies_to_the_latest_event_and_answers_stay_in_the_thread() {
        let latest = Latest::default();
        let root = event_id!("$root:example.org").to_owned();
        let t = latest.of(root.clone());
        assert_eq!(
            t.latest, root,
            "a new thread's fallback replies to its root"
        );
        let Relation::Thread(r) = t.relation(None) else {
            panic!("not a thread relation");
        };
        assert!(r.is_falling_back);
        assert_eq!(r.in_reply_to.map(|i| i.event_id), Some(root.clone()));
        latest.sent(&root, event_id!("$second:example.org").to_owned());
        let Relation::Thread(r) = latest.of(root.clone()).relation(None) else {
            panic!("not a thread relation");
        };
        assert_eq!(r.event_id, root);
        assert_eq!(
            r.in_reply_to.map(|i| i.event_id.to_string()).as_deref(),
            Some("$second:example.org")
        );
        let asked = event_id!("$asked:example.org");
        let Relation::Thread(r) = latest.of(root.clone()).relation(Some(asked)) else {
            panic!("not a thread relation");
        };
        assert!(
            !r.is_falling_back,
            "an answer is a real reply within the thread"
        );
        assert_eq!(r.in_reply_to.map(|i| i.event_id), Some(asked.to_owned()));
        latest.forget(&root);
        assert_eq!(latest.of(root.clone()).latest, root);
    }
}
