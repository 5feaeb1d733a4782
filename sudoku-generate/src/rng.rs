//! The generator's randomness: SplitMix64 (one copy of it, in
//! `solver_core::zdd`), a function of the seed only, the same on every
//! machine.

use solver_core::zdd::splitmix64;

/// SplitMix64's output function: the output of the state `x` steps to.
pub(crate) fn mix(x: u64) -> u64 {
    let mut state = x;
    splitmix64(&mut state)
}

/// SplitMix64: small, fast, and the same everywhere.
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub(crate) fn next(&mut self) -> u64 {
        splitmix64(&mut self.0)
    }

    /// Uniform in `0..bound` (`bound > 0`), by Lemire's multiply-shift.
    pub(crate) fn below(&mut self, bound: usize) -> usize {
        ((u128::from(self.next()) * bound as u128) >> 64) as usize
    }

    /// Fisher-Yates.
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first outputs of SplitMix64 from the state 0, as Vigna's
    /// reference `splitmix64.c` gives them: every seeded puzzle depends on
    /// these bits staying the same.
    #[test]
    fn the_reference_outputs() {
        let mut rng = Rng::new(0);
        let first: Vec<u64> = (0..3).map(|_| rng.next()).collect();
        assert_eq!(
            first,
            [
                0xe220_a839_7b1d_cdaf,
                0x6e78_9e6a_a1b9_65f4,
                0x06c4_5d18_8009_454f
            ]
        );
        assert_eq!(mix(0), first[0]);
        assert_eq!(mix(0x9e37_79b9_7f4a_7c15), first[1]);
    }
}
