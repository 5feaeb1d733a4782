//! `sudoku serve`: the setter's page. A local web server (bound to
//! 127.0.0.1) with a page where a setter pastes an f-puzzles link or a grid,
//! sees it drawn with its constraints, and gets the verdict, a count and
//! the true candidates as they edit; and, on request, the websocket that
//! the f-puzzles editor's solver userscript talks to (the protocol of
//! rangsk's SudokuSolver), so the editor's buttons use our solver.
//!
//! The server holds no solving logic: it reads puzzles with
//! [`sudoku_format`] and answers with [`sudoku_solve::setter`],
//! [`sudoku_solve::SudokuSolver`] and the logical solver (`sudoku-logic`, see
//! [`logical`]), on tokio's blocking threads (the library's
//! searches use rayon's pool inside), never on the async executor.
//!
//! Why axum on tokio: the most used async HTTP stack in Rust (hyper
//! underneath), with websockets in the same crate (tokio-tungstenite), JSON
//! extractors, and `spawn_blocking` to keep long searches off the executor;
//! a hand-written HTTP server would have to get keep-alive, chunked bodies
//! and the websocket handshake right itself.
//!
//! The API (JSON over HTTP; the page in `assets/` uses nothing else):
//!
//! | Request | Answer |
//! |---|---|
//! | `POST /api/parse` `{"text": ..., "edit": {"cell": i, "value": v}}` (`edit` optional) | `{"ok": true, "puzzle": {...}, "text": ...}` (the drawing; `text` the edited puzzle) or 400 `{"ok": false, "error": {"message", "line", "column", "cell"}}` |
//! | `POST /api/jobs` `{"text": ..., "tasks": ["verdict", "count", "candidates"], "count_limit": 1000, "max_seconds": 300}` | `{"id": n}`, or 400 with the located error |
//! | `GET /api/jobs/{id}` | `{"status": "running" \| "complete" \| "incomplete", "incomplete": why, "phase", "elapsed_ms", "nodes", "solutions_so_far", "cells_done", "cells_open", "verdict", "count", "candidates"}` |
//! | `POST /api/jobs/{id}/cancel` | the job; it ends `incomplete` (`cancelled`) within a second |
//! | `POST /api/steps` `{"text": ...}` | the logical solver's path (`{"ok": true, "steps": [...], "solved", "se"}`, see [`logical::path_json`]) or 400 with the reason |
//!
//! Doppelganger puzzles (grids of 0..n) are recognised before any other
//! reading and answered apart ([`doppelganger`]): their drawing says
//! `"doppelganger": true` with `null` for a blank, an edit's `"value":
//! null` blanks a cell (0 is a value), and `/api/steps` refuses them.
//!
//! Other web pages cannot drive it: every request must name this server as
//! its `Host` (127.0.0.1 or localhost and the port; none is refused), a
//! `POST` must be `application/json` and come from the page's own origin
//! when it says one, job ids are 128 random bits, and every response
//! forbids framing (`X-Frame-Options: DENY`, CSP `frame-ancestors
//! 'none'`). The page starts nothing by itself: a puzzle in its address
//! (`/?text=...`) waits for the Start button.
//!
//! Budgets (a busy server answers 503 with the API's JSON error): a text
//! of at most [`jobs::MAX_TEXT_BYTES`], which decompresses to at most
//! [`sudoku_format::fpuzzles::MAX_DECOMPRESSED_CHARS`]; two puzzles read
//! at once (others wait up to 5 s); eight jobs running, each for at most
//! its `max_seconds` (default 300, at most 3600). The f-puzzles websocket
//! takes connections from the f-puzzles editor (`https://www.f-puzzles.com`,
//! `https://f-puzzles.com`), from pages on this machine (`localhost`,
//! `127.0.0.1`), from programs that send no `Origin`, and from the origins
//! of [`Options::allow_origins`]; four of its requests run at once, each
//! for at most 300 s.
//!
//! Reading a puzzle and drawing it, as `POST /api/parse` does:
//!
//! ```
//! let parsed = sudoku_serve::jobs::parse("1...............")?;
//! let drawing = sudoku_serve::drawing(&parsed.grid, &parsed.variant);
//! assert_eq!(drawing["size"], 4);
//! assert_eq!(drawing["givens"][0], 1);
//! // A located error: the 5 in r1c1 is too large for 4x4.
//! let error = sudoku_serve::jobs::parse("5...............").unwrap_err();
//! assert_eq!(error.cell, Some((1, 1)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Serving (what `sudoku serve` does):
//!
//! ```no_run
//! let options = sudoku_serve::Options { port: 0, ..Default::default() };
//! sudoku_serve::run(&options, |bound| println!("{}", bound.url))?;
//! # Ok::<(), sudoku_serve::ServeError>(())
//! ```

