//! The `-j/--threads N` option and the global rayon thread pool.

/// The `-j/--threads` option, to flatten into a command's arguments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::Args)]
pub struct ThreadsArg {
    /// Search with N threads [default: one per core, or $RAYON_NUM_THREADS]
    #[arg(
        short = 'j',
        long = "threads",
        value_name = "N",
        value_parser = clap::value_parser!(u32).range(1..=4096),
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

/// Builds the global rayon pool with `threads` threads (`None`: rayon's
/// default, one per core unless `RAYON_NUM_THREADS` says otherwise), and
/// returns how many threads the pool has. If the pool already exists it is
/// left as it is.
pub fn init(threads: Option<usize>) -> usize {
    // An error means the global pool was built already (or could not be):
    // either way rayon then runs on whatever pool it has.
    let _ = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .thread_name(|k| format!("search-{k}"))
        .build_global();
    rayon::current_num_threads()
}
