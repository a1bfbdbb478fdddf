//! The bot opponent as the chat layer sees it: its levels, a move within the level's time, and
//! the memory a remembering level keeps between the moves of a game.

use std::sync::LazyLock;
use std::time::{Duration, Instant};

use ai::{self, LevelSettings, Memory, SearchResult, Stop};
use engine::{Move, Position};

pub use ai::Level;

/// Stops the search at the level's thinking time, and starts no iteration once three fifths of
/// it are spent. An iteration cut short still counts (a move that overtook the previous best
/// is played), so the time after the last full iteration is not wasted.
pub struct Deadline {
    /// Reads the clock the budget is counted on.
    clock: fn() -> Duration,
    start: Duration,
    budget: Duration,
}

/// The wall clock, as time since the first call.
fn wall_clock() -> Duration {
    static BASE: LazyLock<Instant> = LazyLock::new(Instant::now);
    BASE.elapsed()
}

impl Deadline {
    /// A budget of wall-clock time: what a player waits.
    pub fn new(budget_ms: u64) -> Deadline {
        Deadline::on_clock(budget_ms, wall_clock)
    }

    /// A budget counted on `clock` (such as the thread's own CPU time).
    pub fn on_clock(budget_ms: u64, clock: fn() -> Duration) -> Deadline {
        Deadline {
            clock,
            start: clock(),
            budget: Duration::from_millis(budget_ms.max(1)),
        }
    }

    /// No time limit at all.
    pub fn unlimited() -> Deadline {
        Deadline {
            budget: Duration::MAX,
            ..Deadline::new(1)
        }
    }

    /// Time spent so far, on the deadline's clock.
    pub fn elapsed(&self) -> Duration {
        (self.clock)().saturating_sub(self.start)
    }
}

impl Stop for Deadline {
    fn should_stop(&self) -> bool {
        self.elapsed() >= self.budget
    }

    fn may_deepen(&self) -> bool {
        self.budget == Duration::MAX || self.elapsed() < self.budget * 3 / 5
    }
}

/// The bot's search for one move, as it plays: the level's settings, its thinking time on
/// `stop`, and for a level that remembers, the game's `memory` (made on the first move).
/// Blocking: call it off the async runtime.
pub fn think(
    pos: &Position,
    settings: &LevelSettings,
    history: &[u64],
    seed: u64,
    stop: &dyn Stop,
    memory: &mut Option<Memory>,
) -> SearchResult {
    let options = settings.options(seed);
    if settings.remembers {
        let memory = memory.get_or_insert_with(|| Memory::new(settings.hash_mb));
        ai::search_remembering(memory, pos, history, &options, stop, &mut ())
    } else {
        ai::search(pos, history, &options, stop, &mut ())
    }
}

/// The thinking time of a level whose own is `level_ms`, on a live clock with `left_ms` to go
/// and `increment` seconds gained after the move: a 25th of what is left and three quarters of
/// the increment, never more than the level's own time nor a third of what is left, so that a
/// game at any speed does not end with the bot's flag.
pub fn clock_budget(level_ms: u64, left_ms: i64, increment: u32) -> u64 {
    let left = u64::try_from(left_ms).unwrap_or(0);
    let share = left / 25 + u64::from(increment) * 750;
    share.min(left / 3).min(level_ms).max(1)
}

/// Picks the bot's move. Blocking (up to the level's thinking time): call it off the async
/// runtime. `history` holds the hashes of the game's earlier positions, oldest first, so the
/// bot sees repetitions. `None` only when the game is over.
pub fn choose_move(
    pos: &Position,
    settings: &LevelSettings,
    history: &[u64],
    seed: u64,
    memory: &mut Option<Memory>,
) -> Option<Move> {
    // The tables and the level's memory first: the thinking time is for thinking.
    ai::warm_up();
    if settings.remembers && memory.is_none() {
        *memory = Some(Memory::new(settings.hash_mb));
    }
    let stop = Deadline::new(settings.movetime_ms);
    let mv = think(pos, settings, history, seed, &stop, memory).best?;
    // The search never returns an illegal move; should that ever change, play a legal one.
    if pos.is_legal(mv) {
        Some(mv)
    } else {
        tracing::error!(%mv, position = %pos, "the search returned an illegal move");
        pos.legal_moves().first().copied()
    }
}

