//! Cube and conquer through the commands: `split`, `count --cubes` and
//! `merge`, with GNU parallel and with the Slurm script (against a stand-in
//! `sbatch` that runs the array tasks here). Known counts come from
//! mathematics.

#[allow(dead_code)] // each test binary uses some of the helpers
mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::Duration;

use common::{code, json_lines, stderr, stdout};
use solver_core::problems;

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cubes-test-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn bin(name: &str) -> String {
    assert_cmd::cargo::cargo_bin(name).display().to_string()
}

fn run(name: &str, args: &[&str], input: &str) -> Output {
    common::run_with(name, args, input, Duration::from_secs(120))
}

/// Writes `text` to `dir/name` and returns the path as a string.
fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// Runs a shell pipeline with pipefail.
fn shell(script: &str) -> Output {
    std::process::Command::new("bash")
        .args(["-c", &format!("set -euo pipefail\n{script}")])
        .output()
        .expect("bash runs")
}

fn require_parallel() {
    let found = std::process::Command::new("bash")
        .args(["-c", "command -v parallel"])
        .output()
        .expect("bash runs");
    assert!(
        found.status.success(),
        "GNU parallel is missing: run `bash scripts/setup.sh` (the README's test command does)"
    );
}

#[test]
fn gnu_parallel_one_liner_counts_langford_pairs() {
    require_parallel();
    let dir = scratch("parallel-dlx");
    // Langford pairs of 11: 17,792 pairings (OEIS A014552), 35,584 with
    // their mirror images.
    let problem = write(&dir, "langford11.dlx", &problems::langford(11));
    let dlx = bin("dlx");
    let out = shell(&format!(
        "{dlx} split --cubes 40 {problem} \
         | parallel --pipe -N 4 {dlx} count -j 1 --cubes - {problem} \
         | {dlx} merge"
    ));
    assert!(out.status.success(), "stderr: {}", stderr(&out));
    assert_eq!(stdout(&out), "35584\n");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn gnu_parallel_counts_a_sudoku() {
    require_parallel();
    let dir = scratch("parallel-sudoku");
    // 28,200,960 6x6 grids with 2x3 boxes (OEIS A107739); relabelling the
    // values maps the grids with any first row onto those with 123456, so
    // 28,200,960 / 6! = 39,168 start with 123456.
    let puzzle = write(&dir, "six.txt", &format!("123456{}\n", ".".repeat(30)));
    let sudoku = bin("sudoku");
    let out = shell(&format!(
        "{sudoku} split --box 2x3 --cubes 24 {puzzle} > {d}/cubes.jsonl
         parallel --pipe -N 5 {sudoku} count --box 2x3 -j 1 --cubes - {puzzle} \
             < {d}/cubes.jsonl > {d}/results.jsonl
         {sudoku} merge --cubes {d}/cubes.jsonl {d}/results.jsonl",
        d = dir.display()
    ));
    assert!(out.status.success(), "stderr: {}", stderr(&out));
    assert_eq!(stdout(&out), format!("{}\n", 28_200_960 / 720));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn slurm_script_runs_array_tasks_and_merges() {
    let dir = scratch("slurm");
    // A stand-in for sbatch: runs the script at once, once per array task
    // with SLURM_ARRAY_TASK_ID set, and prints a job id (--parsable).
    let fake = dir.join("bin");
    fs::create_dir_all(&fake).unwrap();
    write(
        &fake,
        "sbatch",
        r#"#!/usr/bin/env bash
set -euo pipefail
array=""; script=""
echo "$*" >> "$(dirname "$0")/calls"
for arg in "$@"; do
    case "$arg" in
        --array=*) array="${arg#--array=}" ;;
        -*) ;;
        *) script="$arg" ;;
    esac
done
if [ -n "$array" ]; then
    for id in $(seq "${array%-*}" "${array#*-}"); do
        SLURM_ARRAY_TASK_ID="$id" bash "$script" || true
    done
else
    bash "$script"
fi
echo "$RANDOM"
"#,
    );
    let sbatch = fake.join("sbatch");
    std::process::Command::new("chmod")
        .arg("+x")
        .arg(&sbatch)
        .status()
        .unwrap();
    // Pentominoes on a 3x20 board: 2 tilings up to symmetry (Haselgrove
    // 1960), 8 counting rotations and reflections.
    let problem = write(&dir, "pent.dlx", &problems::pentominoes(3, 20));
    let dlx = bin("dlx");
    let split = run("dlx", &["split", "--cubes", "30", &problem], "");
    assert_eq!(code(&split), 0, "{}", stderr(&split));
    let cubes = write(&dir, "cubes.jsonl", &stdout(&split));
    let n_cubes = stdout(&split).lines().count();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/slurm-count.sh");
    let out_dir = dir.join("run");
    let path = format!("{}:{}", fake.display(), std::env::var("PATH").unwrap());
    let out = std::process::Command::new("bash")
        .arg(&script)
        .args(["--chunk", "7", "--sbatch", "--time=00:10:00"])
        .arg(&cubes)
        .arg(&out_dir)
        .args([&dlx, "count", "-j", "1", &problem])
        .env("PATH", path)
        .output()
        .unwrap();
    assert!(out.status.success(), "stderr: {}", stderr(&out));
    let tasks = n_cubes.div_ceil(7);
    assert!(stdout(&out).contains(&format!("submitted {tasks} array task(s)")));
    let calls = fs::read_to_string(fake.join("calls")).unwrap();
    assert!(
        calls.contains(&format!("--array=0-{}", tasks - 1)),
        "{calls}"
    );
    assert!(calls.contains("--dependency=afterany:"), "{calls}");
    assert!(calls.contains("--time=00:10:00"), "{calls}");
    let total = fs::read_to_string(out_dir.join("total.txt")).unwrap();
    assert_eq!(
        total,
        "8\n",
        "merge: {:?}",
        fs::read_to_string(out_dir.join("merge.err"))
    );

    // A lost task: the merge names its cubes, and --resume lists them.
    fs::remove_file(out_dir.join("results/result.000001.jsonl")).unwrap();
    let results: Vec<String> = (0..tasks)
        .filter(|&k| k != 1)
        .map(|k| {
            out_dir
                .join(format!("results/result.{k:06}.jsonl"))
                .display()
                .to_string()
        })
        .collect();
    let mut args = vec!["merge", "--cubes", &cubes];
    args.extend(results.iter().map(String::as_str));
    let merged = run("dlx", &args, "");
    assert_eq!(code(&merged), 3);
    assert!(
        stderr(&merged).contains(&format!("7 of {n_cubes} cubes missing: 7-13")),
        "{}",
        stderr(&merged)
    );
    let _ = fs::remove_dir_all(&dir);
}

