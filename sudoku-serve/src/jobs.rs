//! Puzzles read from the page's text, and the jobs that answer them: the
//! verdict, a count with a limit and the true candidates, each asked of
//! the checked answer (`sudoku_solve::CheckedPuzzle`: every solution passes
//! the answer's check, and one that fails is an internal error) on a
//! blocking thread, under one cancel flag and deadline.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use sudoku::doppelganger::DoppelGrid;
use sudoku::{Grid, Rules, Variant};
use sudoku_format::fpuzzles::{to_fpuzzles_link, FPuzzle};
use sudoku_format::{parse_puzzle_with, ReadOptions};
use sudoku_solve::{Asked, CheckedPuzzle, Limits, Verdict};

/// The longest puzzle text read (1 MiB).
pub const MAX_TEXT_BYTES: usize = 1 << 20;

/// Jobs kept for polling; the oldest finished ones are dropped first.
const KEPT_JOBS: usize = 256;

/// Jobs running at once; more are refused until one ends.
const RUNNING_JOBS: usize = 8;

/// A puzzle that cannot be read (or edited), with where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Located {
    /// The message, with its location (line, column, cell, JSON path).
    pub message: String,
    /// 1-based line of the text (0: the whole text).
    pub line: usize,
    /// 1-based column, when known.
    pub column: Option<usize>,
    /// 1-based (row, column) of the grid cell concerned, when known.
    pub cell: Option<(usize, usize)>,
}

impl Located {
    fn whole(message: impl Into<String>) -> Located {
        Located {
            message: message.into(),
            line: 0,
            column: None,
            cell: None,
        }
    }

    /// The error as the API's JSON.
    pub fn to_json(&self) -> Value {
        json!({
            "message": self.message,
            "line": self.line,
            "column": self.column,
            "cell": self.cell.map(|(r, c)| [r, c]),
        })
    }
}

/// A puzzle read from text: its givens, its rules, and whether it came
/// without rules of its own (a plain grid).
#[derive(Clone, Debug)]
pub struct Parsed {
    /// The givens.
    pub grid: Grid,
    /// The variant and constraints (default: classic).
    pub variant: Variant,
    /// The rules the answers use.
    pub rules: Arc<Rules>,
    /// A plain grid (no variant of its own): edits write it back as a
    /// grid line, others as an f-puzzles link.
    pub plain: bool,
    /// A doppelganger puzzle (a grid of 0..n, [`crate::doppelganger`]):
    /// then `grid` is the empty grid of its shape, `variant` classic, and
    /// every answer is the doppelganger one.
    pub doppelganger: Option<DoppelGrid>,
}

/// Reads one puzzle in any format the batch reads (f-puzzles links, `load=`
/// strings, JSON documents, grids).
pub fn parse(text: &str) -> Result<Parsed, Located> {
    if text.len() > MAX_TEXT_BYTES {
        return Err(Located::whole(format!(
            "the text has {} bytes, more than the {MAX_TEXT_BYTES} read",
            text.len()
        )));
    }
    // A doppelganger puzzle, before any other reading: never a classic grid.
    if let Some(read) = crate::doppelganger::read(text) {
        return read.map_err(Located::whole).and_then(doppelganger);
    }
    let puzzle = parse_puzzle_with(text, &ReadOptions::default()).map_err(|e| Located {
        message: e.to_string(),
        line: e.line,
        column: e.column,
        cell: e.cell(),
    })?;
    let plain = puzzle.variant.is_none();
    let variant = puzzle.variant.map(|v| *v).unwrap_or_default();
    with_grid(puzzle.grid, variant, plain)
}

impl Parsed {
    /// The puzzle as the checked answer asks it.
    pub fn checked(&self) -> CheckedPuzzle<'_> {
        CheckedPuzzle::new(&self.grid, &self.variant, &self.rules)
    }
}

