//! The page and its JSON API (see the crate docs for the table).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};

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

#[derive(Clone)]
struct App {
    jobs: Arc<Jobs>,
    hosts: Arc<[String]>,
}

pub(crate) fn router(addr: SocketAddr) -> Router {
    let port = addr.port();
    let app = App {
        jobs: Arc::new(Jobs::default()),
        hosts: vec![format!("127.0.0.1:{port}"), format!("localhost:{port}")].into(),
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
/// and its port): a web page elsewhere that rebinds a name of its own to
/// 127.0.0.1 is refused.
async fn local_only(State(app): State<App>, request: Request, next: Next) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok());
    match host {
        Some(h) if !app.hosts.iter().any(|ok| ok == h) => (
            StatusCode::FORBIDDEN,
            format!("this server answers requests for {} only", app.hosts[0]),
        )
            .into_response(),
        _ => next.run(request).await,
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
    value: u16,
}

async fn parse(request: Result<Json<ParseRequest>, JsonRejection>) -> Response {
    let request = match body(request) {
        Ok(r) => r,
        Err(e) => return bad_request(e),
    };
    // Reading is quick but bounded by the text's size: off the executor.
    let answer = tokio::task::spawn_blocking(move || {
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
            "puzzle": crate::drawing(&parsed.grid, &parsed.variant),
            "text": text,
        }))
        .into_response(),
        Ok(Err(e)) => bad(e),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
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
    let parsed = match tokio::task::spawn_blocking(move || jobs::parse(&text)).await {
        Ok(Ok(p)) => p,
        Ok(Err(e)) => return bad(e),
        Err(e) => return (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
    };
    let job = match app.jobs.start(Duration::from_secs(seconds)) {
        Ok(job) => job,
        Err(busy) => return (StatusCode::SERVICE_UNAVAILABLE, busy.to_string()).into_response(),
    };
    let id = job.id();
    tokio::task::spawn_blocking(move || job.run(&parsed, tasks));
    Json(json!({"id": id})).into_response()
}

fn job(app: &App, id: &str) -> Option<Arc<jobs::Job>> {
    id.parse().ok().and_then(|id| app.jobs.get(id))
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
