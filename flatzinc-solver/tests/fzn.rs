//! The fzn-dancing-links binary on FlatZinc text: the output protocol, the
//! flags, located errors; and random models checked against a brute-force
//! enumerator written here.

use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use assert_cmd::Command;

// The ready signal before SIGINT, shared with the command's tests.
#[cfg(unix)]
#[path = "../../cli/tests/common/signals.rs"]
mod signals;
#[cfg(unix)]
use signals::wait_until_it_catches_sigint;

fn fzn(text: &str, flags: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("fzn-dancing-links")
        .unwrap()
        .args(flags)
        .arg("-")
        .write_stdin(text)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// x < y over 1..3 (3 solutions), with a bool and arrays to print.
const SMALL: &str = "\
array [1..2] of int: ones = [1, 1];
var 1..3: x :: output_var;
var 1..3: y;
var bool: b :: output_var;
array [1..2] of var int: xy :: output_array([1..2]) = [x, y];
array [1..4] of var int: grid :: output_array([1..2, 1..2]) = [x, y, y, x];
constraint int_lt(x, y);
constraint int_lin_le_reif(ones, [x, y], 3, b);
solve satisfy;
";

#[test]
fn all_solutions_then_the_completion_line() {
    let (code, out, err) = fzn(SMALL, &["-a"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.matches("----------\n").count(), 3, "{out}");
    assert!(out.ends_with("----------\n==========\n"), "{out}");
    // x + y <= 3 only for (1, 2): b is true exactly there.
    assert!(out.contains(
        "x = 1;\nb = true;\nxy = array1d(1..2, [1, 2]);\ngrid = array2d(1..2, 1..2, [1, 2, 2, 1]);\n----------\n"
    ), "{out}");
    assert!(
        out.contains("x = 2;\nb = false;\nxy = array1d(1..2, [2, 3]);\n"),
        "{out}"
    );
}

#[test]
fn one_solution_by_default_and_n_solutions_with_n() {
    let (_, out, _) = fzn(SMALL, &[]);
    assert_eq!(out.matches("----------\n").count(), 1, "{out}");
    assert!(!out.contains("=========="), "{out}");
    let (_, out, _) = fzn(SMALL, &["-n", "2"]);
    assert_eq!(out.matches("----------\n").count(), 2, "{out}");
    assert!(!out.contains("=========="), "{out}");
    // More asked than there are: the search completes.
    let (_, out, _) = fzn(SMALL, &["-n", "5"]);
    assert_eq!(out.matches("----------\n").count(), 3, "{out}");
    assert!(out.ends_with("==========\n"), "{out}");
}

#[test]
fn unsatisfiable() {
    let text = "var 1..3: x;\nvar 1..3: y;\nconstraint int_lt(x, y);\nconstraint int_lt(y, x);\nsolve satisfy;\n";
    let (code, out, _) = fzn(text, &["-a"]);
    assert_eq!(code, 0);
    assert_eq!(out, "=====UNSATISFIABLE=====\n");
    // False on constants: found while translating.
    let (_, out, _) = fzn(
        "var 1..3: x;\nconstraint int_le(3, 2);\nsolve satisfy;\n",
        &[],
    );
    assert_eq!(out, "=====UNSATISFIABLE=====\n");
}

#[test]
fn statistics() {
    let (_, out, _) = fzn(SMALL, &["-a", "-s"]);
    let stats: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("%%%mzn-stat"))
        .collect();
    assert!(stats.contains(&"%%%mzn-stat: solutions=3"), "{out}");
    assert!(
        stats.iter().any(|l| l.starts_with("%%%mzn-stat: nodes=")),
        "{out}"
    );
    assert!(
        stats
            .iter()
            .any(|l| l.starts_with("%%%mzn-stat: solveTime=")),
        "{out}"
    );
    assert_eq!(stats.last(), Some(&"%%%mzn-stat-end"), "{out}");
    assert!(out.ends_with("%%%mzn-stat-end\n"), "{out}");
}

/// 13 pigeons, 12 holes, as pure exact cover (Dancing Links takes it and
/// needs far more than a second to refute it).
fn pigeonhole() -> String {
    let mut text = String::new();
    for p in 1..=13 {
        text.push_str(&format!("var 1..12: p{p} :: output_var;\n"));
    }
    let all: Vec<String> = (1..=13).map(|p| format!("p{p}")).collect();
    text.push_str(&format!(
        "constraint fzn_all_different_int([{}]);\nsolve satisfy;\n",
        all.join(", ")
    ));
    text
}

#[test]
fn a_time_limit_with_nothing_found_is_unknown() {
    for text in [pigeonhole(), pigeonhole_pairwise()] {
        let started = std::time::Instant::now();
        let (code, out, err) = fzn(&text, &["-t", "300", "-s"]);
        assert_eq!(code, 0, "{err}");
        assert!(out.starts_with("=====UNKNOWN=====\n"), "{out}");
        assert!(started.elapsed().as_secs() < 20);
    }
}

#[test]
fn optimisation_prints_each_better_solution_then_the_end() {
    // Maximise x + 2y with x != y over 1..4: the best is x = 3, y = 4 (11).
    let text = "array [1..2] of int: c = [1, 2];\nvar 1..4: x :: output_var;\nvar 1..4: y :: output_var;\n\
                var 0..20: obj :: output_var;\nconstraint int_ne(x, y);\n\
                constraint int_lin_eq([1, 2, -1], [x, y, obj], 0);\nsolve maximize obj;\n";
    let (code, out, err) = fzn(text, &[]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.ends_with("x = 3;\ny = 4;\nobj = 11;\n----------\n==========\n"),
        "{out}"
    );
    let objectives: Vec<i64> = out
        .lines()
        .filter_map(|l| l.strip_prefix("obj = "))
        .map(|v| v.trim_end_matches(';').parse().unwrap())
        .collect();
    assert!(objectives.windows(2).all(|w| w[0] < w[1]), "{objectives:?}");
}

#[test]
fn parallel_enumeration_finds_the_same_solutions() {
    let mut text = String::new();
    for k in 1..=5 {
        text.push_str(&format!("var 1..5: q{k} :: output_var;\n"));
    }
    let qs: Vec<String> = (1..=5).map(|k| format!("q{k}")).collect();
    text.push_str(&format!(
        "constraint fzn_all_different_int([{}]);\n",
        qs.join(", ")
    ));
    text.push_str("constraint int_lin_ne([1, -1], [q1, q2], 1);\nsolve satisfy;\n");
    let blocks = |out: &str| -> BTreeSet<String> {
        out.split("----------\n")
            .filter(|b| b.starts_with('q'))
            .map(str::to_string)
            .collect()
    };
    let (_, one, _) = fzn(&text, &["-a"]);
    let (_, two, _) = fzn(&text, &["-a", "-p", "2"]);
    assert_eq!(
        one.matches("----------").count(),
        two.matches("----------").count()
    );
    assert!(two.ends_with("==========\n"), "{two}");
    assert_eq!(blocks(&one), blocks(&two));
    // 120 permutations less those with q1 = q2 + 1 (4 * 6 = 24).
    assert_eq!(blocks(&one).len(), 96);
    let (_, some, _) = fzn(&text, &["-n", "7", "-p", "2"]);
    assert_eq!(some.matches("----------").count(), 7, "{some}");
    assert!(!some.contains("=========="));
    let (_, seeded, _) = fzn(&text, &["-a", "-r", "7", "-f"]);
    assert_eq!(blocks(&seeded), blocks(&one));
}

#[test]
fn bad_flatzinc_is_a_located_error_and_status_1() {
    let (code, out, err) = fzn(
        "var 1..3: x;\nconstraint int_le(x 3);\nsolve satisfy;\n",
        &[],
    );
    assert_eq!(code, 1);
    assert_eq!(out, "");
    assert!(
        err.contains("line 2, column 21: expected `)`, found `3`"),
        "{err}"
    );
    let (code, _, err) = fzn("var 1..3: x;\nvar float: f;\nsolve satisfy;\n", &[]);
    assert_eq!(code, 1);
    assert!(
        err.contains("line 2, column 1: the float variable `f` is not supported by dancing-links"),
        "{err}"
    );
    let (code, _, err) = fzn(
        "var 1..3: x;\nconstraint float_lin_le([1.0], [x], 2.0);\nsolve satisfy;\n",
        &[],
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("the float constraint `float_lin_le` is not supported"),
        "{err}"
    );
    let (code, _, err) = fzn("var set of 1..3: s;\nsolve satisfy;\n", &[]);
    assert_eq!(code, 1);
    assert!(
        err.contains("the set variable `s` is not supported"),
        "{err}"
    );
    let (code, _, err) = fzn("", &[]);
    assert_eq!(code, 1);
    assert!(
        err.contains("line 1, column 1: expected a solve item"),
        "{err}"
    );
    let out = Command::cargo_bin("fzn-dancing-links")
        .unwrap()
        .arg("/nonexistent/model.fzn")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read /nonexistent/model.fzn"));
}

/// A small deterministic generator (no dependency needed).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
}

