//! The bot's thinking on threads of its own, below the commands: each search (a bot's move,
//! an analysis) runs on a thread made for it at a lower scheduling priority (nice +10 on Linux
//! and the other Unixes), so that a human's command, whatever the bots are doing, takes the
//! processor first. The search owns no clock of its own: a busy machine shortens what a timed
//! search sees, not anyone's reply.

/// How much lower than the process the thinking threads run (`nice`).
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

/// Lowers the calling thread's priority (on Linux, `setpriority` with `who` 0 is the calling
/// thread alone). A failure only leaves the thread as it was.
fn lower_priority() {
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
#[cfg(all(test, unix))]
fn priority() -> libc::c_int {
    // SAFETY: reads the calling thread's priority only.
    unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_search_thread_runs_below_the_commands() {
        let here = priority();
        let there = think(priority).await.expect("the thread ran");
        // Linux's nice tops out at 19.
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
