//! Soundness, checked against the search: on generated puzzles with one
//! solution (several shapes and variants), no step places a value other
//! than the solution's and no step removes the solution's value. The
//! solution comes from the exact-cover engine (the generator's search),
//! and is checked against the rules here.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use std::collections::BTreeMap;
use sudoku::{Grid, Rules, Shape, Variant};

use sudoku_generate::{GenerateOptions, Generated, MadePuzzle, Maker};
use sudoku_logic::{next_step_within, solve, Candidates, End, Houses, Mode, Step, Technique};
use sudoku_solve::{Limits, SolveGrid};

fn agrees(step: &Step, solution: &Grid) -> bool {
    let s = solution.cells();
    step.placements.iter().all(|p| s[p.cell] == p.value)
        && step
            .eliminations
            .iter()
            .all(|e| !e.values.contains(&s[e.cell]))
}

/// Solves `puzzle` step by step in both modes (SE's techniques, and
/// those plus the common ones SE lacks) and checks every step against
/// `solution`; the number of steps that were not singles.
fn check(rules: &Rules, puzzle: &Grid, solution: &Grid, what: &str) -> usize {
    check_mode(
        rules,
        puzzle,
        solution,
        what,
        Mode::Extended,
        &mut BTreeMap::new(),
    );
    check_mode(
        rules,
        puzzle,
        solution,
        what,
        Mode::Se,
        &mut BTreeMap::new(),
    )
}

/// [`check`] in one mode, counting the steps of each technique in `seen`.
fn check_mode(
    rules: &Rules,
    puzzle: &Grid,
    solution: &Grid,
    what: &str,
    mode: Mode,
    seen: &mut BTreeMap<Technique, usize>,
) -> usize {
    assert!(
        rules.is_solution(solution, puzzle),
        "{what}: not a solution"
    );
    let houses = Arc::new(Houses::new(rules).unwrap());
    let c = Candidates::with_houses(houses, puzzle).unwrap();
    assert!(c.first_mistake(solution).is_none(), "{what}: start");
    let path = solve(c.clone(), mode, &Limits::none());
    let mut state = c;
    let mut harder = 0;
    for step in &path.steps {
        assert!(
            agrees(step, solution),
            "{what}: {} contradicts {solution}",
            step.text()
        );
        assert!(
            !step.placements.is_empty() || !step.eliminations.is_empty(),
            "{what}: an empty step {}",
            step.text()
        );
        state.apply(step);
        assert!(
            state.first_mistake(solution).is_none(),
            "{what}: after {}",
            step.text()
        );
        if step.difficulty.tenths() > 23 {
            harder += 1;
        }
        *seen.entry(step.technique).or_default() += 1;
    }
    assert_ne!(path.end, End::Broken, "{what}");
    if path.end == End::Solved {
        assert_eq!(&state.grid(), solution, "{what}");
    }
    harder
}

/// Classic puzzle `seed` of `shape` from the generator (its checks passed).
fn generate(shape: Shape, seed: u64, options: &GenerateOptions) -> Result<Generated, String> {
    match Maker::classic(shape, options.clone()).make(seed, &Limits::none()) {
        Ok(MadePuzzle::Classic(made, _)) => Ok(made),
        other => Err(format!("{shape} seed {seed}: {other:?}")),
    }
}

/// An x, windoku or jigsaw puzzle `seed` from the generator: the puzzle,
/// its solution and its rules (with the region map drawn for a jigsaw).
fn generate_variant(
    base: &Variant,
    shape: Shape,
    jigsaw: bool,
    seed: u64,
) -> (Grid, Grid, Variant) {
    let maker = Maker::variant(base.clone(), "test", shape, jigsaw).unwrap();
    match maker.make(seed, &Limits::none()) {
        Ok(MadePuzzle::Variant {
            puzzle,
            solution,
            variant,
            ..
        }) => (puzzle, solution, variant),
        other => panic!("{shape} jigsaw={jigsaw} seed {seed}: {other:?}"),
    }
}

#[test]
fn classic_shapes_never_contradict_the_solution() {
    let options = GenerateOptions::default();
    let mut harder = 0;
    for (r, c, count) in [(2, 2, 40), (2, 3, 40), (3, 3, 60)] {
        let shape = Shape::new(r, c).unwrap();
        let rules = Rules::standard(shape);
        for seed in 0..count {
            let made = generate(shape, seed, &options).unwrap();
            harder += check(
                &rules,
                &made.puzzle,
                &made.solution,
                &format!("{shape} seed {seed}"),
            );
        }
    }
    // The generated minimal 9x9 puzzles need more than singles now and then.
    assert!(harder > 0);
}

