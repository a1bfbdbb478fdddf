//! Transcript tests: the whole command layer driven through `jungle console` against a real
//! database, one process per "run" (so a second run is a restart). Each transcript runs on
//! SQLite and, when the run has a server, on PostgreSQL.

use std::ffi::OsStr;

use jungle::store::{Location, NewGame, Store};

use crate::common::backends::{Backend, backends};

pub struct Channel {
    dir: tempfile::TempDir,
    db: Location,
}

impl Channel {
    /// A channel on a new SQLite file.
    pub fn new() -> Channel {
        Channel::on(&Backend::Sqlite)
    }

    /// A channel on a new database of `backend`.
    pub fn on(backend: &Backend) -> Channel {
        let dir = tempfile::tempdir().unwrap();
        let db = backend.fresh(dir.path());
        Channel { dir, db }
    }

    /// The `--db` argument: a path or a URL.
    pub fn db(&self) -> String {
        match &self.db {
            Location::File(path) => path.display().to_string(),
            Location::Postgres(url) => url.expose().to_string(),
        }
    }

    /// Runs one console process over `script` (one `name: text` per line) and returns stdout.
    pub fn run(&self, script: &str) -> String {
        self.run_with(script, &[])
    }

    fn run_with(&self, script: &str, extra: &[&str]) -> String {
        self.run_bytes(script.as_bytes(), extra)
    }

    /// Runs one console process over `script` with its logs on (`RUST_LOG=filter`) and
    /// returns stdout and stderr.
    pub fn run_logged(&self, script: &str, filter: &str) -> (String, String) {
        let out = self.output(script.as_bytes(), &[], &[("RUST_LOG", filter)]);
        (
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    }

    /// Runs one console process over `script`, which need not be text.
    fn run_bytes(&self, script: &[u8], extra: &[&str]) -> String {
        String::from_utf8(self.output(script, extra, &[]).stdout).unwrap()
    }

    /// Runs one console process and checks that it succeeded.
    fn output(&self, script: &[u8], extra: &[&str], env: &[(&str, &str)]) -> std::process::Output {
        let (db, images) = (self.db(), self.dir.path().join("boards"));
        let mut args: Vec<&OsStr> = ["console", "--test-clock", "--db"]
            .into_iter()
            .map(OsStr::new)
            .collect();
        args.extend([OsStr::new(&db), OsStr::new("--images"), images.as_os_str()]);
        args.extend(extra.iter().map(OsStr::new));
        crate::common::jungle_with_input(&args, script, env)
    }

    /// Creates a game from a custom position straight in the store (to reach endings quickly).
    pub fn game_at(&self, position: &str, jade: &str, crimson: &str) -> i64 {
        let s = Store::connect(&self.db).unwrap();
        let j = s.upsert_player("console", jade, jade, 0).unwrap();
        let c = s.upsert_player("console", crimson, crimson, 0).unwrap();
        s.create_game(&NewGame {
            platform: "console",
            scope: "console",
            channel: "console",
            jade_id: Some(j.id),
            crimson_id: Some(c.id),
            bot_level: None,
            position: &position.parse().unwrap(),
            rated: true,
            time_control: jungle::engine::TimeControl::DEFAULT,
            now: 1_800_000_000,
        })
        .unwrap()
        .id
    }

    pub fn store(&self) -> Store {
        Store::connect(&self.db).unwrap()
    }
}

fn moves(texts: &[&str]) -> Vec<jungle::Move> {
    texts.iter().map(|t| t.parse().unwrap()).collect()
}

fn has(out: &str, needle: &str) {
    assert!(out.contains(needle), "expected {needle:?} in:\n{out}");
}

fn lacks(out: &str, needle: &str) {
    assert!(
        !out.contains(needle),
        "did not expect {needle:?} in:\n{out}"
    );
}

#[test]
fn challenge_accept_and_play() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        let out = ch.run(
            "alice: !jungle challenge @bob jade\n\
             bob: !jungle accept\n\
             alice: G7 G6\n\
             bob: a3a4\n\
             alice: !jungle move A7 A6\n\
             !jungle games\n",
        );
        has(
            &out,
            "@bob alice challenges you to a game of Jungle (alice plays Jade and moves first; 1 day per move). To answer, `!jungle accept` or `!jungle decline` within 15 minutes.",
        );
        has(
            &out,
            "@alice Game #1 starts: you play Jade against bob and move first.",
        );
        has(&out, "@bob alice played G7 G6. Your move (Crimson).");
        has(&out, "@alice bob played A3 A4. Your move (Jade).");
        has(&out, "alice played A7 A6");
        has(
            &out,
            "#1: alice as Jade vs bob as Crimson, 1 day per move, move 2, bob to move",
        );
        let g = ch.store().game(1).unwrap().unwrap();
        assert_eq!(g.moves, moves(&["G7 G6", "A3 A4", "A7 A6"]));
        assert_eq!(g.ply, 3);
    }
}

