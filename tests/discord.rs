//! The Discord adapter end to end: the real serenity client, connected through `api_base_url`
//! to an in-process double of Discord's gateway and REST API (tests/discord/double.rs).
//! Every wait is on an observed effect, bounded by a timeout; nothing sleeps.

pub mod double;
pub mod harness;
mod private;
mod steps;
mod threads;
mod touch;
mod tournament;

use std::sync::Arc;

use jungle::chat::ManualClock;
use jungle::engine::Position;
use serde_json::{Value, json};

use double::{APP, BOT, DEFERRED, Double, GUILD, MESSAGE, MESSAGE_CONTENT};
use harness::ask_admin;
use harness::{
    ALICE, BOB, CAROL, World, answer_kind, ask, assert_has, assert_no_unknown_calls, button_list,
    channel_post, click, complete, message_with_button, play, reply, say, send_move, slash,
    stripped,
};

fn user(p: harness::Person) -> (&'static str, u8, serde_json::Value) {
    ("user", 6, json!(p.id.to_string()))
}

/// Alice challenges Bob (Alice plays Jade); returns the challenge message's id.
async fn challenge(d: &Double) -> u64 {
    let m = ask(
        d,
        ALICE,
        "challenge",
        &[user(BOB), ("side", 3, json!("jade"))],
    )
    .await;
    assert!(!m.ephemeral());
    assert_has(&m.content, &BOB.mention());
    assert_has(&m.text(), "alice challenges you");
    assert_has(&m.text(), "press **Accept** or press **Decline**");
    assert_eq!(
        m.buttons(),
        button_list(&[("accept:1", false), ("decline:1", false)])
    );
    m.id
}

/// Challenge and accept by button: game #1, Alice (Jade) to move.
async fn start_game(d: &Double) -> u64 {
    let challenge_msg = challenge(d).await;
    let started = click(d, BOB, challenge_msg, "accept:1").await;
    assert_has(&started.text(), "Game #1 starts");
    challenge_msg
}

#[tokio::test]
async fn connects_through_run_all_and_registers_the_command() {
    let d = Double::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = harness::config(
        &d,
        &dir.path().join("j.db"),
        &format!("shards = \"auto\"\nguild_id = \"{GUILD}\""),
    );
    let running = tokio::spawn(jungle::adapters::run_all(config));
    let (path, body) = d
        .wait("the command registration", |s| {
            s.registrations.first().cloned()
        })
        .await;
    assert_eq!(
        path,
        format!("/api/v10/applications/{APP}/guilds/{GUILD}/commands")
    );
    let commands = body.as_array().unwrap();
    assert_eq!(commands.len(), 2);
    assert_eq!(commands[0]["name"], "jungle");
    // The moderators' command is its own, shown only to members with Manage Server (0x20).
    assert_eq!(commands[1]["name"], "jungle-admin");
    assert_eq!(commands[1]["default_member_permissions"], "32");
    assert!(
        !body.to_string().contains("\"admin\""),
        "no admin subcommand under /jungle"
    );
    let subs: Vec<&str> = commands[0]["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    for want in [
        "challenge",
        "accept",
        "move",
        "moves",
        "resign",
        "top",
        "export",
    ] {
        assert!(subs.contains(&want), "{subs:?}");
    }
    let seen = d.seen();
    assert_eq!(seen.identifies.len(), 1);
    let identify = &seen.identifies[0];
    assert_eq!(identify["token"], "Bot test-token");
    assert_eq!(
        identify["shard"],
        json!([0, 1]),
        "auto sharding asked /gateway/bot"
    );
    assert_eq!(identify["intents"].as_u64().unwrap() & MESSAGE_CONTENT, 0);
    drop(seen);
    assert!(!running.is_finished());
    running.abort();
    assert_no_unknown_calls(&d);
}

#[tokio::test]
async fn a_shard_range_identifies_only_its_own_shards() {
    let d = Double::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = harness::config(&d, &dir.path().join("j.db"), "shards = \"2-3/4\"");
    let running = tokio::spawn(jungle::adapters::run_all(config));
    let mut shards = d
        .wait("both shards' identify", |s| {
            (s.identifies.len() >= 2).then(|| {
                s.identifies
                    .iter()
                    .map(|i| i["shard"].clone())
                    .collect::<Vec<_>>()
            })
        })
        .await;
    shards.sort_by_key(|s| s[0].as_u64());
    assert_eq!(shards, [json!([2, 4]), json!([3, 4])]);
    running.abort();
}