#[test]
fn variants_never_contradict_the_solution() {
    let shape = Shape::square(3).unwrap();
    for (names, jigsaw, count) in [("x", false, 25), ("windoku", false, 25), ("", true, 25)] {
        let variant = Variant::from_names(names).unwrap();
        for seed in 0..count {
            let (puzzle, solution, used) = generate_variant(&variant, shape, jigsaw, seed);
            let rules = used.rules(shape).unwrap();
            check(
                &rules,
                &puzzle,
                &solution,
                &format!("{names} jigsaw={jigsaw} seed {seed}"),
            );
        }
    }
    let small = Shape::new(2, 3).unwrap();
    for seed in 0..20 {
        let variant = Variant::default();
        let (puzzle, solution, used) = generate_variant(&variant, small, true, seed);
        let rules = used.rules(small).unwrap();
        check(
            &rules,
            &puzzle,
            &solution,
            &format!("jigsaw 6x6 seed {seed}"),
        );
    }
}

/// The common techniques SE lacks, over the 400 generated puzzles of the
/// SE agreement set (a quarter need chains in SE): every step agrees with
/// the search's solution, and each technique is met at least once.
#[test]
fn common_techniques_never_contradict_the_solution() {
    let data = include_str!("data/se-ratings.txt");
    let rules = Rules::standard(Shape::square(3).unwrap());
    let mut seen = BTreeMap::new();
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let puzzle = line.split_whitespace().next().unwrap();
        let grid: Grid = puzzle.replace('0', ".").parse().unwrap();
        let solution = grid.solve_unique().expect("one solution");
        check_mode(&rules, &grid, &solution, puzzle, Mode::Extended, &mut seen);
    }
    each_met(
        &seen,
        &[
            Technique::Skyscraper,
            Technique::TwoStringKite,
            Technique::WWing,
            Technique::FinnedXWing,
            Technique::SashimiXWing,
            Technique::FinnedSwordfish,
            Technique::ColourTrap,
            Technique::XChain,
            Technique::XYChain,
        ],
    );
}

