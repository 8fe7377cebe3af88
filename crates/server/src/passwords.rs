//! The gate in front of password work. Each Argon2 hash or check takes 19 MiB and a core for a
//! while, and the blocking pool would run hundreds at once: sign-ups and logins therefore take
//! one of a few permits (about the core count) first, a bounded number wait for one, and the
//! rest are answered `busy` at once.

use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use tokio::sync::Semaphore;

/// Too many password checks waiting already.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("{waiting} password checks are waiting already; try again in a moment")]
pub struct Busy {
    /// How many were waiting.
    pub waiting: usize,
}

/// At most `workers` password checks at once, at most `queue` waiting.
#[derive(Debug)]
pub struct PasswordGate {
    permits: Semaphore,
    workers: usize,
    queue: usize,
    waiting: AtomicUsize,
    running: AtomicUsize,
}

/// Counts one waiter or runner while it lives (a request given up on still gives its place
/// back).
struct Count<'a>(&'a AtomicUsize);

impl<'a> Count<'a> {
    fn new(n: &'a AtomicUsize) -> Count<'a> {
        n.fetch_add(1, Relaxed);
        Count(n)
    }
}

impl Drop for Count<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Relaxed);
    }
}

impl PasswordGate {
    /// A gate of `workers` permits (at least one) and `queue` places to wait.
    pub fn new(workers: usize, queue: usize) -> PasswordGate {
        let workers = workers.max(1);
        PasswordGate {
            permits: Semaphore::new(workers),
            workers,
            queue,
            waiting: AtomicUsize::new(0),
            running: AtomicUsize::new(0),
        }
    }

    /// Runs `work` once a permit is free, or answers [`Busy`] if the queue is full.
    pub async fn run<T>(&self, work: impl Future<Output = T>) -> Result<T, Busy> {
        let permit = match self.permits.try_acquire() {
            Ok(p) => p,
            Err(_) => {
                let _waiting = Count::new(&self.waiting);
                let waiting = self.waiting.load(Relaxed);
                if waiting > self.queue {
                    return Err(Busy {
                        waiting: waiting - 1,
                    });
                }
                self.permits
                    .acquire()
                    .await
                    .map_err(|_| Busy { waiting: 0 })?
            }
        };
        let _running = Count::new(&self.running);
        let out = work.await;
        drop(permit);
        Ok(out)
    }

    /// Checks running now.
    pub fn running(&self) -> usize {
        self.running.load(Relaxed)
    }

    /// Checks waiting now.
    pub fn waiting(&self) -> usize {
        self.waiting.load(Relaxed)
    }

    /// How many may run at once.
    pub fn workers(&self) -> usize {
        self.workers
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use tokio::sync::oneshot;

    #[tokio::test]
    async fn two_run_two_wait_and_the_fifth_is_told_the_room_is_busy() {
        let gate = Arc::new(PasswordGate::new(2, 2));
        let mut releases = Vec::new();
        let mut tasks = Vec::new();
        for _ in 0..4 {
            let (tx, rx) = oneshot::channel::<()>();
            releases.push(tx);
            let gate = gate.clone();
            tasks.push(tokio::spawn(async move {
                gate.run(async {
                    let _ = rx.await;
                })
                .await
            }));
        }
        while gate.running() + gate.waiting() < 4 {
            tokio::task::yield_now().await;
        }
        assert_eq!((gate.running(), gate.waiting()), (2, 2));
        assert_eq!(gate.run(async {}).await, Err(Busy { waiting: 2 }));
        for r in releases {
            let _ = r.send(());
        }
        for t in tasks {
            assert_eq!(t.await.unwrap(), Ok(()));
        }
        assert_eq!((gate.running(), gate.waiting()), (0, 0));
        assert_eq!(gate.run(async { 7 }).await, Ok(7), "open again");
    }
}
