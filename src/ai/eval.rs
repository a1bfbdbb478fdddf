//! The static evaluation: material that is not simply the ranks, the way to the enemy den by
//! how each animal travels, den and trap defence, hanging pieces, rat/elephant tension, and a
//! pull away from the 100-half-move draw for the side that is ahead. Its numbers are a table
//! of [`Weights`]; an [`Eval`] is one table laid out for speed.

use engine::square::NUM_SQUARES;
use engine::terrain::TRAPS;
use std::sync::LazyLock;

use engine::{Animal, Position, Side, Square};

use super::attacks::Layout;
use super::score::Value;
use super::tables::{
    DEN_DISTANCE_TABLE, DEN_TRAP_GUARDS, DEN_ZONE, FAR, LEAP_DISTANCE, Travel, den_distance,
    water_slot,
};
use super::weights::{BASELINE, FITTED, PRESSURE_LEN, Weights, at};

/// Material for move ordering and quiescence's margins (the evaluation's own is in its
/// weights): the rat is worth more than its rank (it kills the elephant, swims and blocks
/// leaps); lion and tiger more than theirs (they leap).
pub const MATERIAL: [Value; 8] = [350, 200, 250, 320, 420, 750, 850, 950];

/// What one animal on one square is worth to its side, and the pressure it puts on the
/// enemy den, packed so that a side's eight animals sum with eight additions:
/// bits 0-11 the pressure weight, bits 12-15 one if it is near (at most five moves from the
/// den), bit 16 + animal if it is one to three moves from the den, and from bit 32 material
/// plus the advance bonus. Index 63 (a captured animal) is zero.
type Cell = u64;

const PRESSURE_BITS: u64 = 0xFFF;
const NEAR_SHIFT: u32 = 12;
const CLOSE_SHIFT: u32 = 16;
const VALUE_SHIFT: u32 = 32;

/// An evaluation: a set of [`Weights`] laid out in the tables the evaluation reads.
#[derive(Clone, PartialEq, Eq)]
pub struct Eval {
    /// `cells[side][animal][square]`.
    cells: [[[Cell; 64]; 8]; 2],
    /// The cells of a lion (0) or tiger (1) by its den distance, which depends on the rats.
    leaper_cells: [[Cell; FAR as usize + 1]; 2],
    material: [Value; 8],
    tension: Value,
    /// By distance 0-3 (0 unused).
    unopposed: [Value; 4],
    cover: Value,
    open_trap: Value,
    on_trap: Value,
    threat: Value,
    capture: Value,
    tempo: Value,
}

impl std::fmt::Debug for Eval {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Eval(material {:?}, tempo {})",
            self.material, self.tempo
        )
    }
}

/// Level 8's evaluation: the fitted weights.
pub static FITTED_EVAL: LazyLock<Eval> = LazyLock::new(|| Eval::new(&FITTED));
/// Levels 1-7's evaluation: the hand-set weights their ratings were measured with.
pub static BASELINE_EVAL: LazyLock<Eval> = LazyLock::new(|| Eval::new(&BASELINE));

impl Eval {
    pub fn new(w: &Weights) -> Eval {
        let material: [Value; 8] = std::array::from_fn(|a| w.term(at::MATERIAL)[a]);
        let cell = |a: usize, d: usize| -> Cell {
            let advance = w.row(at::ADVANCE, a).get(d).copied().unwrap_or(0);
            let press = w.row(at::PRESSURE, a).get(d).copied().unwrap_or(0);
            let near = (d < PRESSURE_LEN) as u64;
            let close = (1..=3).contains(&d) as u64;
            // The weights' ranges keep both fields non-negative and in their bits.
            let value = (material[a] + advance).max(0) as u64;
            value << VALUE_SHIFT
                | close << (CLOSE_SHIFT + a as u32)
                | near << NEAR_SHIFT
                | (press.clamp(0, 500) as u64 & PRESSURE_BITS)
        };
        let mut cells = [[[0; 64]; 8]; 2];
        for (side, by_animal) in cells.iter_mut().enumerate() {
            for (a, by_square) in by_animal.iter_mut().enumerate() {
                let travel = Travel::of(Animal::ALL[a]) as usize;
                for (s, c) in by_square.iter_mut().enumerate().take(NUM_SQUARES) {
                    *c = cell(a, usize::from(DEN_DISTANCE_TABLE[side][travel][s]));
                }
            }
        }
        let leaper_cells = std::array::from_fn(|i| std::array::from_fn(|d| cell(5 + i, d)));
        let u = w.term(at::UNOPPOSED);
        Eval {
            cells,
            leaper_cells,
            material,
            tension: w.scalar(at::TENSION),
            unopposed: [0, u[0], u[1], u[2]],
            cover: w.scalar(at::COVER),
            open_trap: w.scalar(at::OPEN_TRAP),
            on_trap: w.scalar(at::ON_TRAP),
            threat: w.scalar(at::THREAT),
            capture: w.scalar(at::CAPTURE),
            tempo: w.scalar(at::TEMPO),
        }
    }

    /// The evaluation of `pos` for the side to move, in centi-rat units (a rat is about 350).
    pub fn evaluate(&self, pos: &Position) -> Value {
        let layout = Layout::new(pos);
        draw_pull(self.placement(pos, &layout), pos.halfmove_clock())
    }

