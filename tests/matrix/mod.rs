//! The Matrix adapter against a real Synapse (started by `tests/matrix/synapse.sh`, which
//! `tests/run.sh` wraps around the test run). Without it they fail, unless JUNGLE_SKIP_MATRIX=1.
//! Bots run in-process on their own accounts; humans are matrix-sdk clients.

mod check;
mod failures;
mod front;
mod harness;
mod threads;
mod together;
mod touch;
mod tournament;

use crate::synapse_or_skip;
use harness::{Bot, BotOptions, Human, Proxy, decode_png, test_png, within};
use jungle::Position;
use jungle::adapters::matrix::SyncState;
use jungle::chat::{Image, Outgoing, Place, Reply, User};
use matrix_sdk::ruma::events::Mentions;
use matrix_sdk::ruma::events::room::MediaSource;
use matrix_sdk::ruma::events::room::member::MembershipState;
use matrix_sdk::ruma::events::room::message::{
    MessageType, ReplacementMetadata, RoomMessageEventContent,
};
use matrix_sdk::ruma::{OwnedUserId, UserId};
use matrix_sdk::{Room, RoomState};

/// The bot account's devices (registering the account made one too).
async fn device_ids(bot: &Bot) -> Vec<matrix_sdk::ruma::OwnedDeviceId> {
    let mut ids: Vec<_> = bot
        .client()
        .devices()
        .await
        .unwrap()
        .devices
        .into_iter()
        .map(|d| d.device_id)
        .collect();
    ids.sort();
    ids
}

/// Prints a file when the test fails (the bot's log, for instance).
struct ShowOnPanic(std::path::PathBuf);

impl Drop for ShowOnPanic {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let text = std::fs::read_to_string(&self.0).unwrap_or_default();
            let tail: Vec<&str> = text.lines().rev().take(60).collect();
            eprintln!("--- last lines of {} ---", self.0.display());
            for line in tail.iter().rev() {
                eprintln!("{line}");
            }
        }
    }
}

/// A legal move for the side to move in `game`, as text (the first in sorted order).
fn a_legal_move(bot: &Bot, game: i64) -> String {
    let row = bot.store().game(game).unwrap().unwrap();
    let pos: Position = row.position;
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    moves.into_iter().next().expect("a legal move")
}

fn ply(bot: &Bot, game: i64) -> u32 {
    bot.store().game(game).unwrap().unwrap().ply
}

/// The room's only active game.
fn game_in(bot: &Bot, room: &Room) -> i64 {
    let games = bot
        .store()
        .active_games("matrix", room.room_id().as_str())
        .unwrap();
    assert_eq!(games.len(), 1, "one game in the room");
    games[0].id
}

/// Invites the bot into a new room and waits until it has joined and said hello: one notice
/// saying what it is and how to start, in the room's own commands.
async fn room_with_bot(human: &Human, bot: &OwnedUserId, encrypted: bool) -> Room {
    let room = human.create_room(&[bot], encrypted).await;
    human
        .wait_membership(&room, bot, MembershipState::Join)
        .await;
    let hello = human
        .notice_with(&room, bot, "I am a Jungle (Dou Shou Qi) bot")
        .await;
    let body = hello.body();
    for command in [
        "`!jungle play bot`",
        "`!jungle challenge @user`",
        "`!jungle help`",
    ] {
        assert!(body.contains(command), "{body}");
    }
    room
}

/// A plain room with `bot_name`'s bot, alice and bob, all joined: (the bot, alice, bob, the
/// room as alice's client and as bob's has it).
async fn two_people(
    env: &harness::Env,
    bot_name: &str,
    dir: &std::path::Path,
) -> (Bot, Human, Human, Room, Room) {
    let bot = Bot::start(env, bot_name, dir).await;
    let alice = Human::login(env, "alice").await;
    let bob = Human::login(env, "bob").await;
    let room = alice.create_room(&[&bot.id, &bob.id], false).await;
    bob.client.join_room_by_id(room.room_id()).await.unwrap();
    alice.wait_joined(&room, &[&bot.id, &bob.id]).await;
    let bob_room = bob.client.get_room(room.room_id()).unwrap();
    (bot, alice, bob, room, bob_room)
}

