//! Moves by reaction against the real Synapse: an animal on the newest board, then an arrow
//! on the bot's answer, in a plain room between two people (with reactions by the wrong
//! person, with a wrong arrow and on an old board, all passed over in silence) and in an
//! encrypted room against the bot.

use matrix_sdk::Room;
use matrix_sdk::ruma::events::room::message::{MessageType, Relation};
use matrix_sdk::ruma::{OwnedEventId, UserId};

use super::harness::{Bot, Human, Saw, Seen};
use super::{challenge_bob, game_in, room_with_bot, two_people};
use crate::synapse_or_skip;

const UP: &str = "\u{2B06}\u{FE0F}";
const DOWN: &str = "\u{2B07}\u{FE0F}";
const LEFT: &str = "\u{2B05}\u{FE0F}";
const RIGHT: &str = "\u{27A1}\u{FE0F}";

/// Everything the bot does in `room` (as `human` sees it) up to and including the first event
/// for which `done` holds over all of them so far.
async fn bot_events_until(
    human: &Human,
    room: &Room,
    bot: &UserId,
    what: &str,
    mut done: impl FnMut(&[Seen]) -> bool,
) -> Vec<Seen> {
    let mut all: Vec<Seen> = Vec::new();
    human
        .wait_for(what, room, |s| {
            if s.sender != bot {
                return None;
            }
            if matches!(s.what, Saw::Undecryptable) {
                panic!("could not decrypt an event from {bot}");
            }
            all.push(s.clone());
            done(&all).then_some(())
        })
        .await;
    all
}

fn is_image(s: &Seen) -> bool {
    matches!(&s.what, Saw::Message { content, .. } if matches!(content.msgtype, MessageType::Image(_)))
}

fn notices(events: &[Seen]) -> Vec<String> {
    events
        .iter()
        .filter(|s| !is_image(s))
        .filter_map(|s| match &s.what {
            Saw::Message { content, .. } => Some(content.body().to_string()),
            _ => None,
        })
        .collect()
}

fn images(events: &[Seen]) -> Vec<OwnedEventId> {
    events
        .iter()
        .filter(|s| is_image(s))
        .map(|s| s.event_id.clone())
        .collect()
}

fn reactions_on(events: &[Seen], target: &OwnedEventId) -> Vec<String> {
    events
        .iter()
        .filter_map(|s| match &s.what {
            Saw::Reaction { target: t, key } if t == target => Some(key.clone()),
            _ => None,
        })
        .collect()
}

fn redacted(events: &[Seen]) -> Vec<OwnedEventId> {
    events
        .iter()
        .filter_map(|s| match &s.what {
            Saw::Redaction { target } => Some(target.clone()),
            _ => None,
        })
        .collect()
}

/// The notice in `events` that replies to `board`, by its index: a plain reply, or (a game
/// between people, in its thread) a reply within the thread.
fn reply_to(events: &[Seen], board: &OwnedEventId) -> Option<usize> {
    events.iter().position(|s| match &s.what {
        Saw::Message { content, .. } => match &content.relates_to {
            Some(Relation::Reply(r)) => &r.in_reply_to.event_id == board,
            Some(Relation::Thread(t)) => {
                !t.is_falling_back && t.in_reply_to.as_ref().is_some_and(|r| &r.event_id == board)
            }
            _ => false,
        },
        _ => false,
    })
}

/// The answer to a pick: its notice (a reply to `board`, naming the arrows), its picture, and
/// the bot's arrows on the notice; nothing else from the answer on. Returns the notice's and
/// the picture's ids.
async fn answer_to_pick(
    human: &Human,
    room: &Room,
    bot: &UserId,
    board: &OwnedEventId,
    says: &str,
    arrows: &[&str],
) -> (OwnedEventId, OwnedEventId) {
    let seen = bot_events_until(human, room, bot, says, |all| {
        reply_to(all, board).is_some_and(|i| {
            reactions_on(all, &all[i].event_id).len() == arrows.len()
                && !images(&all[i..]).is_empty()
        })
    })
    .await;
    // Reactions that pick nothing (someone else's, an old board's) got no answer of their own.
    let replies = seen
        .iter()
        .filter(|s| reply_to(std::slice::from_ref(s), board).is_some());
    assert_eq!(replies.count(), 1, "one answer to the board: {seen:?}");
    let seen = &seen[reply_to(&seen, board).unwrap()..];
    let texts = notices(seen);
    assert_eq!(texts.len(), 1, "only the answer: {texts:?}");
    assert!(texts[0].contains(says), "{texts:?}");
    let notice = &seen[0];
    let mut keys = reactions_on(seen, &notice.event_id);
    keys.sort();
    let mut want: Vec<String> = arrows.iter().map(|a| a.to_string()).collect();
    want.sort();
    assert_eq!(keys, want);
    (notice.event_id.clone(), images(seen)[0].clone())
}

