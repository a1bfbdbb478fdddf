//! Board knowledge built at compile time for the evaluation: how far each kind of animal must
//! travel to the enemy den (walking, swimming or leaping) and the squares around each den.

use std::sync::LazyLock;

use engine::Bitboard;
use engine::square::{NUM_SQUARES, Square};
use engine::terrain::{DEN, WATER};
use engine::types::{Animal, BySide, Side};

/// How an animal travels: on land only, on land and through water (rat), or on land with
/// leaps across the lakes (lion, tiger).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Travel {
    Walk = 0,
    Swim = 1,
    Leap = 2,
}

impl Travel {
    pub const fn of(animal: Animal) -> Travel {
        match animal {
            Animal::Rat => Travel::Swim,
            Animal::Tiger | Animal::Lion => Travel::Leap,
            _ => Travel::Walk,
        }
    }
}

/// Distance used for squares from which the den cannot be reached at all.
pub const FAR: u8 = 30;

/// `DEN_DISTANCE[side][travel][square]`: moves an animal of `side` that travels that way needs
/// from `square` to enter the enemy den on an empty board (leaps counted as one move).
pub static DEN_DISTANCE: [[[u8; NUM_SQUARES]; 3]; 2] = DEN_DISTANCE_TABLE;

/// The same table as a constant, for other compile-time tables.
pub const DEN_DISTANCE_TABLE: [[[u8; NUM_SQUARES]; 3]; 2] = build_distances();

/// `DEN_ADJACENT[side]`: the squares beside `side`'s den (all three are `side`'s traps).
/// An enemy animal standing there enters the den on its next move.
pub const DEN_ADJACENT: BySide<Bitboard> = BySide::new(
    neighbours_of(DEN.jade.index()),
    neighbours_of(DEN.crimson.index()),
);

/// `DEN_TRAP_GUARDS[side]`: for each square beside `side`'s den, its neighbours (where a
/// defender guards it from).
pub const DEN_TRAP_GUARDS: BySide<[Bitboard; 3]> = BySide::new(
    trap_guards(DEN.jade.index()),
    trap_guards(DEN.crimson.index()),
);

const fn trap_guards(den: usize) -> [Bitboard; 3] {
    let mut out = [Bitboard::EMPTY; 3];
    let mut rest = neighbours_of(den).0;
    let mut k = 0;
    while rest != 0 {
        out[k] = neighbours_of(rest.trailing_zeros() as usize);
        rest &= rest - 1;
        k += 1;
    }
    out
}

/// `DEN_ZONE[side]`: squares at most two steps from `side`'s den (the den itself excluded).
/// An enemy animal there can threaten to enter the den with its next move.
pub const DEN_ZONE: BySide<Bitboard> = BySide::new(
    zone_of(DEN.jade.index(), 2),
    zone_of(DEN.crimson.index(), 2),
);

/// `DEN_FIELD[side]`: squares at most four steps from `side`'s den: where defenders stand and
/// where an attack is prepared.
pub const DEN_FIELD: BySide<Bitboard> = BySide::new(
    zone_of(DEN.jade.index(), 4),
    zone_of(DEN.crimson.index(), 4),
);

const fn neighbours_of(i: usize) -> Bitboard {
    let s = Square::from_index_unchecked(i as u8);
    let mut bits = 0u64;
    let ns = [s.up(), s.down(), s.left(), s.right()];
    let mut k = 0;
    while k < 4 {
        if let Some(n) = ns[k] {
            bits |= 1 << n.index();
        }
        k += 1;
    }
    Bitboard(bits)
}

/// Land squares within `radius` Manhattan steps of the square `i`, without `i`.
const fn zone_of(i: usize, radius: u8) -> Bitboard {
    let c = Square::from_index_unchecked(i as u8);
    let mut bits = 0u64;
    let mut j = 0;
    while j < NUM_SQUARES {
        let d = Square::from_index_unchecked(j as u8).distance(c);
        if d >= 1 && d <= radius && WATER.0 & (1 << j) == 0 {
            bits |= 1 << j;
        }
        j += 1;
    }
    Bitboard(bits)
}

const fn step(s: Square, dir: usize) -> Option<Square> {
    match dir {
        0 => s.up(),
        1 => s.down(),
        2 => s.left(),
        _ => s.right(),
    }
}

