//! `sudoku serve`: the setter's page ([`sudoku_serve`]); here are only the
//! arguments, the thread pool and opening a browser.

use std::io::Write as _;

use crate::exit::{Exit, Failure};
use crate::threads::ThreadsArg;

/// The help text of `serve`.
pub const SERVE_ABOUT: &str = include_str!("../../help/serve.txt");

/// The arguments of `serve`.
#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// Port of the page on 127.0.0.1 (0: any free port); the URL is the
    /// first line printed
    #[arg(long, value_name = "P", default_value_t = 8080)]
    pub port: u16,
    /// Open the page in the default browser
    #[arg(long)]
    pub open: bool,
    /// Also listen for the f-puzzles editor's solver userscript on this port
    /// (it connects to 4545)
    #[arg(long, value_name = "P")]
    pub fpuzzles_port: Option<u16>,
    /// Threads for the searches.
    #[command(flatten)]
    pub threads: ThreadsArg,
}

/// Serves until the process is stopped.
pub fn run(args: &ServeArgs) -> Result<Exit, Failure> {
    args.threads.init();
    let options = sudoku_serve::Options {
        port: args.port,
        fpuzzles_port: args.fpuzzles_port,
    };
    sudoku_serve::run(&options, |bound| {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{}", bound.url);
        if let Some(ws) = &bound.fpuzzles_url {
            let _ = writeln!(out, "f-puzzles solver websocket: {ws}");
        }
        let _ = out.flush();
        if args.open {
            open(&bound.url);
        }
    })
    .map_err(|e| Failure::io(e.to_string()))?;
    Ok(Exit::Success)
}

/// Asks the desktop to open `url`; a failure is a note, not an error.
fn open(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        crate::output::eprint_line(&format!(
            "note: cannot open a browser ({opener}: {e}); open {url}"
        ));
    }
}
