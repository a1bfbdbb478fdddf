//! The last two plies of perft in bulk: for every move of the side to move, the number of
//! replies, counted from the parent's data without playing the move.
//!
//! The side to move is Y and the replying side X. For each X animal the parent knows the
//! squares it reaches, where it may capture at all, and how many X animals would be shut out
//! of each square by each Y animal standing there. A Y move `a: f -> t` changes X's options
//! only on `f` (now empty), on `t` (now Y's `a`, or X's captured piece gone), and, when a rat
//! enters or leaves the water, on the leaps of X's lion and tiger. So the reply counts of all
//! of `a`'s moves are summed at once from X's count in the parent and a few corrections.

use super::movegen::{Context, bb_of};
use super::position::{DRAW_CLOCK, Position};
use super::square::Square;
use super::terrain::{DEN_BB, LAND, LEAPS, STEPS, TRAPS, WATER};

const FULL: u64 = (1u64 << 63) - 1;
const TIGER: usize = 5;
const LION: usize = 6;

/// Whether animal `b` may capture animal `a` by rank alone (same terrain, no traps involved).
const fn outranks(b: usize, a: usize) -> bool {
    match (b, a) {
        (7, 0) => false,
        (0, 7) => true,
        _ => b >= a,
    }
}

/// Landing squares of the leaps from raw square `s` not blocked by a rat in `rats`.
#[inline(always)]
fn leap_dests(s: u8, rats: u64) -> u64 {
    let mut out = 0;
    for leap in LEAPS[s as usize].as_slice() {
        if leap.path.0 & rats == 0 {
            out |= 1u64 << leap.to.index();
        }
    }
    out
}

/// A small count (0..=7) for every square at once, kept in three bit planes.
#[derive(Clone, Copy, Default)]
struct Tally([u64; 3]);

impl Tally {
    /// Adds one to the count of every square in `set` (no count here goes past 6).
    #[inline(always)]
    fn add(self, set: u64) -> Tally {
        let [p0, p1, p2] = self.0;
        let c0 = p0 & set;
        let c1 = p1 & c0;
        Tally([p0 ^ set, p1 ^ c0, p2 | c1])
    }

    /// The count on square `sq`.
    #[inline(always)]
    fn at(&self, sq: u32) -> u64 {
        let [p0, p1, p2] = self.0;
        ((p0 >> sq) & 1) | (((p1 >> sq) & 1) << 1) | (((p2 >> sq) & 1) << 2)
    }

    /// The sum of the counts over the squares of `set`.
    #[inline(always)]
    fn sum_over(&self, set: u64) -> u64 {
        let [p0, p1, p2] = self.0;
        u64::from((p0 & set).count_ones())
            + 2 * u64::from((p1 & set).count_ones())
            + 4 * u64::from((p2 & set).count_ones())
    }
}

/// What the replying side X can do in the parent position, per animal (0 for a captured one).
struct Replies {
    /// Squares the animal reaches by a step or an open leap, own pieces not taken out.
    reach_full: [u64; 8],
    /// Where the animal may capture at all: the terrain it stands on, nothing from a Y trap.
    terr: [u64; 8],
    /// Empty squares and the Y pieces it may capture.
    allowed: [u64; 8],
    /// `shut[a]`: on each square, how many X animals reach it but could not capture Y's
    /// animal `a` standing there (for `a` = elephant, the rat is still to be taken out).
    shut: [Tally; 8],
    /// Squares X's rat reaches and may capture on, outside X's traps: counted in `shut[7]`
    /// although the rat outranks the elephant, so taken back out there.
    rat_only_weak: u64,
    /// Sum of X's move counts.
    total: u32,
    /// Both rats.
    rats: u64,
    /// X's pieces.
    own: u64,
}