fn doppelganger(grid: DoppelGrid) -> Result<Parsed, Located> {
    let mut parsed = with_grid(Grid::empty(grid.shape()), Variant::default(), false)?;
    parsed.doppelganger = Some(grid);
    Ok(parsed)
}

fn with_grid(grid: Grid, variant: Variant, plain: bool) -> Result<Parsed, Located> {
    let rules = variant
        .rules(grid.shape())
        .map_err(|e| Located::whole(format!("the rules: {e}")))?;
    Ok(Parsed {
        grid,
        variant,
        rules: Arc::new(rules),
        plain,
        doppelganger: None,
    })
}

/// `parsed` with `value` given in `cell` (`r * n + c`), and the text that
/// states it: a grid line for a plain grid, the command line's JSON line
/// for a doppelganger puzzle, else an f-puzzles link. `None` blanks the
/// cell; so does 0, except in a doppelganger grid (where 0 is a value).
pub fn edit(parsed: Parsed, cell: usize, value: Option<u16>) -> Result<(Parsed, String), Located> {
    if let Some(grid) = &parsed.doppelganger {
        let edited = crate::doppelganger::edit(grid, cell, value).map_err(Located::whole)?;
        let text = crate::doppelganger::text(&edited);
        return Ok((doppelganger(edited)?, text));
    }
    let value = value.unwrap_or(0);
    let n = parsed.grid.side();
    if cell >= n * n {
        return Err(Located::whole(format!(
            "edit: cell {cell} is outside the {n}x{n} grid (cells 0-{})",
            n * n - 1
        )));
    }
    if usize::from(value) > n {
        return Err(Located::whole(format!(
            "edit: {value} is too large for a {n}x{n} grid (values 1-{n}, 0 for blank)"
        )));
    }
    let mut values = parsed.grid.cells().to_vec();
    values[cell] = value;
    let grid = Grid::from_values(parsed.grid.shape(), values)
        .map_err(|e| Located::whole(format!("edit: {e}")))?;
    let edited = with_grid(grid, parsed.variant, parsed.plain)?;
    let text = if edited.plain {
        edited.grid.to_string()
    } else {
        to_fpuzzles_link(&FPuzzle {
            grid: edited.grid.clone(),
            variant: edited.variant.clone(),
        })
        .map_err(|e| Located::whole(format!("edit: cannot write the puzzle back: {e}")))?
    };
    Ok((edited, text))
}

/// What a job answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tasks {
    /// The uniqueness verdict (two differing solutions and their cells).
    pub verdict: bool,
    /// The count, up to this many solutions.
    pub count: Option<u64>,
    /// The true candidates.
    pub candidates: bool,
}

/// One job: its cancel flag, its start and what it has found so far.
#[derive(Debug)]
pub struct Job {
    id: String,
    cancel: Arc<AtomicBool>,
    started: Instant,
    deadline: Instant,
    /// Blank cells the true candidates are done with.
    cells_done: AtomicUsize,
    /// Solutions the count has found so far.
    solutions_so_far: AtomicU64,
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    phase: &'static str,
    finished: Option<Duration>,
    nodes: u64,
    /// Blank cells of the puzzle (the true candidates' work).
    cells_open: usize,
    incomplete: Option<String>,
    verdict: Option<Value>,
    count: Option<Value>,
    candidates: Option<Value>,
}

impl Job {
    /// The job's id: 32 hex digits, 128 bits no other page can guess.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Raises the cancel flag: every search of the job stops within its
    /// next check (256 nodes).
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    fn finished(&self) -> bool {
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .finished
            .is_some()
    }

