//! Doppelganger puzzles against a brute force written here from the rule's
//! text (ISS's `Doppelganger`; docs/variants.md): every filling of the grid,
//! built row by row from rows of `n` different values of `0..=n` that hold
//! a 0, kept when it obeys the whole rule. Counts, solution sets, verdicts
//! and the library's rule check are compared with it on 4x4 and on 6x6 with
//! givens.

use std::collections::BTreeSet;

use cover_model::plan::Asked;
use solver_core::Limits;
use sudoku::doppelganger::{check, cover, model, DoppelGrid};
use sudoku::Shape;
use sudoku_solve::doppelganger::answer;
use sudoku_solve::{Answer, EngineName, Task};

type Filling = Vec<Vec<u16>>;

/// The value of 1..=n missing from a house of n different values with a 0.
fn missing(values: &[u16], n: u16) -> Option<u16> {
    let absent: Vec<u16> = (1..=n).filter(|v| !values.contains(v)).collect();
    (absent.len() == 1).then(|| absent[0])
}

/// The rule as the text says it, on a filled grid.
fn obeys(g: &Filling, box_rows: usize, box_cols: usize) -> bool {
    let n = g.len();
    let side = n as u16;
    let row = |r: usize| g[r].clone();
    let col = |c: usize| (0..n).map(|r| g[r][c]).collect::<Vec<_>>();
    let boxed = |b: usize| {
        let (r0, c0) = ((b / box_rows) * box_rows, (b % box_rows) * box_cols);
        let mut v = Vec::new();
        for line in &g[r0..r0 + box_rows] {
            v.extend_from_slice(&line[c0..c0 + box_cols]);
        }
        v
    };
    let mut misses: Vec<Vec<u16>> = Vec::new();
    for house in [&row as &dyn Fn(usize) -> Vec<u16>, &col, &boxed] {
        let mut kind = Vec::new();
        for h in 0..n {
            let values = house(h);
            let distinct: BTreeSet<u16> = values.iter().copied().collect();
            // Every house holds 0 and all but one of 1..=n.
            if distinct.len() != n || !distinct.contains(&0) {
                return false;
            }
            match missing(&values, side) {
                Some(m) => kind.push(m),
                None => return false,
            }
        }
        // No two houses of a kind miss the same value.
        if kind.iter().collect::<BTreeSet<_>>().len() != n {
            return false;
        }
        misses.push(kind);
    }
    // At each 0, the values missing from its row, column and box differ.
    for r in 0..n {
        for c in 0..n {
            if g[r][c] == 0 {
                let b = (r / box_rows) * box_rows + c / box_cols;
                let three: BTreeSet<u16> = [misses[0][r], misses[1][c], misses[2][b]].into();
                if three.len() != 3 {
                    return false;
                }
            }
        }
    }
    true
}

/// Every grid obeying the rule and the givens (`None`: blank): rows built
/// one by one, each a row of the rule (n different values with a 0) that
/// keeps the givens and repeats no value of a column or box above it; the
/// whole rule is the filter at the end.
fn brute_force(givens: &[Option<u16>], box_rows: usize, box_cols: usize) -> BTreeSet<Filling> {
    let n = box_rows * box_cols;
    let mut rows: Vec<Vec<u16>> = Vec::new();
    let mut row = Vec::new();
    arrangements(n, &mut row, &mut rows);
    // The rows of the rule that keep the givens of each row of the grid.
    let allowed: Vec<Vec<Vec<u16>>> = (0..n)
        .map(|r| {
            rows.iter()
                .filter(|row| (0..n).all(|c| givens[r * n + c].is_none_or(|g| g == row[c])))
                .cloned()
                .collect()
        })
        .collect();
    let mut out = BTreeSet::new();
    let mut grid: Filling = Vec::new();
    fill(&allowed, n, &mut grid, &mut out, box_rows, box_cols);
    out
}

/// Every row of n different values of 0..=n holding a 0.
fn arrangements(n: usize, row: &mut Vec<u16>, out: &mut Vec<Vec<u16>>) {
    if row.len() == n {
        if row.contains(&0) {
            out.push(row.clone());
        }
        return;
    }
    for v in 0..=n as u16 {
        if !row.contains(&v) {
            row.push(v);
            arrangements(n, row, out);
            row.pop();
        }
    }
}

fn fill(
    allowed: &[Vec<Vec<u16>>],
    n: usize,
    grid: &mut Filling,
    out: &mut BTreeSet<Filling>,
    box_rows: usize,
    box_cols: usize,
) {
    let r = grid.len();
    if r == n {
        if obeys(grid, box_rows, box_cols) {
            out.insert(grid.clone());
        }
        return;
    }
    for candidate in &allowed[r] {
        let new_in_columns = (0..n).all(|c| grid.iter().all(|above| above[c] != candidate[c]));
        // The rows above in the same band: no value twice in a box.
        let band = r - r % box_rows;
        let new_in_boxes = (0..n).all(|c| {
            let stack = c - c % box_cols;
            grid[band..r]
                .iter()
                .all(|above| !above[stack..stack + box_cols].contains(&candidate[c]))
        });
        if new_in_columns && new_in_boxes {
            grid.push(candidate.clone());
            fill(allowed, n, grid, out, box_rows, box_cols);
            grid.pop();
        }
    }
}

