//! `docs/engines.md`'s table of the planner, checked against [`decide`]:
//! each row's problems and tasks, as this test states them, planned with
//! `auto`, `--engine bits` and `--engine dlx` give the engines the row's
//! columns name (or a refusal where they say "refused"). A row the test
//! does not know fails it, so a new row comes with its facts. The rows of
//! Sudoku grids are `sudoku_solve::plan`'s (their facts are that crate's,
//! through [`Described`]), checked by its own test of this table on real
//! rules.

use super::*;

const ENGINES_MD: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/engines.md"));

/// The table's rows: the cells of each, from the header `| rules | grid |`
/// to the first line that is not a row.
fn rows() -> Vec<Vec<String>> {
    let mut lines = ENGINES_MD
        .lines()
        .skip_while(|l| !l.starts_with("| rules | grid |"));
    lines
        .next()
        .expect("the planner's table in docs/engines.md");
    lines
        .skip(1)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            let inner = l.trim().trim_start_matches('|').trim_end_matches('|');
            inner.split('|').map(|c| c.trim().to_string()).collect()
        })
        .collect()
}

/// What a column says: `None` for an empty cell, `Some(None)` for a
/// refusal, else the engines named before its first `;`.
fn expected(cell: &str) -> Option<Option<Vec<EngineName>>> {
    if cell.is_empty() {
        return None;
    }
    if cell.starts_with("refused") {
        return Some(None);
    }
    let head = cell.split(';').next().unwrap_or("");
    let names: Vec<EngineName> = head
        .split('`')
        .skip(1)
        .step_by(2)
        .filter_map(|word| EngineName::ALL.into_iter().find(|e| e.as_str() == word))
        .collect();
    assert!(!names.is_empty(), "no engine named in {cell:?}");
    Some(Some(names))
}

/// Whether a row speaks of Sudoku grids (checked by `sudoku_solve`).
fn is_grid_row(rules: &str) -> bool {
    [
        "classic",
        "variant",
        "with setter's constraints",
        "any (with setter's constraints",
    ]
    .iter()
    .any(|start| rules.starts_with(start))
}

/// The problems and jobs a row speaks of, found by its first two cells.
fn cases(rules: &str, shape: &str) -> Vec<(Problem<'static>, Vec<Job>)> {
    use Job::*;
    let all_but_listing = [Solve, Check, Count, Minimize, Rate, Candidates];
    let matrix = |cells, frontier| Problem::Matrix {
        colours: false,
        cells,
        frontier,
    };
    let coloured = |cells, frontier| Problem::Matrix {
        colours: true,
        cells,
        frontier,
    };
    match (rules, shape) {
        (r, "`dlx` format") if r.contains("frontier in input order is at most 20") => [0, 7, 20]
            .into_iter()
            .flat_map(|f| [true, false].map(|cells| (matrix(cells, Some(f)), vec![Count])))
            .chain([(coloured(true, Some(3)), vec![Count])])
            .collect(),
        (r, "`dlx` format") if r.contains("at most 4M nodes") => vec![
            (matrix(true, None), vec![Count]),
            (matrix(true, Some(MEMO_FRONTIER + 1)), vec![Count]),
            (coloured(true, None), vec![Count]),
        ],
        ("any exact-cover problem", "`dlx` format") => vec![
            (matrix(false, None), vec![Count, Solve]),
            (matrix(true, None), vec![Solve]),
            (coloured(false, Some(40)), vec![Count]),
        ],
        (r, "JSON model, Python `Model`") if r.starts_with("constraint model, exact cover") => {
            [true, false]
                .map(|cells| {
                    (
                        Problem::Model {
                            exact_cover: true,
                            cells,
                        },
                        all_but_listing.to_vec(),
                    )
                })
                .to_vec()
        }
        (r, "JSON model, Python `Model`") if r.starts_with("constraint model, anything else") => {
            vec![(
                Problem::Model {
                    exact_cover: false,
                    cells: false,
                },
                all_but_listing.to_vec(),
            )]
        }
        _ => panic!("docs/engines.md: a row this test does not know: {rules:?} | {shape:?}"),
    }
}

/// A row's task cell names the jobs it speaks of, where rows share their
/// first cells.
fn row_takes(task: &str, job: Job) -> bool {
    match task {
        "solve, check, minimize" => matches!(job, Job::Solve | Job::Check | Job::Minimize),
        "count" => job == Job::Count,
        _ => true,
    }
}

#[test]
fn the_docs_table_is_the_planners() {
    let rows = rows();
    assert!(rows.len() >= 15, "{} rows", rows.len());
    for row in rows.iter().filter(|row| !is_grid_row(&row[0])) {
        assert_eq!(row.len(), 6, "{row:?}");
        let columns = [
            (Asked::Auto, &row[3]),
            (Asked::Bits, &row[4]),
            (Asked::Dlx, &row[5]),
        ];
        let mut named: Vec<(Asked, EngineName)> = Vec::new();
        let mut checked = 0;
        for (problem, jobs) in cases(&row[0], &row[1]) {
            for job in jobs.into_iter().filter(|&j| row_takes(&row[2], j)) {
                for (asked, cell) in columns {
                    let Some(want) = expected(cell) else { continue };
                    let got = decide(&problem, job, asked);
                    match (&want, got) {
                        (None, Err(_)) => {}
                        (Some(names), Ok(plan)) if names.contains(&plan.engine) => {
                            named.push((asked, plan.engine));
                        }
                        _ => panic!(
                            "docs/engines.md row {:?} says {cell:?} for {asked:?}; the plan of \
                             {problem:?} {job:?}: {got:?}",
                            &row[..3]
                        ),
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 0, "row {:?} checked nothing", &row[..3]);
        // Every engine a cell names is the plan's for some case of the row.
        for (asked, cell) in columns {
            if let Some(Some(names)) = expected(cell) {
                for name in names {
                    assert!(
                        named.contains(&(asked, name)),
                        "row {:?}: {name} ({asked:?}) is never planned",
                        &row[..3]
                    );
                }
            }
        }
    }
}

/// The engines' own table (name, where, what) lists every engine the plan
/// can name, and no other.
#[test]
fn the_docs_list_every_engine() {
    let listed: Vec<&str> = ENGINES_MD
        .lines()
        .skip_while(|l| !l.starts_with("| name | where |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .filter_map(|l| l.strip_prefix("| `")?.split('`').next())
        .collect();
    for engine in EngineName::ALL {
        assert!(
            listed.contains(&engine.as_str()),
            "{engine} is not in docs/engines.md"
        );
    }
    for name in &listed {
        assert!(
            EngineName::ALL.iter().any(|e| e.as_str() == *name),
            "docs/engines.md lists {name}, which the plan never names"
        );
    }
}
