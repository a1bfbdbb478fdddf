//! One focused test per rule of RULES.md, through the public engine API.

use crate::common;

use common::{board, mv, pos};
use jungle::engine::{CaptureBlock, DrawReason, IllegalMove, Outcome, Position, Side, WinReason};

fn err(p: &Position, m: &str) -> IllegalMove {
    p.check_move(mv(m)).expect_err(m)
}

fn legal(p: &Position, m: &str) -> bool {
    let ok = p.check_move(mv(m)).is_ok();
    assert_eq!(
        ok,
        p.legal_moves().contains(&mv(m)),
        "check_move and legal_moves disagree on {m}"
    );
    ok
}

fn cannot_capture(e: IllegalMove) -> CaptureBlock {
    match e {
        IllegalMove::CannotCapture { why, .. } => why,
        other => panic!("expected a refused capture, got {other:?}"),
    }
}

#[test]
fn leap_blocked_by_the_leapers_own_rat() {
    let open = pos('j', &[('L', "C7"), ('T', "D5"), ('r', "A1")]);
    assert!(legal(&open, "C7 C3"));
    assert!(legal(&open, "D5 A5"));
    assert!(legal(&open, "D5 G5"));
    let blocked = pos('j', &[('L', "C7"), ('T', "D5"), ('R', "C5"), ('r', "A1")]);
    assert!(
        matches!(err(&blocked, "C7 C3"), IllegalMove::LeapBlocked { rat, .. } if rat.to_string() == "C5")
    );
    assert!(matches!(
        err(&blocked, "D5 A5"),
        IllegalMove::LeapBlocked { .. }
    ));
    assert!(legal(&blocked, "D5 G5"), "the other lake is clear");
    // An enemy rat blocks as well.
    let enemy = pos('j', &[('L', "C7"), ('r', "C4")]);
    assert!(!legal(&enemy, "C7 C3"));
    assert!(err(&enemy, "C7 C3").to_string().contains("C4"));
}

#[test]
fn leap_onto_an_enemy_it_may_and_may_not_capture() {
    let p = pos('j', &[('L', "C7"), ('t', "C3"), ('T', "G5"), ('l', "D5")]);
    assert!(legal(&p, "C7 C3"), "lion takes tiger across the lake");
    assert!(
        !legal(&p, "G5 D5"),
        "tiger may not take lion across the lake"
    );
    assert_eq!(cannot_capture(err(&p, "G5 D5")), CaptureBlock::Stronger);
    let mut after = p;
    after.play(mv("C7 C3")).unwrap();
    assert_eq!(
        after.piece_at("C3".parse().unwrap()).unwrap().to_string(),
        "Jade lion"
    );
    assert_eq!(after.halfmove_clock(), 0);
    let onto_own = pos('j', &[('L', "C7"), ('E', "C3"), ('r', "A1")]);
    assert!(matches!(
        err(&onto_own, "C7 C3"),
        IllegalMove::OwnPiece { .. }
    ));
    // A leap backwards (from the top bank down) works the same.
    let down = pos('c', &[('l', "B3"), ('T', "B7"), ('R', "A1")]);
    assert!(legal(&down, "B3 B7"));
}

#[test]
fn rat_in_water_and_elephant_on_the_bank() {
    // Rat in the water cannot capture the elephant on the bank.
    let p = pos('j', &[('R', "C5"), ('e', "D5")]);
    assert_eq!(
        cannot_capture(err(&p, "C5 D5")),
        CaptureBlock::Terrain { from_water: true }
    );
    // The elephant cannot reach into the water at all.
    let q = pos('c', &[('R', "C5"), ('e', "D5")]);
    assert!(matches!(err(&q, "D5 C5"), IllegalMove::Water { .. }));
    // On land, the rat takes the elephant.
    let land = pos('j', &[('R', "D6"), ('e', "D5")]);
    assert!(legal(&land, "D6 D5"));
}

#[test]
fn rat_versus_rat_across_the_waters_edge() {
    let edge = pos('j', &[('R', "C5"), ('r', "D5")]);
    assert_eq!(
        cannot_capture(err(&edge, "C5 D5")),
        CaptureBlock::Terrain { from_water: true }
    );
    let edge2 = pos('c', &[('R', "C5"), ('r', "D5")]);
    assert_eq!(
        cannot_capture(err(&edge2, "D5 C5")),
        CaptureBlock::Terrain { from_water: false }
    );
    let both_wet = pos('j', &[('R', "C5"), ('r', "B5")]);
    assert!(legal(&both_wet, "C5 B5"));
    let both_dry = pos('j', &[('R', "D5"), ('r', "D4")]);
    assert!(legal(&both_dry, "D5 D4"));
}