fn as_filling(grid: &DoppelGrid) -> Filling {
    let n = grid.shape().side() as usize;
    (0..n)
        .map(|r| (0..n).map(|c| grid.get(r, c).expect("filled")).collect())
        .collect()
}

/// The model's solutions, every one of them, as fillings.
fn model_solutions(puzzle: &DoppelGrid) -> BTreeSet<Filling> {
    let stated = model(puzzle).unwrap();
    let compiled = stated.model.compile().unwrap();
    let mut solver = compiled.solver();
    let mut out = BTreeSet::new();
    let outcome = solver.for_each_solution(&Limits::none(), |s| {
        assert!(out.insert(as_filling(&stated.grid(&s))), "found twice");
        std::ops::ControlFlow::Continue(())
    });
    assert!(outcome.is_complete());
    out
}

/// The exact cover's solutions, every one of them, as fillings.
fn cover_solutions(puzzle: &DoppelGrid) -> BTreeSet<Filling> {
    let covered = cover(puzzle).unwrap();
    let mut solver = covered.matrix.solver();
    let mut search = solver.solutions(&Limits::none());
    let mut out = BTreeSet::new();
    while let Some(options) = search.next_solution() {
        let read = covered.read(options);
        assert!(out.insert(as_filling(&read.grid)), "found twice");
    }
    assert!(search.outcome().is_complete());
    out
}

/// The count on one engine, up to `limit`: `(solutions, complete)`.
fn count_on(puzzle: &DoppelGrid, engine: Asked, limit: Option<u128>) -> (u128, bool) {
    let counted = answer(puzzle, &Task::Count { limit }, engine, &Limits::none()).unwrap();
    let expected = match engine {
        Asked::Propagation => EngineName::Propagation,
        Asked::Dlx => EngineName::Dlx,
        other => panic!("count_on names its engine, not {other:?}"),
    };
    assert_eq!(counted.plan.engine, expected);
    match counted.answer {
        Answer::Counted {
            solutions,
            incomplete,
        } => (solutions, incomplete.is_none()),
        other => panic!("{other:?}"),
    }
}

/// The whole count, the same on Dancing Links, on the propagation engine
/// and under `auto` (propagation first, then Dancing Links).
fn count(puzzle: &DoppelGrid) -> u128 {
    let (dlx, complete) = count_on(puzzle, Asked::Dlx, None);
    assert!(complete);
    assert_eq!(
        count_on(puzzle, Asked::Propagation, None),
        (dlx, true),
        "{puzzle}"
    );
    let auto = answer(
        puzzle,
        &Task::Count { limit: None },
        Asked::Auto,
        &Limits::none(),
    )
    .unwrap();
    assert!(
        matches!(auto.answer, Answer::Counted { solutions, incomplete: None } if solutions == dlx),
        "{puzzle}: {:?}",
        auto.answer
    );
    dlx
}

fn grid_of(shape: Shape, givens: &[Option<u16>]) -> DoppelGrid {
    DoppelGrid::from_cells(shape, givens.to_vec()).unwrap()
}

/// 4x4: every filling, with no givens and with a few.
#[test]
fn four_by_four_agrees_with_the_brute_force() {
    let shape = Shape::square(2).unwrap();
    let empty = vec![None; 16];
    let all = brute_force(&empty, 2, 2);
    assert!(!all.is_empty());
    assert_eq!(count(&grid_of(shape, &empty)), all.len() as u128);
    assert_eq!(model_solutions(&grid_of(shape, &empty)), all);
    assert_eq!(cover_solutions(&grid_of(shape, &empty)), all);
    // The library's rule check accepts exactly the brute force's grids
    // among every filling of rows the rule allows with distinct columns:
    // all of them pass, and a grid with two cells exchanged fails unless the
    // brute force has it too.
    for g in &all {
        let grid =
            DoppelGrid::from_cells(shape, g.iter().flatten().map(|&v| Some(v)).collect()).unwrap();
        assert_eq!(check(&grid), Ok(()), "{grid}");
        for (a, b) in [(0, 5), (0, 1), (3, 12), (6, 9)] {
            let mut cells: Vec<Option<u16>> = grid.cells().to_vec();
            cells.swap(a, b);
            let swapped = DoppelGrid::from_cells(shape, cells).unwrap();
            let filling = as_filling(&swapped);
            assert_eq!(check(&swapped).is_ok(), all.contains(&filling), "{swapped}");
        }
    }
    // Givens taken from the brute force's grids: counts and solution sets.
    for (k, g) in all.iter().enumerate().step_by(97) {
        for keep in [[0, 5, 10], [3, 6, 13], [1, 2, 12]] {
            let mut givens = vec![None; 16];
            for &i in &keep[..1 + k % 3] {
                givens[i] = Some(g[i / 4][i % 4]);
            }
            let expected = brute_force(&givens, 2, 2);
            let puzzle = grid_of(shape, &givens);
            assert_eq!(count(&puzzle), expected.len() as u128, "{puzzle}");
            assert_eq!(model_solutions(&puzzle), expected, "{puzzle}");
            assert_eq!(cover_solutions(&puzzle), expected, "{puzzle}");
        }
    }
}

