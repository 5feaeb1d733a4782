//! Helpers shared by the command tests: run a binary, read what it wrote.

use std::process::{Child, Output, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::Command;

/// The binary `name` of this package.
pub fn binary(name: &str) -> Command {
    Command::cargo_bin(name).unwrap_or_else(|e| panic!("the {name} binary is built: {e}"))
}

/// Runs `name args...` with `input` on stdin, for at most `timeout`.
pub fn run_with(name: &str, args: &[&str], input: impl Into<Vec<u8>>, timeout: Duration) -> Output {
    binary(name)
        .args(args)
        .write_stdin(input)
        .timeout(timeout)
        .output()
        .unwrap_or_else(|e| panic!("{name} runs: {e}"))
}

/// How long `name args... --timeout 0` takes on `input` now: what the
/// command costs when it stops at once (start-up, reading its input,
/// stopping, writing). A test that times a limit takes it off, so that it
/// holds the command's own latency to its bound, not the machine's load.
/// `args` must not hold `--timeout` already.
pub fn cost_of_stopping_at_once(name: &str, args: &[&str], input: &str) -> Duration {
    let args = [args, &["--timeout", "0"]].concat();
    let started = Instant::now();
    run_with(name, &args, input, Duration::from_secs(120));
    started.elapsed()
}

/// Starts `name args...` with standard input, output and error piped.
pub fn spawn_piped(name: &str, args: &[&str]) -> Child {
    std::process::Command::new(assert_cmd::cargo::cargo_bin(name))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{name} starts: {e}"))
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

/// The exit status (the process must exit, not die from a signal).
pub fn code(output: &Output) -> i32 {
    output.status.code().expect("the command exits normally")
}

/// Standard output, one JSON value per line.
pub fn json_lines(output: &Output) -> Vec<serde_json::Value> {
    stdout(output)
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is JSON"))
        .collect()
}

// The ready signal before a test sends SIGINT; shared with the FlatZinc
// solver's tests (flatzinc-solver/tests/fzn.rs includes the file).
mod signals;
#[allow(unused_imports)]
pub use signals::{wait_until_it_catches_sigint, wait_until_it_has_worked};
