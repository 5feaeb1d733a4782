//! The models of tests/models/ run through MiniZinc with our solver
//! (fzn-dancing-links, this build) and with Gecode, compared: the number of
//! solutions with -a (and the solutions themselves where there are few),
//! the optimum, UNSAT. Counts known from mathematics are checked too.
//!
//! Needs `minizinc` and Gecode on PATH: `scripts/setup.sh` installs
//! Debian's minizinc package, which brings both.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The id our test configuration registers (not the installed one, so that
/// a user's own installation cannot shadow this build).
const OURS: &str = "org.exact-cover.dancing-links-test";
const GECODE: &str = "gecode";

fn models() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/models")
}

/// A directory holding a solver configuration for this build's binary.
fn solver_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let ok = Command::new("minizinc").arg("--version").output();
        let gecode = Command::new("fzn-gecode").arg("-help").output();
        if ok.is_err() || gecode.is_err() {
            panic!(
                "MiniZinc or Gecode is missing (minizinc, fzn-gecode): run scripts/setup.sh, \
                 which installs Debian's minizinc package (it brings Gecode)"
            );
        }
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("minizinc-solvers");
        std::fs::create_dir_all(&dir).unwrap();
        let msc = format!(
            r#"{{
  "id": "{OURS}",
  "name": "dancing-links (test build)",
  "version": "0.0.0",
  "mznlib": "{}",
  "executable": "{}",
  "tags": [],
  "stdFlags": ["-a", "-n", "-s", "-t", "-f", "-p", "-r"],
  "supportsMzn": false,
  "supportsFzn": true,
  "needsSolns2Out": true
}}"#,
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("mznlib")
                .display(),
            env!("CARGO_BIN_EXE_fzn-dancing-links"),
        );
        // Under nextest every test is a process of its own and writes this
        // file while another test's MiniZinc may be reading it: write a file
        // of this process's own, then rename it over the configuration (one
        // step), so that a reader sees one whole file, old or new.
        let own = dir.join(format!(".dancing-links-test.{}.tmp", std::process::id()));
        std::fs::write(&own, msc).unwrap();
        std::fs::rename(&own, dir.join("dancing-links-test.msc")).unwrap();
        dir
    })
}

/// What MiniZinc printed.
#[derive(Debug)]
struct Answer {
    /// Each solution's text (MiniZinc's output item: the same for both).
    solutions: Vec<String>,
    complete: bool,
    unsat: bool,
    /// The last `_objective` printed.
    objective: Option<i64>,
}

fn minizinc(solver: &str, model: &str, flags: &[&str]) -> Answer {
    let dir = solver_dir();
    let work = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let output = Command::new("minizinc")
        .env("MZN_SOLVER_PATH", dir)
        .current_dir(work)
        .args([
            "--solver",
            solver,
            "--time-limit",
            "120000",
            "--output-objective",
        ])
        .args(flags)
        .arg(models().join(model))
        .output()
        .expect("minizinc runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "{solver} on {model} failed ({}):\n{stderr}\n{stdout}",
        output.status
    );
    let mut answer = Answer {
        solutions: Vec::new(),
        complete: false,
        unsat: false,
        objective: None,
    };
    let mut block: Vec<&str> = Vec::new();
    for line in stdout.lines() {
        match line {
            "----------" => {
                answer.solutions.push(block.join("\n"));
                block.clear();
            }
            "==========" => answer.complete = true,
            "=====UNSATISFIABLE=====" => answer.unsat = true,
            "=====UNKNOWN=====" | "=====ERROR=====" => {
                panic!("{solver} on {model}: {line}\n{stderr}")
            }
            _ => {
                if let Some(v) = line.strip_prefix("_objective = ") {
                    answer.objective = Some(v.trim_end_matches(';').parse().unwrap());
                }
                block.push(line);
            }
        }
    }
    answer
}

