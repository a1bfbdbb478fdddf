//! The static evaluation: material that is not simply the ranks, the way to the enemy den by
//! how each animal travels, den and trap defence, hanging pieces, rat/elephant tension, and a
//! pull away from the 100-half-move draw for the side that is ahead.

use crate::engine::square::NUM_SQUARES;
use crate::engine::terrain::{STEPS, TRAPS};
use crate::engine::{Animal, Position, Side};

use super::attacks::Layout;
use super::score::Value;
use super::tables::{DEN_ADJACENT, DEN_DISTANCE_TABLE, DEN_ZONE, FAR, Travel};

/// Base material, rat to elephant. The rat is worth more than its rank (it kills the elephant,
/// swims and blocks leaps); lion and tiger more than theirs (they leap).
pub const MATERIAL: [Value; 8] = [350, 200, 250, 320, 420, 750, 850, 950];
/// Added to a rat while the enemy elephant lives, taken from an elephant while the enemy rat lives.
const RAT_ELEPHANT_TENSION: Value = 100;

/// Bonus by den distance (moves to the enemy den) for an average attacker.
const ADVANCE: [i32; 12] = [0, 200, 100, 65, 45, 32, 22, 14, 8, 4, 2, 0];
/// How much each animal's advance counts, in percent.
const ADVANCE_WEIGHT: [i32; 8] = [90, 55, 65, 80, 90, 100, 100, 100];

/// Extra weight of an enemy animal this many moves from one's den (pressure on the den).
const PRESSURE: [Value; 6] = [0, 0, 70, 40, 18, 0];
/// Each own piece within two steps of the den cancels this much pressure (up to the pressure).
const COVER: Value = 30;
/// An undefended trap beside the den while enemies are near.
const OPEN_TRAP: Value = 25;
/// Moving is worth something.
const TEMPO: Value = 12;

/// `PST[side][animal][square]`: the advance bonus of each animal on each square.
static PST: [[[i16; NUM_SQUARES]; 8]; 2] = build_pst();

const fn build_pst() -> [[[i16; NUM_SQUARES]; 8]; 2] {
    let mut t = [[[0i16; NUM_SQUARES]; 8]; 2];
    let mut side = 0;
    while side < 2 {
        let mut a = 0;
        while a < 8 {
            let travel = Travel::of(Animal::ALL[a]) as usize;
            let mut s = 0;
            while s < NUM_SQUARES {
                let d = DEN_DISTANCE_TABLE[side][travel][s];
                let bonus = if d as usize >= ADVANCE.len() || d == FAR {
                    0
                } else {
                    ADVANCE[d as usize] * ADVANCE_WEIGHT[a] / 100
                };
                t[side][a][s] = bonus as i16;
                s += 1;
            }
            a += 1;
        }
        side += 1;
    }
    t
}

/// Material and advance of one side.
fn side_terms(layout: &Layout, side: Side) -> Value {
    let them = side.other();
    let mut v = 0;
    for (a, sq) in layout.squares[side].iter().enumerate() {
        if let Some(sq) = sq {
            v += MATERIAL[a] + Value::from(PST[side.index()][a][sq.index()]);
        }
    }
    if layout.squares[side][0].is_some() && layout.squares[them][7].is_some() {
        v += RAT_ELEPHANT_TENSION;
    }
    if layout.squares[side][7].is_some() && layout.squares[them][0].is_some() {
        v -= RAT_ELEPHANT_TENSION;
    }
    v
}

/// How safe `side`'s den is: pressure from enemies close to it against own cover.
fn den_safety(layout: &Layout, side: Side) -> Value {
    let them = side.other();
    let mut pressure = 0;
    let mut near = 0;
    for (a, sq) in layout.squares[them].iter().enumerate() {
        if let Some(sq) = sq {
            let travel = Travel::of(Animal::ALL[a]) as usize;
            let d = DEN_DISTANCE_TABLE[them.index()][travel][sq.index()] as usize;
            if d < PRESSURE.len() {
                pressure += PRESSURE[d];
                near += 1;
            }
        }
    }
    if near == 0 {
        return 0;
    }
    let own = layout.occupied[side];
    let cover = (own & DEN_ZONE[side]).count() as Value;
    let open_traps = DEN_ADJACENT[side]
        .filter(|t| (STEPS[t.index()] & own).is_empty())
        .count() as Value;
    -(pressure - (cover * COVER).min(pressure)) - open_traps * OPEN_TRAP * near.min(2)
}

