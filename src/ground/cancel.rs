//! Stopping long work early: one flag that the caller sets (Ctrl-C, a
//! terminated engine query, a token set by another thread) and that every
//! long loop polls between two pieces of work (samples, games, searched
//! determinizations).
//!
//! The flag is made current on a thread with [`Cancel::run`]; code deep in a
//! search asks [`requested`] without the flag being passed down to it, and
//! work that fans out to other threads hands the current flag on
//! ([`current`], then [`Cancel::run`] on each thread).

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::ground::error::{Error, Result};

/// A flag shared by the one who stops and the work that stops. Cheap to
/// clone (the clones share the flag); once set it stays set.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

thread_local! {
    static CURRENT: RefCell<Option<Cancel>> = const { RefCell::new(None) };
}

/// Puts the thread's previous flag back when a [`Cancel::run`] ends, even
/// by a panic.
struct Restore(Option<Cancel>);

impl Drop for Restore {
    fn drop(&mut self) {
        let previous = self.0.take();
        CURRENT.with(|c| *c.borrow_mut() = previous);
    }
}

impl Cancel {
    /// A flag not yet set.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Asks the work to stop (from any thread).
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether stopping was asked for.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// [`Error::Cancelled`] once stopping was asked for.
    pub fn check(&self) -> Result<()> {
        if self.is_cancelled() {
            Err(Error::Cancelled)
        } else {
            Ok(())
        }
    }

    /// Runs `f` with this flag current on this thread.
    pub fn run<R>(&self, f: impl FnOnce() -> R) -> R {
        let previous = CURRENT.with(|c| c.replace(Some(self.clone())));
        let _restore = Restore(previous);
        f()
    }
}

/// The flag current on this thread (a flag never set when there is none).
pub fn current() -> Cancel {
    CURRENT.with(|c| c.borrow().clone()).unwrap_or_default()
}

/// Whether the flag current on this thread is set.
pub fn requested() -> bool {
    CURRENT.with(|c| c.borrow().as_ref().is_some_and(Cancel::is_cancelled))
}

/// [`Error::Cancelled`] once the flag current on this thread is set.
pub fn check() -> Result<()> {
    if requested() {
        Err(Error::Cancelled)
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flag_is_current_only_inside_run_and_nests() {
        let (outer, inner) = (Cancel::new(), Cancel::new());
        assert!(!requested() && check().is_ok());
        outer.cancel();
        outer.run(|| {
            assert!(requested());
            inner.run(|| assert!(!requested()));
            assert!(requested());
            assert_eq!(check(), Err(Error::Cancelled));
        });
        assert!(!requested());
    }

    #[test]
    fn work_on_other_threads_sees_the_handed_on_flag() {
        let flag = Cancel::new();
        let seen = flag.run(|| {
            let handed = current();
            flag.cancel();
            std::thread::scope(|s| s.spawn(|| handed.run(requested)).join().unwrap())
        });
        assert!(seen);
    }
}
