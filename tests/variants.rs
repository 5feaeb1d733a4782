//! The Sudoku variants (X, windoku, jigsaw, killer and combinations) against
//! an independent brute-force counter written here: plain backtracking over
//! units and cages defined in this file from the rules' wording, not from
//! the library's. Known counts from mathematics where there are some; the
//! counting, uniqueness and limit properties of classic Sudoku for every
//! variant; and equality with the classic engine where a variant adds
//! nothing.

use solver_core::{Incomplete, Limits};
use sudoku::{CageSpec, Grid, Regions, Rules, Shape, Variant};
use sudoku_solve::SolveGrid;
use sudoku_solve::{Asked, SudokuSolver, Verdict};

/// The oracle's view of a puzzle: the side, the groups of cells that hold
/// every value once (kept as each cell's peers), and the cages (cells, sum).
struct Oracle {
    n: usize,
    cages: Vec<(Vec<usize>, u32)>,
    /// Per cell, the other cells of the units (rows, columns, boxes or
    /// regions, diagonals, windows) that hold it.
    peers: Vec<Vec<usize>>,
    /// Per cell, the cages that hold it (indices into `cages`).
    cages_of: Vec<Vec<usize>>,
}

/// Which rules the oracle applies.
#[derive(Clone, Copy, Default)]
struct Kinds {
    x: bool,
    windoku: bool,
}

impl Oracle {
    /// Rows, columns, and boxes of `box_rows` x `box_cols` or the regions of
    /// `map` (one symbol per cell), diagonals and windows as asked.
    fn new(box_rows: usize, box_cols: usize, map: Option<&str>, kinds: Kinds) -> Oracle {
        let n = box_rows * box_cols;
        let mut units = Vec::new();
        for i in 0..n {
            units.push((0..n).map(|j| i * n + j).collect());
            units.push((0..n).map(|j| j * n + i).collect());
        }
        match map {
            None => {
                for band in 0..n / box_rows {
                    for stack in 0..n / box_cols {
                        let mut unit = Vec::new();
                        for r in band * box_rows..(band + 1) * box_rows {
                            for c in stack * box_cols..(stack + 1) * box_cols {
                                unit.push(r * n + c);
                            }
                        }
                        units.push(unit);
                    }
                }
            }
            Some(map) => {
                let symbols: Vec<char> = map.chars().filter(|c| !c.is_whitespace()).collect();
                assert_eq!(symbols.len(), n * n);
                let mut distinct = symbols.clone();
                distinct.sort_unstable();
                distinct.dedup();
                for s in distinct {
                    units.push((0..n * n).filter(|&c| symbols[c] == s).collect());
                }
            }
        }
        if kinds.x {
            units.push((0..n).map(|i| i * n + i).collect());
            units.push((0..n).map(|i| i * n + n - 1 - i).collect());
        }
        if kinds.windoku {
            // The windows, written out per shape: rows and columns one in
            // from the box borders.
            let (rows, cols): (Vec<Vec<usize>>, Vec<Vec<usize>>) = match (box_rows, box_cols) {
                (2, 2) => (vec![vec![1, 2]], vec![vec![1, 2]]),
                (2, 3) => (vec![vec![1, 2], vec![4, 5]], vec![vec![1, 2, 3]]),
                (3, 3) => (
                    vec![vec![1, 2, 3], vec![5, 6, 7]],
                    vec![vec![1, 2, 3], vec![5, 6, 7]],
                ),
                other => panic!("no windows written for {other:?}"),
            };
            for rs in &rows {
                for cs in &cols {
                    units.push(
                        rs.iter()
                            .flat_map(|r| cs.iter().map(move |c| r * n + c))
                            .collect(),
                    );
                }
            }
        }
        let peers = (0..n * n)
            .map(|cell| {
                let mut peers: Vec<usize> = units
                    .iter()
                    .filter(|u: &&Vec<usize>| u.contains(&cell))
                    .flatten()
                    .copied()
                    .filter(|&o| o != cell)
                    .collect();
                peers.sort_unstable();
                peers.dedup();
                peers
            })
            .collect();
        Oracle {
            n,
            cages: Vec::new(),
            peers,
            cages_of: vec![Vec::new(); n * n],
        }
    }

