//! A brute-force exact-cover oracle, written to be easy to read rather than
//! fast. It does not use `solver-core`: problems are plain data, and solutions
//! are found by trying every subset of the options against the definition of
//! an exact cover with colours (Knuth's XCC problem, TAOCP 7.2.2.1, DLX2).

use proptest::prelude::*;

/// The largest number of options the oracle accepts (it tries `2^options`
/// subsets).
pub const MAX_OPTIONS: usize = 20;

/// A tiny exact-cover problem in plain data, for the oracle.
#[derive(Clone, Debug)]
pub struct Plain {
    /// Items `0..primary` are primary: each must be covered exactly once.
    pub primary: usize,
    /// Items `primary..primary + secondary` are secondary: each may be covered
    /// at most once, or by several options that give it the same colour.
    pub secondary: usize,
    /// The options, each a list of `(item, colour)`; colour 0 means no
    /// colour, and colours appear only on secondary items.
    pub options: Vec<Vec<(usize, u32)>>,
}

impl Plain {
    /// Knuth-format text for this problem: primary items named `p0`..,
    /// secondary items `s0`..; colour `k > 0` written as `:ck`.
    ///
    /// Panics if an option names an unknown item or colours a primary item.
    pub fn to_knuth(&self) -> String {
        let mut header: Vec<String> = (0..self.primary).map(|i| format!("p{i}")).collect();
        if self.secondary > 0 {
            header.push("|".to_string());
            header.extend((0..self.secondary).map(|j| format!("s{j}")));
        }
        let mut text = header.join(" ");
        text.push('\n');

        for option in &self.options {
            let mut words = Vec::new();
            for &(item, colour) in option {
                assert!(item < self.primary + self.secondary, "unknown item {item}");
                if item < self.primary {
                    assert_eq!(colour, 0, "colour on primary item p{item}");
                    words.push(format!("p{item}"));
                } else if colour == 0 {
                    words.push(format!("s{}", item - self.primary));
                } else {
                    words.push(format!("s{}:c{colour}", item - self.primary));
                }
            }
            text.push_str(&words.join(" "));
            text.push('\n');
        }
        text
    }
}

/// Does choosing exactly the options in `chosen` solve the problem?
///
/// - every primary item lies in exactly one chosen option;
/// - every secondary item lies in no chosen option, or in exactly one, or in
///   several that all give it the same non-zero colour. (So colour 0 twice,
///   colour 0 with colour `c`, and colour `c` with colour `d != c` conflict.)
fn is_solution(p: &Plain, chosen: &[usize]) -> bool {
    for item in 0..p.primary {
        let times = chosen
            .iter()
            .filter(|&&o| p.options[o].iter().any(|&(i, _)| i == item))
            .count();
        if times != 1 {
            return false;
        }
    }
    for item in p.primary..p.primary + p.secondary {
        let colours: Vec<u32> = chosen
            .iter()
            .flat_map(|&o| &p.options[o])
            .filter(|&&(i, _)| i == item)
            .map(|&(_, colour)| colour)
            .collect();
        let fine = colours.len() <= 1 || colours.iter().all(|&c| c != 0 && c == colours[0]);
        if !fine {
            return false;
        }
    }
    true
}

/// All solutions as sorted lists of option indices, the list itself sorted.
///
/// Tries all `2^n` subsets of the `n` options (panics if `n > MAX_OPTIONS`).
pub fn brute_force_solutions(p: &Plain) -> Vec<Vec<usize>> {
    let n = p.options.len();
    assert!(n <= MAX_OPTIONS, "too many options for brute force: {n}");
    let mut solutions = Vec::new();
    for mask in 0u32..(1 << n) {
        let chosen: Vec<usize> = (0..n).filter(|&o| mask & (1 << o) != 0).collect();
        if is_solution(p, &chosen) {
            solutions.push(chosen);
        }
    }
    solutions.sort();
    solutions
}

/// Counts solutions by trying every subset of options and checking the
/// definition: every primary item in exactly one chosen option; every
/// secondary item either in no chosen option, or in chosen options that all
/// give it the same non-zero colour, or in exactly one chosen option (colour
/// 0); mixing colour 0 with another chosen option on the same item is not
/// allowed.
pub fn brute_force_count(p: &Plain) -> u128 {
    brute_force_solutions(p).len() as u128
}