/// Verdicts: unique, several, none, as the brute force says.
#[test]
fn verdicts_agree_with_the_brute_force() {
    let shape = Shape::square(2).unwrap();
    let all: Vec<Filling> = brute_force(&[None; 16], 2, 2).into_iter().collect();
    for (k, g) in all.iter().enumerate().step_by(61) {
        // Givens: the first k % 9 + 3 cells in reading order.
        let mut givens = vec![None; 16];
        for i in 0..(k % 9 + 3) {
            givens[i] = Some(g[i / 4][i % 4]);
        }
        let expected = brute_force(&givens, 2, 2);
        let puzzle = grid_of(shape, &givens);
        for engine in [Asked::Auto, Asked::Propagation] {
            let checked = answer(&puzzle, &Task::Check, engine, &Limits::none()).unwrap();
            match (expected.len(), checked.answer) {
                (1, Answer::Unique(s)) => assert!(expected.contains(&as_filling(&s))),
                (n, Answer::Multiple(a, b)) if n >= 2 => {
                    assert!(
                        expected.contains(&as_filling(&a)) && expected.contains(&as_filling(&b))
                    );
                    assert_ne!(a, b);
                }
                (n, other) => panic!("{puzzle}: {n} solutions, answered {other:?}"),
            }
            let solved = answer(&puzzle, &Task::Solve, engine, &Limits::none()).unwrap();
            let Answer::Solved(s) = solved.answer else {
                panic!("{:?}", solved.answer)
            };
            assert!(expected.contains(&as_filling(&s)));
        }
    }
    // Two zeros in one row: no solution.
    let clash: DoppelGrid = "00..............".parse().unwrap();
    for engine in [Asked::Auto, Asked::Propagation] {
        let checked = answer(&clash, &Task::Check, engine, &Limits::none()).unwrap();
        assert!(
            matches!(checked.answer, Answer::Unsolvable),
            "{:?}",
            checked.answer
        );
    }
    assert!(brute_force(clash.cells(), 2, 2).is_empty());
}

/// 6x6 (boxes 2x3) with givens from a grid of the rule: the brute force
/// and the engine agree on counts and solution sets.
#[test]
fn six_by_six_with_givens_agrees_with_the_brute_force() {
    let shape = Shape::new(2, 3).unwrap();
    let empty = grid_of(shape, &[None; 36]);
    let solved = answer(&empty, &Task::Solve, Asked::Auto, &Limits::none()).unwrap();
    let Answer::Solved(full) = solved.answer else {
        panic!("{:?}", solved.answer)
    };
    assert!(obeys(&as_filling(&full), 2, 3), "{full}");
    // Givens: the first row and a few cells below, then fewer.
    let sets: [&[usize]; 3] = [
        &[0, 1, 2, 3, 4, 5, 6, 8, 13, 15, 20, 22, 27, 29, 34],
        &[0, 1, 2, 3, 4, 5, 7, 9, 17, 19, 22, 26, 30, 33],
        &[0, 1, 2, 3, 4, 5, 7, 14, 16, 21, 28, 31, 35],
    ];
    for keep in sets {
        let mut givens = vec![None; 36];
        for &i in keep {
            givens[i] = full.cells()[i];
        }
        let expected = brute_force(&givens, 2, 3);
        assert!(expected.contains(&as_filling(&full)));
        eprintln!("6x6, {} givens: {} solutions", keep.len(), expected.len());
        let puzzle = grid_of(shape, &givens);
        assert_eq!(count(&puzzle), expected.len() as u128, "{puzzle}");
        assert_eq!(model_solutions(&puzzle), expected, "{puzzle}");
        assert_eq!(cover_solutions(&puzzle), expected, "{puzzle}");
    }
}