#[test]
fn decline_cancel_and_expiry() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        let out = ch.run(
            "alice: !jungle challenge @bob\n\
             bob: !jungle decline\n\
             alice: !jungle challenge @bob\n\
             alice: !jungle challenge @carol\n\
             alice: !jungle cancel\n\
             bob: !jungle accept\n\
             alice: !jungle challenge @bob crimson\n\
             /advance 16m\n\
             /tick\n\
             bob: !jungle accept\n",
        );
        has(&out, "@alice bob declined your challenge.");
        has(&out, "You already have a challenge open here (#2)");
        has(&out, "alice withdrew their challenge.");
        has(&out, "There is no challenge for you in this channel.");
        has(&out, "alice's challenge to bob has expired.");
        assert_eq!(
            out.matches("There is no challenge for you in this channel.")
                .count(),
            2,
            "{out}"
        );
        assert!(
            ch.store()
                .active_games("console", "console")
                .unwrap()
                .is_empty()
        );
    }
}

#[test]
fn open_challenges_are_for_anyone_but_the_challenger() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        let out = ch.run(
            "alice: !jungle challenge\n\
             alice: !jungle accept\n\
             bob: !jungle decline\n\
             carol: !jungle accept\n\
             bob: !jungle accept\n",
        );
        has(&out, "alice is looking for a game of Jungle");
        has(&out, "There is no challenge for you in this channel.");
        has(&out, "An open challenge cannot be declined");
        has(&out, "Game #1 starts");
        has(&out, "carol");
        let g = ch.store().game(1).unwrap().unwrap();
        let ids = [g.jade_id.unwrap(), g.crimson_id.unwrap()];
        let carol = ch.store().find_player("console", "carol").unwrap().unwrap();
        assert!(ids.contains(&carol.id));
    }
}

#[test]
fn permission_refusals() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        let out = ch.run(
            "alice: !jungle challenge @bob jade\n\
             mallory: !jungle accept 1\n\
             mallory: !jungle accept alice\n\
             bob: !jungle accept\n\
             mallory: !jungle move G7 G6\n\
             mallory: G7 G6\n\
             mallory: !jungle resign\n\
             mallory: !jungle draw\n\
             bob: !jungle move G7 G6\n\
             alice: !jungle challenge @alice\n",
        );
        has(&out, "This challenge is for bob, not you.");
        has(&out, "There is no challenge for you in this channel.");
        // Strangers to the game: a command is refused, a bare move is ignored silently.
        assert_eq!(
            out.matches("You have no game in this channel.").count(),
            3,
            "{out}"
        );
        has(&out, "It is not your turn: alice (Jade) is to move.");
        has(&out, "You cannot challenge yourself.");
        let g = ch.store().game(1).unwrap().unwrap();
        assert_eq!(g.ply, 0);
    }
}

#[test]
fn a_stranger_cannot_accept_by_button() {
    // Buttons come from Discord; here the command form of a button id is checked through the library.
    let ch = Channel::new();
    ch.run("alice: !jungle challenge @bob\n");
    let store = ch.store();
    let c = store
        .open_challenges("console", "console", 1_800_000_000)
        .unwrap();
    assert_eq!(c.len(), 1);
    let core = jungle::chat::Core::new(store, jungle::chat::Settings::default());
    let ev = |who: &str| jungle::chat::Event {
        place: jungle::chat::Place {
            platform: "console".into(),
            scope: "console".into(),
            channel: "console".into(),
            locale: None,
        },
        sender: jungle::chat::User::new(who, who),
        input: jungle::chat::Input::Button(format!("accept:{}", c[0].id)),
        mentions: vec![],
    };
    let refused = core.handle(&ev("mallory"), 1_800_000_001);
    assert!(refused.replies[0].private);
    assert_eq!(
        refused.replies[0].text,
        "This challenge is for bob, not you."
    );
    let accepted = core.handle(&ev("bob"), 1_800_000_002);
    assert!(
        accepted.replies[0].text.starts_with("Game #1 starts"),
        "{:?}",
        accepted.replies
    );
    assert_eq!(
        accepted.replies[0].retired_buttons,
        vec![
            format!("accept:{}", c[0].id),
            format!("decline:{}", c[0].id)
        ]
    );
}