/// A proptest strategy for random small problems: 1 to 6 primary items, up to
/// 3 secondary items (none unless `with_secondary`), 0 to 14 options, colours
/// `0..=2` on secondary items (always 0 unless `with_colours`). Every option
/// has at least one primary item and no item twice; its items come in random
/// order. Duplicate options and unused items can occur.
pub fn arb_plain(with_secondary: bool, with_colours: bool) -> impl Strategy<Value = Plain> {
    let max_secondary: usize = if with_secondary { 3 } else { 0 };
    let max_colour: u32 = if with_colours { 2 } else { 0 };
    (1..=6usize, 0..=max_secondary).prop_flat_map(move |(primary, secondary)| {
        // One option: which primaries (plus one that is always in, so the
        // option is never without a primary item), and for each secondary
        // item either `None` (absent) or its colour.
        let option = (
            0..primary,
            proptest::collection::vec(any::<bool>(), primary),
            proptest::collection::vec(proptest::option::of(0..=max_colour), secondary),
        )
            .prop_map(move |(always, in_option, colours)| {
                let mut items: Vec<(usize, u32)> = (0..primary)
                    .filter(|&i| i == always || in_option[i])
                    .map(|i| (i, 0))
                    .collect();
                for (j, colour) in colours.into_iter().enumerate() {
                    if let Some(colour) = colour {
                        items.push((primary + j, colour));
                    }
                }
                items
            })
            .prop_shuffle();
        proptest::collection::vec(option, 0..=14).prop_map(move |options| Plain {
            primary,
            secondary,
            options,
        })
    })
}

#[cfg(test)]
mod oracle_tests {
    use super::*;

    /// Knuth's example from "Dancing Links": items A..G as p0..p6.
    fn knuth_example() -> Plain {
        let option = |items: &[usize]| items.iter().map(|&i| (i, 0)).collect();
        let (a, b, c, d, e, f, g) = (0, 1, 2, 3, 4, 5, 6);
        Plain {
            primary: 7,
            secondary: 0,
            options: vec![
                option(&[c, e, f]),
                option(&[a, d, g]),
                option(&[b, c, f]),
                option(&[a, d]),
                option(&[b, g]),
                option(&[d, e, g]),
            ],
        }
    }

    /// Two primary items p0, p1 and one secondary item s0 (item 2); option 0
    /// is `p0 s0:c{first}` (or `p0 s0` for colour 0), option 1 `p1 s0:c{second}`.
    fn two_colours(first: u32, second: u32) -> Plain {
        Plain {
            primary: 2,
            secondary: 1,
            options: vec![vec![(0, 0), (2, first)], vec![(1, 0), (2, second)]],
        }
    }

    #[test]
    fn knuth_example_has_one_solution() {
        let p = knuth_example();
        assert_eq!(brute_force_count(&p), 1);
        // A D, B G, C E F.
        assert_eq!(brute_force_solutions(&p), vec![vec![0, 3, 4]]);
        assert_eq!(
            p.to_knuth(),
            "p0 p1 p2 p3 p4 p5 p6\np2 p4 p5\np0 p3 p6\np1 p2 p5\np0 p3\np1 p6\np3 p4 p6\n"
        );
    }

    #[test]
    fn identical_options_count_twice() {
        let p = Plain {
            primary: 1,
            secondary: 0,
            options: vec![vec![(0, 0)], vec![(0, 0)]],
        };
        assert_eq!(brute_force_solutions(&p), vec![vec![0], vec![1]]);
        assert_eq!(brute_force_count(&p), 2);
    }

    #[test]
    fn no_options_no_solution() {
        let p = Plain {
            primary: 2,
            secondary: 1,
            options: vec![],
        };
        assert_eq!(brute_force_count(&p), 0);
        assert_eq!(p.to_knuth(), "p0 p1 | s0\n");
    }

    #[test]
    fn same_colour_is_compatible() {
        let p = two_colours(1, 1);
        assert_eq!(brute_force_solutions(&p), vec![vec![0, 1]]);
        assert_eq!(p.to_knuth(), "p0 p1 | s0\np0 s0:c1\np1 s0:c1\n");
    }

