//! Counts the solutions of a puzzle model, for timing the engines side by
//! side (docs/performance.md):
//!
//! ```text
//! cargo run --release -p cover-model --example fd_count -- queens 12 [dlx|propagation] [par]
//! ```
//!
//! Models: `queens N`, `latin N`, `magic N`, `langford N`; and the
//! exact-cover forms of `solver_core::problems` on Dancing Links:
//! `cover-queens N`, `cover-langford N`, `cover-latin N`. The
//! engine defaults to the planner's choice; `par` counts on every core.

use cover_model::plan::Asked;
use cover_model::{Model, Rel, Value, Var};
use solver_core::Limits;

/// n-queens as MiniZinc states it: all different columns, and all
/// different `q[i] + i` and `q[i] - i` through auxiliary variables.
fn queens(n: usize) -> Model {
    let mut m = Model::new();
    let q: Vec<Var> = (0..n)
        .map(|i| m.int_var(&format!("q{i}"), 0, n as Value - 1).unwrap())
        .collect();
    m.all_different(&q).unwrap();
    for sign in [1, -1] {
        let d: Vec<Var> = (0..n)
            .map(|i| {
                let lo = if sign > 0 { 0 } else { -(n as Value) };
                let d = m
                    .int_var(&format!("d{sign}_{i}"), lo, 2 * n as Value)
                    .unwrap();
                m.linear(&[(1, d), (-1, q[i])], Rel::Eq, sign * i as Value)
                    .unwrap();
                d
            })
            .collect();
        m.all_different(&d).unwrap();
    }
    m
}

/// Latin squares: rows and columns exactly once (pure exact cover: the
/// planner sends it to Dancing Links unless an engine is named).
fn latin(n: usize) -> Model {
    let mut m = Model::new();
    let cells: Vec<Var> = (0..n * n)
        .map(|c| m.var(&format!("c{c}"), 1..=n as Value).unwrap())
        .collect();
    for r in 0..n {
        let row: Vec<Var> = (0..n).map(|c| cells[r * n + c]).collect();
        m.exactly_once(&format!("row{r}"), &row).unwrap();
        let col: Vec<Var> = (0..n).map(|c| cells[c * n + r]).collect();
        m.exactly_once(&format!("col{r}"), &col).unwrap();
    }
    m
}

fn magic(n: usize) -> Model {
    let mut m = Model::new();
    let nn = (n * n) as Value;
    let sum = n as Value * (nn + 1) / 2;
    let x: Vec<Var> = (0..n * n)
        .map(|k| m.int_var(&format!("x{k}"), 1, nn).unwrap())
        .collect();
    m.all_different(&x).unwrap();
    let mut line = |cells: Vec<usize>| {
        let terms: Vec<(Value, Var)> = cells.iter().map(|&k| (1, x[k])).collect();
        m.linear(&terms, Rel::Eq, sum).unwrap();
    };
    for i in 0..n {
        line((0..n).map(|j| i * n + j).collect());
        line((0..n).map(|j| j * n + i).collect());
    }
    line((0..n).map(|i| i * n + i).collect());
    line((0..n).map(|i| i * n + n - 1 - i).collect());
    m
}

fn langford(n: usize) -> Model {
    let mut m = Model::new();
    let mut pos = Vec::new();
    for k in 1..=n as Value {
        let a = m
            .int_var(&format!("a{k}"), 0, 2 * n as Value - k - 2)
            .unwrap();
        let b = m
            .int_var(&format!("b{k}"), k + 1, 2 * n as Value - 1)
            .unwrap();
        m.linear(&[(1, b), (-1, a)], Rel::Eq, k + 1).unwrap();
        pos.push(a);
        pos.push(b);
    }
    m.all_different(&pos).unwrap();
    m
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args.first().map_or("queens", String::as_str);
    let n: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(8);
    let engine = match args.get(2).map(String::as_str) {
        Some("dlx") => Asked::Dlx,
        Some("propagation") => Asked::Propagation,
        _ => Asked::Auto,
    };
    let par = args.iter().any(|a| a == "par");
    // The exact-cover forms of solver-core's problems, on Dancing Links.
    let cover = match name {
        "cover-queens" => Some(solver_core::problems::n_queens(n)),
        "cover-langford" => Some(solver_core::problems::langford(n)),
        "cover-latin" => Some(solver_core::problems::latin_square(n)),
        _ => None,
    };
    if let Some(text) = cover {
        let matrix = solver_core::knuth::parse(&text).expect("the problem parses");
        let count = if par {
            matrix
                .par_count(&[], &Limits::none())
                .expect("nothing forced")
        } else {
            matrix.solver().count(&Limits::none())
        };
        println!(
            "{name} {n} engine=dlx solutions={} complete={} nodes={}",
            count.solutions,
            count.is_complete(),
            count.outcome.stats.nodes
        );
        return;
    }
    let model = match name {
        "queens" => queens(n),
        "latin" => latin(n),
        "magic" => magic(n),
        "langford" => langford(n),
        other => {
            eprintln!("unknown model {other}: queens, latin, magic or langford");
            std::process::exit(2);
        }
    };
    let compiled = match model.compile_with(engine) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let count = if par {
        compiled.par_count(&Limits::none())
    } else {
        compiled.solver().count(&Limits::none())
    };
    println!(
        "{name} {n} engine={} solutions={} complete={} nodes={} propagations={}",
        compiled.engine().as_str(),
        count.solutions,
        count.is_complete(),
        count.outcome.stats.nodes,
        count.outcome.stats.updates
    );
}
