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
    /// Another origin the f-puzzles websocket accepts (such as
    /// https://example.org; repeatable), beside the f-puzzles editor's and
    /// this machine's pages
    #[arg(long, value_name = "ORIGIN")]
    pub allow_origin: Vec<String>,
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
        allow_origins: args.allow_origin.clone(),
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

/// Asks the desktop to open `url`, quietly (the opener's own messages are
/// dropped), on a thread that waits for it, so it leaves no zombie; when it
/// cannot, one note with the URL, not an error.
fn open(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    let child = std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    let url = url.to_string();
    let note = move |why: String| {
        crate::output::eprint_line(&format!(
            "note: cannot open a browser ({opener}: {why}); open {url}"
        ))
    };
    match child {
        Err(e) => note(e.to_string()),
        Ok(mut child) => {
            std::thread::spawn(move || match child.wait() {
                // explorer says 1 when it has opened the page.
                Ok(status) if status.success() || cfg!(windows) => {}
                Ok(status) => note(status.to_string()),
                Err(e) => note(e.to_string()),
            });
        }
    }
}