#[test]
fn elephant_takes_a_rat_only_on_the_elephants_own_trap() {
    let on_my_trap = pos('j', &[('E', "D7"), ('r', "D8")]);
    assert!(legal(&on_my_trap, "D7 D8"));
    let open_ground = pos('j', &[('E', "D7"), ('r', "D6")]);
    assert_eq!(
        cannot_capture(err(&open_ground, "D7 D6")),
        CaptureBlock::ElephantRat
    );
    assert_eq!(
        err(&open_ground, "D7 D6").to_string(),
        "the elephant cannot capture the rat (only when the rat stands on one of the elephant's traps)"
    );
    let rats_own_trap = pos('j', &[('E', "B1"), ('r', "C1")]);
    assert_eq!(
        cannot_capture(err(&rats_own_trap, "B1 C1")),
        CaptureBlock::ElephantRat
    );
}

#[test]
fn a_piece_on_an_enemy_trap_captures_nothing() {
    let p = pos('j', &[('E', "D2"), ('r', "D3"), ('c', "C2"), ('l', "E2")]);
    assert_eq!(
        cannot_capture(err(&p, "D2 D3")),
        CaptureBlock::AttackerOnTrap
    );
    assert_eq!(
        cannot_capture(err(&p, "D2 C2")),
        CaptureBlock::AttackerOnTrap
    );
    assert_eq!(
        cannot_capture(err(&p, "D2 E2")),
        CaptureBlock::AttackerOnTrap
    );
    // And anything takes it there: the cat captures the trapped elephant.
    let q = pos('c', &[('E', "D2"), ('r', "D3"), ('c', "C2")]);
    assert!(legal(&q, "C2 D2"));
    // A rat on an enemy trap cannot take an elephant either.
    let r = pos('j', &[('R', "D2"), ('e', "D3")]);
    assert_eq!(
        cannot_capture(err(&r, "D2 D3")),
        CaptureBlock::AttackerOnTrap
    );
}

#[test]
fn own_traps_change_nothing() {
    // The Jade dog on its own trap keeps rank 3: the Crimson cat cannot take it.
    let p = pos('c', &[('D', "D8"), ('c', "D7")]);
    assert_eq!(cannot_capture(err(&p, "D7 D8")), CaptureBlock::Stronger);
    let q = pos('j', &[('D', "D8"), ('c', "D7")]);
    assert!(legal(&q, "D8 D7"), "and it still captures from there");
}

#[test]
fn own_den_is_forbidden() {
    let p = pos('j', &[('D', "D8"), ('c', "A1")]);
    assert!(matches!(err(&p, "D8 D9"), IllegalMove::OwnDen { .. }));
    let q = pos('c', &[('D', "A9"), ('c', "D2")]);
    assert!(matches!(err(&q, "D2 D1"), IllegalMove::OwnDen { .. }));
}

#[test]
fn basic_movement_errors_are_specific() {
    let p = Position::start();
    assert!(matches!(err(&p, "C7 C6"), IllegalMove::Water { .. }));
    assert_eq!(
        err(&p, "C7 C6").to_string(),
        "C6 is water: only the rat can swim, not the wolf"
    );
    assert!(matches!(err(&p, "D5 D4"), IllegalMove::NoPiece(_)));
    assert_eq!(
        err(&p, "A3 A4").to_string(),
        "the rat on A3 is Crimson's; it is Jade's turn"
    );
    assert!(matches!(err(&p, "A7 B6"), IllegalMove::NotAdjacent { .. }));
    assert!(matches!(err(&p, "A7 A5"), IllegalMove::NotAdjacent { .. }));
    assert!(matches!(err(&p, "B8 B8"), IllegalMove::NullMove(_)));
    let crowded = pos('j', &[('E', "A7"), ('W', "A8"), ('r', "A1")]);
    assert!(matches!(
        err(&crowded, "A7 A8"),
        IllegalMove::OwnPiece { .. }
    ));
}

fn play_to_end(p: &mut Position, m: &str) -> Option<Outcome> {
    p.play(mv(m)).unwrap();
    p.outcome()
}

