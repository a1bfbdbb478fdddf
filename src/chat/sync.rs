//! Locking the std mutexes that the chat layer and the adapters share between tasks.

use std::sync::{Mutex, MutexGuard};

/// Locks `m`, taking the value even if a thread panicked while holding it: the values kept
/// behind these locks (the game core, the button book, room queues) are consistent between
/// statements, so one failed handler must not take every later event down with it.
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_poisoned_mutex_still_locks() {
        let m = Mutex::new(1);
        let panicked = std::thread::scope(|s| {
            s.spawn(|| {
                let mut held = m.lock().unwrap();
                *held = 2;
                panic!("poison the lock");
            })
            .join()
        });
        assert!(panicked.is_err() && m.is_poisoned());
        *lock(&m) += 1;
        assert_eq!(*lock(&m), 3);
    }
}