    fn with_cages(mut self, cages: &[(u32, &[(usize, usize)])]) -> Oracle {
        let n = self.n;
        self.cages = cages
            .iter()
            .map(|(sum, cells)| (cells.iter().map(|&(r, c)| r * n + c).collect(), *sum))
            .collect();
        for (i, (cells, _)) in self.cages.iter().enumerate() {
            for &c in cells {
                self.cages_of[c].push(i);
            }
        }
        self
    }

    /// Whether `values` (0 = empty) breaks no rule so far.
    fn consistent(&self, values: &[u16], cell: usize) -> bool {
        let v = values[cell];
        if self.peers[cell].iter().any(|&o| values[o] == v) {
            return false;
        }
        for (cells, sum) in self.cages_of[cell].iter().map(|&i| &self.cages[i]) {
            if cells.iter().any(|&o| o != cell && values[o] == v) {
                return false;
            }
            let total: u32 = cells.iter().map(|&o| u32::from(values[o])).sum();
            let full = cells.iter().all(|&o| values[o] != 0);
            if total > *sum || (full && total != *sum) {
                return false;
            }
        }
        true
    }

    /// The number of completions of `givens` (stops at `limit`).
    fn count(&self, givens: &[u16], limit: u64) -> u64 {
        let mut values = givens.to_vec();
        for c in 0..values.len() {
            if values[c] != 0 && !self.consistent(&values, c) {
                return 0;
            }
        }
        let mut count = 0;
        self.fill(&mut values, 0, &mut count, limit);
        count
    }

    fn fill(&self, values: &mut [u16], from: usize, count: &mut u64, limit: u64) {
        let Some(cell) = (from..values.len()).find(|&c| values[c] == 0) else {
            *count += 1;
            return;
        };
        for v in 1..=self.n as u16 {
            values[cell] = v;
            if self.consistent(values, cell) {
                self.fill(values, cell + 1, count, limit);
                if *count >= limit {
                    break;
                }
            }
        }
        values[cell] = 0;
    }

    /// Whether a full grid satisfies every unit and cage.
    fn accepts(&self, values: &[u16]) -> bool {
        values.iter().all(|&v| v != 0) && (0..values.len()).all(|c| self.consistent(values, c))
    }
}

const JIGSAW4: &str = "aaab abbb cccd cddd";
const JIGSAW6: &str = "aaabbb aaccbb acccdb eecddd eeffdd eeffff";

/// One case: a variant, the oracle for it, and puzzles to count.
struct Case {
    name: &'static str,
    shape: Shape,
    variant: Variant,
    oracle: Oracle,
    puzzles: Vec<Grid>,
}

fn grid(shape: Shape, text: &str) -> Grid {
    sudoku_format::parse_puzzle(text, Some(shape), &sudoku::Alphabet::standard())
        .expect("test puzzle")
        .grid
}

fn cages(list: &[(u32, &[(usize, usize)])]) -> Vec<CageSpec> {
    list.iter()
        .map(|(sum, cells)| CageSpec::new(*sum, cells.to_vec()))
        .collect()
}

