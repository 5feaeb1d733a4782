//! The examples of the generators behind [`crate::Maker`] (crate-private:
//! the maker is the public entry), run as tests.

#[test]
fn in_seed_order_hands_results_in_seed_order() {
    let mut seen = Vec::new();
    crate::checked::in_seed_order(
        10,
        100,
        |seed| seed * 2,
        |seed, made| {
            seen.push((seed, made));
            seed < 50
        },
    );
    assert_eq!(seen.len(), 41);
    assert_eq!(seen[40], (50, 100));
}

#[test]
fn generate_checked_rates_a_classic_puzzle() -> Result<(), Box<dyn std::error::Error>> {
    use crate::checked::generate_checked;
    use crate::{GenerateOptions, Limits};
    use sudoku::Shape;

    let shape = Shape::square(2)?;
    let (made, rating) =
        generate_checked(shape, 7, &GenerateOptions::default(), 2, &Limits::none())
            .expect("a 4x4 puzzle");
    assert!(made.solution.is_solution_of(&made.puzzle));
    assert!(rating.is_some());
    Ok(())
}

#[test]
fn generate_setter_checked_gives_a_thermo_puzzle() -> Result<(), Box<dyn std::error::Error>> {
    use crate::checked::generate_setter_checked;
    use crate::{Clues, Limits};
    use sudoku::{Shape, Variant};
    let made = generate_setter_checked(
        &Variant::default(),
        Clues::THERMO,
        Shape::new(2, 3)?,
        1,
        &Limits::none(),
    )
    .expect("a 6x6 thermo puzzle");
    assert!(sudoku_solve::verify(
        &made.solution,
        &made.puzzle,
        &made.variant
    ));
    Ok(())
}

#[test]
fn generate_digs_a_symmetric_minimal_puzzle() -> Result<(), Box<dyn std::error::Error>> {
    use crate::classic::generate_within;
    use crate::Limits;
    use crate::{GenerateOptions, Symmetry};
    use sudoku::Shape;
    use sudoku_solve::SolveGrid;

    let options = GenerateOptions {
        symmetry: Symmetry::Rotational,
        ..Default::default()
    };
    let made = generate_within(Shape::square(3)?, 42, &options, &Limits::none())?;
    assert!(made.puzzle.is_uniquely_solvable());
    assert!(made.solution.is_solution_of(&made.puzzle));
    assert!(Symmetry::Rotational.holds_for(&made.puzzle));
    assert!(made.minimal);
    // The same seed gives the same puzzle.
    let again = generate_within(Shape::square(3)?, 42, &options, &Limits::none())?;
    assert_eq!(again, made);
    Ok(())
}

#[test]
fn generate_within_stops_when_cancelled() -> Result<(), Box<dyn std::error::Error>> {
    use crate::classic::generate_within;
    use crate::{GenerateOptions, SolveError};
    use solver_core::{Incomplete, Limits};
    use std::sync::{atomic::AtomicBool, Arc};
    use sudoku::Shape;

    let shape = Shape::square(5)?;
    let options = GenerateOptions::default();
    let cancelled = Limits::none().cancel_flag(Arc::new(AtomicBool::new(true)));
    assert_eq!(
        generate_within(shape, 1, &options, &cancelled),
        Err(SolveError::GaveUp(Incomplete::Cancelled))
    );
    Ok(())
}

#[test]
fn parse_generate_names_splits_rules_and_clues() -> Result<(), Box<dyn std::error::Error>> {
    use crate::setter::parse_generate_names;
    use crate::Clues;
    use sudoku::Constraint;
    let (variant, jigsaw, clues) = parse_generate_names("anti-knight,killer")?;
    assert_eq!(variant.constraints, [Constraint::AntiKnight]);
    assert!(!jigsaw && clues == Clues::KILLER);
    let refused = parse_generate_names("sandwich").unwrap_err();
    assert!(refused.to_string().contains("knightmare"), "{refused}");
    Ok(())
}

#[test]
fn generate_variant_within_makes_a_puzzle() -> Result<(), Box<dyn std::error::Error>> {
    use crate::variant::generate_variant_within;
    use crate::SolveError;
    use solver_core::{Incomplete, Limits};
    use std::sync::{atomic::AtomicBool, Arc};
    use sudoku::{Shape, Variant};
    let (x, _) = Variant::parse_names("x")?;
    let stop = Limits::none().cancel_flag(Arc::new(AtomicBool::new(true)));
    assert_eq!(
        generate_variant_within(&x, Shape::square(3)?, false, 1, &stop),
        Err(SolveError::GaveUp(Incomplete::Cancelled))
    );
    let (puzzle, solution, _) =
        generate_variant_within(&x, Shape::square(3)?, false, 1, &Limits::none())?;
    assert!(puzzle.givens() < 81 && solution.is_solved());
    Ok(())
}