/// Alice challenges bob (alice plays Jade), naming him with a pill as clients send it.
async fn challenge_bob(alice: &Human, room: &Room, bob: &Human) {
    let challenge = RoomMessageEventContent::text_html(
        "!jungle challenge bob jade",
        "!jungle challenge <a href=\"https://matrix.to/#/@bob:localhost\">bob</a> jade",
    )
    .add_mentions(Mentions::with_user_ids([bob.id.clone()]));
    alice.send(room, challenge).await;
}

/// After a notice that shows a board: the board image follows, and it decodes.
async fn expect_board(human: &Human, room: &Room, bot: &UserId, encrypted: bool) {
    expect_board_in(human, room, bot, encrypted).await;
}

/// [`expect_board`], returning the image's message.
async fn expect_board_in(
    human: &Human,
    room: &Room,
    bot: &UserId,
    encrypted: bool,
) -> harness::Message {
    let msg = human.next_from(room, bot).await;
    let image = msg
        .image()
        .unwrap_or_else(|| panic!("expected the board image, got {:?}", msg.body()));
    assert_eq!(msg.encrypted, encrypted);
    assert_eq!(
        matches!(image.source, MediaSource::Encrypted(_)),
        encrypted,
        "the uploaded file is encrypted exactly in encrypted rooms"
    );
    let info = image.info.as_ref().expect("image info");
    assert_eq!(info.mimetype.as_deref(), Some("image/png"));
    let bytes = human.download(image).await;
    assert_eq!(info.size.map(u64::from), Some(bytes.len() as u64));
    let (w, h, _) = decode_png(&bytes);
    assert_eq!(info.width.map(u64::from), Some(u64::from(w)));
    assert_eq!(info.height.map(u64::from), Some(u64::from(h)));
    assert!(w > 100 && h > 100, "a board-sized picture: {w}x{h}");
    // The body is the board in words, not a file name; the file name has its own field.
    assert!(
        image.body.starts_with("Game #") && image.body.contains(" has "),
        "the body describes the position: {:?}",
        image.body
    );
    assert_eq!(image.filename.as_deref(), Some("board.png"));
    msg
}

