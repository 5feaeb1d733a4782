//! The ready signal before a test sends SIGINT: the process has set its
//! Ctrl-C handler. Shared by the command's tests (`cli/tests/common`) and
//! the FlatZinc solver's (`flatzinc/tests/fzn.rs`, by `#[path]`).

/// Waits until process `pid` catches SIGINT (its Ctrl-C handler is set, read
/// from `/proc/<pid>/status`), for at most ten seconds: the ready signal
/// before a test sends SIGINT, instead of sleeping and hoping.
#[allow(dead_code)]
pub fn wait_until_it_catches_sigint(pid: u32) {
    const SIGINT_BIT: u64 = 1 << (2 - 1);
    let started = std::time::Instant::now();
    loop {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status"))
            .unwrap_or_else(|e| panic!("process {pid}: {e}"));
        let caught = status
            .lines()
            .find_map(|l| l.strip_prefix("SigCgt:"))
            .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
            .unwrap_or(0);
        if caught & SIGINT_BIT != 0 {
            return;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(10),
            "process {pid} never set its SIGINT handler"
        );
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}