    /// The job as the API's JSON: `status` (`running`, `complete` or
    /// `incomplete` with why), progress (`phase`, `elapsed_ms`, `nodes` of
    /// the finished count, `solutions_so_far` of the count while it runs,
    /// `cells_done` of `cells_open` for the true candidates) and each
    /// answer found so far.
    pub fn to_json(&self) -> Value {
        let s = self
            .state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let elapsed = s.finished.unwrap_or_else(|| self.started.elapsed());
        let status = match (&s.finished, &s.incomplete) {
            (None, _) => "running",
            (Some(_), None) => "complete",
            (Some(_), Some(_)) => "incomplete",
        };
        json!({
            "id": self.id,
            "status": status,
            "incomplete": s.incomplete,
            "phase": s.phase,
            "elapsed_ms": elapsed.as_millis() as u64,
            "nodes": s.nodes,
            "solutions_so_far": self.solutions_so_far.load(Ordering::Relaxed),
            "cells_done": self.cells_done.load(Ordering::Relaxed),
            "cells_open": s.cells_open,
            "verdict": s.verdict,
            "count": s.count,
            "candidates": s.candidates,
        })
    }

    fn update(&self, f: impl FnOnce(&mut State)) {
        f(&mut self
            .state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner));
    }

    fn limits(&self) -> Limits {
        let mut limits = Limits::none().cancel_flag(Arc::clone(&self.cancel));
        limits.deadline = Some(self.deadline);
        limits
    }

    /// Runs the tasks in order (verdict, count, candidates), recording each
    /// answer as it comes. Blocking: call it on a blocking thread. A panic
    /// (a solution that broke the rules: a bug) ends the job with an
    /// internal error instead of leaving it running.
    pub fn run(&self, parsed: &Parsed, tasks: Tasks) {
        let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            self.run_tasks(parsed, tasks)
        }));
        if ran.is_err() {
            self.update(|s| {
                s.incomplete = Some("internal error (a bug): the search failed".into());
                s.phase = "done";
                s.finished = Some(self.started.elapsed());
            });
        }
    }

    fn run_tasks(&self, parsed: &Parsed, tasks: Tasks) {
        if let Some(grid) = &parsed.doppelganger {
            return self.run_doppelganger(grid, tasks);
        }
        let limits = self.limits();
        let asked = parsed.checked();
        // A task that failed leaves the job incomplete, never `complete`.
        let failed = |task: &str, e: &dyn std::fmt::Display, s: &mut State| {
            s.incomplete
                .get_or_insert_with(|| format!("the {task} failed: {e}"));
        };
        let stopped = |why: &sudoku_solve::Incomplete, s: &mut State| {
            if !matches!(why, sudoku_solve::Incomplete::SolutionLimit) {
                s.incomplete.get_or_insert_with(|| why.to_string());
            }
        };
        if tasks.verdict {
            self.update(|s| s.phase = "verdict");
            let value = match asked.verdict(&limits) {
                Ok((verdict, cells)) => {
                    if let Verdict::Unknown(why) = &verdict {
                        self.update(|s| stopped(why, s));
                    }
                    verdict_json(&verdict, &cells)
                }
                Err(e) => {
                    self.update(|s| failed("verdict", &e, s));
                    json!({"status": "error", "error": e.to_string()})
                }
            };
            self.update(|s| s.verdict = Some(value));
        }
        if let Some(limit) = tasks.count {
            self.update(|s| s.phase = "count");
            // On every thread, adding each solution found to the job's
            // counter so far.
            let counted = asked.count_counted(
                &limits.clone().solutions(u128::from(limit)),
                Asked::Auto,
                &self.solutions_so_far,
            );
            let value = match counted {
                Ok(count) => {
                    let nodes = count.outcome.stats.nodes;
                    self.update(|s| {
                        s.nodes += nodes;
                        if let Some(why) = &count.outcome.incomplete {
                            stopped(why, s);
                        }
                    });
                    json!({
                        "solutions": u64::try_from(count.solutions).unwrap_or(u64::MAX),
                        "complete": count.outcome.incomplete.is_none(),
                        "incomplete": count.outcome.incomplete.map(|w| w.to_string()),
                        "limit": limit,
                        "nodes": nodes,
                    })
                }
                Err(e) => {
                    self.update(|s| failed("count", &e, s));
                    json!({"error": e.to_string()})
                }
            };
            self.update(|s| s.count = Some(value));
        }
        if tasks.candidates {
            let open = parsed.grid.cells().iter().filter(|&&v| v == 0).count();
            self.update(|s| {
                s.phase = "candidates";
                s.cells_open = open;
            });
            let value = match asked.true_candidates_counted(&limits, Asked::Auto, &self.cells_done)
            {
                Ok(c) => {
                    if let Some(why) = &c.incomplete {
                        self.update(|s| stopped(why, s));
                    }
                    let cells: Vec<Vec<u16>> = (0..c.masks.len()).map(|i| c.values(i)).collect();
                    json!({
                        "cells": cells,
                        "complete": c.incomplete.is_none(),
                        "incomplete": c.incomplete.map(|w| w.to_string()),
                    })
                }
                Err(e) => {
                    self.update(|s| failed("candidates", &e, s));
                    json!({"error": e.to_string()})
                }
            };
            self.update(|s| s.candidates = Some(value));
        }
        self.update(|s| {
            s.phase = "done";
            s.finished = Some(self.started.elapsed());
        });
    }
}

