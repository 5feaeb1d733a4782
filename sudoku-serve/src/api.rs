//! The page and its JSON API (see the crate docs for the table).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, Request, State};
use axum::http::{header, HeaderName, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::jobs::{self, Jobs, Located, Tasks};

const INDEX: &str = include_str!("../assets/index.html");
const APP_JS: &str = include_str!("../assets/app.js");
const STYLE: &str = include_str!("../assets/style.css");

/// The count's limit when the request names none.
const DEFAULT_COUNT_LIMIT: u64 = 1000;
/// The largest count limit taken.
const MAX_COUNT_LIMIT: u64 = 1_000_000_000;
/// A job's time when the request names none, and the most it may ask.
const DEFAULT_SECONDS: u64 = 300;
const MAX_SECONDS: u64 = 3600;

/// Puzzles read at once; others wait for a turn up to [`PARSE_WAIT`].
const PARSES: usize = 2;
const PARSE_WAIT: Duration = Duration::from_secs(5);
/// Logical paths found at once; others wait for a turn up to [`PARSE_WAIT`].
const PATHS: usize = 1;

#[derive(Clone)]
struct App {
    jobs: Arc<Jobs>,
    hosts: Arc<[String]>,
    /// The page's own origins (`http://127.0.0.1:PORT`, `http://localhost:PORT`).
    origins: Arc<[String]>,
    parses: Arc<Semaphore>,
    /// Logical paths found at once (each up to [`STEPS_SECONDS`]): apart
    /// from `parses`, so that a long path never holds up reading puzzles.
    paths: Arc<Semaphore>,
}

pub(crate) fn router(addr: SocketAddr) -> Router {
    let port = addr.port();
    let hosts: Arc<[String]> =
        vec![format!("127.0.0.1:{port}"), format!("localhost:{port}")].into();
    let app = App {
        jobs: Arc::new(Jobs::default()),
        origins: hosts.iter().map(|h| format!("http://{h}")).collect(),
        hosts,
        parses: Arc::new(Semaphore::new(PARSES)),
        paths: Arc::new(Semaphore::new(PATHS)),
    };
    Router::new()
        .route(
            "/",
            get(|| async { page(INDEX, "text/html; charset=utf-8") }),
        )
        .route(
            "/app.js",
            get(|| async { page(APP_JS, "text/javascript; charset=utf-8") }),
        )
        .route(
            "/style.css",
            get(|| async { page(STYLE, "text/css; charset=utf-8") }),
        )
        .route("/api/parse", post(parse))
        .route("/api/steps", post(steps))
        .route("/api/jobs", post(start))
        .route("/api/jobs/{id}", get(poll))
        .route("/api/jobs/{id}/cancel", post(cancel))
        .layer(middleware::from_fn_with_state(app.clone(), local_only))
        .with_state(app)
}

fn page(body: &'static str, kind: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(kind)),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        ],
        body,
    )
        .into_response()
}

