//! The search below the root: principal-variation alpha-beta with a transposition table,
//! null move, late-move reductions and futility pruning (all off while a den is in danger),
//! and a bounded extension for forced answers to den threats. Iterative deepening and the
//! root are in `root`, quiescence in `quiesce`.

use engine::movegen::MAX_MOVES;
use engine::terrain::DEN;
use engine::{Bitboard, Move, Position, Side};

use super::attacks::Layout;
use super::attacks::evasions;
use super::control::{Options, Stop};
use super::eval::draw_pull;
use super::evalcache::EvalCache;
use super::order::{Heuristics, Kind, MAX_PLY};
use super::path::Path;
use super::picker::Picker;
use super::score::{INFINITE, Value, WIN, is_decisive, loss_in, win_in};
use super::tables::DEN_ZONE;
use super::tt::{self, Bound, Table};

/// Nodes between two polls of the stop trait.
const POLL_INTERVAL: u64 = 1024;

pub struct Searcher<'a> {
    pub(super) tt: Table,
    evals: EvalCache,
    pub(super) heur: Box<Heuristics>,
    /// Hashes of the positions before the current node: the game so far, then the search path.
    pub(super) path: Path,
    pub(super) nodes: u64,
    node_limit: u64,
    next_poll: u64,
    pub(super) stop: &'a dyn Stop,
    pub(super) aborted: bool,
    /// The first iteration always completes, so there is always a move to return.
    pub(super) abortable: bool,
    pub(super) seldepth: usize,
    pub(super) root_depth: i32,
    pub(super) root_side: Side,
    pub(super) pv: Box<[[Option<Move>; MAX_PLY]; MAX_PLY]>,
    pub(super) pv_len: [usize; MAX_PLY],
    /// Late-move reductions by depth and move number (a node tries at most `MAX_MOVES`).
    lmr: [[u8; MAX_MOVES]; 64],
    pub(super) options: Options,
    /// A root move that beat the first one in the iteration under way (searched to its end):
    /// played instead of the last completed iteration's choice when time runs out.
    pub(super) overtaking: Option<Move>,
}

/// Quiet moves searched at low depth before the rest are skipped.
const LATE_MOVES: [usize; 4] = [0, 6, 10, 16];

impl<'a> Searcher<'a> {
    pub fn new(options: &Options, stop: &'a dyn Stop) -> Searcher<'a> {
        Searcher::with_table(options, stop, Table::new(options.hash_mb))
    }

    /// A searcher that starts from what `tt` holds (from earlier searches of the same game).
    pub fn with_table(options: &Options, stop: &'a dyn Stop, mut tt: Table) -> Searcher<'a> {
        tt.new_search();
        let mut lmr = [[0u8; MAX_MOVES]; 64];
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (i, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.6 + (d as f64).ln() * (i as f64).ln() / 2.2) as u8;
            }
        }
        Searcher {
            tt,
            evals: EvalCache::default(),
            heur: Box::default(),
            path: Path::default(),
            nodes: 0,
            node_limit: options.limits.nodes.unwrap_or(u64::MAX),
            next_poll: POLL_INTERVAL,
            stop,
            aborted: false,
            abortable: false,
            seldepth: 0,
            root_depth: 1,
            root_side: Side::Jade,
            pv: Box::new([[None; MAX_PLY]; MAX_PLY]),
            pv_len: [0; MAX_PLY],
            lmr,
            options: *options,
            overtaking: None,
        }
    }

    /// The table, for the next search of the game.
    pub fn into_table(self) -> Table {
        self.tt
    }

