//! Cube and conquer through the commands: `split`, `count --cubes` and
//! `merge`, with GNU parallel and with the Slurm script (against a stand-in
//! `sbatch` that runs the array tasks here). Known counts come from
//! mathematics.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::Duration;

use crate::common::{code, json_lines, stderr, stdout};
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

/// A split stopped by `--max-nodes` (issue 20) writes fewer cubes than
/// asked, exits with status 3, and its cubes still count to the direct
/// count: 288 grids of 4x4 Sudoku, and 300 Langford pairings of 8 with
/// their mirrors (OEIS A014552).
#[test]
fn a_split_stopped_by_max_nodes_still_merges_to_the_count() {
    let dir = scratch("stopped");
    let grid = write(&dir, "e4.txt", &format!("{}\n", ".".repeat(16)));
    let langford = write(&dir, "l8.dlx", &problems::langford(8));
    for (binary, problem, nodes, expected) in [
        ("sudoku", &grid, "4000", "288"),
        ("dlx", &langford, "3000", "300"),
    ] {
        let split = run(
            binary,
            &["split", "--cubes", "500", "--max-nodes", nodes, problem],
            "",
        );
        assert_eq!(code(&split), 3, "{binary}: {}", stderr(&split));
        assert!(stderr(&split).contains("incomplete: node limit reached"));
        let cubes = stdout(&split);
        let n = cubes.lines().count();
        assert!((2..500).contains(&n), "{binary}: {n} cubes");
        let counted = run(binary, &["count", "--cubes", "-", problem], &cubes);
        assert_eq!(code(&counted), 0, "{binary}: {}", stderr(&counted));
        let merged = run(binary, &["merge", "-"], &stdout(&counted));
        assert_eq!(code(&merged), 0, "{binary}: {}", stderr(&merged));
        assert_eq!(stdout(&merged).trim(), expected, "{binary}");
    }
    let _ = fs::remove_dir_all(&dir);
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

    // Cubes of another problem: counting stops at the first, says where
    // and why, and writes no result.
    let other = write(&dir, "l7.dlx", &problems::langford(7));
    let wrong = run("dlx", &["count", "--cubes", "-", &other], &all);
    assert_eq!(code(&wrong), 2);
    assert!(
        stderr(&wrong).contains("<stdin>: line 1: cube 0 is for problem"),
        "{}",
        stderr(&wrong)
    );
    assert!(
        stderr(&wrong).contains("not for this one"),
        "{}",
        stderr(&wrong)
    );
    assert_eq!(stderr(&wrong).lines().count(), 1, "{}", stderr(&wrong));
    assert_eq!(stdout(&wrong), "");

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

/// A result line of `count --cubes`, for hand-made merges.
fn result_line(cube: u64, of: &str, count: &str) -> String {
    format!(
        "{{\"cube\":{cube},\"of\":{of},\"problem\":\"0000000000000000000000000000002a\",\
         \"count\":\"{count}\",\"complete\":true,\"nodes\":1,\"seconds\":0.5}}\n"
    )
}

/// Runs `BIN merge` under a 1 GB address-space limit (so that a merge that
/// allocates per claimed cube fails at once instead of exhausting the
/// machine) with `input` on standard input: its exit status and stderr.
fn merge_limited(bin_name: &str, input: &[u8]) -> (i32, String) {
    let dir = scratch(&format!("limited-{bin_name}-{}", input.len()));
    let file = dir.join("in.jsonl");
    fs::write(&file, input).unwrap();
    let out = shell(&format!(
        "ulimit -v 1000000; set +e; {} merge < {} > /dev/null; echo \"exit=$?\"",
        bin(bin_name),
        file.display()
    ));
    let _ = fs::remove_dir_all(&dir);
    let status = stdout(&out);
    let status = status
        .trim()
        .strip_prefix("exit=")
        .unwrap()
        .parse()
        .unwrap();
    (status, stderr(&out))
}

#[test]
fn merge_refuses_a_total_beyond_128_bits() {
    // Issue 23 #1: two cubes of 2^127 each add up to 2^128, one past the
    // largest u128: was a panic (exit 101).
    let half = (1u128 << 127).to_string();
    let input = result_line(0, "2", &half) + &result_line(1, "2", &half);
    for name in ["dlx", "sudoku"] {
        let out = run(name, &["merge"], &input);
        assert_eq!(code(&out), 2, "{name}: {}", stderr(&out));
        assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
        assert!(stderr(&out).contains("beyond 128 bits"), "{}", stderr(&out));
    }
    // Just below: 2^127 + (2^127 - 1) = u128::MAX is a count.
    let input =
        result_line(0, "2", &half) + &result_line(1, "2", &((1u128 << 127) - 1).to_string());
    let out = run("dlx", &["merge"], &input);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(stdout(&out), format!("{}\n", u128::MAX));
}

#[test]
fn merge_refuses_absurd_numbers_of_cubes_in_little_memory() {
    // Issue 23 #2: one short line claiming 10^12 cubes (or a huge cube
    // number) made merge allocate per cube up front (23 GB). Under a 1 GB
    // limit it must answer at once: exit 2, naming the record.
    for (line, what) in [
        (
            result_line(0, "1000000000000", "1"),
            "impossible number of cubes",
        ),
        (
            result_line(0, "100000000", "1"),
            "impossible number of cubes",
        ),
        (
            result_line(9_999_998, "10000000", "1"),
            "9999999 of 10000000 cubes missing: 0-9999997, 9999999",
        ),
        (
            result_line(18_446_744_073_709_551_615, "10000000", "1"),
            "another problem or split",
        ),
    ] {
        for name in ["dlx", "sudoku"] {
            let (status, err) = merge_limited(name, line.as_bytes());
            assert!(
                status == 2 || status == 3,
                "{name} {line}: status {status}: {err}"
            );
            assert!(err.contains(what), "{line}: {err}");
        }
    }
}

#[test]
fn invalid_utf8_is_named_by_line() {
    // Issue 23 #12: a byte that is not UTF-8 in a result or cube file was
    // "stream did not contain valid UTF-8" for the whole file (exit 4).
    let good = result_line(0, "2", "5");
    let mut input = good.clone().into_bytes();
    input.extend_from_slice(b"{\"cube\":1,\"of\":2,\xff}\n");
    for name in ["dlx", "sudoku"] {
        let out = common::run_with(name, &["merge"], input.clone(), Duration::from_secs(60));
        assert_eq!(code(&out), 2, "{}", stderr(&out));
        assert!(
            stderr(&out).contains("<stdin>: line 2, column 18: not UTF-8"),
            "{}",
            stderr(&out)
        );
    }
    // In a cube file: the bad line is named, the other cubes still counted.
    let dir = scratch("utf8");
    let (problem, cubes) = langford8(&dir);
    let mut input: Vec<u8> = Vec::new();
    for (k, line) in cubes.iter().enumerate() {
        if k == 2 {
            input.extend_from_slice(b"\xc3\x28\n");
        } else {
            input.extend_from_slice(line.as_bytes());
            input.push(b'\n');
        }
    }
    let out = common::run_with(
        "dlx",
        &["count", "--cubes", "-", &problem],
        input,
        Duration::from_secs(60),
    );
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(
        stderr(&out).contains("<stdin>: line 3, column 1: not UTF-8"),
        "{}",
        stderr(&out)
    );
    assert_eq!(stdout(&out).lines().count(), cubes.len() - 1);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn split_refuses_nan_and_out_of_range_settings() {
    let dir = scratch("nan");
    let problem = write(&dir, "l5.dlx", &problems::langford(5));
    let grid = write(&dir, "e4.txt", &".".repeat(16));
    for (name, file) in [("dlx", &problem), ("sudoku", &grid)] {
        for args in [
            "--balance=NaN",
            "--balance=inf",
            "--balance=-1",
            "--max-estimate=nan",
            "--max-estimate=0",
        ] {
            let out = run(name, &["split", args, file], "");
            assert_eq!(code(&out), 2, "{name} {args}: {}", stderr(&out));
            let option = args.split('=').next().unwrap();
            assert!(stderr(&out).contains(option), "{}", stderr(&out));
            assert_eq!(stdout(&out), "");
        }
    }
    let _ = fs::remove_dir_all(&dir);
}

/// A plain brute-force count of the completions of `givens` (row by row,
/// 0 for a blank) of an n x n grid in which every group of cells holds
/// different values, with cages (sum, cells) of different values adding up
/// to their sum: backtracking cell by cell, checking every group and cage
/// of the cell as it is filled. Written from the rules' wording, apart from
/// the program.
fn brute_force(n: usize, givens: &[u8], groups: &[Vec<usize>], cages: &[(u32, Vec<usize>)]) -> u64 {
    fn go(
        cell: usize,
        grid: &mut Vec<u8>,
        n: usize,
        givens: &[u8],
        groups: &[Vec<usize>],
        cages: &[(u32, Vec<usize>)],
    ) -> u64 {
        if cell == n * n {
            return 1;
        }
        let mut total = 0;
        for v in 1..=n as u8 {
            if givens[cell] != 0 && givens[cell] != v {
                continue;
            }
            grid[cell] = v;
            let groups_ok = groups
                .iter()
                .filter(|g| g.contains(&cell))
                .all(|g| g.iter().filter(|&&c| c != cell && grid[c] == v).count() == 0);
            let cages_ok = cages
                .iter()
                .filter(|(_, c)| c.contains(&cell))
                .all(|(sum, c)| {
                    let filled: Vec<u8> = c.iter().map(|&x| grid[x]).filter(|&x| x != 0).collect();
                    let total: u32 = filled.iter().map(|&x| u32::from(x)).sum();
                    let distinct = filled.iter().filter(|&&x| x == v).count() == 1;
                    distinct
                        && if filled.len() == c.len() {
                            total == *sum
                        } else {
                            total < *sum
                        }
                });
            if groups_ok && cages_ok {
                total += go(cell + 1, grid, n, givens, groups, cages);
            }
            grid[cell] = 0;
        }
        total
    }
    let mut grid = vec![0u8; n * n];
    go(0, &mut grid, n, givens, groups, cages)
}

/// Rows, columns and the boxes (or regions: one letter per cell) of an
/// n x n grid with boxes br x bc.
fn classic_groups(n: usize, br: usize, bc: usize, regions: Option<&str>) -> Vec<Vec<usize>> {
    let mut groups = Vec::new();
    for r in 0..n {
        groups.push((0..n).map(|c| r * n + c).collect());
    }
    for c in 0..n {
        groups.push((0..n).map(|r| r * n + c).collect());
    }
    match regions {
        None => {
            for b in 0..n {
                let (r0, c0) = (b / (n / bc) * br, b % (n / bc) * bc);
                groups.push((0..n).map(|k| (r0 + k / bc) * n + c0 + k % bc).collect());
            }
        }
        Some(map) => {
            let letters: Vec<char> = map.chars().filter(|c| !c.is_whitespace()).collect();
            let mut distinct = letters.clone();
            distinct.sort_unstable();
            distinct.dedup();
            for l in distinct {
                groups.push((0..n * n).filter(|&c| letters[c] == l).collect());
            }
        }
    }
    groups
}

fn diagonals(n: usize) -> Vec<Vec<usize>> {
    vec![
        (0..n).map(|k| k * n + k).collect(),
        (0..n).map(|k| k * n + n - 1 - k).collect(),
    ]
}

/// The cells of `r1c2`-style names, as `row * 100 + column` (from 0).
fn cells(names: &str) -> Vec<usize> {
    names
        .split_whitespace()
        .map(|name| {
            let (r, c) = name[1..].split_once('c').unwrap();
            (
                r.parse::<usize>().unwrap() - 1,
                c.parse::<usize>().unwrap() - 1,
            )
        })
        .map(|(r, c)| r * 100 + c)
        .collect()
}

/// A count printed by `count`, `merge`: the first line as a number.
fn number(out: &Output) -> u64 {
    assert_eq!(code(out), 0, "{}", stderr(out));
    stdout(out).lines().next().unwrap().trim().parse().unwrap()
}

#[test]
fn cubes_of_variants_add_up_to_the_direct_count() {
    // Issue 20 / 23 #3: split, count --cubes and merge under a variant give
    // the variant's count (they gave the classic count), the direct count
    // is checked against a brute force, and cubes of the classic grid are
    // refused for the variant.
    let dir = scratch("variants");
    let e4 = write(&dir, "e4.txt", &(".".repeat(16) + "\n"));
    let r6 = write(&dir, "r6.txt", &format!("123456{}\n", ".".repeat(30)));
    let regions = "aaab\nabbb\ncccd\ncddd\n";
    let regions_file = write(&dir, "regions.txt", regions);
    let cages4 = write(&dir, "cages4.txt", "3 r1c1 r1c2\n7 r4c3 r4c4\n");
    let cages6 = write(&dir, "cages6.txt", "3 r2c4 r2c5\n");
    let cages6_none = write(&dir, "cages6-none.txt", "10 r2c1 r2c2 r2c3\n");
    let cage_cells = |n: usize, text: &str, sum: u32| -> (u32, Vec<usize>) {
        (
            sum,
            cells(text)
                .iter()
                .map(|&rc| rc / 100 * n + rc % 100)
                .collect(),
        )
    };
    let mut r6_givens = vec![0u8; 36];
    for (k, v) in (1..=6).enumerate() {
        r6_givens[k] = v;
    }
    let e4_givens = vec![0u8; 16];
    let window4 = vec![vec![5, 6, 9, 10]];
    struct Case<'a> {
        file: &'a str,
        args: Vec<&'a str>,
        n: usize,
        givens: Vec<u8>,
        groups: Vec<Vec<usize>>,
        cages: Vec<(u32, Vec<usize>)>,
    }
    let with = |mut a: Vec<Vec<usize>>, b: Vec<Vec<usize>>| {
        a.extend(b);
        a
    };
    let cases = vec![
        Case {
            file: &e4,
            args: vec![],
            n: 4,
            givens: e4_givens.clone(),
            groups: classic_groups(4, 2, 2, None),
            cages: vec![],
        },
        Case {
            file: &e4,
            args: vec!["--variant", "x"],
            n: 4,
            givens: e4_givens.clone(),
            groups: with(classic_groups(4, 2, 2, None), diagonals(4)),
            cages: vec![],
        },
        Case {
            file: &e4,
            args: vec!["--variant", "windoku"],
            n: 4,
            givens: e4_givens.clone(),
            groups: with(classic_groups(4, 2, 2, None), window4.clone()),
            cages: vec![],
        },
        Case {
            file: &e4,
            args: vec!["--regions", &regions_file],
            n: 4,
            givens: e4_givens.clone(),
            groups: classic_groups(4, 2, 2, Some(regions)),
            cages: vec![],
        },
        Case {
            file: &e4,
            args: vec!["--cages", &cages4],
            n: 4,
            givens: e4_givens.clone(),
            groups: classic_groups(4, 2, 2, None),
            cages: vec![cage_cells(4, "r1c1 r1c2", 3), cage_cells(4, "r4c3 r4c4", 7)],
        },
        Case {
            file: &e4,
            args: vec!["--variant", "x", "--cages", &cages4],
            n: 4,
            givens: e4_givens.clone(),
            groups: with(classic_groups(4, 2, 2, None), diagonals(4)),
            cages: vec![cage_cells(4, "r1c1 r1c2", 3), cage_cells(4, "r4c3 r4c4", 7)],
        },
        Case {
            file: &r6,
            args: vec!["--box", "2x3", "--variant", "x"],
            n: 6,
            givens: r6_givens.clone(),
            groups: with(classic_groups(6, 2, 3, None), diagonals(6)),
            cages: vec![],
        },
        Case {
            file: &r6,
            args: vec!["--box", "2x3", "--cages", &cages6],
            n: 6,
            givens: r6_givens.clone(),
            groups: classic_groups(6, 2, 3, None),
            cages: vec![cage_cells(6, "r2c4 r2c5", 3)],
        },
        Case {
            file: &r6,
            args: vec!["--box", "2x3", "--cages", &cages6_none],
            n: 6,
            givens: r6_givens.clone(),
            groups: classic_groups(6, 2, 3, None),
            cages: vec![cage_cells(6, "r2c1 r2c2 r2c3", 10)],
        },
    ];
    let expected_known = [288u64]; // the empty 4x4 classic grid
    for (k, case) in cases.iter().enumerate() {
        let truth = brute_force(case.n, &case.givens, &case.groups, &case.cages);
        if k == 0 {
            assert_eq!(truth, expected_known[0]);
        }
        let mut args = vec!["count"];
        args.extend(&case.args);
        args.push(case.file);
        let direct = number(&run("sudoku", &args, ""));
        assert_eq!(direct, truth, "direct count {:?}", case.args);
        let cubes_file = dir.join(format!("cubes{k}.jsonl")).display().to_string();
        let results = dir.join(format!("results{k}.jsonl")).display().to_string();
        let mut split = vec!["split", "--cubes", "10"];
        split.extend(&case.args);
        split.push(case.file);
        let out = run("sudoku", &split, "");
        assert_eq!(code(&out), 0, "{:?}: {}", case.args, stderr(&out));
        fs::write(&cubes_file, stdout(&out)).unwrap();
        let mut count = vec!["count", "--cubes", &cubes_file];
        count.extend(&case.args);
        count.push(case.file);
        let out = run("sudoku", &count, "");
        assert_eq!(code(&out), 0, "{:?}: {}", case.args, stderr(&out));
        fs::write(&results, stdout(&out)).unwrap();
        let merged = number(&run(
            "sudoku",
            &["merge", "--cubes", &cubes_file, &results],
            "",
        ));
        assert_eq!(merged, truth, "sum of the cubes {:?}", case.args);
        // The classic cubes of the same grid are refused under a variant,
        // and the variant's cubes under the classic rules.
        if !case.args.iter().any(|a| {
            a.starts_with("--variant") || a.starts_with("--regions") || a.starts_with("--cages")
        }) {
            continue;
        }
        let classic_cubes = dir.join(format!("classic{k}.jsonl")).display().to_string();
        let mut split = vec!["split", "--cubes", "4"];
        if case.n == 6 {
            split.extend(["--box", "2x3"]);
        }
        split.push(case.file);
        fs::write(&classic_cubes, stdout(&run("sudoku", &split, ""))).unwrap();
        let mut count = vec!["count", "--cubes", &classic_cubes];
        count.extend(&case.args);
        count.push(case.file);
        let out = run("sudoku", &count, "");
        assert_eq!(code(&out), 2, "{:?}: {}", case.args, stderr(&out));
        assert!(
            stderr(&out).contains("line 1: cube 0 is for problem")
                && stderr(&out).contains("other rules"),
            "{}",
            stderr(&out)
        );
        let mut count = vec!["count", "--cubes", &cubes_file];
        if case.n == 6 {
            count.extend(["--box", "2x3"]);
        }
        count.push(case.file);
        let out = run("sudoku", &count, "");
        assert_eq!(code(&out), 2, "{:?}: {}", case.args, stderr(&out));
        assert!(stderr(&out).contains("classic rules"), "{}", stderr(&out));
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn split_reads_a_json_document_with_its_variant() {
    // `sudoku split` said "any of the formats" but refused JSON; a JSON
    // document carries its own variant.
    let dir = scratch("json");
    let doc = write(
        &dir,
        "x4.json",
        "{\"grid\": \"1...............\", \"variant\": \"x\"}\n",
    );
    let groups = {
        let mut g = classic_groups(4, 2, 2, None);
        g.extend(diagonals(4));
        g
    };
    let mut givens = vec![0u8; 16];
    givens[0] = 1;
    let truth = brute_force(4, &givens, &groups, &[]);
    assert_eq!(number(&run("sudoku", &["count", &doc], "")), truth);
    let out = run("sudoku", &["split", "--cubes", "5", &doc], "");
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let cubes_file = write(&dir, "cubes.jsonl", &stdout(&out));
    let results = run("sudoku", &["count", "--cubes", &cubes_file, &doc], "");
    assert_eq!(code(&results), 0, "{}", stderr(&results));
    let merged = run(
        "sudoku",
        &["merge", "--cubes", &cubes_file, "-"],
        &stdout(&results),
    );
    assert_eq!(number(&merged), truth);
    // Two puzzles: split takes one, and says where the second starts.
    let two = write(
        &dir,
        "two.txt",
        &format!("{}\n{}\n", ".".repeat(16), ".".repeat(16)),
    );
    let out = run("sudoku", &["split", &two], "");
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("line 2: a second puzzle"),
        "{}",
        stderr(&out)
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn cubes_of_setter_constraints_add_up_to_the_direct_count() {
    // Rules with setter's constraints (here a thermometer, f-puzzles JSON)
    // split on the exact cover of their units and count each cube under all
    // the rules: the cubes add up to the direct count. Mathematics: of the
    // 288 4x4 grids, a thermometer on r1c1-r1c3 keeps those whose first
    // three cells increase, 1 order in 3! = 6, so 48.
    let dir = scratch("setter");
    let thermo = write(
        &dir,
        "thermo.json",
        "{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],\
         \"thermometer\":[{\"lines\":[[\"R1C1\",\"R1C2\",\"R1C3\"]]}]}\n",
    );
    let direct = run("sudoku", &["count", &thermo], "");
    assert!(direct.status.success(), "{direct:?}");
    assert_eq!(String::from_utf8_lossy(&direct.stdout).trim(), "48");
    let split = run("sudoku", &["split", "--cubes", "20", &thermo], "");
    assert!(split.status.success(), "{split:?}");
    let cubes = write(&dir, "cubes.jsonl", &String::from_utf8_lossy(&split.stdout));
    assert!(String::from_utf8_lossy(&split.stdout).lines().count() >= 20);
    let counted = run("sudoku", &["count", "--cubes", &cubes, &thermo], "");
    assert!(counted.status.success(), "{counted:?}");
    let results = write(
        &dir,
        "results.jsonl",
        &String::from_utf8_lossy(&counted.stdout),
    );
    let merged = run("sudoku", &["merge", "--cubes", &cubes, &results], "");
    assert!(merged.status.success(), "{merged:?}");
    assert_eq!(String::from_utf8_lossy(&merged.stdout).trim(), "48");
    // The cubes of the classic grid are not those of the thermometer grid.
    let e4 = write(&dir, "e4.txt", &(".".repeat(16) + "\n"));
    let classic = run("sudoku", &["split", "--cubes", "20", &e4], "");
    let classic_cubes = write(
        &dir,
        "classic.jsonl",
        &String::from_utf8_lossy(&classic.stdout),
    );
    let refused = run("sudoku", &["count", "--cubes", &classic_cubes, &thermo], "");
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("another puzzle or under other rules"),
        "{refused:?}"
    );
}
