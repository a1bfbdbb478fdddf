//! The Discord adapter end to end: the real serenity client, connected through `api_base_url`
//! to an in-process double of Discord's gateway and REST API (tests/discord/double.rs).
//! Every wait is on an observed effect, bounded by a timeout; nothing sleeps.

#[path = "discord/mod.rs"]
mod support;

use support::{double, harness};

use std::sync::Arc;

use jungle::chat::{ManualClock, SystemClock};
use jungle::engine::Position;
use serde_json::json;

use double::{APP, BOT, Double, GUILD, MESSAGE_CONTENT};
use harness::{
    ALICE, BOB, Bot, CAROL, ask, assert_no_unknown_calls, click, complete, message_with_button,
    play, reply, say, slash,
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
    assert!(m.content.contains(&BOB.mention()), "{}", m.content);
    assert!(m.text().contains("alice challenges bob"), "{}", m.text());
    assert_eq!(
        m.buttons(),
        [
            ("accept:1".to_string(), false),
            ("decline:1".to_string(), false)
        ]
    );
    m.id
}

/// Challenge and accept by button: game #1, Alice (Jade) to move.
async fn start_game(d: &Double) -> u64 {
    let challenge_msg = challenge(d).await;
    let started = click(d, BOB, challenge_msg, "accept:1").await;
    assert!(
        started.text().contains("Game #1 starts"),
        "{}",
        started.text()
    );
    challenge_msg
}

