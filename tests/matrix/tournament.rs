//! A short Arena in a Matrix room against the real Synapse: a member below power level 50 is
//! refused, the room's creator announces it, two players join, the timers (a second process
//! on the same database, on its own clock) begin it and pair them in an `m.thread` rooted at
//! the game's start line, and once time is up the final standings come as a notice and a
//! picture whose body lists them.

use std::sync::Arc;

use jungle::chat::ManualClock;
use matrix_sdk::ruma::events::room::message::Relation;

use super::harness::{self, Bot, Human};
use crate::synapse_or_skip;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_arena_in_a_room() {
    let env = synapse_or_skip!();
    harness::init_logs();
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&env, "bot20", dir.path()).await;
    let alice = Human::login(&env, "alice").await;
    let bob = Human::login(&env, "bob").await;
    // Unencrypted: the thread relation in encrypted rooms is covered by `threads`.
    let room = alice.create_room(&[&bot.id, &bob.id], false).await;
    bob.client.join_room_by_id(room.room_id()).await.unwrap();
    alice.wait_joined(&room, &[&bot.id, &bob.id]).await;
    let bob_room = bob.client.get_room(room.room_id()).unwrap();

    bob.say(&bob_room, "!jungle tournament arena 10m 1+0").await;
    bob.notice_with(
        &bob_room,
        &bot.id,
        "Only the room's moderators (power level 50 or more) may announce",
    )
    .await;
    alice.say(&room, "!jungle tournament arena 10m 1+0").await;
    alice
        .notice_with(
            &room,
            &bot.id,
            "Arena #1 is announced: 10 minutes, 1 min + 0 s a move, rated.",
        )
        .await;
    alice.say(&room, "!jungle join").await;
    alice
        .notice_with(&room, &bot.id, "alice joins Arena #1 (1 player)")
        .await;
    bob.say(&bob_room, "!jungle join").await;
    alice
        .notice_with(&room, &bot.id, "bob joins Arena #1 (2 players)")
        .await;

    // The timers of a second process on the same database, its clock where the bot's is.
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let clock = Arc::new(ManualClock::new(now + 1));
    let mut config = jungle::config::Config::default();
    config.store.database = Some(jungle::store::Location::File(dir.path().join("jungle.db")));
    let timers = jungle::adapters::open_service(&config, clock.clone()).unwrap();
    for o in timers.tick().await {
        bot.outbox.send(o).await.unwrap();
    }
    alice
        .notice_with(&room, &bot.id, "Arena #1 has begun")
        .await;
    let start = alice
        .notice_with(
            &room,
            &bot.id,
            "Arena #1: game #1, bob (Jade) vs alice (Crimson)",
        )
        .await;
    let board = alice
        .notice_with(
            &room,
            &bot.id,
            "Arena #1, game #1: bob (Jade, moves first) against alice (Crimson).",
        )
        .await;
    match &board.content.relates_to {
        Some(Relation::Thread(t)) => assert_eq!(t.event_id, start.event_id, "rooted at the start"),
        other => panic!("the board is in the game's thread: {other:?}"),
    }
    // bob, who spoke first, is the first player the store knows: he has Jade.
    alice.say(&room, "!jungle resign").await;
    alice.notice_with(&room, &bot.id, "bob wins game #1").await;

    // Time is up and nobody is playing: the next pass posts the final standings.
    clock.advance(11 * 60);
    for o in timers.tick().await {
        bot.outbox.send(o).await.unwrap();
    }
    let last = alice
        .notice_with(&room, &bot.id, "Final standings of Arena #1:")
        .await;
    let body = last.body();
    assert!(body.contains("1. bob: 2 points (2), 1 game"), "{body}");
    assert!(body.contains("Congratulations to bob, alice!"), "{body}");
    let picture = alice.next_from(&room, &bot.id).await;
    let image = picture.image().expect("the standings picture follows");
    assert!(
        image
            .body
            .contains("Standings table of 2 players: 1. bob 2, 2. alice 0."),
        "{}",
        image.body
    );
    let t = bot.store().tournament(1).unwrap().unwrap();
    assert_eq!(t.status, jungle::store::TournamentStatus::Finished);
    bot.stop().await;
}
