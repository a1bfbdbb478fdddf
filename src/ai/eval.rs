//! The static evaluation: material that is not simply the ranks, the way to the enemy den by
//! how each animal travels, den and trap defence, hanging pieces, rat/elephant tension, and a
//! pull away from the 100-half-move draw for the side that is ahead.

use engine::square::NUM_SQUARES;
use engine::terrain::TRAPS;
use engine::{Animal, Position, Side, Square};

use super::attacks::Layout;
use super::score::Value;
use super::tables::{
    DEN_DISTANCE_TABLE, DEN_TRAP_GUARDS, DEN_ZONE, FAR, LEAP_DISTANCE, Travel, den_distance,
    water_slot,
};

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
/// How much each animal's pressure counts, in percent: a lion at the door is worse than a cat.
const PRESSURE_WEIGHT: [i32; 8] = [80, 55, 65, 80, 90, 120, 130, 120];
/// An enemy animal two or three moves from one's den that no defender nearby can capture.
const UNOPPOSED: [Value; 4] = [0, 0, 130, 60];
/// Each own piece within two steps of the den cancels this much pressure (up to the pressure).
const COVER: Value = 30;
/// An undefended trap beside the den while enemies are near.
const OPEN_TRAP: Value = 25;
/// Moving is worth something.
const TEMPO: Value = 12;

/// What one animal on one square is worth to its side, and the pressure it puts on the
/// enemy den, packed so that a side's eight animals sum with eight additions:
/// bits 0-11 the [`PRESSURE`] (at least 1 for an animal near the den at all), bits 12-15 one
/// if it is near, bit 16 + animal if it is two or three moves from the den, and from bit 32
/// material plus the advance bonus. Index 63 (a captured animal) is zero.
type Cell = u64;

const PRESSURE_BITS: u64 = 0xFFF;
const NEAR_SHIFT: u32 = 12;
const CLOSE_SHIFT: u32 = 16;
const VALUE_SHIFT: u32 = 32;

/// `CELLS[side][animal][square]`.
static CELLS: [[[Cell; 64]; 8]; 2] = build_cells();

const fn build_cells() -> [[[Cell; 64]; 8]; 2] {
    let mut t = [[[0; 64]; 8]; 2];
    let mut side = 0;
    while side < 2 {
        let mut a = 0;
        while a < 8 {
            let travel = Travel::of(Animal::ALL[a]) as usize;
            let mut s = 0;
            while s < NUM_SQUARES {
                t[side][a][s] = cell(a, DEN_DISTANCE_TABLE[side][travel][s] as usize);
                s += 1;
            }
            a += 1;
        }
        side += 1;
    }
    t
}

/// The cells of a lion (0) or tiger (1) by its den distance, which depends on the rats.
static LEAPER_CELLS: [[Cell; FAR as usize + 1]; 2] = {
    let mut t = [[0; FAR as usize + 1]; 2];
    let mut i = 0;
    while i < 2 {
        let mut d = 0;
        while d <= FAR as usize {
            t[i][d] = cell(5 + i, d);
            d += 1;
        }
        i += 1;
    }
    t
};

const fn cell(a: usize, d: usize) -> Cell {
    let advance = if d >= ADVANCE.len() {
        0
    } else {
        ADVANCE[d] * ADVANCE_WEIGHT[a] / 100
    };
    let press = if d >= PRESSURE.len() {
        0
    } else if PRESSURE[d] > 0 {
        PRESSURE[d] * PRESSURE_WEIGHT[a] / 100
    } else {
        1
    };
    let near = (press > 0) as u64;
    let close = (d == 2 || d == 3) as u64;
    ((MATERIAL[a] + advance) as u64) << VALUE_SHIFT
        | close << (CLOSE_SHIFT + a as u32)
        | near << NEAR_SHIFT
        | press as u64
}

/// One side's material and advance, and the pressure it puts on the enemy den.
struct SideSum {
    value: Value,
    /// Sum of [`PRESSURE`] over the side's animals near the enemy den.
    pressure: Value,
    /// How many of its animals are near the enemy den.
    near: Value,
    /// Bit `a` set: animal `a` is two or three moves from the enemy den.
    close: u8,
}

/// One side's terms from where its animals (`raw`) and the enemy's (`enemy_raw`) stand.
/// Lion and tiger distances depend on where the rats swim; `leap` is
/// `LEAP_DISTANCE[side][rat case]`.
#[inline(always)]
fn side_terms(side: Side, raw: &[u8; 8], enemy_raw: &[u8; 8], leap: &[u8; 64]) -> SideSum {
    let cells = &CELLS[side.index()];
    let mut acc: u64 = 0;
    for a in [0, 1, 2, 3, 4, 7] {
        acc += cells[a][usize::from(raw[a] & 63)];
    }
    for a in [5, 6] {
        if raw[a] < 63 {
            let d = leap[usize::from(raw[a])].min(FAR);
            acc += LEAPER_CELLS[a - 5][usize::from(d)];
        }
    }
    let mut value = (acc >> VALUE_SHIFT) as Value;
    if raw[0] < 63 && enemy_raw[7] < 63 {
        value += RAT_ELEPHANT_TENSION;
    }
    if raw[7] < 63 && enemy_raw[0] < 63 {
        value -= RAT_ELEPHANT_TENSION;
    }
    SideSum {
        value,
        pressure: (acc & PRESSURE_BITS) as Value,
        near: ((acc >> NEAR_SHIFT) & 0xF) as Value,
        close: (acc >> CLOSE_SHIFT) as u8,
    }
}

