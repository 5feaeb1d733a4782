//! The limits a Python call passes (`timeout=` seconds, `max_nodes=`) as a
//! [`solver_core::Limits`], with a cancellation flag for Ctrl-C.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};
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

/// A value of `limit=`: None for no limit, else an int >= 0 (a clear
/// ValueError or TypeError that names the argument otherwise).
pub fn limit_arg(limit: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u128>> {
    let Some(value) = limit.filter(|v| !v.is_none()) else {
        return Ok(None);
    };
    if value.is_instance_of::<PyBool>() || !value.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err(format!(
            "limit must be an int >= 0 or None, got {}",
            value
                .get_type()
                .name()
                .map_or_else(|_| "?".into(), |n| n.to_string())
        )));
    }
    match value.extract::<u128>() {
        Ok(n) => Ok(Some(n)),
        Err(_) => Err(PyValueError::new_err(format!(
            "limit must be an int >= 0 or None, got {value}"
        ))),
    }
}