impl Job {
    /// [`Job::run`] on a doppelganger puzzle: the same tasks and JSON, from
    /// `sudoku_solve::doppelganger` (no solutions so far while counting, no
    /// cells done while finding the candidates).
    fn run_doppelganger(&self, grid: &DoppelGrid, tasks: Tasks) {
        use crate::doppelganger as dp;
        let limits = self.limits();
        let failed = |task: &str, value: &Value, s: &mut State| {
            let error = value
                .get("error")
                .and_then(Value::as_str)
                .or_else(|| value.get("incomplete").and_then(Value::as_str));
            if let Some(why) = error {
                if why != "solution limit reached" {
                    s.incomplete.get_or_insert_with(|| {
                        if value.get("error").is_some() {
                            format!("the {task} failed: {why}")
                        } else {
                            why.to_string()
                        }
                    });
                }
            }
        };
        if tasks.verdict {
            self.update(|s| s.phase = "verdict");
            let value = dp::verdict(grid, &limits);
            self.update(|s| {
                failed("verdict", &value, s);
                s.verdict = Some(value);
            });
        }
        if let Some(limit) = tasks.count {
            self.update(|s| s.phase = "count");
            let value = dp::count(grid, limit, &limits);
            self.update(|s| {
                s.nodes += value.get("nodes").and_then(Value::as_u64).unwrap_or(0);
                failed("count", &value, s);
                s.count = Some(value);
            });
        }
        if tasks.candidates {
            let open = grid.cells().iter().filter(|v| v.is_none()).count();
            self.update(|s| {
                s.phase = "candidates";
                s.cells_open = open;
            });
            let value = dp::candidates(grid, &limits);
            self.update(|s| {
                failed("candidates", &value, s);
                s.candidates = Some(value);
            });
        }
        self.update(|s| {
            s.phase = "done";
            s.finished = Some(self.started.elapsed());
        });
    }
}

/// A verdict as JSON: `status`, the differing `cells`, the `solutions`
/// (one or two), why it is `unknown`, or the clash of an invalid grid.
pub fn verdict_json(verdict: &Verdict, cells: &[usize]) -> Value {
    let mut v = json!({"status": verdict.status(), "cells": cells});
    match verdict {
        Verdict::Unique(a) => v["solutions"] = json!([a.cells()]),
        Verdict::Multiple(a, b) => v["solutions"] = json!([a.cells(), b.cells()]),
        Verdict::Unknown(why) => v["incomplete"] = json!(why.to_string()),
        Verdict::Invalid(c) => {
            v["conflict"] = json!({
                "message": c.to_string(),
                "cells": [[c.first.0 + 1, c.first.1 + 1], [c.second.0 + 1, c.second.1 + 1]],
                "value": c.value,
            })
        }
        _ => {}
    }
    v
}

