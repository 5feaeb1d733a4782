//! Answers doppelganger puzzles on an engine the `sudoku` command does not
//! name, to compare Dancing Links (the exact cover), the propagation
//! engine (the constraint model) and the plan of `auto` (a check: the
//! grid's own search on candidate masks) side by side:
//!
//! ```text
//! cargo run --release -p sudoku-solve --example doppelganger_engines -- \
//!     ENGINE TASK BOX < puzzles
//! ```
//!
//! ENGINE: `auto`, `dlx` or `propagation`; TASK: `solve`, `check` or
//! `count`; BOX: `2x2`, `2x3`, `3x3`, ... One puzzle per line of stdin
//! (blank lines and lines starting with `#` skipped); prints the answer,
//! the engine, the nodes and the wall time of the answer.
//!
//! `doppelganger_engines generate BOX SEEDS` (SEEDS: `0..20`) makes a
//! puzzle per seed with `sudoku_solve::doppelganger::generate` and prints
//! it, whether it is minimal, and the wall time it took (or the error).

use std::io::BufRead;

use cover_model::plan::Asked;
use solver_core::Limits;
use sudoku::doppelganger::DoppelGrid;
use sudoku::Shape;
use sudoku_solve::doppelganger::answer;
use sudoku_solve::{Answer, Task};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [what, boxes, seeds] = args.as_slice() {
        if what == "generate" {
            return generate(boxes, seeds);
        }
    }
    let [engine, task, boxes] = args.as_slice() else {
        return Err(
            "usage: doppelganger_engines auto|dlx|propagation solve|check|count RxC".into(),
        );
    };
    let asked = match engine.as_str() {
        "auto" => Asked::Auto,
        "dlx" => Asked::Dlx,
        "propagation" => Asked::Propagation,
        other => return Err(format!("engine: auto, dlx or propagation, not {other:?}").into()),
    };
    let task = match task.as_str() {
        "solve" => Task::Solve,
        "check" => Task::Check,
        "count" => Task::Count { limit: None },
        other => return Err(format!("task: solve, check or count, not {other:?}").into()),
    };
    let (rows, cols) = boxes.split_once('x').ok_or("box: RxC, as 2x3")?;
    let shape = Shape::new(rows.parse()?, cols.parse()?)?;
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let puzzle = DoppelGrid::parse(&line, Some(shape))?;
        let start = std::time::Instant::now();
        let answered = answer(&puzzle, &task, asked, &Limits::none())?;
        let ms = start.elapsed().as_secs_f64() * 1e3;
        let said = match answered.answer {
            Answer::Solved(grid) => grid.to_string(),
            Answer::Unique(grid) => format!("unique {grid}"),
            Answer::Multiple(..) => "multiple".to_owned(),
            Answer::Unsolvable => "unsolvable".to_owned(),
            Answer::Counted {
                solutions,
                incomplete,
            } => format!("{solutions} complete={}", incomplete.is_none()),
            other => format!("{other:?}"),
        };
        println!(
            "{said} engine={} nodes={} ms={ms:.3}",
            answered.plan.engine.as_str(),
            answered.nodes
        );
    }
    Ok(())
}

/// `generate BOX SEEDS`: a puzzle per seed, its minimality and its time.
fn generate(boxes: &str, seeds: &str) -> Result<(), Box<dyn std::error::Error>> {
    let (rows, cols) = boxes.split_once('x').ok_or("box: RxC, as 2x3")?;
    let shape = Shape::new(rows.parse()?, cols.parse()?)?;
    let (from, to) = seeds.split_once("..").ok_or("seeds: FROM..TO, as 0..20")?;
    for seed in from.parse::<u64>()?..to.parse()? {
        let start = std::time::Instant::now();
        let made = sudoku_solve::doppelganger::generate(shape, seed, &Limits::none());
        let ms = start.elapsed().as_secs_f64() * 1e3;
        match made {
            Ok(made) => println!(
                "{} seed={seed} givens={} minimal={} ms={ms:.1}",
                made.puzzle,
                made.puzzle.givens(),
                made.minimal
            ),
            Err(e) => println!("seed={seed} error={e} ms={ms:.1}"),
        }
    }
    Ok(())
}
