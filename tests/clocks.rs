//! Time controls through the console, on each store backend with the test clock: a live game
//! lost on time by the timers and by a move that came too late, a correspondence game with its
//! two reminders and its loss on time, a player who turned reminders off, no turn ping for a
//! player watching a live game, a rematch on the same clock, the bot on a clock, and a
//! moderator's default for the place.

use crate::common::backends::backends;
use crate::console::Channel;
use jungle::engine::{Outcome, Side, TimeControl, WinReason};

fn has(out: &str, needle: &str) {
    assert!(out.contains(needle), "expected {needle:?} in:\n{out}");
}

fn lacks(out: &str, needle: &str) {
    assert!(
        !out.contains(needle),
        "did not expect {needle:?} in:\n{out}"
    );
}

fn lost_on_time_by(side: Side) -> Option<Outcome> {
    Some(Outcome::Win {
        winner: side.other(),
        reason: WinReason::Timeout,
    })
}

#[test]
fn a_live_game_is_lost_on_time_by_the_timers_and_by_a_late_move() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        // Game 1: alice has 3 min and gains 2 s a move; bob spends a minute on his first.
        // Game 2: alice's move comes a second after her time ran out.
        let out = ch.run(
            "alice: !jungle challenge @bob 3+2 jade\n\
             bob: !jungle accept\n\
             alice: G7 G6\n\
             /advance 1m\n\
             bob: A3 A4\n\
             /advance 182s\n\
             /tick\n\
             !jungle games\n\
             /advance 1s\n\
             /tick\n\
             alice: !jungle export 1\n\
             alice: !jungle challenge @bob 3+2 jade\n\
             bob: !jungle accept\n\
             alice: G7 G6\n\
             bob: A3 A4\n\
             /advance 183s\n\
             alice: A7 A6\n\
             alice: !jungle history\n\
             bob: !jungle rematch\n",
        );
        has(
            &out,
            "alice challenges you to a game of Jungle (alice plays Jade and moves first; 3 min + 2 s a move).",
        );
        has(&out, "Clock: 3 min + 2 s a move.");
        // Two seconds before the flag the game goes on.
        has(
            &out,
            "#1: alice as Jade vs bob as Crimson, 3 min + 2 s a move, move 2, alice to move",
        );
        has(
            &out,
            "alice ran out of time (3 min + 2 s a move). bob wins game #1 as Crimson.",
        );
        has(
            &out,
            "Game #1: alice as Jade vs bob as Crimson, 3 min + 2 s a move. Crimson wins: Jade ran out of time.",
        );
        has(
            &out,
            "alice ran out of time (3 min + 2 s a move). bob wins game #2 as Crimson.",
        );
        lacks(&out, "alice played A7 A6");
        // Bob had just accepted, and alice had just moved: they were watching, so no ping;
        // alice's move a minute old was, so she is told in a new message.
        has(&out, "jungle: alice played G7 G6. Your move (Crimson).");
        has(&out, "jungle: bob played A3 A4. Your move (Jade).");
        has(&out, "jungle: @alice bob played A3 A4. Your move (Jade).");
        lacks(&out, "jungle: @bob alice played G7 G6.");
        // The rematch keeps the clock.
        has(
            &out,
            "bob offers you a rematch of game #2 (bob plays Jade and moves first this time; 3 min + 2 s a move).",
        );
        has(
            &out,
            "#2: alice as Jade vs bob as Crimson, 3 min + 2 s a move, 2 moves, Crimson wins: Jade ran out of time",
        );
        let s = ch.store();
        for id in [1, 2] {
            let g = s.game(id).unwrap().unwrap();
            assert_eq!(g.time_control, TimeControl::live(3, 2), "game {id}");
            assert_eq!(g.outcome, lost_on_time_by(Side::Jade), "game {id}");
            // The late move was not played.
            assert_eq!(g.ply, 2, "game {id}");
        }
        // Bob spent a minute on his move in game 1: 180 - 60 + 2.
        let g = s.game(1).unwrap().unwrap();
        assert_eq!(g.clocks.map(|c| c[Side::Crimson]), Some(122));
        assert_eq!(g.clocks.map(|c| c[Side::Jade]), Some(182));
        // Rated as any game: one rating across speeds.
        let alice = s.find_player("console", "alice").unwrap().unwrap();
        assert_eq!((alice.rated_games, alice.losses), (2, 2));
    }
}