/// Setter's constraints read off a solved grid, so that the grid keeps
/// them: cages (as killer cages and as constraints) with their sums,
/// thermometers along increasing neighbours, arrows, Kropki and XV dots,
/// odd and even cells, whispers, renban and between lines, little killer
/// sums, extra regions.
fn constraints_of(solution: &Grid, seed: u64) -> (Vec<sudoku::CageSpec>, Vec<sudoku::Constraint>) {
    use sudoku::{CageSpec, Constraint, PairKind};
    let v = solution.cells();
    let n = 9usize;
    let val = |cell: usize| u32::from(v[cell]);
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move |m: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % m as u64) as usize
    };
    let mut cages = Vec::new();
    let mut out = Vec::new();
    // Horizontal cages of 2-3 cells in rows 1, 4, 7 (killer) and 2, 5, 8
    // (constraint cages).
    for r in 0..n {
        let mut c = 0;
        while c < n && r % 3 != 2 {
            let len = 2 + next(2);
            let cells: Vec<usize> = (c..(c + len).min(n)).map(|c| r * n + c).collect();
            let sum: u32 = cells.iter().map(|&x| val(x)).sum();
            if cells.len() >= 2 {
                if r % 3 == 0 {
                    cages.push(CageSpec {
                        sum,
                        cells: cells.iter().map(|&x| (x / n, x % n)).collect(),
                        line: 0,
                        columns: Vec::new(),
                    });
                } else {
                    out.push(Constraint::Cage {
                        cells,
                        sum: Some(sum),
                    });
                }
            }
            c += len + next(2);
        }
    }
    // Thermometers: from a few cells, walk to a larger neighbour in rows
    // 3, 6, 9 or down columns.
    for _ in 0..3 {
        let mut cell = (2 + 3 * next(3)) * n + next(n);
        let mut cells = vec![cell];
        loop {
            let (r, c) = (cell / n, cell % n);
            let step = [(c + 1 < n).then(|| cell + 1), (c > 0).then(|| cell - 1)]
                .into_iter()
                .flatten()
                .find(|&x| val(x) > val(cell) && !cells.contains(&x));
            let _ = r;
            match step {
                Some(x) => {
                    cells.push(x);
                    cell = x;
                }
                None => break,
            }
        }
        if cells.len() >= 2 {
            out.push(Constraint::Thermometer { cells });
        }
    }
    for cell in 0..n * n {
        let (r, c) = (cell / n, cell % n);
        for other in [(c + 1 < n).then(|| cell + 1), (r + 1 < n).then(|| cell + n)]
            .into_iter()
            .flatten()
        {
            let (a, b) = (val(cell), val(other));
            let pick = next(6);
            if a.abs_diff(b) == 1 && pick == 0 {
                out.push(Constraint::Dot {
                    cells: [cell, other],
                    kind: PairKind::Difference,
                    value: 1,
                });
            } else if (a == 2 * b || b == 2 * a) && pick == 1 {
                out.push(Constraint::Dot {
                    cells: [cell, other],
                    kind: PairKind::Ratio,
                    value: 2,
                });
            } else if (a + b == 10 || a + b == 5) && pick == 2 {
                out.push(Constraint::Dot {
                    cells: [cell, other],
                    kind: PairKind::Sum,
                    value: a + b,
                });
            } else if a.abs_diff(b) >= 5 && pick == 3 {
                out.push(Constraint::Whispers {
                    cells: vec![cell, other],
                });
            }
        }
        if next(9) == 0 {
            out.push(if val(cell) % 2 == 0 {
                Constraint::Even { cell }
            } else {
                Constraint::Odd { cell }
            });
        }
    }
    // Arrows: two cells of a column whose values add up to at most 9,
    // the circle a cell of the row holding that sum.
    for c in 0..n {
        let (a, b) = (c, n + c);
        let s = val(a) + val(b);
        if s <= 9 {
            if let Some(circle) = (2 * n..3 * n).find(|&x| val(x) == s) {
                out.push(Constraint::Arrow {
                    circle: vec![circle],
                    line: vec![a, b],
                });
            }
        }
    }
    // Renban and between lines: windows of 3 in rows 3, 6, 9.
    for r in [2, 5, 8] {
        for c in 0..n - 2 {
            let cells: Vec<usize> = (c..c + 3).map(|c| r * n + c).collect();
            let vs: Vec<u32> = cells.iter().map(|&x| val(x)).collect();
            let (lo, hi) = (*vs.iter().min().unwrap(), *vs.iter().max().unwrap());
            if hi - lo == 2 {
                out.push(Constraint::Renban { cells });
            } else if vs[1] > vs[0].min(vs[2]) && vs[1] < vs[0].max(vs[2]) {
                out.push(Constraint::BetweenLine { cells });
            }
        }
    }
    // Quadruples (two values of a 2x2 block), clones (two cells of equal
    // value that do not see each other), entropic lines (rows' windows of
    // three cells in three thirds).
    for _ in 0..2 {
        let cell = next(n - 1) * n + next(n - 1);
        let block = [cell, cell + 1, cell + n, cell + n + 1];
        out.push(Constraint::Quadruple {
            cell,
            values: vec![val(block[next(3)]), val(block[3])],
        });
    }
    let (a, b) = (next(3) * n + next(3), (4 + next(3)) * n + 4 + next(3));
    if let Some(b) = (0..n * n).find(|&x| x / n >= 3 && x % n >= 3 && val(x) == val(a) && x != b) {
        out.push(Constraint::Clone {
            cells: vec![a],
            copy: vec![b],
        });
    }
    for r in [1, 4, 7] {
        for c in 0..n - 2 {
            let thirds: Vec<u32> = (c..c + 3).map(|c| (val(r * n + c) - 1) / 3).collect();
            if thirds[0] != thirds[1] && thirds[1] != thirds[2] && thirds[0] != thirds[2] {
                out.push(Constraint::EntropicLine {
                    cells: (c..c + 3).map(|c| r * n + c).collect(),
                });
                break;
            }
        }
    }
    // Minimum and maximum cells (below, above every orthogonal
    // neighbour), a palindrome of three cells whose ends hold one value.
    for cell in 0..n * n {
        let (r, c) = (cell / n, cell % n);
        let around: Vec<usize> = [
            (r > 0).then(|| cell - n),
            (r + 1 < n).then(|| cell + n),
            (c > 0).then(|| cell - 1),
            (c + 1 < n).then(|| cell + 1),
        ]
        .into_iter()
        .flatten()
        .collect();
        if next(4) == 0 && around.iter().all(|&o| val(o) > val(cell)) {
            out.push(Constraint::Minimum { cell });
        } else if next(4) == 0 && around.iter().all(|&o| val(o) < val(cell)) {
            out.push(Constraint::Maximum { cell });
        }
    }
    let end = (n + 1..n * n).find(|&x| x / n != 0 && x % n != 0 && x % n != 1 && val(x) == val(0));
    if let Some(end) = end {
        out.push(Constraint::Palindrome {
            cells: vec![0, 1, end],
        });
    }
    // A little killer down the main diagonal's lower half, an extra region
    // of the cells holding 1..4 in rows 1, 3, 5, 7.
    let diag: Vec<usize> = (1..n).map(|i| i * n + (i - 1)).collect();
    let sum = diag.iter().map(|&x| val(x)).sum();
    out.push(Constraint::LittleKiller { cells: diag, sum });
    let region: Vec<usize> = [0, 2, 4, 6]
        .iter()
        .enumerate()
        .map(|(k, &r)| {
            (0..n)
                .map(|c| r * n + c)
                .find(|&x| val(x) == k as u32 + 1)
                .unwrap()
        })
        .collect();
    out.push(Constraint::ExtraRegion { cells: region });
    // issue 36, group B (their steps are met in the unit tests of
    // setter.rs; here they only must never contradict): a rellik cage of a
    // row's first three cells with
    // the smallest sum none of their sets makes, an equality cage of a
    // domino of one low odd and one high even value (or the reverse), a
    // lunchbox of a row's first four cells, whispers of the first column's
    // neighbours by their smallest difference, counting circles on the 1s.
    for r in [0, 3, 6] {
        let cells: Vec<usize> = (0..3).map(|c| r * n + c).collect();
        let vs: Vec<u32> = cells.iter().map(|&x| val(x)).collect();
        let sets = [
            vs[0],
            vs[1],
            vs[2],
            vs[0] + vs[1],
            vs[0] + vs[2],
            vs[1] + vs[2],
            vs[0] + vs[1] + vs[2],
        ];
        if let Some(sum) = (1..=24).find(|s| !sets.contains(s)) {
            out.push(Constraint::RellikCage { cells, sum });
        }
    }
    let kind = |v: u32| (v % 2, v <= 4, v == 5);
    if let Some(a) = (0..n * n - 1).find(|&x| {
        x % n + 1 < n && {
            let (p, q) = (kind(val(x)), kind(val(x + 1)));
            !p.2 && !q.2 && p.0 != q.0 && p.1 != q.1
        }
    }) {
        out.push(Constraint::EqualityCage {
            cells: vec![a, a + 1],
        });
    }
    let row: Vec<usize> = (n..n + 4).collect();
    let vs: Vec<u32> = row.iter().map(|&x| val(x)).collect();
    let lo = (0..4).min_by_key(|&k| vs[k]).unwrap();
    let hi = (0..4).max_by_key(|&k| vs[k]).unwrap();
    let sum = (lo.min(hi) + 1..lo.max(hi)).map(|k| vs[k]).sum();
    out.push(Constraint::Lunchbox { cells: row, sum });
    let column: Vec<usize> = (0..4).map(|r| r * n).collect();
    let difference = column
        .windows(2)
        .map(|w| val(w[0]).abs_diff(val(w[1])))
        .min()
        .unwrap();
    out.push(Constraint::WhispersBy {
        cells: column,
        difference,
    });
    let ones: Vec<usize> = (0..n * n).filter(|&x| val(x) == 1).take(1).collect();
    out.push(Constraint::CountingCircles { cells: ones });
    (cages, out)
}