#[test]
fn illegal_moves_get_specific_reasons_and_change_nothing() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        let out = ch.run(
            "alice: !jungle challenge @bob jade\n\
             bob: !jungle accept\n\
             alice: C7 C6\n\
             alice: A7 A5\n\
             alice: D5 D4\n\
             alice: !jungle move A3 A4\n\
             alice: !jungle move A7 A9\n\
             alice: !jungle move banana\n\
             alice: hello there\n\
             bob: A3 A4\n",
        );
        has(&out, "C6 is water: only the rat can swim, not the wolf.");
        has(&out, "The elephant on A7 cannot reach A5");
        has(&out, "There is no piece on D5.");
        has(&out, "The rat on A3 is Crimson's; it is Jade's turn.");
        has(&out, "`banana` is not a move");
        has(&out, "It is not your turn: alice (Jade) is to move.");
        lacks(&out, "hello");
        assert_eq!(ch.store().game(1).unwrap().unwrap().ply, 0);
    }
}

#[test]
fn the_elephant_cannot_capture_the_rat() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        ch.game_at("7/7/7/7/7/3r3/3E3/7/L6 j 0 1", "alice", "bob");
        let out = ch.run("alice: D7 D6\n");
        has(&out, "The elephant cannot capture the rat");
    }
}

#[test]
fn two_games_in_one_channel_route_by_sender() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        let out = ch.run(
            "alice: !jungle challenge @bob jade\n\
             bob: !jungle accept\n\
             carol: !jungle challenge @dave jade\n\
             dave: !jungle accept\n\
             carol: G7 G6\n\
             alice: A7 A6\n\
             dave: A3 A4\n\
             bob: G3 G4\n\
             !jungle games\n",
        );
        has(
            &out,
            "@carol Game #2 starts: you play Jade against dave and move first.",
        );
        let s = ch.store();
        let moves = |id| -> Vec<String> {
            let g = s.game(id).unwrap().unwrap();
            g.moves.iter().map(ToString::to_string).collect()
        };
        assert_eq!(moves(1), ["A7 A6", "G3 G4"]);
        assert_eq!(moves(2), ["G7 G6", "A3 A4"]);
        has(&out, "Games in this channel (2)");
    }
}

#[test]
fn win_by_den_with_rating_changes() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        ch.game_at("l6/3C3/7/7/7/7/7/7/6L j 0 1", "alice", "bob");
        let out = ch.run("alice: D2 D1\nalice: !jungle rating\nbob: !jungle rating\n");
        has(
            &out,
            "alice wins game #1 as Jade by entering the den. Ratings: alice 1200 → 1220 (+20), bob 1200 → 1180 (-20).",
        );
        has(
            &out,
            "alice: rating 1220 (provisional), 1 rated game: 1 won, 0 drawn, 0 lost. Rank #1 here, #1 overall.",
        );
        has(
            &out,
            "bob: rating 1180 (provisional), 1 rated game: 0 won, 0 drawn, 1 lost. Rank #2 here",
        );
        let g = ch.store().game(1).unwrap().unwrap();
        assert_eq!(
            g.outcome,
            Some(jungle::engine::Outcome::Win {
                winner: jungle::engine::Side::Jade,
                reason: jungle::engine::WinReason::Den
            })
        );
    }
}

#[test]
fn win_by_capturing_everything() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        ch.game_at("7/7/7/3d3/3L3/7/7/7/6T j 0 1", "alice", "bob");
        let out = ch.run("alice: D5 D4\n");
        has(
            &out,
            "alice wins game #1 as Jade by capturing every animal.",
        );
    }
}