const fn is_water(i: usize) -> bool {
    WATER.0 & (1 << i) != 0
}

/// Breadth-first search backwards from the enemy den over the moves of one travel kind, with
/// leaps across the water squares in `blocked` (where rats swim) impossible. Moves are
/// symmetric (a step or a leap can be reversed), so distances *to* the den equal distances
/// *from* it.
const fn distances(side: Side, travel: Travel, blocked: u64) -> [u8; NUM_SQUARES] {
    let target = match side {
        Side::Jade => DEN.crimson.index(),
        Side::Crimson => DEN.jade.index(),
    };
    let own_den = match side {
        Side::Jade => DEN.jade.index(),
        Side::Crimson => DEN.crimson.index(),
    };
    let mut dist = [FAR; NUM_SQUARES];
    let mut queue = [0usize; NUM_SQUARES];
    let (mut head, mut tail) = (0, 0);
    dist[target] = 0;
    queue[tail] = target;
    tail += 1;
    while head < tail {
        let cur = queue[head];
        head += 1;
        let s = Square::from_index_unchecked(cur as u8);
        let mut dir = 0;
        while dir < 4 {
            // A plain step.
            if let Some(n) = step(s, dir) {
                let ni = n.index();
                let ok = ni != own_den && (!is_water(ni) || matches!(travel, Travel::Swim));
                if ok && dist[ni] == FAR {
                    dist[ni] = dist[cur] + 1;
                    queue[tail] = ni;
                    tail += 1;
                }
            }
            // A leap across a lake, from land to land.
            if matches!(travel, Travel::Leap) && !is_water(cur) {
                let mut c = step(s, dir);
                let mut crossed = false;
                let mut free = true;
                while let Some(w) = c {
                    if !is_water(w.index()) {
                        break;
                    }
                    crossed = true;
                    free = free && blocked & (1 << w.index()) == 0;
                    c = step(w, dir);
                }
                if crossed
                    && free
                    && let Some(land) = c
                {
                    let li = land.index();
                    if li != own_den && dist[li] == FAR {
                        dist[li] = dist[cur] + 1;
                        queue[tail] = li;
                        tail += 1;
                    }
                }
            }
            dir += 1;
        }
    }
    dist
}

const fn build_distances() -> [[[u8; NUM_SQUARES]; 3]; 2] {
    [
        [
            distances(Side::Jade, Travel::Walk, 0),
            distances(Side::Jade, Travel::Swim, 0),
            distances(Side::Jade, Travel::Leap, 0),
        ],
        [
            distances(Side::Crimson, Travel::Walk, 0),
            distances(Side::Crimson, Travel::Swim, 0),
            distances(Side::Crimson, Travel::Leap, 0),
        ],
    ]
}

/// Where the rats can block leaps: a rat's water square as 0..12, or 12 when it is on land
/// or captured. Two rats give one of 13 x 13 cases.
pub const RAT_CASES: usize = 13 * 13;

/// The water squares in order, for [`water_slot`].
const WATER_SQUARES: [u8; 12] = {
    let mut out = [0u8; 12];
    let (mut i, mut n) = (0, 0);
    while i < NUM_SQUARES {
        if is_water(i) {
            out[n] = i as u8;
            n += 1;
        }
        i += 1;
    }
    out
};

const WATER_SLOT: [u8; 64] = {
    let mut t = [12u8; 64];
    let mut n = 0;
    while n < 12 {
        t[WATER_SQUARES[n] as usize] = n as u8;
        n += 1;
    }
    t
};

/// A rat's square index (63 when captured) as 0..12 in the water, 12 otherwise.
#[inline]
pub fn water_slot(raw: u8) -> usize {
    usize::from(WATER_SLOT[usize::from(raw & 63)])
}

