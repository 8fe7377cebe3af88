//! A mutex whose lock is taken even after a panic poisoned it: what it guards (counts, caches
//! of the room's connections) stays usable, and no request fails for another's fault.

use std::sync::{Mutex, MutexGuard};

/// A value behind a mutex that a panic does not poison for the others.
#[derive(Debug, Default)]
pub struct Guarded<T>(Mutex<T>);

impl<T> Guarded<T> {
    /// The value, locked (waiting for whoever holds it).
    pub fn lock(&self) -> MutexGuard<'_, T> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}
