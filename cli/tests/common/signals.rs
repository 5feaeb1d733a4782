//! The ready signals before a test sends SIGINT: the process has set its
//! Ctrl-C handler, and it has done some of its work (its CPU time). Shared
//! by the command's tests (`cli/tests/common`) and the FlatZinc solver's
//! (`flatzinc-solver/tests/fzn.rs`, by `#[path]`).

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

/// The CPU time process `pid` has used so far (user and system, over all
/// its threads: fields 14 and 15 of `/proc/<pid>/stat`, in clock ticks),
/// and whether it has ended (a zombie, not reaped yet).
#[allow(dead_code)]
fn cpu_time(pid: u32) -> (std::time::Duration, bool) {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .unwrap_or_else(|e| panic!("process {pid}: {e}"));
    // "pid (comm) state ppid ...": the fields after the command's name,
    // which may hold spaces and parentheses itself.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or("", |(_, rest)| rest)
        .split_whitespace()
        .collect();
    let ticks: u64 = [11, 12]
        .iter()
        .map(|&k| {
            fields
                .get(k)
                .and_then(|f| f.parse::<u64>().ok())
                .unwrap_or(0)
        })
        .sum();
    let used = std::time::Duration::from_millis(ticks * 1000 / clock_ticks_per_second());
    (used, fields.first() == Some(&"Z"))
}

/// `getconf CLK_TCK` (100 on Linux, the unit of `/proc/<pid>/stat`'s times).
#[allow(dead_code)]
fn clock_ticks_per_second() -> u64 {
    static TICKS: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *TICKS.get_or_init(|| {
        std::process::Command::new("getconf")
            .arg("CLK_TCK")
            .output()
            .ok()
            .and_then(|o| String::from_utf8(o.stdout).ok())
            .and_then(|t| t.trim().parse().ok())
            .filter(|&t| t > 0)
            .unwrap_or(100)
    })
}

/// Waits until process `pid` has used `work` of CPU time, for at most a
/// minute: the ready signal that it is into its work before a test sends
/// SIGINT. A wall-clock sleep gives a child on a loaded machine little or no
/// CPU (a count stopped with no nodes yet); its own CPU time cannot lie.
/// Panics if the process ends or stays idle that long.
#[allow(dead_code)]
pub fn wait_until_it_has_worked(pid: u32, work: std::time::Duration) {
    let started = std::time::Instant::now();
    loop {
        let (used, ended) = cpu_time(pid);
        if used >= work {
            return;
        }
        assert!(
            !ended,
            "process {pid} ended after {used:?} of CPU, before {work:?}"
        );
        assert!(
            started.elapsed() < std::time::Duration::from_secs(60),
            "process {pid} used {used:?} of CPU in a minute, not the {work:?} awaited"
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}
