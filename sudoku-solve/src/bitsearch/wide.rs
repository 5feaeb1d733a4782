//! The 9x9 specialist's wider path: its propagation compiled for AVX2 and
//! BMI2 (x86-64-v3's integer instructions), chosen at run time.
//!
//! The binary targets x86-64-v2, so it runs on any x86-64 made since about
//! 2009. Where the CPU has AVX2, BMI1, BMI2, LZCNT and POPCNT,
//! [`Band9Search`](super::band9::Band9Search) calls [`Wide::propagate`]
//! instead of the baseline propagation: the same code, compiled for those
//! instructions, with the row-box incidence of a word gathered by one
//! `pext` instead of three table lookups (but on AMD CPUs before Zen 3,
//! which run `pext` in microcode, slowly: there it keeps the lookups).
//! Everything else (the search, the branching) is the baseline code on
//! every CPU.
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
pub(crate) struct Wide {
    /// Whether to gather with `pext` (false where it is microcoded).
    pext: bool,
}

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
            has.then_some(Wide { pext: !slow_pext() })
        }
        #[cfg(not(target_arch = "x86_64"))]
        None
    }

    /// The same path with the lookups in place of `pext` (what it takes
    /// where `pext` is slow).
    #[cfg(test)]
    pub(super) fn without_pext(self) -> Wide {
        Wide { pext: false }
    }

    /// Whether this path gathers with `pext`.
    pub(super) fn uses_pext(self) -> bool {
        self.pext
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

/// [`State::propagate_with`] compiled for the wider instructions.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
fn propagate_v3(path: impl super::band9::Incidence, s: &mut State, claims_from: u32) -> bool {
    s.propagate_with(path, claims_from)
}

/// Whether `pext` is microcoded here: AMD before Zen 3 (family 0x19), where
/// it takes tens of cycles or more against one lookup's few.
#[cfg(target_arch = "x86_64")]
fn slow_pext() -> bool {
    use std::arch::x86_64::__cpuid;
    let (vendor, signature) = (__cpuid(0), __cpuid(1));
    slow_pext_on([vendor.ebx, vendor.edx, vendor.ecx], signature.eax)
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
    fn pext_gathers_the_bits_under_the_mask() {
        let Some(wide) = Wide::detect() else {
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
