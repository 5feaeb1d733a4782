//! Exact cover against brute force: a small problem from the bytes (1-6
//! primary items, 0-3 secondary items, up to 12 options, two colours), solved
//! by the engine sequentially, in parallel, with limits and with a forced
//! option, and by trying every subset of the options.
//!
//! Bytes: the first gives the item counts (bits 0-3: primary, bits 4-5:
//! secondary), the second the declaration order of the items (bit k set: the
//! k-th item declared is secondary while any is left), the third the number
//! of options (mod 13), the fourth the forced option and the solution limit.
//! Then two bytes per option: the primary items (a bit mask), and for each
//! secondary item two bits (0 absent, 1 plain, 2 colour `red`, 3 colour
//! `blue`), with bit 6 to list the entries in reverse.
#![no_main]

use std::collections::BTreeSet;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use solver_core::{BuildError, Entry, ItemId, Limits, Matrix, OptionId, ProblemBuilder};

/// Two threads, so that the parallel search really splits the tree.
fn pool() -> &'static rayon::ThreadPool {
    static POOL: OnceLock<rayon::ThreadPool> = OnceLock::new();
    POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap()
    })
}

/// One option as the brute force sees it.
struct Opt {
    /// The primary items, as indices.
    primary: Vec<usize>,
    /// The secondary items and their colours (0 = none).
    secondary: Vec<(usize, u8)>,
}

fuzz_target!(|data: &[u8]| {
    let byte = |k: usize| data.get(k).copied().unwrap_or(0);
    let n_primary = 1 + usize::from(byte(0) & 15) % 6;
    let n_secondary = usize::from(byte(0) >> 4) & 3;
    let n_options = usize::from(byte(2)) % 13;

    // Declare the items in an order chosen by the input.
    let mut b = ProblemBuilder::new();
    let mut primary: Vec<ItemId> = Vec::new();
    let mut secondary: Vec<ItemId> = Vec::new();
    for k in 0..n_primary + n_secondary {
        let wants_secondary = byte(1) >> (k % 8) & 1 == 1;
        if secondary.len() < n_secondary && (wants_secondary || primary.len() == n_primary) {
            secondary.push(b.add_secondary(&format!("s{}", secondary.len())).unwrap());
        } else {
            primary.push(b.add_primary(&format!("p{}", primary.len())).unwrap());
        }
    }
    let colours = [b.color("red").unwrap(), b.color("blue").unwrap()];

    let mut options: Vec<Opt> = Vec::new();
    for k in 0..n_options {
        let (mask, sec) = (byte(4 + 2 * k), byte(5 + 2 * k));
        let mut opt = Opt {
            primary: (0..n_primary).filter(|&i| mask >> i & 1 == 1).collect(),
            secondary: Vec::new(),
        };
        let mut entries: Vec<Entry> = opt.primary.iter().map(|&i| primary[i].into()).collect();
        for (j, &item) in secondary.iter().enumerate() {
            let code = sec >> (2 * j) & 3;
            if code == 0 {
                continue;
            }
            opt.secondary.push((j, code - 1));
            let colour = (code >= 2).then(|| colours[usize::from(code - 2)]);
            entries.push((item, colour).into());
        }
        if sec & 64 != 0 {
            entries.reverse();
        }
        let before = b.option_count();
        match b.add_option(entries) {
            Ok(id) => {
                assert_eq!(id.index(), options.len());
                options.push(opt);
            }
            Err(BuildError::NoPrimaryItem { .. }) if opt.primary.is_empty() => {
                assert_eq!(b.option_count(), before, "a refused option was added");
            }
            Err(e) => panic!("option refused: {e}"),
        }
    }
    let matrix = b.build().unwrap();
    assert_eq!(matrix.option_count(), options.len());

    let expected = brute_force(&options, n_primary, n_secondary);
    let total = expected.len() as u128;

    // Sequential count, and every solution listed.
    let mut solver = matrix.solver();
    let count = solver.count(&Limits::none());
    assert!(count.is_complete());
    assert_eq!(count.solutions, total, "count != brute force");
    let found: BTreeSet<u32> = solver
        .solutions(&Limits::none())
        .map(|s| subset(&matrix, &s))
        .collect();
    assert_eq!(found, expected, "solutions != brute force");
    assert!(solver.is_pristine(&matrix));

    // Parallel count.
    let par = pool().install(|| matrix.par_count(&[], &Limits::none()).unwrap());
    assert!(par.is_complete());
    assert_eq!(par.solutions, total, "parallel count != brute force");

    // A solution limit: never more than asked, complete only if all were found.
    let max = u128::from(byte(3) & 3) + 1;
    for limited in [
        solver.count(&Limits::none().solutions(max)),
        pool().install(|| {
            matrix
                .par_count(&[], &Limits::none().solutions(max))
                .unwrap()
        }),
    ] {
        assert_eq!(
            limited.solutions,
            total.min(max),
            "limit {max}: {limited:?}"
        );
        if total < max {
            assert!(
                limited.is_complete(),
                "limit {max} not reached: {limited:?}"
            );
        }
    }
    // A node limit: a complete count is the exact count.
    let tiny = solver.count(&Limits::none().nodes(u64::from(byte(3) >> 4)));
    if tiny.is_complete() {
        assert_eq!(tiny.solutions, total, "node-limited count: {tiny:?}");
    } else {
        assert!(tiny.solutions <= total);
    }
    assert!(solver.is_pristine(&matrix));

    // Forcing an option: exactly the solutions that contain it.
    if !options.is_empty() {
        let o = OptionId::new(usize::from(byte(3) >> 2) % options.len());
        let with_o = expected
            .iter()
            .filter(|&&s| s >> o.index() & 1 == 1)
            .count() as u128;
        solver.force(o).unwrap();
        let forced = solver.count(&Limits::none());
        assert_eq!(forced.solutions, with_o, "forced {o}: {forced:?}");
        for s in solver.solutions(&Limits::none()) {
            assert_eq!(s[0], o, "the forced option comes first");
            assert!(expected.contains(&subset(&matrix, &s)));
        }
        assert_eq!(solver.release(), Some(o));
        assert!(solver.is_pristine(&matrix));
        let par = pool().install(|| matrix.par_count(&[o], &Limits::none()).unwrap());
        assert_eq!(par.solutions, with_o, "parallel, forced {o}: {par:?}");
    }
});

