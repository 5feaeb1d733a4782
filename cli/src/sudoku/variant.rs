//! Variant puzzles (X, windoku, jigsaw, killer and combinations): `solve`,
//! `count` and `check` with `--variant`, `--regions`, `--cages`, or on JSON
//! documents that state their own variant.
//!
//! Variant inputs are small (a handful of puzzles with their region maps and
//! cages), so each file is read whole; the puzzles are then answered in
//! parallel and written in input order, with the records of the classic
//! pipeline ([`Answered`]). Every solution is checked by [`verify`], written
//! here from the rules' wording, apart from the search and the library's
//! rules, before it is printed.

use std::collections::HashMap;
use std::io::Write as _;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use rayon::prelude::*;
use solver_core::Limits;
use sudoku::{
    parse_cages, parse_cages_json, parse_documents, write_regions, Grid, ReadOptions, Records,
    Regions, Rules, Shape, SolveError, SudokuSolver, Variant, Verdict, DEFAULT_MAX_PUZZLE_BYTES,
};

use super::record::{Answer, Answered, Expected};
use super::stats::Totals;
use super::{eprint_line, CommonArgs, InputFormat, Mode, OutputFormat};
use crate::exit::Failure;
use crate::output::Output;

/// The `--variant`, `--regions` and `--cages` options.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct VariantArgs {
    /// Sudoku variant: x, windoku (hyper), jigsaw, killer, joined with commas
    #[arg(
        long,
        value_name = "NAMES",
        long_help = "Sudoku variant, names joined with commas (x,windoku):\n  \
                     x        both main diagonals also hold every value once\n  \
                     windoku  the windows (boxes one cell in from the box borders,\n           \
                     four on 9x9) also hold every value once; also `hyper`\n  \
                     jigsaw   irregular regions replace the boxes (needs --regions)\n  \
                     killer   cages: cells with different values adding up to a\n           \
                     sum (needs --cages; givens are optional)\n\
                     --regions implies jigsaw and --cages implies killer."
    )]
    pub variant: Option<String>,

    /// Region map for jigsaw: a grid of symbols, one per cell, one per region
    #[arg(
        long,
        value_name = "FILE",
        long_help = "Region map for jigsaw Sudoku: a second grid with one symbol per\n\
                     cell and one symbol per region, a row per line, for example\n  \
                     aaabbb\n  aaccbb\n  ...\n\
                     Every region must have one cell per value. The puzzle's size\n\
                     comes from the map (give --box to read a grid with boxes)."
    )]
    pub regions: Option<std::path::PathBuf>,

    /// Cages for killer: one per line, the sum then the cells (15 r1c1 r1c2)
    #[arg(
        long,
        value_name = "FILE",
        long_help = "Cages for killer Sudoku: one cage per line, the sum then the\n\
                     cells, such as `15 r1c1 r1c2` (row 1 column 1, row 1 column 2);\n\
                     or, in a file ending in .json, an array such as\n  \
                     [{\"sum\": 15, \"cells\": [\"r1c1\", \"r1c2\"]}]\n\
                     The cells of a cage hold different values; cages do not overlap."
    )]
    pub cages: Option<std::path::PathBuf>,
}

impl VariantArgs {
    /// Whether any variant option was given.
    pub(crate) fn is_set(&self) -> bool {
        self.variant.is_some() || self.regions.is_some() || self.cages.is_some()
    }

    /// The variant the options describe; errors say which file and where.
    pub(crate) fn load(&self) -> Result<Variant, Failure> {
        let (mut variant, named) = Variant::parse_names(self.variant.as_deref().unwrap_or(""))
            .map_err(|e| Failure::bad_input(format!("--variant: {e}")))?;
        if let Some(path) = &self.regions {
            let text = read_text(path)?;
            let regions: Regions = text
                .parse()
                .map_err(|e| Failure::bad_input(format!("{}: {e}", path.display())))?;
            variant.regions = Some(regions);
        }
        if let Some(path) = &self.cages {
            let text = read_text(path)?;
            let parsed = if is_json_path(path) {
                parse_cages_json(&text)
            } else {
                parse_cages(&text)
            };
            variant.cages =
                parsed.map_err(|e| Failure::bad_input(format!("{}: {e}", path.display())))?;
        }
        variant
            .check_complete(named)
            .map_err(|e| Failure::bad_input(format!("--variant: {e}")))?;
        Ok(variant)
    }
}