/// The memories of the games against a remembering level, kept between the bot's moves: a
/// few games at a time (each holds a table of the level's size); the game whose bot moved
/// longest ago gives way. A game whose memory was dropped (or lost in a restart) only thinks
/// its next move from scratch, in a table another game gave up if one is spare: emptying a
/// table costs a fraction of what asking the system for tens of megabytes again does.
#[derive(Default)]
pub struct Memories {
    /// Least recently used first.
    kept: Vec<(i64, Memory)>,
    /// Tables no game holds any more, to be emptied and used again.
    spare: Vec<Memory>,
}

/// Games whose memory is kept at once.
pub const MEMORIES_KEPT: usize = 4;
/// Tables kept for reuse besides.
pub const SPARES_KEPT: usize = 2;

impl Memories {
    /// The memory of `game`, taken out while its bot thinks.
    pub fn take(&mut self, game: i64) -> Option<Memory> {
        let i = self.kept.iter().position(|(g, _)| *g == game)?;
        Some(self.kept.remove(i).1)
    }

    /// A table of `hash_mb` megabytes that no game holds, not yet emptied: call
    /// [`Memory::clear`] on it off the async runtime before a search uses it.
    pub fn spare(&mut self, hash_mb: usize) -> Option<Memory> {
        let i = self.spare.iter().position(|m| m.hash_mb() == hash_mb)?;
        Some(self.spare.swap_remove(i))
    }

    /// Keeps `memory` for the next move of `game`.
    pub fn put(&mut self, game: i64, memory: Memory) {
        if let Some(i) = self.kept.iter().position(|(g, _)| *g == game) {
            let (_, old) = self.kept.remove(i);
            self.recycle(old);
        }
        self.kept.push((game, memory));
        if self.kept.len() > MEMORIES_KEPT {
            let (_, old) = self.kept.remove(0);
            self.recycle(old);
        }
    }

    /// Keeps the table of a game that needs it no more (it ended, or gave way) for another.
    pub fn recycle(&mut self, memory: Memory) {
        if self.spare.len() < SPARES_KEPT {
            self.spare.push(memory);
        }
    }

    /// The games remembered, least recently used first.
    pub fn games(&self) -> Vec<i64> {
        self.kept.iter().map(|(g, _)| *g).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_live_clock_shortens_the_bot_s_thinking() {
        // Five minutes left and 3 s a move: 12 s + 2.25 s, but never over the level's 3 s.
        assert_eq!(clock_budget(3_000, 300_000, 3), 3_000);
        assert_eq!(clock_budget(60_000, 300_000, 3), 14_250);
        // Ten seconds left, no increment: 0.4 s.
        assert_eq!(clock_budget(3_000, 10_000, 0), 400);
        // An increment larger than what is left still leaves two thirds of the clock.
        assert_eq!(clock_budget(3_000, 3_000, 10), 1_000);
        // No time left at all: the least there is, and the flag falls.
        assert_eq!(clock_budget(3_000, -5, 0), 1);
    }

    #[test]
    fn memories_keep_the_most_recent_games() {
        let mut m = Memories::default();
        for g in 1..=MEMORIES_KEPT as i64 + 1 {
            m.put(g, Memory::new(1));
        }
        // The first game gave way.
        assert_eq!(
            m.games(),
            (2..=MEMORIES_KEPT as i64 + 1).collect::<Vec<_>>()
        );
        // Taking a game and putting it back makes it the most recent.
        let two = m.take(2).expect("kept");
        assert!(m.take(2).is_none());
        m.put(2, two);
        assert_eq!(m.games().last(), Some(&2));
    }

    #[test]
    fn a_table_a_game_gave_up_serves_the_next() {
        let mut m = Memories::default();
        assert!(m.spare(1).is_none());
        for g in 1..=MEMORIES_KEPT as i64 + 2 {
            m.put(g, Memory::new(1));
        }
        // Games 1 and 2 gave way: their tables are spare, for a table of their size only.
        assert!(m.spare(2).is_none());
        assert!(m.spare(1).is_some());
        assert!(m.spare(1).is_some());
        assert!(m.spare(1).is_none());
        // No more than SPARES_KEPT are kept.
        for _ in 0..SPARES_KEPT + 3 {
            m.recycle(Memory::new(1));
        }
        assert_eq!(
            (0..).take_while(|_| m.spare(1).is_some()).count(),
            SPARES_KEPT
        );
    }
}