/// Sends an image through the bot's outbox (as the timers do) and checks what arrives.
async fn outbox_image_arrives(bot: &Bot, human: &Human, room: &Room, encrypted: bool) {
    let (png, pixels) = test_png(37, 23);
    let reply = Reply {
        text: "A message from the **timers**.".into(),
        image: Some(Image {
            bytes: png.clone(),
            file_name: "test.png".into(),
            mime: "image/png",
            width: 37,
            height: 23,
            alt: "A test pattern.".into(),
        }),
        mentions: vec![User::new(human.id.as_str(), "the human")],
        ..Reply::default()
    };
    let place = Place {
        platform: "matrix".into(),
        scope: room.room_id().to_string(),
        channel: room.room_id().to_string(),
        locale: None,
    };
    bot.outbox.send(Outgoing { place, reply }).await.unwrap();
    let notice = human
        .notice_with(room, &bot.id, "A message from the timers.")
        .await;
    assert_eq!(notice.encrypted, encrypted);
    assert!(notice.is_notice());
    assert_eq!(notice.mentions(), vec![human.id.clone()]);
    assert!(
        notice
            .html()
            .unwrap()
            .contains("A message from the <strong>timers</strong>."),
        "{:?}",
        notice.html()
    );
    let msg = human.next_from(room, &bot.id).await;
    let image = msg.image().expect("the image follows the notice");
    assert_eq!(msg.encrypted, encrypted);
    assert_eq!(image.body, "A test pattern.");
    assert_eq!(image.filename.as_deref(), Some("test.png"));
    // In an encrypted room the file itself is encrypted, not only the event.
    assert_eq!(matches!(image.source, MediaSource::Encrypted(_)), encrypted);
    let info = image.info.as_ref().unwrap();
    assert_eq!(info.mimetype.as_deref(), Some("image/png"));
    assert_eq!(info.size.map(u64::from), Some(png.len() as u64));
    assert_eq!(info.width.map(u64::from), Some(37));
    assert_eq!(info.height.map(u64::from), Some(23));
    let bytes = human.download(image).await;
    assert_eq!(bytes, png);
    assert_eq!(decode_png(&bytes), (37, 23, pixels));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_bot_in_a_room() {
    let env = synapse_or_skip!();
    harness::init_logs();
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&env, "bot1", dir.path()).await;
    let alice = Human::login(&env, "alice").await;
    let room = room_with_bot(&alice, &bot.id, false).await;

    alice.say(&room, "!jungle play bot easy jade").await;
    let start = alice
        .notice_with(
            &room,
            &bot.id,
            "Game #1 starts: you play Jade against Jungle bot (level 2, easy)",
        )
        .await;
    assert!(start.is_notice() && !start.encrypted);
    assert_eq!(start.mentions(), vec![alice.id.clone()], "alice is to move");
    let html = start.html().expect("a formatted body");
    assert!(
        html.starts_with("<a href=\"https://matrix.to/#/@alice:localhost\">alice</a>: "),
        "{html}"
    );
    expect_board(&alice, &room, &bot.id, false).await;
    let game = game_in(&bot, &room);
    let row = bot.store().game(game).unwrap().unwrap();
    assert_eq!(row.scope, room.room_id().as_str(), "the room is the scope");

    // An illegal move gets its reason and changes nothing.
    alice.say(&room, "A7 A5").await;
    alice
        .notice_with(&room, &bot.id, "The elephant on A7 cannot reach A5")
        .await;
    assert_eq!(ply(&bot, game), 0);

    // Several moves, each answered by the bot's move and the board.
    for n in 1..=3u32 {
        let mv = a_legal_move(&bot, game);
        alice.say(&room, &mv).await;
        let answer = alice
            .notice_with(&room, &bot.id, "Jungle bot (level 2, easy) played")
            .await;
        assert!(
            answer.body().contains(&format!("alice played {mv}")),
            "{}",
            answer.body()
        );
        assert_eq!(answer.mentions(), vec![alice.id.clone()]);
        expect_board(&alice, &room, &bot.id, false).await;
        assert_eq!(ply(&bot, game), 2 * n);
    }

    // A board image through the outbox (the path timers use), downloaded and decoded.
    outbox_image_arrives(&bot, &alice, &room, false).await;

    alice.say(&room, "!jungle resign").await;
    alice.notice_with(&room, &bot.id, "alice resigned").await;
    alice.say(&room, "!jungle rating").await;
    let rating = alice.notice_with(&room, &bot.id, "alice: rating").await;
    assert!(
        rating
            .body()
            .contains("1 rated game: 0 won, 0 drawn, 1 lost"),
        "{}",
        rating.body()
    );
    let me = bot
        .store()
        .find_player("matrix", alice.id.as_str())
        .unwrap()
        .unwrap();
    assert!(
        me.rating < 1200,
        "losing to the bot costs rating: {}",
        me.rating
    );
    alice.say(&room, "!jungle top").await;
    let top = alice.notice_with(&room, &bot.id, "Leaderboard here").await;
    // A game against the bot counts for the rating, not for the leaderboard.
    assert_eq!(
        top.body(),
        "Leaderboard here: nobody has played a rated game yet. Rated games against the bot \
         count for the rating, not for the leaderboard.",
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_between_two_people() {
    let env = synapse_or_skip!();
    harness::init_logs();
    let dir = tempfile::tempdir().unwrap();
    let (bot, alice, bob, room, bob_room) = two_people(&env, "bot2", dir.path()).await;
    challenge_bob(&alice, &room, &bob).await;
    let open = bob
        .notice_with(&bob_room, &bot.id, "alice challenges you")
        .await;
    assert_eq!(open.mentions(), vec![bob.id.clone()]);
    assert!(
        open.html()
            .unwrap()
            .contains("href=\"https://matrix.to/#/@bob:localhost\""),
        "{:?}",
        open.html()
    );
    bob.say(&bob_room, "!jungle accept").await;
    alice
        .notice_with(&room, &bot.id, "Game #1 starts: you play Jade against bob")
        .await;
    alice.say(&room, "G7 G6").await;
    let to_bob = bob
        .notice_with(&bob_room, &bot.id, "alice played G7 G6")
        .await;
    assert_eq!(to_bob.mentions(), vec![bob.id.clone()], "bob is to move");
    bob.say(&bob_room, "A3 A4").await;
    let to_alice = alice.notice_with(&room, &bot.id, "bob played A3 A4").await;
    assert_eq!(to_alice.mentions(), vec![alice.id.clone()]);
    // Not bob's turn: a reason, answering his message.
    bob.say(&bob_room, "B2 B3").await;
    let refusal = bob
        .notice_with(
            &bob_room,
            &bot.id,
            "It is not your turn: alice (Jade) is to move",
        )
        .await;
    assert!(matches!(
        refusal.content.relates_to,
        Some(matrix_sdk::ruma::events::room::message::Relation::Reply(_))
    ));
    // bob takes back his move, alice agrees: bob is to move again.
    bob.say(&bob_room, "!jungle takeback").await;
    let asked = alice
        .notice_with(&room, &bot.id, "bob asks to take back their last move")
        .await;
    assert!(
        asked.body().contains("`!jungle takeback` to agree"),
        "{}",
        asked.body()
    );
    assert_eq!(asked.mentions(), vec![alice.id.clone()]);
    alice.say(&room, "!jungle takeback").await;
    bob.notice_with(&bob_room, &bot.id, "A3 A4 is taken back")
        .await;
    bob.say(&bob_room, "!jungle resign").await;
    alice.notice_with(&room, &bot.id, "bob resigned").await;
    // `top` ranks this room's players.
    alice.say(&room, "!jungle top").await;
    let top = alice.notice_with(&room, &bot.id, "Leaderboard here").await;
    let (first, second) = (top.body().find("1. alice"), top.body().find("2. bob"));
    assert!(
        first.is_some() && second.is_some() && first < second,
        "the winner ranks first: {}",
        top.body()
    );
    let row = bot.store().game(1).unwrap().unwrap();
    let moves: Vec<String> = row.moves.iter().map(ToString::to_string).collect();
    assert_eq!(moves, ["G7 G6"], "the final line");
    assert_eq!(bot.store().takebacks(1).unwrap().len(), 1);
    // A casual game against the bot: a takeback is granted at once.
    alice.say(&room, "!jungle play bot easy jade casual").await;
    alice
        .notice_with(&room, &bot.id, "Game #2 (casual) starts")
        .await;
    alice.say(&room, "G7 G6").await;
    alice
        .notice_with(&room, &bot.id, "Jungle bot (level 2, easy) played")
        .await;
    alice.say(&room, "!jungle takeback").await;
    alice.notice_with(&room, &bot.id, "are taken back").await;
    assert_eq!(bot.store().game(2).unwrap().unwrap().ply, 0);
    // Moderators: alice made the room (power level 100), bob has 0.
    bob.say(&bob_room, "!jungle admin settings").await;
    bob.notice_with(
        &bob_room,
        &bot.id,
        "Only the room's moderators (power level 50 or more) may use the moderators' commands.",
    )
    .await;
    alice.say(&room, "!jungle admin abort 2").await;
    alice
        .notice_with(&room, &bot.id, "A moderator (alice) aborted game #2")
        .await;
    alice.say(&room, "!jungle admin channel off").await;
    alice
        .notice_with(&room, &bot.id, "I will ignore this channel")
        .await;
    bob.say(&bob_room, "!jungle rules").await;
    alice.say(&room, "!jungle admin channel on").await;
    // Replies come in order: had `rules` been answered, that answer would come first.
    let next = alice.next_from(&room, &bot.id).await;
    assert!(
        next.body().starts_with("I answer in this channel again"),
        "{}",
        next.body()
    );
    assert_eq!(
        row.outcome.and_then(|o| o.winner()),
        Some(jungle::Side::Jade)
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_in_an_encrypted_room() {
    let env = synapse_or_skip!();
    harness::init_logs();
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&env, "bot3", dir.path()).await;
    let alice = Human::login(&env, "alice").await;
    let room = room_with_bot(&alice, &bot.id, true).await;

    alice.say(&room, "!jungle play bot easy jade").await;
    let start = alice.notice_with(&room, &bot.id, "Game #1 starts").await;
    assert!(
        start.encrypted,
        "the bot answers encrypted in an encrypted room"
    );
    assert_eq!(start.mentions(), vec![alice.id.clone()]);
    expect_board(&alice, &room, &bot.id, true).await;
    let game = game_in(&bot, &room);
    alice.say(&room, "A7 A5").await;
    let reason = alice
        .notice_with(&room, &bot.id, "The elephant on A7 cannot reach A5")
        .await;
    assert!(reason.encrypted);
    for n in 1..=2u32 {
        let mv = a_legal_move(&bot, game);
        alice.say(&room, &mv).await;
        let answer = alice
            .notice_with(&room, &bot.id, "Jungle bot (level 2, easy) played")
            .await;
        assert!(answer.encrypted);
        expect_board(&alice, &room, &bot.id, true).await;
        assert_eq!(ply(&bot, game), 2 * n);
    }
    outbox_image_arrives(&bot, &alice, &room, true).await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_mid_game_resumes_on_the_same_device() {
    let env = synapse_or_skip!();
    harness::init_logs();
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&env, "bot4", dir.path()).await;
    let device = bot.client().device_id().unwrap().to_owned();
    let alice = Human::login(&env, "alice").await;
    let room = room_with_bot(&alice, &bot.id, true).await;
    alice.say(&room, "!jungle play bot easy jade").await;
    alice.notice_with(&room, &bot.id, "Game #1 starts").await;
    let game = game_in(&bot, &room);
    let mv = a_legal_move(&bot, game);
    alice.say(&room, &mv).await;
    alice
        .notice_with(&room, &bot.id, "Jungle bot (level 2, easy) played")
        .await;
    assert_eq!(ply(&bot, game), 2);

    let devices = device_ids(&bot).await;
    assert!(devices.contains(&device), "{devices:?}");
    bot.stop().await;
    let bot = Bot::start(&env, "bot4", dir.path()).await;
    assert_eq!(
        bot.client().device_id(),
        Some(&*device),
        "the saved session is restored"
    );
    assert_eq!(device_ids(&bot).await, devices, "no new device");

    let mv = a_legal_move(&bot, game);
    alice.say(&room, &mv).await;
    let answer = alice
        .notice_with(&room, &bot.id, "Jungle bot (level 2, easy) played")
        .await;
    assert!(answer.encrypted && answer.body().contains(&mv));
    assert_eq!(ply(&bot, game), 4, "the same game went on");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_access_token_logs_in_on_its_device_and_keeps_it() {
    let env = synapse_or_skip!();
    harness::init_logs();
    let dir = tempfile::tempdir().unwrap();
    let (token, device) = harness::device_token(&env, "bot9").await;
    let opts = || BotOptions {
        access_token: Some(&token),
        ..BotOptions::default()
    };
    let bot = Bot::start_with(&env, "bot9", dir.path(), opts()).await;
    assert_eq!(
        bot.client().device_id(),
        Some(&*device),
        "the token's device"
    );
    let devices = device_ids(&bot).await;
    let alice = Human::login(&env, "alice").await;
    let room = room_with_bot(&alice, &bot.id, true).await;
    alice.say(&room, "!jungle rules").await;
    let answer = alice
        .notice_with(&room, &bot.id, "Jungle (Dou Shou Qi) in brief")
        .await;
    assert!(answer.encrypted, "its keys work in an encrypted room");

    bot.stop().await;
    let bot = Bot::start_with(&env, "bot9", dir.path(), opts()).await;
    assert_eq!(
        bot.client().device_id(),
        Some(&*device),
        "still that device"
    );
    assert_eq!(device_ids(&bot).await, devices, "no new device");
    alice.say(&room, "!jungle rules").await;
    let answer = alice
        .notice_with(&room, &bot.id, "Jungle (Dou Shou Qi) in brief")
        .await;
    assert!(answer.encrypted);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn history_notices_and_edits_are_not_answered() {
    let env = synapse_or_skip!();
    harness::init_logs();
    let dir = tempfile::tempdir().unwrap();
    let alice = Human::login(&env, "alice").await;
    let bot_id = env.user("bot5");
    // Before the bot ever ran: an invite and a command in the room.
    let room = alice.create_room(&[&bot_id], false).await;
    alice.say(&room, "!jungle help").await;
    let bot = Bot::start(&env, "bot5", dir.path()).await;
    alice
        .wait_membership(&room, &bot_id, MembershipState::Join)
        .await;
    // Joining, the bot says hello once; it does not answer what was said before.
    let hello = alice.next_from(&room, &bot_id).await;
    assert!(hello.body().starts_with("Hello!"), "{}", hello.body());

    // A notice, an edit that turns a message into a command, the bot's own kind of text.
    alice
        .send(&room, RoomMessageEventContent::notice_plain("!jungle help"))
        .await;
    let hello = alice.say(&room, "hello").await;
    let mut edit = RoomMessageEventContent::text_plain("!jungle help")
        .make_replacement(ReplacementMetadata::new(hello.clone(), None));
    // The fallback body reads "* !jungle help", which is no command: make it one, so only the
    // edit relation stands between it and an answer.
    edit.msgtype = MessageType::text_plain("!jungle help");
    alice.send(&room, edit).await;
    alice.say(&room, "!jungle rules").await;
    // Replies come in order: had anything before been answered, it would come first.
    let first = alice.next_from(&room, &bot_id).await;
    assert!(
        first.body().starts_with("Jungle (Dou Shou Qi) in brief"),
        "the first answer is to `rules`, got: {}",
        first.body()
    );

    // A message sent while the bot is down is history too.
    bot.stop().await;
    alice.say(&room, "!jungle help").await;
    let bot = Bot::start(&env, "bot5", dir.path()).await;
    alice.say(&room, "!jungle rules").await;
    let first = alice.next_from(&room, &bot_id).await;
    assert!(
        first.body().starts_with("Jungle (Dou Shou Qi) in brief"),
        "after the restart the first answer is to `rules`, got: {}",
        first.body()
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invites_follow_the_allow_list_and_empty_rooms_are_left() {
    let env = synapse_or_skip!();
    harness::init_logs();
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start_with(
        &env,
        "bot6",
        dir.path(),
        BotOptions {
            allow: Some(&["@alice:localhost", "@bob:localhost"]),
            ..BotOptions::default()
        },
    )
    .await;
    let carol = Human::login(&env, "carol").await;
    let carols = carol.create_room(&[&bot.id], false).await;
    carol
        .wait_membership(&carols, &bot.id, MembershipState::Leave)
        .await;

    let alice = Human::login(&env, "alice").await;
    let bob = Human::login(&env, "bob").await;
    let room = alice.create_room(&[&bot.id, &bob.id], false).await;
    bob.client.join_room_by_id(room.room_id()).await.unwrap();
    let bob_room = bob.client.get_room(room.room_id()).unwrap();
    bob.wait_membership(&bob_room, &bot.id, MembershipState::Join)
        .await;
    // alice leaves; with bob still there the bot stays and answers.
    room.leave().await.unwrap();
    bob.wait_membership(&bob_room, &alice.id, MembershipState::Leave)
        .await;
    bob.say(&bob_room, "!jungle rules").await;
    bob.notice_with(&bob_room, &bot.id, "Jungle (Dou Shou Qi) in brief")
        .await;
    // bob leaves too: the bot is alone and leaves.
    bob_room.leave().await.unwrap();
    let bots_room = bot.client().get_room(room.room_id()).unwrap();
    within("the bot to leave the empty room", async {
        let mut info = bots_room.subscribe_info();
        while bots_room.state() != RoomState::Left {
            // Room info changes wake this up; the timer only guards against a missed one.
            tokio::select! {
                _ = info.next() => {}
                _ = tokio::time::sleep(std::time::Duration::from_millis(250)) => {}
            }
        }
    })
    .await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sync_backs_off_while_the_homeserver_is_away() {
    let env = synapse_or_skip!();
    harness::init_logs();
    let dir = tempfile::tempdir().unwrap();
    let proxy = Proxy::start(&env.url).await;
    let mut bot = Bot::start_at(&env, "bot7", dir.path(), &proxy.url).await;
    let alice = Human::login(&env, "alice").await;
    let room = room_with_bot(&alice, &bot.id, false).await;
    alice.say(&room, "!jungle rules").await;
    alice
        .notice_with(&room, &bot.id, "Jungle (Dou Shou Qi) in brief")
        .await;

    proxy.set_up(false);
    bot.wait_state(
        "sync failures",
        |s| matches!(s, SyncState::Retrying { failures } if failures >= 2),
    )
    .await;
    // Sent while the bot cannot reach its homeserver: answered once it can.
    alice.say(&room, "!jungle help").await;
    proxy.set_up(true);
    bot.wait_state("syncing again", |s| s == SyncState::Syncing)
        .await;
    alice
        .notice_with(&room, &bot.id, "Jungle (Dou Shou Qi) commands")
        .await;

    // Started while the homeserver is away: it keeps trying, then carries on.
    bot.stop().await;
    proxy.set_up(false);
    let (bot, ()) = tokio::join!(Bot::start_at(&env, "bot7", dir.path(), &proxy.url), async {
        tokio::time::sleep(std::time::Duration::from_secs(3)).await;
        proxy.set_up(true);
    });
    alice.say(&room, "!jungle rules").await;
    alice
        .notice_with(&room, &bot.id, "Jungle (Dou Shou Qi) in brief")
        .await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn jungle_run_starts_the_matrix_adapter_from_the_config() {
    let env = synapse_or_skip!();
    harness::init_logs();
    let dir = tempfile::tempdir().unwrap();
    let bot_id = env.user("bot8");
    let config = dir.path().join("config.toml");
    std::fs::write(
        &config,
        format!(
            "[store]\ndatabase = \"{}\"\n\n[matrix]\nhomeserver = \"{}\"\nuser_id = \"{bot_id}\"\ndata_dir = \"{}\"\nallow = [\"localhost\"]\n",
            dir.path().join("jungle.db").display(),
            env.url,
            dir.path().join("matrix").display()
        ),
    )
    .unwrap();
    let log = dir.path().join("log.txt");
    let _show = ShowOnPanic(log.clone());
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_jungle"))
        .args(["run", "--config"])
        .arg(&config)
        .env("MATRIX_PASSWORD", &env.password)
        .env("RUST_LOG", "debug")
        .stdout(std::process::Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let alice = Human::login(&env, "alice").await;
    let room = room_with_bot(&alice, &bot_id, false).await;
    alice.say(&room, "!jungle help").await;
    alice
        .notice_with(&room, &bot_id, "Jungle (Dou Shou Qi) commands")
        .await;
    child.start_kill().unwrap();
    child.wait().await.unwrap();
    let logged = std::fs::read_to_string(&log).unwrap();
    assert!(logged.contains("Matrix is ready"), "{logged}");
    assert!(
        !logged.contains(&env.password),
        "the password must never be logged"
    );
    let session = std::fs::read_to_string(dir.path().join("matrix/session.json")).unwrap();
    let token: serde_json::Value = serde_json::from_str(&session).unwrap();
    let token = token["access_token"].as_str().unwrap();
    assert!(
        !logged.contains(token),
        "the access token must never be logged"
    );

    // A bad section stops `jungle run` with the key named.
    std::fs::write(&config, format!("[store]\ndatabase = \"{}\"\n[matrix]\nhomeserver = \"http://127.0.0.1:1\"\nuser_id = \"bot8\"\npassword = \"x\"\n", dir.path().join("jungle.db").display())).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_jungle"))
        .args(["run", "--config"])
        .arg(&config)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("matrix.user_id: 'bot8'"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analyze_says_it_started_then_posts_the_summary_and_graph() {
    let env = synapse_or_skip!();
    harness::init_logs();
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&env, "bot15", dir.path()).await;
    let alice = Human::login(&env, "alice").await;
    let room = room_with_bot(&alice, &bot.id, false).await;
    let room_id = room.room_id().to_string();
    let place = Place {
        platform: "matrix".into(),
        scope: room_id.clone(),
        channel: room_id,
        locale: None,
    };
    let bob = env.user("bob");
    let id = crate::analysis::finished_game_in(
        &mut bot.store(),
        &place,
        [alice.id.as_str(), bob.as_str()],
        ["alice", "bob"],
    );
    alice.say(&room, &format!("!jungle analyze {id}")).await;
    alice
        .notice_with(
            &room,
            &bot.id,
            &format!("Analysing game #{id} (2 half-moves)"),
        )
        .await;
    let summary = alice
        .notice_with(&room, &bot.id, &format!("Game #{id} analysed"))
        .await;
    assert!(
        summary
            .body()
            .contains("turning point move 1: A9 A8 (D2 D1 was better)"),
        "{}",
        summary.body()
    );
    let graph = alice.next_from(&room, &bot.id).await;
    let image = graph.image().expect("the graph follows the summary");
    assert!(
        image.body.starts_with("Evaluation graph of game"),
        "{}",
        image.body
    );
    let (w, h, _) = decode_png(&alice.download(image).await);
    assert_eq!((w, h), (640, 260));
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_set_to_traditional_chinese() {
    let env = synapse_or_skip!();
    harness::init_logs();
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&env, "bot16", dir.path()).await;
    let alice = Human::login(&env, "alice").await;
    // Alice made the room: power level 100, a moderator here.
    let room = room_with_bot(&alice, &bot.id, false).await;
    alice.say(&room, "!jungle lang zh-TW").await;
    alice
        .notice_with(&room, &bot.id, "沒問題，之後我在這裡都會使用繁體中文。")
        .await;
    assert_eq!(
        bot.store()
            .language("matrix", room.room_id().as_str())
            .unwrap(),
        Some("zh-TW".to_string())
    );
    alice.say(&room, "!jungle play bot easy jade").await;
    alice
        .notice_with(
            &room,
            &bot.id,
            "對局 #1 開始：你是綠方，對手是 鬥獸棋機器人 第 2 級·簡單，由你先下。",
        )
        .await;
    // The board follows, described in Traditional Chinese.
    let board = alice.next_from(&room, &bot.id).await;
    let image = board.image().expect("the board image");
    assert!(
        image.body.starts_with("對局 #1，alice（綠方）"),
        "{}",
        image.body
    );
    // The illegal move's reason, in Traditional Chinese.
    alice.say(&room, "A7 A5").await;
    alice.notice_with(&room, &bot.id, "A7 的象走不到 A5").await;
    alice.say(&room, "!jungle 認輸").await;
    alice
        .notice_with(
            &room,
            &bot.id,
            "alice 認輸了。鬥獸棋機器人 第 2 級·簡單（紅方）拿下對局 #1。",
        )
        .await;
    // Bob joins at power level 0: he is told in the room's language who may choose it, and the
    // room keeps Traditional Chinese.
    let bob = Human::login(&env, "bob").await;
    room.invite_user_by_id(&bob.id).await.unwrap();
    bob.client.join_room_by_id(room.room_id()).await.unwrap();
    alice
        .wait_membership(&room, &bob.id, MembershipState::Join)
        .await;
    let bob_room = bob.client.get_room(room.room_id()).unwrap();
    bob.say(&bob_room, "!jungle lang en").await;
    bob.notice_with(
        &bob_room,
        &bot.id,
        "只有聊天室的管理員（權限等級 50 以上）可以設定語言。",
    )
    .await;
    assert_eq!(
        bot.store()
            .language("matrix", room.room_id().as_str())
            .unwrap(),
        Some("zh-TW".to_string())
    );
    bob.say(&bob_room, "!jungle lang").await;
    bob.notice_with(&bob_room, &bot.id, "我在這裡使用繁體中文。")
        .await;
    bot.stop().await;
}