/// What the side to move stands to lose to the enemy's next move: it can save one attacked
/// piece, so count the second most valuable one (half of it: it may be defended).
fn threats(layout: &Layout, us: Side) -> Value {
    let attacked = layout.attacked(us);
    if attacked.count() < 2 {
        return 0;
    }
    let (mut first, mut second) = (0, 0);
    for sq in attacked {
        let a = layout.animal_at(us, sq);
        // A piece on an enemy trap is rank 0: it is lost, whatever its rank.
        let v = MATERIAL[a.index()];
        if v > first {
            second = first;
            first = v;
        } else if v > second {
            second = v;
        }
    }
    -second / 2
}

/// The evaluation of `pos` for the side to move, in centi-rat units (a rat is about 350).
pub fn evaluate(pos: &Position) -> Value {
    let layout = Layout::new(pos);
    evaluate_layout(pos, &layout)
}

pub fn evaluate_layout(pos: &Position, layout: &Layout) -> Value {
    let us = pos.turn();
    let them = us.other();
    let mut v = side_terms(layout, us) - side_terms(layout, them);
    v += den_safety(layout, us) - den_safety(layout, them);
    v += threats(layout, us);
    // Our pieces on enemy traps are rank 0 and easy prey.
    v -= 20 * (layout.occupied[us] & TRAPS[them]).count() as Value;
    v += 20 * (layout.occupied[them] & TRAPS[us]).count() as Value;
    v += TEMPO;
    draw_pull(v, pos.halfmove_clock())
}

/// Shrinks the evaluation as the no-capture clock runs toward the 100-half-move draw, so the
/// side that is ahead prefers to make progress (a capture resets the clock) over shuffling.
fn draw_pull(v: Value, clock: u16) -> Value {
    const FREE: i32 = 30;
    let c = i32::from(clock);
    if c <= FREE {
        v
    } else {
        // From full value at FREE down to a quarter at 100.
        let span = 100 - FREE;
        let keep = 4 * span - 3 * (c - FREE).min(span);
        v * keep / (4 * span)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Position {
        s.parse().unwrap()
    }

    #[test]
    fn start_is_balanced_but_for_the_tempo() {
        let start = Position::start();
        assert_eq!(evaluate(&start), TEMPO);
        // Colour symmetry: the mirrored position with the other side to move scores the same.
        let jade = p("7/7/2R4/7/7/7/4e2/7/7 j 0 1");
        let crimson = p("7/7/2E4/7/7/7/4r2/7/7 c 0 1");
        assert_eq!(evaluate(&jade), evaluate(&crimson));
    }

    #[test]
    fn material_and_advance_count() {
        // An extra elephant is a lot.
        let up = p("7/7/7/7/7/7/7/3L3/l3E2 j 0 1");
        assert!(evaluate(&up) > 500, "{}", evaluate(&up));
        // A piece near the enemy den is worth more than one at home.
        let near = p("7/1C5/7/7/7/7/7/7/c6 j 0 1");
        let home = p("7/7/7/7/7/7/7/1C5/c6 j 0 1");
        assert!(evaluate(&near) > evaluate(&home));
    }

    #[test]
    fn draw_pull_shrinks_toward_the_clock() {
        assert_eq!(draw_pull(400, 0), 400);
        assert_eq!(draw_pull(400, 30), 400);
        assert_eq!(draw_pull(400, 100), 100);
        assert!(draw_pull(400, 70) < 400 && draw_pull(400, 70) > 100);
        assert_eq!(draw_pull(-400, 100), -100);
    }
}
