//! Chains and forcing chains: soundness against the exact-cover engine's
//! solution, an X-wing found as an X-cycle, and agreement with Sudoku
//! Explainer 1.2.1 on pencil-mark states of our own generated puzzles.

use std::sync::Arc;
use sudoku_solve::SolveGrid;

use proptest::prelude::*;
use std::sync::atomic::AtomicBool;

use sudoku::{Grid, Rules, Shape};
use sudoku_generate::{GenerateOptions, Generated, MadePuzzle, Maker};
use sudoku_logic::chains::{self, ChainLevel};
use sudoku_logic::{next_step, Candidates, Houses, Mode, Step, Technique};
use sudoku_solve::{Incomplete, Limits};

/// The first step of `level`, no limit.
/// Classic puzzle `seed` of `shape` from the generator (its checks passed).
fn generate(shape: Shape, seed: u64, options: &GenerateOptions) -> Result<Generated, String> {
    match Maker::classic(shape, options.clone()).make(seed, &Limits::none()) {
        Ok(MadePuzzle::Classic(made, _)) => Ok(made),
        other => Err(format!("{shape} seed {seed}: {other:?}")),
    }
}

fn find(c: &Candidates, level: ChainLevel) -> Vec<Step> {
    chains::find(c, level, &Limits::none()).expect("no limit")
}

/// SE's nested forcing chains (9.5 and up).
const NESTED: [ChainLevel; 4] = [
    ChainLevel::Nested(2),
    ChainLevel::Nested(3),
    ChainLevel::Nested(4),
    ChainLevel::Nested(5),
];

const LEVELS: [ChainLevel; 5] = [
    ChainLevel::Cycles,
    ChainLevel::Nishio,
    ChainLevel::Multiple,
    ChainLevel::Dynamic,
    ChainLevel::Nested(1),
];

/// Every level written, AIC included.
const ALL_LEVELS: [ChainLevel; 6] = [
    ChainLevel::Cycles,
    ChainLevel::Nishio,
    ChainLevel::Multiple,
    ChainLevel::Dynamic,
    ChainLevel::Nested(1),
    ChainLevel::Aic,
];

/// Whether `step` agrees with `solution`: every placement is the
/// solution's value and no elimination removes it.
fn contradiction(step: &Step, solution: &Grid) -> Option<String> {
    let sol = solution.cells();
    for p in &step.placements {
        if sol[p.cell] != p.value {
            return Some(format!("places {} in {}", p.value, step.cell_name(p.cell)));
        }
    }
    for e in &step.eliminations {
        if e.values.contains(&sol[e.cell]) {
            return Some(format!(
                "removes the solution's {} from {}",
                sol[e.cell],
                step.cell_name(e.cell)
            ));
        }
    }
    None
}

/// Walks a generated puzzle's path (singles, then the first chain level
/// that finds a step); at every point where singles stop, every level's
/// first step must agree with the solution. Returns the chain steps seen.
fn check_puzzle(shape: Shape, seed: u64) -> usize {
    let made = generate(shape, seed, &Default::default()).expect("generated");
    // The solution from the exact-cover engine, not from the generator.
    let solution = made.puzzle.solve_unique().expect("unique");
    let mut c = Candidates::from_grid(&made.puzzle).unwrap();
    let mut seen = 0;
    for _ in 0..400 {
        let Some(step) = next_step(&c, Mode::Se) else {
            break;
        };
        if step.difficulty.tenths() >= 65 {
            for level in ALL_LEVELS {
                for s in find(&c, level) {
                    seen += 1;
                    if let Some(why) = contradiction(&s, &solution) {
                        panic!(
                            "seed {seed} {shape:?} {level:?}: {} {why}\n{}",
                            s.technique,
                            s.text()
                        );
                    }
                }
            }
        }
        assert!(contradiction(&step, &solution).is_none(), "{}", step.text());
        c.apply(&step);
    }
    seen
}

#[test]
fn chain_steps_never_contradict_the_solution() {
    let mut seen = 0;
    for seed in 1..=16 {
        seen += check_puzzle(Shape::square(3).unwrap(), seed);
    }
    for seed in 1..=10 {
        seen += check_puzzle(Shape::new(2, 3).unwrap(), seed);
    }
    // The generated puzzles do reach the chain levels (only singles come
    // before them in this branch).
    assert!(seen > 30, "only {seen} chain steps checked");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]
    #[test]
    fn chain_steps_agree_with_the_solution(seed in 1u64..1_000_000) {
        check_puzzle(Shape::square(3).unwrap(), seed);
    }
}

