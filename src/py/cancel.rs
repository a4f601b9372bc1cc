//! Long calls, watched: the work runs with the GIL released on a thread of
//! its own while the calling thread looks every [`POLL`] at Ctrl-C and at the
//! caller's `CancelToken`; either sets the work's flag
//! ([`crate::ground::cancel`]), which every long loop of the core polls.

use std::sync::mpsc;
use std::time::Duration;

use pyo3::exceptions::PyException;
use pyo3::prelude::*;

use crate::ground::cancel::Cancel;
use crate::ground::error::Result;

/// How often the calling thread looks at Ctrl-C and at the token while the
/// work runs (the work itself never waits for it).
pub const POLL: Duration = Duration::from_millis(50);

pyo3::create_exception!(
    cribbage_fast._core,
    Cancelled,
    PyException,
    "A long call stopped early because its CancelToken was cancelled."
);

/// A flag that stops a long call from another thread: pass it as
/// ``cancel=`` (`cribbage_fast.hint`, `cribbage_fast.analysis.analyze_game`)
/// and call `cancel` from anywhere; the call raises `Cancelled` within about a
/// tenth of a second. Once cancelled, a token stays cancelled.
///
/// Examples
/// --------
/// >>> from cribbage_fast import CancelToken, Cancelled, Game, hint
/// >>> token = CancelToken()
/// >>> token.cancel()
/// >>> try:
/// ...     hint(Game(2, seed=7), cancel=token)
/// ... except Cancelled:
/// ...     print("stopped")
/// stopped
/// >>> token.cancelled
/// True
#[pyclass(name = "CancelToken", module = "cribbage_fast._core", frozen)]
#[derive(Default)]
pub struct PyCancelToken(pub Cancel);

#[pymethods]
impl PyCancelToken {
    #[new]
    fn py_new() -> Self {
        PyCancelToken::default()
    }

    /// Asks every call given this token to stop (from any thread).
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import CancelToken
    /// >>> token = CancelToken()
    /// >>> token.cancel()
    /// >>> token.cancelled
    /// True
    fn cancel(&self) {
        self.0.cancel();
    }

    /// Whether `cancel` was called.
    #[getter]
    fn cancelled(&self) -> bool {
        self.0.is_cancelled()
    }

    fn __repr__(&self) -> String {
        let cancelled = if self.cancelled() { "True" } else { "False" };
        format!("CancelToken(cancelled={cancelled})")
    }
}

/// Runs `work` with the GIL released and its own cancel flag current, while
/// this thread watches: Ctrl-C (a signal Python has seen) sets the flag and is
/// raised once the work has stopped; a cancelled `token` sets it too, and the
/// work's [`crate::Error::Cancelled`] becomes `Cancelled`. The answer comes
/// as soon as the work ends (no wait for the next look).
pub fn watched<T: Send>(
    py: Python<'_>,
    token: Option<&Cancel>,
    work: impl FnOnce() -> Result<T> + Send,
) -> PyResult<T> {
    let flag = Cancel::new();
    let mut signal: PyResult<()> = Ok(());
    let out = py.detach(|| {
        let (done, finished) = mpsc::channel::<()>();
        std::thread::scope(|scope| {
            let worker = scope.spawn(|| {
                let out = flag.run(work);
                let _ = done.send(());
                out
            });
            loop {
                if token.is_some_and(Cancel::is_cancelled) {
                    flag.cancel();
                }
                match finished.recv_timeout(POLL) {
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                    _ => break,
                }
                if signal.is_ok() {
                    signal = Python::attach(|py| py.check_signals());
                    if signal.is_err() {
                        flag.cancel();
                    }
                }
            }
            worker
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        })
    });
    signal?;
    Ok(out?)
}