#[test]
fn win_by_entering_the_den() {
    let mut p = pos('j', &[('C', "D2"), ('r', "A3")]);
    let o = play_to_end(&mut p, "D2 D1");
    assert_eq!(
        o,
        Some(Outcome::Win {
            winner: Side::Jade,
            reason: WinReason::Den
        })
    );
    assert!(
        p.legal_moves().is_empty(),
        "a finished game has no legal moves"
    );
    assert_eq!(p.check_move(mv("A3 A4")), Err(IllegalMove::GameOver));
}

#[test]
fn win_by_capturing_everything() {
    let mut p = pos('j', &[('L', "D5"), ('d', "D4"), ('R', "A9")]);
    let o = play_to_end(&mut p, "D5 D4");
    assert_eq!(
        o,
        Some(Outcome::Win {
            winner: Side::Jade,
            reason: WinReason::AllCaptured
        })
    );
    assert!(p.legal_moves().is_empty());
}

#[test]
fn win_when_the_opponent_has_no_legal_move() {
    // The Crimson rat in the corner is boxed in by a dog and a cat it cannot take.
    let mut p = pos('j', &[('r', "A1"), ('D', "A2"), ('C', "C1"), ('L', "G9")]);
    assert_eq!(p.outcome(), None);
    let o = play_to_end(&mut p, "C1 B1");
    assert_eq!(
        o,
        Some(Outcome::Win {
            winner: Side::Jade,
            reason: WinReason::NoMoves
        })
    );
    assert!(p.legal_moves().is_empty());
}

#[test]
fn draw_after_100_half_moves_without_capture() {
    let mut p: Position = board('j', 99, &[('L', "G9"), ('l', "A1")]).parse().unwrap();
    assert_eq!(p.outcome(), None);
    let o = play_to_end(&mut p, "G9 G8");
    assert_eq!(p.halfmove_clock(), 100);
    assert_eq!(
        o,
        Some(Outcome::Draw {
            reason: DrawReason::NoCaptureLimit
        })
    );
    assert!(p.legal_moves().is_empty());
}

#[test]
fn the_clock_resets_on_capture() {
    let mut p: Position = board('j', 99, &[('L', "G9"), ('l', "A1"), ('c', "G8")])
        .parse()
        .unwrap();
    let o = play_to_end(&mut p, "G9 G8");
    assert_eq!(p.halfmove_clock(), 0);
    assert_eq!(o, None);
    let mut q: Position = board('j', 57, &[('L', "G9"), ('l', "A1"), ('c', "G7")])
        .parse()
        .unwrap();
    q.play(mv("G9 G8")).unwrap();
    assert_eq!(q.halfmove_clock(), 58);
}

#[test]
fn a_win_on_the_100th_half_move_beats_the_draw() {
    let mut p: Position = board('j', 99, &[('C', "D2"), ('l', "A1")]).parse().unwrap();
    let o = play_to_end(&mut p, "D2 D1");
    assert_eq!(p.halfmove_clock(), 100);
    assert_eq!(
        o,
        Some(Outcome::Win {
            winner: Side::Jade,
            reason: WinReason::Den
        })
    );
    // No legal move on the 100th half-move also wins rather than draws.
    let mut q: Position = board(
        'j',
        99,
        &[('r', "A1"), ('D', "A2"), ('C', "C1"), ('L', "G9")],
    )
    .parse()
    .unwrap();
    let o = play_to_end(&mut q, "C1 B1");
    assert_eq!(
        o,
        Some(Outcome::Win {
            winner: Side::Jade,
            reason: WinReason::NoMoves
        })
    );
}

#[test]
fn fullmove_number_counts_crimson_moves() {
    let mut p = Position::start();
    p.play(mv("G7 G6")).unwrap();
    assert_eq!(p.fullmove_number(), 1);
    p.play(mv("A3 A4")).unwrap();
    assert_eq!(p.fullmove_number(), 2);
    assert_eq!(
        p.to_string(),
        "l5t/1d3c1/2p1w1e/r6/7/6R/E1W1P2/1C3D1/T5L j 2 2"
    );
}

#[test]
fn jade_first_moves_match_the_rules() {
    let p = Position::start();
    let moves: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves.len(), 24);
    for m in ["G7 G6", "G7 F7", "A7 A6", "C7 D7"] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
    assert!(!moves.contains(&"C7 C6".to_string()));
}
