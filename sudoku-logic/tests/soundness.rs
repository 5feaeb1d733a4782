//! Soundness, checked against the search: on generated puzzles with one
//! solution (several shapes and variants), no step places a value other
//! than the solution's and no step removes the solution's value. The
//! solution comes from the exact-cover engine (the generator's search),
//! and is checked against the rules here.

use std::sync::Arc;

use std::collections::BTreeMap;
use sudoku::{generate, generate_variant, GenerateOptions, Grid, Limits, Rules, Shape, Variant};

use sudoku_logic::{solve, Candidates, End, Houses, Mode, Step, Technique};

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
            let (puzzle, solution, used) = generate_variant(&variant, shape, jigsaw, seed).unwrap();
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
        let (puzzle, solution, used) = generate_variant(&variant, small, true, seed).unwrap();
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
    let counts: Vec<String> = seen.iter().map(|(t, n)| format!("{t}: {n}")).collect();
    for t in [
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::WWing,
        Technique::FinnedXWing,
        Technique::SashimiXWing,
        Technique::FinnedSwordfish,
        Technique::ColourTrap,
        Technique::XChain,
        Technique::XYChain,
    ] {
        assert!(
            seen.contains_key(&t),
            "{t} never met: {}",
            counts.join(", ")
        );
    }
}
