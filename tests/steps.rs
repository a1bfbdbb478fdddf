//! Moves written as an animal and a direction (`虎上`, `tiger up`, `T up`), through the
//! console's command layer in each language and through `jungle play` on a board turned round:
//! each is the same move as its squares, stored as squares, and a step that goes nowhere is
//! refused with the animal and the direction named, changing nothing.

use crate::console::Channel;

fn has(out: &str, needle: &str) {
    assert!(out.contains(needle), "expected {needle:?} in:\n{out}");
}

/// The moves of game 1, as stored.
fn stored(ch: &Channel) -> Vec<String> {
    let g = ch.store().game(1).unwrap().unwrap();
    g.moves.iter().map(|m| m.to_string()).collect()
}

/// The same game in each language's words: Jade's rat up, Crimson's rat down (the board has
/// rank 1 at the top), tigers and lions sideways, the elephant up, a step off the board, and
/// the cat down.
const GAME: [&str; 6] = ["G7 G6", "A3 A4", "A9 B9", "A1 B1", "A7 A6", "F2 F3"];

fn transcript(lang: &str, words: [&str; 7]) -> String {
    let [
        rat_up,
        rat_down,
        tiger_right,
        lion_right,
        elephant_up,
        tiger_up,
        cat_down,
    ] = words;
    format!(
        "alice: !jungle lang {lang}\n\
         alice: !jungle challenge @bob jade\n\
         bob: !jungle accept\n\
         alice: {rat_up}\n\
         bob: !jungle move {rat_down}\n\
         alice: {tiger_right}\n\
         bob: {lion_right}\n\
         alice: !jungle {elephant_up}\n\
         bob: {tiger_up}\n\
         bob: {cat_down}\n\
         alice: !jungle help\n"
    )
}

#[test]
fn games_by_animal_and_direction_in_each_language() {
    let en = Channel::new();
    let out = en.run(&transcript(
        "en",
        [
            "rat up",
            "R down",
            "tiger right",
            "L right",
            "Elephant Up",
            "tiger up",
            "cat down",
        ],
    ));
    has(&out, "alice played G7 G6. Your move (Crimson).");
    has(&out, "bob played A3 A4. Your move (Jade).");
    has(&out, "The tiger on G1 cannot go up.");
    has(&out, "bob played F2 F3.");
    has(&out, "type a move like `G7 G6` or `tiger up`");
    has(&out, "`move tiger up`");
    assert_eq!(stored(&en), GAME);

    let cn = Channel::new();
    let out = cn.run(&transcript(
        "zh-CN",
        ["鼠上", "鼠下", "虎右", "狮 右", "象上", "虎上", "猫下"],
    ));
    has(&out, "alice 走了 G7 G6。该你（红方）走了。");
    has(&out, "G1 上的虎不能往上走。");
    has(&out, "例如 `G7 G6` 或 `虎上`");
    assert_eq!(stored(&cn), GAME);

    // Traditional characters, and Simplified ones typed in a Traditional channel.
    let tw = Channel::new();
    let out = tw.run(&transcript(
        "zh-TW",
        ["鼠上", "鼠下", "虎右", "獅右", "象上", "虎上", "猫下"],
    ));
    has(&out, "G1 的虎沒辦法往上走。");
    has(&out, "像是 `move 虎上`");
    assert_eq!(stored(&tw), GAME);
}

#[test]
fn the_rules_say_how_a_step_is_written() {
    let out = Channel::new().run(
        "alice: !jungle rules\n\
         alice: !jungle lang zh-TW\n\
         alice: !jungle rules\n\
         alice: !jungle move 虎斜\n",
    );
    has(&out, "`tiger up`, `T up`, `虎上`");
    has(&out, "或是動物加方向，上下左右以棋盤圖上看到的為準");
    has(&out, "或是動物加方向（例如 虎上）");
}

#[test]
fn jungle_play_reads_steps_on_the_board_turned_round() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("jungle.db");
    // Playing Crimson, the board is turned round (rank 9 at the top, file A on the right):
    // Crimson's rat goes up to A4, and right is off the board.
    let text = crate::common::jungle_play(
        &db,
        &["--level", "easy", "--side", "crimson", "--lang", "en"],
        b"rat right\nrat up\nquit\n",
    );
    has(&text, "The rat on A3 cannot go right.");
    has(&text, "played A3 A4");
    let store = jungle::store::Store::connect(&jungle::store::Location::File(db)).unwrap();
    let g = store.game(1).unwrap().unwrap();
    assert_eq!(g.moves[1].to_string(), "A3 A4", "{text}");
}
