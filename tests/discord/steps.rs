//! A move as an animal and a direction on Discord: `/jungle move` with `from` alone, and the
//! autocomplete of `from` offering the steps whose words were begun, in the words typed; and
//! `notify off`, which leaves the turn mention out of the boards.

use serde_json::json;

use super::double::Double;
use super::harness::{
    ALICE, BOB, World, ask, assert_has, assert_no_unknown_calls, complete, reply, slash,
};
use super::{GUILD_BOT, start_game};

/// `/jungle move from:<text>` without `to`, and its reply.
async fn step(d: &Double, who: super::harness::Person, text: &str) -> super::double::Msg {
    let id = slash(d, who, "move", &[("from", 3, json!(text))]);
    reply(d, id).await
}

#[tokio::test]
async fn a_step_in_from_alone_plays_and_autocomplete_offers_steps() {
    let w = World::start(GUILD_BOT).await;
    start_game(&w).await;

    // Jade's tiger on A9 can go up to A8 or right to B9; the choice is written as typed.
    let chinese = complete(&w, ALICE, "move", &[("from", 3, json!("虎"))], "from").await;
    assert_eq!(
        chinese,
        vec![
            ("虎上 (A9 → A8)".to_string(), "虎上".to_string()),
            ("虎右 (A9 → B9)".to_string(), "虎右".to_string()),
        ]
    );
    let english = complete(&w, ALICE, "move", &[("from", 3, json!("tig"))], "from").await;
    assert_eq!(
        english,
        vec![
            (
                "tiger right (A9 → B9)".to_string(),
                "tiger right".to_string()
            ),
            ("tiger up (A9 → A8)".to_string(), "tiger up".to_string()),
        ]
    );
    // A square's letter that also begins an animal's name offers both.
    let e = complete(&w, ALICE, "move", &[("from", 3, json!("E"))], "from").await;
    let values: Vec<&str> = e.iter().map(|(_, v)| v.as_str()).collect();
    assert_eq!(
        values,
        ["E7", "elephant down", "elephant right", "elephant up"],
        "{e:?}"
    );

    let m = step(&w, ALICE, "tiger up").await;
    assert!(!m.ephemeral());
    assert_has(&m.text(), "alice played A9 A8");
    // Crimson's tiger on G1 has nowhere up to go: a private, specific refusal.
    let m = step(&w, BOB, "虎上").await;
    assert!(m.ephemeral());
    assert_eq!(m.content, "The tiger on G1 cannot go up.");
    let m = step(&w, BOB, "T down").await;
    assert_has(&m.text(), "bob played G1 G2");
    let board = ask(&w, ALICE, "board", &[]).await;
    assert_has(&board.text(), "Move 2: alice to move.");
    assert_no_unknown_calls(&w);
    w.finish().await;
}

#[tokio::test]
async fn notify_off_leaves_the_mention_out_of_the_next_board() {
    let w = World::start(GUILD_BOT).await;
    start_game(&w).await;
    let quiet = ask(&w, BOB, "notify", &[("state", 3, json!("off"))]).await;
    assert!(quiet.ephemeral());
    assert_has(&quiet.text(), "`/jungle notify on` turns this back on");
    let m = step(&w, ALICE, "rat up").await;
    assert_has(&m.text(), "alice played G7 G6");
    assert!(!m.content.contains(&BOB.mention()), "{}", m.content);
    let asked = ask(&w, BOB, "notify", &[]).await;
    assert_has(&asked.text(), "I no longer mention you");
    ask(&w, BOB, "notify", &[("state", 3, json!("on"))]).await;
    let m = step(&w, BOB, "rat down").await;
    assert_has(&m.content, &ALICE.mention());
    assert_no_unknown_calls(&w);
    w.finish().await;
}