#[test]
fn win_when_the_opponent_cannot_move() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        ch.game_at("r1C4/D6/7/7/7/7/7/7/6L j 0 1", "alice", "bob");
        let out = ch.run("alice: C1 B1\n");
        has(
            &out,
            "alice wins game #1 as Jade: Crimson has no legal move.",
        );
    }
}

#[test]
fn draw_after_100_half_moves_without_capture() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        ch.game_at("l6/7/7/7/7/7/7/7/6L j 99 50", "alice", "bob");
        let out = ch.run("alice: G9 G8\n");
        has(
            &out,
            "Game #1 is drawn: 100 half-moves without a capture. Ratings: alice 1200 → 1200 (+0), bob 1200 → 1200 (+0).",
        );
    }
}

#[test]
fn resignation_and_agreed_draw() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        let out = ch.run(
            "alice: !jungle challenge @bob jade\n\
             bob: !jungle accept\n\
             alice: G7 G6\n\
             alice: !jungle draw\n\
             bob: A3 A4\n\
             bob: !jungle draw\n\
             bob: !jungle draw\n\
             alice: !jungle draw\n\
             alice: !jungle challenge @bob\n\
             bob: !jungle accept\n\
             bob: !jungle resign\n",
        );
        has(&out, "alice offers a draw in game #1");
        // The offer lapsed with bob's move, so bob's draw is a new offer, which alice accepts.
        has(&out, "bob offers a draw in game #1");
        has(&out, "You have already offered a draw");
        has(
            &out,
            "alice accepted the draw. Game #1 is drawn by agreement.",
        );
        has(&out, "bob resigned. alice wins game #2 as ");
    }
}

#[test]
fn time_out_and_abort() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        let out = ch.run(
            "alice: !jungle challenge @bob jade\n\
             bob: !jungle accept\n\
             /advance 25h\n\
             /tick\n\
             alice: !jungle challenge @bob jade\n\
             bob: !jungle accept\n\
             alice: G7 G6\n\
             bob: A3 A4\n\
             /advance 23h\n\
             /tick\n\
             alice: A7 A6\n\
             /advance 25h\n\
             /tick\n",
        );
        has(
            &out,
            "Game #1 is aborted: alice ran out of time (1 day per move) before both sides had moved. It is not rated.",
        );
        has(
            &out,
            "@alice @bob bob ran out of time (1 day per move). alice wins game #2 as Jade.",
        );
        has(&out, "alice 1200 → 1220 (+20), bob 1200 → 1180 (-20)");
        let s = ch.store();
        assert_eq!(
            s.game(1).unwrap().unwrap().status,
            jungle::store::GameStatus::Aborted
        );
        assert_eq!(
            s.find_player("console", "alice")
                .unwrap()
                .unwrap()
                .rated_games,
            1
        );
    }
}

#[test]
fn leaderboards_per_scope_and_global() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        // A game in another scope (server) first, straight in the store.
        {
            let s = ch.store();
            let z = s.upsert_player("console", "zed", "zed", 0).unwrap();
            let y = s.upsert_player("console", "yan", "yan", 0).unwrap();
            let g = s
                .create_game(&NewGame {
                    platform: "console",
                    scope: "elsewhere",
                    channel: "other",
                    jade_id: Some(z.id),
                    crimson_id: Some(y.id),
                    bot_level: None,
                    position: &"l6/3C3/7/7/7/7/7/7/6L j 0 1".parse().unwrap(),
                    rated: true,
                    time_control: jungle::engine::TimeControl::DEFAULT,
                    now: 0,
                })
                .unwrap();
            let fin = jungle::store::Finish {
                outcome: Some(jungle::engine::Outcome::Win {
                    winner: jungle::engine::Side::Jade,
                    reason: jungle::engine::WinReason::Den,
                }),
                changes: vec![
                    jungle::store::RatingChange {
                        player_id: z.id,
                        before: 1200,
                        after: 1300,
                        score: 1.0,
                    },
                    jungle::store::RatingChange {
                        player_id: y.id,
                        before: 1200,
                        after: 1100,
                        score: 0.0,
                    },
                ],
            };
            assert!(
                s.commit_move(
                    g.id,
                    0,
                    &jungle::store::Step::play(&g.position, "D2 D1".parse().unwrap()),
                    1,
                    Some(&fin)
                )
                .unwrap()
            );
        }
        ch.game_at("l6/3C3/7/7/7/7/7/7/6L j 0 1", "alice", "bob");
        let out = ch.run("alice: D2 D1\n!jungle top\n!jungle top global\nzed: !jungle rating\n");
        let here = out
            .split("Leaderboard here:")
            .nth(1)
            .unwrap()
            .split("Leaderboard, everyone")
            .next()
            .unwrap();
        assert!(
            here.contains("1. alice 1220") && here.contains("2. bob 1180"),
            "{here}"
        );
        assert!(!here.contains("zed"), "{here}");
        let everyone = out.split("Leaderboard, everyone:").nth(1).unwrap();
        assert!(
            everyone.contains("1. zed 1300") && everyone.contains("2. alice 1220"),
            "{everyone}"
        );
        assert!(everyone.contains("4. yan 1100"), "{everyone}");
        has(
            &out,
            "zed: rating 1300 (provisional), 1 rated game: 1 won, 0 drawn, 0 lost. Rank #1 overall; no rated games here yet.",
        );
    }
}

