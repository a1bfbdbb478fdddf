//! Shared helpers for the integration tests: position building, a slow reference move
//! generator, a small deterministic random number generator, and `jungle play` with input.
#![allow(dead_code)]

pub mod backends;
pub mod logs;
pub mod reference;

use std::ffi::OsStr;
use std::path::Path;

use jungle::engine::{Move, Position};

/// The `jungle` binary with `args` (and `env`, with RUST_LOG only as given), `input` on its
/// standard input; checks that it succeeded.
pub fn jungle_with_input(
    args: &[&OsStr],
    input: &[u8],
    env: &[(&str, &str)],
) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_jungle"))
        .args(args)
        .env_remove("RUST_LOG")
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "jungle {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// `jungle play --db <db>` with `args`, given `input`; its standard output.
pub fn jungle_play(db: &Path, args: &[&str], input: &[u8]) -> String {
    let mut all: Vec<&OsStr> = vec![OsStr::new("play")];
    all.extend(args.iter().map(OsStr::new));
    all.extend([OsStr::new("--db"), db.as_os_str()]);
    String::from_utf8(jungle_with_input(&all, input, &[]).stdout).unwrap()
}

/// Builds a position string from `(piece letter, square)` pairs, e.g. `&[('L', "C7"), ('r', "A1")]`.
pub fn board(turn: char, clock: u32, pieces: &[(char, &str)]) -> String {
    let mut grid = [['.'; 7]; 9];
    for (letter, square) in pieces {
        let b = square.as_bytes();
        let file = (b[0].to_ascii_uppercase() - b'A') as usize;
        let rank = (b[1] - b'1') as usize;
        grid[rank][file] = *letter;
    }
    let ranks: Vec<String> = grid
        .iter()
        .map(|row| {
            let mut s = String::new();
            let mut empty = 0;
            for &c in row {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(c);
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            s
        })
        .collect();
    format!("{} {turn} {clock} 1", ranks.join("/"))
}

pub fn pos(turn: char, pieces: &[(char, &str)]) -> Position {
    let s = board(turn, 0, pieces);
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

pub fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

/// xorshift64*: deterministic, dependency-free randomness for tests.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Positions from random games: every position along `games` random games from the start.
pub fn random_positions(seed: u64, games: usize, max_plies: usize) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = Position::start();
        out.push(p);
        for _ in 0..max_plies {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.play_unchecked(moves[rng.below(moves.len())]);
            out.push(p);
        }
    }
    out
}
