//! The `sudoku` command: solves, counts the solutions of, or checks the
//! uniqueness of every puzzle of one or more files.
//!
//! - [`Args`]: the command line (clap), with the help texts.
//! - `batch`: a batch run over the library's streaming pipeline
//!   ([`sudoku_batch`]): reading, answering and the records' text are
//!   there; here are the files, Ctrl-C and the exit status.
//! - `writer`: the answered chunks written in input order, with the notes
//!   on stderr (`--explain`, warnings, errors) and the totals.
//! - `progress`: the progress bar (only on a terminal).
//! - `cubes`: `split` and `count --cubes` for one puzzle and its rules.
//! - `doppelganger`: `--variant doppelganger`, grids of 0..n (a kind of
//!   puzzle of its own), answered line by line through
//!   [`sudoku_solve::doppelganger`].
//! - `variant`: the variant options; `generate` (every kind made by
//!   [`sudoku_generate::Maker`]), `bench` and `serve`: the other subcommands.
//!
//! [`run`] does the work and returns the exit status: see the table in
//! [`EXIT_STATUS`] (and [`crate::exit`]); 70 means that a solution failed
//! the independent check, which is a bug.

mod batch;
mod bench;
mod cubes;
mod doppelganger;
mod generate;
mod logic;
mod progress;
mod serve;
mod variant;
mod writer;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand, ValueEnum};
use sudoku::{Alphabet, Shape, DEFAULT_MEMORY_BUDGET};
use sudoku_format::{ReadOptions, DEFAULT_MAX_PUZZLE_BYTES};

use crate::exit::{Exit, Failure};
use crate::threads::ThreadsArg;
use crate::values::{parse_seconds, same_choices};

const LONG_ABOUT: &str = include_str!("../../help/sudoku.txt");

/// The exit-status table, shared by the short and long help.
const AFTER_HELP: &str = include_str!("../../help/exit-status.txt");

const AFTER_LONG_HELP: &str = concat!(
    include_str!("../../help/sudoku-examples.txt"),
    include_str!("../../help/exit-status.txt")
);

/// The exit-status table printed by `--help` (and copied in docs/guide.md, "Exit statuses").
pub const EXIT_STATUS: &str = AFTER_HELP;

const SOLVE_ABOUT: &str = include_str!("../../help/solve.txt");

const COUNT_ABOUT: &str = include_str!("../../help/count.txt");

const CHECK_ABOUT: &str = include_str!("../../help/check.txt");

const CANDIDATES_ABOUT: &str = include_str!("../../help/candidates.txt");

/// The `sudoku` command line.
#[derive(Debug, Parser)]
#[command(
    name = "sudoku",
    version,
    about = "Solve, count or check Sudoku puzzles of any size, a file at a time",
    long_about = LONG_ABOUT,
    after_help = AFTER_HELP,
    after_long_help = AFTER_LONG_HELP,
)]
pub struct Args {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print a solution of each puzzle, or (--steps) its logical path
    #[command(long_about = SOLVE_ABOUT, after_help = AFTER_HELP)]
    Solve(SolveArgs),
    /// Count the solutions of each puzzle
    #[command(long_about = COUNT_ABOUT, after_help = AFTER_HELP)]
    Count(CountArgs),
    /// Tell whether each puzzle has exactly one solution
    #[command(long_about = CHECK_ABOUT, after_help = AFTER_HELP)]
    Check(CommonArgs),
    /// Print each puzzle's true candidates (the values of some solution, per cell), or its pencil marks
    #[command(long_about = CANDIDATES_ABOUT, after_help = AFTER_HELP, visible_alias = "true-candidates")]
    Candidates(CandidatesArgs),
    /// Measure solving speed on puzzle files
    #[command(long_about = BENCH_ABOUT)]
    Bench(bench::BenchArgs),
    /// Make puzzles with exactly one solution
    #[command(long_about = generate::GENERATE_ABOUT)]
    Generate(generate::GenerateArgs),
    /// Remove givens from unique puzzles while they stay unique
    #[command(long_about = MINIMIZE_ABOUT, after_help = AFTER_HELP)]
    Minimize(MinimizeArgs),
    /// Rate unique puzzles on Sudoku Explainer's scale (ER/EP/ED)
    #[command(long_about = RATE_ABOUT, after_help = AFTER_HELP)]
    Rate(RateArgs),
    /// Give the next logical step of each puzzle, or of a learner's pencil marks
    #[command(long_about = HINT_ABOUT, after_help = AFTER_HELP)]
    Hint(logic::HintArgs),
    /// Split one puzzle's completions into cubes, to count on many machines
    #[command(long_about = crate::cubes::SPLIT_ABOUT)]
    Split(cubes::SudokuSplitArgs),
    /// Add up the counts of the cubes
    #[command(long_about = crate::cubes::MERGE_ABOUT)]
    Merge(crate::cubes::MergeArgs),
    /// Print a shell completion script (bash, zsh, fish ...)
    #[command(long_about = crate::docs::COMPLETIONS_ABOUT)]
    Completions(crate::docs::CompletionsArgs),
    /// Start the setter's page: a local web server to check puzzles as you edit
    #[command(long_about = serve::SERVE_ABOUT)]
    Serve(serve::ServeArgs),
    /// Print the man page (roff)
    #[command(long_about = crate::docs::MAN_ABOUT)]
    Man(crate::docs::ManArgs),
}

