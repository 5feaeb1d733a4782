//! What the processor offers the engines, read once per process: whether it
//! has the instructions of the 9x9 specialist's wider copy (AVX2, BMI1,
//! BMI2, LZCNT and POPCNT: x86-64-v3's integer instructions) and whether
//! its `pext` is slow (microcoded). The planner ([`crate::plan()`]) reads
//! these facts and chooses the copy of `band9` that runs
//! ([`Processor::band9_path`]); the engine is built on that choice and
//! makes none of its own.
//!
//! ```
//! use sudoku_solve::plan::{CpuPath, Processor};
//!
//! // Whatever this CPU has, the portable copy can be asked for.
//! assert_eq!(Processor::portable().band9_path(), CpuPath::Baseline);
//! let here = Processor::detect().band9_path();
//! assert!(matches!(here, CpuPath::Baseline | CpuPath::Avx2 | CpuPath::Avx2Lookup));
//! ```

use std::sync::OnceLock;

use cover_model::plan::CpuPath;

/// The facts of a processor the plan reads: [`Processor::detect`] for this
/// one, [`Processor::portable`] for one without the wider instructions (to
/// run, measure or test the portable copy on any CPU).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Processor {
    /// AVX2, BMI1, BMI2, LZCNT and POPCNT, every one.
    wide: bool,
    /// `pext` is microcoded (AMD before Zen 3).
    slow_pext: bool,
}

impl Processor {
    /// This processor, read on the first call (and kept for the process).
    pub fn detect() -> Processor {
        static READ: OnceLock<Processor> = OnceLock::new();
        *READ.get_or_init(|| {
            let wide = has_wide_instructions();
            Processor {
                wide,
                slow_pext: wide && slow_pext(),
            }
        })
    }

    /// A processor without the wider instructions: the plan then builds the
    /// portable copy.
    pub fn portable() -> Processor {
        Processor {
            wide: false,
            slow_pext: false,
        }
    }

    /// The copy of the 9x9 specialist the plan builds here: `avx2` where
    /// the processor has the wider instructions, `avx2-lookup` where its
    /// `pext` is slow too (the same copy with table lookups), `baseline`
    /// elsewhere.
    pub fn band9_path(self) -> CpuPath {
        match (self.wide, self.slow_pext) {
            (false, _) => CpuPath::Baseline,
            (true, true) => CpuPath::Avx2Lookup,
            (true, false) => CpuPath::Avx2,
        }
    }
}

/// Whether this CPU has AVX2, BMI1, BMI2, LZCNT and POPCNT (always false
/// off x86-64): what [`Processor::detect`] reads, and what the 9x9
/// specialist's wider copy checks again before it is built (its proof that
/// calling the copy is sound: `bitsearch/wide.rs`).
pub(crate) fn has_wide_instructions() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("lzcnt")
            && std::arch::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// Whether `pext` is microcoded here: AMD before Zen 3 (family 0x19), where
