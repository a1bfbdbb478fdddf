//! A game between people as an `m.thread` against the real Synapse, in an encrypted room: the
//! challenge is the thread's root, the game's notices and boards carry the thread relation
//! with the reply fallback (`m.in_reply_to` the thread's latest event, `is_falling_back`), a
//! move typed in the thread or in the room is answered in the thread, and the room's timeline
//! gets the start and the result.

use matrix_sdk::ruma::OwnedEventId;
use matrix_sdk::ruma::events::relation::Thread;
use matrix_sdk::ruma::events::room::message::{Relation, RoomMessageEventContent};

use super::harness::{self, Bot, Human, Message};
use super::{challenge_bob, expect_board_in};
use crate::synapse_or_skip;

/// The thread a message is in: (root, the event its fallback or reply points to, whether it
/// is the fallback).
fn thread_of(m: &Message) -> Option<(OwnedEventId, Option<OwnedEventId>, bool)> {
    match &m.content.relates_to {
        Some(Relation::Thread(t)) => Some((
            t.event_id.clone(),
            t.in_reply_to.as_ref().map(|r| r.event_id.clone()),
            t.is_falling_back,
        )),
        _ => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_between_people_is_a_thread_rooted_at_the_challenge() {
    let env = synapse_or_skip!();
    harness::init_logs();
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&env, "bot19", dir.path()).await;
    let alice = Human::login(&env, "alice").await;
    let bob = Human::login(&env, "bob").await;
    let room = alice.create_room(&[&bot.id, &bob.id], true).await;
    bob.client.join_room_by_id(room.room_id()).await.unwrap();
    alice.wait_joined(&room, &[&bot.id, &bob.id]).await;
    let bob_room = bob.client.get_room(room.room_id()).unwrap();

    challenge_bob(&alice, &room, &bob).await;
    let challenge = alice
        .notice_with(&room, &bot.id, "alice challenges you")
        .await;
    assert!(challenge.encrypted);
    let root = challenge.event_id.clone();
    bob.say(&bob_room, "!jungle accept").await;
    // The room's timeline reads the start; the board is in the thread, its fallback replying
    // to the root (the thread's only event so far).
    let start = alice
        .notice_with(
            &room,
            &bot.id,
            "Game #1 has started: alice (Jade) vs bob (Crimson)",
        )
        .await;
    assert_eq!(
        thread_of(&start),
        None,
        "the start is in the room's timeline"
    );
    let board = alice
        .notice_with(&room, &bot.id, "Game #1 starts: you play Jade against bob")
        .await;
    assert!(board.encrypted);
    assert_eq!(
        thread_of(&board),
        Some((root.clone(), Some(root.clone()), true))
    );
    let image = expect_board_in(&alice, &room, &bot.id, true).await;
    assert_eq!(
        thread_of(&image),
        Some((root.clone(), Some(board.event_id.clone()), true)),
        "the picture follows the notice in the thread"
    );
    // Typed in the room: answered in the thread, after the latest event there.
    alice.say(&room, "G7 G6").await;
    let answer = bob
        .notice_with(&bob_room, &bot.id, "alice played G7 G6")
        .await;
    assert_eq!(answer.mentions(), vec![bob.id.clone()]);
    assert_eq!(
        thread_of(&answer),
        Some((root.clone(), Some(image.event_id.clone()), true))
    );
    let picture = expect_board_in(&bob, &bob_room, &bot.id, true).await;
    // Typed in the thread, as a client with threads sends it.
    let mut in_thread = RoomMessageEventContent::text_plain("A3 A4");
    in_thread.relates_to = Some(Relation::Thread(Thread::plain(
        root.clone(),
        picture.event_id.clone(),
    )));
    bob.send(&bob_room, in_thread).await;
    let answer = alice.notice_with(&room, &bot.id, "bob played A3 A4").await;
    assert_eq!(thread_of(&answer).map(|t| t.0), Some(root.clone()));
    // A refusal in the thread answers there, as a reply within it.
    let mut early = RoomMessageEventContent::text_plain("B2 B3");
    early.relates_to = Some(Relation::Thread(Thread::plain(
        root.clone(),
        answer.event_id.clone(),
    )));
    let asked = bob.send(&bob_room, early).await;
    let refusal = bob
        .notice_with(&bob_room, &bot.id, "It is not your turn")
        .await;
    assert_eq!(
        thread_of(&refusal),
        Some((root.clone(), Some(asked), false))
    );
    // The end: the last board in the thread, the result in the room's timeline.
    bob.say(&bob_room, "!jungle resign").await;
    let over = alice.notice_with(&room, &bot.id, "bob resigned").await;
    assert_eq!(thread_of(&over).map(|t| t.0), Some(root.clone()));
    let last = expect_board_in(&alice, &room, &bot.id, true).await;
    assert_eq!(thread_of(&last).map(|t| t.0), Some(root.clone()));
    let result = alice.next_from(&room, &bot.id).await;
    assert!(result.is_notice());
    assert!(
        result.body().contains("alice wins game #1 as Jade."),
        "{}",
        result.body()
    );
    assert_eq!(
        thread_of(&result),
        None,
        "the result is in the room's timeline"
    );
    let stored = bot
        .store()
        .thread_of_game("matrix", 1)
        .unwrap()
        .expect("the game's thread is stored");
    assert_eq!((stored.thread, stored.open), (root.to_string(), false));
    bot.stop().await;
}