fn cases() -> Vec<Case> {
    let s4 = Shape::square(2).unwrap();
    let s6 = Shape::new(2, 3).unwrap();
    let x = Kinds {
        x: true,
        ..Kinds::default()
    };
    let w = Kinds {
        windoku: true,
        ..Kinds::default()
    };
    let xw = Kinds {
        x: true,
        windoku: true,
    };
    let variant = |names: &str, map: Option<&str>, cage_list: &[(u32, &[(usize, usize)])]| {
        let mut v = Variant::from_names(names).unwrap();
        v.regions = map.map(|m| m.replace(' ', "\n").parse::<Regions>().unwrap());
        v.cages = cages(cage_list);
        v
    };
    // 4x4 puzzles: the empty grid and a few givens.
    let p4 = |extra: &[&str]| {
        let mut all = vec![Grid::empty(s4)];
        all.extend(extra.iter().map(|t| grid(s4, t)));
        all
    };
    // 6x6 puzzles: the first row given (each count is the full count / 720
    // for the variants without cages, by relabelling the values), and more.
    let p6 = |extra: &[&str]| {
        let mut all = vec![grid(s6, &format!("123456{}", ".".repeat(30)))];
        all.extend(extra.iter().map(|t| grid(s6, t)));
        all
    };
    let killer4: &[(u32, &[(usize, usize)])] = &[(3, &[(0, 0), (0, 1)]), (7, &[(3, 2), (3, 3)])];
    let killer6: &[(u32, &[(usize, usize)])] = &[
        (11, &[(1, 0), (1, 1), (2, 0)]),
        (9, &[(5, 4), (5, 5)]),
        (6, &[(3, 3), (4, 3), (4, 4)]),
    ];
    let six = format!("123456{}", ".".repeat(30));
    let six_more = format!("123456456...{}", ".".repeat(24));
    vec![
        Case {
            name: "classic 4x4",
            shape: s4,
            variant: Variant::default(),
            oracle: Oracle::new(2, 2, None, Kinds::default()),
            puzzles: p4(&["1.3.3.2...4....."]),
        },
        Case {
            name: "x 4x4",
            shape: s4,
            variant: variant("x", None, &[]),
            oracle: Oracle::new(2, 2, None, x),
            puzzles: p4(&["1.......3......4", "12..............", "1......3..2....."]),
        },
        Case {
            name: "windoku 4x4",
            shape: s4,
            variant: variant("windoku", None, &[]),
            oracle: Oracle::new(2, 2, None, w),
            puzzles: p4(&["1...............", ".1.............."]),
        },
        Case {
            name: "x+windoku 4x4",
            shape: s4,
            variant: variant("x,windoku", None, &[]),
            oracle: Oracle::new(2, 2, None, xw),
            puzzles: p4(&[]),
        },
        Case {
            name: "jigsaw 4x4",
            shape: s4,
            variant: variant("", Some(JIGSAW4), &[]),
            oracle: Oracle::new(2, 2, Some(JIGSAW4), Kinds::default()),
            puzzles: p4(&["1...............", "...4.2.........."]),
        },
        Case {
            name: "jigsaw+x 4x4",
            shape: s4,
            variant: variant("x", Some(JIGSAW4), &[]),
            oracle: Oracle::new(2, 2, Some(JIGSAW4), x),
            puzzles: p4(&[]),
        },
        Case {
            name: "killer 4x4",
            shape: s4,
            variant: variant("", None, killer4),
            oracle: Oracle::new(2, 2, None, Kinds::default()).with_cages(killer4),
            puzzles: p4(&[".1..............", "....1..........."]),
        },
        Case {
            name: "killer+x 4x4",
            shape: s4,
            variant: variant("x", None, killer4),
            oracle: Oracle::new(2, 2, None, x).with_cages(killer4),
            puzzles: p4(&[]),
        },
        Case {
            name: "killer+jigsaw 4x4",
            shape: s4,
            variant: variant("", Some(JIGSAW4), killer4),
            oracle: Oracle::new(2, 2, Some(JIGSAW4), Kinds::default()).with_cages(killer4),
            puzzles: p4(&[]),
        },
        Case {
            name: "classic 6x6",
            shape: s6,
            variant: Variant::default(),
            oracle: Oracle::new(2, 3, None, Kinds::default()),
            puzzles: p6(&[&six_more]),
        },
        Case {
            name: "x 6x6",
            shape: s6,
            variant: variant("x", None, &[]),
            oracle: Oracle::new(2, 3, None, x),
            puzzles: p6(&[&six_more]),
        },
        Case {
            name: "windoku 6x6",
            shape: s6,
            variant: variant("windoku", None, &[]),
            oracle: Oracle::new(2, 3, None, w),
            puzzles: p6(&[&six_more]),
        },
        Case {
            name: "x+windoku 6x6",
            shape: s6,
            variant: variant("x,windoku", None, &[]),
            oracle: Oracle::new(2, 3, None, xw),
            puzzles: p6(&[]),
        },
        Case {
            name: "jigsaw 6x6",
            shape: s6,
            variant: variant("", Some(JIGSAW6), &[]),
            oracle: Oracle::new(2, 3, Some(JIGSAW6), Kinds::default()),
            puzzles: p6(&[&six_more]),
        },
        Case {
            name: "jigsaw+x 6x6",
            shape: s6,
            variant: variant("x", Some(JIGSAW6), &[]),
            oracle: Oracle::new(2, 3, Some(JIGSAW6), x),
            puzzles: p6(&[]),
        },
        Case {
            name: "jigsaw+windoku 6x6",
            shape: s6,
            variant: variant("windoku", Some(JIGSAW6), &[]),
            oracle: Oracle::new(2, 3, Some(JIGSAW6), w),
            puzzles: p6(&[]),
        },
        Case {
            name: "killer 6x6",
            shape: s6,
            variant: variant("", None, killer6),
            oracle: Oracle::new(2, 3, None, Kinds::default()).with_cages(killer6),
            puzzles: vec![grid(s6, &six)],
        },
        Case {
            name: "killer+x 6x6",
            shape: s6,
            variant: variant("x", None, killer6),
            oracle: Oracle::new(2, 3, None, x).with_cages(killer6),
            puzzles: vec![grid(s6, &six)],
        },
    ]
}