impl Replies {
    #[inline(always)]
    fn new(pos: &Position) -> Replies {
        let y = pos.turn();
        let x = y.other();
        let own = pos.occupied_by(x).0;
        let them = pos.occupied_by(y).0;
        let not_den = !DEN_BB[x].0 & FULL;
        let traps = TRAPS[x].0;
        let yb: [u64; 8] = std::array::from_fn(|a| bb_of(pos.raw_square(y, a)).0);
        let weak = them & traps;
        let rats = bb_of(pos.raw_square(x, 0)).0 | yb[0];
        let mut at_most = [0; 8];
        let mut acc = 0;
        for (slot, bit) in at_most.iter_mut().zip(yb) {
            acc |= bit;
            *slot = acc;
        }
        let sq: [u8; 8] = std::array::from_fn(|b| pos.raw_square(x, b));
        let reach_full: [u64; 8] = std::array::from_fn(|b| {
            let s = sq[b];
            let steps = STEPS[s as usize].0 & not_den;
            match b {
                0 => steps,
                TIGER | LION => (steps & LAND.0) | leap_dests(s, rats),
                _ => steps & LAND.0,
            }
        });
        let terr: [u64; 8] = std::array::from_fn(|b| {
            let sbit = bb_of(sq[b]).0;
            if sbit & TRAPS[y].0 != 0 {
                0
            } else if b == 0 && sbit & WATER.0 != 0 {
                WATER.0
            } else {
                LAND.0
            }
        });
        let reach = reach_full.map(|full| full & !own);
        let allowed: [u64; 8] = std::array::from_fn(|b| {
            let capturable = match b {
                0 => yb[0] | yb[7],
                7 => them & !yb[0],
                _ => at_most[b],
            } | weak;
            !them | (capturable & terr[b])
        });
        let total = (0..8).map(|b| (reach[b] & allowed[b]).count_ones()).sum();
        // An X animal that reaches a square is shut out of it by a Y animal there when it
        // cannot capture at all from where it stands (`never`), or when it does not outrank
        // that animal and the square is not one of X's traps (`unless_outranks`).
        let never: [u64; 8] = std::array::from_fn(|b| reach[b] & !terr[b]);
        let unless_outranks: [u64; 8] = std::array::from_fn(|b| reach[b] & terr[b] & !traps);
        let strong = never.iter().fold(Tally::default(), |t, &set| t.add(set));
        // Y's `a` is not outranked by X's `b < a` (and the rat is not by the elephant).
        let mut shut = [Tally::default(); 8];
        shut[0] = strong.add(unless_outranks[7]);
        let mut acc = strong;
        for a in 1..8 {
            acc = acc.add(unless_outranks[a - 1]);
            shut[a] = acc;
        }
        Replies {
            reach_full,
            terr,
            allowed,
            shut,
            rat_only_weak: unless_outranks[0],
            total,
            rats,
            own,
        }
    }

    /// X's moves in the parent position by its animal `b`.
    #[inline(always)]
    fn moves(&self, b: usize) -> u64 {
        self.reach_full[b] & !self.own & self.allowed[b]
    }
}

/// `perft(pos, 2)` for a position whose game is not over.
#[inline(always)]
pub(crate) fn perft2(pos: &Position) -> u64 {
    debug_assert!(!pos.is_decided_without_movegen());
    let y = pos.turn();
    let x = y.other();
    // A quiet move that reaches the draw clock, or a Y piece already in X's den (only in
    // hand-made positions), ends every child; the general path handles those.
    if pos.halfmove_clock() + 1 >= DRAW_CLOCK || (pos.occupied_by(y) & DEN_BB[x]).any() {
        return perft2_by_playing(pos);
    }
    let r = Replies::new(pos);
    let ctx = Context::new(pos);
    children::<0>(pos, &ctx, &r)
        + children::<1>(pos, &ctx, &r)
        + children::<2>(pos, &ctx, &r)
        + children::<3>(pos, &ctx, &r)
        + children::<4>(pos, &ctx, &r)
        + children::<5>(pos, &ctx, &r)
        + children::<6>(pos, &ctx, &r)
        + children::<7>(pos, &ctx, &r)
}

/// `perft(pos, 2)` by playing every move and counting the child's moves.
fn perft2_by_playing(pos: &Position) -> u64 {
    let mut list = super::movegen::MoveList::default();
    pos.generate_moves(&mut list);
    list.iter()
        .map(|&mv| {
            let mut child = *pos;
            child.play_unchecked(mv);
            if child.is_decided_without_movegen() {
                0
            } else {
                u64::from(child.count_moves())
            }
        })
        .sum()
}

