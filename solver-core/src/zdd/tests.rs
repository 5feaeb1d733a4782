//! Known counts from mathematics, a brute force on random problems with
//! colours, limits that stop the build, and samples that are uniform.

use std::collections::HashMap;

use proptest::prelude::*;

use super::*;
use crate::{knuth, problems};

const MB: u64 = 1 << 20;

fn count(text: &str) -> BigCount {
    let m = knuth::parse(text).expect("parses");
    let z = build(&m, &Limits::none(), 1 << 30).expect("fits");
    z.count(1 << 30).expect("fits")
}

fn pow2(k: u32) -> BigCount {
    let mut n = BigCount::from(1u128);
    for _ in 0..k {
        n = n.clone() + n;
    }
    n
}

#[test]
fn domino_tilings() {
    for (r, c, n) in [(2, 3, 3u128), (3, 4, 11), (4, 4, 36), (8, 8, 12_988_816)] {
        assert_eq!(count(&problems::dominoes(r, c)), n, "{r}x{c}");
    }
    // 1x1 and 3x3: none.
    assert_eq!(count(&problems::dominoes(3, 3)), 0);
    assert_eq!(
        count(&problems::dominoes(12, 12)),
        53_060_477_521_960_000u128
    );
}

#[test]
fn aztec_diamonds_past_u64() {
    for n in 1..=11u32 {
        assert_eq!(
            count(&problems::aztec_diamond(n as usize)),
            pow2(n * (n + 1) / 2),
            "order {n}"
        );
    }
}

#[test]
fn bell_numbers_and_matchings() {
    let bell = [1u128, 2, 5, 15, 52, 203, 877, 4140, 21147, 115_975];
    for (n, b) in (1..=10).zip(bell) {
        assert_eq!(count(&problems::set_partitions(n)), b, "bell {n}");
    }
    let mut double_factorial = 1u128;
    for n in (2..=14).step_by(2) {
        double_factorial *= n as u128 - 1;
        assert_eq!(count(&problems::perfect_matchings(n)), double_factorial);
        assert_eq!(count(&problems::perfect_matchings(n + 1)), 0);
    }
}

#[test]
fn classic_families_with_secondary_items_and_colours() {
    // OEIS A000170 and A002860.
    assert_eq!(count(&problems::n_queens(8)), 92);
    assert_eq!(count(&problems::latin_square(4)), 576);
    assert_eq!(count(&problems::langford(7)), 52);
    // Latin squares with the columns as secondary items ("column c holds
    // v" at most once: with every row a permutation, exactly once) and a
    // secondary item per cell coloured with its value.
    assert_eq!(count(&problems::latin_square_coloured(4)), 576);
}

/// The exact-cover matrix of the empty Sudoku grid with boxes of `br` x
/// `bc` cells.
fn sudoku_grid(br: usize, bc: usize) -> String {
    let n = br * bc;
    let mut items = Vec::new();
    for kind in ["p", "r", "c", "b"] {
        for a in 0..n {
            for b in 0..n {
                items.push(format!("{kind}{a}_{b}"));
            }
        }
    }
    let mut text = items.join(" ") + "\n";
    for r in 0..n {
        for c in 0..n {
            let b = r / br * br + c / bc;
            for v in 0..n {
                text.push_str(&format!("p{r}_{c} r{r}_{v} c{c}_{v} b{b}_{v}\n"));
            }
        }
    }
    text
}

/// Sudoku grids, whose frontier in input order is wide (48 items for
/// 4x4): the memo is no faster than plain search there but still exact.
/// 4x4 grids: 288; 6x6 (28,200,960) is in docs/performance.md (3.3
/// million subproblems). Pentominoes list the pieces first, so the memo's
/// keys are the partial packings (millions on 3x20): the planner leaves
/// them to plain search, and a memo that outgrows its budget says so.
#[test]
fn wide_frontiers_stay_exact_or_stop() {
    assert_eq!(count(&sudoku_grid(2, 2)), 288);
    let m = knuth::parse(&problems::pentominoes(3, 20)).unwrap();
    let (why, stats) = build(&m, &Limits::none(), 64 * MB).unwrap_err();
    assert_eq!(why, Incomplete::MemoryLimit);
    assert!(stats.peak_bytes <= 64 * MB);
}

