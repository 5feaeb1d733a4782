//! The setter's constraints against a brute-force oracle written plainly
//! here: every grid of the shape (rows, columns, boxes), filtered by each
//! constraint's definition as the rules state it (not the library's code).
//! Counts and solution sets must agree with the propagation engine.

use std::collections::BTreeSet;
use std::sync::Arc;

use proptest::prelude::*;
use solver_core::Limits;
use sudoku::{
    plan, Constraint, Engine, EngineName, Grid, PairKind, Rules, Shape, SudokuSolver, Task,
    Variant,
};

/// Every grid of `shape` that extends `prefix` (values of the first cells),
/// by plain backtracking over rows, columns and boxes.
pub fn all_grids(shape: Shape, prefix: &[u16]) -> Vec<Vec<u16>> {
    let n = shape.side() as usize;
    let (br, bc) = (shape.box_rows() as usize, shape.box_cols() as usize);
    let mut g = vec![0u16; n * n];
    let mut out = Vec::new();
    #[allow(clippy::too_many_arguments)]
    fn fill(
        i: usize,
        g: &mut Vec<u16>,
        n: usize,
        br: usize,
        bc: usize,
        prefix: &[u16],
        out: &mut Vec<Vec<u16>>,
    ) {
        if i == n * n {
            out.push(g.clone());
            return;
        }
        let (r, c) = (i / n, i % n);
        let values: Vec<u16> = if i < prefix.len() && prefix[i] != 0 {
            vec![prefix[i]]
        } else {
            (1..=n as u16).collect()
        };
        for v in values {
            let in_line =
                (0..n).any(|k| (k != c && g[r * n + k] == v) || (k != r && g[k * n + c] == v));
            let (r0, c0) = (r / br * br, c / bc * bc);
            let in_box = (r0..r0 + br)
                .any(|rr| (c0..c0 + bc).any(|cc| (rr, cc) != (r, c) && g[rr * n + cc] == v));
            if !in_line && !in_box {
                g[i] = v;
                fill(i + 1, g, n, br, bc, prefix, out);
                g[i] = 0;
            }
        }
    }
    fill(0, &mut g, n, br, bc, prefix, &mut out);
    out
}

fn rc(n: usize, cell: usize) -> (i64, i64) {
    ((cell / n) as i64, (cell % n) as i64)
}

