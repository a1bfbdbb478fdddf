//! A short Arena on Discord through the real serenity client: announced with `/jungle
//! tournament` by a member with Manage Server (refused to one without), joined by three
//! players, each pairing a game in its own thread with both players mentioned, and the
//! final standings posted in the channel as a picture with its description, the top three
//! notified in that new message. The timers' passes are run by the test on a manual clock.

use std::sync::Arc;

use jungle::chat::ManualClock;
use serde_json::json;

use super::GUILD_BOT;
use super::double::CHANNEL;
use super::harness::{
    ALICE, BOB, CAROL, THREADED, World, ask, assert_has, assert_no_unknown_calls,
};

/// Runs the timers once and posts what they say, as the process's ticker does.
async fn tick(w: &World) {
    for o in w.bot.service.tick().await {
        w.bot.outbox.send(o).await.unwrap();
    }
}

#[tokio::test]
async fn a_short_arena_pairs_in_threads_and_posts_its_standings() {
    let clock = Arc::new(ManualClock::new(1_800_000_000));
    let w = World::with_clock(&format!("{GUILD_BOT}\n{THREADED}"), clock.clone()).await;
    let arena = [
        ("action", 3, json!("arena")),
        ("length", 3, json!("10m")),
        ("clock", 3, json!("1+0")),
    ];
    let announced = ask(&w, ALICE, "tournament", &arena).await;
    assert_has(
        &announced.text(),
        "Arena #1 is announced: 10 minutes, 1 min + 0 s a move, rated. It has begun",
    );
    assert_has(&announced.text(), "`/jungle join` to play");
    for who in [ALICE, BOB, CAROL] {
        let joined = ask(&w, who, "join", &[]).await;
        assert_has(&joined.text(), &format!("{} joins Arena #1", who.name));
    }
    // Carol has no Manage Server: she may join, not start (or call off) one.
    let refused = ask(&w, CAROL, "tournament", &[("action", 3, json!("cancel"))]).await;
    assert!(refused.ephemeral());
    assert_has(
        &refused.text(),
        "may announce, begin or call off a tournament",
    );

    // The first pass begins it and pairs two of the three; the game gets a thread.
    tick(&w).await;
    let thread = w
        .wait("the first game's thread", |s| s.threads.first().cloned())
        .await;
    assert_eq!(thread.parent, CHANNEL);
    assert_eq!(thread.name, "alice vs bob · game #1");
    let headline = w
        .wait("the game's start in the channel", |s| {
            s.posts_in(CHANNEL)
                .into_iter()
                .find(|m| m.text().contains("Arena #1: game #1"))
                .cloned()
        })
        .await;
    assert_has(&headline.text(), "alice (Jade) vs bob (Crimson)");
    let board = w
        .wait("the first board in the thread", |s| {
            s.posts_in(thread.id).into_iter().next().cloned()
        })
        .await;
    assert_has(&board.content, &ALICE.mention());
    assert_has(&board.content, &BOB.mention());

    // Bob resigns; the next pass pairs Alice with Carol (Bob was her last opponent).
    let over = ask(&w, BOB, "resign", &[]).await;
    assert_has(&over.text(), "alice wins game #1");
    tick(&w).await;
    let second = w
        .wait("the second game's thread", |s| s.threads.get(1).cloned())
        .await;
    // Alice has had Jade once, Carol not yet: Carol has it.
    assert_eq!(second.name, "carol vs alice · game #2");
    let over = ask(&w, CAROL, "resign", &[]).await;
    assert_has(&over.text(), "alice wins game #2");

    // Time is up: the next pass (nobody in a game) ends it.
    clock.advance(11 * 60);
    tick(&w).await;
    let last = w
        .wait("the final standings", |s| {
            s.posts_in(CHANNEL)
                .into_iter()
                .find(|m| m.text().contains("Final standings of Arena #1"))
                .cloned()
        })
        .await;
    let text = last.text();
    assert_has(&text, "1. alice: 4 points (2 2), 2 games");
    assert_has(&text, "Congratulations to alice, bob, carol!");
    assert_eq!(last.files.len(), 1, "the standings picture");
    assert_eq!(last.files[0].name, "standings.png");
    let description = last.files[0].description.clone().unwrap_or_default();
    assert_has(&description, "Standings table of 3 players: 1. alice 4");
    let notified = last.allowed_mentions["users"].as_array().unwrap().len();
    assert_eq!(notified, 3, "the top three: {:?}", last.allowed_mentions);
    let t = w.store().tournament(1).unwrap().unwrap();
    assert_eq!(t.status, jungle::store::TournamentStatus::Finished);
    assert_no_unknown_calls(&w);
    w.finish().await;
}