fn solver(case: &Case, engine: Asked) -> SudokuSolver {
    let rules = case.variant.rules(case.shape).expect(case.name);
    SudokuSolver::with_rules(rules.into(), engine).expect(case.name)
}

#[test]
fn counts_equal_the_brute_force_counter() {
    let mut nonzero = 0;
    for case in cases() {
        for engine in [Asked::Dlx, Asked::Auto] {
            let mut s = solver(&case, engine);
            for puzzle in &case.puzzles {
                let expected = case.oracle.count(puzzle.cells(), u64::MAX);
                let count = s.count(puzzle, &Limits::none());
                let found = count.map_or(0, |c| {
                    assert!(c.is_complete());
                    c.solutions
                });
                assert_eq!(
                    found,
                    u128::from(expected),
                    "{} {engine:?} {puzzle}",
                    case.name
                );
                if engine == Asked::Dlx {
                    let par = s
                        .par_count(puzzle, &Limits::none())
                        .map_or(0, |c| c.solutions);
                    assert_eq!(par, found, "{} parallel {puzzle}", case.name);
                }
                nonzero += usize::from(expected > 0);
            }
        }
    }
    // The cases are not all empty sets.
    assert!(nonzero >= 40, "{nonzero}");
}

#[test]
fn known_counts_from_mathematics() {
    // 288 Sudoku of 4x4; 28200960 of 6x6 with 2x3 boxes, so 28200960 / 6!
    // = 39168 with the first row fixed (relabelling the values is a
    // bijection).
    let by_name = |name: &str| cases().into_iter().find(|c| c.name == name).unwrap();
    let classic4 = by_name("classic 4x4");
    assert_eq!(
        classic4
            .oracle
            .count(Grid::empty(classic4.shape).cells(), u64::MAX),
        288
    );
    let classic6 = by_name("classic 6x6");
    let mut s = solver(&classic6, Asked::Dlx);
    let first_row = &classic6.puzzles[0];
    assert_eq!(
        s.count(first_row, &Limits::none()).unwrap().solutions,
        39168
    );
    assert_eq!(classic6.oracle.count(first_row.cells(), u64::MAX), 39168);
}