/// Counts with -a on both solvers; the sets must agree where there are at
/// most 5,000 solutions (always, with these models).
fn same_solutions(model: &str, known: Option<usize>) {
    let ours = minizinc(OURS, model, &["-a"]);
    let gecode = minizinc(GECODE, model, &["-a"]);
    assert!(gecode.complete, "Gecode did not finish {model}");
    assert!(ours.complete, "we did not print ========== on {model}");
    assert_eq!(
        ours.solutions.len(),
        gecode.solutions.len(),
        "{model}: we found {} solutions, Gecode {}",
        ours.solutions.len(),
        gecode.solutions.len()
    );
    if let Some(known) = known {
        assert_eq!(ours.solutions.len(), known, "{model}: the known count");
    }
    let a: BTreeSet<&String> = ours.solutions.iter().collect();
    let b: BTreeSet<&String> = gecode.solutions.iter().collect();
    assert_eq!(
        a.len(),
        ours.solutions.len(),
        "{model}: we printed a solution twice"
    );
    assert_eq!(a, b, "{model}: the solutions differ");
}

fn unsatisfiable(model: &str) {
    for solver in [OURS, GECODE] {
        let answer = minizinc(solver, model, &[]);
        assert!(answer.unsat, "{solver} on {model}: {answer:?}");
        assert!(answer.solutions.is_empty());
    }
}

fn optimum(model: &str, known: Option<i64>) {
    let ours = minizinc(OURS, model, &[]);
    let gecode = minizinc(GECODE, model, &[]);
    assert!(
        gecode.complete && ours.complete,
        "{model}: {ours:?} {gecode:?}"
    );
    assert!(ours.objective.is_some(), "{model}: no objective printed");
    assert_eq!(
        ours.objective, gecode.objective,
        "{model}: the optima differ"
    );
    if let Some(known) = known {
        assert_eq!(ours.objective, Some(known), "{model}: the known optimum");
    }
}

macro_rules! count {
    ($name:ident, $model:literal, $known:expr) => {
        #[test]
        fn $name() {
            same_solutions($model, $known);
        }
    };
}

macro_rules! unsat {
    ($name:ident, $model:literal) => {
        #[test]
        fn $name() {
            unsatisfiable($model);
        }
    };
}

macro_rules! optimise {
    ($name:ident, $model:literal, $known:expr) => {
        #[test]
        fn $name() {
            optimum($model, $known);
        }
    };
}

// Counts from mathematics: OEIS A000170, A002860, A014552, the Lo Shu
// square's 8 symmetries, the Petersen graph's chromatic polynomial at 3.
count!(queens_8, "queens.mzn", Some(92));
count!(latin_squares_4, "latin_square.mzn", Some(576));
count!(magic_squares_3, "magic_square_3.mzn", Some(8));
count!(magic_squares_4_corner, "magic_square_4.mzn", None);
count!(langford_7, "langford.mzn", Some(52));
count!(send_more_money, "send_more_money.mzn", Some(1));
count!(zebra, "zebra.mzn", Some(1));
count!(sudoku, "sudoku.mzn", None);
count!(killer_sudoku, "killer_sudoku.mzn", None);
count!(thermo_sudoku, "thermo_sudoku.mzn", None);
count!(petersen_3_colourings, "colouring_petersen.mzn", Some(120));
count!(magic_sequence_7, "magic_sequence.mzn", Some(1));
count!(tables, "tables.mzn", None);
count!(elements, "elements.mzn", None);
count!(counting, "counting.mzn", None);
count!(cardinality, "cardinality.mzn", None);
count!(booleans, "booleans.mzn", None);
count!(reified, "reified.mzn", None);
count!(arithmetic, "arithmetic.mzn", None);
count!(set_in, "set_in.mzn", None);

unsat!(queens_3_unsat, "queens_unsat.mzn");
unsat!(pigeonhole_unsat, "pigeonhole_unsat.mzn");
unsat!(linear_unsat, "linear_unsat.mzn");
unsat!(optimise_unsat, "optimise_unsat.mzn");

// Golomb ruler with 6 marks: 17 (known since the 1960s); W7 needs 4 colours
// (an odd wheel).
optimise!(golomb_6, "golomb.mzn", Some(17));
optimise!(colouring_wheel_7, "colouring_min.mzn", Some(4));
optimise!(knapsack_01, "knapsack_01.mzn", None);
optimise!(knapsack_int, "knapsack_int.mzn", None);
optimise!(jobshop_3x3, "jobshop.mzn", None);
optimise!(latin_optimise, "latin_optimise.mzn", None);
optimise!(assignment, "assignment.mzn", None);

#[test]
fn every_model_is_tested() {
    let source = include_str!("minizinc.rs");
    for entry in std::fs::read_dir(models()).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".mzn") {
            assert!(
                source.contains(&format!("\"{name}\"")),
                "{name} has no test"
            );
        }
    }
}