#[derive(Debug)]
enum Random {
    Table(Vec<usize>, Vec<Vec<i64>>),
    Linear(Vec<(i64, usize)>, &'static str, i64),
    /// b <-> linear; b is the variable at the index.
    Reif(Vec<(i64, usize)>, &'static str, i64, usize),
    AllDifferent(Vec<usize>),
}

fn holds(terms: &[(i64, usize)], rel: &str, rhs: i64, x: &[i64]) -> bool {
    let sum: i64 = terms.iter().map(|&(c, v)| c * x[v]).sum();
    match rel {
        "eq" => sum == rhs,
        "ne" => sum != rhs,
        _ => sum <= rhs,
    }
}

fn random_model(rng: &mut Lcg) -> (String, Vec<(i64, i64)>, Vec<Random>) {
    let n = rng.range(2, 4) as usize;
    let mut doms = Vec::new();
    let mut text = String::new();
    for k in 0..n {
        let lo = rng.range(-2, 2);
        let hi = lo + rng.range(1, 3);
        doms.push((lo, hi));
        text.push_str(&format!("var {lo}..{hi}: x{k} :: output_var;\n"));
    }
    // One bool for reifications, the last variable.
    doms.push((0, 1));
    text.push_str(&format!("var bool: x{n} :: output_var;\n"));
    let mut cons = Vec::new();
    for _ in 0..rng.range(1, 3) {
        match rng.range(0, 3) {
            0 => {
                let arity = rng.range(1, n as i64) as usize;
                let mut vars: Vec<usize> = (0..n).collect();
                for i in 0..arity {
                    let j = rng.range(i as i64, n as i64 - 1) as usize;
                    vars.swap(i, j);
                }
                vars.truncate(arity);
                let tuples: Vec<Vec<i64>> = (0..rng.range(0, 8))
                    .map(|_| {
                        vars.iter()
                            .map(|&v| rng.range(doms[v].0 - 1, doms[v].1))
                            .collect()
                    })
                    .collect();
                let names: Vec<String> = vars.iter().map(|v| format!("x{v}")).collect();
                let flat: Vec<String> = tuples.iter().flatten().map(i64::to_string).collect();
                text.push_str(&format!(
                    "constraint fzn_table_int([{}], [{}]);\n",
                    names.join(", "),
                    flat.join(", ")
                ));
                cons.push(Random::Table(vars, tuples));
            }
            k => {
                let terms: Vec<(i64, usize)> = (0..rng.range(1, n as i64))
                    .map(|_| (rng.range(-3, 3), rng.range(0, n as i64 - 1) as usize))
                    .collect();
                let rel = ["eq", "ne", "le"][rng.range(0, 2) as usize];
                let rhs = rng.range(-4, 4);
                let cs: Vec<String> = terms.iter().map(|t| t.0.to_string()).collect();
                let xs: Vec<String> = terms.iter().map(|t| format!("x{}", t.1)).collect();
                if k == 3 && rng.range(0, 1) == 0 {
                    let vars: Vec<usize> = (0..n).filter(|_| rng.range(0, 1) == 1).collect();
                    let names: Vec<String> = vars.iter().map(|v| format!("x{v}")).collect();
                    text.push_str(&format!(
                        "constraint fzn_all_different_int([{}]);\n",
                        names.join(", ")
                    ));
                    cons.push(Random::AllDifferent(vars));
                } else if k == 2 {
                    text.push_str(&format!(
                        "constraint int_lin_{rel}_reif([{}], [{}], {rhs}, x{n});\n",
                        cs.join(", "),
                        xs.join(", ")
                    ));
                    cons.push(Random::Reif(terms, rel, rhs, n));
                } else {
                    text.push_str(&format!(
                        "constraint int_lin_{rel}([{}], [{}], {rhs});\n",
                        cs.join(", "),
                        xs.join(", ")
                    ));
                    cons.push(Random::Linear(terms, rel, rhs));
                }
            }
        }
    }
    (text, doms, cons)
}

fn brute_force(doms: &[(i64, i64)], cons: &[Random]) -> Vec<Vec<i64>> {
    let mut all = Vec::new();
    let mut x: Vec<i64> = doms.iter().map(|d| d.0).collect();
    loop {
        let ok = cons.iter().all(|c| match c {
            Random::Table(vars, tuples) => tuples
                .iter()
                .any(|t| vars.iter().zip(t).all(|(&v, &val)| x[v] == val)),
            Random::Linear(terms, rel, rhs) => holds(terms, rel, *rhs, &x),
            Random::Reif(terms, rel, rhs, b) => (x[*b] == 1) == holds(terms, rel, *rhs, &x),
            Random::AllDifferent(vars) => {
                let set: BTreeSet<i64> = vars.iter().map(|&v| x[v]).collect();
                set.len() == vars.len()
            }
        });
        if ok {
            all.push(x.clone());
        }
        let mut k = 0;
        loop {
            if k == x.len() {
                return all;
            }
            if x[k] < doms[k].1 {
                x[k] += 1;
                break;
            }
            x[k] = doms[k].0;
            k += 1;
        }
    }
}

fn parse_solutions(out: &str, n: usize) -> Vec<Vec<i64>> {
    out.split("----------\n")
        .filter(|b| b.starts_with('x'))
        .map(|b| {
            let mut x = vec![0; n];
            for line in b.lines() {
                let (name, value) = line.split_once(" = ").unwrap();
                let k: usize = name[1..].parse().unwrap();
                let value = value.trim_end_matches(';');
                x[k] = match value {
                    "true" => 1,
                    "false" => 0,
                    v => v.parse().unwrap(),
                };
            }
            x
        })
        .collect()
}

#[test]
fn random_models_match_a_brute_force_enumerator() {
    let mut rng = Lcg(2026);
    for round in 0..300 {
        let (text, doms, cons) = random_model(&mut rng);
        let mut expected = brute_force(&doms, &cons);
        let t = flatzinc::translate::translate_text(&format!("{text}solve satisfy;\n"))
            .unwrap_or_else(|e| panic!("round {round}: {e}\n{text}"));
        let options = flatzinc::run::Options {
            all: true,
            ..Default::default()
        };
        let mut out = Vec::new();
        flatzinc::run::run(&t, &options, Arc::new(AtomicBool::new(false)), &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        let mut got = parse_solutions(&out, doms.len());
        got.sort();
        expected.sort();
        assert_eq!(got, expected, "round {round}:\n{text}\n{out}");
        if expected.is_empty() {
            assert_eq!(out, "=====UNSATISFIABLE=====\n", "round {round}");
        } else {
            assert!(out.ends_with("==========\n"), "round {round}");
        }
        // Minimise the first variable: the least value among the solutions.
        let t =
            flatzinc::translate::translate_text(&format!("{text}solve minimize x0;\n")).unwrap();
        let mut out = Vec::new();
        flatzinc::run::run(
            &t,
            &Default::default(),
            Arc::new(AtomicBool::new(false)),
            &mut out,
        )
        .unwrap();
        let out = String::from_utf8(out).unwrap();
        match expected.iter().map(|x| x[0]).min() {
            None => assert_eq!(out, "=====UNSATISFIABLE=====\n", "round {round}"),
            Some(best) => {
                let got = parse_solutions(&out, doms.len());
                assert_eq!(
                    got.last().map(|x| x[0]),
                    Some(best),
                    "round {round}:\n{text}\n{out}"
                );
                assert!(expected.contains(got.last().unwrap()), "round {round}");
                assert!(out.ends_with("==========\n"), "round {round}");
            }
        }
    }
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_the_search_cleanly() {
    use std::process::{Command as Std, Stdio};
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("pigeonhole.fzn");
    std::fs::write(&path, pigeonhole()).unwrap();
    let child = Std::new(env!("CARGO_BIN_EXE_fzn-dancing-links"))
        .arg("-s")
        .arg(&path)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The ready signal: its Ctrl-C handler is set (a SIGINT before that
    // would end it as a signal does); the search runs for far longer.
    wait_until_it_catches_sigint(child.id());
    let status = Std::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.starts_with("=====UNKNOWN=====\n"), "{stdout}");
    assert!(stdout.ends_with("%%%mzn-stat-end\n"), "{stdout}");
}

/// 13 pigeons, 12 holes with pairwise `int_ne` (the propagation engine: no
/// all-different reasoning, so it needs far more than a second too).
fn pigeonhole_pairwise() -> String {
    let mut text = String::new();
    for p in 1..=13 {
        text.push_str(&format!("var 1..12: p{p} :: output_var;\n"));
    }
    for p in 1..=13 {
        for q in p + 1..=13 {
            text.push_str(&format!("constraint int_ne(p{p}, p{q});\n"));
        }
    }
    text.push_str("solve satisfy;\n");
    text
}

// ---------------------------------------------------------------------
// Issue 32: wide (interval) domains and the i64 limits.

/// Runs `text` in process with every solution; the output.
fn run_all(text: &str) -> String {
    let t = flatzinc::translate::translate_text(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let options = flatzinc::run::Options {
        all: true,
        ..Default::default()
    };
    let mut out = Vec::new();
    flatzinc::run::run(&t, &options, Arc::new(AtomicBool::new(false)), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn all_different_and_table_over_an_interval() {
    // x0 holds 6001 values (an interval): 6001 * 2 - 2 pairs differ.
    let out = run_all(
        "var 0..6000: x0 :: output_var;\nvar 1..2: x1 :: output_var;\n\
         constraint fzn_all_different_int([x0, x1]);\nsolve satisfy;\n",
    );
    assert_eq!(out.matches("----------\n").count(), 12_000);
    assert!(!out.contains("x0 = 1;\nx1 = 1;"), "x0 = x1 = 1 printed");
    // A table over an interval keeps its tuples (it said UNSATISFIABLE).
    let out = run_all(
        "var 1..5000: x0 :: output_var;\nconstraint fzn_table_int([x0], [1, 3]);\nsolve satisfy;\n",
    );
    assert_eq!(
        out,
        "x0 = 1;\n----------\nx0 = 3;\n----------\n==========\n"
    );
}

#[test]
fn sums_and_quotients_at_the_i64_limits() {
    // x + y = 2^62 + 1 over [-2^62, 2^62]: the first solution adds up.
    let b = 1i128 << 62;
    let (_, out, err) = fzn(
        &format!(
            "var {}..{b}: x0 :: output_var;\nvar {}..{b}: x1 :: output_var;\n\
             constraint int_lin_eq([1, 1], [x0, x1], {});\nsolve satisfy;\n",
            -b,
            -b,
            b + 1
        ),
        &[],
    );
    let got = parse_solutions(&out, 2);
    assert_eq!(got.len(), 1, "{out}{err}");
    assert_eq!(got[0][0] as i128 + got[0][1] as i128, b + 1);
    // Over every i64 (no domain): x + y = 1 and x = y has no solution.
    let out = run_all(
        "var int: x0 :: output_var;\nvar int: x1 :: output_var;\n\
         constraint int_lin_eq([1, 1], [x0, x1], 1);\nconstraint int_eq(x0, x1);\nsolve satisfy;\n",
    );
    assert_eq!(out, "=====UNSATISFIABLE=====\n");
    // i64::MIN div -1 = 2^63 is no i64.
    let out = run_all(&format!(
        "var int: x0 :: output_var;\nconstraint int_div({}, -1, x0);\nsolve satisfy;\n",
        i64::MIN
    ));
    assert_eq!(out, "=====UNSATISFIABLE=====\n");
}

#[test]
fn var_int_without_a_domain_is_not_cut_to_32_bits() {
    // It said UNSATISFIABLE: x was clamped to +-2^31.
    let (code, out, err) = fzn(
        "var int: x0 :: output_var;\nconstraint int_gt(x0, 3000000000);\nsolve minimize x0;\n",
        &[],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "x0 = 3000000001;\n----------\n==========\n");
}

#[test]
fn mod_and_maximize_over_a_billion_values_end_quickly() {
    // 1000 solutions: x = 999999 + 10^6 k. A time limit makes a hang fail
    // (it found 86 of them in 20 s).
    let (_, out, err) = fzn(
        "var 1..1000000000: x0 :: output_var;\nconstraint int_mod(x0, 1000000, 999999);\nsolve satisfy;\n",
        &["-a", "-t", "20000"],
    );
    assert_eq!(out.matches("----------\n").count(), 1000, "{err}");
    assert!(out.contains("x0 = 999999999;\n"), "{out}");
    assert!(out.contains("==========\n"), "{out}");
    // Maximize climbs no more: the best at once, proved.
    let (_, out, err) = fzn(
        "var 0..1000000000: x0 :: output_var;\nsolve maximize x0;\n",
        &["-t", "20000"],
    );
    assert_eq!(out, "x0 = 1000000000;\n----------\n==========\n", "{err}");
}

/// The i64 limits and the centres near which windows lie.
const CENTRES: [i128; 7] = [
    0,
    1 << 31,
    -(1 << 31),
    1 << 62,
    -(1 << 62),
    i64::MAX as i128,
    i64::MIN as i128,
];

/// One random constraint of the wide models, by its definition.
#[derive(Debug)]
enum Wide {
    Lin(Vec<(i64, usize)>, &'static str, i64),
    Times(usize, usize, usize),
    Div(usize, usize, usize),
    Mod(usize, usize, usize),
    Abs(usize, usize),
    Plus(usize, usize, usize),
    AllDifferent(usize, usize),
    Table(usize, Vec<i64>),
}

fn wide_holds(c: &Wide, x: &[i128]) -> bool {
    match c {
        Wide::Lin(terms, rel, rhs) => {
            let sum: i128 = terms.iter().map(|&(c, v)| c as i128 * x[v]).sum();
            match *rel {
                "eq" => sum == *rhs as i128,
                "ne" => sum != *rhs as i128,
                _ => sum <= *rhs as i128,
            }
        }
        Wide::Times(a, b, z) => x[*a] * x[*b] == x[*z],
        Wide::Div(a, b, z) => x[*b] != 0 && x[*a] / x[*b] == x[*z],
        Wide::Mod(a, b, z) => x[*b] != 0 && x[*a] % x[*b] == x[*z],
        Wide::Abs(a, z) => x[*a].abs() == x[*z],
        Wide::Plus(a, b, z) => x[*a] + x[*b] == x[*z],
        Wide::AllDifferent(a, b) => x[*a] != x[*b],
        Wide::Table(a, values) => values.iter().any(|&v| v as i128 == x[*a]),
    }
}

/// Declares a variable wide (`var int`, a range of over 4,096 values) or
/// narrow, cut to a window of 1 to 3 values near `centre`; its number.
fn declare(rng: &mut Lcg, text: &mut String, doms: &mut Vec<(i128, i128)>, centre: i128) -> usize {
    let k = doms.len();
    let w = rng.range(0, 2) as i128;
    let lo = (centre + rng.range(-2, 2) as i128).clamp(i64::MIN as i128, i64::MAX as i128 - w);
    let hi = lo + w;
    doms.push((lo, hi));
    match rng.range(0, 2) {
        0 => text.push_str(&format!("var int: x{k} :: output_var;\n")),
        1 => text.push_str(&format!(
            "var {}..{}: x{k} :: output_var;\n",
            (lo - 5000).max(i64::MIN as i128),
            (hi + 5000).min(i64::MAX as i128)
        )),
        _ => text.push_str(&format!("var {lo}..{hi}: x{k} :: output_var;\n")),
    }
    text.push_str(&format!("constraint int_le({lo}, x{k});\n"));
    text.push_str(&format!("constraint int_le(x{k}, {hi});\n"));
    k
}

/// FlatZinc models whose variables are declared wide (`var int`, or a
/// range of over 4,096 values) and cut to windows of 1 to 3 values near 0,
/// +-2^31, +-2^62 and the i64 limits, against a brute force in i128.
#[test]
fn wide_models_at_the_limits_match_a_brute_force() {
    let mut rng = Lcg(32);
    for round in 0..250 {
        let mut text = String::new();
        let mut doms: Vec<(i128, i128)> = Vec::new();
        let centre = |rng: &mut Lcg| CENTRES[rng.range(0, CENTRES.len() as i64 - 1) as usize];
        for _ in 0..2 {
            let c = centre(&mut rng);
            declare(&mut rng, &mut text, &mut doms, c);
        }
        let mut cons = Vec::new();
        for _ in 0..rng.range(1, 2) {
            let (a, b) = (rng.range(0, 1) as usize, rng.range(0, 1) as usize);
            // A result near a random operation of the windows' lows, or
            // near a random centre.
            let (la, lb) = (doms[a].0, doms[b].0);
            let near = |rng: &mut Lcg, v: Option<i128>| match v {
                Some(v) if i64::try_from(v).is_ok() && rng.range(0, 3) != 0 => v,
                _ => centre(rng),
            };
            let c = match rng.range(0, 7) {
                0 => {
                    let terms = vec![(rng.range(-2, 2), a), (rng.range(-2, 2), b)];
                    let rel = ["eq", "ne", "le"][rng.range(0, 2) as usize];
                    let sum: i128 = terms.iter().map(|&(c, v)| c as i128 * doms[v].0).sum();
                    let rhs = (sum + rng.range(-1, 1) as i128)
                        .clamp(i64::MIN as i128, i64::MAX as i128)
                        as i64;
                    let cs: Vec<String> = terms.iter().map(|t| t.0.to_string()).collect();
                    text.push_str(&format!(
                        "constraint int_lin_{rel}([{}], [x{}, x{}], {rhs});\n",
                        cs.join(", "),
                        terms[0].1,
                        terms[1].1
                    ));
                    Wide::Lin(terms, rel, rhs)
                }
                1 => {
                    let v = near(&mut rng, Some(la * lb));
                    let z = declare(&mut rng, &mut text, &mut doms, v);
                    text.push_str(&format!("constraint int_times(x{a}, x{b}, x{z});\n"));
                    Wide::Times(a, b, z)
                }
                2 => {
                    let v = near(&mut rng, (lb != 0).then(|| la / lb));
                    let z = declare(&mut rng, &mut text, &mut doms, v);
                    text.push_str(&format!("constraint int_div(x{a}, x{b}, x{z});\n"));
                    Wide::Div(a, b, z)
                }
                3 => {
                    let v = near(&mut rng, (lb != 0).then(|| la % lb));
                    let z = declare(&mut rng, &mut text, &mut doms, v);
                    text.push_str(&format!("constraint int_mod(x{a}, x{b}, x{z});\n"));
                    Wide::Mod(a, b, z)
                }
                4 => {
                    let v = near(&mut rng, Some(la.abs()));
                    let z = declare(&mut rng, &mut text, &mut doms, v);
                    text.push_str(&format!("constraint int_abs(x{a}, x{z});\n"));
                    Wide::Abs(a, z)
                }
                5 => {
                    let v = near(&mut rng, Some(la + lb));
                    let z = declare(&mut rng, &mut text, &mut doms, v);
                    text.push_str(&format!("constraint int_plus(x{a}, x{b}, x{z});\n"));
                    Wide::Plus(a, b, z)
                }
                6 if a != b => {
                    text.push_str(&format!(
                        "constraint fzn_all_different_int([x{a}, x{b}]);\n"
                    ));
                    Wide::AllDifferent(a, b)
                }
                _ => {
                    let values: Vec<i64> = (0..rng.range(1, 3))
                        .map(|_| (doms[a].0 + rng.range(0, 3) as i128).min(i64::MAX as i128) as i64)
                        .collect();
                    let vs: Vec<String> = values.iter().map(i64::to_string).collect();
                    text.push_str(&format!(
                        "constraint fzn_table_int([x{a}], [{}]);\n",
                        vs.join(", ")
                    ));
                    Wide::Table(a, values)
                }
            };
            cons.push(c);
        }
        // Brute force over the windows.
        let mut expected: Vec<Vec<i64>> = Vec::new();
        let mut x: Vec<i128> = doms.iter().map(|d| d.0).collect();
        'all: loop {
            if cons.iter().all(|c| wide_holds(c, &x)) {
                expected.push(x.iter().map(|&v| v as i64).collect());
            }
            let mut k = 0;
            loop {
                if k == x.len() {
                    break 'all;
                }
                if x[k] < doms[k].1 {
                    x[k] += 1;
                    break;
                }
                x[k] = doms[k].0;
                k += 1;
            }
        }
        expected.sort();
        let out = run_all(&format!("{text}solve satisfy;\n"));
        let mut got = parse_solutions(&out, doms.len());
        got.sort();
        assert_eq!(got, expected, "round {round}:\n{text}\n{out}");
        if expected.is_empty() {
            assert_eq!(out, "=====UNSATISFIABLE=====\n", "round {round}");
        }
    }
}

/// A MiniZinc error named MiniZinc's temporary `.fzn`: with `--keep-paths`
/// (an `mzn_path` annotation on the item) it names the model's line, and
/// without it says how to get that.
#[test]
fn errors_name_the_minizinc_models_place() {
    let (code, _, err) = fzn(
        "var 1.0..3.0: f:: output_var:: mzn_path(\"/m/model.mzn|4|15|4|15|id|f;/m/model.mzn|4|1|4|15|vd;\");\nsolve satisfy;\n",
        &[],
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("/m/model.mzn, line 4, column 15: the float variable `f` is not supported"),
        "{err}"
    );
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("mznfileAbc123.fzn");
    std::fs::write(&path, "var set of 1..3: s;\nsolve satisfy;\n").unwrap();
    let out = Command::cargo_bin("fzn-dancing-links")
        .unwrap()
        .arg(&path)
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        err.contains("mznfileAbc123.fzn: line 1, column 1: the set variable"),
        "{err}"
    );
    assert!(err.contains("--keep-paths"), "{err}");
}