#[test]
fn restart_resumes_the_game() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        let first = ch.run(
            "alice: !jungle challenge @bob jade\n\
             bob: !jungle accept\n\
             alice: G7 G6\n",
        );
        has(&first, "alice played G7 G6");
        // A new process on the same file: the game goes on where it stood.
        let second = ch.run("bob: A3 A4\nalice: !jungle board\nalice: !jungle resign\n");
        has(&second, "@alice bob played A3 A4. Your move (Jade).");
        has(
            &second,
            "Game #1: alice as Jade vs bob as Crimson. Move 2: alice to move.",
        );
        has(&second, "@bob alice resigned. bob wins game #1 as Crimson.");
        let g = ch.store().game(1).unwrap().unwrap();
        assert_eq!(g.moves, moves(&["G7 G6", "A3 A4"]));
    }
}

#[test]
fn bot_games_answer_each_move_and_survive_restarts() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        let out = ch.run("you: !jungle play bot easy jade\nyou: G7 G6\n");
        has(
            &out,
            "@you Game #1 starts: you play Jade against Jungle bot (level 2, easy) and move first.",
        );
        has(&out, "Jungle bot (level 2, easy) played");
        let g = ch.store().game(1).unwrap().unwrap();
        assert_eq!(g.ply, 2, "the bot answered");
        // The bot moves first as Jade; its owed move is picked up again after a restart.
        let out = ch.run("carol: !jungle play bot medium crimson\n");
        has(
            &out,
            "against Jungle bot (level 4, medium), which moves first.",
        );
        let g2 = ch.store().game(2).unwrap().unwrap();
        assert_eq!(g2.ply, 1);
        assert!(g2.jade_id.is_none() && g2.crimson_id.is_some());
        // Losing to the bot moves only the human's rating, by the level's rating.
        let out = ch.run("carol: !jungle resign\ncarol: !jungle rating\n");
        let medium = jungle::chat::BOT_RATINGS[jungle::ai::Level::MEDIUM.index()];
        let lost = -jungle::rating::delta(1200, medium, 0.0, 0);
        has(&out, &format!("carol 1200 → {} (-{lost})", 1200 - lost));
        // Any of the eight levels by number, the old names still understood.
        let out = ch.run("dave: !jungle play bot 7 jade\ndave: G7 G6\n");
        has(
            &out,
            "you play Jade against Jungle bot (level 7) and move first.",
        );
        has(&out, "Jungle bot (level 7) played");
        let g3 = ch.store().game(3).unwrap().unwrap();
        assert_eq!(g3.ply, 2, "level 7 answered");
        assert_eq!(g3.bot_level, jungle::ai::Level::new(7));
    }
}