#[test]
fn limits_stop_the_build_and_say_why() {
    let m = knuth::parse(&problems::dominoes(8, 8)).unwrap();
    let (why, stats) = build(&m, &Limits::none(), 4096).unwrap_err();
    assert_eq!(why, Incomplete::MemoryLimit);
    assert!(stats.peak_bytes <= 4096, "{stats:?}");
    let (why, stats) = build(&m, &Limits::none().nodes(100), 1 << 30).unwrap_err();
    assert_eq!((why, stats.states), (Incomplete::NodeLimit, 100));
    // The counts of every node need their own memory.
    let z = build(&m, &Limits::none(), 1 << 30).unwrap();
    assert!(z.stats().peak_bytes > 0 && z.stats().hits > 0);
    assert_eq!(z.count(16), Err(Incomplete::MemoryLimit));
    // Counts of two limbs (16 bytes a node) fit beside the diagram (12
    // bytes a node), not in its place.
    let n = z.len() as u64;
    assert_eq!(z.count(16 * n), Err(Incomplete::MemoryLimit));
    assert_eq!(z.count(28 * n).unwrap(), 12_988_816);
    // A budget that just holds the build.
    let peak = z.stats().peak_bytes;
    assert!(build(&m, &Limits::none(), peak).is_ok());
}