/// A few hundred random 6x6 puzzles, givens taken from grids of the rule:
/// Dancing Links on the exact cover and the propagation engine on the
/// constraint model give the same counts (capped at 20) and verdicts.
#[test]
fn six_by_six_random_puzzles_agree_on_both_engines() {
    let shape = Shape::new(2, 3).unwrap();
    let empty = grid_of(shape, &[None; 36]);
    // Grids of the rule: the first 3000 the cover enumerates, each checked
    // by the brute force's rule.
    let covered = cover(&empty).unwrap();
    let mut solver = covered.matrix.solver();
    let mut search = solver.solutions(&Limits::none().solutions(3000));
    let mut grids = Vec::new();
    while let Some(options) = search.next_solution() {
        grids.push(covered.read(options).grid);
    }
    assert_eq!(grids.len(), 3000);
    // A plain linear congruential generator: the same puzzles every run.
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |below: usize| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((seed >> 33) % below as u64) as usize
    };
    let mut unique = 0;
    for _ in 0..300 {
        let full = &grids[next(grids.len())];
        assert!(obeys(&as_filling(full), 2, 3), "{full}");
        let mut givens = vec![None; 36];
        for _ in 0..8 + next(12) {
            let i = next(36);
            givens[i] = full.cells()[i];
        }
        let puzzle = grid_of(shape, &givens);
        let dlx = count_on(&puzzle, Asked::Dlx, Some(20));
        let propagation = count_on(&puzzle, Asked::Propagation, Some(20));
        assert_eq!(dlx, propagation, "{puzzle}");
        assert!(dlx.0 >= 1, "{puzzle}: the grid it came from solves it");
        let verdicts = [Asked::Auto, Asked::Propagation].map(|engine| {
            match answer(&puzzle, &Task::Check, engine, &Limits::none())
                .unwrap()
                .answer
            {
                Answer::Unique(s) => Some(s),
                Answer::Multiple(..) => None,
                other => panic!("{puzzle}: {other:?}"),
            }
        });
        assert_eq!(verdicts[0], verdicts[1], "{puzzle}");
        assert_eq!(verdicts[0].is_some(), dlx == (1, true), "{puzzle}");
        unique += usize::from(verdicts[0].is_some());
    }
    eprintln!("6x6 random: {unique} of 300 unique");
}

/// Bits cannot take the puzzle: refused, not replaced.
#[test]
fn other_engines_are_refused() {
    let puzzle: DoppelGrid = "0...............".parse().unwrap();
    let e = answer(&puzzle, &Task::Check, Asked::Bits, &Limits::none()).unwrap_err();
    assert!(e.to_string().contains("cannot take"), "{e}");
    let e = answer(&puzzle, &Task::Enumerate, Asked::Auto, &Limits::none()).unwrap_err();
    assert!(e.to_string().contains("enumerated"), "{e}");
}

/// The number of 0 options the cover keeps at the cells of `puzzle`,
/// counted plainly: per blank cell (or given 0), each three pairwise
/// different values (row, column, box miss) none of which is given in
/// the house said to miss it.
fn zero_options_expected(puzzle: &DoppelGrid) -> usize {
    let shape = puzzle.shape();
    let n = shape.side() as usize;
    let given_in = |cells: &dyn Fn(usize) -> usize, v: u16| {
        (0..n).any(|k| puzzle.cells()[cells(k)] == Some(v))
    };
    let mut total = 0;
    for r in 0..n {
        for c in 0..n {
            if puzzle.get(r, c).is_some_and(|g| g != 0) {
                continue;
            }
            let b = shape.box_of(r, c);
            let (br, bc) = (shape.box_rows() as usize, shape.box_cols() as usize);
            let row = |k: usize| r * n + k;
            let col = |k: usize| k * n + c;
            let boxed = |k: usize| {
                let (r0, c0) = ((b / (n / bc)) * br, (b % (n / bc)) * bc);
                (r0 + k / bc) * n + c0 + k % bc
            };
            for a in 1..=n as u16 {
                for bb in 1..=n as u16 {
                    for d in 1..=n as u16 {
                        let distinct = a != bb && a != d && bb != d;
                        if distinct
                            && !given_in(&row, a)
                            && !given_in(&col, bb)
                            && !given_in(&boxed, d)
                        {
                            total += 1;
                        }
                    }
                }
            }
        }
    }
    total
}

