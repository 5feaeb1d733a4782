//! The one planner (`cover_model::plan::decide`) on random exact-cover
//! problems in Knuth's format, with and without colours: every engine it
//! can plan (asked for or chosen) gives the brute-force oracle's count, an
//! engine it refuses really cannot take the problem, and the cubes of the
//! planned Dancing Links add up to the same count. (Grids and their
//! variants: `variants::every_engine_the_planner_picks_agrees_with_the_counter`
//! and `variants::cubes_of_every_variant_add_up_to_the_counter`.)

use std::ops::ControlFlow;

use cover_model::plan::{decide, Asked, EngineName, Job, Problem};
use proptest::prelude::*;
use solver_core::cdcl::Learner;
use solver_core::{cubes, knuth, zdd, Counter, Limits};

use crate::oracle::{arb_plain, brute_force_count, Plain};

fn every_plan_counts_as_the_oracle(p: &Plain) -> Result<(), TestCaseError> {
    let matrix = knuth::parse(&p.to_knuth()).expect("oracle problems parse");
    let total = brute_force_count(p);
    let colours = p.options.iter().flatten().any(|&(_, colour)| colour > 0);
    let learner = Learner::from_matrix(&matrix);
    prop_assert_eq!(learner.is_none(), colours);
    // The frontier as the command reads it for a count: small problems are
    // within the memo's bound, so the planner picks memoized counting.
    let frontier = Some(u32::try_from(zdd::frontier(&matrix)).unwrap());
    // A plain count: Dancing Cells take these small problems.
    let cells = matrix.cells_fit();
    prop_assert!(cells);
    let problem = Problem::Matrix {
        colours,
        cells,
        frontier,
    };
    for asked in Asked::ALL {
        for job in [Job::Count, Job::Solve] {
            let plan = match decide(&problem, job, asked) {
                Ok(plan) => plan,
                Err(refusal) => {
                    // Refused: the engine asked for cannot take a matrix
                    // (bits, propagation), or clause learning meets colours.
                    prop_assert!(
                        matches!(asked, Asked::Bits | Asked::Propagation)
                            || (asked == Asked::Cdcl && colours)
                            || (asked == Asked::Zdd && job != Job::Count),
                        "{asked:?} refused: {refusal}"
                    );
                    continue;
                }
            };
            let counted = match plan.engine {
                EngineName::Dlx | EngineName::Cells => {
                    let counter = match plan.engine {
                        EngineName::Cells => Counter::Cells,
                        _ => Counter::Links,
                    };
                    let count = matrix.solver().count_with(counter, &Limits::none());
                    prop_assert!(count.is_complete());
                    prop_assert_eq!(
                        matrix
                            .par_count_with(counter, &[], &Limits::none())
                            .unwrap()
                            .solutions,
                        count.solutions
                    );
                    count.solutions
                }
                EngineName::Cdcl => {
                    let mut learner = Learner::from_matrix(&matrix).expect("planned: no colours");
                    let mut found = 0u128;
                    let outcome = learner.search(&Limits::none(), |_| {
                        found += 1;
                        ControlFlow::Continue(())
                    });
                    prop_assert!(outcome.is_complete());
                    found
                }
                EngineName::Zdd => {
                    prop_assert_eq!(job, Job::Count);
                    let z = zdd::build(&matrix, &Limits::none(), 1 << 24).unwrap();
                    let n = z.count(1 << 24).unwrap();
                    n.to_u128().expect("small")
                }
                other => panic!("{other} planned for a matrix"),
            };
            prop_assert_eq!(counted, total, "{:?} {:?} -> {}", asked, job, plan.engine);
        }
    }
    // Cubes come from Dancing Links, which is always planned for a matrix.
    prop_assert_eq!(
        decide(&problem, Job::Split, Asked::Auto).map(|p| p.engine),
        Ok(EngineName::Dlx)
    );
    let fingerprint = cubes::Fingerprint::of_matrix(&matrix, &[]);
    let options = cubes::SplitOptions {
        cubes: Some(1 + p.options.len() % 7),
        ..cubes::SplitOptions::default()
    };
    let split = cubes::split(&matrix, &[], &options).unwrap();
    let mut sum = 0u128;
    // Either counter, the cubes add up.
    let counter = if p.options.len().is_multiple_of(2) {
        solver_core::Counter::Links
    } else {
        solver_core::Counter::Cells
    };
    for record in cubes::records(&matrix, fingerprint, &split) {
        let result =
            cubes::count_record(&matrix, &[], fingerprint, &record, counter, &Limits::none());
        prop_assert!(result.complete);
        sum += result.count;
    }
    prop_assert_eq!(sum, total);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_engine_the_planner_picks_for_a_matrix_counts_as_the_oracle(
        p in arb_plain(true, false),
    ) {
        every_plan_counts_as_the_oracle(&p)?;
    }

    #[test]
    fn colours_refuse_clause_learning_and_dancing_links_counts_as_the_oracle(
        p in arb_plain(true, true),
    ) {
        every_plan_counts_as_the_oracle(&p)?;
    }
}
