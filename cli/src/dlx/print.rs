//! How `dlx` prints a solution of Knuth's format (text, or a JSON record)
//! and its progress lines.

use serde::Serialize;
use solver_core::Progress;

/// Solution number `solution` (from 1), as a JSON record prints it.
#[derive(Clone, Copy, Debug, Serialize)]
pub(crate) struct SolutionRecord<'a> {
    /// Its number, from 1.
    pub(crate) solution: u64,
    /// The texts of its options.
    pub(crate) options: &'a [String],
}

/// Solution number `k` (from 1) as text: its options one per line, after a
/// blank line unless it is the first.
pub(crate) fn solution_text(k: u64, options: &[String]) -> String {
    let mut text = String::from(if k > 1 { "\n" } else { "" });
    for option in options {
        text.push_str(option);
        text.push('\n');
    }
    text
}

/// How many levels of the search path a progress line shows.
const PATH_LEVELS: usize = 10;

/// A progress report on one line, in the spirit of Knuth's: `progress: 3.0s,
/// 1234 nodes, 5 solutions, level 7, path 1/3 2/5 4/4 ..., 12.345% done`
/// (the first [`PATH_LEVELS`] levels of the path, `k/d`: choice `k` of `d`).
pub(crate) fn progress_line(progress: &Progress) -> String {
    let mut path: Vec<String> = progress
        .path
        .iter()
        .take(PATH_LEVELS)
        .map(|(k, d)| format!("{k}/{d}"))
        .collect();
    if progress.path.len() > PATH_LEVELS {
        path.push("...".to_string());
    }
    format!(
        "progress: {:.1}s, {} nodes, {} solutions, level {}, path {}, {:.3}% done",
        progress.elapsed.as_secs_f64(),
        progress.nodes,
        progress.solutions,
        progress.level,
        if path.is_empty() {
            "-".to_string()
        } else {
            path.join(" ")
        },
        100.0 * progress.fraction,
    )
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn solutions_as_text() {
        let options = ["a b".to_string(), "c".to_string()];
        assert_eq!(solution_text(1, &options), "a b\nc\n");
        assert_eq!(solution_text(2, &options), "\na b\nc\n");
        let json = serde_json::to_string(&SolutionRecord {
            solution: 2,
            options: &options,
        })
        .unwrap();
        assert_eq!(json, r#"{"solution":2,"options":["a b","c"]}"#);
    }

    #[test]
    fn progress_lines() {
        let progress = Progress {
            nodes: 1234,
            solutions: 5,
            level: 12,
            path: (1..=12).map(|k| (1, k)).collect(),
            fraction: 0.125,
            elapsed: Duration::from_secs(3),
        };
        let line = progress_line(&progress);
        assert!(line.starts_with("progress: 3.0s, 1234 nodes, 5 solutions, level 12, path 1/1 1/2"));
        assert!(line.ends_with("1/10 ..., 12.500% done"), "{line}");
        let start = Progress {
            path: Vec::new(),
            ..progress
        };
        assert!(progress_line(&start).contains("level 12, path -, "));
    }
}