fn read_text(path: &Path) -> Result<String, Failure> {
    let input = crate::read_input(Some(path))?;
    String::from_utf8(input.bytes)
        .map_err(|e| Failure::bad_input(format!("{}: not UTF-8 text: {e}", input.name)))
}

fn is_json_path(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
}

/// Whether the run goes through this module: variant options, JSON input,
/// or a `.json` input file.
pub(crate) fn applies(args: &CommonArgs) -> bool {
    args.variant.is_set()
        || args.input_format == InputFormat::Json
        || args.files.iter().any(|f| is_json_path(f))
}

/// One puzzle to answer.
struct Item {
    file: usize,
    line: usize,
    /// The puzzle and its variant's rules, or why they cannot be used.
    puzzle: Result<Ready, String>,
}

struct Ready {
    puzzle: sudoku::Puzzle,
    variant: Arc<Variant>,
    rules: Arc<Rules>,
}

/// The puzzles of one input, each with its variant.
fn read_items(
    file: usize,
    text: &str,
    sources: &str,
    json: bool,
    base: &Arc<Variant>,
    options: &ReadOptions,
    rules_cache: &mut HashMap<Shape, Arc<Rules>>,
) -> Vec<Item> {
    let mut items = Vec::new();
    if json || text.trim_start().starts_with('{') {
        for doc in parse_documents(text, options) {
            match doc {
                Err(e) => items.push(Item {
                    file,
                    line: e.line,
                    puzzle: Err(e.to_string()),
                }),
                Ok(doc) => {
                    let variant = merge(&doc.variant, base);
                    let puzzle = variant
                        .rules(doc.puzzle.grid.shape())
                        .map(|rules| Ready {
                            puzzle: doc.puzzle,
                            variant: Arc::new(variant),
                            rules: Arc::new(rules),
                        })
                        .map_err(|e| format!("line {}: {e}", doc.line));
                    items.push(Item {
                        file,
                        line: doc.line,
                        puzzle,
                    });
                }
            }
        }
        return items;
    }
    for record in Records::new(text.as_bytes(), options.clone()) {
        let line = record.line;
        let puzzle = match record.result {
            Err(e) => Err(e.to_string()),
            Ok(puzzle) => {
                let shape = puzzle.grid.shape();
                let rules = match rules_cache.get(&shape) {
                    Some(r) => Ok(Arc::clone(r)),
                    None => base.rules(shape).map(|r| {
                        let r = Arc::new(r);
                        rules_cache.insert(shape, Arc::clone(&r));
                        r
                    }),
                };
                rules
                    .map(|rules| Ready {
                        puzzle,
                        variant: Arc::clone(base),
                        rules,
                    })
                    .map_err(|e| format!("line {line}: {sources}: {e}"))
            }
        };
        items.push(Item { file, line, puzzle });
    }
    items
}

impl VariantArgs {
    /// Where a variant's errors come from, for messages: the files of
    /// `--regions` and `--cages`, or `--variant`.
    fn sources(&self) -> String {
        let files: Vec<String> = [&self.regions, &self.cages]
            .into_iter()
            .flatten()
            .map(|p| p.display().to_string())
            .collect();
        if files.is_empty() {
            "--variant".to_string()
        } else {
            files.join(" or ")
        }
    }
}

/// A document's variant with the command line's added: its names, and the
/// command line's regions and cages where the document has none.
fn merge(doc: &Variant, base: &Variant) -> Variant {
    let mut v = doc.clone();
    v.diagonals |= base.diagonals;
    v.windows |= base.windows;
    if v.regions.is_none() {
        v.regions = base.regions.clone();
    }
    if v.cages.is_empty() {
        v.cages = base.cages.clone();
    }
    v
}

