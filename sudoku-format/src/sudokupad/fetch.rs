//! Short SudokuPad ids, fetched from SudokuPad's puzzle API with `ureq` (a
//! blocking client), under a timeout and a cap on the answer's size.

use std::time::Duration;

use super::SudokuPadError;

/// SudokuPad's puzzle API: the id is appended.
pub const DEFAULT_API: &str = "https://sudokupad.app/api/puzzle/";

/// The environment variable that names another API base URL (a mirror, or a
/// local server in tests).
pub const API_ENV: &str = "SUDOKUPAD_API_URL";

/// How a short id is fetched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FetchOptions {
    /// The API's base URL; the id is appended.
    pub api: String,
    /// The longest a fetch may take, connecting included.
    pub timeout: Duration,
    /// The most bytes read from the answer.
    pub max_bytes: u64,
}

impl Default for FetchOptions {
    fn default() -> Self {
        FetchOptions {
            api: DEFAULT_API.to_string(),
            timeout: Duration::from_secs(10),
            max_bytes: 1 << 20,
        }
    }
}

impl FetchOptions {
    /// The defaults, with the API base URL from [`API_ENV`] when it is set.
    pub fn from_env() -> FetchOptions {
        let mut options = FetchOptions::default();
        if let Ok(api) = std::env::var(API_ENV) {
            if !api.trim().is_empty() {
                options.api = api.trim().to_string();
            }
        }
        options
    }
}

/// The longest short id read (SudokuPad's own limit is 60).
const MAX_ID: usize = 60;

/// The text the API answers for `id`.
pub(super) fn fetch(id: &str, options: &FetchOptions) -> Result<String, SudokuPadError> {
    let fail = |why: String| SudokuPadError::Fetch {
        id: id.chars().take(MAX_ID).collect(),
        why,
    };
    if id.len() > MAX_ID
        || !id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'/' | b'.'))
    {
        return Err(SudokuPadError::Decode(format!(
            "{:?} is neither a short puzzle id (up to {MAX_ID} letters, digits, '-' and '_') \
             nor one with a known prefix (fpuz, scl, ctc, classic, scf)",
            id.chars().take(80).collect::<String>()
        )));
    }
    let url = format!("{}{}", options.api, id);
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(options.timeout))
        .http_status_as_error(false)
        .build()
        .into();
    let mut response = agent.get(&url).call().map_err(|e| {
        fail(format!(
            "cannot reach {url} ({e}); without a network, paste the puzzle's long link \
             (SudokuPad: share, then copy the fpuz or scl link) instead of its short id"
        ))
    })?;
    let status = response.status();
    if status == 404 {
        return Err(fail(format!("{url} has no such puzzle (404)")));
    }
    if !status.is_success() {
        return Err(fail(format!("{url} answered {status}")));
    }
    response
        .body_mut()
        .with_config()
        .limit(options.max_bytes)
        .read_to_string()
        .map_err(|e| {
            fail(format!(
                "reading the answer (at most {} bytes): {e}",
                options.max_bytes
            ))
        })
}