/// Requests must name this server as their host (127.0.0.1 or localhost
/// and its port; a request without a `Host` is refused): a web page
/// elsewhere that rebinds a name of its own to 127.0.0.1 is refused. A
/// `POST` must be JSON (a cross-origin form or `text/plain` post is not)
/// and, when the browser says where it comes from, come from this page.
/// Every answer forbids framing.
async fn local_only(State(app): State<App>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let text = |name| {
        headers
            .get(name)
            .and_then(|h: &HeaderValue| h.to_str().ok())
    };
    let refused = match text(header::HOST) {
        Some(h) if app.hosts.iter().any(|ok| ok == h) => None,
        Some(_) | None => Some(format!(
            "this server answers requests for {} only",
            app.hosts[0]
        )),
    };
    let refused = refused.or_else(|| {
        if request.method() != axum::http::Method::POST {
            return None;
        }
        let json = text(header::CONTENT_TYPE).is_some_and(|t| {
            t.split(';')
                .next()
                .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
        });
        if !json {
            return Some("a POST must be application/json".to_string());
        }
        match text(header::ORIGIN) {
            Some(o) if !app.origins.iter().any(|ok| ok == o) => {
                Some(format!("requests from {o} are not taken"))
            }
            _ => match text(HeaderName::from_static("sec-fetch-site")) {
                Some("same-origin" | "none") | None => None,
                Some(site) => Some(format!("{site} requests are not taken")),
            },
        }
    });
    let mut response = match refused {
        Some(message) => error(StatusCode::FORBIDDEN, message),
        None => next.run(request).await,
    };
    let h = response.headers_mut();
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("frame-ancestors 'none'"),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

/// An error as the API's JSON (`{"ok": false, "error": {"message"}}`),
/// which the page shows.
fn error(status: StatusCode, message: String) -> Response {
    (
        status,
        Json(json!({"ok": false, "error": {"message": message, "line": 0}})),
    )
        .into_response()
}

/// A turn to read a puzzle, or the 503 that says the server is busy.
async fn parse_turn(app: &App) -> Result<OwnedSemaphorePermit, Response> {
    take_turn(&app.parses, || {
        format!("the server is reading {PARSES} puzzles: try again")
    })
    .await
}

/// A turn from `turns`, or after [`PARSE_WAIT`] the 503 that `busy` words.
async fn take_turn(
    turns: &Arc<Semaphore>,
    busy: impl FnOnce() -> String,
) -> Result<OwnedSemaphorePermit, Response> {
    match tokio::time::timeout(PARSE_WAIT, Arc::clone(turns).acquire_owned()).await {
        Ok(Ok(permit)) => Ok(permit),
        _ => Err(error(StatusCode::SERVICE_UNAVAILABLE, busy())),
    }
}

fn bad(error: Located) -> Response {
    (
        StatusCode::BAD_REQUEST,
        Json(json!({"ok": false, "error": error.to_json()})),
    )
        .into_response()
}

fn bad_request(message: String) -> Response {
    bad(Located {
        message,
        line: 0,
        column: None,
        cell: None,
    })
}

/// The request's JSON, or why it is not what the API takes.
fn body<T>(json: Result<Json<T>, JsonRejection>) -> Result<T, String> {
    json.map(|Json(t)| t)
        .map_err(|e| format!("the request: {}", e.body_text()))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ParseRequest {
    text: String,
    edit: Option<Edit>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Edit {
    cell: usize,
    /// The value; 0 or `null` blanks a cell of a classic grid, `null` one
    /// of a doppelganger grid (where 0 is a value).
    value: Option<u16>,
}

async fn parse(
    State(app): State<App>,
    request: Result<Json<ParseRequest>, JsonRejection>,
) -> Response {
    let request = match body(request) {
        Ok(r) => r,
        Err(e) => return bad_request(e),
    };
    let turn = match parse_turn(&app).await {
        Ok(t) => t,
        Err(busy) => return busy,
    };
    // Reading is quick but bounded by the text's size: off the executor.
    let answer = tokio::task::spawn_blocking(move || {
        let _turn = turn;
        let parsed = jobs::parse(&request.text)?;
        match request.edit {
            None => Ok((parsed, None)),
            Some(e) => jobs::edit(parsed, e.cell, e.value).map(|(p, t)| (p, Some(t))),
        }
    })
    .await;
    match answer {
        Ok(Ok((parsed, text))) => Json(json!({
            "ok": true,
            "puzzle": match &parsed.doppelganger {
                Some(grid) => crate::doppelganger::drawing(grid),
                None => crate::drawing(&parsed.grid, &parsed.variant),
            },
            "text": text,
        }))
        .into_response(),
        Ok(Err(e)) => bad(e),
        Err(e) => error(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StepsRequest {
    text: String,
}

/// The most a logical path may take (the uniqueness proof and the steps).
const STEPS_SECONDS: u64 = 60;

/// `POST /api/steps`: the logical solver's whole path of the puzzle (see
/// [`crate::logical::path_json`]), or 400 saying why there is none.
async fn steps(
    State(app): State<App>,
    request: Result<Json<StepsRequest>, JsonRejection>,
) -> Response {
    let request = match body(request) {
        Ok(r) => r,
        Err(e) => return bad_request(e),
    };
    let turn = match parse_turn(&app).await {
        Ok(t) => t,
        Err(busy) => return busy,
    };
    let read = tokio::task::spawn_blocking(move || {
        let _turn = turn;
        jobs::parse(&request.text)
    })
    .await;
    let parsed =
        match read {
            Ok(Ok(parsed)) if parsed.doppelganger.is_some() => return bad_request(
                "no logical path for doppelganger puzzles: the logical solver knows grids of 1..n"
                    .into(),
            ),
            Ok(Ok(parsed)) => parsed,
            Ok(Err(e)) => return bad(e),
            Err(e) => return error(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
        };
    // The reading turn is given back: the path (up to a minute) waits for
    // a turn of its own.
    let turn = match take_turn(&app.paths, || {
        format!("the server is finding {PATHS} logical path(s): try again")
    })
    .await
    {
        Ok(t) => t,
        Err(busy) => return busy,
    };
    let answer = tokio::task::spawn_blocking(move || {
        let _turn = turn;
        let limits = sudoku_solve::Limits::none().timeout(Duration::from_secs(STEPS_SECONDS));
        crate::logical::path_json(&parsed.checked(), &limits).map_err(|message| Located {
            message,
            line: 0,
            column: None,
            cell: None,
        })
    })
    .await;
    match answer {
        Ok(Ok(path)) => Json(path).into_response(),
        Ok(Err(e)) => bad(e),
        Err(e) => error(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JobRequest {
    text: String,
    tasks: Option<Vec<String>>,
    count_limit: Option<u64>,
    max_seconds: Option<u64>,
}

async fn start(
    State(app): State<App>,
    request: Result<Json<JobRequest>, JsonRejection>,
) -> Response {
    let request = match body(request) {
        Ok(r) => r,
        Err(e) => return bad_request(e),
    };
    let limit = request.count_limit.unwrap_or(DEFAULT_COUNT_LIMIT);
    if limit == 0 || limit > MAX_COUNT_LIMIT {
        return bad_request(format!(
            "count_limit: {limit} is out of range (1-{MAX_COUNT_LIMIT})"
        ));
    }
    let seconds = request.max_seconds.unwrap_or(DEFAULT_SECONDS);
    if seconds == 0 || seconds > MAX_SECONDS {
        return bad_request(format!(
            "max_seconds: {seconds} is out of range (1-{MAX_SECONDS})"
        ));
    }
    let mut tasks = Tasks {
        verdict: false,
        count: None,
        candidates: false,
    };
    let names = request
        .tasks
        .unwrap_or_else(|| vec!["verdict".into(), "count".into(), "candidates".into()]);
    for name in &names {
        match name.as_str() {
            "verdict" => tasks.verdict = true,
            "count" => tasks.count = Some(limit),
            "candidates" => tasks.candidates = true,
            other => {
                return bad_request(format!(
                    "tasks: unknown task {other:?} (expected verdict, count or candidates)"
                ))
            }
        }
    }
    let text = request.text;
    let turn = match parse_turn(&app).await {
        Ok(t) => t,
        Err(busy) => return busy,
    };
    let parsed = match tokio::task::spawn_blocking(move || {
        let _turn = turn;
        jobs::parse(&text)
    })
    .await
    {
        Ok(Ok(p)) => p,
        Ok(Err(e)) => return bad(e),
        Err(e) => return error(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    };
    let job = match app.jobs.start(Duration::from_secs(seconds)) {
        Ok(job) => job,
        Err(busy) => return error(StatusCode::SERVICE_UNAVAILABLE, busy.to_string()),
    };
    let id = job.id().to_string();
    tokio::task::spawn_blocking(move || job.run(&parsed, tasks));
    Json(json!({"id": id})).into_response()
}

fn job(app: &App, id: &str) -> Option<Arc<jobs::Job>> {
    app.jobs.get(id)
}

fn not_found(id: &str) -> Response {
    (
        StatusCode::NOT_FOUND,
        Json(json!({"ok": false, "error": {"message": format!("no job {id}")}})),
    )
        .into_response()
}

async fn poll(State(app): State<App>, Path(id): Path<String>) -> Response {
    match job(&app, &id) {
        Some(job) => Json::<Value>(job.to_json()).into_response(),
        None => not_found(&id),
    }
}

async fn cancel(State(app): State<App>, Path(id): Path<String>) -> Response {
    match job(&app, &id) {
        Some(job) => {
            job.cancel();
            Json::<Value>(job.to_json()).into_response()
        }
        None => not_found(&id),
    }
}
