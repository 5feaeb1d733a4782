//! Hostile result files fed to a merge: random records, some with huge
//! cube numbers, huge or zero `of`, counts near 2^128, duplicates, other
//! problems' fingerprints, and lines that are truncated, not JSON or not
//! UTF-8. The merge must never panic, must name every line it cannot read,
//! and must hold no more than a small multiple of the input.

use proptest::prelude::*;

use super::{read_lines, Fingerprint, Merge, ResultRecord, MAX_CUBES};

/// One line of a result file, maybe broken.
#[derive(Clone, Debug)]
enum Line {
    Record(ResultRecord),
    /// A record cut short after this many bytes.
    Truncated(ResultRecord, usize),
    /// A record with a byte replaced by one that is not UTF-8.
    NotUtf8(ResultRecord, usize, u8),
    /// Any bytes.
    Noise(Vec<u8>),
}

fn record() -> impl Strategy<Value = ResultRecord> {
    let cube = prop_oneof![0u64..8, any::<u64>(), Just(MAX_CUBES), Just(u64::MAX)];
    let of = prop_oneof![
        4 => Just(8u64),
        1 => 0u64..10,
        1 => any::<u64>(),
        1 => Just(MAX_CUBES),
        1 => Just(MAX_CUBES + 1),
        1 => Just(1_000_000_000_000u64),
    ];
    let count = prop_oneof![
        0u128..1000,
        Just(1u128 << 127),
        Just(u128::MAX),
        any::<u128>()
    ];
    let problem = prop_oneof![4 => Just(7u128), 1 => any::<u128>()];
    (
        cube,
        of,
        problem,
        count,
        any::<bool>(),
        proptest::option::of("[a-z -]{0,12}"),
        any::<u64>(),
        0.0f64..100.0,
    )
        .prop_map(
            |(cube, of, problem, count, complete, incomplete, nodes, seconds)| ResultRecord {
                cube,
                of,
                problem: Fingerprint(problem),
                count,
                complete,
                incomplete: if complete { None } else { incomplete },
                error: None,
                nodes,
                seconds,
            },
        )
}

fn line() -> impl Strategy<Value = Line> {
    prop_oneof![
        6 => record().prop_map(Line::Record),
        1 => (record(), any::<usize>()).prop_map(|(r, k)| Line::Truncated(r, k)),
        1 => (record(), any::<usize>(), 0x80u8..=0xff).prop_map(|(r, k, b)| Line::NotUtf8(r, k, b)),
        1 => proptest::collection::vec(any::<u8>(), 0..40).prop_map(Line::Noise),
    ]
}

fn bytes(line: &Line) -> Vec<u8> {
    let json = |r: &ResultRecord| serde_json::to_vec(r).unwrap();
    let mut b = match line {
        Line::Record(r) => json(r),
        Line::Truncated(r, k) => {
            let mut b = json(r);
            b.truncate(k % b.len());
            b
        }
        Line::NotUtf8(r, k, byte) => {
            let mut b = json(r);
            let at = k % b.len();
            b[at] = *byte;
            b
        }
        Line::Noise(b) => b.iter().copied().filter(|&c| c != b'\n').collect(),
    };
    b.push(b'\n');
    b
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn hostile_results_never_panic_and_stay_small(
        lines in proptest::collection::vec(line(), 0..60),
        split in any::<bool>(),
    ) {
        let file: Vec<u8> = lines.iter().flat_map(bytes).collect();
        let mut merge = if split { Merge::expecting(Fingerprint(7), 8) } else { Merge::new() };
        let (mut read, mut bad) = (0usize, Vec::new());
        read_lines::<ResultRecord>(&file[..], |_, r| {
            match r {
                Ok(r) => {
                    read += 1;
                    merge.add(r);
                }
                Err(e) => bad.push(e),
            }
            true
        })
        .unwrap();
        // Every bad line is located inside the file.
        let line_count = file.iter().filter(|&&b| b == b'\n').count();
        for e in &bad {
            prop_assert!(e.line >= 1 && e.line <= line_count, "{e}");
            prop_assert!(e.column >= 1, "{e}");
        }
        // Every record line read or refused (noise lines may be blank).
        prop_assert!(read + bad.len() <= lines.len());
        // The state: a few hundred bytes per record, whatever they claim.
        let reasons: usize = lines
            .iter()
            .map(|l| match l {
                Line::Record(r) => r.incomplete.as_ref().map_or(0, |s| s.len() + 8),
                _ => 0,
            })
            .sum();
        prop_assert!(
            merge.state_bytes() <= 512 + 128 * read + reasons * 2,
            "{} bytes for {read} records",
            merge.state_bytes()
        );
        prop_assert!(merge.to_do().len() <= read + 1);
        match merge.clone().finish() {
            Ok(m) => {
                // A total only from consistent, complete, exact records.
                let of = m.cubes;
                prop_assert!((1..=MAX_CUBES).contains(&of));
                let mut counted = std::collections::BTreeMap::new();
                for l in &lines {
                    if let Line::Record(r) = l {
                        if r.complete && r.of == of && r.problem == m.problem {
                            prop_assert!(counted.insert(r.cube, r.count).is_none());
                        }
                    }
                }
                prop_assert_eq!(counted.len() as u64, of);
                let total = counted.values().try_fold(0u128, |a, &c| a.checked_add(c));
                prop_assert_eq!(total, Some(m.count));
            }
            Err(refusal) => {
                let text = refusal.to_string();
                prop_assert!(!text.is_empty());
                prop_assert!(refusal.missing.len() <= read + 1);
            }
        }
    }
}