#[test]
fn history_and_export() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        let out = ch.run(
            "alice: !jungle challenge @bob jade\n\
             bob: !jungle accept\n\
             alice: G7 G6\n\
             bob: A3 A4\n\
             alice: !jungle resign\n\
             bob: !jungle history alice\n\
             !jungle export 1\n\
             !jungle export 9\n",
        );
        has(&out, "Recent games of alice in this channel:");
        has(
            &out,
            "#1: alice as Jade vs bob as Crimson, 1 day per move, 2 moves, Crimson wins: Jade resigned (-20)",
        );
        has(&out, "Moves: 1. G7 G6, A3 A4");
        has(
            &out,
            "Position: l5t/1d3c1/2p1w1e/r6/7/6R/E1W1P2/1C3D1/T5L j 2 2",
        );
        has(&out, "There is no game #9 in this channel.");
    }
}

#[test]
fn help_rules_and_unknown_commands() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        let out = ch.run(
            "!jungle help\n!jungle rules\n!jungle dance\n!jungle play bot insane\n!junglefoo\n",
        );
        has(&out, "challenge [@user] [jade|crimson|random]");
        has(&out, "Only the rat swims");
        has(
            &out,
            "I don't know the command `dance`. Try `!jungle help`.",
        );
        has(
            &out,
            "`insane` is not a level: say a number from 1 to 8, or easy, medium or hard",
        );
        assert_eq!(out.lines().filter(|l| l.contains("junglefoo")).count(), 0);
    }
}

#[test]
fn moves_and_board_commands() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        let out = ch.run_with(
            "alice: !jungle challenge @bob jade\nbob: !jungle accept\nalice: !jungle moves G7\nbob: !jungle moves Z9\nalice: !jungle board\n",
            &["--text-board"],
        );
        has(&out, "The Jade rat on G7 can go to G6, F7, G8.");
        has(&out, "`Z9` is not a square");
        has(&out, "    1  l . # * # . t 1");
    }
}

#[test]
fn a_press_on_a_dead_button_names_the_buttons_to_retire() {
    // Added with the Discord adapter, which takes such buttons off their message.
    let ch = Channel::new();
    ch.run(
        "alice: !jungle challenge @bob\n\
         alice: !jungle cancel\n\
         alice: !jungle challenge @bob jade\n\
         bob: !jungle accept\n",
    );
    let core = jungle::chat::Core::new(ch.store(), jungle::chat::Settings::default());
    let press = |who: &str, id: &str| {
        let ev = jungle::chat::Event {
            place: jungle::chat::Place {
                platform: "console".into(),
                scope: "console".into(),
                channel: "console".into(),
                locale: None,
            },
            sender: jungle::chat::User::new(who, who),
            input: jungle::chat::Input::Button(id.into()),
            mentions: vec![],
        };
        core.handle(&ev, 1_800_000_010).replies.remove(0)
    };
    let r = press("bob", "accept:1");
    assert!(r.private);
    assert_eq!(r.retired_buttons, ["accept:1", "decline:1"], "{}", r.text);
    // An id no button of ours carries changes nothing, not even the message it was on.
    let r = press("bob", "explode:1");
    assert_eq!(r.text, "This button is no longer active.");
    assert!(r.retired_buttons.is_empty(), "{r:?}");
    // A live button pressed by the wrong person retires nothing.
    let r = press("mallory", "resign:1");
    assert!(r.private);
    assert!(r.retired_buttons.is_empty(), "{r:?}");
    // Resign asks first; the confirmation's button resigns.
    let r = press("alice", "resign:1");
    assert!(r.private);
    assert!(r.retired_buttons.is_empty(), "{r:?}");
    let r = press("alice", "resign!:1");
    assert!(!r.private);
    let all = ["resign:1", "draw:1", "takeback:1", "resign!:1"];
    assert_eq!(r.retired_buttons, all);
    let r = press("bob", "draw:1");
    assert!(r.private);
    assert_eq!(r.text, "Game #1 is already over.");
    assert_eq!(r.retired_buttons, all);
}

#[test]
fn a_line_that_is_not_text_is_answered_and_the_session_goes_on() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        let mut script = b"alice: !jungle challenge @bob jade\n".to_vec();
        script.extend(b"bob: !jungle \xff\xfe accept\n");
        script.extend(b"bob: !jungle accept\n");
        let out = ch.run_bytes(&script, &[]);
        has(
            &out,
            "jungle: I could not read that line (it is not UTF-8 text).",
        );
        has(
            &out,
            "@alice Game #1 starts: you play Jade against bob and move first.",
        );
    }
}