#[tokio::test]
async fn a_bad_discord_section_stops_run_all_with_the_key_named() {
    let d = Double::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = harness::config(&d, &dir.path().join("j.db"), "shards = 0");
    let err = jungle::adapters::run_all(config).await.unwrap_err();
    assert!(
        err.to_string()
            .starts_with("discord.shards: 0 is not a shard count"),
        "{err}"
    );
    assert!(d.seen().identifies.is_empty());
}

#[tokio::test]
async fn a_revoked_token_stops_run_all_with_the_error() {
    let d = Double::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = harness::config(&d, &dir.path().join("j.db"), GUILD_BOT);
    let running = tokio::spawn(jungle::adapters::run_all(config));
    d.wait("the bot to connect", |s| {
        (!s.identifies.is_empty()).then_some(())
    })
    .await;
    // Its only adapter stopped, `jungle run` ends with that adapter's error.
    d.revoke_token();
    let err = tokio::time::timeout(double::PATIENCE, running)
        .await
        .expect("run_all returns")
        .expect("run_all does not panic")
        .expect_err("a revoked token is an error");
    let shown = format!("{err:#}");
    assert!(
        shown.contains("the Discord connection ended") && shown.contains("invalid authentication"),
        "{shown}"
    );
    assert!(!shown.contains("test-token"), "{shown}");
}

#[tokio::test]
async fn without_guild_id_the_command_is_registered_globally() {
    let w = World::start("shards = 1").await;
    let path = w.seen().registrations[0].0.clone();
    assert_eq!(path, format!("/api/v10/applications/{APP}/commands"));
    w.finish().await;
}

const GUILD_BOT: &str = "shards = 1\nguild_id = 1000000000000000001";

#[tokio::test]
async fn a_full_game_by_slash_commands_and_buttons() {
    let w = World::start(GUILD_BOT).await;
    let challenge_msg = challenge(&w).await;
    let started = click(&w, BOB, challenge_msg, "accept:1").await;
    assert!(!started.ephemeral());
    // Alice is to move.
    assert_has(&started.content, &ALICE.mention());
    assert_has(&started.text(), "you play Jade against bob and move first");
    assert_has(&started.text(), "Use `/jungle move`");
    assert_eq!(
        started.buttons(),
        button_list(&[
            ("resign:1", false),
            ("draw:1", false),
            ("takeback:1", false)
        ])
    );
    // Accepting took the challenge's buttons off its message in the answer to the press.
    let closed = stripped(&w, challenge_msg).await;
    assert_eq!((closed.updates.len(), closed.edits.len()), (1, 0));

    let mut boards = vec![started.id];
    for (who, mv) in [
        (ALICE, "G7 G6"),
        (BOB, "A3 A4"),
        (ALICE, "A7 A6"),
        (BOB, "G3 G4"),
    ] {
        let id = send_move(&w, who, mv);
        let m = reply(&w, id).await;
        assert_eq!(
            answer_kind(&w, id),
            MESSAGE,
            "a move between two people is answered at once, nobody thinks"
        );
        assert!(!m.ephemeral());
        assert_has(&m.text(), &format!("{} played {mv}", who.name));
        let next = if who.id == ALICE.id { BOB } else { ALICE };
        assert_has(&m.content, &next.mention());
        assert_eq!(m.buttons().len(), 3);
        boards.push(m.id);
    }

    // Bob resigns with the button on the latest board: it asks first, privately.
    let asked = click(&w, BOB, *boards.last().unwrap(), "resign:1").await;
    assert!(asked.ephemeral());
    assert_has(&asked.text(), "Resign game #1?");
    assert_eq!(asked.buttons(), button_list(&[("resign!:1", false)]));
    let over = click(&w, BOB, asked.id, "resign!:1").await;
    for part in [
        "bob resigned.",
        "alice wins game #1 as Jade.",
        "alice 1200 → 1220 (+20)",
        "bob 1200 → 1180 (-20)",
    ] {
        assert_has(&over.text(), part);
    }
    // Only the offer of a rematch stays under the last board.
    assert_eq!(over.buttons(), button_list(&[("rematch:1", false)]));
    // Every board lost its controls with one channel edit, when the next board went out or the
    // game ended; the private confirmation lost its button in the answer to its press.
    for id in boards {
        assert_eq!(stripped(&w, id).await.edits, [Vec::<Value>::new()]);
    }
    assert_eq!(stripped(&w, asked.id).await.updates.len(), 1);
    assert_no_unknown_calls(&w);
    let rating = ask(&w, ALICE, "rating", &[]).await;
    assert_has(&rating.text(), "alice: rating 1220");
    let top = ask(&w, BOB, "top", &[]).await;
    assert_has(&top.text(), "1. alice 1220");
    w.finish().await;
}