/// The setter's constraints as steps: on classic solutions with constraints
/// read off them and few givens, no step (constraint steps or the generic
/// techniques over the extra peers) removes the solution's value. No
/// uniqueness is needed: with constraints the uniqueness techniques are
/// off, and every other step holds for every solution.
#[test]
fn setter_constraints_never_contradict_the_solution() {
    use sudoku::Variant;
    let shape = Shape::square(3).unwrap();
    let mut seen = BTreeMap::new();
    // Seeds 30 and up drop the cages, which otherwise give most steps.
    for seed in 0..120u64 {
        let made = generate(shape, seed, &GenerateOptions::default()).unwrap();
        let (mut cages, mut constraints) = constraints_of(&made.solution, seed);
        if seed >= 30 {
            cages.clear();
            constraints.retain(|c| !matches!(c, sudoku::Constraint::Cage { .. }));
        }
        let variant = Variant {
            cages,
            constraints,
            ..Variant::default()
        };
        let rules = variant.rules(shape).unwrap();
        assert!(rules.is_solution(&made.solution, &made.puzzle));
        // Half the givens go: the constraints have work to do.
        let puzzle = half_the_givens(&made.puzzle, seed);
        let houses = Arc::new(Houses::new(&rules).unwrap());
        let c = Candidates::with_houses(houses, &puzzle).unwrap();
        assert!(c.first_mistake(&made.solution).is_none());
        let limits = Limits {
            max_nodes: Some(200),
            ..Limits::none()
        };
        let path = solve(c.clone(), Mode::Extended, &limits);
        let mut state = c;
        for step in &path.steps {
            assert!(
                agrees(step, &made.solution),
                "seed {seed}: {} contradicts {}",
                step.text(),
                made.solution
            );
            state.apply(step);
            *seen.entry(step.technique).or_insert(0usize) += 1;
        }
        assert_ne!(path.end, End::Broken, "seed {seed}");
    }
    each_met(
        &seen,
        &[
            Technique::KillerCage,
            Technique::Thermometer,
            Technique::KropkiDot,
            Technique::XV,
            Technique::OddEven,
            Technique::Arrow,
            Technique::Whispers,
            Technique::Renban,
            Technique::BetweenLine,
            Technique::LittleKiller,
            Technique::Quadruple,
            Technique::Clone,
            Technique::EntropicLine,
            Technique::MinMax,
        ],
    );
}