    /// One side's terms from where its animals (`raw`) and the enemy's (`enemy_raw`) stand.
    /// Lion and tiger distances depend on where the rats swim; `leap` is
    /// `LEAP_DISTANCE[side][rat case]`.
    #[inline(always)]
    fn side_terms(
        &self,
        side: Side,
        raw: &[u8; 8],
        enemy_raw: &[u8; 8],
        leap: &[u8; 64],
    ) -> SideSum {
        let cells = &self.cells[side.index()];
        let mut acc: u64 = 0;
        for a in [0, 1, 2, 3, 4, 7] {
            acc += cells[a][usize::from(raw[a] & 63)];
        }
        for a in [5, 6] {
            if raw[a] < 63 {
                let d = leap[usize::from(raw[a])].min(FAR);
                acc += self.leaper_cells[a - 5][usize::from(d)];
            }
        }
        let mut value = (acc >> VALUE_SHIFT) as Value;
        if raw[0] < 63 && enemy_raw[7] < 63 {
            value += self.tension;
        }
        if raw[7] < 63 && enemy_raw[0] < 63 {
            value -= self.tension;
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
    fn den_safety(&self, layout: &Layout, side: Side, enemy: &SideSum) -> Value {
        if enemy.near == 0 {
            0
        } else {
            self.den_pressure(layout, side, enemy)
        }
    }

    /// [`Eval::den_safety`] when enemies are near the den.
    #[inline(always)]
    fn den_pressure(&self, layout: &Layout, side: Side, enemy: &SideSum) -> Value {
        let own = layout.occupied[side.index()];
        let cover = (own & DEN_ZONE[side]).count_sparse() as Value;
        let open_traps = DEN_TRAP_GUARDS[side]
            .iter()
            .map(|guards| Value::from((*guards & own).is_empty()))
            .sum::<Value>();
        let mut v = -(enemy.pressure - (cover * self.cover).min(enemy.pressure))
            - open_traps * self.open_trap * enemy.near.min(2);
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
                v -= self.unopposed[d.min(3)];
            }
        }
        v
    }

    /// What the side to move stands to lose to the enemy's next move: it can save one
    /// attacked piece, so count the second most valuable one (a share of it: it may be
    /// defended).
    fn threats(&self, layout: &Layout, us: Side) -> Value {
        let attacked = layout.attacked(us);
        if !attacked.more_than_one() {
            return 0;
        }
        let (mut first, mut second) = (0, 0);
        for sq in attacked {
            let a = layout.animal_at(us, sq);
            // A piece on an enemy trap is rank 0: it is lost, whatever its rank.
            let v = self.material[a.index()];
            if v > first {
                second = first;
                first = v;
            } else if v > second {
                second = v;
            }
        }
        -(second * self.threat / 100)
    }

    /// What the side to move can take with its move: a share of the most valuable enemy
    /// piece it attacks.
    fn captures(&self, layout: &Layout, us: Side) -> Value {
        let them = us.other();
        let best = layout
            .attacked(them)
            .into_iter()
            .map(|sq| self.material[layout.animal_at(them, sq).index()])
            .max()
            .unwrap_or(0);
        best * self.capture / 100
    }

    /// The evaluation before the pull toward the draw: a function of where the animals stand
    /// and whose turn it is, so of the Zobrist hash alone (which lets the search cache it).
    pub fn placement(&self, pos: &Position, layout: &Layout) -> Value {
        let us = pos.turn();
        let them = us.other();
        let case = rat_case(layout);
        let leap = &**LEAP_DISTANCE;
        let (mine, others) = (&layout.raw[us.index()], &layout.raw[them.index()]);
        let (ours, theirs) = (
            self.side_terms(us, mine, others, &leap[us.index()][case]),
            self.side_terms(them, others, mine, &leap[them.index()][case]),
        );
        let mut v = ours.value - theirs.value;
        v += self.den_safety(layout, us, &theirs) - self.den_safety(layout, them, &ours);
        v += self.threats(layout, us);
        if self.capture != 0 {
            v += self.captures(layout, us);
        }
        // Our pieces on enemy traps are rank 0 and easy prey.
        v -= self.on_trap * (layout.occupied[us.index()] & TRAPS[them]).count_sparse() as Value;
        v += self.on_trap * (layout.occupied[them.index()] & TRAPS[us]).count_sparse() as Value;
        v + self.tempo
    }
}

/// One side's material and advance, and the pressure it puts on the enemy den.
struct SideSum {
    value: Value,
    /// Sum of the pressure weights of the side's animals near the enemy den.
    pressure: Value,
    /// How many of its animals are near the enemy den.
    near: Value,
    /// Bit `a` set: animal `a` is one to three moves from the enemy den.
    close: u8,
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

/// Level 8's evaluation of `pos` for the side to move (see [`Eval::evaluate`]).
pub fn evaluate(pos: &Position) -> Value {
    FITTED_EVAL.evaluate(pos)
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
        assert_eq!(evaluate(&start), FITTED_EVAL.tempo);
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
            BASELINE_EVAL
                .side_terms(Side::Jade, &raw[0], &raw[1], &LEAP_DISTANCE[0][case])
                .value
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
