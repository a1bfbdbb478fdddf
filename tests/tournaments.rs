//! Tournaments through the console, on each store backend with the test clock: a five-player
//! Arena from its announcement to its final standings (pairings, the streak's double points,
//! a no-show's forfeit, games that finish after the time is up), a five-player Swiss with its
//! byes, a player withdrawn after two no-shows and tie-breaks worked out by hand, and what is
//! refused on the way.

use crate::common::backends::backends;
use crate::console::Channel;

fn has(out: &str, needle: &str) {
    assert!(out.contains(needle), "expected {needle:?} in:\n{out}");
}

/// The lines after the first holding `title` that start with a rank.
fn ranked<'a>(out: &'a str, title: &str) -> Vec<&'a str> {
    out.lines()
        .skip_while(|l| !l.contains(title))
        .skip(1)
        .map(|l| l.trim_start_matches("jungle: "))
        .take_while(|l| l.chars().next().is_some_and(|c| c.is_ascii_digit()))
        .collect()
}

/// The players each tournament game's first board names, in order: (Jade, Crimson).
fn pairings(out: &str) -> Vec<(String, String)> {
    out.lines()
        .filter_map(|l| {
            let (_, rest) = l.split_once(": ")?.1.split_once(": ")?;
            let (jade, rest) = rest.split_once(" (Jade, moves first) against ")?;
            let (crimson, _) = rest.split_once(" (Crimson).")?;
            Some((jade.to_string(), crimson.to_string()))
        })
        .collect()
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

#[test]
fn an_arena_of_five_pairs_whoever_is_free_and_ends_with_its_standings() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        let out = ch.run(
            "alice: !jungle tournament arena 60m 1d\n\
             alice: !jungle tournament arena 2m 3+2\n\
             alice: !jungle tournament arena 30m 3+2 in 5m\n\
             alice: !jungle tournament swiss 5 rounds 1d\n\
             alice: !jungle join\n\
             alice: !jungle join\n\
             bob: !jungle join\n\
             carol: !jungle join\n\
             dave: !jungle join\n\
             erin: !jungle join\n\
             frank: !jungle join\n\
             frank: !jungle withdraw\n\
             frank: !jungle withdraw\n\
             !jungle tournament\n\
             /advance 5m\n\
             /tick\n\
             bob: !jungle resign\n\
             dave: !jungle resign\n\
             erin: !jungle resign\n\
             dave: !jungle resign\n\
             carol: !jungle resign\n\
             /advance 29m\n\
             /tick\n\
             /advance 2m\n\
             /tick\n\
             !jungle tournament\n\
             gina: !jungle join\n\
             alice: !jungle resign\n\
             dave: !jungle resign\n\
             /tick\n\
             !jungle tournament history\n\
             !jungle tournament export 1\n",
        );
        has(
            &out,
            "An Arena plays a live clock such as `3+2`: games must end while it runs.",
        );
        has(&out, "An Arena runs from 5 minutes to 1 day.");
        has(
            &out,
            "Arena #1 is announced: 30 minutes, 3 min + 2 s a move, rated. It begins in 5 minutes.",
        );
        has(
            &out,
            "Arena #1 is still on here: one tournament at a time (`!jungle tournament cancel` calls it off).",
        );
        has(
            &out,
            "You are already playing in Arena #1 (`!jungle withdraw` to leave).",
        );
        has(
            &out,
            "frank withdraws from Arena #1: no more games, and the results so far stay in the standings.",
        );
        has(
            &out,
            "You are not playing in Arena #1 (`!jungle join` to join).",
        );
        has(
            &out,
            "Arena #1 (30 minutes, 3 min + 2 s a move, rated): begins in 5 minutes; 5 players.",
        );
        // Pairings, each checked against the rules: close in points (then rating, then who
        // joined first), never last game's opponent when another is free, the odd one out
        // the one free for the shortest time (ties: the later to join).
        assert_eq!(
            pairings(&out),
            pairs(&[
                // All free at once on 0 points: erin, the last to join, waits.
                ("alice", "bob"),
                ("carol", "dave"),
                // bob resigned: alice, bob and erin are free, bob just played alice.
                ("erin", "alice"),
                // dave resigned: bob and carol have played neither each other nor lately.
                ("bob", "carol"),
                // erin resigned: alice (4 points) and dave are free; erin waits.
                ("dave", "alice"),
                // dave resigned: alice, dave, erin free. alice just played dave and erin's
                // last game was against alice: dave and erin play, alice waits.
                ("dave", "erin"),
                // dave never moved (a forfeit win for erin); carol resigned to bob: alice
                // and bob, carol and dave; erin waits.
                ("alice", "bob"),
                ("carol", "dave"),
            ])
        );
        has(
            &out,
            "Game #6 is aborted: dave ran out of time (3 min + 2 s a move) before both sides had moved.",
        );
        // Time is up while games 7 and 8 go on: no more pairings, nobody joins, and both
        // games count when they end.
        has(
            &out,
            "Arena #1 (30 minutes, 3 min + 2 s a move, rated): time is up; the last games are finishing; 5 players.",
        );
        has(&out, "There is no tournament to join here.");
        // Worked out by hand: alice won games 1, 3 and 5 (2, 2, then 4 for a third win in a
        // row) and lost 7; bob lost 1 and won 4 and 7 (on a streak); carol won 2 and 8 and
        // lost 4; erin lost 3 and won 6 by forfeit; dave lost 2, 5 and 8 and forfeited 6.
        // bob and carol tie on 4: bob's performance is the higher.
        let table = ranked(&out, "Final standings of Arena #1:");
        assert_eq!(table.len(), 5, "{out}");
        assert!(
            table[0].starts_with("1. alice: 8 points (2 2 4 0), 4 games, performance "),
            "{out}"
        );
        assert!(
            table[1].starts_with("2. bob: 4 points (0 2 2), 3 games")
                && table[1].ends_with("(on a streak: the next win counts double)"),
            "{out}"
        );
        assert!(
            table[2].starts_with("3. carol: 4 points (2 0 2), 3 games"),
            "{out}"
        );
        assert!(
            table[3].starts_with("4. erin: 2 points (0 2), 1 game"),
            "{out}"
        );
        assert!(
            table[4].starts_with("5. dave: 0 points (0 0 0 0), 3 games"),
            "{out}"
        );
        let perf = |line: &str| -> i32 {
            line.split("performance ").nth(1).unwrap()[..4]
                .parse()
                .unwrap()
        };
        assert!(perf(table[1]) > perf(table[2]), "{out}");
        has(&out, "@alice @bob @carol Final standings of Arena #1:");
        has(&out, "Congratulations to alice, bob, carol!");
        has(&out, "[image] ");
        has(
            &out,
            "standings.png: Final standings of Arena #1: Standings table of 5 players: 1. alice 8, 2. bob 4, 3. carol 4, 4. erin 2, 5. dave 0.",
        );
        has(
            &out,
            "Arena #1 (30 minutes, 3 min + 2 s a move, rated), 5 players: won by alice",
        );
        has(
            &out,
            "Arena #1 (30 minutes, 3 min + 2 s a move, rated), 8 games:",
        );
        has(&out, "#6: dave as Jade vs erin as Crimson, aborted");
        has(
            &out,
            "#8: carol as Jade vs dave as Crimson, Jade wins: Crimson resigned",
        );
        // Stored: the tournament, finished, and its games.
        let store = ch.store();
        let t = store.tournament(1).unwrap().unwrap();
        assert_eq!(t.status, jungle::store::TournamentStatus::Finished);
        assert_eq!(store.tournament_entries(1).unwrap().len(), 8);
        // A restart finds nothing more to do.
        let again = ch.run("/tick\n!jungle tournament\n");
        has(
            &again,
            "Arena #1 (30 minutes, 3 min + 2 s a move, rated): finished; 5 players.",
        );
        assert!(!again.contains("Game #9"), "{again}");
    }
}