/// After an arrow: the move's notice saying `played`, the new board, and the answer's two
/// events redacted; no other notice. Returns the new board picture's id.
async fn move_played(
    human: &Human,
    room: &Room,
    bot: &UserId,
    played: &str,
    answer: (&OwnedEventId, &OwnedEventId),
) -> OwnedEventId {
    let seen = bot_events_until(human, room, bot, played, |all| {
        let gone = redacted(all);
        gone.contains(answer.0)
            && gone.contains(answer.1)
            && notices(all).iter().any(|n| n.contains(played))
            && !images(all).is_empty()
    })
    .await;
    for n in notices(&seen) {
        assert!(n.contains(played), "no other notice: {n}");
    }
    images(&seen).last().unwrap().clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_by_reaction_between_two_people() {
    let env = synapse_or_skip!();
    super::harness::init_logs();
    let dir = tempfile::tempdir().unwrap();
    let (bot, alice, bob, room, bob_room) = two_people(&env, "bot17", dir.path()).await;
    challenge_bob(&alice, &room, &bob).await;
    bob.notice_with(&bob_room, &bot.id, "alice challenges you")
        .await;
    bob.say(&bob_room, "!jungle accept").await;
    alice
        .notice_with(&room, &bot.id, "Game #1 starts: you play Jade against bob")
        .await;
    let first = alice.next_from(&room, &bot.id).await;
    assert!(first.image().is_some(), "the board follows");
    let board = first.event_id.clone();

    // Bob is not to move: his rat on the board is passed over. Alice's rat is answered.
    bob.react(&bob_room, &board, "🐭").await;
    alice.react(&room, &board, "🐭").await;
    let (notice, picture) = answer_to_pick(
        &alice,
        &room,
        &bot.id,
        &board,
        "Where should the Jade rat on G7 go? React with an arrow:",
        &[UP, DOWN, LEFT],
    )
    .await;

    // Bob's arrow and an arrow the rat cannot take change nothing; Alice's up plays G7 G6.
    bob.react(&bob_room, &notice, UP).await;
    alice.react(&room, &notice, RIGHT).await;
    alice.react(&room, &notice, UP).await;
    let next = move_played(
        &alice,
        &room,
        &bot.id,
        "alice played G7 G6",
        (&notice, &picture),
    )
    .await;
    let game = game_in(&bot, &room);
    let moves = |bot: &Bot| -> Vec<String> {
        let row = bot.store().game(game).unwrap().unwrap();
        row.moves.iter().map(|m| m.to_string()).collect()
    };
    assert_eq!(moves(&bot), ["G7 G6"]);

    // The old board no longer takes reactions; the new one does, in its own directions.
    bob.react(&bob_room, &board, "🐯").await;
    bob.react(&bob_room, &next, "🐅").await;
    let (notice, picture) = answer_to_pick(
        &bob,
        &bob_room,
        &bot.id,
        &next,
        "Where should the Crimson tiger on G1 go?",
        &[DOWN, LEFT],
    )
    .await;
    bob.react(&bob_room, &notice, DOWN).await;
    move_played(
        &bob,
        &bob_room,
        &bot.id,
        "bob played G1 G2",
        (&notice, &picture),
    )
    .await;
    assert_eq!(moves(&bot), ["G7 G6", "G1 G2"]);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_by_reaction_in_an_encrypted_room() {
    let env = synapse_or_skip!();
    super::harness::init_logs();
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&env, "bot18", dir.path()).await;
    let alice = Human::login(&env, "alice").await;
    let room = room_with_bot(&alice, &bot.id, true).await;

    alice.say(&room, "!jungle play bot easy jade").await;
    alice.notice_with(&room, &bot.id, "Game #1 starts").await;
    let first = alice.next_from(&room, &bot.id).await;
    assert!(first.image().is_some() && first.encrypted);
    alice.react(&room, &first.event_id, "🐘").await;
    let (notice, picture) = answer_to_pick(
        &alice,
        &room,
        &bot.id,
        &first.event_id,
        "Where should the Jade elephant on A7 go?",
        &[UP, DOWN, RIGHT],
    )
    .await;
    // Without the variation selector, as some clients send it.
    alice.react(&room, &notice, "\u{2B06}").await;
    let seen = bot_events_until(&alice, &room, &bot.id, "the bot's answer", |all| {
        let gone = redacted(all);
        gone.contains(&notice)
            && gone.contains(&picture)
            && notices(all)
                .iter()
                .any(|n| n.contains("Jungle bot (level 2, easy) played"))
            && !images(all).is_empty()
    })
    .await;
    let said = notices(&seen).join("\n");
    assert!(said.contains("alice played A7 A6"), "{said}");
    for s in &seen {
        if let Saw::Message { encrypted, .. } = &s.what {
            assert!(encrypted, "everything the bot says here is encrypted");
        }
    }
    let game = game_in(&bot, &room);
    let row = bot.store().game(game).unwrap().unwrap();
    assert_eq!(row.ply, 2);
    assert_eq!(row.moves[0].to_string(), "A7 A6");
    bot.stop().await;
}