#[tokio::test]
async fn the_board_arrives_as_a_png_attachment() {
    let w = World::start(GUILD_BOT).await;
    start_game(&w).await;
    let board = ask(&w, ALICE, "board", &[]).await;
    assert_eq!(board.embeds[0]["image"]["url"], "attachment://board.png");
    assert_eq!(board.files.len(), 1, "the board picture is attached");
    assert_eq!(board.files[0].name, "board.png");
    // The picture carries its text alternative: the position in words.
    let alt = board.files[0].description.as_deref().unwrap_or_default();
    for part in [
        "Game #1, alice (Jade) vs bob (Crimson).",
        "Move 1, Jade to move.",
        "Jade has 8 animals: elephant A7, lion G9,",
        "Crimson has 8 animals: elephant G3,",
    ] {
        assert_has(alt, part);
    }
    let img = image::load_from_memory_with_format(&board.files[0].bytes, image::ImageFormat::Png)
        .expect("the attachment decodes as a PNG");
    assert!(
        img.width() >= 7 * 16 && img.height() >= 9 * 16,
        "{}x{}",
        img.width(),
        img.height()
    );
    w.finish().await;
}

#[tokio::test]
async fn a_stranger_pressing_accept_is_refused_privately() {
    let w = World::start(GUILD_BOT).await;
    let challenge_msg = challenge(&w).await;
    for button in ["accept:1", "decline:1"] {
        let refused = click(&w, CAROL, challenge_msg, button).await;
        assert!(refused.ephemeral(), "{refused:?}");
        assert!(
            refused.text().contains("bob") && refused.text().contains("not you")
                || refused.text().contains("Only the challenged player"),
            "{}",
            refused.text()
        );
    }
    // Bob still can; his acceptance is the only change to the challenge message.
    let started = click(&w, BOB, challenge_msg, "accept:1").await;
    assert_has(&started.text(), "Game #1 starts");
    // The game's buttons are the players' alone.
    for button in ["resign:1", "draw:1", "takeback:1", "resign!:1"] {
        let refused = click(&w, CAROL, started.id, button).await;
        assert!(refused.ephemeral());
        assert_eq!(refused.content, "Only alice and bob play in game #1.");
    }
    let challenge = stripped(&w, challenge_msg).await;
    assert_eq!((challenge.updates.len(), challenge.edits.len()), (1, 0));
    w.finish().await;
}

#[tokio::test]
async fn an_illegal_move_gets_a_private_reason() {
    let w = World::start(GUILD_BOT).await;
    start_game(&w).await;
    let id = send_move(&w, ALICE, "C7 C6");
    let m = reply(&w, id).await;
    assert_eq!(
        answer_kind(&w, id),
        MESSAGE,
        "an illegal move is not deferred"
    );
    assert!(m.ephemeral());
    assert_eq!(
        m.content,
        "C6 is water: only the rat can swim, not the wolf."
    );
    let m = play(&w, BOB, "A3 A4").await;
    assert!(m.ephemeral());
    assert_eq!(m.content, "It is not your turn: alice (Jade) is to move.");
    // A deferred command whose answer is a refusal: the public "thinking" goes, a private
    // follow-up says why.
    let id = slash(&w, ALICE, "play", &[("level", 3, json!("easy"))]);
    let m = reply(&w, id).await;
    {
        let seen = w.seen();
        assert_eq!(seen.answers[&id].kind, DEFERRED);
        assert!(seen.messages[&seen.answers[&id].original.unwrap()].deleted);
    }
    assert!(m.ephemeral());
    assert_has(&m.content, "You already have a game in this channel");
    w.finish().await;
}

