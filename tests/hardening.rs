//! What an attacker or a fault could try: commands from another channel, forged buttons, user
//! text that looks like markup, floods, two processes on one database file.

use std::sync::Arc;

use jungle::chat::{
    Core, Event, Input, Limits, ManualClock, Place, Reply, Service, Settings, User,
};
use jungle::store::Store;

const NOW: i64 = 1_800_000_000;

fn place(channel: &str) -> Place {
    Place {
        platform: "test".into(),
        scope: "guild".into(),
        channel: channel.into(),
        locale: None,
    }
}

fn say(core: &mut Core, channel: &str, who: &str, input: Input) -> Vec<Reply> {
    let mentions = match &input {
        Input::Text(t) => t
            .split_whitespace()
            .filter_map(|w| w.strip_prefix('@'))
            .map(|w| User::new(w, w))
            .collect(),
        _ => Vec::new(),
    };
    let ev = Event {
        place: place(channel),
        sender: User::new(who, who),
        input,
        mentions,
    };
    core.handle(&ev, NOW).replies
}

fn text(core: &mut Core, channel: &str, who: &str, line: &str) -> Vec<Reply> {
    say(core, channel, who, Input::Text(line.into()))
}

fn core() -> Core {
    Core::new(Store::open_in_memory().unwrap(), Settings::default())
}

#[test]
fn a_challenge_is_answered_only_in_its_channel() {
    let mut c = core();
    let r = text(&mut c, "lobby", "alice", "!jungle challenge");
    assert!(r[0].text.contains("is looking for a game"), "{r:?}");
    let r = text(&mut c, "private", "bob", "!jungle accept 1");
    assert!(r[0].private);
    assert_eq!(r[0].text, "There is no challenge #1 in this channel.");
    let r = say(&mut c, "private", "bob", Input::Button("accept:1".into()));
    assert_eq!(r[0].text, "There is no challenge #1 in this channel.");
    assert!(
        c.store()
            .active_games("test", "private")
            .unwrap()
            .is_empty()
    );
    // Still open where it was posted.
    let r = text(&mut c, "lobby", "bob", "!jungle accept 1");
    assert!(r[0].text.starts_with("Game #1 starts"), "{r:?}");
    assert_eq!(c.store().active_games("test", "lobby").unwrap().len(), 1);
}

#[test]
fn a_games_details_stay_in_its_channel() {
    let mut c = core();
    text(&mut c, "dm", "alice", "!jungle play bot easy jade");
    text(&mut c, "dm", "alice", "G7 G6");
    let r = text(&mut c, "public", "mallory", "!jungle export 1");
    assert_eq!(r[0].text, "There is no game #1 in this channel.");
    let r = text(&mut c, "public", "alice", "!jungle export 1");
    assert_eq!(
        r[0].text, "There is no game #1 in this channel.",
        "not even for a player"
    );
    let r = text(&mut c, "public", "mallory", "!jungle history @alice");
    assert_eq!(r[0].text, "alice has not played in this channel yet.");
    let r = text(&mut c, "dm", "alice", "!jungle export 1");
    assert!(r[0].text.contains("Moves: 1. G7 G6"), "{r:?}");
    let r = text(&mut c, "dm", "alice", "!jungle history");
    assert!(
        r[0].text
            .starts_with("Recent games of alice in this channel:\n#1"),
        "{r:?}"
    );
}