#[test]
fn a_swiss_of_five_gives_byes_withdraws_a_no_show_and_breaks_ties() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        let out = ch.run(
            "alice: !jungle tournament swiss 1 rounds 5+0\n\
             alice: !jungle tournament start\n\
             alice: !jungle tournament swiss 3 rounds 5+0\n\
             alice: !jungle join\n\
             bob: !jungle join\n\
             carol: !jungle join\n\
             dave: !jungle join\n\
             erin: !jungle join\n\
             !jungle tournament\n\
             alice: !jungle tournament start\n\
             /tick\n\
             carol: !jungle resign\n\
             /advance 6m\n\
             /tick\n\
             !jungle tournament\n\
             bob: G7 G6\n\
             alice: !jungle draw\n\
             bob: !jungle draw\n\
             /advance 6m\n\
             /tick\n\
             erin: !jungle resign\n\
             carol: !jungle resign\n\
             /tick\n\
             !jungle tournament export 1\n",
        );
        has(&out, "A Swiss has 2 to 15 rounds.");
        has(
            &out,
            "There is no announced tournament here waiting to begin.",
        );
        has(
            &out,
            "Swiss #1 is announced: 3 rounds, 5 min + 0 s a move, rated. It begins when a moderator says `!jungle tournament start`.",
        );
        has(
            &out,
            "Swiss #1 (3 rounds, 5 min + 0 s a move, rated): announced, not begun yet; 5 players.",
        );
        // Round 1 by rating, then who joined first: the top half against the bottom half,
        // and the lowest of five (erin, joined last) sits out with a bye.
        has(
            &out,
            "Swiss #1, round 1 of 3:\n\
             jungle: - alice (Jade) vs carol (Crimson)\n\
             jungle: - dave (Jade) vs bob (Crimson)\n\
             jungle: - erin has a bye this round (it counts as a win).",
        );
        // carol resigns; dave never moves and loses game 2 by forfeit. Round 2: erin 1
        // (bye), alice 1, bob 1 (forfeit), carol and dave 0. The bye goes to the lowest
        // without one (carol, whose rating fell below dave's); nobody meets anyone again.
        has(
            &out,
            "Swiss #1, round 2 of 3:\n\
             jungle: - bob (Jade) vs alice (Crimson)\n\
             jungle: - dave (Jade) vs erin (Crimson)\n\
             jungle: - carol has a bye this round (it counts as a win).",
        );
        has(
            &out,
            "Swiss #1 (3 rounds, 5 min + 0 s a move, rated): round 2 of 3; 5 players.",
        );
        // alice and bob draw; dave misses his second game and is withdrawn. Round 3: erin
        // 2, alice 1.5, bob 1.5 (who have met), carol 1: erin plays alice, carol plays bob;
        // four players, no bye.
        has(
            &out,
            "Swiss #1, round 3 of 3:\n\
             jungle: - alice (Jade) vs erin (Crimson)\n\
             jungle: - carol (Jade) vs bob (Crimson)\n\
             jungle: - dave missed two games and is withdrawn.",
        );
        // Final points: alice W D W = 2.5, bob forfeit-win D W = 2.5, erin bye, forfeit-win,
        // L = 2, carol L bye L = 1, dave two forfeits = 0.
        // Buchholz (opponents' final points over the board): alice carol 1 + bob 2.5 +
        // erin 2 = 5.5; bob alice 2.5 + carol 1 = 3.5 (his forfeit win met nobody), so
        // alice is first. erin: alice 2.5; carol: alice 2.5 + bob 2.5 = 5.
        // Sonneborn-Berger (beaten opponents' points, half of drawn ones'): alice 1 + 1.25
        // + 2 = 4.25; bob 1.25 + 1 = 2.25; erin and carol beat nobody over the board.
        let table = ranked(&out, "Final standings of Swiss #1:");
        assert_eq!(
            table
                .iter()
                .map(|l| l.split(", performance").next().unwrap())
                .collect::<Vec<_>>(),
            [
                "1. alice: 2.5 points (1 ½ 1), 3 games",
                "2. bob: 2.5 points (+ ½ 1), 2 games",
                "3. erin: 2 points (B + 0), 1 game",
                "4. carol: 1 point (0 B 0), 2 games",
                "5. dave: 0 points (- -), 0 games",
            ],
            "{out}"
        );
        let tie_breaks: Vec<&str> = table
            .iter()
            .map(|l| l.split_once(", Buchholz ").unwrap().1)
            .collect();
        assert_eq!(
            tie_breaks,
            [
                "5.5, Sonneborn-Berger 4.25",
                "3.5, Sonneborn-Berger 2.25",
                "2.5, Sonneborn-Berger 0",
                "5, Sonneborn-Berger 0",
                "0, Sonneborn-Berger 0",
            ],
            "{out}"
        );
        has(&out, "Congratulations to alice, bob, erin!");
        has(&out, "Round 2: carol, bye");
        has(
            &out,
            "Round 2, #4: dave as Jade vs erin as Crimson, aborted",
        );
        let store = ch.store();
        let dave = store.find_player("console", "dave").unwrap().unwrap();
        let players = store.tournament_players(1).unwrap();
        assert!(
            players
                .iter()
                .any(|p| p.player.id == dave.id && p.withdrawn),
            "dave is withdrawn in the store"
        );
    }
}