/// Sum of the reply counts over the moves of Y's animal `A`.
#[inline(always)]
fn children<const A: usize>(pos: &Position, ctx: &Context, r: &Replies) -> u64 {
    let y = pos.turn();
    let x = y.other();
    let f = pos.raw_square(y, A);
    let targets = ctx.targets::<A>(f).0 & !DEN_BB[x].0;
    if targets == 0 {
        return 0;
    }
    let fbit = 1u64 << f;
    let traps = TRAPS[x].0;
    // Every child starts from X's moves in the parent. Leaving `f` frees it for the X
    // animals that reached it without being able to capture `A`; arriving on `t` shuts it
    // for those that may not capture `A` there. Summed over the targets at once.
    let mut gained = r.shut[A].at(u32::from(f));
    let mut shut = r.shut[A].sum_over(targets);
    if A == 7 {
        // The rat outranks the elephant: take it back out of the elephant's tally.
        gained -= (r.rat_only_weak >> f) & 1;
        shut -= u64::from((r.rat_only_weak & targets).count_ones());
    }
    let n_a = u64::from(r.total) + gained;
    let mut sum = u64::from(targets.count_ones()) * n_a - shut;
    let captures = targets & r.own;
    if captures != 0 {
        // Capturing on `t` takes the victim's moves away and opens `t` to the X animals
        // that may take `A` there.
        for b in 0..8 {
            sum += u64::from((r.reach_full[b] & k::<A>(r, b, traps) & captures).count_ones());
        }
        let mut rest = captures;
        while rest != 0 {
            let t = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let c = pos
                .piece_at(Square::from_index_unchecked(t))
                .map_or(0, |p| p.animal.index());
            sum -= u64::from((r.moves(c) | (r.reach_full[c] & !r.own & fbit)).count_ones());
        }
    }
    if A == 0 && (fbit | targets) & WATER.0 != 0 {
        // The rat enters, leaves or crosses the water: the lion's and tiger's leaps change.
        let mut rest = targets;
        while rest != 0 {
            let t = rest.trailing_zeros();
            let tbit = 1u64 << t;
            rest &= rest - 1;
            if (fbit | tbit) & WATER.0 == 0 {
                continue;
            }
            let rats = (r.rats & !fbit) | tbit;
            for b in [TIGER, LION] {
                let keep = k::<A>(r, b, traps) | !tbit;
                let s = pos.raw_square(x, b);
                let steps = r.reach_full[b] & !leap_dests(s, r.rats);
                let now = (steps | leap_dests(s, rats)) & !r.own;
                let allowed = r.allowed[b] | fbit;
                let before = r.moves(b) | (r.reach_full[b] & !r.own & fbit);
                sum += u64::from((now & allowed & keep).count_ones());
                sum -= u64::from((before & keep).count_ones());
            }
        }
    }
    sum
}

/// The squares on which X's animal `b` may capture Y's animal `A`.
#[inline(always)]
fn k<const A: usize>(r: &Replies, b: usize, traps: u64) -> u64 {
    if outranks(b, A) {
        r.terr[b]
    } else {
        r.terr[b] & traps
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    /// xorshift64*, enough to wander through random games.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state >> 12;
        *state ^= *state << 25;
        *state ^= *state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn random_positions(seed: u64, games: usize, plies: usize) -> Vec<Position> {
        let mut state = seed;
        let mut out = Vec::new();
        for _ in 0..games {
            let mut p = Position::start();
            for _ in 0..plies {
                out.push(p);
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p.play_unchecked(moves[(next(&mut state) % moves.len() as u64) as usize]);
            }
        }
        out
    }

    #[test]
    fn bulk_depth_two_equals_playing_every_move() {
        let positions = random_positions(0xb01c, 200, 200);
        assert!(positions.len() > 20_000);
        for p in positions.iter().filter(|p| !p.is_decided_without_movegen()) {
            assert_eq!(perft2(p), perft2_by_playing(p), "{p}");
        }
    }

    #[test]
    fn bulk_depth_two_on_made_positions() {
        for text in [
            // The rat's moves in and out of the water open and close the lion's leaps.
            "7/7/7/7/1r1L3/7/7/7/7 c 0 1",
            "7/7/7/1r5/L6/7/7/7/6T c 0 1",
            "7/7/7/7/r2L3/7/7/7/6T c 0 1",
            // Rats capture each other in the water; elephants and rats on traps.
            "7/7/7/1r5/1R5/7/3E3/3d3/7 c 0 1",
            "7/7/7/1r5/1R5/7/e2E3/3d3/7 j 0 1",
            // The draw clock runs out on quiet moves.
            "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L j 98 60",
            "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L j 99 60",
        ] {
            let p: Position = text.parse().unwrap();
            assert_eq!(perft2(&p), perft2_by_playing(&p), "{text}");
        }
        // A Jade lion already in Crimson's den with Jade to move (only by passing the turn):
        // its three moves out leave the rat two replies each.
        let p: Position = "3L3/7/7/7/7/7/7/7/r6 c 0 1".parse().unwrap();
        let p = p.with_turn(crate::Side::Jade);
        assert_eq!(perft2(&p), 6);
        assert_eq!(perft2_by_playing(&p), 6);
    }
}