#[tokio::test]
async fn autocomplete_offers_the_senders_legal_moves() {
    let w = World::start(GUILD_BOT).await;
    start_game(&w).await;
    let start = Position::start();
    let mut from: Vec<String> = start
        .legal_moves()
        .iter()
        .map(|m| m.from.to_string())
        .collect();
    from.sort();
    from.dedup();
    let choices = complete(&w, ALICE, "move", &[("from", 3, json!(""))], "from").await;
    let values: Vec<String> = choices.iter().map(|(_, v)| v.clone()).collect();
    assert_eq!(values, from);
    // Typing narrows the list.
    let choices = complete(&w, ALICE, "move", &[("from", 3, json!("g"))], "from").await;
    assert!(
        choices.iter().all(|(_, v)| v.starts_with('G')),
        "{choices:?}"
    );
    assert!(!choices.is_empty());
    // `to` offers where the piece on `from` can go.
    let mut to: Vec<String> = start
        .legal_moves()
        .iter()
        .filter(|m| m.from.to_string() == "G7")
        .map(|m| m.to.to_string())
        .collect();
    to.sort();
    let choices = complete(
        &w,
        ALICE,
        "move",
        &[("from", 3, json!("G7")), ("to", 3, json!(""))],
        "to",
    )
    .await;
    assert_eq!(
        choices.iter().map(|(_, v)| v.clone()).collect::<Vec<_>>(),
        to
    );
    assert!(
        choices.iter().all(|(name, _)| name.starts_with("G7 → ")),
        "{choices:?}"
    );
    // `moves square` too; and nothing for the player who is not to move.
    let squares = complete(&w, ALICE, "moves", &[("square", 3, json!(""))], "square").await;
    assert_eq!(squares.len(), from.len());
    let none = complete(&w, BOB, "move", &[("from", 3, json!(""))], "from").await;
    assert!(none.is_empty(), "{none:?}");
    w.finish().await;
}

#[tokio::test]
async fn plain_text_moves_with_the_message_content_intent() {
    let w = World::start(&format!("{GUILD_BOT}\nmessage_content = true")).await;
    assert_ne!(w.seen().intents()[0] & MESSAGE_CONTENT, 0);
    start_game(&w).await;
    say(&w, ALICE, "G7 G6", &[]);
    let m = channel_post(&w, "alice played G7 G6").await;
    assert_has(&m.content, &BOB.mention());
    assert_eq!(m.buttons().len(), 3);
    // Prefixed commands work as text too; a refusal answers the message it refers to.
    say(&w, ALICE, "!jungle move A7 A6", &[]);
    let refusal = channel_post(&w, "It is not your turn: bob (Crimson) is to move").await;
    assert!(
        refusal.reference.is_some(),
        "a private answer replies to the message"
    );
    w.finish().await;
}

#[tokio::test]
async fn plain_text_moves_without_the_intent_need_a_mention() {
    let w = World::start(GUILD_BOT).await;
    assert_eq!(w.seen().intents()[0] & MESSAGE_CONTENT, 0);
    start_game(&w).await;
    // Without the intent Discord hides this message's content; nothing may happen.
    say(&w, ALICE, "G7 G6", &[]);
    say(&w, ALICE, &format!("<@{BOT}> G7 G6"), &[BOT]);
    let m = channel_post(&w, "alice played G7 G6").await;
    assert_has(&m.content, &BOB.mention());
    // Speaking to the bot stands for the prefix.
    say(&w, BOB, &format!("<@{BOT}> board"), &[BOT]);
    channel_post(&w, "Move 1: bob to move.").await;
    let moves = w
        .seen()
        .channel_posts()
        .iter()
        .filter(|m| m.text().contains(" played "))
        .count();
    assert_eq!(moves, 1, "only the mentioned move was played");
    w.finish().await;
}

