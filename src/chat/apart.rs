//! The bot's thinking on threads of its own, below the commands: each search (a bot's move,
//! an analysis) runs on a thread made for it that the system runs only when no command wants
//! the processor (Linux's `SCHED_IDLE`; elsewhere, and if that is refused, nice +10), so that
//! a human's command, whatever the bots are doing, takes the processor first. The search owns
//! no clock of its own: a busy machine shortens what a timed search sees, not anyone's reply.
//!
//! Why not a nice level alone: Linux still gives a nice +10 thread a share of a busy core, and
//! a command that wakes waits for the share to run out. Under `jungle bench --load` on 2 cores
//! the thinking took 36% of the processor at nice +10; with `SCHED_IDLE` the humans' moves went
//! from 1,143 to 1,461 a second (p99 240 → 183 ms), and the bots still answered within their
//! time, seeing fewer positions.

/// How much lower than the process the thinking threads run where `SCHED_IDLE` is not had.
#[cfg(unix)]
const NICER: libc::c_int = 10;

/// Runs `f` on a new thread of lower priority and waits for it without blocking the runtime;
/// `Err` if `f` panicked or no thread could be made.
pub(crate) async fn think<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Failed> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    std::thread::Builder::new()
        .name("jungle-think".to_string())
        .spawn(move || {
            lower_priority();
            // Gone only if the caller stopped waiting.
            let _ = tx.send(f());
        })
        .map_err(|e| Failed(e.to_string()))?;
    rx.await
        .map_err(|_| Failed("the search panicked".to_string()))
}

/// Why a search gave no result.
#[derive(Debug)]
pub(crate) struct Failed(String);

impl std::fmt::Display for Failed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Lowers the calling thread's priority: on Linux to `SCHED_IDLE`, else (or if refused) by
/// [`NICER`] (`setpriority` with `who` 0 is the calling thread alone on Linux). A failure only
/// leaves the thread as it was.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        let param = libc::sched_param { sched_priority: 0 };
        // SAFETY: changes only the calling thread's (pid 0) scheduling policy; `param` lives
        // across the call and is only read.
        if unsafe { libc::sched_setscheduler(0, libc::SCHED_IDLE, &param) } == 0 {
            return;
        }
    }
    #[cfg(unix)]
    {
        // SAFETY: getpriority and setpriority read and change only the scheduling priority
        // of the calling thread; no memory is passed.
        let now = unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) };
        let set = unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, now.saturating_add(NICER)) };
        if set != 0 {
            tracing::debug!("cannot lower the priority of a thinking thread");
        }
    }
}

/// The calling thread's priority (`nice`), for tests.
#[cfg(all(test, unix, not(target_os = "linux")))]
fn priority() -> libc::c_int {
    // SAFETY: reads the calling thread's priority only.
    unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn a_search_thread_runs_only_when_commands_leave_the_processor() {
        // SAFETY: reads the calling thread's policy only.
        let policy = || unsafe { libc::sched_getscheduler(0) };
        let here = policy();
        let there = think(policy).await.expect("the thread ran");
        assert_eq!(there, libc::SCHED_IDLE);
        // The caller's own thread is left as it was.
        assert_eq!(policy(), here);
        assert_ne!(here, libc::SCHED_IDLE);
    }

    #[cfg(all(unix, not(target_os = "linux")))]
    #[tokio::test]
    async fn a_search_thread_runs_below_the_commands() {
        let here = priority();
        let there = think(priority).await.expect("the thread ran");
        assert_eq!(there, (here + NICER).min(19));
        // The caller's own thread is left as it was.
        assert_eq!(priority(), here);
    }

    #[tokio::test]
    async fn a_panicking_search_is_an_error_not_a_hang() {
        let r = think(|| -> u8 { panic!("the search broke") }).await;
        assert!(r.is_err());
    }
}