/// The definitions, as the rules of f-puzzles and SudokuPad state them.
pub fn obeys(c: &Constraint, g: &[u16], shape: Shape, all: &[Constraint]) -> bool {
    let n = shape.side() as usize;
    let v = |i: usize| i64::from(g[i]);
    let differ = |cells: &[usize]| {
        let set: BTreeSet<u16> = cells.iter().map(|&i| g[i]).collect();
        set.len() == cells.len()
    };
    let box_of = |i: usize| {
        let (r, c) = rc(n, i);
        (
            r as usize / shape.box_rows() as usize,
            c as usize / shape.box_cols() as usize,
        )
    };
    let adjacent = |a: usize, b: usize| {
        let ((r1, c1), (r2, c2)) = (rc(n, a), rc(n, b));
        (r1 - r2).abs() + (c1 - c2).abs() == 1
    };
    let all_pairs =
        |ok: &dyn Fn(usize, usize) -> bool| (0..n * n).all(|a| (0..n * n).all(|b| a == b || ok(a, b)));
    match c {
        Constraint::Thermometer { cells } => cells.windows(2).all(|w| v(w[0]) < v(w[1])),
        Constraint::SlowThermometer { cells } => cells.windows(2).all(|w| v(w[0]) <= v(w[1])),
        Constraint::Arrow { circle, line } => {
            let mut number = 0;
            for &i in circle {
                number = number * 10 + v(i);
            }
            number == line.iter().map(|&i| v(i)).sum::<i64>()
        }
        Constraint::Cage { cells, sum } => {
            differ(cells)
                && sum.is_none_or(|s| cells.iter().map(|&i| v(i)).sum::<i64>() == s as i64)
        }
        Constraint::LittleKiller { cells, sum } => {
            cells.iter().map(|&i| v(i)).sum::<i64>() == *sum as i64
        }
        Constraint::Sandwich { line, sum } => {
            let a = line.iter().position(|&i| v(i) == 1).unwrap();
            let b = line.iter().position(|&i| v(i) == n as i64).unwrap();
            let (a, b) = (a.min(b), a.max(b));
            line[a + 1..b].iter().map(|&i| v(i)).sum::<i64>() == *sum as i64
        }
        Constraint::XSum { line, sum } => {
            let x = v(line[0]) as usize;
            line[..x].iter().map(|&i| v(i)).sum::<i64>() == *sum as i64
        }
        Constraint::Skyscraper { line, count } => {
            let seen = (0..line.len())
                .filter(|&k| line[..k].iter().all(|&j| v(j) < v(line[k])))
                .count();
            seen == *count as usize
        }
        Constraint::Dot { cells, kind, value } => {
            let (a, b, k) = (v(cells[0]), v(cells[1]), *value as i64);
            match kind {
                PairKind::Difference => (a - b).abs() == k,
                PairKind::Ratio => a == b * k || b == a * k,
                PairKind::Sum => a + b == k,
            }
        }
        Constraint::Negative { kind } => all_pairs(&|a, b| {
            if !adjacent(a, b) {
                return true;
            }
            let dotted = all.iter().any(|d| {
                matches!(d, Constraint::Dot { cells, kind: k, .. }
                if k == kind && (cells == &[a, b] || cells == &[b, a]))
            });
            let (x, y) = (v(a), v(b));
            dotted
                || match kind {
                    PairKind::Difference => (x - y).abs() != 1,
                    PairKind::Ratio => x != 2 * y && y != 2 * x,
                    PairKind::Sum => x + y != 5 && x + y != 10,
                }
        }),
        Constraint::NonConsecutive => {
            all_pairs(&|a, b| !adjacent(a, b) || (v(a) - v(b)).abs() != 1)
        }
        Constraint::AntiKnight => all_pairs(&|a, b| {
            let ((r1, c1), (r2, c2)) = (rc(n, a), rc(n, b));
            let (dr, dc) = ((r1 - r2).abs(), (c1 - c2).abs());
            !((dr == 1 && dc == 2) || (dr == 2 && dc == 1)) || v(a) != v(b)
        }),
        Constraint::AntiKing => all_pairs(&|a, b| {
            let ((r1, c1), (r2, c2)) = (rc(n, a), rc(n, b));
            (r1 - r2).abs() > 1 || (c1 - c2).abs() > 1 || v(a) != v(b)
        }),
        Constraint::DiagonalPositive => {
            differ(&(0..n).map(|k| (n - 1 - k) * n + k).collect::<Vec<_>>())
        }
        Constraint::DiagonalNegative => differ(&(0..n).map(|k| k * n + k).collect::<Vec<_>>()),
        Constraint::ExtraRegion { cells } => differ(cells),
        Constraint::Windoku => {
            // Box-shaped windows one cell in from the box borders, one row
            // (column) apart: 4x4 has the centre 2x2, 6x6 (2x3 boxes) two.
            let (br, bc) = (shape.box_rows() as usize, shape.box_cols() as usize);
            let mut ok = true;
            let mut r0 = 1;
            while r0 + br <= n {
                let mut c0 = 1;
                while c0 + bc <= n {
                    let w: Vec<usize> = (r0..r0 + br)
                        .flat_map(|r| (c0..c0 + bc).map(move |c| r * n + c))
                        .collect();
                    ok &= differ(&w);
                    c0 += bc + 1;
                }
                r0 += br + 1;
            }
            ok
        }
        Constraint::DisjointGroups => all_pairs(&|a, b| {
            let ((r1, c1), (r2, c2)) = (rc(n, a), rc(n, b));
            let (br, bc) = (shape.box_rows() as i64, shape.box_cols() as i64);
            let same_place = r1 % br == r2 % br && c1 % bc == c2 % bc;
            !same_place || box_of(a) == box_of(b) || v(a) != v(b)
        }),
        Constraint::Even { cell } => v(*cell) % 2 == 0,
        Constraint::Odd { cell } => v(*cell) % 2 == 1,
        Constraint::Minimum { cell } => (0..n * n).all(|o| !adjacent(*cell, o) || v(*cell) < v(o)),
        Constraint::Maximum { cell } => (0..n * n).all(|o| !adjacent(*cell, o) || v(*cell) > v(o)),
        Constraint::Quadruple { cell, values } => {
            let block = [*cell, cell + 1, cell + n, cell + n + 1];
            values.iter().all(|&want| {
                let need = values.iter().filter(|&&x| x == want).count();
                block.iter().filter(|&&i| v(i) == want as i64).count() >= need
            })
        }
        Constraint::Palindrome { cells } => {
            (0..cells.len()).all(|k| v(cells[k]) == v(cells[cells.len() - 1 - k]))
        }
        Constraint::Renban { cells } => {
            let set: BTreeSet<i64> = cells.iter().map(|&i| v(i)).collect();
            set.len() == cells.len()
                && set.iter().last().unwrap() - set.iter().next().unwrap() + 1
                    == cells.len() as i64
        }
        Constraint::Whispers { cells } => cells
            .windows(2)
            .all(|w| (v(w[0]) - v(w[1])).abs() >= (n as i64 + 1) / 2),
        Constraint::RegionSumLine { cells } => {
            let mut sums: Vec<i64> = Vec::new();
            let mut last = None;
            for &i in cells {
                if last == Some(box_of(i)) {
                    *sums.last_mut().unwrap() += v(i);
                } else {
                    sums.push(v(i));
                }
                last = Some(box_of(i));
            }
            sums.windows(2).all(|w| w[0] == w[1])
        }
        Constraint::BetweenLine { cells } => {
            let (a, b) = (v(cells[0]), v(*cells.last().unwrap()));
            cells[1..cells.len() - 1]
                .iter()
                .all(|&i| a.min(b) < v(i) && v(i) < a.max(b))
        }
        Constraint::EntropicLine { cells } => {
            let class = |i: usize| (v(i) - 1) / (n as i64 / 3);
            cells.windows(3).all(|w| {
                class(w[0]) != class(w[1]) && class(w[1]) != class(w[2]) && class(w[0]) != class(w[2])
            })
        }
        Constraint::Clone { cells, copy } => cells.iter().zip(copy).all(|(&a, &b)| v(a) == v(b)),
        _ => panic!("no definition for {c:?}"),
    }
}