/// Givens prune the 0 options of their houses (a house cannot miss a value
/// it is given): the cover has fewer options, exactly as many as counted
/// plainly here, and the counts and solution sets stay those of the brute
/// force.
#[test]
fn givens_prune_zero_options_and_counts_stay() {
    let shape = Shape::square(2).unwrap();
    let all: Vec<Filling> = brute_force(&[None; 16], 2, 2).into_iter().collect();
    let empty = grid_of(shape, &[None; 16]);
    let n = 4usize;
    // The empty grid: every 0 option, n^2 * n (n-1) (n-2) of them.
    let full = cover(&empty).unwrap().matrix.option_count();
    assert_eq!(full, n * n * n + n * n * n * (n - 1) * (n - 2));
    assert_eq!(full, value_options(&empty) + zero_options_expected(&empty));
    let mut pruned_some = 0;
    for (k, g) in all.iter().enumerate().step_by(37) {
        // Givens of 1..=n only (those prune), two to six of them.
        let mut givens = vec![None; 16];
        let mut placed = 0;
        for i in (k % 5..16).step_by(3) {
            if g[i / 4][i % 4] != 0 && placed < 2 + k % 5 {
                givens[i] = Some(g[i / 4][i % 4]);
                placed += 1;
            }
        }
        let puzzle = grid_of(shape, &givens);
        let options = cover(&puzzle).unwrap().matrix.option_count();
        let expected_options = value_options(&puzzle) + zero_options_expected(&puzzle);
        assert_eq!(options, expected_options, "{puzzle}");
        // Without pruning: a blank cell keeps every 0 option.
        let blanks = givens.iter().filter(|g| g.is_none()).count();
        let unpruned = value_options(&puzzle) + blanks * n * (n - 1) * (n - 2);
        assert!(options <= unpruned, "{puzzle}");
        pruned_some += usize::from(options < unpruned);
        let expected = brute_force(&givens, 2, 2);
        assert_eq!(count(&puzzle), expected.len() as u128, "{puzzle}");
        assert_eq!(cover_solutions(&puzzle), expected, "{puzzle}");
    }
    assert!(
        pruned_some > 5,
        "the givens pruned in {pruned_some} puzzles"
    );
    // 6x6, givens as in the 6x6 test above (the brute force is quick on
    // them): the options are as counted plainly, the solutions the brute
    // force's.
    let shape6 = Shape::new(2, 3).unwrap();
    let empty6 = grid_of(shape6, &[None; 36]);
    let solved = answer(&empty6, &Task::Solve, Asked::Auto, &Limits::none()).unwrap();
    let Answer::Solved(full6) = solved.answer else {
        panic!("{:?}", solved.answer)
    };
    let mut givens = vec![None; 36];
    for i in [0, 1, 2, 3, 4, 5, 6, 8, 13, 15, 20, 22, 27, 29, 34] {
        givens[i] = full6.cells()[i];
    }
    let puzzle = grid_of(shape6, &givens);
    let options = cover(&puzzle).unwrap().matrix.option_count();
    assert_eq!(
        options,
        value_options(&puzzle) + zero_options_expected(&puzzle)
    );
    let blanks = givens.iter().filter(|g| g.is_none()).count();
    assert!(options < value_options(&puzzle) + blanks * 6 * 5 * 4);
    let expected = brute_force(&givens, 2, 3);
    assert_eq!(cover_solutions(&puzzle), expected, "{puzzle}");
}

/// The options of values 1..=n the cover keeps: n at a blank cell, one at
/// a given of 1..=n, none at a given 0.
fn value_options(p: &DoppelGrid) -> usize {
    p.cells()
        .iter()
        .map(|g| match g {
            None => p.shape().side() as usize,
            Some(0) => 0,
            Some(_) => 1,
        })
        .sum()
}

/// The true candidates against the brute force: per cell, the values of
/// the brute force's solutions (4x4, puzzles with a few givens, and one
/// without a solution).
#[test]
fn true_candidates_agree_with_the_brute_force() {
    use sudoku_solve::doppelganger::true_candidates;
    let shape = Shape::square(2).unwrap();
    let all: Vec<Filling> = brute_force(&[None; 16], 2, 2).into_iter().collect();
    for (k, g) in all.iter().enumerate().step_by(89) {
        let mut givens = vec![None; 16];
        for i in (k % 4..16).step_by(5 + k % 3) {
            givens[i] = Some(g[i / 4][i % 4]);
        }
        let expected = brute_force(&givens, 2, 2);
        let puzzle = grid_of(shape, &givens);
        let found = true_candidates(&puzzle, &Limits::none()).unwrap();
        assert_eq!(found.incomplete, None);
        for i in 0..16 {
            let values: BTreeSet<u16> = expected.iter().map(|s| s[i / 4][i % 4]).collect();
            assert_eq!(
                found.cells[i],
                values.into_iter().collect::<Vec<_>>(),
                "{puzzle} r{}c{}",
                i / 4 + 1,
                i % 4 + 1
            );
        }
    }
    let clash: DoppelGrid = "00..............".parse().unwrap();
    let found = true_candidates(&clash, &Limits::none()).unwrap();
    assert!(found.is_unsolvable(), "{found:?}");
}

