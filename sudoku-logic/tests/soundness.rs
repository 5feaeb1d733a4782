//! Soundness, checked against the search: on generated puzzles with one
//! solution (several shapes and variants), no step places a value other
//! than the solution's and no step removes the solution's value. The
//! solution comes from the exact-cover engine (the generator's search),
//! and is checked against the rules here.

use std::sync::Arc;

use sudoku::{Grid, Rules, Shape, Variant};
use sudoku_logic::{solve, Candidates, End, Houses, Mode, Step};
use sudoku_solve::{generate, generate_variant, GenerateOptions, Limits};

fn agrees(step: &Step, solution: &Grid) -> bool {
    let s = solution.cells();
    step.placements.iter().all(|p| s[p.cell] == p.value)
        && step
            .eliminations
            .iter()
            .all(|e| !e.values.contains(&s[e.cell]))
}

/// Solves `puzzle` step by step and checks every step against `solution`;
/// the number of steps that were not singles.
fn check(rules: &Rules, puzzle: &Grid, solution: &Grid, what: &str) -> usize {
    assert!(
        rules.is_solution(solution, puzzle),
        "{what}: not a solution"
    );
    let houses = Arc::new(Houses::new(rules).unwrap());
    let c = Candidates::with_houses(houses, puzzle).unwrap();
    assert!(c.first_mistake(solution).is_none(), "{what}: start");
    let path = solve(c.clone(), Mode::Se, &Limits::none());
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
