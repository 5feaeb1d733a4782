//! Command-line plumbing shared by the `dlx` and `sudoku` commands, and the
//! `dlx` command itself.
//!
//! - [`exit`]: the exit statuses ([`Exit`]) and how a failed command ends
//!   ([`Failure`], [`exit::finish`]).
//! - [`output`]: buffered standard output that ends quietly on a broken pipe
//!   and reports other write errors once.
//! - [`threads`]: the `-j/--threads` option and the global rayon pool.
//! - [`read_input`]: a file, or standard input for `-` or no file.
//! - [`dlx`]: the `dlx` command.
//! - [`cubes`]: `split`, `count --cubes` and `merge` (cube and conquer), for
//!   both commands.

use std::io::Read as _;
use std::path::Path;

pub mod cubes;
pub mod dlx;
pub mod docs;
pub mod exit;
pub mod output;
pub mod sudoku;
pub mod threads;
pub mod values;

pub use exit::{Exit, Failure};

/// Input read in full, with the name to use in messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    /// The file name as given, or `<stdin>`.
    pub name: String,
    /// The bytes read.
    pub bytes: Vec<u8>,
}

/// Reads the file at `path` in full; standard input when `path` is `None` or
/// `-`. A failure is an I/O error (status 4) naming the file.
pub fn read_input(path: Option<&Path>) -> Result<Input, Failure> {
    let file = path.filter(|p| p.as_os_str() != "-");
    let name = file.map_or_else(|| "<stdin>".to_string(), |p| p.display().to_string());
    let read = match file {
        Some(p) => std::fs::read(p),
        None => {
            let mut bytes = Vec::new();
            std::io::stdin()
                .lock()
                .read_to_end(&mut bytes)
                .map(|_| bytes)
        }
    };
    match read {
        Ok(bytes) => Ok(Input { name, bytes }),
        Err(e) => Err(Failure::io(format!("cannot read {name}: {e}"))),
    }
}