/// Splits Langford pairs of 8 (150 pairings, OEIS A014552; 300 with
/// mirrors): the problem file and the cube lines.
fn langford8(dir: &Path) -> (String, Vec<String>) {
    let problem = write(dir, "l8.dlx", &problems::langford(8));
    let split = run("dlx", &["split", "--cubes", "12", &problem], "");
    assert_eq!(code(&split), 0, "{}", stderr(&split));
    assert!(stderr(&split).contains("cubes; estimated nodes"));
    let lines: Vec<String> = stdout(&split).lines().map(str::to_string).collect();
    assert!(lines.len() >= 12);
    (problem, lines)
}

#[test]
fn resume_redoes_only_the_missing_cubes() {
    let dir = scratch("resume");
    let (problem, cubes) = langford8(&dir);
    let cubes_file = write(&dir, "cubes.jsonl", &(cubes.join("\n") + "\n"));
    // A run that died after five cubes.
    let first = run(
        "dlx",
        &["count", "--cubes", "-", &problem],
        &(cubes[..5].join("\n") + "\n"),
    );
    assert_eq!(code(&first), 0);
    let first = write(&dir, "first.jsonl", &stdout(&first));
    let merged = run("dlx", &["merge", "--cubes", &cubes_file, &first], "");
    assert_eq!(code(&merged), 3);
    assert!(
        stderr(&merged).contains("cubes missing: 5-"),
        "{}",
        stderr(&merged)
    );
    let redo = run(
        "dlx",
        &["merge", "--resume", "--cubes", &cubes_file, &first],
        "",
    );
    assert_eq!(code(&redo), 0);
    assert_eq!(stdout(&redo).lines().count(), cubes.len() - 5);
    let second = run("dlx", &["count", "--cubes", "-", &problem], &stdout(&redo));
    assert_eq!(code(&second), 0);
    let second = write(&dir, "second.jsonl", &stdout(&second));
    let merged = run(
        "dlx",
        &[
            "merge",
            "--format",
            "json",
            "--cubes",
            &cubes_file,
            &first,
            &second,
        ],
        "",
    );
    assert_eq!(code(&merged), 0, "{}", stderr(&merged));
    let total = &json_lines(&merged)[0];
    assert_eq!(total["solutions"], "300");
    assert_eq!(total["cubes"], cubes.len());
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn merge_refuses_duplicates_incomplete_and_other_problems() {
    let dir = scratch("refuse");
    let (problem, cubes) = langford8(&dir);
    let all = cubes.join("\n") + "\n";
    let results = run("dlx", &["count", "--cubes", "-", &problem], &all);
    assert_eq!(code(&results), 0);
    let results = stdout(&results);
    for line in results.lines() {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(r["complete"], true);
        assert!(r["count"].is_string(), "counts are decimal strings: {line}");
    }
    assert_eq!(stdout(&run("dlx", &["merge"], &results)), "300\n");

    // Twice the same cube.
    let first = results.lines().next().unwrap();
    let out = run("dlx", &["merge"], &format!("{results}{first}\n"));
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("1 cube(s) counted more than once: 0"),
        "{}",
        stderr(&out)
    );

    // A node budget too small: cubes incomplete, and named.
    let limited = run(
        "dlx",
        &[
            "count",
            "-j",
            "1",
            "--max-nodes",
            "3",
            "--cubes",
            "-",
            &problem,
        ],
        &all,
    );
    assert_eq!(code(&limited), 3);
    let out = run("dlx", &["merge"], &stdout(&limited));
    assert_eq!(code(&out), 3);
    assert!(stderr(&out).contains("(node-limit)"), "{}", stderr(&out));
    assert_eq!(stdout(&out), "");

    // Cubes of another problem: counting refuses each, and says why.
    let other = write(&dir, "l7.dlx", &problems::langford(7));
    let wrong = run("dlx", &["count", "--cubes", "-", &other], &all);
    assert_eq!(code(&wrong), 2);
    assert!(
        stderr(&wrong).contains("not for this problem"),
        "{}",
        stderr(&wrong)
    );
    let out = run("dlx", &["merge"], &stdout(&wrong));
    assert_eq!(code(&out), 3);
    assert!(
        stderr(&out).contains("incomplete: 0 (error: cube 0 is for problem"),
        "{}",
        stderr(&out)
    );

    // Results of another problem's split mixed in.
    let other_cubes = run("dlx", &["split", "--cubes", "3", &other], "");
    let other_results = run(
        "dlx",
        &["count", "--cubes", "-", &other],
        &stdout(&other_cubes),
    );
    let mixed = format!("{results}{}", stdout(&other_results));
    let out = run("dlx", &["merge"], &mixed);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("for another problem or split"),
        "{}",
        stderr(&out)
    );

    // A bad line costs only itself, and says where.
    let mut lines: Vec<&str> = cubes.iter().map(String::as_str).collect();
    lines[1] = "{\"cube\": oops}";
    let out = run(
        "dlx",
        &["count", "--cubes", "-", &problem],
        &(lines.join("\n") + "\n"),
    );
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("<stdin>: line 2, column"),
        "{}",
        stderr(&out)
    );
    assert_eq!(stdout(&out).lines().count(), cubes.len() - 1);
    let out = run("dlx", &["merge"], &stdout(&out));
    assert_eq!(code(&out), 3);
    assert!(
        stderr(&out).contains("cubes missing: 1"),
        "{}",
        stderr(&out)
    );

    // Problem and cubes cannot both be standard input.
    let out = run("dlx", &["count", "--cubes", "-"], "");
    assert_eq!(code(&out), 2);
    let _ = fs::remove_dir_all(&dir);
}