/// Line clues read plainly off `solution`: sandwich sums of a row and a
/// column, X-sums of a row read both ways, skyscrapers of a column read
/// both ways, and region-sum lines (a straight run of three or four
/// cells across a box edge whose two stretches add up the same).
fn line_clues_of(solution: &Grid, seed: u64) -> Vec<sudoku::Constraint> {
    use sudoku::Constraint;
    let v = solution.cells();
    let n = 9usize;
    let val = |cell: usize| u32::from(v[cell]);
    let row = |r: usize| (0..n).map(|c| r * n + c).collect::<Vec<_>>();
    let column = |c: usize| (0..n).map(|r| r * n + c).collect::<Vec<_>>();
    let k = seed as usize % n;
    let mut out = Vec::new();
    for line in [row(k), column((k + 4) % n)] {
        let a = line.iter().position(|&x| val(x) == 1).unwrap();
        let b = line.iter().position(|&x| val(x) == 9).unwrap();
        let sum = line[a.min(b) + 1..a.max(b)].iter().map(|&x| val(x)).sum();
        out.push(Constraint::Sandwich { line, sum });
    }
    let r = (k + 2) % n;
    for line in [row(r), row(r).into_iter().rev().collect()] {
        let x = val(line[0]) as usize;
        let sum = line[..x].iter().map(|&c| val(c)).sum();
        out.push(Constraint::XSum { line, sum });
    }
    let c = (k + 6) % n;
    for line in [column(c), column(c).into_iter().rev().collect()] {
        let count = (0..n)
            .filter(|&i| line[..i].iter().all(|&j| val(j) < val(line[i])))
            .count() as u32;
        out.push(Constraint::Skyscraper { line, count });
    }
    // Issue 36: a hidden skyscraper and a numbered room read off a row
    // from either side, and a sum line of two pairs with equal sums.
    let r = (k + 3) % n;
    for line in [row(r), row(r).into_iter().rev().collect::<Vec<_>>()] {
        let hidden = (0..n).find(|&i| line[..i].iter().any(|&j| val(j) > val(line[i])));
        if let Some(i) = hidden {
            out.push(Constraint::HiddenSkyscraper {
                line: line.clone(),
                value: val(line[i]),
            });
        }
        let x = val(line[0]) as usize;
        out.push(Constraint::NumberedRoom {
            value: val(line[x - 1]),
            line,
        });
    }
    let pairs = (0..n).flat_map(|i| [row(i), column(i)]).find_map(|line| {
        (0..n - 3).find_map(|s| {
            let a = val(line[s]) + val(line[s + 1]);
            (a == val(line[s + 2]) + val(line[s + 3])).then(|| (line[s..s + 4].to_vec(), a))
        })
    });
    if let Some((cells, sum)) = pairs {
        out.push(Constraint::SumLine {
            cells,
            sum,
            looped: false,
        });
    }
    // Runs along rows and columns, starting one or two cells before a
    // box edge, two stretches of equal sums.
    let mut runs = Vec::new();
    for i in 0..n {
        for edge in [3, 6] {
            for (before, after) in [(1, 2), (2, 1), (2, 2)] {
                let cols = edge - before..edge + after;
                runs.push(cols.clone().map(|c| i * n + c).collect::<Vec<_>>());
                runs.push(cols.map(|r| r * n + i).collect::<Vec<_>>());
            }
        }
    }
    let box_of = |x: usize| (x / n / 3, x % n / 3);
    let fits = |line: &Vec<usize>| {
        let first = box_of(line[0]);
        let (a, b): (Vec<usize>, Vec<usize>) = line.iter().partition(|&&x| box_of(x) == first);
        a.iter().map(|&x| val(x)).sum::<u32>() == b.iter().map(|&x| val(x)).sum::<u32>()
    };
    let start = seed as usize % runs.len();
    out.extend(
        runs.iter()
            .cycle()
            .skip(start)
            .take(runs.len())
            .filter(|l| fits(l))
            .take(2)
            .map(|l| Constraint::RegionSumLine { cells: l.clone() }),
    );
    out
}