#[tokio::test]
async fn after_a_restart_the_newest_board_is_still_known() {
    let mut w = World::start(GUILD_BOT).await;
    start_game(&w).await;
    let first_board = message_with_button(&w, "resign:1");
    let moved = play(&w, ALICE, "G7 G6").await;
    assert_eq!(stripped(&w, first_board).await.edits.len(), 1);

    // A new process on the same database; Discord (the double) keeps its messages.
    w.restart().await;
    assert_eq!(w.seen().identifies.len(), 2);
    let m = play(&w, BOB, "A3 A4").await;
    assert_has(&m.text(), "bob played A3 A4");
    // The board the first process posted loses its controls as the next one goes out.
    assert_eq!(stripped(&w, moved.id).await.edits.len(), 1);
    let asked = click(&w, ALICE, m.id, "resign:1").await;
    let over = click(&w, ALICE, asked.id, "resign!:1").await;
    assert_has(&over.text(), "alice resigned.");
    assert_has(&over.text(), "bob wins game #1 as Crimson.");
    assert_eq!(stripped(&w, m.id).await.edits.len(), 1);
    // A press forged on a board without controls is answered privately and edits nothing.
    let dead = click(&w, BOB, first_board, "draw:1").await;
    assert!(dead.ephemeral());
    assert_has(&dead.content, "already over");
    for id in [first_board, moved.id] {
        let edits = w.seen().messages[&id].edits.len();
        assert_eq!(edits, 1, "one edit each, ever");
    }
    assert_no_unknown_calls(&w);
    w.finish().await;
}

#[tokio::test]
async fn games_against_the_bot_are_deferred_then_answered() {
    let w = World::start(GUILD_BOT).await;
    let id = slash(
        &w,
        ALICE,
        "play",
        &[("level", 3, json!("easy")), ("side", 3, json!("jade"))],
    );
    let m = reply(&w, id).await;
    assert_eq!(answer_kind(&w, id), DEFERRED);
    assert_has(&m.text(), "Game #1 starts");
    let id = send_move(&w, ALICE, "G7 G6");
    let m = reply(&w, id).await;
    assert_eq!(answer_kind(&w, id), DEFERRED);
    let text = m.text();
    assert_has(&text, "alice played G7 G6.");
    assert_eq!(
        text.matches(" played ").count(),
        2,
        "the bot answered: {text}"
    );
    assert_eq!(
        m.files.len(),
        1,
        "the filled-in response carries the board picture"
    );
    assert_eq!(m.embeds[0]["image"]["url"], "attachment://board.png");
    // Alice is to move again.
    assert_has(&m.content, &ALICE.mention());
    w.finish().await;
}

#[tokio::test]
async fn the_outbox_is_posted_and_a_failed_send_is_survived() {
    let clock = Arc::new(ManualClock::new(1_800_000_000));
    let w = World::with_clock(GUILD_BOT, clock.clone()).await;
    let challenge_msg = challenge(&w).await;
    clock.advance(16 * 60);
    let out = w.bot.service.tick().await;
    assert_eq!(out.len(), 1, "{out:?}");
    assert_eq!(out[0].place.channel, double::CHANNEL.to_string());
    // The first post fails; the adapter logs it and goes on with the next.
    w.fail_next_posts(1);
    w.bot.outbox.send(out[0].clone()).await.unwrap();
    w.wait("the failed post", |s| (s.failed_posts == 1).then_some(()))
        .await;
    w.bot.outbox.send(out[0].clone()).await.unwrap();
    let posted = channel_post(&w, "has expired").await;
    assert_eq!(posted.text(), "alice's challenge to bob has expired.");
    assert_eq!(stripped(&w, challenge_msg).await.edits.len(), 1);
    // And the bot still answers.
    let m = ask(&w, BOB, "rules", &[]).await;
    assert_has(&m.text(), "Jungle");
    w.finish().await;
}

#[tokio::test]
async fn the_token_is_never_logged() {
    // Every test's logs land in the capture, which only widens the check.
    let captured = crate::common::logs::captured();
    let w = World::start(GUILD_BOT).await;
    start_game(&w).await;
    play(&w, ALICE, "G7 G6").await;
    w.finish().await;
    let log = captured.text();
    assert!(log.contains("starting the Discord adapter"), "{log}");
    assert!(log.contains("token: [redacted]"), "{log}");
    assert!(
        log.contains("Identifying"),
        "serenity's own logs are captured: {log}"
    );
    assert!(!log.contains("test-token"), "the token leaked into the log");
}