/// The oracle's solutions and the engine's, as sets of grids.
fn compare(shape: Shape, prefix: &[u16], constraints: Vec<Constraint>) {
    let mut expected: BTreeSet<Vec<u16>> = all_grids(shape, prefix)
        .into_iter()
        .filter(|g| constraints.iter().all(|c| obeys(c, g, shape, &constraints)))
        .collect();
    let variant = Variant {
        constraints: constraints.clone(),
        ..Variant::default()
    };
    let rules = Arc::new(variant.rules(shape).unwrap());
    assert_eq!(
        plan(&rules, &Task::Check, Engine::Auto).unwrap().engine,
        EngineName::Propagation
    );
    let n = shape.side() as usize;
    let mut cells = prefix.to_vec();
    cells.resize(n * n, 0);
    let puzzle = Grid::from_values(shape, cells).unwrap();
    let mut solver = SudokuSolver::with_rules(Arc::clone(&rules), Engine::Auto).unwrap();
    let count = solver.count(&puzzle, &Limits::none()).unwrap();
    assert_eq!(
        count.solutions,
        expected.len() as u128,
        "{constraints:?}: count"
    );
    let par = solver.par_count(&puzzle, &Limits::none()).unwrap();
    assert_eq!(
        par.solutions,
        expected.len() as u128,
        "{constraints:?}: par_count"
    );
    let (found, outcome) = solver.solutions_within(&puzzle, &Limits::none()).unwrap();
    assert!(outcome.incomplete.is_none());
    for g in &found {
        assert!(rules.is_solution(g, &puzzle), "{constraints:?}: {g}");
        assert!(
            expected.remove(g.cells()),
            "{constraints:?}: {g} found twice or wrongly"
        );
    }
    assert!(
        expected.is_empty(),
        "{constraints:?}: {} missed",
        expected.len()
    );
}

