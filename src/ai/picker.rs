//! Staged move picking for the search: the hash move, then captures and den threats by value,
//! then the killers, and only then the quiet moves by history. Most cut-offs come from the
//! first stages (the killers above all), so most nodes never score their quiet moves.

use engine::movegen::MAX_MOVES;
use engine::{Bitboard, Move, Position, Square};

use super::order::{Heuristics, KILLER, Kind, ScoreContext, Scored, kind};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Hash,
    Generate,
    /// Captures and den threats (or, at an evasion node, every evasion).
    Noisy,
    Killer(usize),
    Quiets,
    Done,
}

/// Hands out the moves of one node, best first by stage and score.
pub struct Picker {
    stage: Stage,
    hash: Option<Move>,
    killers: [Option<Move>; 2],
    /// Per animal of the side to move: where it stands and the quiet destinations not yet
    /// handed out (empty for a captured animal).
    from: [Square; 8],
    quiet_targets: [Bitboard; 8],
    /// The moves of the current stage: a part of the legal moves, so never more than
    /// the engine's `MAX_MOVES`.
    buf: [Scored; MAX_MOVES],
    len: usize,
    next: usize,
    /// The stage after the hash move.
    after_hash: Stage,
    /// Quiet moves (not killers, not approaches to the enemy den) are no longer wanted.
    skip_quiets: bool,
}

/// Moves picked one by one in the quiet stage before the rest is sorted at once.
const PICKED: usize = 3;

impl Picker {
    /// The moves of an ordinary node; `hash` must be one of them (see [`Position::generates`]).
    pub fn new(hash: Option<Move>, heur: &Heuristics, ply: usize) -> Picker {
        let none = Square::from_index_unchecked(0);
        Picker {
            stage: Stage::Hash,
            hash,
            killers: heur.killers(ply),
            from: [none; 8],
            quiet_targets: [Bitboard::EMPTY; 8],
            buf: [Scored::NONE; MAX_MOVES],
            len: 0,
            next: 0,
            after_hash: Stage::Generate,
            skip_quiets: false,
        }
    }

    /// The answers to a den threat (`moves`, every one a capture of the intruder); `hash`
    /// first when it is one of them.
    pub fn evasions(
        pos: &Position,
        moves: &[Move],
        hash: Option<Move>,
        heur: &Heuristics,
        ply: usize,
    ) -> Picker {
        let hash = hash.filter(|m| moves.contains(m));
        let mut p = Picker::new(hash, heur, ply);
        p.len = heur.score(pos, moves, hash, ply, &mut p.buf);
        // Nothing else follows: the noisy stage is the whole list.
        p.killers = [None; 2];
        p.after_hash = Stage::Noisy;
        p.stage = if hash.is_some() {
            Stage::Hash
        } else {
            Stage::Noisy
        };
        p
    }

    /// From now on the quiet moves are pruned by the caller anyway: do not generate, score
    /// or hand them out (the killers and the steps toward the enemy den still come).
    pub fn skip_quiets(&mut self) {
        if self.skip_quiets {
            return;
        }
        self.skip_quiets = true;
        if self.stage == Stage::Quiets {
            let mut kept = self.next;
            for j in self.next..self.len {
                if self.buf[j].kind != Kind::Quiet {
                    self.buf[kept] = self.buf[j];
                    kept += 1;
                }
            }
            self.len = kept;
        }
    }

