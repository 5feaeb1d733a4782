//! `sudoku split` and `sudoku count --cubes`: the cubes of one puzzle under
//! its rules (classic or a variant), over the shared cube commands of
//! [`crate::cubes`].

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use solver_core::Limits;
use sudoku::cubes::Cubes;
use sudoku::{Alphabet, Grid, ReadOptions, Records, Shape, Variant, DEFAULT_MAX_PUZZLE_BYTES};

use crate::cubes::{count_cubes, write_split, SplitArgs};
use crate::exit::{Exit, Failure};
use crate::sudoku::{CountArgs, InputFormat, VariantArgs};

/// The arguments of `sudoku split`.
#[derive(Debug, clap::Args)]
pub struct SudokuSplitArgs {
    /// One puzzle (`-` or nothing: standard input), in any of the formats,
    /// a JSON document among them
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    /// Box shape: 3 for 3x3 boxes, 2x3 for boxes 2 rows high and 3 wide
    #[arg(long = "box", value_name = "SHAPE", value_parser = crate::sudoku::parse_box)]
    pub box_shape: Option<Shape>,

    /// The symbols of the values 1, 2, 3 ..., in order (`.` for an empty cell)
    #[arg(long, value_name = "SYMBOLS", value_parser = crate::sudoku::parse_alphabet)]
    pub alphabet: Option<Alphabet>,

    /// The Sudoku variant: the cubes split its completions, and are
    /// counted only under the same variant.
    #[command(flatten)]
    pub variant: VariantArgs,

    /// How to split.
    #[command(flatten)]
    pub split: SplitArgs,
}

/// Where the puzzle comes from and how to read it.
struct Source<'a> {
    file: Option<&'a Path>,
    shape: Option<Shape>,
    alphabet: Option<&'a Alphabet>,
    format: InputFormat,
    variant: &'a VariantArgs,
}

/// The one puzzle of the input, read like every other command reads
/// puzzles (any text format, or a JSON document with its own variant),
/// under its rules: the command line's variant, with a JSON document's
/// own names, regions and cages added.
fn read_problem(source: &Source<'_>) -> Result<Cubes, Failure> {
    let base = source.variant.load()?;
    let input = crate::read_input(source.file)?;
    let name = input.name;
    let text = String::from_utf8(input.bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        Failure::bad_input(format!("{name}: line {line}: not UTF-8 text: {e}"))
    })?;
    let mut options = ReadOptions {
        format: source.format.into(),
        shape: source.shape,
        alphabet: source.alphabet.cloned().unwrap_or_default(),
        max_puzzle_bytes: DEFAULT_MAX_PUZZLE_BYTES,
    };
    if let (None, Some(regions)) = (options.shape, &base.regions) {
        options.shape = Some(regions.shape());
    }
    let mut found: Option<(Grid, Variant, usize)> = None;
    for (count, record) in Records::new(text.as_bytes(), options).enumerate() {
        if count > 0 {
            return Err(Failure::bad_input(format!(
                "{name}: line {}: a second puzzle: split takes one puzzle (split each \
                 puzzle of a file on its own)",
                record.line
            )));
        }
        let puzzle = record
            .result
            .map_err(|e| Failure::bad_input(format!("{name}: {e}")))?;
        let variant = sudoku::effective_variant(&puzzle, &base).into_owned();
        found = Some((puzzle.grid, variant, record.line));
    }
    let Some((grid, variant, line)) = found else {
        return Err(Failure::bad_input(format!("{name}: no puzzle to split")));
    };
    let rules = variant
        .rules(grid.shape())
        .map_err(|e| Failure::bad_input(format!("{name}: line {line}: {e}")))?;
    Cubes::new(&grid, Arc::new(rules))
        .map_err(|e| Failure::bad_input(format!("{name}: line {line}: invalid puzzle: {e}")))
}

/// `sudoku split`.
pub fn split(args: &SudokuSplitArgs) -> Result<Exit, Failure> {
    let started = Instant::now();
    crate::cubes::stop_split_at_ctrl_c();
    let problem = read_problem(&Source {
        file: args.file.as_deref(),
        shape: args.box_shape,
        alphabet: args.alphabet.as_ref(),
        format: InputFormat::Auto,
        variant: &args.variant,
    })?;
    let (records, split) = problem.split_within(&args.split.options());
    write_split("sudoku", &records, None, split.incomplete, started)
}

/// `sudoku count --cubes CUBES FILE`.
pub fn count(args: &CountArgs) -> Result<Exit, Failure> {
    let Some(cubes_file) = args.cubes.as_deref() else {
        return Err(Failure::bad_input("count --cubes needs a file of cubes"));
    };
    let common = &args.common;
    let file = match common.files.as_slice() {
        [] => None,
        [one] => Some(one.as_path()),
        _ => {
            return Err(Failure::bad_input(
                "count --cubes takes one puzzle file (the puzzle that was split)",
            ))
        }
    };
    let stdin = |p: Option<&Path>| p.is_none_or(|p| p.as_os_str() == "-");
    if stdin(file) && stdin(Some(cubes_file)) {
        return Err(Failure::bad_input(
            "the puzzle and the cubes cannot both come from standard input: name the puzzle file",
        ));
    }
    let problem = read_problem(&Source {
        file,
        shape: common.box_shape,
        alphabet: common.alphabet.as_ref(),
        format: common.input_format,
        variant: &common.variant,
    })?;
    let parallel = common.threads.init() > 1;
    let engine = common.engine.into();
    let (max_nodes, timeout) = (common.max_nodes, common.timeout);
    let limits = || Limits {
        max_nodes,
        deadline: timeout.and_then(|t| Instant::now().checked_add(t)),
        ..Limits::none()
    };
    count_cubes(
        cubes_file,
        problem.fingerprint(),
        &problem.about(),
        limits,
        |record, limits| problem.count_record(record, engine, limits, parallel),
    )
}