/// The nested levels (forcing chains inside dynamic chains, SE 9.5 and
/// up) on the states where singles stop along generated puzzles' paths
/// (two 9x9, two 6x6, one state each): every step they give agrees with the
/// exact-cover engine's solution. Each level finds a step wherever a
/// lower one would (it holds the dynamic chains), so they are all tried.
#[test]
fn nested_levels_never_contradict_the_solution() {
    let mut seen = [0usize; 4];
    for (shape, puzzles) in [
        (Shape::square(3).unwrap(), 2),
        (Shape::new(2, 3).unwrap(), 2),
    ] {
        let mut done = 0;
        for seed in 1..=60 {
            if done == puzzles {
                break;
            }
            let made = generate(shape, seed, &Default::default()).expect("generated");
            let solution = made.puzzle.solve_unique().expect("unique");
            let mut c = Candidates::from_grid(&made.puzzle).unwrap();
            let mut states = 0;
            while let Some(step) = next_step(&c, Mode::Se) {
                if step.difficulty.tenths() >= 65 && states < 1 {
                    states += 1;
                    for (i, level) in NESTED.into_iter().enumerate() {
                        for s in find(&c, level) {
                            seen[i] += 1;
                            assert!(s.difficulty.tenths() >= 95, "{}", s.text());
                            if let Some(why) = contradiction(&s, &solution) {
                                panic!("seed {seed} {shape:?} {level:?}: {why}\n{}", s.text());
                            }
                        }
                    }
                }
                c.apply(&step);
            }
            done += usize::from(states > 0);
        }
    }
    assert!(seen.iter().all(|&n| n >= 3), "steps per level: {seen:?}");
}

/// A search stopped by a limit says so and gives no step: a cancelled
/// flag stops every level, the nested ones too, and the rating.
#[test]
fn a_limit_stops_the_chain_search_and_gives_no_step() {
    // The first state of a generated puzzle where a chain is needed.
    let c = (1..=60)
        .find_map(|seed| {
            let made = generate(Shape::square(3).unwrap(), seed, &Default::default()).ok()?;
            let mut c = Candidates::from_grid(&made.puzzle).unwrap();
            while let Some(step) = next_step(&c, Mode::Se) {
                if step.difficulty.tenths() >= 65 {
                    return Some(c);
                }
                c.apply(&step);
            }
            None
        })
        .expect("a generated puzzle that needs a chain");
    let flag = std::sync::Arc::new(AtomicBool::new(true));
    let limits = Limits::none().cancel_flag(flag);
    for level in LEVELS.into_iter().chain(NESTED) {
        if level == ChainLevel::Nested(2) {
            // Without the limit there is a step to find.
            assert_eq!(find(&c, level).len(), 1, "{level:?}");
        }
        assert_eq!(
            chains::find(&c, level, &limits).map(|s| s.len()),
            Err(Incomplete::Cancelled),
            "{level:?}"
        );
    }
    let rated = sudoku_logic::rate::rate(c, Mode::Se, &limits);
    assert_eq!(rated.map(|(r, _)| r.er), Err(Incomplete::Cancelled));
}

/// An X-wing on 1 in rows 1 and 5, columns 1 and 5, every other
/// candidate open: the only cycle is the X-wing's, and the rule removes 1
/// from the rest of columns 1 and 5 (14 cells).
#[test]
fn an_x_wing_is_an_x_cycle() {
    let shape = Shape::square(3).unwrap();
    let grid = Grid::empty(shape);
    let houses = Arc::new(Houses::new(&Rules::standard(shape)).unwrap());
    let mut marks = vec![0x1ffu64; 81];
    for row in [0, 4] {
        for col in 0..9 {
            if col != 0 && col != 4 {
                marks[row * 9 + col] &= !1;
            }
        }
    }
    let c = Candidates::from_state(houses, &grid, Some(&marks)).unwrap();
    let steps = find(&c, ChainLevel::Cycles);
    let step = &steps[0];
    assert_eq!(step.technique, Technique::XCycle);
    assert_eq!(step.difficulty.tenths(), 65);
    assert!(step.placements.is_empty());
    let mut want: Vec<usize> = (0..9)
        .filter(|&r| r != 0 && r != 4)
        .flat_map(|r| [r * 9, r * 9 + 4])
        .collect();
    want.sort_unstable();
    let got: Vec<usize> = step.eliminations.iter().map(|e| e.cell).collect();
    assert_eq!(got, want);
    assert!(step.eliminations.iter().all(|e| e.values == [1]));
    assert_eq!(step.reason.chain.len(), 5, "four nodes and back");
    assert!(step.text().starts_with("bidirectional x-cycle"));
}

