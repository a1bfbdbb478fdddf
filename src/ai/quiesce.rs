//! Quiescence search: captures, steps beside the enemy den, and the forced captures that
//! answer them, until the position is quiet enough for the evaluation.

use engine::terrain::STEPS;
use engine::{Bitboard, DRAW_CLOCK, Move, Position};

use super::attacks::{Layout, den_attackers, den_threat_moves, evasions};
use super::eval::{MATERIAL, draw_pull};
use super::order::MAX_PLY;
use super::score::{INFINITE, Value, is_decisive, loss_in, win_in};
use super::search::Searcher;

/// Quiescence plies in which quiet steps beside the enemy den are tried (bounded: each one
/// is answered by a capture, but the tree would still grow without a limit).
const THREAT_PLIES: u32 = 2;
/// A capture that cannot lift the stand-pat score to alpha even with this margin is skipped.
const DELTA: Value = 200;
/// Room for every capture and den threat a side can have (at most 8 x 4 steps, 2 x 2
/// leaps and 3 x 3 steps beside the den).
const BUF: usize = 48;
/// Keeps the order scores (from -1 to 1 << 20) positive inside the sort keys.
const ORDER_BIAS: i32 = 1 << 8;

impl Searcher<'_> {
    /// What every node does first: counts itself (and polls the limits), then settles the
    /// positions decided without a search. `Err` carries such a position's value; `Ok` the
    /// enemy pieces that threaten our den.
    pub(super) fn enter(&mut self, pos: &Position, ply: usize) -> Result<Bitboard, Value> {
        self.pv_len[ply] = ply;
        if self.poll() {
            return Err(0);
        }
        let us = pos.turn();
        if den_attackers(pos, us).any() {
            return Err(win_in(ply as u32 + 1));
        }
        let threats = den_attackers(pos, us.other());
        if threats.more_than_one() {
            return Err(loss_in(ply as u32 + 2));
        }
        if pos.halfmove_clock() >= DRAW_CLOCK {
            return Err(if pos.count_moves() == 0 {
                loss_in(ply as u32)
            } else {
                self.draw_value(pos)
            });
        }
        Ok(threats)
    }

    pub(super) fn quiesce(
        &mut self,
        pos: &Position,
        alpha: Value,
        beta: Value,
        ply: usize,
        qply: u32,
    ) -> Value {
        match self.enter(pos, ply) {
            Ok(threats) => self.quiesce_entered(pos, alpha, beta, ply, qply, threats),
            Err(v) => v,
        }
    }

    /// Quiescence at a node that [`Searcher::enter`] already counted and checked (the search's
    /// horizon hands its nodes over here, so they count once).
    pub(super) fn quiesce_entered(
        &mut self,
        pos: &Position,
        mut alpha: Value,
        beta: Value,
        ply: usize,
        qply: u32,
        threats: Bitboard,
    ) -> Value {
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        let us = pos.turn();
        let them = us.other();
        if ply >= MAX_PLY - 2 {
            return self.options.eval.evaluate(pos);
        }
        if let Some(target) = threats.first() {
            let mut moves = [None; 4];
            let mut n = 0;
            evasions(pos, target, |m| {
                moves[n] = Some(m);
                n += 1;
            });
            if n == 0 {
                return loss_in(ply as u32 + 2);
            }
            let mut best = -INFINITE;
            for mv in moves.into_iter().flatten() {
                let mut child = *pos;
                child.play_unchecked(mv);
                let v = -self.quiesce(&child, -beta, -alpha, ply + 1, qply + 1);
                if self.aborted {
                    return 0;
                }
                if v > best {
                    best = v;
                    if v > alpha {
                        alpha = v;
                        if alpha >= beta {
                            break;
                        }
                    }
                }
            }
            return best;
        }

        // The layout is built only when it is needed: for a fresh evaluation, or for the
        // captures once standing pat does not cut off.
        let clock = pos.halfmove_clock();
        let layout;
        let stand = match self.cached_placement(pos) {
            Some(v) => {
                let stand = draw_pull(v, clock);
                if stand >= beta {
                    return stand;
                }
                layout = Layout::new(pos);
                stand
            }
            None => {
                layout = Layout::new(pos);
                let stand = draw_pull(self.evaluate_fresh(pos, &layout), clock);
                if stand >= beta {
                    return stand;
                }
                stand
            }
        };
        alpha = alpha.max(stand);
        let mut best = stand;

        // Each move as one key, best first when compared as numbers: the order score, then
        // the generation order (earlier first), then the value of the captured piece (0 for
        // a den threat); the move itself is in `moves` at the generation index.
        let mut keys = [0u64; BUF];
        let mut moves = [Move::new(target_none(), target_none()); BUF];
        let mut n = 0;
        let mut push = |mv: Move, order: i32, victim: i32| {
            if n < BUF {
                keys[n] = u64::from((order + ORDER_BIAS) as u32) << 32
                    | ((BUF - 1 - n) as u64) << 16
                    | victim as u64;
                moves[n] = mv;
                n += 1;
            }
        };
        for (attacker, from, targets) in layout.captures(us) {
            for to in targets {
                let victim = MATERIAL[layout.animal_at(them, to).index()];
                push(
                    Move::new(from, to),
                    victim * 16 - attacker.index() as i32,
                    victim,
                );
            }
        }
        if qply < THREAT_PLIES {
            let enemies = pos.occupied_by(them);
            den_threat_moves(pos, |m| {
                // An unguarded step beside the den wins; a guarded one is a sacrifice.
                let order = if (STEPS[m.to.index()] & enemies).is_empty() {
                    1 << 20
                } else {
                    -1
                };
                push(m, order, 0);
            });
        }
        for i in 0..n {
            let mut b = i;
            for j in i + 1..n {
                if keys[j] > keys[b] {
                    b = j;
                }
            }
            keys.swap(i, b);
            let key = keys[i];
            let mv = moves[BUF - 1 - ((key >> 16) & 0xFFFF) as usize];
            let victim = (key & 0xFFFF) as i32;
            if victim > 0 && !is_decisive(alpha) && stand + victim + DELTA <= alpha {
                continue;
            }
            let mut child = *pos;
            child.play_unchecked(mv);
            let v = -self.quiesce(&child, -beta, -alpha, ply + 1, qply + 1);
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

fn target_none() -> engine::Square {
    engine::Square::from_index_unchecked(0)
}