/// Checks `solution` against `puzzle` under `variant`, from the rules'
/// wording: every cell filled with 1..=N and the givens kept; rows,
/// columns, boxes (or the regions), the diagonals and the windows each
/// holding N different values; every cage's values different and adding up
/// to its sum. Independent of the search and of the library's [`Rules`].
pub(crate) fn verify(solution: &Grid, puzzle: &Grid, variant: &Variant) -> bool {
    let shape = puzzle.shape();
    let n = shape.side() as usize;
    let (br, bc) = (shape.box_rows() as usize, shape.box_cols() as usize);
    let s = solution.cells();
    if solution.shape() != shape
        || s.len() != n * n
        || s.iter().any(|&v| v == 0 || usize::from(v) > n)
        || s.iter()
            .zip(puzzle.cells())
            .any(|(&a, &g)| g != 0 && a != g)
    {
        return false;
    }
    // Every group of cells, as (key, cell); a group must hold n different
    // values.
    let mut groups: HashMap<(u8, usize), Vec<usize>> = HashMap::new();
    for r in 0..n {
        for c in 0..n {
            let cell = r * n + c;
            groups.entry((0, r)).or_default().push(cell);
            groups.entry((1, c)).or_default().push(cell);
            let region = match &variant.regions {
                Some(regions) => regions.region_of(cell),
                None => (r / br) * (n / bc) + c / bc,
            };
            groups.entry((2, region)).or_default().push(cell);
            if variant.diagonals && r == c {
                groups.entry((3, 0)).or_default().push(cell);
            }
            if variant.diagonals && r + c == n - 1 {
                groups.entry((3, 1)).or_default().push(cell);
            }
            // Windows: the cells off the lines r = k(br + 1), c = k(bc + 1),
            // grouped by the block they fall in (partial blocks dropped).
            if variant.windows && r % (br + 1) != 0 && c % (bc + 1) != 0 {
                groups
                    .entry((4, r / (br + 1) * n + c / (bc + 1)))
                    .or_default()
                    .push(cell);
            }
        }
    }
    let distinct = |cells: &[usize]| {
        let mut seen = vec![false; n + 1];
        cells
            .iter()
            .all(|&c| !std::mem::replace(&mut seen[usize::from(s[c])], true))
    };
    let windows = groups
        .iter()
        .filter(|((kind, _), cells)| *kind == 4 && cells.len() == n);
    let expected_windows = if variant.windows {
        (bc - 1) * (br - 1)
    } else {
        0
    };
    if windows.clone().count() != expected_windows {
        return false;
    }
    let units_ok = groups
        .iter()
        .filter(|((kind, _), cells)| *kind != 4 || cells.len() == n)
        .all(|(_, cells)| cells.len() == n && distinct(cells));
    let cages_ok = variant.cages.iter().all(|cage| {
        let cells: Vec<usize> = cage.cells.iter().map(|&(r, c)| r * n + c).collect();
        let total: u32 = cells.iter().map(|&c| u32::from(s[c])).sum();
        cells.iter().all(|&c| c < n * n) && distinct(&cells) && total == cage.sum
    });
    units_ok && cages_ok
}