#[test]
fn forged_and_stale_buttons_change_nothing() {
    let mut c = core();
    text(&mut c, "chan", "alice", "!jungle challenge @bob jade");
    text(&mut c, "chan", "bob", "!jungle accept");
    for id in ["x", "resign:", "resign:abc", "explode:1", "resign:-3", ""] {
        let r = say(&mut c, "chan", "alice", Input::Button(id.into()));
        assert_eq!(r.len(), 1);
        assert!(r[0].private);
        assert_eq!(r[0].text, "This button is no longer active.");
        assert!(r[0].retired_buttons.is_empty(), "{id}: {r:?}");
    }
    // A game that is over: its own buttons are retired, never those of the live game.
    text(&mut c, "other", "alice", "!jungle play bot easy jade");
    say(&mut c, "other", "alice", Input::Button("resign:2".into()));
    let r = say(&mut c, "chan", "alice", Input::Button("resign:2".into()));
    assert!(r[0].private, "{r:?}");
    assert!(
        !r[0].retired_buttons.iter().any(|b| b.ends_with(":1")),
        "{r:?}"
    );
    let g = c.store().game(1).unwrap().unwrap();
    assert_eq!(g.status, jungle::store::GameStatus::Active);
}

/// No reply shows user text outside a code span: no masked link, no mention, no bold.
fn no_markup_from(reply: &str, dangerous: &str) {
    let outside: String = reply
        .split('`')
        .enumerate()
        .filter(|(i, _)| i % 2 == 0)
        .map(|(_, s)| s)
        .collect();
    assert!(!outside.contains(dangerous), "{reply}");
}

#[test]
fn user_text_is_never_echoed_as_markup() {
    let mut c = core();
    let r = text(
        &mut c,
        "chan",
        "eve",
        "!jungle [Claim your prize](https://evil.example/login)",
    );
    assert_eq!(
        r[0].text,
        "I don't know the command `[Claim`. Try `!jungle help`."
    );
    let r = text(&mut c, "chan", "eve", "!jungle play bot **loud**");
    no_markup_from(&r[0].text, "**");
    let r = text(&mut c, "chan", "eve", "!jungle moves `x`[a](b)");
    no_markup_from(&r[0].text, "](");
    let r = text(
        &mut c,
        "chan",
        "eve",
        "!jungle rating [who](https://evil.example)",
    );
    no_markup_from(&r[0].text, "](");
    // A display name made of markup loses it.
    let ev = Event {
        place: place("chan"),
        sender: User::new("mallory", "[Free](https://evil.example) **now**"),
        input: Input::Text("!jungle challenge".into()),
        mentions: Vec::new(),
    };
    let r = c.handle(&ev, NOW).replies;
    assert!(!r[0].text.contains("]("), "{r:?}");
    assert!(!r[0].text.contains("**now"), "{r:?}");
    assert!(r[0].text.starts_with("Free"), "{r:?}");
}

#[test]
fn a_flood_gets_one_answer_then_silence_until_the_window_passes() {
    let settings = Settings {
        limits: Limits {
            commands: 5,
            window_secs: 60,
            games_per_hour: 2,
        },
        ..Settings::default()
    };
    let core = Core::new(Store::open_in_memory().unwrap(), settings);
    let at = |t: i64, who: &str, line: &str| {
        let ev = Event {
            place: place("chan"),
            sender: User::new(who, who),
            input: Input::Text(line.into()),
            mentions: Vec::new(),
        };
        core.handle(&ev, t).replies
    };
    for i in 0..5 {
        assert_eq!(at(NOW + i, "flo", "!jungle rules").len(), 1);
    }
    let r = at(NOW + 5, "flo", "!jungle rules");
    assert!(
        r[0].private && r[0].text.contains("faster than I can answer"),
        "{r:?}"
    );
    assert!(at(NOW + 6, "flo", "!jungle rules").is_empty());
    assert_eq!(
        at(NOW + 7, "other", "!jungle rules").len(),
        1,
        "others go on"
    );
    assert!(at(NOW + 59, "flo", "!jungle help").is_empty());
    assert_eq!(
        at(NOW + 60, "flo", "!jungle rules").len(),
        1,
        "a new window"
    );
    // Games per hour: two bot games started and resigned, the third is refused once.
    for t in [NOW + 100, NOW + 200] {
        assert!(
            at(t, "gus", "!jungle play bot easy jade")[0]
                .text
                .contains("starts")
        );
        at(t + 1, "gus", "!jungle resign");
    }
    let r = at(NOW + 300, "gus", "!jungle play bot easy jade");
    assert!(r[0].text.contains("a lot of games"), "{r:?}");
    assert!(at(NOW + 301, "gus", "!jungle play bot easy jade").is_empty());
    assert!(
        at(NOW + 3700, "gus", "!jungle play bot easy jade")[0]
            .text
            .contains("starts")
    );
}