fn four() -> Shape {
    Shape::square(2).unwrap()
}

fn six() -> Shape {
    Shape::new(2, 3).unwrap()
}

fn dot(a: usize, b: usize, kind: PairKind, value: u32) -> Constraint {
    Constraint::Dot {
        cells: [a, b],
        kind,
        value,
    }
}

/// One or two of each constraint on 4x4 (cells `r * 4 + c`).
fn four_by_four() -> Vec<Vec<Constraint>> {
    use Constraint::*;
    vec![
        vec![Thermometer {
            cells: vec![0, 1, 5],
        }],
        vec![SlowThermometer {
            cells: vec![0, 4, 8, 9],
        }],
        vec![Arrow {
            circle: vec![0],
            line: vec![1, 2],
        }],
        vec![Arrow {
            circle: vec![0, 1],
            line: vec![5, 9, 13, 6, 10, 14],
        }],
        vec![Cage {
            cells: vec![0, 1, 4],
            sum: Some(6),
        }],
        vec![Cage {
            cells: vec![5, 10],
            sum: None,
        }],
        vec![LittleKiller {
            cells: vec![0, 5, 10, 15],
            sum: 10,
        }],
        vec![LittleKiller {
            cells: vec![1, 6, 11],
            sum: 5,
        }],
        vec![Sandwich {
            line: vec![0, 1, 2, 3],
            sum: 5,
        }],
        vec![Sandwich {
            line: vec![3, 7, 11, 15],
            sum: 0,
        }],
        vec![XSum {
            line: vec![0, 1, 2, 3],
            sum: 6,
        }],
        vec![XSum {
            line: vec![15, 11, 7, 3],
            sum: 7,
        }],
        vec![Skyscraper {
            line: vec![0, 4, 8, 12],
            count: 2,
        }],
        vec![Skyscraper {
            line: vec![3, 2, 1, 0],
            count: 3,
        }],
        vec![dot(0, 1, PairKind::Difference, 1)],
        vec![dot(0, 4, PairKind::Ratio, 2)],
        vec![dot(5, 6, PairKind::Sum, 5)],
        vec![dot(5, 9, PairKind::Difference, 2)],
        vec![
            dot(0, 1, PairKind::Difference, 1),
            Negative {
                kind: PairKind::Difference,
            },
        ],
        vec![
            dot(2, 3, PairKind::Ratio, 2),
            Negative {
                kind: PairKind::Ratio,
            },
        ],
        vec![
            dot(5, 6, PairKind::Sum, 5),
            Negative {
                kind: PairKind::Sum,
            },
        ],
        vec![NonConsecutive],
        vec![AntiKnight],
        vec![AntiKing],
        vec![DiagonalPositive],
        vec![DiagonalNegative],
        vec![ExtraRegion {
            cells: vec![0, 6, 9, 15],
        }],
        vec![Windoku],
        vec![DisjointGroups],
        vec![Even { cell: 0 }, Odd { cell: 5 }],
        vec![Minimum { cell: 5 }],
        vec![Maximum { cell: 0 }],
        vec![Quadruple {
            cell: 5,
            values: vec![1, 2],
        }],
        vec![Quadruple {
            cell: 1,
            values: vec![3, 3],
        }],
        vec![Palindrome {
            cells: vec![0, 5, 10],
        }],
        vec![Palindrome {
            cells: vec![0, 1, 6, 7],
        }],
        vec![Renban {
            cells: vec![0, 1, 5],
        }],
        vec![Whispers {
            cells: vec![0, 1, 5],
        }],
        vec![RegionSumLine {
            cells: vec![1, 2, 6],
        }],
        vec![BetweenLine {
            cells: vec![0, 5, 10, 15],
        }],
        vec![BetweenLine {
            cells: vec![4, 5, 6],
        }],
        vec![Clone {
            cells: vec![0, 1],
            copy: vec![10, 11],
        }],
    ]
}

