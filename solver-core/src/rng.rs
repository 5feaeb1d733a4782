//! The workspace's randomness: SplitMix64 (Steele, Lea and Flood), small,
//! fast and the same on every machine, so that a seed gives the same output
//! everywhere. Every seeded path (tie-breaks, shuffles, the cubes' probes,
//! samples, generated puzzles) steps or mixes through these two functions.
//!
//! ```
//! use solver_core::rng::{mix, splitmix64};
//!
//! // Vigna's reference `splitmix64.c` from the state 0.
//! let mut state = 0;
//! assert_eq!(splitmix64(&mut state), 0xe220_a839_7b1d_cdaf);
//! assert_eq!(splitmix64(&mut state), 0x6e78_9e6a_a1b9_65f4);
//! // `mix(x)` is the output of one step from the state `x`.
//! assert_eq!(mix(0), 0xe220_a839_7b1d_cdaf);
//! ```

/// SplitMix64's increment (the golden ratio times 2^64, odd).
pub const GOLDEN_GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// One step of SplitMix64: the state `x` steps by [`GOLDEN_GAMMA`] and the
/// next 64 random bits are the new state, mixed.
pub fn splitmix64(x: &mut u64) -> u64 {
    *x = x.wrapping_add(GOLDEN_GAMMA);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// SplitMix64's output from the state `x` (one step, the state left as it
/// was): a seed hashed into 64 well-mixed bits.
pub fn mix(x: u64) -> u64 {
    let mut state = x;
    splitmix64(&mut state)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first outputs of Vigna's reference `splitmix64.c` from the
    /// state 0; the state steps by the increment each time.
    #[test]
    fn the_reference_outputs() {
        let mut x = 0;
        let first: Vec<u64> = (0..3).map(|_| splitmix64(&mut x)).collect();
        assert_eq!(
            first,
            [
                0xe220_a839_7b1d_cdaf,
                0x6e78_9e6a_a1b9_65f4,
                0x06c4_5d18_8009_454f
            ]
        );
        assert_eq!(x, GOLDEN_GAMMA.wrapping_mul(3));
        assert_eq!(mix(GOLDEN_GAMMA), first[1]);
    }
}
