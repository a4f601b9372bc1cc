//! The one home of `threads`: every parallel entry point (bulk scoring, the
//! simulator, the batched environment) checks its thread count here and runs
//! on a pool from here.
//!
//! `None` means every core (rayon's global pool). `Some(n)` must be in
//! `1..=MAX_THREADS`; the bound is fixed (not tied to this machine's cores)
//! so a setting that works on one machine works on every machine. Dedicated
//! pools are cached, at most [`MAX_CACHED_POOLS`] of them holding at most
//! [`MAX_THREADS`] threads between them (least recently used dropped first),
//! so the number of live threads stays bounded however many different
//! counts callers ask for.

use std::sync::{Arc, Mutex, OnceLock};

use crate::ground::cancel;
use crate::ground::error::{Error, Result};

/// The largest thread count accepted: far above any useful value for this
/// CPU-bound work, far below what would exhaust the operating system.
pub const MAX_THREADS: usize = 256;

/// How many dedicated pools the cache keeps alive at once.
pub const MAX_CACHED_POOLS: usize = 4;

/// Checks a thread count: `None` (every core) or `1..=MAX_THREADS`.
pub fn check(threads: Option<usize>) -> Result<()> {
    match threads {
        Some(n) if n == 0 || n > MAX_THREADS => Err(Error::Invalid(format!(
            "threads must be at least 1 and at most {MAX_THREADS} (or None for every core), \
             got {n}"
        ))),
        _ => Ok(()),
    }
}

/// A place to run parallel work: rayon's global pool or a cached dedicated
/// one. Cheap to clone; keeping one keeps its threads alive.
#[derive(Clone, Debug, Default)]
pub struct Pool(Option<Arc<rayon::ThreadPool>>);

impl Pool {
    /// The pool for `threads` (checked with [`check`]).
    pub fn new(threads: Option<usize>) -> Result<Pool> {
        check(threads)?;
        match threads {
            None => Ok(Pool(None)),
            Some(n) => cached(n).map(|p| Pool(Some(p))),
        }
    }

    /// Runs `f` inside the pool (rayon's parallel iterators in `f` use it),
    /// with the caller's cancel flag current there too.
    pub fn install<R: Send>(&self, f: impl FnOnce() -> R + Send) -> R {
        match &self.0 {
            Some(pool) => {
                let flag = cancel::current();
                pool.install(move || flag.run(f))
            }
            None => f(),
        }
    }

    /// The number of threads work in this pool runs on.
    pub fn threads(&self) -> usize {
        self.0
            .as_ref()
            .map_or_else(rayon::current_num_threads, |p| p.current_num_threads())
    }
}

/// Runs `f` on the pool for `threads`: `pool::install(threads, || work())`.
pub fn install<R: Send>(threads: Option<usize>, f: impl FnOnce() -> R + Send) -> Result<R> {
    Ok(Pool::new(threads)?.install(f))
}

/// The cache of dedicated pools, most recently used last.
fn pools() -> std::sync::MutexGuard<'static, Vec<Arc<rayon::ThreadPool>>> {
    static POOLS: OnceLock<Mutex<Vec<Arc<rayon::ThreadPool>>>> = OnceLock::new();
    POOLS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The cached pool of `n` threads, built (and older pools dropped) if needed.
fn cached(n: usize) -> Result<Arc<rayon::ThreadPool>> {
    let mut pools = pools();
    if let Some(i) = pools.iter().position(|p| p.current_num_threads() == n) {
        let pool = pools.remove(i);
        pools.push(Arc::clone(&pool));
        return Ok(pool);
    }
    // Make room first, so old and new threads never add up past the bound
    // (a pool still held elsewhere lives on until its holder drops it).
    let mut total: usize = pools.iter().map(|p| p.current_num_threads()).sum();
    while !pools.is_empty() && (pools.len() >= MAX_CACHED_POOLS || total + n > MAX_THREADS) {
        total -= pools.remove(0).current_num_threads();
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(n)
        .thread_name(|i| format!("cribbage-{i}"))
        .build()
        .map(Arc::new)
        .map_err(|e| Error::Invalid(format!("cannot start {n} threads: {e}")))?;
    pools.push(Arc::clone(&pool));
    Ok(pool)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_checked() {
        assert!(check(None).is_ok());
        assert!(check(Some(1)).is_ok());
        assert!(check(Some(MAX_THREADS)).is_ok());
        for bad in [0, MAX_THREADS + 1, usize::MAX] {
            let err = check(Some(bad)).unwrap_err().to_string();
            assert!(err.contains("threads") && err.contains("256"), "{err}");
            assert!(Pool::new(Some(bad)).is_err());
        }
    }

    #[test]
    fn pools_run_on_their_size_and_the_cache_stays_bounded() {
        for n in 1..=12 {
            assert_eq!(install(Some(n), rayon::current_num_threads).unwrap(), n);
        }
        for n in [MAX_THREADS, 3, 200, 7, 100] {
            cached(n).unwrap();
            let cache = pools();
            assert!(cache.len() <= MAX_CACHED_POOLS);
            let total: usize = cache.iter().map(|p| p.current_num_threads()).sum();
            assert!(total <= MAX_THREADS, "{total} cached threads");
        }
        let again = cached(12).unwrap();
        let same = cached(12).unwrap();
        assert!(Arc::ptr_eq(&again, &same), "a cached pool is reused");
        assert_eq!(
            Pool::new(None).unwrap().threads(),
            rayon::current_num_threads()
        );
    }
}