#[test]
fn every_solution_obeys_the_rules_and_verdicts_follow_counts() {
    for case in cases() {
        let rules = case.variant.rules(case.shape).unwrap();
        let mut s = solver(&case, Asked::Auto);
        for puzzle in &case.puzzles {
            let expected = case.oracle.count(puzzle.cells(), 3);
            let (verdict, _) = s.check_unique(puzzle, &Limits::none());
            match (&verdict, expected) {
                (Verdict::Unsolvable, 0) => {}
                (Verdict::Unique(a), 1) => {
                    assert!(case.oracle.accepts(a.cells()) && rules.is_solution(a, puzzle))
                }
                (Verdict::Multiple(a, b), 2..) => {
                    assert_ne!(a, b);
                    for g in [a, b] {
                        assert!(case.oracle.accepts(g.cells()), "{}", case.name);
                        assert!(rules.is_solution(g, puzzle));
                        assert!(s.is_solution(g, puzzle));
                    }
                }
                _ => panic!("{}: {verdict:?} for {expected} solutions", case.name),
            }
            // Limits stop counts and say so.
            let total = case.oracle.count(puzzle.cells(), u64::MAX);
            if total >= 2 {
                let c = s.count(puzzle, &Limits::none().solutions(2)).unwrap();
                assert_eq!(
                    (c.solutions, c.outcome.incomplete),
                    (2, Some(Incomplete::SolutionLimit))
                );
                let c = s.count(puzzle, &Limits::none().nodes(1)).unwrap();
                assert!(c.solutions < u128::from(total));
                assert_eq!(c.outcome.incomplete, Some(Incomplete::NodeLimit));
            }
            // solve_one gives a solution the oracle accepts.
            if let (Ok(g), _) = s.solve_one(puzzle, &Limits::none()) {
                assert!(
                    case.oracle.accepts(g.cells())
                        && g.cells()
                            .iter()
                            .zip(puzzle.cells())
                            .all(|(a, b)| *b == 0 || a == b)
                );
            } else {
                assert_eq!(total, 0, "{}", case.name);
            }
        }
    }
}