/// A correspondence Swiss round still going at its deadline (a week per day a move): the game
/// ends unrated and counts as a draw, and the next pairing follows (here none is left).
#[test]
fn a_swiss_round_past_its_deadline_ends_its_games_as_draws() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        let mut script = String::from(
            "alice: !jungle tournament swiss 2 rounds 1d\n\
             alice: !jungle join\n\
             bob: !jungle join\n\
             alice: !jungle tournament start\n\
             /tick\n",
        );
        // A move every 22 hours, each within its day: after seven, the round's week is out.
        for mv in [
            "alice: G7 G6",
            "bob: A3 A4",
            "alice: G6 G5",
            "bob: A4 A5",
            "alice: F8 F7",
            "bob: F2 F3",
            "alice: B8 B7",
        ] {
            script.push_str(&format!("/advance 22h\n{mv}\n"));
        }
        script.push_str("/advance 22h\n/tick\n");
        let out = ch.run(&script);
        has(
            &out,
            "Game #1 did not finish by the round's deadline: it ends unrated and counts as a draw.",
        );
        let table = ranked(&out, "Final standings of Swiss #1:");
        assert_eq!(table.len(), 2, "{out}");
        assert!(
            table[0].starts_with("1. alice: 0.5 points (½), 1 game"),
            "{out}"
        );
        assert!(
            table[1].starts_with("2. bob: 0.5 points (½), 1 game"),
            "{out}"
        );
        let game = ch.store().game(1).unwrap().unwrap();
        assert_eq!(game.status, jungle::store::GameStatus::Aborted);
        assert_eq!(game.ply, 7, "every move was played");
    }
}