#[test]
fn a_correspondence_game_reminds_a_day_and_an_hour_before_and_ends_on_time() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        let out = ch.run(
            "alice: !jungle challenge @bob 3d jade\n\
             bob: !jungle accept\n\
             alice: G7 G6\n\
             bob: A3 A4\n\
             /advance 47h\n\
             /tick\n\
             /advance 1h\n\
             /tick\n\
             /tick\n\
             /advance 22h\n\
             /tick\n\
             /advance 1h\n\
             /tick\n\
             /advance 1h\n\
             /tick\n\
             /advance 1s\n\
             /tick\n",
        );
        let day = "It is your move in game #1: move within 1 day, or you lose on time.";
        let hour = "It is your move in game #1: move within 1 hour, or you lose on time.";
        has(&out, day);
        has(&out, hour);
        assert_eq!(
            out.matches("It is your move in game #1").count(),
            2,
            "{out}"
        );
        // The day's reminder comes before the hour's, and both before the end.
        let end = "alice ran out of time (3 days per move). bob wins game #1 as Crimson.";
        has(&out, end);
        assert!(out.find(day) < out.find(hour) && out.find(hour) < out.find(end));
        let g = ch.store().game(1).unwrap().unwrap();
        assert_eq!(g.outcome, lost_on_time_by(Side::Jade));
        assert_eq!(g.time_control, TimeControl::days(3));
    }
}

#[test]
fn a_player_who_turned_notifications_off_is_not_reminded() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        let out = ch.run(
            "alice: !jungle notify off\n\
             alice: !jungle challenge @bob 2d jade\n\
             bob: !jungle accept\n\
             alice: G7 G6\n\
             bob: A3 A4\n\
             /advance 47h\n\
             /tick\n\
             /advance 1h\n\
             /tick\n\
             bob: !jungle resign\n",
        );
        lacks(&out, "It is your move in game #1");
        has(&out, "bob resigned.");
    }
}

#[test]
fn the_bot_plays_on_a_clock_and_a_moderator_sets_the_place_s_clock() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        let out = ch.run(
            "alice: !jungle play bot 1+0 easy jade\n\
             alice: G7 G6\n\
             alice: !jungle resign\n\
             alice: !jungle history\n\
             alice: !jungle admin time 5+3\n\
             alice: !jungle admin settings\n\
             alice: !jungle challenge @bob\n\
             alice: !jungle cancel\n\
             alice: !jungle admin time default\n\
             alice: !jungle admin time\n\
             alice: !jungle challenge @bob 2+0\n",
        );
        has(&out, "Clock: 1 min + 0 s a move.");
        has(
            &out,
            "#1: alice as Jade vs Jungle bot (level 2, easy) as Crimson, 1 min + 0 s a move, ",
        );
        has(
            &out,
            "From now on new games here play 5 min + 3 s a move unless a challenge names another clock.",
        );
        has(
            &out,
            "new games play 5 min + 3 s a move unless the challenge names another clock",
        );
        has(&out, "(sides drawn at random; 5 min + 3 s a move)");
        has(
            &out,
            "New games here play the configured default again: 1 day per move.",
        );
        has(
            &out,
            "New games here play 1 day per move unless a challenge names another clock;",
        );
        has(&out, "2 min + 0 s a move");
        let s = ch.store();
        let g = s.game(1).unwrap().unwrap();
        assert_eq!(g.time_control, TimeControl::live(1, 0));
        // The bot moved within its minute.
        assert!(g.ply >= 2, "the bot answered: {out}");
        assert_eq!(s.default_time_control("console", "console").unwrap(), None);
    }
}