    /// The next move to try, or `None` when every move was handed out.
    pub fn next(&mut self, pos: &Position, heur: &Heuristics) -> Option<Scored> {
        loop {
            match self.stage {
                Stage::Hash => {
                    self.stage = self.after_hash;
                    if let Some(mv) = self.hash {
                        return Some(Heuristics::hash_scored(pos, mv));
                    }
                }
                Stage::Generate => {
                    self.generate(pos, heur);
                    self.stage = Stage::Noisy;
                }
                Stage::Noisy => {
                    if self.next < self.len {
                        return Some(self.select_best());
                    }
                    self.stage = if self.after_hash == Stage::Noisy {
                        Stage::Done
                    } else {
                        Stage::Killer(0)
                    };
                }
                Stage::Killer(k) => {
                    if k == 2 {
                        self.start_quiets(pos, heur);
                        self.stage = Stage::Quiets;
                        continue;
                    }
                    self.stage = Stage::Killer(k + 1);
                    if let Some(s) = self.killer(pos, k) {
                        return Some(s);
                    }
                }
                Stage::Quiets => {
                    if self.next < self.len {
                        // The quiet moves fill the buffer from its start.
                        let i = self.next;
                        if i < PICKED {
                            return Some(self.select_best());
                        }
                        if i == PICKED {
                            self.buf[self.next..self.len]
                                .sort_unstable_by_key(|m| std::cmp::Reverse(m.score));
                        }
                        self.next += 1;
                        return Some(self.buf[self.next - 1]);
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }

    /// Swaps the best of the remaining moves to the front and hands it out.
    #[inline]
    fn select_best(&mut self) -> Scored {
        let rest = &self.buf[self.next..self.len];
        let mut best = 0;
        let mut best_score = rest[0].score;
        for (j, m) in rest.iter().enumerate().skip(1) {
            if m.score > best_score {
                best = j;
                best_score = m.score;
            }
        }
        self.buf.swap(self.next, self.next + best);
        self.next += 1;
        self.buf[self.next - 1]
    }

    /// Every animal's destinations at once: captures and den threats scored into the buffer,
    /// the quiet destinations kept for later.
    fn generate(&mut self, pos: &Position, heur: &Heuristics) {
        let ctx = ScoreContext::new(heur, pos, 0);
        let noisy = ctx.enemies | ctx.adjacent;
        let mut targets = pos.targets_by_animal();
        if let Some(h) = self.hash
            && let Some(p) = pos.piece_at(h.from)
        {
            let a = p.animal.index();
            targets[a] = targets[a].without(h.to);
        }
        let raw = pos.raw_squares()[pos.turn().index()];
        let mut n = 0;
        for a in 0..8 {
            // A captured animal has no targets, and its square index is then unused.
            self.from[a] = Square::from_index_unchecked(raw[a].min(62));
            self.quiet_targets[a] = targets[a] & !noisy;
            let loud = targets[a] & noisy;
            if loud.any() {
                let piece = ctx.piece(a);
                for to in loud {
                    self.buf[n] = ctx.scored(pos, &piece, Move::new(self.from[a], to));
                    n += 1;
                }
            }
        }
        self.len = n;
    }

    /// Killer `k` if it is a quiet move here that was not handed out yet.
    fn killer(&mut self, pos: &Position, k: usize) -> Option<Scored> {
        let mv = self.killers[k]?;
        if Some(mv) == self.hash {
            return None;
        }
        let a = pos.piece_at(mv.from)?.animal.index();
        // Our animal `a` stands on `from` only if the piece there is ours.
        if self.from[a] != mv.from || !self.quiet_targets[a].contains(mv.to) {
            return None;
        }
        self.quiet_targets[a] = self.quiet_targets[a].without(mv.to);
        let kind = kind(pos, mv);
        Some(Scored {
            mv,
            score: KILLER + 1 - k as i32,
            kind,
        })
    }

    /// Scores the quiet moves left (only the approaches to the enemy den once quiet moves are
    /// skipped) by history.
    fn start_quiets(&mut self, pos: &Position, heur: &Heuristics) {
        let us = pos.turn();
        let zone = super::tables::DEN_ZONE[us.other()];
        let mut n = 0;
        for a in 0..8 {
            let mut targets = self.quiet_targets[a];
            if self.skip_quiets {
                targets &= zone;
            }
            if targets.is_empty() {
                continue;
            }
            let from = self.from[a];
            let history = heur.history_row(us, a);
            for to in targets {
                let kind = if zone.contains(to) {
                    Kind::Approach
                } else {
                    Kind::Quiet
                };
                self.buf[n] = Scored {
                    mv: Move::new(from, to),
                    score: history[to.index()],
                    kind,
                };
                n += 1;
            }
        }
        self.len = n;
        self.next = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::random_positions;
    use engine::MoveList;

    fn drain(p: &mut Picker, pos: &Position, heur: &Heuristics) -> Vec<Scored> {
        std::iter::from_fn(|| p.next(pos, heur)).collect()
    }

    /// Every legal move comes exactly once, with the score and kind that plain scoring gives
    /// it, in the order of the stages and best first within a stage's first picks.
    #[test]
    fn hands_out_every_move_once_in_stage_order() {
        for (i, pos) in random_positions(400).iter().enumerate() {
            let mut list = MoveList::default();
            pos.generate_moves(&mut list);
            // The search checks a remembered move with `generates` before it is played.
            for from in Square::all() {
                for to in Square::all() {
                    let mv = Move::new(from, to);
                    assert_eq!(pos.generates(mv), list.contains(&mv), "{pos}: {mv}");
                }
            }
            let mut heur = Heuristics::default();
            let ply = 3;
            for (k, &mv) in list.iter().enumerate().filter(|(k, _)| k % 3 == i % 3) {
                heur.reward(pos, mv, 1 + k as i32 % 5, ply, &list[..k]);
            }
            let hash = list.get(i % list.len().max(1)).copied();
            let mut picker = Picker::new(hash, &heur, ply);
            let got = drain(&mut picker, pos, &heur);

            let mut plain = [Scored::NONE; 64];
            let n = heur.score(pos, &list, None, ply, &mut plain);
            // The hash move is scored apart: compare it as the best of all.
            let key = |s: &Scored| {
                let score = if Some(s.mv) == hash {
                    i32::MAX
                } else {
                    s.score
                };
                (s.mv, score, s.kind)
            };
            let mut want: Vec<(Move, i32, Kind)> = plain[..n].iter().map(key).collect();
            let mut seen: Vec<(Move, i32, Kind)> = got.iter().map(key).collect();
            // The order: hash, noisy by score, killers, then quiets (best three first).
            if let Some(h) = hash {
                assert_eq!(got[0].mv, h, "{pos}");
            }
            let stage = |s: &Scored| match (Some(s.mv) == hash, s.kind) {
                (true, _) => 0,
                (_, Kind::Capture | Kind::DenThreat) => 1,
                _ if heur.is_killer(ply, s.mv) => 2,
                _ => 3,
            };
            let stages: Vec<u8> = got.iter().map(stage).collect();
            assert!(stages.is_sorted(), "{pos}: {stages:?}");
            for w in got.windows(2) {
                if stage(&w[0]) == stage(&w[1]) && stage(&w[0]) == 1 {
                    assert!(w[0].score >= w[1].score, "{pos}");
                }
            }
            let quiets: Vec<i32> = got
                .iter()
                .filter(|s| stage(s) == 3)
                .map(|s| s.score)
                .collect();
            assert!(quiets.is_sorted_by(|a, b| a >= b), "{pos}: {quiets:?}");
            want.sort();
            seen.sort();
            assert_eq!(seen, want, "{pos}");
        }
    }

    /// Once quiet moves are skipped, no quiet move comes, and every other move still does.
    #[test]
    fn skipping_quiets_keeps_everything_else() {
        for (i, pos) in random_positions(300).iter().enumerate() {
            let heur = Heuristics::default();
            let mut list = MoveList::default();
            pos.generate_moves(&mut list);
            // Skip before generation, or after the first quiet move was handed out.
            let mut picker = Picker::new(None, &heur, 0);
            let mut got = Vec::new();
            if i % 2 == 0 {
                picker.skip_quiets();
            }
            while let Some(s) = picker.next(pos, &heur) {
                got.push(s);
                if s.kind == Kind::Quiet {
                    picker.skip_quiets();
                }
            }
            let quiets = got.iter().filter(|s| s.kind == Kind::Quiet).count();
            assert!(quiets <= usize::from(i % 2 == 1), "{pos}");
            let others = list
                .iter()
                .filter(|&&m| super::super::order::kind(pos, m) != Kind::Quiet)
                .count();
            assert_eq!(got.len() - quiets, others, "{pos}");
        }
    }

    #[test]
    fn evasions_come_hash_first_and_only_once() {
        let pos: Position = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L j 0 1"
            .parse()
            .unwrap();
        let heur = Heuristics::default();
        let mut list = MoveList::default();
        pos.generate_moves(&mut list);
        let moves = &list[..3];
        let mut p = Picker::evasions(&pos, moves, Some(moves[1]), &heur, 0);
        let got: Vec<Move> = drain(&mut p, &pos, &heur).iter().map(|s| s.mv).collect();
        assert_eq!(got.len(), 3);
        assert_eq!(got[0], moves[1]);
        assert!(got.contains(&moves[0]) && got.contains(&moves[2]));
    }
}