/// Generated 4x4 puzzles: the brute force finds exactly one solution, the
/// generator's, and more than one once any given is taken away (minimal).
#[test]
fn generated_four_by_four_puzzles_are_unique_and_minimal_by_the_brute_force() {
    use sudoku_solve::doppelganger::generate;
    let shape = Shape::square(2).unwrap();
    let mut seen = BTreeSet::new();
    for seed in 0..12 {
        let made = generate(shape, seed, &Limits::none()).unwrap();
        assert!(made.minimal, "seed {seed}");
        let givens = made.puzzle.cells().to_vec();
        let solutions = brute_force(&givens, 2, 2);
        assert_eq!(
            solutions.into_iter().collect::<Vec<_>>(),
            vec![as_filling(&made.solution)],
            "seed {seed}: {}",
            made.puzzle
        );
        for i in (0..16).filter(|&i| givens[i].is_some()) {
            let mut fewer = givens.clone();
            fewer[i] = None;
            assert!(
                brute_force(&fewer, 2, 2).len() > 1,
                "seed {seed}: {} stays unique without r{}c{}",
                made.puzzle,
                i / 4 + 1,
                i % 4 + 1
            );
        }
        // The same seed, the same puzzle.
        assert_eq!(generate(shape, seed, &Limits::none()).unwrap(), made);
        seen.insert(made.puzzle.to_text());
    }
    assert!(seen.len() > 6, "12 seeds made only {} puzzles", seen.len());
}

/// Generated 6x6 and 9x9 puzzles, checked apart from the generator's own
/// search (on candidate masks): the solution by the brute force's rule,
/// and the verdicts (unique, and several solutions without any one given)
/// by Dancing Links on the exact cover on 6x6, by the propagation engine
/// on 9x9 (where Dancing Links takes seconds a verdict). These seeds' digs
/// were all decided within the generator's budget, so the puzzles are
/// minimal.
#[test]
fn generated_six_by_six_and_nine_by_nine_puzzles_are_unique_and_minimal() {
    use sudoku_solve::doppelganger::generate;
    let verdict = |p: &DoppelGrid, engine: Asked| {
        answer(p, &Task::Check, engine, &Limits::none())
            .unwrap()
            .answer
    };
    for (shape, engine, seeds) in [
        (Shape::new(2, 3).unwrap(), Asked::Dlx, 0..4),
        (Shape::square(3).unwrap(), Asked::Propagation, 0..3),
    ] {
        let (br, bc) = (shape.box_rows() as usize, shape.box_cols() as usize);
        for seed in seeds {
            let made = generate(shape, seed, &Limits::none()).unwrap();
            assert!(made.minimal, "seed {seed}: {}", made.puzzle);
            assert!(
                obeys(&as_filling(&made.solution), br, bc),
                "{}",
                made.solution
            );
            match verdict(&made.puzzle, engine) {
                Answer::Unique(s) => assert_eq!(s, made.solution),
                other => panic!("seed {seed}: {}: {other:?}", made.puzzle),
            }
            let n = shape.side() as usize;
            for i in (0..n * n).filter(|&i| made.puzzle.cells()[i].is_some()) {
                let mut fewer = made.puzzle.clone();
                fewer.set(i / n, i % n, None);
                assert!(
                    matches!(verdict(&fewer, engine), Answer::Multiple(..)),
                    "seed {seed}: {} stays unique without r{}c{}",
                    made.puzzle,
                    i / n + 1,
                    i % n + 1
                );
            }
        }
    }
}

/// `auto` solving: the propagation engine answers a puzzle with givens
/// within its budget; on the empty 9x9 grid it runs out and Dancing Links
/// answers (the solution checked by the brute force's rule). A check is
/// the grid's own search on candidate masks.
#[test]
fn auto_falls_back_to_dancing_links_on_the_empty_grid() {
    let nine = Shape::square(3).unwrap();
    let solved = answer(
        &grid_of(nine, &[None; 81]),
        &Task::Solve,
        Asked::Auto,
        &Limits::none(),
    )
    .unwrap();
    assert_eq!(solved.plan.engine, EngineName::Dlx);
    let Answer::Solved(full) = solved.answer else {
        panic!("{:?}", solved.answer)
    };
    assert!(obeys(&as_filling(&full), 3, 3), "{full}");
    assert!(solved.nodes > sudoku_solve::doppelganger::PROPAGATION_FIRST);
    // Half the cells given: propagation solves, the masks check.
    let mut half = full.clone();
    for i in (0..81).step_by(2) {
        half.set(i / 9, i % 9, None);
    }
    let solved = answer(&half, &Task::Solve, Asked::Auto, &Limits::none()).unwrap();
    assert_eq!(solved.plan.engine, EngineName::Propagation);
    let checked = answer(&half, &Task::Check, Asked::Auto, &Limits::none()).unwrap();
    assert_eq!(checked.plan.engine, EngineName::Masks);
    match checked.answer {
        Answer::Unique(s) => assert_eq!(s, full),
        Answer::Multiple(a, b) => {
            assert_ne!(a, b);
            assert!(obeys(&as_filling(&a), 3, 3) && obeys(&as_filling(&b), 3, 3));
        }
        other => panic!("{other:?}"),
    }
    // A node limit of the caller's own below the budget is the caller's:
    // no fallback, the answer says it stopped.
    let stopped = answer(
        &grid_of(nine, &[None; 81]),
        &Task::Solve,
        Asked::Auto,
        &Limits::none().nodes(10),
    )
    .unwrap();
    assert!(
        matches!(stopped.answer, Answer::Unknown(_)),
        "{:?}",
        stopped.answer
    );
}

