//! Moves by touch on Discord: a game played through the board's select menu and the private
//! destination buttons only, with a stranger, a player out of turn and stale presses; and the
//! edits it costs: the previous board loses its controls with at most one edit per move.

use super::double::{Double, Msg};
use super::harness::{
    ALICE, BOB, CAROL, Person, World, assert_has, assert_no_unknown_calls, button_list, choose,
    click, press, reply, stripped,
};
use super::{GUILD_BOT, challenge};

/// The menu of a board: its custom id and the squares it offers.
pub(super) fn menu_of(board: &Msg) -> (String, Vec<String>) {
    let (id, options) = board
        .menu()
        .unwrap_or_else(|| panic!("the board has a menu: {board:?}"));
    (id, options.into_iter().map(|(value, _)| value).collect())
}

/// Chooses the piece on `from` in `board`'s menu and waits for the private answer.
async fn pick(d: &Double, who: Person, board: &Msg, from: &str) -> Msg {
    let (menu, _) = menu_of(board);
    let id = choose(d, who, board.id, &menu, from);
    reply(d, id).await
}

/// The button of `prompt` whose label starts with the square `to`.
fn button_to(prompt: &Msg, to: &str) -> (String, String) {
    prompt
        .labels()
        .into_iter()
        .find(|(_, label)| label.split(':').next() == Some(to))
        .unwrap_or_else(|| panic!("no button for {to} in {:?}", prompt.labels()))
}

/// Plays `from`→`to` by touch: the piece from the menu, then its destination. Returns the
/// private prompt (for its labels) and the new public board.
pub(super) async fn touch(
    d: &Double,
    who: Person,
    board: &Msg,
    from: &str,
    to: &str,
) -> (Msg, Msg) {
    let prompt = pick(d, who, board, from).await;
    assert!(
        prompt.ephemeral(),
        "the destinations are private: {prompt:?}"
    );
    let (button, _) = button_to(&prompt, to);
    let next = click(d, who, prompt.id, &button).await;
    (prompt, next)
}

#[tokio::test]
async fn a_game_played_by_menus_and_buttons_only() {
    let w = World::start(GUILD_BOT).await;
    let challenge_msg = challenge(&w).await;
    let mut board = click(&w, BOB, challenge_msg, "accept:1").await;
    let (menu, squares) = menu_of(&board);
    assert_eq!(menu, "pick:1:0");
    // Jade's pieces, strongest first, each with its animal in words.
    assert_eq!(squares, ["A7", "G9", "A9", "E7", "C7", "F8", "B8", "G7"]);
    let labels: Vec<String> = board
        .menu()
        .unwrap()
        .1
        .into_iter()
        .map(|(_, l)| l)
        .collect();
    assert_eq!(labels[1], "Lion G9");
    assert_eq!(labels[7], "Rat G7");

    // Carol is not in the game; Bob may not move for Alice; neither changes anything.
    let stranger = pick(&w, CAROL, &board, "G7").await;
    assert!(stranger.ephemeral());
    assert_eq!(stranger.content, "Only alice and bob play in game #1.");
    let early = pick(&w, BOB, &board, "G7").await;
    assert!(early.ephemeral());
    assert_has(
        &early.text(),
        "It is not your turn: alice (Jade) is to move.",
    );

    // Alice asks twice for her rat; the first prompt will be stale once she has moved.
    let stale_prompt = pick(&w, ALICE, &board, "G7").await;
    let mut boards = vec![board.clone()];
    let moves = [
        (ALICE, "G7", "G6"),
        (BOB, "A3", "A4"),
        (ALICE, "G9", "G8"),
        (BOB, "B2", "B1"),
        (ALICE, "G8", "G7"),
        (BOB, "G1", "G2"),
        (ALICE, "G7", "F7"),
        (BOB, "A1", "A2"),
        (ALICE, "F7", "F3"),
        (BOB, "A2", "A1"),
        (ALICE, "F3", "E3"),
    ];
    for (who, from, to) in moves {
        let (prompt, next) = touch(&w, who, &board, from, to).await;
        assert_has(&prompt.text(), &format!("on {from} go?"));
        assert!(!next.ephemeral(), "the new board is for everyone");
        assert_has(&next.text(), &format!("{} played {from} {to}", who.name));
        match (from, to) {
            ("F7", "F3") => assert_eq!(button_to(&prompt, "F3").1, "F3: leaps the lake"),
            ("F3", "E3") => assert_eq!(button_to(&prompt, "E3").1, "E3: takes the wolf"),
            _ => {}
        }
        // The prompt lost its buttons in the answer to the press, through the webhook.
        let used = stripped(&w, prompt.id).await;
        assert_eq!((used.updates.len(), used.edits.len()), (1, 0));
        board = next;
        boards.push(board.clone());
    }
    let (menu, squares) = menu_of(&board);
    assert_eq!(menu, "pick:1:11");
    assert!(!squares.contains(&"E3".to_string()), "the wolf was taken");

    // A press on the stale prompt, and a choice on an old board, get the position now.
    let (button, _) = button_to(&stale_prompt, "G6");
    let stale = reply(&w, press(&w, ALICE, stale_prompt.id, &button)).await;
    assert!(stale.ephemeral());
    assert_has(
        &stale.text(),
        "That board is out of date: game #1 has moved on.",
    );
    assert_eq!(stale.embeds.len(), 1, "with the current board");
    let old = pick(&w, BOB, &boards[1], "A3").await;
    assert_has(&old.text(), "out of date");

    // Bob resigns from the newest board; the confirmation changes through the webhook only.
    let asked = click(&w, BOB, board.id, "resign:1").await;
    let over = click(&w, BOB, asked.id, "resign!:1").await;
    assert_has(&over.text(), "alice wins game #1 as Jade.");
    // Every board lost its controls with one edit, and only once; the challenge through the
    // answer to its press.
    for b in &boards {
        let m = stripped(&w, b.id).await;
        assert_eq!(m.edits.len() + m.updates.len(), 1, "board {}: {m:?}", b.id);
    }
    let c = stripped(&w, challenge_msg).await;
    assert_eq!((c.updates.len(), c.edits.len()), (1, 0));

    // The last board offers the same game again; Bob's press offers it to Alice, whose Accept
    // starts game #2 with the colours swapped.
    assert_eq!(over.buttons(), button_list(&[("rematch:1", false)]));
    assert_has(
        &over.text(),
        "To play again with the colours swapped, press **Rematch**.",
    );
    let offer = click(&w, BOB, over.id, "rematch:1").await;
    assert!(!offer.ephemeral());
    assert_has(&offer.content, &ALICE.mention());
    assert_has(
        &offer.text(),
        "bob offers you a rematch of game #1 (bob plays Jade and moves first this time; 1 day per move).",
    );
    let second = click(&w, ALICE, offer.id, "accept:2").await;
    assert_has(&second.text(), "Game #2 starts");
    assert_has(&second.content, &BOB.mention());
    assert_no_unknown_calls(&w);
    w.finish().await;
}
