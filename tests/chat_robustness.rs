//! Random and hostile chat input through the handler: nothing panics, and every stored game
//! stays consistent (its position is its move list replayed).

use crate::common;

use common::Rng;
use jungle::chat::{Core, Event, Input, Place, Settings, User};
use jungle::store::Store;

const WORDS: &[&str] = &[
    "!jungle",
    "challenge",
    "accept",
    "decline",
    "cancel",
    "play",
    "bot",
    "easy",
    "hard",
    "jade",
    "crimson",
    "random",
    "move",
    "board",
    "moves",
    "resign",
    "draw",
    "takeback",
    "casual",
    "rated",
    "games",
    "rating",
    "top",
    "global",
    "history",
    "export",
    "analyze",
    "rules",
    "help",
    "@alice",
    "@bob",
    "@carol",
    "#1",
    "#2",
    "1",
    "0",
    "-5",
    "999999999999999999999",
    "G7",
    "G6",
    "A3",
    "A4",
    "C6",
    "D9",
    "Z9",
    "g7g6",
    "a7-a6",
    "to",
    "",
    "ü",
    "象",
    "!jungle!jungle",
    "\u{0}",
];

fn event(sender: &str, input: Input, mentions: Vec<User>) -> Event {
    Event {
        place: Place {
            platform: "fuzz".into(),
            scope: "guild".into(),
            channel: "chan".into(),
            locale: None,
        },
        sender: User::new(sender, sender),
        input,
        mentions,
    }
}

#[test]
fn random_input_never_panics_and_games_stay_consistent() {
    let core = Core::new(Store::open_in_memory().unwrap(), Settings::default());
    let mut rng = Rng(0xfeed);
    let users = ["alice", "bob", "carol"];
    let mentions: Vec<User> = users.iter().map(|u| User::new(*u, *u)).collect();
    let mut now = 1_000;
    for i in 0..4000 {
        let sender = users[rng.below(users.len())];
        let input = match rng.below(10) {
            0 => Input::Button(format!(
                "{}:{}",
                [
                    "accept", "decline", "resign", "draw", "cancel", "takeback", "resign!", "nope"
                ][rng.below(8)],
                rng.below(5)
            )),
            1 => {
                // A legal move for whoever might be to move, to let games progress.
                let text = core
                    .store()
                    .active_games("fuzz", "chan")
                    .unwrap()
                    .first()
                    .and_then(|g| {
                        let p = g.position;
                        let moves = p.legal_moves();
                        (!moves.is_empty()).then(|| moves[rng.below(moves.len())].to_string())
                    })
                    .unwrap_or_else(|| "G7 G6".into());
                Input::Text(text)
            }
            3 | 4 => Input::Text(
                [
                    "!jungle challenge @bob",
                    "!jungle challenge @alice jade",
                    "!jungle challenge",
                    "!jungle accept",
                    "!jungle play bot easy",
                    "!jungle resign",
                    "!jungle draw",
                    "!jungle board",
                    "!jungle moves G7",
                    "!jungle cancel",
                    "!jungle decline",
                    "!jungle export 1",
                    "!jungle history @carol",
                ][rng.below(13)]
                .to_string(),
            ),
            2 => Input::Text(
                (0..rng.below(12))
                    .map(|_| char::from_u32(rng.below(0x3000) as u32).unwrap_or('?'))
                    .collect(),
            ),
            _ => {
                let n = 1 + rng.below(4);
                let words: Vec<&str> = (0..n).map(|_| WORDS[rng.below(WORDS.len())]).collect();
                Input::Text(words.join(" "))
            }
        };
        let _ = core.handle(&event(sender, input, mentions.clone()), now);
        now += rng.below(600) as i64;
        if i % 500 == 0 {
            let _ = core.tick(now);
        }
    }
    // Every game (finished or not) replays to its stored position.
    let mut checked = 0;
    for id in 1.. {
        let Some(g) = core.store().game(id).unwrap() else {
            break;
        };
        let mut p = g.start_position;
        for (i, &m) in g.moves.iter().enumerate() {
            assert_eq!(g.history[i], p.hash(), "game {id}");
            let captured = p
                .play(m)
                .unwrap_or_else(|e| panic!("game {id}: stored move {m} is illegal: {e}"));
            assert_eq!(captured, g.captures[i], "game {id}");
        }
        assert_eq!(p, g.position, "game {id}");
        assert_eq!(g.ply as usize, g.moves.len());
        checked += 1;
    }
    assert!(
        checked >= 3,
        "the random session should have started some games ({checked})"
    );
}
