//! Combinations in Sudoku Explainer's order (its `Permutations`, Gosper's
//! hack): the `k`-subsets of `0..n` as bit masks in increasing numeric order.

/// The `k`-subsets of `0..n` (`n <= 64`), as masks, in increasing order.
pub(crate) fn subsets(k: usize, n: usize) -> impl Iterator<Item = u64> {
    let limit: u128 = 1u128 << n;
    let mut next: Option<u64> = if k > n {
        None
    } else if k == 0 {
        Some(0)
    } else {
        Some(((1u128 << k) - 1) as u64)
    };
    std::iter::from_fn(move || {
        let v = next?;
        next = if v == 0 {
            None
        } else {
            let smallest = v & v.wrapping_neg();
            let ripple = u128::from(v) + u128::from(smallest);
            if ripple >= limit {
                None
            } else {
                let ripple = ripple as u64;
                let ones = ((v ^ ripple) >> 2) / smallest;
                Some(ripple | ones)
            }
        };
        Some(v)
    })
}

/// The set bits of `m`, ascending.
pub(crate) fn bits(m: u64) -> impl Iterator<Item = usize> {
    let mut m = m;
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m.trailing_zeros() as usize;
            m &= m - 1;
            b
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_in_colex_order_and_complete() {
        let got: Vec<u64> = subsets(2, 4).collect();
        assert_eq!(got, vec![0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]);
        // Binomial counts, against brute force over all masks.
        for n in 0..=10 {
            for k in 0..=n {
                let want: Vec<u64> = (0..1u64 << n)
                    .filter(|m| m.count_ones() as usize == k)
                    .collect();
                let got: Vec<u64> = subsets(k, n).collect();
                assert_eq!(got, want, "k={k} n={n}");
            }
        }
        assert_eq!(subsets(3, 2).count(), 0);
        assert_eq!(subsets(64, 64).collect::<Vec<_>>(), vec![u64::MAX]);
    }
}