#[tokio::test]
async fn forged_button_ids_on_a_live_board_leave_its_buttons() {
    let w = World::start(GUILD_BOT).await;
    start_game(&w).await;
    let board = message_with_button(&w, "resign:1");
    for forged in ["x", "resign:99", "accept:1"] {
        let m = click(&w, ALICE, board, forged).await;
        assert!(m.ephemeral(), "{forged}: {}", m.content);
    }
    // A press that does something, after them: by its answer, any edit the forged presses
    // caused would have been made.
    let offer = click(&w, ALICE, board, "draw:1").await;
    assert_has(&offer.text(), "offers a draw");
    let buttons = w.seen().messages[&board].buttons();
    assert_eq!(buttons.len(), 3, "{buttons:?}");
    assert!(buttons.iter().all(|(_, disabled)| !disabled), "{buttons:?}");
    w.finish().await;
}

#[tokio::test]
async fn a_takeback_is_asked_by_button_and_accepted_by_the_opponents_button() {
    let w = World::start(GUILD_BOT).await;
    start_game(&w).await;
    play(&w, ALICE, "G7 G6").await;
    let board = play(&w, BOB, "A3 A4").await;
    // Alice asks on the board: a public request with the button that agrees.
    let asked = click(&w, ALICE, board.id, "takeback:1").await;
    assert!(!asked.ephemeral());
    assert_has(&asked.content, &BOB.mention());
    assert_has(&asked.text(), "press **Accept takeback** to agree");
    assert_eq!(asked.buttons(), button_list(&[("takeback:1", false)]));
    // Alice cannot agree to her own request; Bob's press does.
    let own = click(&w, ALICE, asked.id, "takeback:1").await;
    assert!(own.ephemeral());
    assert_has(&own.content, "already asked");
    let agreed = click(&w, BOB, asked.id, "takeback:1").await;
    assert_has(&agreed.text(), "G7 G6 and A3 A4 are taken back");
    let row = w.store().game(1).unwrap().unwrap();
    assert_eq!(row.ply, 0);
    assert_eq!(row.position, Position::start());
    w.finish().await;
}

#[tokio::test]
async fn casual_is_an_option_of_play_and_challenge() {
    let w = World::start(GUILD_BOT).await;
    let m = ask(
        &w,
        ALICE,
        "challenge",
        &[user(BOB), ("mode", 3, json!("casual"))],
    )
    .await;
    assert_has(&m.text(), "a casual game of Jungle");
    let started = click(&w, BOB, m.id, "accept:1").await;
    assert_has(&started.text(), "Game #1 (casual) starts");
    let asked = click(&w, ALICE, started.id, "resign:1").await;
    let over = click(&w, ALICE, asked.id, "resign!:1").await;
    assert_has(&over.text(), "ratings stay as they were");
    let rating = ask(&w, BOB, "rating", &[]).await;
    assert_has(&rating.text(), "bob: rating 1200");
    w.finish().await;
}

#[tokio::test]
async fn moderators_abort_games_and_switch_a_channel_off_and_on() {
    let w = World::start(GUILD_BOT).await;
    start_game(&w).await;
    // Carol lacks Manage Server: told who may.
    let refused = ask_admin(&w, CAROL, "settings", &[]).await;
    assert!(refused.ephemeral());
    assert_eq!(
        refused.content,
        "Only members with the Manage Server permission may use the moderators' commands."
    );
    let settings = ask_admin(&w, BOB, "settings", &[]).await;
    for part in [
        "Settings here:",
        "This channel: on",
        "commands are `/jungle` subcommands",
    ] {
        assert_has(&settings.text(), part);
    }
    let aborted = ask_admin(&w, BOB, "abort", &[("game", 4, json!(1))]).await;
    assert_has(
        &aborted.text(),
        "A moderator (bob) aborted game #1. It is not rated.",
    );
    assert_has(&aborted.content, &ALICE.mention());
    let row = w.store().game(1).unwrap().unwrap();
    assert_eq!((row.outcome, row.rated), (None, false));
    let off = ask_admin(&w, ALICE, "channel", &[("state", 3, json!("off"))]).await;
    assert_has(&off.text(), "`/jungle-admin channel on`");
    assert!(
        !w.store()
            .channel_enabled("discord", &double::CHANNEL.to_string())
            .unwrap()
    );
    // Switched off: a command here gets no answer but "Nothing to do.", and changes nothing.
    let ignored = ask(&w, CAROL, "challenge", &[]).await;
    assert_eq!(ignored.content, "Nothing to do.");
    let asked = harness::slash_in(&w, CAROL, "challenge", &[], ("zh-TW", "en-US"));
    let ignored = reply(&w, asked).await;
    assert!(ignored.ephemeral());
    assert_eq!(ignored.content, "這裡沒有需要我處理的事。");
    let channel = double::CHANNEL.to_string();
    assert!(
        w.store()
            .open_challenges("discord", &channel, 0)
            .unwrap()
            .is_empty()
    );
    let on = ask_admin(&w, ALICE, "channel", &[("state", 3, json!("on"))]).await;
    assert_has(&on.text(), "I answer in this channel again");
    w.finish().await;
}