#[test]
fn each_constraint_on_4x4_against_brute_force() {
    for constraints in four_by_four() {
        compare(four(), &[], constraints);
    }
}

#[test]
fn constraints_on_6x6_against_brute_force() {
    use Constraint::*;
    // The first row fixed to 1..6 keeps the oracle's 39,168 grids.
    let row: Vec<u16> = (1..=6).collect();
    for constraints in [
        vec![EntropicLine {
            cells: vec![6, 7, 8, 14, 20],
        }],
        vec![Thermometer {
            cells: vec![6, 12, 18, 24],
        }],
        vec![Sandwich {
            line: vec![1, 7, 13, 19, 25, 31],
            sum: 7,
        }],
        vec![Skyscraper {
            line: vec![30, 24, 18, 12, 6, 0],
            count: 3,
        }],
        vec![Whispers {
            cells: vec![6, 7, 13, 19],
        }],
        vec![DisjointGroups],
        vec![Windoku],
        vec![AntiKnight],
        vec![RegionSumLine {
            cells: vec![8, 9, 15],
        }],
        vec![Arrow {
            circle: vec![35],
            line: vec![28, 21],
        }],
        vec![XSum {
            line: vec![6, 7, 8, 9, 10, 11],
            sum: 10,
        }],
    ] {
        compare(six(), &row, constraints);
    }
}

#[test]
fn other_engines_are_refused_and_wrong_grids_rejected() {
    let variant = Variant {
        constraints: vec![Constraint::Thermometer {
            cells: vec![0, 1, 2, 3],
        }],
        ..Variant::default()
    };
    let rules: Rules = variant.rules(four()).unwrap();
    for engine in [Engine::Bits, Engine::Dlx] {
        let err = plan(&rules, &Task::Check, engine).unwrap_err();
        assert!(err.to_string().contains("propagation"), "{err}");
        assert!(SudokuSolver::with_rules(rules.clone().into(), engine).is_err());
    }
    let empty = Grid::empty(four());
    let classic: Grid = "2134342112434312".parse().unwrap();
    assert!(Rules::standard(four()).is_solution(&classic, &empty));
    assert!(!rules.is_solution(&classic, &empty));
    let thermo: Grid = "1234341221434321".parse().unwrap();
    assert!(rules.is_solution(&thermo, &empty));
    // A line through a cell outside the grid is refused by name.
    let bad = Variant {
        constraints: vec![Constraint::Renban {
            cells: vec![0, 16],
        }],
        ..Variant::default()
    };
    let e = bad.rules(four()).unwrap_err();
    assert!(e.to_string().starts_with("renban: cell #16"), "{e}");
}

/// A pool of constraints on 4x4 for random combinations.
fn pool() -> Vec<Constraint> {
    four_by_four().into_iter().flatten().collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]
    #[test]
    fn random_combinations_on_4x4(picks in proptest::collection::vec(0usize..1000, 1..4)) {
        let pool = pool();
        let mut chosen: Vec<Constraint> =
            picks.iter().map(|&k| pool[k % pool.len()].clone()).collect();
        chosen.sort_by_key(|c| format!("{c:?}"));
        chosen.dedup();
        compare(four(), &[], chosen);
    }
}