const MINIMIZE_ABOUT: &str = include_str!("../../help/minimize.txt");

const RATE_ABOUT: &str = include_str!("../../help/rate.txt");

const HINT_ABOUT: &str = include_str!("../../help/hint.txt");

/// The arguments of `solve`.
#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// The options common to every subcommand.
    #[command(flatten)]
    pub common: CommonArgs,
    /// Print the logical path instead: each step (technique, difficulty,
    /// placements, eliminations) as a person would take it
    #[arg(long)]
    pub steps: bool,
    /// With --steps: which techniques, `all` (SE's and the common ones it
    /// lacks) or `se` (Sudoku Explainer 1.2.1's only, the path `rate` measures)
    #[arg(long, value_enum, default_value_t = logic::Techniques::All, requires = "steps")]
    pub techniques: logic::Techniques,
}

/// The rating scales of `rate` (`--scale`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Scale {
    /// Sudoku Explainer 1.2.1's ER/EP/ED, from the logical solver
    #[default]
    Se,
    /// log2 of the search effort of the plain exact-cover search
    Search,
}

/// The arguments of `minimize`.
#[derive(Debug, clap::Args)]
pub struct MinimizeArgs {
    /// The options common to every subcommand.
    #[command(flatten)]
    pub common: CommonArgs,
    /// Seed for the order in which givens are tried
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Keep the givens symmetric: none, rotational, quarter-turn, horizontal,
    /// vertical, diagonal, anti-diagonal
    #[arg(long, value_name = "SYMMETRY", default_value = "none")]
    pub symmetry: sudoku_solve::Symmetry,
}

/// The arguments of `candidates`.
#[derive(Debug, clap::Args)]
pub struct CandidatesArgs {
    /// The options common to every subcommand.
    #[command(flatten)]
    pub common: CommonArgs,
    /// Instead of the candidates, list the placements (cell=value) that
    /// would leave exactly one solution
    #[arg(long, conflicts_with = "pencil_marks")]
    pub unique_makers: bool,
    /// The true candidates: the values some solution has (the default; a
    /// spoiler for a puzzle with one solution)
    #[arg(long, conflicts_with_all = ["pencil_marks", "unique_makers"])]
    pub true_candidates: bool,
    /// The pencil marks instead: the values the givens leave each cell (no
    /// spoiler; what a learner writes in)
    #[arg(long)]
    pub pencil_marks: bool,
}

/// The arguments of `rate`.
#[derive(Debug, clap::Args)]
pub struct RateArgs {
    /// The options common to every subcommand.
    #[command(flatten)]
    pub common: CommonArgs,
    /// The scale: se (Sudoku Explainer's ER/EP/ED) or search (search effort)
    #[arg(long, value_enum, default_value_t)]
    pub scale: Scale,
    /// Ignored, with a note: the search effort is the same in any tie-break
    /// order (proving uniqueness visits the whole search tree)
    #[arg(long, value_name = "N", hide = true)]
    pub seeds: Option<u32>,
}

const BENCH_ABOUT: &str = include_str!("../../help/bench.txt");

/// The search engine (`--engine`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum EngineArg {
    /// The planner's choice: bit-parallel where it applies, Dancing Links otherwise
    #[default]
    Auto,
    /// The bit-parallel engines (band9, bits, cdcl, units); refused where none applies
    Bits,
    /// Dancing Links: the reference engine, any size
    Dlx,
}

