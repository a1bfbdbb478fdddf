//! A game in its own thread on Discord: opened from the challenge message when Bob accepts,
//! named after the players and the game; boards and moves there, typed or by command, each
//! turn's mention in a new message that may notify that one player only; the channel gets the
//! start and the result, and the thread is archived. Where Discord refuses the thread, the game
//! stays in the channel and `admin settings` says why.

use serde_json::json;

use super::double::{CHANNEL, Double, Msg};
use super::harness::{
    ALICE, BOB, Person, THREADED, World, ask, ask_admin, assert_has, assert_no_unknown_calls,
    click, reply, say, send_move,
};
use super::{GUILD_BOT, challenge};

/// Typed moves reach the bot (the Message Content intent), and threads are on by the config.
fn config() -> String {
    format!("{GUILD_BOT}\nmessage_content = true\n{THREADED}")
}

/// The newest message the bot posted in `channel` once it says `part`.
async fn post_in(d: &Double, channel: u64, part: &str) -> Msg {
    d.wait(&format!("a post saying {part:?} in {channel}"), |s| {
        s.posts_in(channel)
            .into_iter()
            .rev()
            .find(|m| m.text().contains(part))
            .cloned()
    })
    .await
}

/// The users a message may notify, as it said in `allowed_mentions`, and whether it let any
/// kind of mention through by type (`parse`).
fn may_notify(m: &Msg) -> (Vec<String>, bool) {
    let users = m.allowed_mentions["users"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|u| u.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    let parsed = m.allowed_mentions["parse"]
        .as_array()
        .is_some_and(|p| !p.is_empty());
    (users, parsed)
}

fn turn_of(m: &Msg, who: Person) {
    assert_has(&m.content, &who.mention());
    assert_eq!(
        may_notify(m),
        (vec![who.id.to_string()], false),
        "only the player to move may be notified: {m:?}"
    );
}

#[tokio::test]
async fn a_game_between_people_lives_in_its_own_thread() {
    let w = World::start(&config()).await;
    let challenge_msg = challenge(&w).await;
    let started = click(&w, BOB, challenge_msg, "accept:1").await;
    let thread = w
        .wait("the game's thread", |s| s.threads.first().cloned())
        .await;
    assert_eq!(thread.parent, CHANNEL);
    assert_eq!(
        thread.from_message,
        Some(challenge_msg),
        "the thread hangs off the challenge"
    );
    assert_eq!(thread.name, "alice vs bob · game #1");
    // The channel reads the start, with the way to the thread.
    assert!(!started.ephemeral());
    assert_has(
        &started.text(),
        "Game #1 has started: alice (Jade) vs bob (Crimson)",
    );
    assert_has(&started.text(), &format!("<#{}>", thread.id));
    assert!(started.embeds.is_empty(), "the board is not in the channel");
    // The first board is a new message in the thread, pinging Alice only.
    let board = post_in(&w, thread.id, "you play Jade against bob").await;
    assert_eq!(board.embeds.len(), 1);
    turn_of(&board, ALICE);

    // A move typed in the thread is answered there, with a new message for Bob.
    w.speak_in(Some(thread.id));
    say(&w, ALICE, "G7 G6", &[]);
    let answer = post_in(&w, thread.id, "alice played G7 G6").await;
    turn_of(&answer, BOB);
    // A move by command from the channel itself: the board goes to the thread, the command's
    // answer (for Bob's eyes) says where.
    w.speak_in(None);
    let id = send_move(&w, BOB, "A3 A4");
    let pointer = reply(&w, id).await;
    assert!(pointer.ephemeral());
    assert_has(&pointer.text(), "Game #1 is played in its thread:");
    assert_has(&pointer.text(), &format!("<#{}>", thread.id));
    let answer = post_in(&w, thread.id, "bob played A3 A4").await;
    turn_of(&answer, ALICE);
    // A command in the thread answers in the thread.
    w.speak_in(Some(thread.id));
    let id = super::harness::slash(&w, ALICE, "resign", &[]);
    let over = reply(&w, id).await;
    assert_has(&over.text(), "bob wins game #1 as Crimson.");
    assert!(
        over.buttons().is_empty(),
        "the rematch is offered in the channel"
    );
    // The channel reads the result, with the rematch button; the thread is archived.
    let result = post_in(&w, CHANNEL, "bob wins game #1 as Crimson.").await;
    assert_eq!(result.buttons(), vec![("rematch:1".to_string(), false)]);
    w.wait("the thread archived", |s| {
        s.threads.first().filter(|t| t.archived).map(drop)
    })
    .await;
    // A rematch asked in the thread is offered in the channel, where its thread can open.
    let id = super::harness::slash(&w, BOB, "rematch", &[]);
    let pointer = reply(&w, id).await;
    assert!(pointer.ephemeral());
    assert_has(
        &pointer.text(),
        &format!("Posted in the channel: <#{CHANNEL}>"),
    );
    post_in(&w, CHANNEL, "offers you a rematch of game #1").await;
    w.speak_in(None);
    assert_no_unknown_calls(&w);
    w.finish().await;
}

#[tokio::test]
async fn where_threads_are_refused_the_game_stays_in_the_channel_and_moderators_learn_why() {
    let w = World::start(&config()).await;
    w.refuse_threads(Some(50013));
    let challenge_msg = challenge(&w).await;
    let started = click(&w, BOB, challenge_msg, "accept:1").await;
    assert_has(&started.text(), "Game #1 starts");
    assert_eq!(started.embeds.len(), 1, "the board is in the channel");
    turn_of(&started, ALICE);
    assert!(w.seen().threads.is_empty());
    let settings = ask_admin(&w, ALICE, "settings", &[]).await;
    assert_has(
        &settings.text(),
        "Games between people: each in a thread of its own",
    );
    assert_has(
        &settings.text(),
        "the bot may not create public threads here",
    );
    // The next game gets its thread once Discord allows it, and the note goes.
    w.refuse_threads(None);
    let answer = super::harness::play(&w, ALICE, "G7 G6").await;
    assert_has(&answer.text(), "alice played G7 G6");
    let _ = ask(&w, ALICE, "resign", &[]).await;
    let off = ask_admin(&w, ALICE, "threads", &[("state", 3, json!("off"))]).await;
    assert_has(&off.text(), "games here stay in the channel");
    let settings = ask_admin(&w, ALICE, "settings", &[]).await;
    assert_has(&settings.text(), "Games between people: in the channel");
    assert_no_unknown_calls(&w);
    w.finish().await;
}

#[tokio::test]
async fn the_limit_of_active_threads_falls_back_to_the_channel() {
    let w = World::start(&config()).await;
    w.refuse_threads(Some(160006));
    let challenge_msg = challenge(&w).await;
    let started = click(&w, BOB, challenge_msg, "accept:1").await;
    assert_eq!(started.embeds.len(), 1, "the board is in the channel");
    let settings = ask_admin(&w, ALICE, "settings", &[]).await;
    assert_has(&settings.text(), "limit of active threads");
    assert_no_unknown_calls(&w);
    w.finish().await;
}