#[test]
fn variants_that_add_nothing_equal_the_classic_engine() {
    // Jigsaw with the boxes as regions, and killer with one-cell cages that
    // state the givens, count like classic Sudoku with those givens.
    for (r, c) in [(2, 2), (2, 3)] {
        let shape = Shape::new(r, c).unwrap();
        let boxes = Variant {
            regions: Some(Regions::boxes(shape)),
            ..Variant::default()
        };
        let jigsaw_rules = boxes.rules(shape).unwrap();
        assert_eq!(
            jigsaw_rules.units().len(),
            Rules::standard(shape).units().len()
        );
        let mut jigsaw = SudokuSolver::with_rules(jigsaw_rules.into(), Asked::Dlx).unwrap();
        let n = shape.side() as usize;
        let first_row: Vec<u16> = (1..=n as u16)
            .chain(std::iter::repeat_n(0, n * n - n))
            .collect();
        let puzzle = Grid::from_values(shape, first_row.clone()).unwrap();
        let classic = puzzle.count_solutions(&Limits::none()).unwrap().solutions;
        assert_eq!(
            jigsaw.count(&puzzle, &Limits::none()).unwrap().solutions,
            classic
        );
        let killer = Variant {
            cages: (0..n)
                .map(|c| CageSpec::new(c as u32 + 1, vec![(0, c)]))
                .collect(),
            ..Variant::default()
        };
        let mut killer =
            SudokuSolver::with_rules(killer.rules(shape).unwrap().into(), Asked::Dlx).unwrap();
        assert_eq!(
            killer
                .count(&Grid::empty(shape), &Limits::none())
                .unwrap()
                .solutions,
            classic
        );
    }
    assert!(Variant::default()
        .rules(Shape::square(3).unwrap())
        .unwrap()
        .is_standard());
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// The bit-board search over units counts like Dancing Links on every
    /// variant, killer included: puzzles are random subsets of a solution.
    #[test]
    fn bit_search_equals_dancing_links(case in 0usize..18, seed in 0u64..1000, keep in 4usize..20) {
        let case = cases().into_iter().nth(case).unwrap();
        let mut dlx = solver(&case, Asked::Dlx);
        let mut bits = solver(&case, Asked::Bits);
        dlx.set_seed(Some(seed + 1));
        let empty = Grid::empty(case.shape);
        if let (Ok(full), _) = dlx.solve_one(&empty, &Limits::none()) {
            let mut cells = full.cells().to_vec();
            let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            for v in cells.iter_mut() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if (x % 36) as usize >= keep {
                    *v = 0;
                }
            }
            let puzzle = Grid::from_values(case.shape, cells).unwrap();
            let a = dlx.count(&puzzle, &Limits::none()).unwrap();
            let b = bits.count(&puzzle, &Limits::none()).unwrap();
            proptest::prop_assert_eq!(a.solutions, b.solutions, "{} {}", case.name, puzzle);
            let (va, _) = dlx.check_unique(&puzzle, &Limits::none());
            let (vb, _) = bits.check_unique(&puzzle, &Limits::none());
            proptest::prop_assert_eq!(va.status(), vb.status());
        }
    }

    /// Killer with random cages (cells partitioned at random into cages of
    /// one to four cells, sums taken from a random grid, some moved by one
    /// so that there may be no solution) and random givens from that grid:
    /// the bit-board search, Dancing Links and the brute-force counter
    /// agree, on 4x4 and 6x6, with X or not.
    #[test]
    fn killer_with_random_cages_equals_dancing_links_and_the_counter(
        six in proptest::bool::ANY,
        x in proptest::bool::ANY,
        seed in 0u64..100_000,
        keep in 0usize..24,
    ) {
        let (br, bc): (usize, usize) = if six { (2, 3) } else { (2, 2) };
        let shape = Shape::new(br as u32, bc as u32).unwrap();
        let n = br * bc;
        let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut next = move |m: usize| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            (rng % m as u64) as usize
        };
        let mut filler =
            SudokuSolver::with_rules(Variant::default().rules(shape).unwrap().into(), Asked::Dlx)
                .unwrap();
        filler.set_seed(Some(seed + 1));
        let (Ok(full), _) = filler.solve_one(&Grid::empty(shape), &Limits::none()) else {
            panic!("no full grid");
        };
        // Cages: cells in a random order, cut into pieces of 1-4 cells; a
        // piece whose values repeat is split into single cells; about one
        // cell in six stays out of every cage.
        let mut order: Vec<usize> = (0..n * n).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, next(i + 1));
        }
        let mut list: Vec<(u32, Vec<(usize, usize)>)> = Vec::new();
        let mut rest = &order[..];
        while !rest.is_empty() {
            let size = (1 + next(4)).min(rest.len());
            let (piece, tail) = rest.split_at(size);
            rest = tail;
            if next(6) == 0 {
                continue;
            }
            let values: Vec<u16> = piece.iter().map(|&c| full.cells()[c]).collect();
            let mut distinct = values.clone();
            distinct.sort_unstable();
            distinct.dedup();
            let pieces: Vec<&[usize]> = if distinct.len() == values.len() {
                vec![piece]
            } else {
                piece.chunks(1).collect()
            };
            for p in pieces {
                let k = p.len() as u32;
                let mut sum: u32 = p.iter().map(|&c| u32::from(full.cells()[c])).sum();
                let (lo, hi) = (k * (k + 1) / 2, k * (2 * n as u32 - k + 1) / 2);
                match next(8) {
                    0 if sum < hi => sum += 1,
                    1 if sum > lo => sum -= 1,
                    _ => {}
                }
                list.push((sum, p.iter().map(|&c| (c / n, c % n)).collect()));
            }
        }
        let borrowed: Vec<(u32, &[(usize, usize)])> =
            list.iter().map(|(s, c)| (*s, &c[..])).collect();
        let mut variant = Variant::from_names(if x { "x" } else { "" }).unwrap();
        variant.cages = cages(&borrowed);
        let kinds = Kinds { x, ..Kinds::default() };
        let oracle = Oracle::new(br, bc, None, kinds).with_cages(&borrowed);
        // A third of the 6x6 cells at least, to keep the counter quick.
        let keep = if six { keep.max(12) } else { keep };
        let givens: Vec<u16> = full
            .cells()
            .iter()
            .map(|&v| if next(36) < keep { v } else { 0 })
            .collect();
        let puzzle = Grid::from_values(shape, givens).unwrap();
        let rules = variant.rules(shape).unwrap();
        let mut dlx = SudokuSolver::with_rules(rules.clone().into(), Asked::Dlx).unwrap();
        let mut bits = SudokuSolver::with_rules(rules.into(), Asked::Bits).unwrap();
        proptest::prop_assert_eq!(bits.engine(), Asked::Bits);
        let limit = 2000u64;
        let expected = oracle.count(puzzle.cells(), limit);
        let capped = |s: &mut SudokuSolver| {
            s.count(&puzzle, &Limits::none().solutions(u128::from(limit)))
                .map_or(0, |c| c.solutions)
        };
        proptest::prop_assert_eq!(capped(&mut bits), u128::from(expected), "bits {:?} {}", list, puzzle);
        proptest::prop_assert_eq!(capped(&mut dlx), u128::from(expected), "dlx {:?} {}", list, puzzle);
        let (vb, _) = bits.check_unique(&puzzle, &Limits::none());
        let (vd, _) = dlx.check_unique(&puzzle, &Limits::none());
        proptest::prop_assert_eq!(vb.status(), vd.status());
    }
}