#[tokio::test]
async fn analyze_fills_in_its_deferred_response_with_the_summary_and_graph() {
    let w = World::start(GUILD_BOT).await;
    let place = jungle::chat::Place {
        platform: "discord".into(),
        scope: GUILD.to_string(),
        channel: double::CHANNEL.to_string(),
        locale: None,
    };
    let id = crate::analysis::finished_game_in(
        &mut w.store(),
        &place,
        [&ALICE.id.to_string(), &BOB.id.to_string()],
        [ALICE.name, BOB.name],
    );
    let iid = slash(&w, ALICE, "analyze", &[("game", 4, json!(id))]);
    let m = w
        .wait("the analysis in the response", |s| {
            s.reply(iid)
                .filter(|m| m.content.contains("analysed"))
                .cloned()
        })
        .await;
    assert_eq!(answer_kind(&w, iid), DEFERRED);
    assert!(!m.ephemeral());
    assert_has(&m.content, "turning point move 1: A9 A8 (D2 D1 was better)");
    assert_has(&m.content, &format!("`/jungle export {id}`"));
    assert_eq!(m.files.len(), 1);
    assert_eq!(m.files[0].name, "analysis.png");
    assert!(m.files[0].bytes.starts_with(b"\x89PNG"));
    assert_has(
        m.files[0].description.as_deref().unwrap_or(""),
        "Evaluation graph of game",
    );
    w.finish().await;
}

