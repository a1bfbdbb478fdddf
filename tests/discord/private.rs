//! The app installed by a user: a game in a group DM, where the bot is not a member and only
//! answers interactions through their webhooks, and a game in the bot's own DM, where it posts
//! and edits as in a server.

use std::sync::Arc;

use jungle::chat::ManualClock;
use serde_json::json;

use super::double::{BOT_DM, DEFERRED, GROUP_DM};
use super::harness::{
    ALICE, BOB, World, answer_kind, ask, assert_has, assert_no_unknown_calls, click, play, reply,
    slash, stripped,
};
use super::touch::touch;
use super::{GUILD_BOT, challenge};

#[tokio::test]
async fn a_game_in_a_group_dm_goes_through_the_interactions_only() {
    let clock = Arc::new(ManualClock::new(1_800_000_000));
    let w = World::with_clock(GUILD_BOT, clock.clone()).await;
    w.set_context(2);

    // Help names what reaches the bot here: its commands and the board's menu, no mention.
    let help = ask(&w, ALICE, "help", &[]).await;
    let text = help.text();
    assert!(!text.contains("mention me"), "{text}");
    assert_has(&text, "Here only my commands reach me");
    // A group DM is no server: its leaderboard is not offered.
    let top = ask(&w, ALICE, "top", &[]).await;
    assert_has(&top.text(), "There is no server leaderboard here.");

    let challenge_msg = challenge(&w).await;
    let mut board = click(&w, BOB, challenge_msg, "accept:1").await;
    assert_has(&board.text(), "Game #1 starts");
    assert_eq!(board.channel_id, GROUP_DM);
    // The challenge lost its buttons in the answer to the press.
    let c = stripped(&w, challenge_msg).await;
    assert_eq!((c.updates.len(), c.edits.len()), (1, 0));

    // Moves by touch and by slash command, each new board a message of an interaction.
    let mut boards = vec![board.clone()];
    let (_, next) = touch(&w, ALICE, &board, "G7", "G6").await;
    assert_has(&next.text(), "alice played G7 G6");
    board = next;
    boards.push(board.clone());
    let next = play(&w, BOB, "A3 A4").await;
    assert!(!next.ephemeral());
    assert_has(&next.text(), "bob played A3 A4");
    board = next;
    boards.push(board.clone());
    let (_, next) = touch(&w, ALICE, &board, "G9", "G8").await;
    assert_has(&next.text(), "alice played G9 G8");
    boards.push(next.clone());

    // Every older board lost its controls once, through the webhook that sent it (the double
    // refuses channel posts and edits in a group DM).
    for b in &boards[..boards.len() - 1] {
        let m = stripped(&w, b.id).await;
        assert_eq!(m.edits.len() + m.updates.len(), 1, "board {}: {m:?}", b.id);
    }
    assert!(w.seen().channel_posts().is_empty(), "nothing is posted");
    assert_no_unknown_calls(&w);
    w.finish().await;
}

#[tokio::test]
async fn an_expired_challenge_in_a_group_dm_is_said_through_the_webhook() {
    let clock = Arc::new(ManualClock::new(1_800_000_000));
    let w = World::with_clock(GUILD_BOT, clock.clone()).await;
    w.set_context(2);
    let challenge_msg = challenge(&w).await;
    clock.advance(16 * 60);
    let out = w.bot.service.tick().await;
    assert_eq!(out.len(), 1, "{out:?}");
    w.bot.outbox.send(out[0].clone()).await.unwrap();
    let said = w
        .wait("a follow-up saying the challenge expired", |s| {
            s.messages
                .values()
                .find(|m| m.channel_id == GROUP_DM && m.text().contains("expired"))
                .cloned()
        })
        .await;
    assert!(!said.ephemeral());
    assert_eq!(said.text(), "alice's challenge to bob has expired.");
    // Its buttons went through the webhook of the command that posted it.
    let c = stripped(&w, challenge_msg).await;
    assert_eq!(c.edits.len() + c.updates.len(), 1, "{c:?}");
    assert!(w.seen().channel_posts().is_empty(), "nothing is posted");
    assert_no_unknown_calls(&w);
    w.finish().await;
}

#[tokio::test]
async fn a_game_against_the_bot_in_its_dm_edits_through_the_channel() {
    let w = World::start(GUILD_BOT).await;
    w.set_context(1);
    let id = slash(
        &w,
        ALICE,
        "play",
        &[("level", 3, json!("easy")), ("side", 3, json!("jade"))],
    );
    let first = reply(&w, id).await;
    assert_eq!(answer_kind(&w, id), DEFERRED);
    assert_has(&first.text(), "Game #1 starts");
    assert_eq!(first.channel_id, BOT_DM);
    // A DM is one conversation: no server leaderboard there either.
    let top = ask(&w, ALICE, "top", &[]).await;
    assert_has(&top.text(), "There is no server leaderboard here.");
    let (_, next) = touch(&w, ALICE, &first, "G7", "G6").await;
    assert_has(&next.text(), "alice played G7 G6");
    assert_eq!(
        next.text().matches(" played ").count(),
        2,
        "the bot answered"
    );
    let old = stripped(&w, first.id).await;
    assert_eq!(old.edits.len() + old.updates.len(), 1, "{old:?}");
    assert_no_unknown_calls(&w);
    w.finish().await;
}

#[tokio::test]
async fn with_the_intent_a_group_dm_still_names_only_commands() {
    // Typed moves reach the bot in servers with the Message Content intent, never in a group
    // DM: the game's start there names the command, and help mentions no typed move.
    let w = World::start(&format!("{GUILD_BOT}\nmessage_content = true")).await;
    w.set_context(2);
    let challenge_msg = challenge(&w).await;
    let started = click(&w, BOB, challenge_msg, "accept:1").await;
    let text = started.text();
    assert_has(&text, "Game #1 starts");
    assert_has(&text, "`/jungle move`");
    assert!(!text.contains("Type a move"), "{text}");
    let help = ask(&w, ALICE, "help", &[]).await.text();
    assert!(!help.contains("type a move"), "{help}");
    assert_has(&help, "Here only my commands reach me");
    assert_no_unknown_calls(&w);
    w.finish().await;
}
