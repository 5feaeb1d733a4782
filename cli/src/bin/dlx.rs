//! The `dlx` command: solves exact-cover problems written in Knuth's format.
//! See `dlx --help`, and the `cli::dlx` module for the logic.

use std::process::ExitCode;

use clap::Parser as _;

fn main() -> ExitCode {
    let args = cli::dlx::Args::parse();
    cli::dlx::main(&args)
}