/// The same X-wing as an AIC: r1c1 not 1 -> r1c5 is 1 (row 1) -> r5c5
/// not 1 -> r5c1 is 1 (row 5), so r1c1 or r5c1 holds the 1 and the rest of
/// column 1 loses it (7 cells); the chain has house links only (6.6).
#[test]
fn an_x_wing_is_an_aic() {
    let shape = Shape::square(3).unwrap();
    let grid = Grid::empty(shape);
    let houses = Arc::new(Houses::new(&Rules::standard(shape)).unwrap());
    let mut marks = vec![0x1ffu64; 81];
    for row in [0, 4] {
        for col in 0..9 {
            if col != 0 && col != 4 {
                marks[row * 9 + col] &= !1;
            }
        }
    }
    let c = Candidates::from_state(houses, &grid, Some(&marks)).unwrap();
    let steps = find(&c, ChainLevel::Aic);
    let step = &steps[0];
    assert_eq!(step.technique, Technique::Aic);
    assert_eq!(step.difficulty.tenths(), 66);
    let got: Vec<usize> = step.eliminations.iter().map(|e| e.cell).collect();
    assert_eq!(got, [9, 18, 27, 45, 54, 63, 72]);
    assert!(step.eliminations.iter().all(|e| e.values == [1]));
    let chain: Vec<(usize, bool)> = step.reason.chain.iter().map(|n| (n.cell, n.on)).collect();
    assert_eq!(chain, [(0, false), (4, true), (40, false), (36, true)]);
}

/// Our first step at each level, as the SE harness prints it: difficulty,
/// placements `r1c2=3`, eliminations `r1c2-45`.
fn describe(s: &Step) -> String {
    let mut out = s.difficulty.to_string();
    for p in &s.placements {
        out.push_str(&format!(" {}={}", s.cell_name(p.cell), p.value));
    }
    for e in &s.eliminations {
        let vs: String = e.values.iter().map(|v| v.to_string()).collect();
        out.push_str(&format!(" {}-{}", s.cell_name(e.cell), vs));
    }
    out
}

/// Pencil-mark states of our own generated puzzles where singles stop,
/// and Sudoku Explainer 1.2.1's first hint of each chaining producer there
/// (how they were made is written at the top of the file).
#[test]
fn first_steps_agree_with_sudoku_explainer() {
    let data = include_str!("data/chains_se.txt");
    let shape = Shape::square(3).unwrap();
    let houses = Arc::new(Houses::new(&Rules::standard(shape)).unwrap());
    let mut checked = 0;
    for (n, line) in data.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (state, expected) = line.split_once('|').expect("state | expected");
        let (values, cands) = state.trim().split_once(' ').expect("values cands");
        let grid: Grid = values.parse().unwrap();
        let marks: Vec<u64> = cands
            .as_bytes()
            .chunks(9)
            .map(|cell| {
                cell.iter()
                    .enumerate()
                    .filter(|(_, &b)| b != b'.')
                    .fold(0, |m, (i, _)| m | 1 << i)
            })
            .collect();
        let c = Candidates::from_state(Arc::clone(&houses), &grid, Some(&marks)).unwrap();
        // Soundness on these harder states too, AIC included: the values
        // placed so far come from singles, so the exact-cover engine's
        // solution of them is the puzzle's.
        let solution = grid.solve_unique().expect("unique");
        for level in ALL_LEVELS {
            for s in find(&c, level) {
                assert!(
                    contradiction(&s, &solution).is_none(),
                    "line {}: {}",
                    n + 1,
                    s.text()
                );
            }
        }
        let expected: Vec<&str> = expected
            .split(';')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect();
        for (i, level) in LEVELS.into_iter().enumerate() {
            let got = match find(&c, level).first() {
                Some(s) => format!("L{i} {}", describe(s)),
                None => format!("L{i} none"),
            };
            assert_eq!(got, expected[i], "line {}, {level:?}", n + 1);
        }
        checked += 1;
    }
    assert!(checked >= 50, "{checked} states");
}