    /// Counts a node and polls the limits now and then; true once the search must unwind.
    #[inline]
    pub(super) fn poll(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_poll {
            self.next_poll = (self.nodes + POLL_INTERVAL).min(self.node_limit.max(self.nodes + 1));
            if self.abortable && (self.nodes >= self.node_limit || self.stop.should_stop()) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// The evaluation of `pos`, from the cache when it was seen before.
    #[inline]
    pub(super) fn evaluate_cached(&mut self, pos: &Position) -> Value {
        let v = match self.evals.get(pos.hash()) {
            Some(v) => v,
            None => self.evaluate_fresh(pos, &Layout::new(pos)),
        };
        draw_pull(v, pos.halfmove_clock())
    }

    /// The placement value of `pos` (see [`placement_value`]) from the cache, if it is there.
    #[inline]
    pub(super) fn cached_placement(&self, pos: &Position) -> Option<Value> {
        self.evals.get(pos.hash())
    }

    /// Evaluates `pos` through its layout and caches the placement value.
    #[inline]
    pub(super) fn evaluate_fresh(&mut self, pos: &Position, layout: &Layout) -> Value {
        let v = self.options.eval.placement(pos, layout);
        self.evals.put(pos.hash(), v);
        v
    }

    pub(super) fn update_pv(&mut self, ply: usize, mv: Move) {
        self.pv[ply][ply] = Some(mv);
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for j in ply + 1..child_len {
            self.pv[ply][j] = self.pv[ply + 1][j];
        }
        self.pv_len[ply] = child_len;
    }

    /// A draw as the side to move at `pos` sees it: worse than even for the side that moved
    /// at the root when it plays with contempt (it then prefers to play on).
    #[inline]
    pub(super) fn draw_value(&self, pos: &Position) -> Value {
        if pos.turn() == self.root_side {
            -self.options.contempt
        } else {
            self.options.contempt
        }
    }

    /// The value of `pos` searched `depth` plies deep (then quiescence) within the window.
    #[inline(always)]
    pub(super) fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        alpha: Value,
        beta: Value,
        ply: usize,
        allow_null: bool,
    ) -> Value {
        // Over half the nodes are at the horizon: they take a short path of their own.
        if depth <= 0 {
            self.horizon(pos, alpha, beta, ply)
        } else {
            self.interior(pos, depth, alpha, beta, ply, allow_null)
        }
    }

    /// A node with no depth left: what [`Searcher::interior`] does before its moves, then
    /// quiescence.
    #[inline(never)]
    fn horizon(&mut self, pos: &Position, alpha: Value, beta: Value, ply: usize) -> Value {
        match self.open(pos, alpha, beta, ply) {
            Ok((threats, alpha, beta)) => self.quiesce_entered(pos, alpha, beta, ply, 0, threats),
            Err(v) => v,
        }
    }

    /// What every node of the main search does first: [`Searcher::enter`], a repetition
    /// check, and the window narrowed to the mate distances possible from here. `Err` carries
    /// the node's value when that settles it; `Ok` the den threats and the window.
    #[inline(always)]
    fn open(
        &mut self,
        pos: &Position,
        alpha: Value,
        beta: Value,
        ply: usize,
    ) -> Result<(Bitboard, Value, Value), Value> {
        let threats = self.enter(pos, ply)?;
        if self.path.repeats(pos.hash(), pos.halfmove_clock()) {
            return Err(self.draw_value(pos));
        }
        let alpha = alpha.max(loss_in(ply as u32));
        let beta = beta.min(win_in(ply as u32 + 1));
        if alpha >= beta {
            return Err(alpha);
        }
        if ply >= MAX_PLY - 8 {
            return Err(self.options.eval.evaluate(pos));
        }
        Ok((threats, alpha, beta))
    }

    #[inline(never)]
    fn interior(
        &mut self,
        pos: &Position,
        mut depth: i32,
        alpha: Value,
        beta: Value,
        ply: usize,
        allow_null: bool,
    ) -> Value {
        let (threats, mut alpha, beta) = match self.open(pos, alpha, beta, ply) {
            Ok(opened) => opened,
            Err(v) => return v,
        };
        let us = pos.turn();
        let them = us.other();
        let in_check = threats.any();
        // The only answers to a den threat are captures of the intruder: a cheap, forced
        // node worth a ply, within a bound so that chains of threats cannot run away.
        if in_check && depth >= 1 && (ply as i32) < 2 * self.root_depth {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiesce_entered(pos, alpha, beta, ply, 0, threats);
        }
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        let pv_node = beta - alpha > 1;
        let key = tt::key(pos);
        let mut hash_move = None;
        if let Some(hit) = self.tt.probe(key, ply) {
            hash_move = hit.mv;
            let usable = match hit.bound {
                Bound::Exact => true,
                Bound::Lower => hit.value >= beta,
                Bound::Upper => hit.value <= alpha,
            };
            if !pv_node && hit.depth >= depth && usable {
                return hit.value;
            }
        }

        let danger = (pos.occupied_by(us) & DEN_ZONE[them]).any()
            || (pos.occupied_by(them) & DEN_ZONE[us]).any();
        let can_prune = !pv_node && !in_check && !danger;
        let static_eval = if can_prune {
            self.evaluate_cached(pos)
        } else {
            -INFINITE
        };

        // Reverse futility: far above beta with little depth left.
        if can_prune && depth <= 4 && !is_decisive(beta) && static_eval - 90 * depth >= beta {
            return static_eval;
        }
        // Null move: even passing keeps us above beta.
        if can_prune
            && allow_null
            && depth >= 3
            && static_eval >= beta
            && pos.occupied_by(us).more_than_two()
        {
            let r = 2 + depth / 4;
            let child = pos.with_turn(them);
            self.path.push(pos.hash());
            let v = -self.negamax(&child, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
            self.path.pop();
            if self.aborted {
                return 0;
            }
            if v >= beta {
                return if is_decisive(v) { beta } else { v };
            }
        }

        // The hash move is tried before the others are even generated: it often cuts off.
        let mut picker = if let Some(target) = threats.first() {
            let mut evasion_buf = [Move::new(DEN[us], DEN[us]); 4];
            let mut n_evasions = 0;
            evasions(pos, target, |m| {
                evasion_buf[n_evasions] = m;
                n_evasions += 1;
            });
            if n_evasions == 0 {
                return loss_in(ply as u32 + 2);
            }
            Picker::evasions(pos, &evasion_buf[..n_evasions], hash_move, &self.heur, ply)
        } else {
            Picker::new(hash_move.filter(|&m| pos.generates(m)), &self.heur, ply)
        };
        self.heur.clear_killers_from(ply + 2);

        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = None;
        let mut quiets = [Move::new(DEN[us], DEN[us]); MAX_MOVES];
        let mut n_quiets = 0;
        let mut tried = 0;
        // Late and futile quiet moves are pruned: once that holds it holds for the rest of
        // the node (alpha, best and the count only grow), so they are not even scored.
        let late_from = if can_prune && depth <= 3 {
            LATE_MOVES[depth as usize]
        } else {
            usize::MAX
        };
        let futile_below = if can_prune && depth <= 2 {
            static_eval + 100 + 120 * depth
        } else {
            Value::MAX
        };
        let mut skipping = false;
        loop {
            if !skipping && best > -WIN + 1_000 && (n_quiets >= late_from || futile_below <= alpha)
            {
                picker.skip_quiets();
                skipping = true;
            }
            let Some(s) = picker.next(pos, &self.heur) else {
                break;
            };
            let i = tried;
            tried += 1;
            let mv = s.mv;
            let quiet = s.kind == Kind::Quiet;
            let killer = self.heur.is_killer(ply, mv);
            let mut child = *pos;
            child.play_unchecked(mv);
            self.tt.prefetch(tt::key(&child));
            self.path.push(pos.hash());
            let new_depth = depth - 1;
            let v = if i == 0 {
                -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, true)
            } else {
                let mut r = 0;
                if depth >= 3 && quiet && !danger && !in_check && i >= 2 {
                    r = i32::from(self.lmr[depth.min(63) as usize][i.min(MAX_MOVES - 1)]);
                    if pv_node || killer {
                        r -= 1;
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                let mut v = -self.negamax(&child, new_depth - r, -alpha - 1, -alpha, ply + 1, true);
                if v > alpha && r > 0 {
                    v = -self.negamax(&child, new_depth, -alpha - 1, -alpha, ply + 1, true);
                }
                if v > alpha && v < beta {
                    v = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, true);
                }
                v
            };
            self.path.pop();
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                best_move = Some(mv);
                if v > alpha {
                    alpha = v;
                    self.update_pv(ply, mv);
                    if alpha >= beta {
                        if s.kind != Kind::Capture {
                            self.heur.reward(pos, mv, depth, ply, &quiets[..n_quiets]);
                        }
                        break;
                    }
                }
            }
            if s.kind != Kind::Capture && n_quiets < MAX_MOVES {
                quiets[n_quiets] = mv;
                n_quiets += 1;
            }
        }
        if tried == 0 {
            // No move at all: the side to move has lost.
            return loss_in(ply as u32);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, ply, depth, best, bound, best_move);
        best
    }
}