#[test]
fn a_line_that_is_not_text_does_not_end_a_game_against_the_bot() {
    let dir = tempfile::tempdir().unwrap();
    let out = crate::common::jungle_play(
        &dir.path().join("jungle.db"),
        &["--level", "easy", "--side", "jade"],
        b"\xc3\x28\nG7 G6\nquit\n",
    );
    has(
        &out,
        "jungle: I could not read that line (it is not UTF-8 text).",
    );
    has(&out, "played G7 G6");
    has(&out, "Your game is saved");
}

#[test]
fn channel_lines_switch_the_channel() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        let out = ch.run(
            "alice: !jungle challenge @bob\n\
             /channel general\n\
             bob: !jungle accept\n\
             carol: !jungle challenge @dave\n\
             /channel\n\
             /channel console\n\
             bob: !jungle accept\n\
             dave: !jungle accept\n",
        );
        assert_eq!(
            out.matches("There is no challenge for you in this channel.")
                .count(),
            2,
            "{out}"
        );
        has(&out, "console: /channel needs one name");
        has(&out, "Game #1 starts");
        let store = ch.store();
        assert_eq!(store.active_games("console", "console").unwrap().len(), 1);
        assert!(store.active_games("console", "general").unwrap().is_empty());
        has(
            &ch.run("/channel general\ndave: !jungle accept\n"),
            "Game #2 starts",
        );
        let general = store.active_games("console", "general").unwrap();
        assert_eq!(general.len(), 1);
        assert_eq!(general[0].channel, "general");
    }
}

#[test]
fn takebacks_and_casual_games_in_a_transcript() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        let out = ch.run(
            "alice: !jungle challenge @bob jade casual\n\
             bob: !jungle accept\n\
             alice: G7 G6\n\
             bob: A3 A4\n\
             alice: !jungle takeback\n\
             bob: !jungle takeback\n\
             alice: A7 A6\n\
             bob: !jungle resign\n\
             alice: !jungle export 1\n\
             carol: !jungle play bot easy jade\n\
             carol: G7 G6\n\
             carol: !jungle takeback\n",
        );
        has(
            &out,
            "alice challenges you to a casual game of Jungle (alice plays Jade and moves first; 1 day per move)",
        );
        has(&out, "Game #1 (casual) starts");
        has(
            &out,
            "@bob alice asks to take back their last move in game #1: `!jungle takeback` to agree; any move declines.",
        );
        has(
            &out,
            "@alice Game #1: G7 G6 and A3 A4 are taken back. alice (Jade) to move.",
        );
        has(&out, "It was a casual game: ratings stay as they were.");
        has(
            &out,
            "Game #1: alice as Jade vs bob as Crimson (casual), 1 day per move.",
        );
        has(&out, "Moves: 1. A7 A6\n");
        has(&out, "Taken back: G7 G6, A3 A4 by Jade after half-move 2");
        has(
            &out,
            "Takebacks against me are only for casual games, and this one is rated.",
        );
        let s = ch.store();
        for who in ["alice", "bob"] {
            let p = s.find_player("console", who).unwrap().unwrap();
            assert_eq!((p.rating, p.rated_games), (1200, 0), "{who}");
        }
    }
}

#[test]
fn moderators_commands_on_the_console() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        let out = ch.run(
            "alice: !jungle challenge @bob jade\n\
             bob: !jungle accept\n\
             carol: !jungle admin settings\n\
             carol: !jungle admin abort 1\n\
             carol: !jungle admin abort 1\n\
             carol: !jungle admin channel maybe\n\
             carol: !jungle admin channel off\n\
             alice: !jungle play bot\n\
             alice: !jungle help\n\
             carol: !jungle admin channel off\n\
             carol: !jungle admin channel on\n\
             alice: !jungle admin\n",
        );
        // At the console anyone moderates, and the settings say so.
        lacks(&out, "power level");
        has(&out, "anyone");
        // `maybe` is not taken for a game number.
        lacks(&out, "not a game number");
        // The second `off` goes unanswered, like everything else while the channel is off.
        assert_eq!(
            out.matches("I will ignore this channel").count(),
            1,
            "{out}"
        );
        has(&out, "jungle: Settings here:");
        has(&out, "- This channel: on.");
        has(&out, "- Limits per user:");
        has(
            &out,
            "@alice @bob A moderator (carol) aborted game #1. It is not rated.",
        );
        has(&out, "Game #1 is already over.");
        has(
            &out,
            "I will ignore this channel until a moderator types `!jungle admin channel on`.",
        );
        lacks(&out, "commands, each after");
        has(&out, "I answer in this channel again.");
        has(
            &out,
            "Usage: `!jungle admin <abort|channel|settings|time|threads|season|bots> [game] [on] [5+3|3d] [month|quarter|off] [count]`",
        );
        let s = ch.store();
        assert!(s.channel_enabled("console", "console").unwrap());
        assert!(s.active_games("console", "console").unwrap().is_empty());
        assert!(!s.game(1).unwrap().unwrap().rated);
    }
}