#[tokio::test]
async fn connects_through_run_all_and_registers_the_command() {
    let d = Double::start().await;
    let dir = tempfile::tempdir().unwrap();
    let text = harness::config_text(
        &d,
        &dir.path().join("j.db"),
        &format!("shards = \"auto\"\nguild_id = \"{GUILD}\""),
    );
    let config = jungle::config::Config::parse(&text).unwrap();
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
    assert_eq!(commands.len(), 1);
    assert_eq!(commands[0]["name"], "jungle");
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
async fn a_bad_discord_section_stops_run_all_with_the_key_named() {
    let d = Double::start().await;
    let dir = tempfile::tempdir().unwrap();
    let text = harness::config_text(&d, &dir.path().join("j.db"), "shards = 0");
    let config = jungle::config::Config::parse(&text).unwrap();
    let err = jungle::adapters::run_all(config).await.unwrap_err();
    assert!(
        err.to_string()
            .starts_with("discord.shards: 0 is not a shard count"),
        "{err}"
    );
    assert!(d.seen().identifies.is_empty());
}

#[tokio::test]
async fn without_guild_id_the_command_is_registered_globally() {
    let d = Double::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(
        &d,
        &dir.path().join("j.db"),
        "shards = 1",
        Arc::new(SystemClock),
    )
    .await;
    let path = d.seen().registrations[0].0.clone();
    assert_eq!(path, format!("/api/v10/applications/{APP}/commands"));
    bot.stop().await;
    assert_no_unknown_calls(&d);
}

const GUILD_BOT: &str = "shards = 1\nguild_id = 1000000000000000001";

#[tokio::test]
async fn a_full_game_by_slash_commands_and_buttons() {
    let d = Double::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(
        &d,
        &dir.path().join("j.db"),
        GUILD_BOT,
        Arc::new(SystemClock),
    )
    .await;
    let challenge_msg = challenge(&d).await;
    let start_id = harness::press(&d, BOB, challenge_msg, "accept:1");
    let started = reply(&d, start_id).await;
    assert!(!started.ephemeral());
    assert!(
        started.content.contains(&ALICE.mention()),
        "Alice is to move: {}",
        started.content
    );
    assert!(
        started.text().contains("alice (Jade) vs bob (Crimson)"),
        "{}",
        started.text()
    );
    assert_eq!(
        started.buttons(),
        [
            ("resign:1".to_string(), false),
            ("draw:1".to_string(), false)
        ]
    );
    // Accepting retired the challenge's buttons on its message.
    let edits = d
        .wait("the challenge's buttons disabled", |s| {
            let m = &s.messages[&challenge_msg];
            (!m.edits.is_empty()).then(|| m.buttons())
        })
        .await;
    assert_eq!(
        edits,
        [
            ("accept:1".to_string(), true),
            ("decline:1".to_string(), true)
        ]
    );

    let mut boards = vec![started.id];
    for (who, mv) in [
        (ALICE, "G7 G6"),
        (BOB, "A3 A4"),
        (ALICE, "A7 A6"),
        (BOB, "G3 G4"),
    ] {
        let id = slash(
            &d,
            who,
            "move",
            &[("from", 3, json!(&mv[..2])), ("to", 3, json!(&mv[3..]))],
        );
        let m = reply(&d, id).await;
        assert_eq!(
            d.seen().answers[&id].kind,
            5,
            "a legal move is deferred first"
        );
        assert!(!m.ephemeral());
        assert!(
            m.text().contains(&format!("{} played {mv}", who.name)),
            "{}",
            m.text()
        );
        let next = if who.id == ALICE.id { BOB } else { ALICE };
        assert!(m.content.contains(&next.mention()), "{}", m.content);
        assert_eq!(m.buttons().len(), 2);
        boards.push(m.id);
    }

    // Bob resigns with the button on the latest board.
    let over = click(&d, BOB, *boards.last().unwrap(), "resign:1").await;
    let text = over.text();
    assert!(text.contains("bob resigned."), "{text}");
    assert!(
        text.contains("Game #1 is over: Jade wins: Crimson resigned"),
        "{text}"
    );
    assert!(text.contains("alice 1200 → 1220 (+20)"), "{text}");
    assert!(text.contains("bob 1200 → 1180 (-20)"), "{text}");
    assert!(over.buttons().is_empty());
    // Every board this run posted has its buttons disabled.
    for id in boards {
        let buttons = d
            .wait("a board's buttons disabled", |s| {
                let m = &s.messages[&id];
                (!m.edits.is_empty()).then(|| m.buttons())
            })
            .await;
        assert!(buttons.iter().all(|(_, disabled)| *disabled), "{buttons:?}");
    }
    let rating = ask(&d, ALICE, "rating", &[]).await;
    assert!(
        rating.text().contains("alice: rating 1220"),
        "{}",
        rating.text()
    );
    let top = ask(&d, BOB, "top", &[]).await;
    assert!(top.text().contains("1. alice 1220"), "{}", top.text());
    bot.stop().await;
    assert_no_unknown_calls(&d);
}

#[tokio::test]
async fn the_board_arrives_as_a_png_attachment() {
    let d = Double::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(
        &d,
        &dir.path().join("j.db"),
        GUILD_BOT,
        Arc::new(SystemClock),
    )
    .await;
    start_game(&d).await;
    let board = ask(&d, ALICE, "board", &[]).await;
    assert_eq!(board.embeds[0]["image"]["url"], "attachment://board.png");
    assert_eq!(board.files.len(), 1, "the board picture is attached");
    assert_eq!(board.files[0].name, "board.png");
    let img = image::load_from_memory_with_format(&board.files[0].bytes, image::ImageFormat::Png)
        .expect("the attachment decodes as a PNG");
    assert!(
        img.width() >= 7 * 16 && img.height() >= 9 * 16,
        "{}x{}",
        img.width(),
        img.height()
    );
    bot.stop().await;
    assert_no_unknown_calls(&d);
}

#[tokio::test]
async fn a_stranger_pressing_accept_is_refused_privately() {
    let d = Double::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(
        &d,
        &dir.path().join("j.db"),
        GUILD_BOT,
        Arc::new(SystemClock),
    )
    .await;
    let challenge_msg = challenge(&d).await;
    for button in ["accept:1", "decline:1"] {
        let refused = click(&d, CAROL, challenge_msg, button).await;
        assert!(refused.ephemeral(), "{refused:?}");
        assert!(
            refused.text().contains("bob") && refused.text().contains("not you")
                || refused.text().contains("Only the challenged player"),
            "{}",
            refused.text()
        );
    }
    // Bob still can; his acceptance is the only change to the challenge message.
    let started = click(&d, BOB, challenge_msg, "accept:1").await;
    assert!(
        started.text().contains("Game #1 starts"),
        "{}",
        started.text()
    );
    // The game's buttons are the players' alone.
    for button in ["resign:1", "draw:1"] {
        let refused = click(&d, CAROL, started.id, button).await;
        assert!(refused.ephemeral());
        assert_eq!(refused.content, "Only alice and bob play in game #1.");
    }
    let edits = d
        .wait("the challenge's buttons disabled", |s| {
            let m = &s.messages[&challenge_msg];
            (!m.edits.is_empty()).then(|| m.edits.clone())
        })
        .await;
    assert_eq!(edits.len(), 1);
    assert!(
        d.seen().messages[&challenge_msg]
            .buttons()
            .iter()
            .all(|(_, disabled)| *disabled)
    );
    bot.stop().await;
    assert_no_unknown_calls(&d);
}

#[tokio::test]
async fn an_illegal_move_gets_a_private_reason() {
    let d = Double::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(
        &d,
        &dir.path().join("j.db"),
        GUILD_BOT,
        Arc::new(SystemClock),
    )
    .await;
    start_game(&d).await;
    let id = slash(
        &d,
        ALICE,
        "move",
        &[("from", 3, json!("C7")), ("to", 3, json!("C6"))],
    );
    let m = reply(&d, id).await;
    assert_eq!(
        d.seen().answers[&id].kind,
        4,
        "an illegal move is not deferred"
    );
    assert!(m.ephemeral());
    assert_eq!(
        m.content,
        "C6 is water: only the rat can swim, not the wolf."
    );
    let m = play(&d, BOB, "A3 A4").await;
    assert!(m.ephemeral());
    assert_eq!(m.content, "It is Jade's turn.");
    // A deferred command whose answer is a refusal: the public "thinking" goes, a private
    // follow-up says why.
    let id = slash(&d, ALICE, "play", &[("level", 3, json!("easy"))]);
    let m = reply(&d, id).await;
    {
        let seen = d.seen();
        assert_eq!(seen.answers[&id].kind, 5);
        assert!(seen.messages[&seen.answers[&id].original.unwrap()].deleted);
    }
    assert!(m.ephemeral());
    assert!(
        m.content
            .contains("You already have a game in this channel"),
        "{}",
        m.content
    );
    bot.stop().await;
    assert_no_unknown_calls(&d);
}

#[tokio::test]
async fn autocomplete_offers_the_senders_legal_moves() {
    let d = Double::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(
        &d,
        &dir.path().join("j.db"),
        GUILD_BOT,
        Arc::new(SystemClock),
    )
    .await;
    start_game(&d).await;
    let start = Position::start();
    let mut from: Vec<String> = start
        .legal_moves()
        .iter()
        .map(|m| m.from.to_string())
        .collect();
    from.sort();
    from.dedup();
    let choices = complete(&d, ALICE, "move", &[("from", 3, json!(""))], "from").await;
    let values: Vec<String> = choices.iter().map(|(_, v)| v.clone()).collect();
    assert_eq!(values, from);
    // Typing narrows the list.
    let choices = complete(&d, ALICE, "move", &[("from", 3, json!("g"))], "from").await;
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
        &d,
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
    let squares = complete(&d, ALICE, "moves", &[("square", 3, json!(""))], "square").await;
    assert_eq!(squares.len(), from.len());
    let none = complete(&d, BOB, "move", &[("from", 3, json!(""))], "from").await;
    assert!(none.is_empty(), "{none:?}");
    bot.stop().await;
    assert_no_unknown_calls(&d);
}

#[tokio::test]
async fn plain_text_moves_with_the_message_content_intent() {
    let d = Double::start().await;
    let dir = tempfile::tempdir().unwrap();
    let extra = format!("{GUILD_BOT}\nmessage_content = true");
    let bot = Bot::start(&d, &dir.path().join("j.db"), &extra, Arc::new(SystemClock)).await;
    assert_ne!(d.seen().intents()[0] & MESSAGE_CONTENT, 0);
    start_game(&d).await;
    say(&d, ALICE, "G7 G6", &[]);
    let m = d
        .wait("the move's board in the channel", |s| {
            s.channel_posts()
                .into_iter()
                .find(|m| m.text().contains("alice played G7 G6"))
                .cloned()
        })
        .await;
    assert!(m.content.contains(&BOB.mention()), "{}", m.content);
    assert_eq!(m.buttons().len(), 2);
    // Prefixed commands work as text too; a refusal answers the message it refers to.
    say(&d, ALICE, "!jungle move A7 A6", &[]);
    let refusal = d
        .wait("the refusal in the channel", |s| {
            s.channel_posts()
                .into_iter()
                .find(|m| m.text().contains("It is Crimson's turn"))
                .cloned()
        })
        .await;
    assert!(
        refusal.reference.is_some(),
        "a private answer replies to the message"
    );
    bot.stop().await;
    assert_no_unknown_calls(&d);
}

#[tokio::test]
async fn plain_text_moves_without_the_intent_need_a_mention() {
    let d = Double::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(
        &d,
        &dir.path().join("j.db"),
        GUILD_BOT,
        Arc::new(SystemClock),
    )
    .await;
    assert_eq!(d.seen().intents()[0] & MESSAGE_CONTENT, 0);
    start_game(&d).await;
    // Without the intent Discord hides this message's content; nothing may happen.
    say(&d, ALICE, "G7 G6", &[]);
    say(&d, ALICE, &format!("<@{BOT}> G7 G6"), &[BOT]);
    let m = d
        .wait("the move's board in the channel", |s| {
            s.channel_posts()
                .into_iter()
                .find(|m| m.text().contains("alice played G7 G6"))
                .cloned()
        })
        .await;
    assert!(m.content.contains(&BOB.mention()), "{}", m.content);
    // Speaking to the bot stands for the prefix.
    say(&d, BOB, &format!("<@{BOT}> board"), &[BOT]);
    d.wait("the board shown on request", |s| {
        s.channel_posts()
            .into_iter()
            .find(|m| m.text().contains("bob (Crimson) to move"))
            .map(|_| ())
    })
    .await;
    let moves = d
        .seen()
        .channel_posts()
        .iter()
        .filter(|m| m.text().contains(" played "))
        .count();
    assert_eq!(moves, 1, "only the mentioned move was played");
    bot.stop().await;
    assert_no_unknown_calls(&d);
}

#[tokio::test]
async fn after_a_restart_buttons_on_old_messages_still_work() {
    let d = Double::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("j.db");
    let bot = Bot::start(&d, &db, GUILD_BOT, Arc::new(SystemClock)).await;
    start_game(&d).await;
    let first_board = message_with_button(&d, "resign:1");
    let moved = play(&d, ALICE, "G7 G6").await;
    bot.stop().await;

    // A new process on the same database; Discord (the double) keeps its messages.
    let bot = Bot::start(&d, &db, GUILD_BOT, Arc::new(SystemClock)).await;
    assert_eq!(d.seen().identifies.len(), 2);
    let m = play(&d, BOB, "A3 A4").await;
    assert!(m.text().contains("bob played A3 A4"), "{}", m.text());
    // Alice resigns with the button on the board posted before the restart.
    let over = click(&d, ALICE, moved.id, "resign:1").await;
    assert!(over.text().contains("alice resigned."), "{}", over.text());
    assert!(
        over.text().contains("Crimson wins: Jade resigned"),
        "{}",
        over.text()
    );
    let buttons = d
        .wait("the old board's buttons disabled", |s| {
            let m = &s.messages[&moved.id];
            (!m.edits.is_empty()).then(|| m.buttons())
        })
        .await;
    assert!(buttons.iter().all(|(_, disabled)| *disabled), "{buttons:?}");
    // A board this process never saw still has live-looking buttons: pressing one is a dead
    // press, answered privately, and its buttons are taken off.
    let dead = click(&d, BOB, first_board, "draw:1").await;
    assert!(dead.ephemeral());
    assert!(dead.content.contains("already over"), "{}", dead.content);
    d.wait("the dead buttons removed", |s| {
        s.messages[&first_board].components.is_empty().then_some(())
    })
    .await;
    bot.stop().await;
    assert_no_unknown_calls(&d);
}

#[tokio::test]
async fn games_against_the_bot_are_deferred_then_answered() {
    let d = Double::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(
        &d,
        &dir.path().join("j.db"),
        GUILD_BOT,
        Arc::new(SystemClock),
    )
    .await;
    let id = slash(
        &d,
        ALICE,
        "play",
        &[("level", 3, json!("easy")), ("side", 3, json!("jade"))],
    );
    let m = reply(&d, id).await;
    assert_eq!(d.seen().answers[&id].kind, 5);
    assert!(m.text().contains("Game #1 starts"), "{}", m.text());
    let id = slash(
        &d,
        ALICE,
        "move",
        &[("from", 3, json!("G7")), ("to", 3, json!("G6"))],
    );
    let m = reply(&d, id).await;
    assert_eq!(d.seen().answers[&id].kind, 5);
    let text = m.text();
    assert!(text.contains("alice played G7 G6."), "{text}");
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
    assert!(
        m.content.contains(&ALICE.mention()),
        "Alice is to move again: {}",
        m.content
    );
    bot.stop().await;
    assert_no_unknown_calls(&d);
}

#[tokio::test]
async fn the_outbox_is_posted_and_a_failed_send_is_survived() {
    let d = Double::start().await;
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(1_800_000_000));
    let bot = Bot::start(&d, &dir.path().join("j.db"), GUILD_BOT, clock.clone()).await;
    let challenge_msg = challenge(&d).await;
    clock.advance(16 * 60);
    let out = bot.service.tick().await;
    assert_eq!(out.len(), 1, "{out:?}");
    assert_eq!(out[0].place.channel, double::CHANNEL.to_string());
    // The first post fails; the adapter logs it and goes on with the next.
    d.fail_next_posts(1);
    bot.outbox.send(out[0].clone()).await.unwrap();
    d.wait("the failed post", |s| (s.failed_posts == 1).then_some(()))
        .await;
    bot.outbox.send(out[0].clone()).await.unwrap();
    let posted = d
        .wait("the expiry notice", |s| {
            s.channel_posts()
                .into_iter()
                .find(|m| m.text().contains("has expired"))
                .cloned()
        })
        .await;
    assert_eq!(posted.text(), "alice's challenge to bob has expired.");
    let buttons = d
        .wait("the expired challenge's buttons disabled", |s| {
            let m = &s.messages[&challenge_msg];
            (!m.edits.is_empty()).then(|| m.buttons())
        })
        .await;
    assert!(buttons.iter().all(|(_, disabled)| *disabled), "{buttons:?}");
    // And the bot still answers.
    let m = ask(&d, BOB, "rules", &[]).await;
    assert!(m.text().contains("Jungle"), "{}", m.text());
    bot.stop().await;
    assert_no_unknown_calls(&d);
}

/// Collects everything logged on this thread.
#[derive(Clone, Default)]
struct Captured(Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test]
async fn the_token_is_never_logged() {
    let captured = Captured::default();
    let writer = captured.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::TRACE)
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .finish();
    let _guard = tracing::subscriber::set_default(subscriber);
    let d = Double::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(
        &d,
        &dir.path().join("j.db"),
        GUILD_BOT,
        Arc::new(SystemClock),
    )
    .await;
    start_game(&d).await;
    play(&d, ALICE, "G7 G6").await;
    bot.stop().await;
    let log = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
    assert!(log.contains("starting the Discord adapter"), "{log}");
    assert!(log.contains("<redacted>"), "{log}");
    assert!(
        log.contains("Identifying"),
        "serenity's own logs are captured: {log}"
    );
    assert!(!log.contains("test-token"), "the token leaked into the log");
    assert_no_unknown_calls(&d);
}
