//! Rematches through the console's command layer, on each store backend: the same game again
//! with colours swapped and rated as it was, offered to a person and accepted with `rematch`,
//! started at once against the bot, and refused to someone who did not play, while a game is
//! still going, and where there is no game to play again.

use crate::common::backends::backends;
use crate::console::Channel;

fn has(out: &str, needle: &str) {
    assert!(out.contains(needle), "expected {needle:?} in:\n{out}");
}

#[test]
fn a_rematch_between_people_swaps_the_colours_and_keeps_the_rating_choice() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        let out = ch.run(
            "alice: !jungle rematch\n\
             alice: !jungle challenge @bob jade casual\n\
             bob: !jungle accept\n\
             bob: !jungle rematch\n\
             alice: G7 G6\n\
             bob: !jungle resign\n\
             carol: !jungle rematch 1\n\
             bob: !jungle rematch\n\
             alice: !jungle rematch\n\
             bob: G7 G6\n",
        );
        has(
            &out,
            "You have no finished game in this channel to play again.",
        );
        has(&out, "Game #1 is still going: finish it first.");
        // The end of the game says how to play it again, as typed here.
        has(
            &out,
            "To play again with the colours swapped, `!jungle rematch`.",
        );
        has(
            &out,
            "You did not play game #1: only its players can ask for a rematch.",
        );
        has(
            &out,
            "@alice bob offers you a rematch of game #1, casual (bob plays Jade and moves first this time; 1 day per move).",
        );
        has(&out, "Game #2 (casual) starts");
        has(&out, "bob played G7 G6");
        let store = ch.store();
        let (first, second) = (
            store.game(1).unwrap().unwrap(),
            store.game(2).unwrap().unwrap(),
        );
        assert_eq!(second.jade_id, first.crimson_id, "bob plays Jade now");
        assert_eq!(second.crimson_id, first.jade_id);
        assert!(!second.rated, "casual as the first");
        assert_eq!(second.moves.len(), 1);
    }
}

#[test]
fn a_rematch_against_the_bot_starts_at_once() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        let out = ch.run(
            "alice: !jungle play bot 3 jade\n\
             alice: !jungle resign\n\
             alice: !jungle rematch\n",
        );
        has(&out, "Game #2 starts");
        let store = ch.store();
        let (first, second) = (
            store.game(1).unwrap().unwrap(),
            store.game(2).unwrap().unwrap(),
        );
        assert_eq!(second.crimson_id, first.jade_id, "alice plays Crimson now");
        assert_eq!(second.jade_id, None);
        assert_eq!(second.bot_level, first.bot_level, "the same level");
        assert!(second.rated);
    }
}