/// A removal budget too small to decide anything keeps givens: the puzzle
/// is not called minimal, and it is still unique (Dancing Links on the
/// exact cover says so, with the generator's solution).
#[test]
fn a_small_removal_budget_keeps_givens_and_says_so() {
    use sudoku_solve::doppelganger::generate;
    let shape = Shape::new(2, 3).unwrap();
    let full = generate(shape, 4, &Limits::none()).unwrap();
    let tight = generate(shape, 4, &Limits::none().nodes(1)).unwrap();
    assert_eq!(tight.solution, full.solution, "the same grid from the seed");
    assert!(!tight.minimal);
    match answer(&tight.puzzle, &Task::Check, Asked::Dlx, &Limits::none())
        .unwrap()
        .answer
    {
        Answer::Unique(s) => assert_eq!(s, tight.solution),
        other => panic!("{}: {other:?}", tight.puzzle),
    }
}

/// The answer of `auto` on a check (the grid's own search on candidate
/// masks, so named), against `expected` (the solutions, every one):
/// unique with that solution, several with two of them, or none.
fn masks_verdict_is(puzzle: &DoppelGrid, expected: &BTreeSet<Filling>) {
    let checked = answer(puzzle, &Task::Check, Asked::Auto, &Limits::none()).unwrap();
    assert_eq!(checked.plan.engine, EngineName::Masks, "{puzzle}");
    match (expected.len(), checked.answer) {
        (0, Answer::Unsolvable) => {}
        (1, Answer::Unique(s)) => assert!(expected.contains(&as_filling(&s)), "{puzzle}"),
        (n, Answer::Multiple(a, b)) if n >= 2 => {
            assert_ne!(a, b, "{puzzle}");
            assert!(expected.contains(&as_filling(&a)), "{puzzle}: {a}");
            assert!(expected.contains(&as_filling(&b)), "{puzzle}: {b}");
        }
        (n, other) => panic!("{puzzle}: {n} solutions, the masks answered {other:?}"),
    }
}

/// The check `auto` plans (the grid's own search on candidate masks)
/// against the brute force on 4x4 and 6x6 puzzles: givens from grids of
/// the rule (unique and several solutions) and givens at random, most of
/// them with no solution; every verdict as the brute force says. Under
/// node limits from 1 up, each answer is that verdict or "unknown", never
/// another.
#[test]
fn the_masks_check_agrees_with_the_brute_force() {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |below: usize| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((seed >> 33) % below as u64) as usize
    };
    let mut seen = [0usize; 3];
    for (box_rows, box_cols, puzzles) in [(2, 2, 400), (2, 3, 8)] {
        let n = box_rows * box_cols;
        let shape = Shape::new(box_rows as u32, box_cols as u32).unwrap();
        let grids: Vec<Filling> = if n == 4 {
            brute_force(&[None; 16], 2, 2).into_iter().collect()
        } else {
            // 6x6 grids of the rule: from Dancing Links on the cover, each
            // held to the brute force's rule.
            let empty = grid_of(shape, &[None; 36]);
            let covered = cover(&empty).unwrap();
            let mut solver = covered.matrix.solver();
            let mut search = solver.solutions(&Limits::none().solutions(500));
            let mut grids = Vec::new();
            while let Some(options) = search.next_solution() {
                let g = as_filling(&covered.read(options).grid);
                assert!(obeys(&g, 2, 3));
                grids.push(g);
            }
            grids
        };
        for k in 0..puzzles {
            let mut givens = vec![None; n * n];
            if k % 4 == 3 && n == 4 {
                // Values at random: mostly no solution.
                for _ in 0..2 + next(n + 2) {
                    givens[next(n * n)] = Some(next(n + 1) as u16);
                }
            } else {
                // Givens of a grid; on 6x6 enough of them that the brute
                // force, which lists every solution, stays quick.
                let g = &grids[next(grids.len())];
                let keep = if n == 4 { 3 + next(8) } else { 24 + next(8) };
                for _ in 0..keep {
                    let i = next(n * n);
                    givens[i] = Some(g[i / n][i % n]);
                }
                if k % 4 == 3 {
                    // One value at random: mostly no solution.
                    givens[next(n * n)] = Some(next(n + 1) as u16);
                }
            }
            let expected = brute_force(&givens, box_rows, box_cols);
            let puzzle = grid_of(shape, &givens);
            masks_verdict_is(&puzzle, &expected);
            seen[expected.len().min(2)] += 1;
            for nodes in [1, 2, 3, 5, 8, 13, 21] {
                let limited = answer(
                    &puzzle,
                    &Task::Check,
                    Asked::Auto,
                    &Limits::none().nodes(nodes),
                )
                .unwrap();
                match (expected.len(), limited.answer) {
                    (_, Answer::Unknown(_)) | (0, Answer::Unsolvable) => {}
                    (1, Answer::Unique(s)) => assert!(expected.contains(&as_filling(&s))),
                    (n, Answer::Multiple(a, b)) if n >= 2 => {
                        assert!(
                            a != b
                                && expected.contains(&as_filling(&a))
                                && expected.contains(&as_filling(&b))
                        )
                    }
                    (n, other) => panic!("{puzzle} within {nodes} nodes: {n} solutions, {other:?}"),
                }
            }
        }
    }
    eprintln!("masks against the brute force: {seen:?} puzzles with 0, 1, 2+ solutions");
    assert!(seen.iter().all(|&k| k >= 20), "{seen:?}");
}

