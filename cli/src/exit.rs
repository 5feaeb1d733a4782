//! Exit statuses shared by the commands, and how a failed command ends.
//!
//! | Status | Meaning |
//! |-------:|---------|
//! | 0 | Success: the answer is complete (or a requested `--limit` was reached, or the reader of the output went away) |
//! | 1 | No solution (for `sudoku`, also: not unique) |
//! | 2 | Bad input or bad usage (clap's usage errors also exit with 2) |
//! | 3 | Incomplete: the search gave up at a limit (`--max-nodes`, `--timeout`) |
//! | 4 | I/O error: cannot read the input or cannot write the output |
//! | 70 | Internal error: a solution or puzzle failed the independent check (a bug) |
//! | 130 | Interrupted by Ctrl-C, the answer so far written |

use std::fmt;
use std::io::Write as _;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

/// The exit statuses of the commands. See the [module documentation](self)
/// for the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Exit {
    /// 0: the command did what was asked and the answer is complete.
    Success = 0,
    /// 1: there is no solution (or, for a Sudoku, the solution is not unique).
    NoSolution = 1,
    /// 2: the input could not be read as a problem, or the command line is
    /// wrong.
    BadInput = 2,
    /// 3: the search stopped at a limit before it could give a complete
    /// answer.
    Incomplete = 3,
    /// 4: the input could not be read or the output could not be written.
    IoError = 4,
    /// 70: a solution or puzzle failed the independent check (a bug).
    Internal = 70,
    /// 130: Ctrl-C, after which the command has said what it left.
    Interrupted = 130,
}

impl Exit {
    /// The numeric status.
    pub fn code(self) -> u8 {
        self as u8
    }
}

impl From<Exit> for ExitCode {
    fn from(exit: Exit) -> ExitCode {
        ExitCode::from(exit.code())
    }
}

/// A command that could not finish normally: the status to exit with, and
/// what to say on stderr (nothing for a quiet end such as a broken pipe).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The exit status.
    pub status: Exit,
    /// The message, printed as `error: <message>`; `None` ends quietly.
    pub message: Option<String>,
}

impl Failure {
    /// A failure reported on stderr as `error: <message>`.
    pub fn new(status: Exit, message: impl Into<String>) -> Failure {
        Failure {
            status,
            message: Some(message.into()),
        }
    }

    /// An end without a message.
    pub fn quiet(status: Exit) -> Failure {
        Failure {
            status,
            message: None,
        }
    }

    /// Bad input (status 2).
    pub fn bad_input(message: impl Into<String>) -> Failure {
        Failure::new(Exit::BadInput, message)
    }

    /// An I/O error (status 4).
    pub fn io(message: impl Into<String>) -> Failure {
        Failure::new(Exit::IoError, message)
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.message {
            Some(message) => f.write_str(message),
            None => write!(f, "exit status {}", self.status.code()),
        }
    }
}

impl std::error::Error for Failure {}

/// Raised by Ctrl-C (SIGINT) once [`cancel_flag`] has installed its
/// handler: every search given it stops at its next check.
static CANCEL: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// The flag Ctrl-C raises, with its handler installed on first use.
pub fn cancel_flag() -> Arc<AtomicBool> {
    Arc::clone(CANCEL.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let raised = Arc::clone(&flag);
        // Fails only if a handler is already set (not in this program).
        let _ = ctrlc::set_handler(move || raised.store(true, Ordering::Relaxed));
        flag
    }))
}

/// Whether Ctrl-C raised [`cancel_flag`].
pub fn interrupted() -> bool {
    CANCEL
        .get()
        .is_some_and(|flag| flag.load(Ordering::Relaxed))
}

/// Ends a command: prints a failure's message (once) on stderr and turns the
/// status into an [`ExitCode`] for `main`; after Ctrl-C ([`interrupted`]),
/// 130 (128 + SIGINT, as shells report it), the answer so far having been
/// written, marked incomplete, with `interrupted by Ctrl-C` on stderr unless
/// the command ended with [`Exit::Interrupted`], having said what it left.
pub fn finish(result: Result<Exit, Failure>) -> ExitCode {
    if interrupted() && result != Ok(Exit::Interrupted) {
        if let Err(Failure {
            message: Some(message),
            ..
        }) = &result
        {
            let _ = writeln!(std::io::stderr(), "error: {message}");
        }
        let _ = writeln!(std::io::stderr(), "interrupted by Ctrl-C");
        return Exit::Interrupted.into();
    }
    let status = match result {
        Ok(status) => status,
        Err(failure) => {
            if let Some(message) = &failure.message {
                // If even stderr is gone there is no one left to tell.
                let _ = writeln!(std::io::stderr(), "error: {message}");
            }
            failure.status
        }
    };
    status.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes() {
        assert_eq!(Exit::Success.code(), 0);
        assert_eq!(Exit::NoSolution.code(), 1);
        assert_eq!(Exit::BadInput.code(), 2);
        assert_eq!(Exit::Incomplete.code(), 3);
        assert_eq!(Exit::IoError.code(), 4);
        assert_eq!(Exit::Internal.code(), 70);
        assert_eq!(Exit::Interrupted.code(), 130);
    }

    #[test]
    fn failures() {
        assert_eq!(Failure::bad_input("x").status, Exit::BadInput);
        assert_eq!(Failure::io("x").to_string(), "x");
        assert_eq!(Failure::quiet(Exit::Success).message, None);
    }
}
