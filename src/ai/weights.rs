//! The evaluation's weights as numbers that can be read, written and tuned: a flat list of
//! named terms ([`TERMS`]), kept in text tables (`weights/*.txt`). `baseline.txt` holds the
//! weights set by hand, which levels 1-7 play with (their measured ratings rest on them);
//! `fitted.txt` holds the weights `jungle tune` fitted to self-play games, which level 8 plays.

use std::fmt;
use std::sync::LazyLock;

/// The animals in the order of the per-animal terms.
const ANIMALS: [&str; 8] = [
    "rat", "cat", "dog", "wolf", "leopard", "tiger", "lion", "elephant",
];

/// One named term: how many values it has and the range each may take.
#[derive(Clone, Copy, Debug)]
pub struct Term {
    pub name: &'static str,
    /// One value per animal (`name.rat` … `name.elephant`, each with `len` values) or not.
    pub per_animal: bool,
    pub len: usize,
    pub min: i32,
    pub max: i32,
}

const fn term(name: &'static str, len: usize, min: i32, max: i32) -> Term {
    Term {
        name,
        per_animal: false,
        len,
        min,
        max,
    }
}

const fn per_animal(name: &'static str, len: usize, min: i32, max: i32) -> Term {
    Term {
        name,
        per_animal: true,
        len,
        min,
        max,
    }
}

/// Indices of the terms in [`TERMS`].
pub mod at {
    pub const MATERIAL: usize = 0;
    pub const TENSION: usize = 1;
    pub const ADVANCE: usize = 2;
    pub const PRESSURE: usize = 3;
    pub const UNOPPOSED: usize = 4;
    pub const COVER: usize = 5;
    pub const OPEN_TRAP: usize = 6;
    pub const ON_TRAP: usize = 7;
    pub const THREAT: usize = 8;
    pub const CAPTURE: usize = 9;
    pub const TEMPO: usize = 10;
}

/// Advance bonus by den distance (moves to the enemy den), 0 to 11.
pub const ADVANCE_LEN: usize = 12;
/// Pressure by an enemy's distance from one's den, 0 to 5 (farther: not near).
pub const PRESSURE_LEN: usize = 6;

/// Every term, in the order of a table. The ranges keep the evaluation's packed sums in their
/// bits (see `eval.rs`) and its values well inside the cache's 16 bits.
pub const TERMS: [Term; 11] = [
    // What each animal is worth, rat to elephant.
    term("material", 8, 50, 2000),
    // Added to a rat while the enemy elephant lives, taken from an elephant while the enemy
    // rat lives.
    term("tension", 1, -300, 300),
    // Bonus by den distance, per animal.
    per_animal("advance", ADVANCE_LEN, -200, 600),
    // The weight of an enemy animal this many moves from one's den, per animal.
    per_animal("pressure", PRESSURE_LEN, 0, 500),
    // An enemy animal 1, 2 or 3 moves from one's den that no defender nearby can capture.
    term("unopposed", 3, -200, 800),
    // Each own piece within two steps of the den cancels this much pressure.
    term("cover", 1, 0, 200),
    // An undefended trap beside the den, for each of up to two enemies near.
    term("open_trap", 1, -100, 200),
    // A piece standing on an enemy trap (rank 0 there, easy prey).
    term("on_trap", 1, -100, 200),
    // Percent of the second most valuable of the side to move's attacked pieces, taken off.
    term("threat", 1, 0, 100),
    // Percent of the most valuable enemy piece the side to move can capture, added.
    term("capture", 1, 0, 100),
    // Having the move.
    term("tempo", 1, -50, 100),
];

/// Values in all terms together.
pub const LEN: usize = total_len();

const fn total_len() -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < TERMS.len() {
        n += values_of(&TERMS[i]);
        i += 1;
    }
    n
}

const fn values_of(t: &Term) -> usize {
    if t.per_animal { 8 * t.len } else { t.len }
}

/// Where each term's values start in [`Weights::values`].
const fn offset(term: usize) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < term {
        n += values_of(&TERMS[i]);
        i += 1;
    }
    n
}

/// A full set of weights.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Weights {
    pub values: [i32; LEN],
}

/// Why a weight table was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseWeightsError {
    /// 1-based line, 0 for the table as a whole.
    pub line: usize,
    pub message: String,
}

impl fmt::Display for ParseWeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for ParseWeightsError {}

/// The hand-set weights (levels 1-7, and the tuning's starting point).
pub static BASELINE: LazyLock<Weights> = LazyLock::new(|| {
    include_str!("weights/baseline.txt")
        .parse()
        .expect("the baseline table in the tree parses (a unit test reads it)")
});

/// The tuned weights (level 8).
pub static FITTED: LazyLock<Weights> = LazyLock::new(|| {
    include_str!("weights/fitted.txt")
        .parse()
        .expect("the fitted table in the tree parses (a unit test reads it)")
});

impl Weights {
    /// The values of term `t` (for a per-animal term, all animals' rows one after another).
    pub fn term(&self, t: usize) -> &[i32] {
        let start = offset(t);
        &self.values[start..start + values_of(&TERMS[t])]
    }