/// Two processes that read a tournament at the same step: the first change lands, the second
/// writes nothing; a second tournament in a place with a live one is refused.
#[test]
fn a_tournament_changes_once_from_each_step_and_one_lives_per_place() {
    use jungle::store::TournamentStatus::{Pending, Running};
    use jungle::store::{NewGame, NewTournament, StoreError, TournamentChange, TournamentKind};
    for backend in backends() {
        let ch = Channel::on(&backend);
        let (one, two) = (ch.store(), ch.store());
        let new = NewTournament {
            platform: "console",
            scope: "console",
            channel: "console",
            kind: TournamentKind::Arena,
            rated: true,
            time_control: jungle::engine::TimeControl::live(3, 2),
            rounds: 0,
            length_secs: 3_600,
            starts_at: 100,
            created_by: "alice",
            now: 100,
        };
        let t = one.create_tournament(&new).unwrap();
        assert_eq!(t.status, Pending);
        assert!(matches!(
            two.create_tournament(&new),
            Err(StoreError::Conflict)
        ));
        let a = one.upsert_player("console", "alice", "alice", 100).unwrap();
        let b = one.upsert_player("console", "bob", "bob", 100).unwrap();
        assert!(one.join_tournament(t.id, a.id, 100).unwrap());
        assert!(!two.join_tournament(t.id, a.id, 101).unwrap(), "already in");
        assert!(two.join_tournament(t.id, b.id, 101).unwrap());
        let start = jungle::Position::start();
        let change = |by: &jungle::store::Store| {
            by.change_tournament(
                &t,
                &TournamentChange {
                    status: Running,
                    round: 0,
                    round_deadline: None,
                    games: vec![NewGame {
                        platform: "console",
                        scope: "console",
                        channel: "console",
                        jade_id: Some(a.id),
                        crimson_id: Some(b.id),
                        bot_level: None,
                        position: &start,
                        rated: true,
                        time_control: t.time_control,
                        now: 200,
                    }],
                    byes: Vec::new(),
                    withdraw: Vec::new(),
                    now: 200,
                },
            )
            .unwrap()
        };
        let first = change(&one).expect("the first writer's change lands");
        assert_eq!(first.len(), 1);
        assert_eq!(change(&two), None, "the second read the same step: nothing");
        assert_eq!(one.tournament_entries(t.id).unwrap().len(), 1, "one game");
        assert_eq!(one.tournament(t.id).unwrap().unwrap().step, t.step + 1);
        assert_eq!(
            one.tournament_of_game(first[0].id)
                .unwrap()
                .map(|(t, r)| (t.id, r)),
            Some((t.id, 0))
        );
    }
}