/// A solution as a bit mask of options (checking no option repeats).
fn subset(matrix: &Matrix, solution: &[OptionId]) -> u32 {
    let mut mask = 0u32;
    for o in solution {
        assert!(o.index() < matrix.option_count());
        assert_eq!(mask >> o.index() & 1, 0, "option {o} twice in {solution:?}");
        mask |= 1 << o.index();
    }
    mask
}

/// Every subset of the options that covers each primary item exactly once,
/// and each secondary item at most once or only with one colour.
fn brute_force(options: &[Opt], n_primary: usize, n_secondary: usize) -> BTreeSet<u32> {
    let mut solutions = BTreeSet::new();
    for mask in 0u32..1 << options.len() {
        let mut primary_uses = vec![0; n_primary];
        let mut secondary_colours: Vec<Vec<u8>> = vec![Vec::new(); n_secondary];
        for (k, opt) in options.iter().enumerate() {
            if mask >> k & 1 == 1 {
                for &i in &opt.primary {
                    primary_uses[i] += 1;
                }
                for &(j, colour) in &opt.secondary {
                    secondary_colours[j].push(colour);
                }
            }
        }
        let primary_ok = primary_uses.iter().all(|&n| n == 1);
        let secondary_ok = secondary_colours
            .iter()
            .all(|c| c.len() <= 1 || (c[0] != 0 && c.iter().all(|&x| x == c[0])));
        if primary_ok && secondary_ok {
            solutions.insert(mask);
        }
    }
    solutions
}