    /// The row of a per-animal term for animal `a`.
    pub fn row(&self, t: usize, a: usize) -> &[i32] {
        let len = TERMS[t].len;
        &self.term(t)[a * len..(a + 1) * len]
    }

    /// The single value of a one-value term.
    pub fn scalar(&self, t: usize) -> i32 {
        self.term(t)[0]
    }

    /// The range value `i` may take.
    pub fn bounds(i: usize) -> (i32, i32) {
        let t = (0..TERMS.len())
            .rev()
            .find(|&t| offset(t) <= i)
            .expect("term 0 starts at 0");
        (TERMS[t].min, TERMS[t].max)
    }

    /// The name of value `i`, as `term[k]` or `term.animal[k]`.
    pub fn name_of(i: usize) -> String {
        let t = (0..TERMS.len())
            .rev()
            .find(|&t| offset(t) <= i)
            .expect("term 0 starts at 0");
        let k = i - offset(t);
        let term = &TERMS[t];
        if term.per_animal {
            format!("{}.{}[{}]", term.name, ANIMALS[k / term.len], k % term.len)
        } else {
            format!("{}[{k}]", term.name)
        }
    }
}

impl std::str::FromStr for Weights {
    type Err = ParseWeightsError;

    /// Reads a table: each line a row's name and its values; blank lines and `#` comments
    /// are skipped. Every row must be there once, with its number of values in range.
    fn from_str(text: &str) -> Result<Weights, ParseWeightsError> {
        let mut values = [0; LEN];
        let mut seen = vec![false; TERMS.iter().map(|t| if t.per_animal { 8 } else { 1 }).sum()];
        let rows = rows();
        for (n, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let err = |message: String| ParseWeightsError {
                line: n + 1,
                message,
            };
            let mut words = line.split_whitespace();
            let name = words.next().unwrap_or("");
            let Some((r, row)) = rows.iter().enumerate().find(|(_, row)| row.name == name) else {
                return Err(err(format!("unknown row `{name}`")));
            };
            if std::mem::replace(&mut seen[r], true) {
                return Err(err(format!("row `{name}` a second time")));
            }
            let nums: Vec<&str> = words.collect();
            if nums.len() != row.len {
                return Err(err(format!(
                    "row `{name}` has {} values, not {}",
                    nums.len(),
                    row.len
                )));
            }
            for (k, word) in nums.iter().enumerate() {
                let v: i32 = word
                    .parse()
                    .map_err(|_| err(format!("`{word}` in row `{name}` is not a whole number")))?;
                if !(row.min..=row.max).contains(&v) {
                    return Err(err(format!(
                        "{v} in row `{name}` is outside {}..={}",
                        row.min, row.max
                    )));
                }
                values[row.start + k] = v;
            }
        }
        if let Some(r) = seen.iter().position(|s| !s) {
            return Err(ParseWeightsError {
                line: 0,
                message: format!("row `{}` is missing", rows[r].name),
            });
        }
        Ok(Weights { values })
    }
}

impl fmt::Display for Weights {
    /// The table, one row a line, as [`str::parse`] reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in rows() {
            write!(f, "{}", row.name)?;
            for v in &self.values[row.start..row.start + row.len] {
                write!(f, " {v}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// One line of a table: a term, or one animal's row of a per-animal term.
struct Row {
    name: String,
    start: usize,
    len: usize,
    min: i32,
    max: i32,
}

fn rows() -> Vec<Row> {
    let mut out = Vec::new();
    for (t, term) in TERMS.iter().enumerate() {
        if term.per_animal {
            for (a, animal) in ANIMALS.iter().enumerate() {
                out.push(Row {
                    name: format!("{}.{animal}", term.name),
                    start: offset(t) + a * term.len,
                    len: term.len,
                    min: term.min,
                    max: term.max,
                });
            }
        } else {
            out.push(Row {
                name: term.name.to_string(),
                start: offset(t),
                len: term.len,
                min: term.min,
                max: term.max,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_in_the_tree_parse_and_print_back() {
        for w in [&*BASELINE, &*FITTED] {
            let again: Weights = w.to_string().parse().unwrap();
            assert_eq!(&again, w);
        }
        assert_eq!(BASELINE.term(at::MATERIAL)[7], 950);
        assert_eq!(BASELINE.row(at::ADVANCE, 6)[1], 200);
        assert_eq!(Weights::name_of(offset(at::ADVANCE) + 13), "advance.cat[1]");
        assert_eq!(Weights::bounds(offset(at::PRESSURE)), (0, 500));
    }

    #[test]
    fn a_broken_table_is_refused_with_its_line() {
        let good = BASELINE.to_string();
        let cases = [
            (good.replace("tension 100", "tension 1000"), "outside"),
            (
                good.replace("tension 100", "tension x"),
                "not a whole number",
            ),
            (good.replace("tension 100", "tension 1 2"), "has 2 values"),
            (good.replace("tension 100", "tensions 100"), "unknown row"),
            (good.replace("tension 100\n", ""), "missing"),
            (format!("{good}tempo 3\n"), "second time"),
        ];
        for (text, want) in cases {
            let e = text.parse::<Weights>().unwrap_err();
            assert!(e.to_string().contains(want), "{e} / {want}");
        }
    }
}