    #[test]
    fn different_colours_conflict() {
        assert_eq!(brute_force_count(&two_colours(1, 2)), 0);
        assert_eq!(brute_force_count(&two_colours(2, 1)), 0);
    }

    #[test]
    fn no_colour_twice_conflicts() {
        let p = two_colours(0, 0);
        assert_eq!(brute_force_count(&p), 0);
        assert_eq!(p.to_knuth(), "p0 p1 | s0\np0 s0\np1 s0\n");
    }

    #[test]
    fn no_colour_with_colour_conflicts() {
        assert_eq!(brute_force_count(&two_colours(0, 1)), 0);
        assert_eq!(brute_force_count(&two_colours(2, 0)), 0);
    }

    #[test]
    fn secondary_items_may_stay_uncovered() {
        // p0 alone, or p0 with s0 (colour 0 or 1): three separate solutions.
        let p = Plain {
            primary: 1,
            secondary: 1,
            options: vec![vec![(0, 0)], vec![(0, 0), (1, 0)], vec![(1, 1), (0, 0)]],
        };
        assert_eq!(brute_force_count(&p), 3);
        assert_eq!(p.to_knuth(), "p0 | s0\np0\np0 s0\ns0:c1 p0\n");
    }

    #[test]
    fn three_options_share_a_colour() {
        // p0 s0:c1, p1 s0:c1, p2 s0:c1 together; p0 p1 p2 s0 alone conflicts
        // with none of them but covers all primaries by itself.
        let p = Plain {
            primary: 3,
            secondary: 1,
            options: vec![
                vec![(0, 0), (3, 1)],
                vec![(1, 0), (3, 1)],
                vec![(2, 0), (3, 1)],
                vec![(0, 0), (1, 0), (2, 0), (3, 0)],
            ],
        };
        assert_eq!(brute_force_solutions(&p), vec![vec![0, 1, 2], vec![3]]);
    }

    /// The same problem with every secondary item made primary and given a
    /// one-item "slack" option: without colours, its exact covers correspond
    /// one to one to the solutions of the original.
    fn with_slack_options(p: &Plain) -> Plain {
        let mut options = p.options.clone();
        for item in p.primary..p.primary + p.secondary {
            options.push(vec![(item, 0)]);
        }
        Plain {
            primary: p.primary + p.secondary,
            secondary: 0,
            options,
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn generated_problems_are_well_formed(p in arb_plain(true, true)) {
            prop_assert!((1..=6).contains(&p.primary));
            prop_assert!(p.secondary <= 3);
            prop_assert!(p.options.len() <= 14);
            for option in &p.options {
                prop_assert!(option.iter().any(|&(i, _)| i < p.primary));
                let mut items: Vec<usize> = option.iter().map(|&(i, _)| i).collect();
                items.sort_unstable();
                items.dedup();
                prop_assert_eq!(items.len(), option.len());
                for &(item, colour) in option {
                    prop_assert!(item < p.primary + p.secondary);
                    prop_assert!(colour <= 2);
                    prop_assert!(item >= p.primary || colour == 0);
                }
            }
            prop_assert_eq!(p.to_knuth().lines().count(), 1 + p.options.len());
        }

        #[test]
        fn flags_restrict_generated_problems(
            a in arb_plain(false, false),
            b in arb_plain(true, false),
        ) {
            prop_assert_eq!(a.secondary, 0);
            prop_assert!(b.options.iter().flatten().all(|&(_, colour)| colour == 0));
        }

        #[test]
        fn count_matches_solutions(p in arb_plain(true, true)) {
            let solutions = brute_force_solutions(&p);
            prop_assert_eq!(brute_force_count(&p), solutions.len() as u128);
            for s in &solutions {
                prop_assert!(is_solution(&p, s));
                prop_assert!(s.windows(2).all(|w| w[0] < w[1]));
            }
        }

        #[test]
        fn secondary_items_match_slack_reduction(p in arb_plain(true, false)) {
            prop_assert_eq!(
                brute_force_count(&p),
                brute_force_count(&with_slack_options(&p))
            );
        }
    }
}