/// `LEAP_DISTANCE[side][case][square]`: moves a lion or tiger of `side` needs to the enemy den
/// when the rats stand as in `case` (`13 * slot(jade rat) + slot(crimson rat)`): a rat in the
/// water blocks every leap across its square. Index 63 is [`FAR`].
pub static LEAP_DISTANCE: LazyLock<Box<[[[u8; 64]; RAT_CASES]; 2]>> = LazyLock::new(|| {
    let mut t = Box::new([[[FAR; 64]; RAT_CASES]; 2]);
    for (side_i, side) in Side::ALL.into_iter().enumerate() {
        for case in 0..RAT_CASES {
            let blocked = [case / 13, case % 13]
                .iter()
                .filter(|&&slot| slot < 12)
                .fold(0u64, |b, &slot| b | 1 << WATER_SQUARES[slot]);
            let d = distances(side, Travel::Leap, blocked);
            t[side_i][case][..NUM_SQUARES].copy_from_slice(&d);
        }
    }
    t
});

/// Moves the animal of `side` on `sq` needs to reach the enemy den on an empty board.
#[inline]
pub fn den_distance(side: Side, animal: Animal, sq: Square) -> u8 {
    DEN_DISTANCE[side.index()][Travel::of(animal) as usize][sq.index()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::square::sq;

    #[test]
    fn distances_follow_the_way_each_animal_travels() {
        // Beside the den: one move.
        assert_eq!(den_distance(Side::Jade, Animal::Cat, sq::D2), 1);
        assert_eq!(den_distance(Side::Crimson, Animal::Cat, sq::D8), 1);
        // A walker from G9 goes around: 6 files... D1 is 3 files and 8 ranks away.
        assert_eq!(den_distance(Side::Jade, Animal::Dog, sq::G9), 11);
        // A leaper from D7 ... C7 leaps to C3: D7 -> C7 -> C3 -> C2 -> C1 -> D1 = 5, or D7..D1 = 6.
        assert_eq!(den_distance(Side::Jade, Animal::Lion, sq::D7), 5);
        assert_eq!(den_distance(Side::Jade, Animal::Wolf, sq::C7), 7);
        assert_eq!(den_distance(Side::Jade, Animal::Tiger, sq::C7), 4);
        // The rat swims straight up the lake.
        assert_eq!(den_distance(Side::Jade, Animal::Rat, sq::C7), 7);
        assert_eq!(den_distance(Side::Jade, Animal::Rat, sq::C5), 5);
        assert_eq!(den_distance(Side::Jade, Animal::Cat, sq::C5), FAR);
        // Symmetric sides.
        for s in Square::all() {
            let mirror = Square::from_coords(6 - s.file(), 10 - s.rank()).unwrap();
            for a in Animal::ALL {
                assert_eq!(
                    den_distance(Side::Jade, a, s),
                    den_distance(Side::Crimson, a, mirror)
                );
            }
        }
    }

    #[test]
    fn rats_in_the_water_block_leaping_routes() {
        let j = Side::Jade.index();
        let free = 12 * 13 + 12;
        // The lion on C7 leaps to C3: four moves. With a rat on C5 it must walk around.
        assert_eq!(LEAP_DISTANCE[j][free][sq::C7.index()], 4);
        let c5 = water_slot(sq::C5.index() as u8);
        assert!(c5 < 12);
        let blocked = LEAP_DISTANCE[j][c5 * 13 + 12][sq::C7.index()];
        assert!(blocked > 4, "{blocked}");
        // Which rat it is does not matter.
        assert_eq!(LEAP_DISTANCE[j][12 * 13 + c5][sq::C7.index()], blocked);
        assert_eq!(water_slot(sq::C3.index() as u8), 12);
        assert_eq!(water_slot(63), 12);
        for s in Square::all() {
            assert_eq!(
                LEAP_DISTANCE[j][free][s.index()],
                den_distance(Side::Jade, Animal::Lion, s)
            );
        }
    }

    #[test]
    fn den_zones() {
        assert_eq!(
            DEN_ADJACENT.crimson,
            Bitboard::from_squares(&[sq::C1, sq::E1, sq::D2])
        );
        assert_eq!(DEN_ZONE.crimson.count(), 8);
        assert!(DEN_ZONE.jade.contains(sq::D7) && DEN_ZONE.jade.contains(sq::B9));
        assert!(!DEN_ZONE.jade.contains(sq::D9));
        for side in Side::ALL {
            let guards: Vec<Bitboard> = DEN_ADJACENT[side]
                .map(|t| engine::terrain::STEPS[t.index()])
                .collect();
            assert_eq!(DEN_TRAP_GUARDS[side].to_vec(), guards);
        }
    }
}