/// it takes tens of cycles or more against one lookup's few.
fn slow_pext() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::__cpuid;
        let (vendor, signature) = (__cpuid(0), __cpuid(1));
        slow_pext_on([vendor.ebx, vendor.edx, vendor.ecx], signature.eax)
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// [`slow_pext`] for the vendor words (`cpuid` leaf 0: ebx, edx, ecx) and
/// the signature (leaf 1: eax) of a CPU.
#[cfg(any(target_arch = "x86_64", test))]
fn slow_pext_on(vendor: [u32; 3], signature: u32) -> bool {
    // "AuthenticAMD", four bytes a word, little-endian.
    const AMD: [u32; 3] = [0x6874_7541, 0x6974_6E65, 0x444D_4163];
    let base = signature >> 8 & 0xF;
    let family = if base == 0xF {
        base + (signature >> 20 & 0xFF)
    } else {
        base
    };
    vendor == AMD && family < 0x19
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Asked, SudokuSolver, Task, Verdict};
    use solver_core::Limits;
    use sudoku::{Grid, Rules, Shape};

    fn words(name: &[u8; 12]) -> [u32; 3] {
        let word = |k: usize| u32::from_le_bytes(name[4 * k..4 * k + 4].try_into().unwrap());
        [word(0), word(1), word(2)]
    }

    #[test]
    fn pext_is_slow_on_amd_before_zen_3_only() {
        let (amd, intel) = (words(b"AuthenticAMD"), words(b"GenuineIntel"));
        // Signatures (cpuid leaf 1, eax) from the vendors' guides: Zen 2
        // (EPYC 7002, family 0x17), Excavator (0x15), Zen 3 (0x19), Zen 5
        // (0x1A), and an Intel Skylake (family 6).
        assert!(slow_pext_on(amd, 0x0083_0F10));
        assert!(slow_pext_on(amd, 0x0066_0F01));
        assert!(!slow_pext_on(amd, 0x00A0_0F11));
        assert!(!slow_pext_on(amd, 0x00B0_0F20));
        assert!(!slow_pext_on(intel, 0x0005_06E3));
    }

    #[test]
    fn each_processor_gets_its_path() {
        let p = |wide, slow_pext| Processor { wide, slow_pext }.band9_path();
        assert_eq!(p(false, false), CpuPath::Baseline);
        assert_eq!(p(false, true), CpuPath::Baseline);
        assert_eq!(p(true, false), CpuPath::Avx2);
        assert_eq!(p(true, true), CpuPath::Avx2Lookup);
        assert_eq!(Processor::portable().band9_path(), CpuPath::Baseline);
        // Read once: the same facts each time.
        assert_eq!(Processor::detect(), Processor::detect());
    }

    /// The plain oracle: the solutions of the 9x9 puzzle `givens` (0 =
    /// empty), up to `cap`, by backtracking on the cell with the fewest
    /// values left; `None` when two givens clash. It shares nothing with
    /// the engines.
    fn oracle(givens: &[u16], cap: usize) -> Option<Vec<Vec<u16>>> {
        let mut used = [0u16; 27];
        for (cell, &v) in givens.iter().enumerate() {
            if v != 0 {
                for u in units(cell) {
                    if used[u] & 1 << v != 0 {
                        return None;
                    }
                    used[u] |= 1 << v;
                }
            }
        }
        fn units(cell: usize) -> [usize; 3] {
            [cell / 9, 9 + cell % 9, 18 + cell / 27 * 3 + cell % 9 / 3]
        }
        fn free(used: &[u16; 27], cell: usize) -> u16 {
            let [a, b, c] = units(cell);
            !(used[a] | used[b] | used[c]) & 0x3FE
        }
        fn fill(g: &mut Vec<u16>, used: &mut [u16; 27], cap: usize, out: &mut Vec<Vec<u16>>) {
            let open = (0..81).filter(|&c| g[c] == 0);
            let Some(cell) = open.min_by_key(|&c| free(used, c).count_ones()) else {
                out.push(g.clone());
                return;
            };
            for v in 1..=9u16 {
                if free(used, cell) & 1 << v != 0 && out.len() < cap {
                    g[cell] = v;
                    units(cell).iter().for_each(|&u| used[u] |= 1 << v);
                    fill(g, used, cap, out);
                    units(cell).iter().for_each(|&u| used[u] &= !(1 << v));
                    g[cell] = 0;
                }
            }
        }
        let mut out = Vec::new();
        fill(&mut givens.to_vec(), &mut used, cap, &mut out);
        Some(out)
    }

    /// Puzzles from a full grid built by a formula (row `r`, column `c`:
    /// `(3r + r/3 + c) mod 9 + 1`), its digits, bands, stacks, rows and
    /// columns within them shuffled, with 30 to 64 cells cleared; one in
    /// seven has a given changed (no solution, or a clash). Inputs only:
    /// their answers are the oracle's.
    fn puzzles(count: u64) -> Vec<Vec<u16>> {
        let mut rng = 0x9E37_79B9_7F4A_7C15_u64;
        let mut next = move |n: usize| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            (rng % n as u64) as usize
        };
        let mut out = Vec::new();
        for round in 0..count {
            let mut shuffle = |v: &mut Vec<usize>| {
                for i in (1..v.len()).rev() {
                    v.swap(i, next(i + 1));
                }
            };
            let mut digits: Vec<usize> = (0..9).collect();
            shuffle(&mut digits);
            // A line of nine in the order of three shuffled groups of three,
            // each shuffled inside.
            let mut lines = || {
                let mut groups: Vec<usize> = (0..3).collect();
                shuffle(&mut groups);
                let mut order = Vec::new();
                for g in groups {
                    let mut inner: Vec<usize> = (0..3).map(|k| 3 * g + k).collect();
                    shuffle(&mut inner);
                    order.extend(inner);
                }
                order
            };
            let (rows, cols) = (lines(), lines());
            let mut grid: Vec<u16> = (0..81)
                .map(|cell| {
                    let (r, c) = (rows[cell / 9], cols[cell % 9]);
                    digits[(3 * r + r / 3 + c) % 9] as u16 + 1
                })
                .collect();
            let open = 30 + (round % 35) as usize;
            let mut cleared = 0;
            while cleared < open {
                let cell = next(81);
                if grid[cell] != 0 {
                    grid[cell] = 0;
                    cleared += 1;
                }
            }
            if round % 7 == 6 {
                let cell = grid.iter().position(|&v| v != 0).unwrap();
                grid[cell] = grid[cell] % 9 + 1;
            }
            out.push(grid);
        }
        // Two published puzzles: a hard one, and a 17-clue one (Royle's list).
        for hard in [
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
            "000000010400000000020000000000050407008000300001090000300400200050100000000806000",
        ] {
            out.push(
                hard.bytes()
                    .map(|b| b.saturating_sub(b'0') % 10)
                    .map(u16::from)
                    .collect(),
            );
        }
        out
    }

    /// Both copies of band9 the plan can build, the portable one forced
    /// and the AVX2 one where this CPU has it, each built through the plan
    /// and named by it, give the oracle's verdicts, solutions and counts
    /// (up to 40) on the same puzzles.
    #[test]
    fn both_planned_copies_of_band9_give_the_oracles_answers() {
        let shape = Shape::square(3).unwrap();
        let mut processors = vec![(Processor::portable(), CpuPath::Baseline)];
        let here = Processor::detect();
        match here.band9_path() {
            CpuPath::Baseline => {
                eprintln!("this CPU has no wider copy: only the portable one is tested")
            }
            path => processors.push((here, path)),
        }
        let puzzles = puzzles(240);
        let mut seen = [0usize; 4];
        for (processor, path) in processors {
            let rules = Rules::standard_shared(shape);
            let mut check =
                SudokuSolver::planned_on(rules.clone(), &Task::Check, Asked::Auto, processor)
                    .unwrap();
            let mut count = SudokuSolver::planned_on(
                rules,
                &Task::Count { limit: None },
                Asked::Auto,
                processor,
            )
            .unwrap();
            for solver in [&check, &count] {
                assert_eq!(solver.plan().engine, crate::EngineName::Band9);
                assert_eq!(solver.plan().path, Some(path));
                assert!(solver
                    .plan()
                    .to_string()
                    .ends_with(&format!(", {path} path")));
            }
            for givens in &puzzles {
                let grid = Grid::from_values(shape, givens.clone()).unwrap();
                let want = oracle(givens, 40);
                let (verdict, _) = check.check_unique(&grid, &Limits::none());
                let what = format!("{path}: {grid}");
                match (&want, verdict) {
                    (None, Verdict::Invalid(_)) => seen[0] += 1,
                    (Some(all), Verdict::Unsolvable) if all.is_empty() => seen[1] += 1,
                    (Some(all), Verdict::Unique(s)) if all.len() == 1 => {
                        assert_eq!(s.cells(), &all[0][..], "{what}");
                        seen[2] += 1;
                    }
                    (Some(all), Verdict::Multiple(a, b)) if all.len() >= 2 => {
                        assert_ne!(a, b, "{what}");
                        for s in [a, b] {
                            assert!(
                                all.len() == 40 || all.iter().any(|o| o[..] == s.cells()[..]),
                                "{what}"
                            );
                            assert!(s.is_solution_of(&grid), "{what}");
                        }
                        seen[3] += 1;
                    }
                    (want, got) => panic!("{what}: oracle {want:?}, engine {got:?}"),
                }
                let counted = count.count(&grid, &Limits::none().solutions(40));
                match &want {
                    None => assert!(counted.is_err(), "{what}"),
                    Some(all) => {
                        assert_eq!(counted.unwrap().solutions, all.len() as u128, "{what}")
                    }
                }
            }
        }
        // Every verdict was met.
        assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
    }
}