/// Answers one puzzle with `solver` (made for its rules).
fn answer(
    item: &Ready,
    solver: &mut SudokuSolver,
    mode: Mode,
    limits: &Limits,
    line: usize,
) -> (Answer, Option<u64>, Option<Expected>) {
    let grid = &item.puzzle.grid;
    let verified = |g: &Grid| verify(g, grid, &item.variant) && solver_agrees(g, grid, &item.rules);
    let internal = || {
        Answer::Internal(format!(
            "line {line}: the solution found fails the check of the rules and givens"
        ))
    };
    let invalid = |e: SolveError| Answer::Invalid(format!("line {line}: {e}"));
    let expected = |g: &Grid| {
        item.puzzle.solution.as_ref().map(|e| {
            if e == g {
                Expected::Matches
            } else if verify(e, grid, &item.variant) {
                Expected::OtherSolution
            } else {
                Expected::NotASolution
            }
        })
    };
    match mode {
        Mode::Solve => {
            let (result, stats) = solver.solve_one(grid, limits);
            let answer = match result {
                Ok(g) if verified(&g) => {
                    let e = expected(&g);
                    return (Answer::Solved(g), Some(stats.nodes), e);
                }
                Ok(_) => internal(),
                Err(SolveError::Unsolvable) => Answer::Unsolvable,
                Err(SolveError::GaveUp(why)) => Answer::Unknown(why),
                Err(e) => return (invalid(e), None, None),
            };
            (answer, Some(stats.nodes), None)
        }
        Mode::Check => {
            let (verdict, stats) = solver.check_unique(grid, limits);
            let answer = match verdict {
                Verdict::Unique(g) if verified(&g) => {
                    let e = expected(&g);
                    return (Answer::Unique(g), Some(stats.nodes), e);
                }
                Verdict::Multiple(a, b) if a != b && verified(&a) && verified(&b) => {
                    Answer::Multiple(a, b)
                }
                Verdict::Unique(_) | Verdict::Multiple(..) => internal(),
                Verdict::Unsolvable => Answer::Unsolvable,
                Verdict::Invalid(conflict) => {
                    return (
                        Answer::Invalid(format!("line {line}: {conflict}")),
                        None,
                        None,
                    )
                }
                Verdict::Unknown(why) => Answer::Unknown(why),
            };
            (answer, Some(stats.nodes), None)
        }
        Mode::Count { .. } => match solver.count(grid, limits) {
            Ok(count) => (
                Answer::Counted {
                    solutions: count.solutions,
                    incomplete: count.outcome.incomplete,
                },
                Some(count.outcome.stats.nodes),
                None,
            ),
            Err(SolveError::Unsolvable) => (
                Answer::Counted {
                    solutions: 0,
                    incomplete: None,
                },
                None,
                None,
            ),
            Err(e) => (invalid(e), None, None),
        },
        Mode::Minimize { .. } | Mode::Rate { .. } => (
            Answer::Invalid("minimize and rate handle classic Sudoku only".to_string()),
            None,
            None,
        ),
    }
}

/// The library's own check agrees (a second opinion; both must pass).
fn solver_agrees(solution: &Grid, puzzle: &Grid, rules: &Rules) -> bool {
    rules.is_solution(solution, puzzle)
}

