//! The `-j/--threads N` option and the global rayon thread pool.
//!
//! A thread count far above the machine's cores only costs memory and time
//! (each thread has its own solvers, and thousands of threads took minutes
//! to start and stop), so `-j N` and `RAYON_NUM_THREADS` are both capped at
//! 4 (`CAP_PER_CORE`) times the available parallelism (`pool_size`), with
//! a one-line note on stderr.

use std::io::Write as _;

/// The `-j/--threads` option, to flatten into a command's arguments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::Args)]
pub struct ThreadsArg {
    /// Search with N threads [default: one per core, or $RAYON_NUM_THREADS]
    #[arg(
        short = 'j',
        long = "threads",
        value_name = "N",
        value_parser = clap::value_parser!(u32).range(1..=4096),
        long_help = include_str!("../help/options/threads.txt")
    )]
    pub threads: Option<u32>,
}

impl ThreadsArg {
    /// Builds the global rayon pool with the requested number of threads
    /// (see [`init`]) and returns how many it has.
    pub fn init(self) -> usize {
        init(self.threads.map(|n| n as usize))
    }
}

/// The most threads started: 4 (`CAP_PER_CORE`) per available core.
pub fn cap() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    cores.saturating_mul(CAP_PER_CORE)
}

/// Builds the global rayon pool with `threads` threads (`None`: one per
/// core unless `RAYON_NUM_THREADS` says otherwise), at most [`cap`], and
/// returns how many threads the pool has. If the pool already exists it is
/// left as it is.
pub fn init(threads: Option<usize>) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let env = std::env::var(RAYON_NUM_THREADS).ok();
    let (count, note) = pool_size(threads, env.as_deref(), cores, cap());
    if let Some(note) = note {
        let _ = writeln!(std::io::stderr().lock(), "{note}");
    }
    // An error means the global pool was built already (or could not be):
    // either way rayon then runs on whatever pool it has.
    let _ = rayon::ThreadPoolBuilder::new()
        .num_threads(count)
        .thread_name(|k| format!("search-{k}"))
        .build_global();
    rayon::current_num_threads()
}

/// Threads a command allows per available core ([`pool_size`]).
const CAP_PER_CORE: usize = 4;

/// The environment variable rayon reads; a command reads it instead, so
/// that it is capped like `-j` ([`pool_size`]).
const RAYON_NUM_THREADS: &str = "RAYON_NUM_THREADS";

/// How many threads a command's pool starts for `asked` (`-j`), else `env`
/// (the value of [`RAYON_NUM_THREADS`]), else one per core of `cores`; and
/// the note to print when the number asked was capped at `cap` (a command
/// allows [`CAP_PER_CORE`] per core: more only cost memory and time, each
/// thread having its own solvers) or the variable could not be read.
fn pool_size(
    asked: Option<usize>,
    env: Option<&str>,
    cores: usize,
    cap: usize,
) -> (usize, Option<String>) {
    let (wanted, from) = match (asked, env.map(str::trim)) {
        (Some(n), _) => (n, "-j"),
        (None, None) | (None, Some("")) => return (cores.min(cap).max(1), None),
        (None, Some(text)) => match text.parse::<usize>() {
            Ok(0) => return (cores.min(cap).max(1), None),
            Ok(n) => (n, RAYON_NUM_THREADS),
            Err(_) => {
                return (
                    cores.min(cap).max(1),
                    Some(format!(
                        "note: {RAYON_NUM_THREADS}={text} is not a number of threads: \
                         using {cores} (one per core)"
                    )),
                )
            }
        },
    };
    if wanted > cap {
        let note = format!(
            "note: {from} {wanted} is more than {CAP_PER_CORE} threads per core \
             ({cores} available): using {cap}"
        );
        (cap, Some(note))
    } else {
        (wanted, None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_counts_are_capped() {
        // 2 cores, cap 8.
        assert_eq!(pool_size(Some(3), None, 2, 8), (3, None));
        assert_eq!(pool_size(Some(8), Some("100000"), 2, 8), (8, None));
        let (n, note) = pool_size(Some(4096), None, 2, 8);
        assert_eq!(n, 8);
        assert!(note.unwrap().contains("-j 4096"));
        let (n, note) = pool_size(None, Some("100000"), 2, 8);
        assert_eq!(n, 8);
        assert!(note.unwrap().contains("RAYON_NUM_THREADS 100000"));
        assert_eq!(pool_size(None, Some("5"), 2, 8), (5, None));
        assert_eq!(pool_size(None, None, 2, 8), (2, None));
        assert_eq!(pool_size(None, Some("0"), 2, 8), (2, None));
        let (n, note) = pool_size(None, Some("many"), 2, 8);
        assert_eq!(n, 2);
        assert!(note.unwrap().contains("not a number"));
    }
}