/// Asserts that each of `wanted` gave at least one step (the message
/// lists what did), and prints the steps' counts.
fn each_met(seen: &BTreeMap<Technique, usize>, wanted: &[Technique]) {
    let counts: Vec<String> = seen.iter().map(|(t, n)| format!("{t}: {n}")).collect();
    for t in wanted {
        assert!(seen.contains_key(t), "{t} never met: {}", counts.join(", "));
    }
    eprintln!("{}", counts.join(", "));
}

/// `puzzle` with every other cell emptied (which half: by `seed`).
fn half_the_givens(puzzle: &Grid, seed: u64) -> Grid {
    let mut values = puzzle.cells().to_vec();
    for (i, v) in values.iter_mut().enumerate() {
        if i % 2 == seed as usize % 2 {
            *v = 0;
        }
    }
    Grid::from_values(puzzle.shape(), values).unwrap()
}

/// Sandwich sums, X-sums, skyscrapers, region-sum lines, hidden
/// skyscrapers, numbered rooms and sum lines as steps: on classic
/// solutions with these clues read off them and half their givens gone, no
/// step below the chains removes the solution's value, and each kind gives
/// steps somewhere.
#[test]
fn line_clues_never_contradict_the_solution() {
    let shape = Shape::square(3).unwrap();
    let mut seen = BTreeMap::new();
    for seed in 0..40u64 {
        let made = generate(shape, seed, &GenerateOptions::default()).unwrap();
        let constraints = line_clues_of(&made.solution, seed);
        assert!(constraints
            .iter()
            .any(|c| matches!(c, sudoku::Constraint::RegionSumLine { .. })));
        let variant = Variant {
            constraints,
            ..Variant::default()
        };
        let rules = variant.rules(shape).unwrap();
        assert!(rules.is_solution(&made.solution, &made.puzzle));
        let puzzle = half_the_givens(&made.puzzle, seed);
        let houses = Arc::new(Houses::new(&rules).unwrap());
        let c = Candidates::with_houses(houses, &puzzle).unwrap();
        // The steps below the chains only: a flag already up stops the
        // chain searches at once (a puzzle with half its givens gone may
        // have several solutions, on which the nested chains search long).
        let limits = Limits::none().cancel_flag(Arc::new(AtomicBool::new(true)));
        let mut state = c;
        while let Ok(Some(step)) = next_step_within(&state, Mode::Extended, &limits) {
            assert!(
                agrees(&step, &made.solution),
                "seed {seed}: {} contradicts {}",
                step.text(),
                made.solution
            );
            state.apply(&step);
            *seen.entry(step.technique).or_insert(0usize) += 1;
        }
        assert!(state.first_mistake(&made.solution).is_none(), "seed {seed}");
    }
    each_met(
        &seen,
        &[
            Technique::SandwichSum,
            Technique::XSum,
            Technique::SkyscraperClue,
            Technique::RegionSumLine,
            Technique::HiddenSkyscraper,
            Technique::NumberedRoom,
            Technique::SumLine,
        ],
    );
}