/// A random full grid of `case` (seeded); None when the case has none.
fn random_full(case: &Case, seed: u64) -> Option<Vec<u16>> {
    let mut filler = solver(case, Asked::Dlx);
    filler.set_seed(Some(seed + 1));
    let full = filler
        .solve_one(&Grid::empty(case.shape), &Limits::none())
        .0
        .ok()?;
    Some(full.cells().to_vec())
}

/// `cells` (a full grid) with about `keep` cells in 36 kept as givens
/// (seeded).
fn thinned(mut cells: Vec<u16>, seed: u64, keep: usize) -> Vec<u16> {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for v in cells.iter_mut() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        if (x % 36) as usize >= keep {
            *v = 0;
        }
    }
    cells
}

/// A random full grid of `case` (seeded), with about `keep` cells in 36
/// kept as givens; None when the case has no full grid.
fn random_givens(case: &Case, seed: u64, keep: usize) -> Option<Vec<u16>> {
    Some(thinned(random_full(case, seed)?, seed, keep))
}

/// The most solutions a random puzzle is counted to: a 6x6 grid with few
/// givens has millions (28,200,960 for the empty one), minutes of brute
/// force.
const COUNT_CAP: u64 = 20_000;

/// [`random_givens`] with fewer than `cap` completions, and their number
/// by the brute force: while the puzzle has more, the first empty cell gets
/// its value back (the full grid is the only completion of itself).
fn random_givens_below(case: &Case, seed: u64, keep: usize, cap: u64) -> Option<(Vec<u16>, u64)> {
    let full = random_full(case, seed)?;
    let mut cells = thinned(full.clone(), seed, keep);
    loop {
        let count = case.oracle.count(&cells, cap);
        if count < cap {
            return Some((cells, count));
        }
        let empty = cells
            .iter()
            .position(|&v| v == 0)
            .expect("a full grid has one completion");
        cells[empty] = full[empty];
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Issue 20: through the one answer path, every engine the planner can
    /// pick for a puzzle (auto, the bit-parallel family, Dancing Links)
    /// gives the verdict and the count of the brute-force counter, on
    /// classic, X, windoku, jigsaw and killer puzzles (random subsets of a
    /// solution, sometimes with a wrong given so that there is none).
    #[test]
    fn every_engine_the_planner_picks_agrees_with_the_counter(
        case in 0usize..18,
        seed in 0u64..1000,
        keep in 0usize..24,
        wrong in proptest::bool::ANY,
    ) {
        use sudoku_solve::{answer, Answer, EngineName, Question, Task};
        use sudoku::Notation;
        use sudoku_format::Puzzle;
        let case = cases().into_iter().nth(case).unwrap();
        let Some(mut cells) = random_givens(&case, seed, keep) else {
            return Ok(());
        };
        let n = case.shape.side() as usize;
        if wrong {
            // A given changed to another value: the puzzle may have no
            // solution, or clash.
            let k = (seed as usize * 7) % cells.len();
            cells[k] = cells[k] % n as u16 + 1;
        }
        // Counted up to the cap, by the brute force and by every engine; the
        // cap also puts the solution limit to the test. Large counts are
        // checked against mathematics elsewhere (a given first row leaves
        // 28,200,960 / 720: sudoku-solve's cubes tests, the cli's).
        const CAP: u64 = COUNT_CAP;
        let expected = case.oracle.count(&cells, CAP);
        let grid = Grid::from_values(case.shape, cells).unwrap();
        let puzzle = Puzzle {
            grid,
            notation: Notation::default(),
            solution: None,
            variant: None,
        };
        let limits = Limits::none();
        let mut engines = Vec::new();
        for engine in [Asked::Auto, Asked::Bits, Asked::Dlx] {
            let ask = |task: &Task| {
                let question = Question { task, engine, limits: &limits, progress: None };
                answer(&puzzle, &case.variant, 1, &question, false)
            };
            let counted = ask(&Task::Count { limit: Some(u128::from(CAP)) });
            let checked = ask(&Task::Check);
            if let Answer::Invalid(why) = &checked.answer {
                // Clashing givens: no solution for the counter either, and
                // every engine says so.
                proptest::prop_assert_eq!(expected, 0, "{} {}", case.name, why);
                proptest::prop_assert!(matches!(counted.answer, Answer::Invalid(_)));
                continue;
            }
            let Answer::Counted { solutions, incomplete } = counted.answer else {
                panic!("{} {engine:?}: {:?}", case.name, counted.answer);
            };
            proptest::prop_assert_eq!(solutions, u128::from(expected), "{} {:?}", case.name, engine);
            // Stopped by the cap exactly when the brute force was.
            let capped = (expected == CAP).then_some(Incomplete::SolutionLimit);
            proptest::prop_assert_eq!(incomplete, capped, "{} {:?}", case.name, engine);
            let status = match expected {
                0 => "unsolvable",
                1 => "unique",
                _ => "multiple",
            };
            proptest::prop_assert_eq!(checked.answer.status(), status, "{} {:?}", case.name, engine);
            engines.push(checked.plan.expect("a planned answer").engine);
        }
        // Dancing Links and at least one bit-parallel engine took part.
        proptest::prop_assert!(engines.is_empty() || engines.contains(&EngineName::Dlx));
        proptest::prop_assert!(engines.is_empty() || engines.iter().any(|&e| e != EngineName::Dlx));
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]

    /// Issue 20: cubes of every model add up to the direct count. A random
    /// puzzle of each case (classic, X, windoku, jigsaw, killer), split
    /// into a random number of cubes, each counted on its own (with the
    /// planner's engine or Dancing Links, on one thread or all): the sum is
    /// the brute-force counter's count.
    #[test]
    fn cubes_of_every_variant_add_up_to_the_counter(
        case in 0usize..18,
        seed in 0u64..1000,
        keep in 0usize..12,
        cubes in 1usize..40,
        dlx in proptest::bool::ANY,
        parallel in proptest::bool::ANY,
    ) {
        use std::sync::Arc;
        let case = cases().into_iter().nth(case).unwrap();
        // Fewer solutions than the cap (6x6 grids with a given first row
        // are split into cubes and checked against mathematics in
        // sudoku-solve's cubes tests).
        let Some((cells, expected)) = random_givens_below(&case, seed, keep, COUNT_CAP) else {
            return Ok(());
        };
        let grid = Grid::from_values(case.shape, cells).unwrap();
        let rules = Arc::new(case.variant.rules(case.shape).unwrap());
        let problem = sudoku_solve::cubes::Cubes::new(&grid, rules).expect(case.name);
        let options = solver_core::cubes::SplitOptions {
            cubes: Some(cubes),
            seed,
            ..Default::default()
        };
        let records = problem.split(&options);
        proptest::prop_assert!(!records.is_empty());
        let engine = if dlx { Asked::Dlx } else { Asked::Auto };
        let mut total: u128 = 0;
        for record in &records {
            let result = problem.count_record(record, engine, &Limits::none(), parallel);
            proptest::prop_assert!(result.complete, "{} {:?}", case.name, result);
            total += result.count;
        }
        proptest::prop_assert_eq!(total, u128::from(expected), "{} {} cubes", case.name, records.len());
    }
}