/// Reads back the text that `write_text` wrote and counts its paths.
#[test]
fn the_text_form_reads_back_to_the_same_count() {
    let m = knuth::parse(&problems::dominoes(4, 5)).unwrap();
    let z = build(&m, &Limits::none(), MB).unwrap();
    let mut out = Vec::new();
    z.write_text(&m, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let mut counts: HashMap<u64, u128> = HashMap::from([(0, 0), (1, 1)]);
    let mut root = None;
    let mut options = 0;
    for line in text.lines() {
        if line.starts_with('#') {
            continue;
        } else if let Some(r) = line.strip_prefix("root ") {
            root = Some(r.parse::<u64>().unwrap());
        } else if line.starts_with('o') {
            options += 1;
        } else {
            let (id, rest) = line.split_once(":(o").unwrap();
            let (_, rest) = rest.split_once('?').unwrap();
            let (lo, hi) = rest.trim_end_matches(')').split_once(':').unwrap();
            let c = counts[&lo.parse::<u64>().unwrap()] + counts[&hi.parse::<u64>().unwrap()];
            counts.insert(id.parse().unwrap(), c);
        }
    }
    // 4x5: 95 tilings (OEIS A099390); every domino can be used.
    assert_eq!(counts[&root.unwrap()], 95);
    assert_eq!(options, m.option_count());
}

/// Samples are solutions, and uniform: a chi-square test over the 281
/// tilings of a 4x6 board (OEIS A099390), 50 draws each. The statistic has
/// 280 degrees of freedom (mean 280, deviation 23.7); a correct sampler
/// passes 450 (7 deviations) with probability above 1 - 1e-8.
#[test]
fn samples_are_uniform() {
    let m = knuth::parse(&problems::dominoes(4, 6)).unwrap();
    let z = build(&m, &Limits::none(), MB).unwrap();
    let counts = z.counts(MB).unwrap();
    assert_eq!(z.count(MB).unwrap(), 281);
    let draws = 281 * 50;
    let mut seen: HashMap<Vec<OptionId>, u32> = HashMap::new();
    let mut rng = 2026;
    for _ in 0..draws {
        let mut s = z.sample(&counts, &mut rng).unwrap();
        // An exact cover of the 24 cells.
        let mut cells: Vec<String> = s
            .iter()
            .flat_map(|&o| {
                m.option(o)
                    .map(|e| m.item_name(e.item).to_string())
                    .collect::<Vec<_>>()
            })
            .collect();
        cells.sort();
        cells.dedup();
        assert_eq!((cells.len(), s.len()), (24, 12));
        s.sort();
        *seen.entry(s).or_default() += 1;
    }
    assert_eq!(seen.len(), 281);
    let expected = 50.0;
    let chi2: f64 = seen
        .values()
        .map(|&k| (f64::from(k) - expected).powi(2) / expected)
        .sum();
    assert!(chi2 < 450.0, "chi-square {chi2}");
    // No solution: no sample.
    let m = knuth::parse(&problems::dominoes(3, 3)).unwrap();
    let z = build(&m, &Limits::none(), MB).unwrap();
    assert_eq!(z.sample(&z.counts(MB).unwrap(), &mut rng), None);
}

/// Knuth's reduction: no node has the empty family (node 0) as `hi`, and no
/// two nodes have the same option and children.
fn assert_reduced(z: &Zdd) {
    let mut seen = std::collections::HashSet::new();
    for (k, &node) in z.nodes.iter().enumerate().skip(2) {
        assert_ne!(node[2], BOT, "node {k} {node:?}");
        assert!(seen.insert(node), "node {k} {node:?} twice");
    }
}

/// Two subproblems that differ only in a colour that no option left can
/// tell apart have the same family: one node stands for both. Here `x`
/// takes colour 1 or 2 with `a`, and the one option of `b` that sees it
/// wants 3, so after either option of `a` only `b` alone is left: the
/// diagram is the two sinks, one node for `b`, and a chain of two for `a`.
#[test]
fn equal_subproblems_share_one_node() {
    let m = knuth::parse("a b | x\na x:1\na x:2\nb\nb x:3\n").unwrap();
    let z = build(&m, &Limits::none(), MB).unwrap();
    assert_eq!(z.count(MB).unwrap(), 2);
    assert_eq!(z.stats().entries, 3, "the root and b's two subproblems");
    assert_eq!(z.len(), 5);
    assert_reduced(&z);
    for text in [
        problems::dominoes(6, 6),
        problems::aztec_diamond(5),
        problems::set_partitions(7),
    ] {
        assert_reduced(&build(&knuth::parse(&text).unwrap(), &Limits::none(), MB).unwrap());
    }
}

#[test]
fn frontiers() {
    let f = |text: &str| frontier(&knuth::parse(text).unwrap());
    assert_eq!(f(&problems::dominoes(16, 16)), 16);
    assert!(f(&problems::aztec_diamond(16)) <= 18);
    assert!(f(&problems::n_queens(12)) > 30);
    assert!(f(&problems::langford(12)) >= 24);
    assert!(f(&problems::pentominoes(6, 10)) > 50);
    assert_eq!(f(&problems::set_partitions(12)), 11);
}

/// A small random problem: primary items, secondary items, options with
/// colours (0: none).
#[derive(Clone, Debug)]
struct Small {
    primary: usize,
    secondary: usize,
    options: Vec<Vec<(usize, u32)>>,
}

impl Small {
    fn text(&self) -> String {
        let name = |i: usize| format!("i{i}");
        let mut text: Vec<String> = (0..self.primary).map(name).collect();
        if self.secondary > 0 {
            text.push("|".into());
            text.extend((self.primary..self.primary + self.secondary).map(name));
        }
        let mut out = text.join(" ") + "\n";
        for o in &self.options {
            let parts: Vec<String> = o
                .iter()
                .map(|&(i, c)| match c {
                    0 => name(i),
                    c => format!("{}:{}", name(i), (b'a' + c as u8 - 1) as char),
                })
                .collect();
            out += &(parts.join(" ") + "\n");
        }
        out
    }

    /// Every subset of the options, checked.
    fn brute_force(&self) -> u128 {
        let mut total = 0;
        for mask in 0u32..1 << self.options.len() {
            let mut covered = vec![0; self.primary];
            let mut colour: Vec<Option<u32>> = vec![None; self.secondary];
            let mut ok = true;
            for (k, o) in self.options.iter().enumerate() {
                if mask >> k & 1 == 0 {
                    continue;
                }
                for &(i, c) in o {
                    if i < self.primary {
                        covered[i] += 1;
                    } else {
                        let s = &mut colour[i - self.primary];
                        match (*s, c) {
                            (None, c) => *s = Some(c),
                            (Some(a), b) if a == b && a != 0 => {}
                            _ => ok = false,
                        }
                    }
                }
            }
            if ok && covered.iter().all(|&n| n == 1) {
                total += 1;
            }
        }
        total
    }
}

fn arb_small() -> impl Strategy<Value = Small> {
    (1usize..6, 0usize..4).prop_flat_map(|(primary, secondary)| {
        let item = (0..primary + secondary, 0u32..3);
        let option = (0..primary, prop::collection::vec(item, 0..3)).prop_map(move |(p, mut o)| {
            o.push((p, 0));
            o.sort_by_key(|&(i, _)| i);
            o.dedup_by_key(|&mut (i, _)| i);
            for e in &mut o {
                if e.0 < primary {
                    e.1 = 0;
                }
            }
            o
        });
        prop::collection::vec(option, 0..11).prop_map(move |options| Small {
            primary,
            secondary,
            options,
        })
    })
}

proptest! {
    /// The memoized count is the brute force's, with and without colours,
    /// and every sample is one of the solutions.
    #[test]
    fn memo_agrees_with_brute_force(p in arb_small(), seed in any::<u64>()) {
        let m = knuth::parse(&p.text()).unwrap();
        let z = build(&m, &Limits::none(), MB).unwrap();
        let counts = z.counts(MB).unwrap();
        let total = p.brute_force();
        prop_assert_eq!(z.count(MB).unwrap(), total);
        // The links search agrees too.
        prop_assert_eq!(m.solver().count(&Limits::none()).solutions, total);
        assert_reduced(&z);
        let mut rng = seed;
        match z.sample(&counts, &mut rng) {
            None => prop_assert_eq!(total, 0),
            Some(s) => {
                let mut covered = vec![0; p.primary];
                for o in &s {
                    for &(i, _) in &p.options[o.index()] {
                        if i < p.primary { covered[i] += 1; }
                    }
                }
                prop_assert!(covered.iter().all(|&n| n == 1));
            }
        }
    }
}