same_choices!(EngineArg => sudoku_solve::Asked { Auto, Bits, Dlx });

/// The arguments of `count`.
#[derive(Debug, clap::Args)]
pub struct CountArgs {
    /// The options common to every subcommand.
    #[command(flatten)]
    pub common: CommonArgs,

    /// Stop counting a puzzle at N solutions [default: no limit]
    #[arg(
        long,
        value_name = "N",
        value_parser = clap::value_parser!(u64).range(1..),
        long_help = include_str!("../../help/options/count-limit.txt")
    )]
    pub limit: Option<u64>,

    /// Count the cubes in FILE (written by `sudoku split`) of one puzzle
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with = "limit",
        long_help = crate::cubes::CUBES_HELP
    )]
    pub cubes: Option<PathBuf>,
}

/// The input, output and search options of every subcommand.
#[derive(Debug, clap::Args)]
pub struct CommonArgs {
    /// Files of puzzles, read in order (`-` or none: standard input)
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Box shape: 3 for 3x3 boxes, 2x3 for boxes 2 rows high and 3 wide
    #[arg(
        long = "box",
        value_name = "SHAPE",
        value_parser = parse_box,
        long_help = include_str!("../../help/options/box.txt")
    )]
    pub box_shape: Option<Shape>,

    /// The symbols of the values 1, 2, 3 ..., in order (`.` for an empty cell)
    #[arg(
        long,
        value_name = "SYMBOLS",
        value_parser = parse_alphabet,
        long_help = include_str!("../../help/options/alphabet.txt")
    )]
    pub alphabet: Option<Alphabet>,

    /// How the puzzles are written
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = InputFormat::Auto)]
    pub input_format: InputFormat,

    /// How the answers are printed
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = OutputFormat::Text)]
    pub format: OutputFormat,

    /// Number of search threads.
    #[command(flatten)]
    pub threads: ThreadsArg,

    /// Give up on a puzzle after SECONDS, e.g. 0.5 (answer `unknown`)
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,

    /// Give up on a puzzle after N search-tree nodes (answer `unknown`)
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,

    /// The search engine: auto, bits or dlx (--explain says which ran)
    #[arg(
        long,
        value_enum,
        default_value_t,
        long_help = include_str!("../../help/options/engine.txt")
    )]
    pub engine: EngineArg,

    /// The Sudoku variant (x, windoku, jigsaw, killer).
    #[command(flatten)]
    pub variant: variant::VariantArgs,

    /// Say on stderr which engine answers the puzzles, and why
    #[arg(
        long,
        long_help = include_str!("../../help/options/explain.txt")
    )]
    pub explain: bool,

    /// Print totals on stderr at the end
    #[arg(
        long,
        long_help = include_str!("../../help/options/stats.txt")
    )]
    pub stats: bool,

    /// No progress bar and no warnings (errors are still reported)
    #[arg(
        short,
        long,
        long_help = include_str!("../../help/options/quiet.txt")
    )]
    pub quiet: bool,
}

/// The layouts of the input (`--input-format`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum InputFormat {
    /// Found line by line: CSV header, one puzzle per line, or grids
    #[default]
    Auto,
    /// One puzzle per line, one symbol per cell
    Compact,
    /// Numbers separated by spaces, 0 or . for an empty cell
    Numbers,
    /// Grids of one row per line (borders allowed), separated by blank lines
    Grid,
    /// CSV with a quizzes or puzzle column, and optionally solutions
    Csv,
    /// JSON documents, one per puzzle, with grid, variant, regions, cages
    Json,
}

same_choices!(InputFormat => sudoku_format::Format { Auto, Compact, Numbers, Grid, Csv, Json });

/// How answers are printed (`--format`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// One line per puzzle
    #[default]
    Text,
    /// Solutions drawn as grids, each record followed by a blank line
    Grid,
    /// JSON Lines: one object per puzzle
    Json,
}

same_choices!(OutputFormat => sudoku_batch::OutputFormat { Text, Grid, Json });

/// What is asked of every puzzle (the library's task).
pub(crate) use sudoku_solve::Task as Mode;

/// How to read puzzles: `format`, the box `shape` and the `alphabet` when
/// given, with the library's limit on a puzzle's size.
pub(crate) fn read_options(
    format: InputFormat,
    shape: Option<Shape>,
    alphabet: Option<&Alphabet>,
) -> ReadOptions {
    ReadOptions {
        format: format.into(),
        shape,
        alphabet: alphabet.cloned().unwrap_or_default(),
        max_puzzle_bytes: DEFAULT_MAX_PUZZLE_BYTES,
    }
}

