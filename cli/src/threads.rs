//! The `-j/--threads N` option and the global rayon thread pool.
//!
//! A thread count far above the machine's cores only costs memory and time
//! (each thread has its own solvers, and thousands of threads took minutes
//! to start and stop), so `-j N` and `RAYON_NUM_THREADS` are both capped at
//! [`CAP_PER_CORE`] times the available parallelism
//! ([`solver_core::drive::pool_size`]), with a one-line note on stderr.

use std::io::Write as _;

use solver_core::drive::{pool_size, CAP_PER_CORE, RAYON_NUM_THREADS};

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

/// The most threads started: [`CAP_PER_CORE`] per available core.
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