/// How safe `side`'s den is: the enemy's pressure on it against own cover.
#[inline(always)]
fn den_safety(layout: &Layout, side: Side, enemy: &SideSum) -> Value {
    if enemy.near == 0 {
        0
    } else {
        den_pressure(layout, side, enemy)
    }
}

/// [`den_safety`] when enemies are near the den.
#[inline(always)]
fn den_pressure(layout: &Layout, side: Side, enemy: &SideSum) -> Value {
    let own = layout.occupied[side.index()];
    let cover = (own & DEN_ZONE[side]).count_sparse() as Value;
    let open_traps = DEN_TRAP_GUARDS[side]
        .iter()
        .map(|guards| Value::from((*guards & own).is_empty()))
        .sum::<Value>();
    let mut v = -(enemy.pressure - (cover * COVER).min(enemy.pressure))
        - open_traps * OPEN_TRAP * enemy.near.min(2);
    // Attackers close to the den that no defender around it can capture.
    let them = side.other();
    let mut close = enemy.close;
    while close != 0 {
        let a = close.trailing_zeros() as usize;
        close &= close - 1;
        if layout.capturers_near_den(side, Animal::ALL[a]).is_empty()
            && let Some(sq) = layout.square(them, Animal::ALL[a])
        {
            let d = usize::from(distance_of(layout, them, a, sq));
            v -= UNOPPOSED[d.min(3)];
        }
    }
    v
}

/// Where the two rats swim, as the case index of [`LEAP_DISTANCE`].
#[inline]
fn rat_case(layout: &Layout) -> usize {
    water_slot(layout.raw[0][0]) * 13 + water_slot(layout.raw[1][0])
}

/// The den distance of the animal `a` of `side` on `sq`, as the evaluation sees it.
fn distance_of(layout: &Layout, side: Side, a: usize, sq: Square) -> u8 {
    if a == 5 || a == 6 {
        LEAP_DISTANCE[side.index()][rat_case(layout)][sq.index()]
    } else {
        den_distance(side, Animal::ALL[a], sq)
    }
}

/// What the side to move stands to lose to the enemy's next move: it can save one attacked
/// piece, so count the second most valuable one (half of it: it may be defended).
fn threats(layout: &Layout, us: Side) -> Value {
    let attacked = layout.attacked(us);
    if !attacked.more_than_one() {
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
    draw_pull(placement_value(pos, layout), pos.halfmove_clock())
}

/// The evaluation before the pull toward the draw: a function of where the animals stand and
/// whose turn it is, so of the Zobrist hash alone (which lets the search cache it).
pub fn placement_value(pos: &Position, layout: &Layout) -> Value {
    let us = pos.turn();
    let them = us.other();
    let case = rat_case(layout);
    let leap = &**LEAP_DISTANCE;
    let (mine, others) = (&layout.raw[us.index()], &layout.raw[them.index()]);
    let (ours, theirs) = (
        side_terms(us, mine, others, &leap[us.index()][case]),
        side_terms(them, others, mine, &leap[them.index()][case]),
    );
    let mut v = ours.value - theirs.value;
    v += den_safety(layout, us, &theirs) - den_safety(layout, them, &ours);
    v += threats(layout, us);
    // Our pieces on enemy traps are rank 0 and easy prey.
    v -= 20 * (layout.occupied[us.index()] & TRAPS[them]).count_sparse() as Value;
    v += 20 * (layout.occupied[them.index()] & TRAPS[us]).count_sparse() as Value;
    v + TEMPO
}

/// Shrinks the evaluation as the no-capture clock runs toward the 100-half-move draw, so the
/// side that is ahead prefers to make progress (a capture resets the clock) over shuffling.
pub fn draw_pull(v: Value, clock: u16) -> Value {
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
    fn a_rat_in_the_lake_slows_the_leaper() {
        // Jade's lion on C7 leaps C7-C3 toward Crimson's den, unless a rat swims on C4-C6.
        let jade_value = |s: &str| {
            let p = p(s);
            let layout = Layout::new(&p);
            let case = rat_case(&layout);
            let raw = &layout.raw;
            side_terms(Side::Jade, &raw[0], &raw[1], &LEAP_DISTANCE[0][case]).value
        };
        let free = jade_value("7/7/7/7/1r5/7/2L4/7/7 j 0 1");
        let blocked = jade_value("7/7/7/7/2r4/7/2L4/7/7 j 0 1");
        assert!(blocked < free, "{blocked} {free}");
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