/// The jobs of a server, oldest first.
#[derive(Debug, Default)]
pub struct Jobs {
    next: AtomicU64,
    kept: Mutex<Vec<Arc<Job>>>,
    /// Keys of the ids' hash, drawn at random once per server.
    keys: std::hash::RandomState,
}

impl Jobs {
    /// A fresh id: the `n`th job's number hashed twice with SipHash under
    /// the server's random keys: 128 bits another page cannot guess.
    fn fresh_id(&self, n: u64) -> String {
        use std::hash::BuildHasher;
        let a = self.keys.hash_one((n, 0u8));
        let b = self.keys.hash_one((n, 1u8));
        format!("{a:016x}{b:016x}")
    }
}

/// Why a job was not started.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{RUNNING_JOBS} jobs are running: cancel one or wait")]
pub struct Busy;

impl Jobs {
    /// A new job, kept for polling, that stops at `max_time` from now.
    pub fn start(&self, max_time: Duration) -> Result<Arc<Job>, Busy> {
        let mut kept = self
            .kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if kept.iter().filter(|j| !j.finished()).count() >= RUNNING_JOBS {
            return Err(Busy);
        }
        while kept.len() >= KEPT_JOBS {
            let Some(oldest) = kept.iter().position(|j| j.finished()) else {
                return Err(Busy);
            };
            kept.remove(oldest);
        }
        let id = self.fresh_id(self.next.fetch_add(1, Ordering::Relaxed));
        let started = Instant::now();
        let job = Arc::new(Job {
            id,
            cancel: Arc::new(AtomicBool::new(false)),
            started,
            deadline: started + max_time,
            cells_done: AtomicUsize::new(0),
            solutions_so_far: AtomicU64::new(0),
            state: Mutex::new(State {
                phase: "queued",
                ..State::default()
            }),
        });
        kept.push(Arc::clone(&job));
        Ok(job)
    }

    /// The job `id`, if it is kept.
    pub fn get(&self, id: &str) -> Option<Arc<Job>> {
        self.kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .iter()
            .find(|j| j.id == id)
            .cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page's job answers through the checked answer: with the rules
    /// compiled from another variant than the puzzle's (classic for an X
    /// Sudoku, as a wrong compilation would give the engines), the
    /// solutions found break the diagonals, and the verdict and the true
    /// candidates say "internal error" instead of answering.
    #[test]
    fn a_corrupted_solution_is_caught_as_an_internal_error() {
        let grid = parse("1.......3......4").unwrap().grid;
        let right = with_grid(grid, Variant::from_names("x").unwrap(), false).unwrap();
        let tasks = Tasks {
            verdict: true,
            count: None,
            candidates: true,
        };
        let jobs = Jobs::default();
        let job = jobs.start(Duration::from_secs(60)).unwrap();
        job.run(&right, tasks);
        let done = job.to_json();
        assert_eq!(done["status"], "complete", "{done}");
        assert_eq!(done["verdict"]["status"], "unique", "{done}");

        let classic = Arc::new(Variant::default().rules(right.grid.shape()).unwrap());
        let wrong = Parsed {
            rules: classic,
            ..right
        };
        let job = jobs.start(Duration::from_secs(60)).unwrap();
        job.run(&wrong, tasks);
        let done = job.to_json();
        assert_eq!(done["status"], "incomplete", "{done}");
        let why = done["incomplete"].as_str().unwrap();
        assert!(
            why.starts_with("the verdict failed: internal error"),
            "{done}"
        );
        assert_eq!(done["verdict"]["status"], "error", "{done}");
        for task in ["verdict", "candidates"] {
            let error = done[task]["error"].as_str().unwrap();
            assert!(error.starts_with("internal error"), "{task}: {done}");
        }
        assert!(done["verdict"].get("solutions").is_none(), "{done}");
        assert!(done["candidates"].get("cells").is_none(), "{done}");
    }
}
