//! Running a long search so that Ctrl-C still works.
//!
//! Python handles signals only on its main thread and only between bytecodes,
//! so a search that ran on the calling thread would hold off Ctrl-C until it
//! ended. Instead the search runs on a helper thread while the caller, with
//! the GIL released, waits for it and every [`POLL`] asks Python whether a
//! signal arrived (`PyErr_CheckSignals`). On `KeyboardInterrupt` it raises
//! the search's cancellation flag (the search checks it every 256 nodes),
//! waits for the thread to stop, and returns the exception: nothing is left
//! running and the interpreter stays usable.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use pyo3::prelude::*;

/// How often the waiting caller checks for signals.
pub const POLL: Duration = Duration::from_millis(20);

/// Runs `work` on a helper thread with the GIL released, checking for signals
/// every [`POLL`]. On a signal handler's exception (`KeyboardInterrupt`) it
/// sets `cancel`, waits for `work` to return, and returns the exception.
pub fn run<R: Send>(
    py: Python<'_>,
    cancel: &AtomicBool,
    work: impl FnOnce() -> R + Send,
) -> PyResult<R> {
    std::thread::scope(|scope| {
        let (tx, mut rx) = mpsc::channel();
        scope.spawn(move || {
            // The receiver outlives the scope's threads: send cannot fail.
            let _ = tx.send(work());
        });
        loop {
            let waiting = &mut rx;
            match py.allow_threads(move || waiting.recv_timeout(POLL)) {
                Ok(result) => return Ok(result),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(signal) = py.check_signals() {
                        cancel.store(true, Ordering::Relaxed);
                        // The search sees the flag within 256 nodes.
                        let waiting = &mut rx;
                        let _ = py.allow_threads(move || waiting.recv());
                        return Err(signal);
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    // The helper panicked; the scope re-raises its panic on exit.
                    return Err(pyo3::exceptions::PyRuntimeError::new_err(
                        "internal error: the search thread stopped without an answer",
                    ));
                }
            }
        }
    })
}
