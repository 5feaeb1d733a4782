//! The 9x9 specialist's wider path: its propagation compiled for AVX2 and
//! BMI2 (x86-64-v3's integer instructions), chosen at run time.
//!
//! The binary targets x86-64-v2, so it runs on any x86-64 made since about
//! 2009. Where the CPU has AVX2, BMI1, BMI2, LZCNT and POPCNT,
//! [`Band9Search`](super::band9::Band9Search) calls [`Wide::propagate`]
//! instead of the baseline propagation: the same code, compiled for those
//! instructions, with the row-box incidence of a word gathered by one
//! `pext` instead of three table lookups. Everything else (the search, the
//! branching) is the baseline code on every CPU.
//!
//! This is the workspace's one module with `unsafe` code: calling a
//! function compiled for instructions the binary's baseline lacks. A
//! [`Wide`] is made only by [`Wide::detect`], after the CPU said it has
//! every one of them, and each `unsafe` call takes a `Wide`.

#![allow(unsafe_code)]

use super::band9::State;

/// Proof that this CPU has AVX2, BMI1, BMI2, LZCNT and POPCNT: made only by
/// [`Wide::detect`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Wide(());

impl Wide {
    /// A `Wide` if this CPU has the instructions, else `None` (always
    /// `None` off x86-64).
    pub(crate) fn detect() -> Option<Wide> {
        #[cfg(target_arch = "x86_64")]
        {
            let has = std::arch::is_x86_feature_detected!("avx2")
                && std::arch::is_x86_feature_detected!("bmi1")
                && std::arch::is_x86_feature_detected!("bmi2")
                && std::arch::is_x86_feature_detected!("lzcnt")
                && std::arch::is_x86_feature_detected!("popcnt");
            has.then_some(Wide(()))
        }
        #[cfg(not(target_arch = "x86_64"))]
        None
    }

    /// The bits of `x` under `mask`, packed to the low end (BMI2's `pext`).
    #[inline(always)]
    pub(super) fn pext(self, x: u32, mask: u32) -> u32 {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: `_pext_u32` needs BMI2 and nothing else; a `Wide`
            // exists only where `detect` found BMI2.
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
            // exists only where `detect` found all five.
            unsafe { propagate_v3(self, s, claims_from) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        s.propagate_with(self, claims_from)
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
fn propagate_v3(wide: Wide, s: &mut State, claims_from: u32) -> bool {
    s.propagate_with(wide, claims_from)
}
