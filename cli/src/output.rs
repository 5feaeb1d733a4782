//! Buffered standard output that ends well when the reader goes away.
//!
//! Rust ignores `SIGPIPE`, so writing to a closed pipe (`dlx solve big | head`)
//! returns a `BrokenPipe` error instead of killing the process. [`Output`]
//! remembers the first write error and fails every later write at once, so a
//! search can stop promptly (its callback returns `ControlFlow::Break` when a
//! write fails). [`Output::finish`] then turns the error into the way the
//! command ends:
//! - a broken pipe ends quietly with status 0 (the reader has what it wanted);
//! - any other error (say, a full disk) is reported once, as
//!   `error: cannot write output: <reason>`, with status 4.

use std::io::{self, BufWriter, ErrorKind, Write};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::exit::{Exit, Failure};

/// Output is flushed at the end of a record when it has waited this long, so
/// that rare solutions show up promptly even through a pipe.
const STALE: Duration = Duration::from_millis(100);

/// How results are printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Plain text for people and simple scripts.
    #[default]
    Text,
    /// JSON (JSON Lines when there are several records).
    Json,
}

/// A buffered writer for standard output (or any writer) that remembers its
/// first error. See the [module documentation](self).
pub struct Output {
    out: BufWriter<Box<dyn Write + Send>>,
    error: Option<io::Error>,
    last_flush: Instant,
}

impl Output {
    /// Buffered standard output.
    pub fn stdout() -> Output {
        Output::new(Box::new(io::stdout()))
    }

    /// Buffered output to `writer`.
    pub fn new(writer: Box<dyn Write + Send>) -> Output {
        Output {
            out: BufWriter::with_capacity(64 * 1024, writer),
            error: None,
            last_flush: Instant::now(),
        }
    }

    /// Whether a write has failed.
    pub fn has_failed(&self) -> bool {
        self.error.is_some()
    }

    /// How the command must end because a write failed, if one has: see
    /// [`write_failure`].
    pub fn failure(&self) -> Option<Failure> {
        self.error.as_ref().map(write_failure)
    }

    /// Writes `value` as one line of JSON.
    pub fn json_line(&mut self, value: &impl Serialize) -> io::Result<()> {
        serde_json::to_writer(&mut *self, value)?;
        self.write_all(b"\n")
    }

    /// Marks the end of a record (a solution, say): flushes if the output
    /// has waited for a while, so slow results are not held back.
    pub fn end_record(&mut self) -> io::Result<()> {
        if self.last_flush.elapsed() >= STALE {
            self.flush()?;
        }
        Ok(())
    }

    /// Flushes, and says how the command must end if a write failed: quietly
    /// with status 0 for a broken pipe, with `cannot write output: <reason>`
    /// and status 4 otherwise.
    pub fn finish(mut self) -> Result<(), Failure> {
        let _ = self.flush();
        let failure = self.failure();
        // Drop any unwritten bytes without trying to write them again.
        let _ = self.out.into_parts();
        failure.map_or(Ok(()), Err)
    }

    fn record<T>(&mut self, result: io::Result<T>) -> io::Result<T> {
        if let Err(e) = &result {
            if e.kind() != ErrorKind::Interrupted && self.error.is_none() {
                self.error = Some(io::Error::new(e.kind(), e.to_string()));
            }
        }
        result
    }

    fn check(&self) -> io::Result<()> {
        match &self.error {
            Some(e) => Err(io::Error::new(e.kind(), "output already failed")),
            None => Ok(()),
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.check()?;
        let result = self.out.write(buf);
        self.record(result)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.check()?;
        self.last_flush = Instant::now();
        let result = self.out.flush();
        self.record(result)
    }
}

/// Writes `message` on stderr as one line (nothing if stderr is gone).
pub fn eprint_line(message: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{message}");
}

/// Whether `error` says that the reader has gone away.
pub fn is_broken_pipe(error: &io::Error) -> bool {
    error.kind() == ErrorKind::BrokenPipe
}

/// How a command ends after failing to write `error`: quietly with status 0
/// for a broken pipe, with an I/O error (status 4) otherwise.
pub fn write_failure(error: &io::Error) -> Failure {
    if is_broken_pipe(error) {
        Failure::quiet(Exit::Success)
    } else {
        Failure::io(format!("cannot write output: {error}"))
    }
}

/// Whether standard error goes to the same place as standard output (the
/// same terminal, file or pipe), so that a note on stderr about what stdout
/// already says would only repeat it. Compares the device and inode of
/// both streams (Linux: `/proc/self/fd`); elsewhere, both being terminals
/// counts as the same.
pub fn stderr_is_stdout() -> bool {
    use std::io::IsTerminal as _;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt as _;
        let id = |fd: u8| {
            std::fs::metadata(format!("/proc/self/fd/{fd}")).map(|m| (m.dev(), m.ino(), m.rdev()))
        };
        if let (Ok(out), Ok(err)) = (id(1), id(2)) {
            return out == err;
        }
    }
    io::stdout().is_terminal() && io::stderr().is_terminal()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer that fails with `kind` after accepting `room` bytes, and
    /// counts its calls.
    struct Failing {
        kind: ErrorKind,
        room: usize,
        calls: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    }

    impl Write for Failing {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.calls
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            if self.room == 0 {
                return Err(io::Error::from(self.kind));
            }
            let n = buf.len().min(self.room);
            self.room -= n;
            Ok(n)
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    fn failing(kind: ErrorKind) -> (Output, std::sync::Arc<std::sync::atomic::AtomicUsize>) {
        let calls = std::sync::Arc::default();
        let writer = Failing {
            kind,
            room: 10,
            calls: std::sync::Arc::clone(&calls),
        };
        (Output::new(Box::new(writer)), calls)
    }

    #[test]
    fn broken_pipe_is_quiet_success() {
        let (mut out, _) = failing(ErrorKind::BrokenPipe);
        let _ = out.write_all(&[b'x'; 100]);
        assert!(out.flush().is_err());
        assert!(out.has_failed());
        assert_eq!(out.finish(), Err(Failure::quiet(Exit::Success)));
    }

    #[test]
    fn other_errors_fail_once() {
        let (mut out, calls) = failing(ErrorKind::StorageFull);
        out.write_all(&[b'x'; 100]).unwrap(); // buffered
        assert!(out.flush().is_err());
        let after_failure = calls.load(std::sync::atomic::Ordering::Relaxed);
        assert!(out.write_all(b"more").is_err());
        assert!(out.flush().is_err());
        // Later writes fail without touching the writer.
        assert_eq!(
            calls.load(std::sync::atomic::Ordering::Relaxed),
            after_failure
        );
        let failure = out.finish().unwrap_err();
        assert_eq!(failure.status, Exit::IoError);
        assert!(failure
            .message
            .unwrap()
            .starts_with("cannot write output: "));
    }

    #[test]
    fn json_lines() {
        let (mut out, _) = failing(ErrorKind::BrokenPipe);
        out.json_line(&serde_json::json!({"a": 1})).unwrap();
        assert!(!out.has_failed());
    }
}