#[tokio::test]
async fn a_chinese_client_is_answered_in_chinese_and_the_command_is_localized() {
    let w = World::start(GUILD_BOT).await;
    let registered = w.seen().registrations[0].1.clone();
    let jungle = &registered.as_array().unwrap()[0];
    assert_eq!(jungle["name"], "jungle");
    assert_eq!(jungle["name_localizations"]["zh-CN"], "斗兽棋");
    assert_eq!(jungle["name_localizations"]["zh-TW"], "鬥獸棋");
    assert_eq!(jungle["description_localizations"]["zh-CN"], "下斗兽棋");
    let subs = jungle["options"].as_array().unwrap();
    let resign = subs.iter().find(|o| o["name"] == "resign").unwrap();
    assert_eq!(resign["description_localizations"]["zh-CN"], "认输");
    assert_eq!(resign["description_localizations"]["zh-TW"], "認輸");
    // Option names stay as they are: only descriptions and the command's name are localized.
    let lang = subs.iter().find(|o| o["name"] == "lang").unwrap();
    assert_eq!(lang["options"][0]["name"], "code");
    // Every subcommand, option and choice of both commands is described in both Chinese
    // scripts, and only the labels differ: what arrives stays ASCII.
    let chinese = |v: &serde_json::Value| {
        v.as_str()
            .is_some_and(|t| t.chars().any(|c| c >= '\u{4e00}'))
    };
    let mut seen = (0, 0);
    for command in registered.as_array().unwrap() {
        let mut options: Vec<&serde_json::Value> = Vec::new();
        let mut open: Vec<&serde_json::Value> = vec![command];
        while let Some(o) = open.pop() {
            for sub in o["options"].as_array().into_iter().flatten() {
                options.push(sub);
                open.push(sub);
            }
        }
        for o in options {
            let name = o["name"].as_str().unwrap();
            assert!(
                name.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
                "{name}"
            );
            for code in ["zh-CN", "zh-TW"] {
                let about = &o["description_localizations"][code];
                assert!(chinese(about), "{name} {code}: {about}");
                seen.0 += 1;
                for choice in o["choices"].as_array().into_iter().flatten() {
                    let label = &choice["name_localizations"][code];
                    assert!(chinese(label), "{name} {code}: {choice}");
                    assert!(choice["value"].as_str().unwrap().is_ascii());
                    seen.1 += 1;
                }
            }
        }
    }
    assert!(seen.0 > 60 && seen.1 > 30, "{seen:?}");
    let admin = &registered.as_array().unwrap()[1];
    assert_eq!(admin["name"], "jungle-admin");
    assert_eq!(admin["description"], "Moderate the Jungle bot here");
    assert_eq!(
        admin["description_localizations"]["zh-TW"],
        "管理這個伺服器的鬥獸棋機器人"
    );
    let play = subs.iter().find(|o| o["name"] == "play").unwrap();
    let side = play["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "side")
        .unwrap();
    assert_eq!(side["description"], "The side you want");
    assert_eq!(side["description_localizations"]["zh-CN"], "你想执哪一方");
    assert_eq!(side["choices"][0]["value"], "jade");
    assert_eq!(side["choices"][0]["name"], "Jade (moves first)");
    assert_eq!(
        side["choices"][0]["name_localizations"]["zh-CN"],
        "绿方（先走）"
    );
    assert_eq!(
        side["choices"][0]["name_localizations"]["zh-TW"],
        "綠方（先下）"
    );
    // The levels: their numbers, with the names of those that have one.
    let level = play["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "level")
        .unwrap();
    let easy = &level["choices"][1];
    assert_eq!(easy["value"], "easy");
    assert_eq!(easy["name"], "2 (easy)");
    assert_eq!(easy["name_localizations"]["zh-CN"], "2 级·简单");
    assert_eq!(
        level["choices"][2]["name_localizations"]["zh-TW"],
        "第 3 級"
    );

    // A zh-CN client in an English server: its answer is Chinese, an English client's English.
    let asked = harness::slash_in(&w, CAROL, "help", &[], ("zh-CN", "en-US"));
    assert_has(
        &reply(&w, asked).await.text(),
        "斗兽棋指令如下：输入 `/斗兽棋`，再选择其中一项。",
    );
    assert_has(
        &ask(&w, CAROL, "help", &[]).await.text(),
        "Jungle (Dou Shou Qi) commands",
    );
    // An option the adapter cannot read is explained in the reader's language too.
    let level = [("level", 3, json!("insane"))];
    let asked = harness::slash_in(&w, CAROL, "play", &level, ("zh-CN", "en-US"));
    let refused = reply(&w, asked).await;
    assert!(refused.ephemeral());
    assert_eq!(
        refused.content,
        "`insane` 不是有效的难度：请写 1 到 8 的数字，或 easy（简单）、medium（中等）、hard（困难）。"
    );
    let half = [("from", 3, json!("G7"))];
    let asked = harness::slash_in(&w, CAROL, "move", &half, ("zh-TW", "en-US"));
    assert_eq!(
        reply(&w, asked).await.content,
        "用法：`/鬥獸棋 move <起點> <終點>`"
    );
    let asked = harness::slash_in(&w, CAROL, "play", &level, ("en-US", "en-US"));
    assert_eq!(
        reply(&w, asked).await.content,
        "`insane` is not a level: say a number from 1 to 8, or easy, medium or hard."
    );
    // A refusal is private, in the reader's language.
    let asked = harness::slash_in(&w, CAROL, "resign", &[], ("zh-TW", "en-US"));
    let refused = reply(&w, asked).await;
    assert!(refused.ephemeral());
    assert_eq!(refused.content, "你在這個頻道沒有進行中的棋局。");
    // Choosing needs Manage Server; then the whole server hears Simplified Chinese.
    let code = [("code", 3, json!("zh-CN"))];
    let asked = harness::slash_in(&w, CAROL, "lang", &code, ("zh-CN", "en-US"));
    assert_eq!(
        reply(&w, asked).await.content,
        "只有拥有“管理服务器”权限的成员才能更改语言。"
    );
    let asked = harness::slash_in(&w, BOB, "lang", &code, ("en-US", "en-US"));
    assert_has(
        &reply(&w, asked).await.text(),
        "好的，从现在起我在这里使用简体中文。",
    );
    assert_eq!(
        w.store().language("discord", &GUILD.to_string()).unwrap(),
        Some("zh-CN".to_string())
    );
    let m = ask(&w, ALICE, "challenge", &[user(BOB)]).await;
    assert_has(
        &m.text(),
        "alice 邀你下一盘斗兽棋（随机分配红绿，每步 1 天）。",
    );
    let labels: Vec<&str> = m.components[0]["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["接受", "拒绝"]);
    w.finish().await;
}
