//! The 9x9 specialist's wider copy: its propagation compiled for AVX2 and
//! BMI2 (x86-64-v3's integer instructions).
//!
//! The binary targets x86-64-v2, so it runs on any x86-64 made since about
//! 2009. Where the CPU has AVX2, BMI1, BMI2, LZCNT and POPCNT and the plan
//! chose this copy ([`crate::plan::Processor`]: `avx2`, or `avx2-lookup`),
//! [`Band9Search`](super::band9::Band9Search) calls [`Wide::propagate`]
//! instead of the baseline propagation: the same code, compiled for those
//! instructions, with the row-box incidence of a word gathered by one
//! `pext` instead of three table lookups (but on AMD CPUs before Zen 3,
//! which run `pext` in microcode, slowly, the plan keeps the lookups).
//! The root state built from the givens ([`Wide::with_givens`]) is compiled
//! for them too. Everything else (the search, the branching) is the
//! baseline code on every CPU. The independent check of a solution in the
//! search's form ([`super::solution_words`], code apart from the search)
//! has an AVX2 copy too, called from here.
//!
//! This is the workspace's one module with `unsafe` code: calling a
//! function compiled for instructions the binary's baseline lacks. A
//! [`Wide`] is made only by [`Wide::new`], after the CPU said it has
//! every one of them ([`has_wide_instructions`], the one list of them), and
//! each `unsafe` call takes a `Wide`.

#![allow(unsafe_code)]

use super::band9::{State, Words};
use super::search::Clash;
use super::solution_words::{self, GivenWords};
use crate::processor::has_wide_instructions;

/// Proof that this CPU has AVX2, BMI1, BMI2, LZCNT and POPCNT: made only by
/// [`Wide::new`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Wide {
    /// Whether to gather with `pext` (false where it is microcoded).
    pext: bool,
}

impl Wide {
    /// The wider copy, gathering with `pext` or with the lookups, if this
    /// CPU has the instructions, else `None`. The plan chooses whether it
    /// runs and how it gathers; this only proves the CPU can run it.
    pub(crate) fn new(pext: bool) -> Option<Wide> {
        has_wide_instructions().then_some(Wide { pext })
    }

    /// The bits of `x` under `mask`, packed to the low end (BMI2's `pext`).
    #[inline(always)]
    pub(super) fn pext(self, x: u32, mask: u32) -> u32 {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: `_pext_u32` needs BMI2 and nothing else; a `Wide`
            // exists only where `has_wide_instructions` found BMI2.
            unsafe { std::arch::x86_64::_pext_u32(x, mask) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let (mut out, mut bit, mut m) = (0, 0, mask);
            while m != 0 {
                let low = m & m.wrapping_neg();
                out |= u32::from(x & low != 0) << bit;
                bit += 1;
                m &= m - 1;
            }
            out
        }
    }

    /// [`State::propagate`], compiled for the wider instructions.
    #[inline]
    pub(super) fn propagate(self, s: &mut State, claims_from: u32) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: `propagate_v3` is compiled for AVX2, BMI1, BMI2,
            // LZCNT and POPCNT and does nothing else unsafe; a `Wide`
            // exists only where `has_wide_instructions` found all five.
            unsafe {
                if self.pext {
                    propagate_v3(self, s, claims_from)
                } else {
                    propagate_v3(super::band9::Lookup, s, claims_from)
                }
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        s.propagate_with(self, claims_from)
    }
}

impl Wide {
    /// The independent check's givens ([`GivenWords::new`]), compiled for
    /// AVX2: [`solution_words::avx2::given_words`].
    pub(super) fn given_words(self, cells: &[u16]) -> Option<GivenWords> {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: the function needs AVX2 and does nothing unsafe; a
            // `Wide` exists only where `has_wide_instructions` found it.
            unsafe { solution_words::avx2::given_words(cells) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        GivenWords::new(cells)
    }

    /// The independent check of a solution ([`solution_words::is_solution`]),
    /// compiled for AVX2: [`solution_words::avx2::is_solution`].
    pub(super) fn is_solution(self, words: &Words, givens: &GivenWords) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: as in `given_words`.
            unsafe { solution_words::avx2::is_solution(words, givens) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        solution_words::is_solution(words, givens)
    }
}

impl Wide {
    /// [`State::with_givens`], compiled for the wider instructions.
    #[inline]
    pub(super) fn with_givens(self, givens: &[u16]) -> Result<State, Clash> {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: as in `propagate`.
            unsafe { with_givens_v3(givens) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        State::with_givens_inline(givens)
    }
}

/// [`State::with_givens`] compiled for the wider instructions.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
fn with_givens_v3(givens: &[u16]) -> Result<State, Clash> {
    State::with_givens_inline(givens)
}

/// [`State::propagate_with`] compiled for the wider instructions.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
fn propagate_v3(path: impl super::band9::Incidence, s: &mut State, claims_from: u32) -> bool {
    s.propagate_with(path, claims_from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pext_gathers_the_bits_under_the_mask() {
        let Some(wide) = Wide::new(true) else {
            return;
        };
        let mut x = 0x2545_F491_u32;
        for mask in [0, 1, 0o111_111_111, 0xFFFF_FFFF, 0x8000_0001, 0x0F0F_00F0] {
            for _ in 0..1000 {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                let (mut want, mut bit) = (0, 0);
                for k in 0..32 {
                    if mask >> k & 1 != 0 {
                        want |= (x >> k & 1) << bit;
                        bit += 1;
                    }
                }
                assert_eq!(wide.pext(x, mask), want, "{x:#x} {mask:#x}");
            }
        }
    }
}
