//! The limits a Python call passes (`timeout=` seconds, `max_nodes=`) as a
//! [`solver_core::Limits`], with a cancellation flag for Ctrl-C.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use pyo3::exceptions::PyValueError;
use pyo3::PyResult;
use solver_core::Limits;

/// A call's limits and the flag that cancels its search.
pub struct CallLimits {
    /// The limits, with `cancel` set.
    pub limits: Limits,
    /// Raised when the caller is interrupted.
    pub cancel: Arc<AtomicBool>,
}

/// Limits from the keyword arguments: `timeout` in seconds, `max_nodes`
/// search nodes, `max_solutions` solutions.
pub fn call_limits(
    timeout: Option<f64>,
    max_nodes: Option<u64>,
    max_solutions: Option<u128>,
) -> PyResult<CallLimits> {
    let cancel = Arc::new(AtomicBool::new(false));
    let mut limits = Limits::none().cancel_flag(cancel.clone());
    if let Some(t) = timeout {
        if !(t.is_finite() && t >= 0.0) {
            return Err(PyValueError::new_err(format!(
                "timeout must be a number of seconds >= 0, got {t}"
            )));
        }
        limits = limits.timeout(Duration::from_secs_f64(t.min(1e9)));
    }
    if let Some(n) = max_nodes {
        limits = limits.nodes(n);
    }
    if let Some(n) = max_solutions {
        limits = limits.solutions(n);
    }
    Ok(CallLimits { limits, cancel })
}