/// The phantoms the masks reason on (module `masks`): in a grid of the
/// rule, the row, the column and the box that miss a value meet at one
/// cell, which holds neither 0 nor that value. On 500 6x6 grids (boxes of
/// two rows and three columns: bands and stacks of different sizes) from
/// Dancing Links on the cover, each held to the brute force's rule.
#[test]
fn every_missing_value_has_its_phantom_on_six_by_six() {
    let shape = Shape::new(2, 3).unwrap();
    let empty = grid_of(shape, &[None; 36]);
    let covered = cover(&empty).unwrap();
    let mut solver = covered.matrix.solver();
    let mut search = solver.solutions(&Limits::none().solutions(500));
    let mut grids = 0;
    while let Some(options) = search.next_solution() {
        let g = as_filling(&covered.read(options).grid);
        assert!(obeys(&g, 2, 3));
        let house = |cells: Vec<u16>| missing(&cells, 6).unwrap();
        let rows: Vec<u16> = (0..6).map(|r| house(g[r].clone())).collect();
        let columns: Vec<u16> = (0..6)
            .map(|c| house((0..6).map(|r| g[r][c]).collect()))
            .collect();
        let boxes: Vec<u16> = (0..6)
            .map(|b| {
                let (r0, c0) = ((b / 2) * 2, (b % 2) * 3);
                house(
                    (r0..r0 + 2)
                        .flat_map(|r| g[r][c0..c0 + 3].to_vec())
                        .collect(),
                )
            })
            .collect();
        for d in 1..=6 {
            let at = |misses: &[u16]| misses.iter().position(|&m| m == d).unwrap();
            let (r, c, b) = (at(&rows), at(&columns), at(&boxes));
            assert_eq!((r / 2) * 2 + c / 3, b, "{g:?}, value {d}");
            assert!(g[r][c] != 0 && g[r][c] != d, "{g:?}, value {d}");
        }
        grids += 1;
    }
    assert_eq!(grids, 500);
}

/// Generated 9x9 puzzles, and each with one given changed (most then have
/// no solution) or taken away (several): the check `auto` plans (the
/// masks) and the propagation engine on the constraint model give the same
/// verdicts and solutions; a generated puzzle's is the generator's.
#[test]
fn the_masks_check_agrees_with_propagation_on_nine_by_nine() {
    use sudoku_solve::doppelganger::generate;
    let nine = Shape::square(3).unwrap();
    let verdict = |puzzle: &DoppelGrid, engine: Asked| {
        let checked = answer(puzzle, &Task::Check, engine, &Limits::none()).unwrap();
        match checked.answer {
            Answer::Unique(s) => Ok(Some(s)),
            Answer::Unsolvable => Ok(None),
            Answer::Multiple(a, b) => {
                assert_ne!(a, b);
                assert!(check(&a).is_ok() && check(&b).is_ok());
                Err(())
            }
            other => panic!("{puzzle} on {engine:?}: {other:?}"),
        }
    };
    let mut kinds = [0usize; 3];
    for seed in 0..3 {
        let made = generate(nine, seed, &Limits::none()).unwrap();
        assert_eq!(
            verdict(&made.puzzle, Asked::Auto),
            Ok(Some(made.solution.clone()))
        );
        let given: Vec<usize> = (0..81)
            .filter(|&i| made.puzzle.cells()[i].is_some())
            .collect();
        for (k, &i) in given.iter().enumerate().step_by(3) {
            let mut changed = made.puzzle.clone();
            let v = made.puzzle.cells()[i].unwrap();
            changed.set(i / 9, i % 9, Some((v + 1 + k as u16 % 9) % 10));
            let mut fewer = made.puzzle.clone();
            fewer.set(i / 9, i % 9, None);
            for puzzle in [changed, fewer] {
                let masks = verdict(&puzzle, Asked::Auto);
                assert_eq!(masks, verdict(&puzzle, Asked::Propagation), "{puzzle}");
                kinds[match masks {
                    Ok(None) => 0,
                    Ok(Some(_)) => 1,
                    Err(()) => 2,
                }] += 1;
            }
        }
    }
    eprintln!("9x9: {kinds:?} puzzles with 0, 1, 2+ solutions");
    assert!(kinds[0] > 0 && kinds[2] > 0, "{kinds:?}");
}
