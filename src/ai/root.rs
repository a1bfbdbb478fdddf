//! The root of the search: iterative deepening with aspiration windows, the root move list,
//! and the final choice of a move (the best, or with randomness one close to it).

use engine::terrain::DEN;
use engine::{Move, Position};

use super::attacks::den_attackers;
use super::control::{Iteration, Report, SearchResult};
use super::order::{MAX_PLY, Scored};
use super::rng::Rng;
use super::score::{INFINITE, Score, Value, WIN, is_decisive};
use super::search::Searcher;

/// A root move and what the last iteration learned about it.
#[derive(Clone, Copy, Debug)]
struct RootMove {
    mv: Move,
    score: Value,
    /// The score is exact (inside the window), not just a bound.
    exact: bool,
}

impl Searcher<'_> {
    /// Searches `pos`, reached through the positions hashed in `history` (oldest first;
    /// used to see repetitions), and returns the best move of the last completed iteration.
    pub fn run(
        &mut self,
        pos: &Position,
        history: &[u64],
        report: &mut dyn Report,
    ) -> SearchResult {
        let legal = pos.legal_moves();
        let us = pos.turn();
        if legal.is_empty() {
            let score = match pos.outcome().and_then(|o| o.winner()) {
                Some(w) if w == us => Score::WinIn(0),
                Some(_) => Score::LossIn(0),
                None => Score::Value(0),
            };
            return SearchResult {
                best: None,
                last: Iteration {
                    depth: 0,
                    seldepth: 0,
                    score,
                    nodes: 0,
                    pv: Vec::new(),
                },
            };
        }
        // Entering the den needs no search.
        if let Some(from) = den_attackers(pos, us).first() {
            let mv = Move::new(from, DEN[us.other()]);
            let last = Iteration {
                depth: 1,
                seldepth: 1,
                score: Score::WinIn(1),
                nodes: 1,
                pv: vec![mv],
            };
            report.iteration(&last);
            return SearchResult {
                best: Some(mv),
                last,
            };
        }
        self.root_side = us;
        let keep = history.len().min(usize::from(pos.halfmove_clock()));
        self.path.reset(&history[history.len() - keep..]);

        let mut scored = vec![Scored::NONE; legal.len()];
        self.heur.score(pos, &legal, None, 0, &mut scored);
        scored.sort_by_key(|s| -s.score);
        let mut roots: Vec<RootMove> = scored
            .iter()
            .map(|s| RootMove {
                mv: s.mv,
                score: -INFINITE,
                exact: false,
            })
            .collect();

        let max_depth = self.options.limits.depth.clamp(1, (MAX_PLY / 2) as u32);
        let mut completed: Option<(Iteration, Vec<RootMove>)> = None;
        let mut previous = 0;
        for depth in 1..=max_depth {
            if depth > 1 && !self.stop.may_deepen() {
                break;
            }
            self.abortable = depth > 1;
            self.root_depth = depth as i32;
            self.seldepth = 0;
            self.overtaking = None;
            let value = self.aspiration(pos, &mut roots, depth as i32, previous);
            if self.aborted {
                break;
            }
            roots.sort_by_key(|r| -r.score);
            previous = value;
            let mut pv = vec![roots[0].mv];
            if self.pv[0][0] == Some(roots[0].mv) {
                pv.extend(self.pv[0][1..self.pv_len[0]].iter().flatten());
            }
            let info = Iteration {
                depth,
                seldepth: self.seldepth.max(depth as usize) as u32,
                score: Score::from_value(value),
                nodes: self.nodes,
                pv,
            };
            report.iteration(&info);
            completed = Some((info, roots.clone()));
            let forced = is_decisive(value) && (WIN - value.abs()) < depth as Value;
            if roots.len() == 1 || forced {
                break;
            }
        }
        let (mut last, roots) = completed.expect("the first iteration always completes");
        last.nodes = self.nodes;
        // A move that beat the previous best in the unfinished iteration is the better guess
        // (so the time of an iteration cut short is not lost).
        // Its line beyond the move is unknown: the report's line is that move alone.
        let best = match self.overtaking {
            Some(mv) if self.aborted && self.options.randomness == 0 => {
                last.pv = vec![mv];
                mv
            }
            _ => self.choose(&roots),
        };
        SearchResult {
            best: Some(best),
            last,
        }
    }

    /// The move to play among the root moves sorted best first: the best one, or with
    /// randomness one of those close to it.
    fn choose(&self, roots: &[RootMove]) -> Move {
        let margin = self.options.randomness;
        let best = roots[0].score;
        if margin <= 0 || is_decisive(best) {
            return roots[0].mv;
        }
        let weights: Vec<u64> = roots
            .iter()
            .map(|r| {
                let gap = best - r.score;
                if (r.exact || r.mv == roots[0].mv) && gap <= margin {
                    let w = u64::try_from(margin - gap + 1).unwrap_or(1);
                    w * w
                } else {
                    0
                }
            })
            .collect();
        let total: u64 = weights.iter().sum();
        let mut ticket = Rng::new(self.options.seed).below(total.max(1));
        for (r, w) in roots.iter().zip(&weights) {
            if ticket < *w {
                return r.mv;
            }
            ticket -= w;
        }
        roots[0].mv
    }

    /// One iteration, searched first in a narrow window around the previous score.
    fn aspiration(
        &mut self,
        pos: &Position,
        roots: &mut [RootMove],
        depth: i32,
        previous: Value,
    ) -> Value {
        let randomized = self.options.randomness > 0;
        let mut delta = 35;
        let (mut alpha, mut beta) = if depth >= 5 && !randomized && !is_decisive(previous) {
            (previous - delta, previous + delta)
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let v = self.root(pos, roots, depth, alpha, beta);
            if self.aborted {
                return v;
            }
            if v <= alpha && alpha > -INFINITE {
                alpha = (alpha - delta).max(-INFINITE);
            } else if v >= beta && beta < INFINITE {
                beta = (beta + delta).min(INFINITE);
            } else {
                return v;
            }
            delta *= 2;
            if delta > 600 {
                (alpha, beta) = (-INFINITE, INFINITE);
            }
        }
    }

    fn root(
        &mut self,
        pos: &Position,
        roots: &mut [RootMove],
        depth: i32,
        mut alpha: Value,
        beta: Value,
    ) -> Value {
        let margin = self.options.randomness;
        let window_alpha = alpha;
        let mut best = -INFINITE;
        self.pv_len[0] = 0;
        for (i, root) in roots.iter_mut().enumerate() {
            let mv = root.mv;
            let mut child = *pos;
            child.play_unchecked(mv);
            self.path.push(pos.hash());
            // With randomness, moves close to the best get exact scores too.
            let floor = if margin > 0 && i > 0 {
                (best - margin).max(window_alpha)
            } else {
                alpha
            };
            let v = if i == 0 {
                -self.negamax(&child, depth - 1, -beta, -floor, 1, true)
            } else {
                let v = -self.negamax(&child, depth - 1, -floor - 1, -floor, 1, true);
                if v > floor && v < beta {
                    -self.negamax(&child, depth - 1, -beta, -floor, 1, true)
                } else {
                    v
                }
            };
            self.path.pop();
            if self.aborted {
                return best;
            }
            root.score = v;
            root.exact = v > floor && v < beta;
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    self.update_pv(0, mv);
                    if i > 0 {
                        self.overtaking = Some(mv);
                    }
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::control::{NoStop, Options};
    use crate::score::win_in;
    use engine::square::sq;

    fn roots() -> Vec<RootMove> {
        let m = |a, b| Move::new(a, b);
        vec![
            RootMove {
                mv: m(sq::G7, sq::G6),
                score: 100,
                exact: true,
            },
            RootMove {
                mv: m(sq::A7, sq::A6),
                score: 90,
                exact: true,
            },
            RootMove {
                mv: m(sq::C7, sq::D7),
                score: 60,
                exact: true,
            },
            // Inside the margin but only a bound: never chosen.
            RootMove {
                mv: m(sq::E7, sq::D7),
                score: 95,
                exact: false,
            },
            RootMove {
                mv: m(sq::B8, sq::C8),
                score: -500,
                exact: true,
            },
        ]
    }

    #[test]
    fn randomness_picks_only_exact_scores_within_the_margin() {
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..200 {
            let options = Options {
                randomness: 30,
                seed,
                hash_mb: 1,
                ..Options::default()
            };
            seen.insert(Searcher::new(&options, &NoStop).choose(&roots()));
        }
        let expect: std::collections::BTreeSet<Move> = roots()[..2].iter().map(|r| r.mv).collect();
        assert_eq!(seen, expect);
        // Without randomness, or with a forced win on the board, always the best.
        let plain = Options {
            hash_mb: 1,
            ..Options::default()
        };
        assert_eq!(
            Searcher::new(&plain, &NoStop).choose(&roots()),
            roots()[0].mv
        );
        let mut won = roots();
        won[0].score = win_in(3);
        let options = Options {
            randomness: 30_000,
            hash_mb: 1,
            ..Options::default()
        };
        assert_eq!(Searcher::new(&options, &NoStop).choose(&won), won[0].mv);
    }
}
