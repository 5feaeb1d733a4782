//! The variant options (`--variant`, `--regions`, `--cages`): the rules of
//! every puzzle of a run (a JSON document adds its own). Variant puzzles go
//! through the one batch pipeline ([`super::batch`]) and the library's one
//! answer path ([`sudoku_solve::answer`]).

use std::path::Path;

use sudoku::{parse_cages, Regions, Variant};
use sudoku_format::parse_cages_json;

use crate::exit::Failure;

/// The `--variant`, `--regions` and `--cages` options.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct VariantArgs {
    /// Sudoku variant: x, windoku (hyper), jigsaw, killer, joined with commas; or doppelganger (grids of 0..n)
    #[arg(
        long,
        value_name = "NAMES",
        long_help = include_str!("../../help/options/variant.txt")
    )]
    pub variant: Option<String>,

    /// Region map for jigsaw: a grid of symbols, one per cell, one per region
    #[arg(
        long,
        value_name = "FILE",
        long_help = include_str!("../../help/options/regions.txt")
    )]
    pub regions: Option<std::path::PathBuf>,

    /// Cages for killer: one per line, the sum then the cells (15 r1c1 r1c2)
    #[arg(
        long,
        value_name = "FILE",
        long_help = include_str!("../../help/options/cages.txt")
    )]
    pub cages: Option<std::path::PathBuf>,
}

impl VariantArgs {
    /// Whether any variant option was given.
    pub(crate) fn is_set(&self) -> bool {
        self.variant.is_some() || self.regions.is_some() || self.cages.is_some()
    }

    /// The variant the options describe; errors say which file and where.
    /// Doppelganger is refused by name: its grids (`0..=n`) are a kind of
    /// their own, which `solve`, `check`, `count` and `candidates` answer
    /// apart ([`super::doppelganger`]) and no command that loads a variant
    /// of the classic grid takes (`solve --steps`, `hint`, `candidates
    /// --pencil-marks`, `count --cubes`, `split`).
    pub(crate) fn load(&self) -> Result<Variant, Failure> {
        let doppelganger = self
            .variant
            .as_deref()
            .map(sudoku_solve::doppelganger::named);
        if let Some(named) = doppelganger {
            if named.map_err(|e| Failure::bad_input(format!("--variant {e}")))? {
                return Err(Failure::bad_input(DOPPELGANGER_ELSEWHERE));
            }
        }
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

/// Why a command that loads a variant of the classic grid refuses
/// doppelganger.
pub(crate) const DOPPELGANGER_ELSEWHERE: &str =
    "--variant doppelganger: this command takes grids of 1..n; doppelganger grids (0..n) are \
     solved, checked, counted and given their candidates by solve, check, count and candidates, \
     and made by generate (logical steps, hints, pencil marks, minimizing, rating and cubes are \
     not available for them)";

fn read_text(path: &Path) -> Result<String, Failure> {
    let input = crate::read_input(Some(path))?;
    String::from_utf8(input.bytes)
        .map_err(|e| Failure::bad_input(format!("{}: not UTF-8 text: {e}", input.name)))
}

fn is_json_path(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
}
