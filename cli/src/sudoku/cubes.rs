//! `sudoku split` and `sudoku count --cubes`: the cubes of one puzzle under
//! its rules (classic or a variant), over the shared cube commands of
//! [`crate::cubes`].

use std::path::{Path, PathBuf};

use solver_core::cubes::{Fingerprint, SplitOptions};
use sudoku::{Alphabet, Shape};
use sudoku_format::ReadOptions;
use sudoku_solve::cubes::Cubes;
use sudoku_solve::Asked;

use super::variant::VariantArgs;
use super::{read_options, CountArgs, InputFormat};
use crate::cubes::{run_count, run_split, CountCube, CubeProblem, Made, SplitArgs};
use crate::exit::{Exit, Failure};

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

/// The one puzzle of `file` under its rules ([`Cubes::read`]).
fn read_problem(
    file: Option<&Path>,
    options: ReadOptions,
    variant: &VariantArgs,
) -> Result<Cubes, Failure> {
    let base = variant.load()?;
    let input = crate::read_input(file)?;
    Cubes::read(&input.name, input.bytes, options, &base)
        .map_err(|e| Failure::bad_input(e.to_string()))
}

/// A puzzle to split or whose cubes to count: by `engine`, on every thread
/// of the pool when `parallel`.
struct Puzzle {
    cubes: Cubes,
    engine: Asked,
    parallel: bool,
}

impl CubeProblem for Puzzle {
    fn fingerprint(&self) -> Fingerprint {
        self.cubes.fingerprint()
    }

    fn about(&self) -> String {
        self.cubes.about()
    }

    fn split(&self, options: &SplitOptions) -> Made {
        let (records, split) = self.cubes.split_within(options);
        Made {
            records,
            nodes: None,
            incomplete: split.incomplete,
        }
    }

    fn counter(&self) -> CountCube<'_> {
        Box::new(|record, limits| {
            self.cubes
                .count_record(record, self.engine, limits, self.parallel)
        })
    }
}

/// `sudoku split`.
pub fn split(args: &SudokuSplitArgs) -> Result<Exit, Failure> {
    run_split("sudoku", &args.split, || {
        let options = read_options(InputFormat::Auto, args.box_shape, args.alphabet.as_ref());
        Ok(Puzzle {
            cubes: read_problem(args.file.as_deref(), options, &args.variant)?,
            engine: Asked::Auto,
            parallel: false,
        })
    })
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
    let per_cube = (common.max_nodes, common.timeout);
    run_count(file, cubes_file, "puzzle", per_cube, || {
        let options = read_options(
            common.input_format,
            common.box_shape,
            common.alphabet.as_ref(),
        );
        let cubes = read_problem(file, options, &common.variant)?;
        Ok(Puzzle {
            cubes,
            engine: common.engine.into(),
            parallel: common.threads.init() > 1,
        })
    })
}