#[test]
fn the_store_commits_moves_with_full_durability() {
    let dir = tempfile::tempdir().unwrap();
    let s = Store::open(&dir.path().join("j.db")).unwrap();
    assert_eq!(s.synchronous().unwrap(), 2, "PRAGMA synchronous = FULL");
}

#[test]
fn two_processes_on_a_new_database_start_one_game() {
    for round in 0..8 {
        let ch = crate::console::Channel::new();
        // Both processes create the schema and start the same player's bot game at once (each
        // run asserts its process succeeded).
        let script = "alice: !jungle play bot easy crimson\n";
        let runs: Vec<String> = std::thread::scope(|s| {
            let runs = [s.spawn(|| ch.run(script)), s.spawn(|| ch.run(script))];
            runs.map(|r| r.join().unwrap()).to_vec()
        });
        let started = runs.iter().filter(|r| r.contains("starts")).count();
        let refused = runs
            .iter()
            .filter(|r| r.contains("You already have a game in this channel"))
            .count();
        assert_eq!((started, refused), (1, 1), "round {round}: {runs:?}");
        let s = ch.store();
        assert_eq!(s.active_games("console", "console").unwrap().len(), 1);
        assert_eq!(s.schema_version().unwrap(), jungle::store::latest_version());
    }
}

#[test]
fn ratings_change_relative_to_what_is_stored_when_games_end_together() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("j.db");
    // Alice is one move from the den in two games against two people, in two channels.
    {
        let s = Store::open(&db).unwrap();
        let a = s.upsert_player("test", "alice", "alice", 0).unwrap();
        let start = "l6/3C3/7/7/7/7/7/7/6L j 0 1".parse().unwrap();
        for (channel, foe) in [("one", "bob"), ("two", "carol")] {
            let f = s.upsert_player("test", foe, foe, 0).unwrap();
            s.create_game(&jungle::store::NewGame {
                platform: "test",
                scope: "guild",
                channel,
                jade_id: Some(a.id),
                crimson_id: Some(f.id),
                bot_level: None,
                position: &start,
                rated: true,
                time_control: jungle::engine::TimeControl::DEFAULT,
                now: NOW,
            })
            .unwrap();
        }
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        // Two services, two connections: as two processes would.
        let service = || {
            Service::new(
                Store::open(&db).unwrap(),
                Settings::default(),
                Arc::new(ManualClock::new(NOW)),
            )
        };
        let (s1, s2) = (service(), service());
        let ev = |channel: &str| Event {
            place: place(channel),
            sender: User::new("alice", "alice"),
            input: Input::Text("D2 D1".into()),
            mentions: Vec::new(),
        };
        let (r1, r2) = tokio::join!(s1.handle(ev("one")), s2.handle(ev("two")));
        assert!(r1[0].text.contains("wins game"), "{r1:?}");
        assert!(r2[0].text.contains("wins game"), "{r2:?}");
    });
    let s = Store::open(&db).unwrap();
    let alice = s.find_player("test", "alice").unwrap().unwrap();
    let bob = s.find_player("test", "bob").unwrap().unwrap();
    let carol = s.find_player("test", "carol").unwrap().unwrap();
    assert_eq!(alice.rated_games, 2);
    // Both wins count: what alice gained is what the two others lost.
    assert_eq!(
        alice.rating - 1200,
        (1200 - bob.rating) + (1200 - carol.rating)
    );
    assert!(alice.rating > 1200 + 30, "{}", alice.rating);
}