/// Parses `--box`, refusing up front a shape whose matrix would not fit in
/// the memory budget.
pub(crate) fn parse_box(text: &str) -> Result<Shape, String> {
    let shape: Shape = text
        .parse()
        .map_err(|e: sudoku::ShapeError| e.to_string())?;
    shape
        .check_budget(DEFAULT_MEMORY_BUDGET)
        .map_err(|e| e.to_string())?;
    Ok(shape)
}

/// Parses `--alphabet`: the symbols in value order, `.` as the blank.
pub(crate) fn parse_alphabet(text: &str) -> Result<Alphabet, String> {
    Alphabet::custom(text, '.').map_err(|e| e.to_string())
}

/// Runs the command and returns its exit status, having reported any error
/// on stderr.
pub fn run(args: &Args) -> ExitCode {
    crate::exit::finish(run_command(args))
}

fn run_command(args: &Args) -> Result<Exit, Failure> {
    let (mode, common) = match &args.command {
        Command::Count(count) if count.cubes.is_some() => return cubes::count(count),
        Command::Split(split) => return cubes::split(split),
        Command::Merge(merge) => return crate::cubes::run_merge(merge),
        Command::Solve(s) if s.steps => return logic::run_steps(&s.common, s.techniques),
        Command::Solve(s) => (Mode::Solve, &s.common),
        Command::Hint(h) => return logic::run_hint(h),
        Command::Count(count) => (
            Mode::Count {
                limit: count.limit.map(u128::from),
            },
            &count.common,
        ),
        Command::Check(common) => (Mode::Check, common),
        Command::Candidates(c) if c.unique_makers => (Mode::UniqueMakers, &c.common),
        Command::Candidates(c) if c.pencil_marks => return logic::run_pencil_marks(&c.common),
        Command::Candidates(c) => (Mode::Candidates, &c.common),
        Command::Minimize(m) => (
            Mode::Minimize {
                seed: m.seed,
                symmetry: m.symmetry,
            },
            &m.common,
        ),
        Command::Rate(r) => {
            if r.seeds.is_some() && !r.common.quiet {
                crate::output::eprint_line(
                    "note: --seeds is ignored: the search effort does not depend on the tie-break order",
                );
            }
            match r.scale {
                Scale::Se => (Mode::RateLogic, &r.common),
                Scale::Search if r.common.engine != EngineArg::Auto => {
                    return Err(Failure::bad_input(
                        "rate --scale search measures the plain exact-cover search; --engine does not apply",
                    ))
                }
                Scale::Search => (Mode::Rate { seeds: 1 }, &r.common),
            }
        }
        Command::Bench(bench) => return bench::run(bench),
        Command::Generate(g) => return generate::run(g),
        Command::Serve(s) => return serve::run(s),
        Command::Completions(shell) => {
            return crate::docs::completions(<Args as clap::CommandFactory>::command(), shell)
        }
        Command::Man(page) => {
            return crate::docs::man(<Args as clap::CommandFactory>::command(), page)
        }
    };
    if doppelganger::named(common)? {
        return doppelganger::run(mode, common);
    }
    batch::run(mode, common)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory as _;

    #[test]
    fn command_line_is_consistent() {
        Args::command().debug_assert();
    }

    #[test]
    fn completions_and_man_pages_name_every_subcommand() {
        let subcommands = [
            "solve", "count", "check", "generate", "minimize", "rate", "hint", "split",
        ];
        crate::docs::check_generated(Args::command(), &subcommands);
    }

    #[test]
    fn box_shapes() {
        assert_eq!(parse_box("3"), Ok(Shape::square(3).unwrap()));
        assert_eq!(parse_box("2x3"), Ok(Shape::new(2, 3).unwrap()));
        assert!(parse_box("three")
            .unwrap_err()
            .contains("invalid box shape"));
        let too_large = parse_box("20").unwrap_err();
        assert!(too_large.contains("budget"), "{too_large}");
    }

    #[test]
    fn alphabets() {
        assert!(parse_alphabet("0123456789ABCDEF").is_ok());
        assert!(parse_alphabet("12.").unwrap_err().contains("blank"));
    }
}