#[test]
fn another_players_command_does_not_wait_for_the_bots_search() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        // Level 8 thinks for its whole time: a second here.
        let config = ch.dir.path().join("slow.toml");
        std::fs::write(&config, "[bot.level8]\nmovetime_ms = 1000\n").unwrap();
        let out = ch.run_with(
            "alice: !jungle play bot 8 jade\n\
             alice: G7 G6\n\
             bob: !jungle games\n\
             alice: !jungle board\n",
            &["--config", config.to_str().unwrap()],
        );
        let games = out.find("jungle: Games in this channel (1):").expect(&out);
        let answer = out.find("Jungle bot (level 8) played").expect(&out);
        let board = out.find("Move 2: alice to move.").expect(&out);
        assert!(
            games < answer,
            "bob's command is answered while the bot thinks:\n{out}"
        );
        assert!(
            answer < board,
            "alice's next line waits for the bot's answer to her move:\n{out}"
        );
    }
}

#[test]
fn the_player_to_move_is_reminded_once_before_losing_on_time() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        let out = ch.run(
            "alice: !jungle challenge @bob jade\n\
             bob: !jungle accept\n\
             alice: G7 G6\n\
             bob: A3 A4\n\
             /advance 22h\n\
             /tick\n\
             /advance 1h\n\
             /tick\n\
             /tick\n\
             alice: A7 A6\n\
             /advance 1410m\n\
             /tick\n\
             /advance 1h\n\
             /tick\n",
        );
        let reminders: Vec<&str> = out
            .lines()
            .filter(|l| l.contains("It is your move in game #1"))
            .collect();
        assert_eq!(
            reminders,
            [
                "jungle: @alice It is your move in game #1: move within 1 hour, or you lose on time.",
                "jungle: @bob It is your move in game #1: move within 30 minutes, or you lose on time.",
            ],
            "{out}"
        );
        has(
            &out,
            "@alice @bob bob ran out of time (1 day per move). alice wins game #1 as Jade.",
        );
    }
}

#[test]
fn notify_off_stops_turn_mentions_and_reminders_until_notify_on() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        let out = ch.run(
            "alice: !jungle challenge @bob jade\n\
             bob: !jungle accept\n\
             bob: !jungle notify off\n\
             bob: !jungle notify\n\
             alice: G7 G6\n\
             bob: A3 A4\n\
             alice: A7 A6\n\
             /advance 23h\n\
             /tick\n\
             bob: !jungle notify on\n\
             bob: B2 B3\n\
             alice: E7 D7\n",
        );
        let line = |part: &str| -> String {
            out.lines()
                .find(|l| l.contains(part))
                .unwrap_or_else(|| panic!("no line with {part:?} in:\n{out}"))
                .to_string()
        };
        has(
            &out,
            "I no longer mention you when it is your turn, nor remind you before a game ends on time. `!jungle notify on` turns this back on.",
        );
        assert_eq!(
            line("alice played G7 G6"),
            "jungle: alice played G7 G6. Your move (Crimson)."
        );
        assert_eq!(
            line("alice played A7 A6"),
            "jungle: alice played A7 A6. Your move (Crimson)."
        );
        assert!(!out.contains("It is your move in game #1"), "{out}");
        has(&out, "I mention you when it is your turn");
        // Alice was mentioned all along; bob is again once he says so.
        has(&out, "jungle: @alice bob played B2 B3.");
        has(&out, "jungle: @bob alice played E7 D7.");
    }
}