mod api;
pub mod doppelganger;
mod draw;
pub mod jobs;
pub mod logical;
mod ws;

use std::net::{Ipv4Addr, SocketAddr};

pub use draw::drawing;

/// Where to listen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The page's port on 127.0.0.1 (0: any free port).
    pub port: u16,
    /// The f-puzzles solver websocket's port (the userscript uses 4545),
    /// when wanted.
    pub fpuzzles_port: Option<u16>,
    /// Origins the websocket also accepts (`https://example.org`), beside
    /// the f-puzzles editor's and this machine's.
    pub allow_origins: Vec<String>,
}

/// Where the server listens, once it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bound {
    /// The page: `http://127.0.0.1:PORT/`.
    pub url: String,
    /// The f-puzzles websocket: `ws://127.0.0.1:PORT/`.
    pub fpuzzles_url: Option<String>,
}

/// Why the server could not start or stopped.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ServeError {
    /// The port is taken or not ours to use.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address asked for.
        addr: SocketAddr,
        /// What the system said.
        source: std::io::Error,
    },
    /// The runtime or a connection failed.
    #[error("the server failed: {0}")]
    Io(#[from] std::io::Error),
}

async fn listen(port: u16) -> Result<(tokio::net::TcpListener, SocketAddr), ServeError> {
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|source| ServeError::Bind { addr, source })?;
    let local = listener.local_addr()?;
    Ok((listener, local))
}

/// Serves until the process ends: binds the ports, calls `ready` with the
/// addresses, then answers requests. Builds its own tokio runtime.
pub fn run(options: &Options, ready: impl FnOnce(&Bound)) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let (listener, addr) = listen(options.port).await?;
        let ws = match options.fpuzzles_port {
            Some(port) => Some(listen(port).await?),
            None => None,
        };
        let stop = stopped();
        ready(&Bound {
            url: format!("http://{addr}/"),
            fpuzzles_url: ws.as_ref().map(|(_, a)| format!("ws://{a}/")),
        });
        if let Some((ws_listener, ws_addr)) = ws {
            let router = ws::router(ws_addr, &options.allow_origins);
            tokio::spawn(async move { axum::serve(ws_listener, router).await });
        }
        axum::serve(listener, api::router(addr))
            .with_graceful_shutdown(stop)
            .await?;
        Ok::<(), ServeError>(())
    })?;
    // Running searches are not waited for: their jobs die with the process.
    runtime.shutdown_timeout(std::time::Duration::from_millis(50));
    Ok(())
}

/// Listens for Ctrl-C and SIGTERM from now on, and resolves on either: the
/// server then stops at once (no new connections, open requests
/// answered). Called before the server says it is ready, so a signal sent
/// as soon as it has said so is not lost (a listener made only when the
/// server first runs would leave a moment in which SIGTERM kills it).
fn stopped() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, Signal, SignalKind};
        async fn received(signal: Option<Signal>) {
            match signal {
                Some(mut signal) => {
                    signal.recv().await;
                }
                None => std::future::pending::<()>().await,
            }
        }
        let interrupt = received(signal(SignalKind::interrupt()).ok());
        let terminate = received(signal(SignalKind::terminate()).ok());
        async move {
            tokio::select! {
                () = interrupt => {}
                () = terminate => {}
            }
        }
    }
    #[cfg(not(unix))]
    async {
        let _ = tokio::signal::ctrl_c().await;
    }
}