/// Runs `solve`, `count` or `check` over variant puzzles.
pub(crate) fn run(mode: Mode, args: &CommonArgs) -> Result<super::batch::Ending, Failure> {
    use super::batch::Ending;
    if matches!(mode, Mode::Minimize { .. } | Mode::Rate { .. }) {
        return Err(Failure::bad_input(
            "minimize and rate handle classic Sudoku only (no --variant, --regions, --cages or JSON input)",
        ));
    }
    let started = Instant::now();
    let threads = args.threads.init();
    let base = Arc::new(args.variant.load()?);
    let mut options = ReadOptions {
        format: match args.input_format {
            InputFormat::Json => sudoku::Format::Auto,
            other => other.into(),
        },
        shape: args.box_shape,
        alphabet: args.alphabet.clone().unwrap_or_default(),
        max_puzzle_bytes: DEFAULT_MAX_PUZZLE_BYTES,
    };
    if let (None, Some(regions)) = (options.shape, &base.regions) {
        options.shape = Some(regions.shape());
    }
    let paths: Vec<Option<&Path>> = if args.files.is_empty() {
        vec![None]
    } else {
        args.files.iter().map(|p| Some(p.as_path())).collect()
    };
    let mut names = Vec::new();
    let mut items = Vec::new();
    let mut totals = Totals::default();
    let mut rules_cache = HashMap::new();
    let sources = args.variant.sources();
    for (file, path) in paths.iter().enumerate() {
        let json = args.input_format == InputFormat::Json || path.is_some_and(is_json_path);
        match crate::read_input(*path) {
            Err(failure) => {
                names.push(path.map_or("<stdin>".to_string(), |p| p.display().to_string()));
                totals.read_errors += 1;
                if let Some(message) = &failure.message {
                    eprint_line(&format!("error: {message}"));
                }
            }
            Ok(input) => {
                let text = String::from_utf8_lossy(&input.bytes);
                items.extend(read_items(
                    file,
                    &text,
                    &sources,
                    json,
                    &base,
                    &options,
                    &mut rules_cache,
                ));
                names.push(input.name);
            }
        }
    }

    let cancel = Arc::new(AtomicBool::new(false));
    {
        let cancel = Arc::clone(&cancel);
        let _ = ctrlc::set_handler(move || cancel.store(true, Ordering::Relaxed));
    }
    let limits = || Limits {
        max_solutions: match mode {
            Mode::Count { limit } => limit.map(u128::from),
            _ => None,
        },
        max_nodes: args.max_nodes,
        deadline: args.timeout.and_then(|t| Instant::now().checked_add(t)),
        cancel: Some(Arc::clone(&cancel)),
    };
    let engine: sudoku::Engine = args.engine.into();
    let answered: Vec<(Answered, Option<Regions>)> = items
        .into_par_iter()
        .map_init(Vec::<(Arc<Rules>, SudokuSolver)>::new, |solvers, item| {
            let mut answered = Answered::new(item.file, item.line, Answer::Unsolvable);
            let ready = match item.puzzle {
                Err(message) => {
                    answered.answer = Answer::Invalid(message);
                    return (answered, None);
                }
                Ok(ready) => ready,
            };
            answered.shape = Some(ready.puzzle.grid.shape());
            answered.notation = ready.puzzle.notation.clone();
            let at = match solvers
                .iter()
                .position(|(r, _)| Arc::ptr_eq(r, &ready.rules))
            {
                Some(at) => at,
                None => match SudokuSolver::with_rules(Arc::clone(&ready.rules), engine) {
                    Ok(s) => {
                        if solvers.len() >= 4 {
                            solvers.remove(0);
                        }
                        solvers.push((Arc::clone(&ready.rules), s));
                        solvers.len() - 1
                    }
                    Err(e) => {
                        answered.answer = Answer::Invalid(format!("line {}: {e}", item.line));
                        return (answered, None);
                    }
                },
            };
            let (answer, nodes, expected) =
                answer(&ready, &mut solvers[at].1, mode, &limits(), item.line);
            answered.answer = answer;
            answered.nodes = nodes;
            answered.expected = expected;
            (answered, ready.variant.regions.clone())
        })
        .collect();

    let mut out = Output::stdout();
    let several = names.len() > 1;
    for (a, regions) in &answered {
        if a.answer.was_cancelled() {
            break;
        }
        totals.add(a);
        let name = &names[a.file];
        let _ = write(
            &mut out,
            a,
            regions.as_ref(),
            args.format,
            mode,
            name,
            several,
        );
        if let Answer::Internal(why) = &a.answer {
            let _ = out.flush();
            eprint_line(&format!(
                "error: internal error: {name}, {why}; this is a bug, please report it"
            ));
        } else if let Some(warning) = a.expected.and_then(Expected::warning) {
            if args.format != OutputFormat::Json && !args.quiet {
                let _ = out.flush();
                eprint_line(&format!("warning: {name}, line {}: {warning}", a.line));
            }
        }
        if out.has_failed() {
            break;
        }
    }
    out.finish()?;
    let interrupted = cancel.load(Ordering::Relaxed);
    if args.stats || interrupted {
        let report = totals.report(mode, started.elapsed(), threads);
        let _ = std::io::stderr().lock().write_all(report.as_bytes());
    }
    Ok(if interrupted {
        Ending::Interrupted
    } else if totals.internal > 0 {
        Ending::InternalError
    } else {
        Ending::Status(totals.status())
    })
}

/// Writes a record; with `--format grid` and regions, the grids are drawn
/// with the regions' borders.
fn write(
    out: &mut Output,
    a: &Answered,
    regions: Option<&Regions>,
    format: OutputFormat,
    mode: Mode,
    name: &str,
    several: bool,
) -> std::io::Result<()> {
    let Some(regions) = regions.filter(|_| format == OutputFormat::Grid) else {
        let mut text = Vec::new();
        a.write(&mut text, format, mode, name, several)?;
        return out.write_all(&text);
    };
    let line = a.text_line(name, several);
    let draw = |g: &Grid| write_regions(g, regions, &a.notation);
    match &a.answer {
        Answer::Solved(g) => out.write_all(draw(g).as_bytes())?,
        Answer::Unique(g) => {
            writeln!(out, "{line}")?;
            out.write_all(draw(g).as_bytes())?;
        }
        Answer::Multiple(x, y) => {
            writeln!(out, "{line}")?;
            out.write_all(draw(x).as_bytes())?;
            out.write_all(draw(y).as_bytes())?;
        }
        _ => writeln!(out, "{line}")?,
    }
    out.write_all(b"\n")
}
