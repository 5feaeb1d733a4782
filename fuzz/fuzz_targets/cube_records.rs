//! The cube and result records of cube and conquer: any bytes, read as a
//! result file and as a cube file, never panic, and a merge of them holds
//! no more than a small multiple of the input.
//!
//! The first byte chooses how the merge starts: even, from the first
//! result; odd, expecting problem 42 split into `1 + byte / 2` cubes.
//!
//! Checks: every bad line is located inside the input (line from 1 up to
//! the number of lines, column from 1); every record read writes back as a
//! line that reads back to the same record (its floats to within an ulp);
//! the merge's state and its lists of cubes to do grow with the records
//! read, not with the numbers of cubes they claim; a total is only given
//! for a complete set of complete results, and equals their sum.
#![no_main]

use libfuzzer_sys::fuzz_target;
use solver_core::cubes::{parse_line, read_lines, CubeRecord, Fingerprint, Merge, ResultRecord};

/// Whether two readings of the same decimal number agree: serde_json (without
/// its `float_roundtrip` feature) reads a decimal to within an ulp or so, not
/// always to the nearest double, so `9.72e37` can read as
/// `9.719999999999999e37` and write back as that. `seconds` and `estimate`
/// are for people and for balancing, never for a count, so that is enough.
fn close(a: f64, b: f64) -> bool {
    a == b || (a - b).abs() <= 4.0 * f64::EPSILON * a.abs().max(b.abs())
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, file)) = data.split_first() else {
        return;
    };
    let lines = file.split(|&b| b == b'\n').count();
    let mut merge = if selector % 2 == 1 {
        Merge::expecting(Fingerprint(42), 1 + u64::from(selector / 2))
    } else {
        Merge::new()
    };
    let mut read: Vec<ResultRecord> = Vec::new();
    read_lines::<ResultRecord>(file, |line, r| {
        assert!(line >= 1 && line <= lines, "line {line} of {lines}");
        match r {
            Ok(r) => {
                let text = serde_json::to_string(&r).expect("a record writes");
                let back = parse_line::<ResultRecord>(text.as_bytes(), 1)
                    .expect("a written record reads back")
                    .expect("not blank");
                // NaN seconds cannot be written as JSON numbers (null);
                // the others read back to within an ulp (see `close`).
                if r.seconds.is_finite() {
                    assert!(close(back.seconds, r.seconds), "{back:?} {r:?}");
                    assert_eq!(
                        ResultRecord {
                            seconds: r.seconds,
                            ..back
                        },
                        r
                    );
                }
                merge.add(r.clone());
                read.push(r);
            }
            Err(e) => {
                assert_eq!(e.line, line);
                assert!(e.column >= 1, "{e}");
            }
        }
        true
    })
    .expect("reading from memory cannot fail");
    let reasons: usize = read
        .iter()
        .map(|r| {
            r.incomplete.as_ref().map_or(0, String::len)
                + r.error.as_ref().map_or(0, String::len)
                + 16
        })
        .sum();
    assert!(
        merge.state_bytes() <= 512 + 128 * read.len() + 2 * reasons,
        "{} bytes for {} records",
        merge.state_bytes(),
        read.len()
    );
    assert!(merge.to_do().len() <= read.len() + 1);
    match merge.finish() {
        Ok(m) => {
            let complete: Vec<&ResultRecord> = read
                .iter()
                .filter(|r| r.complete && r.problem == m.problem && r.of == m.cubes)
                .collect();
            assert_eq!(complete.len() as u64, m.cubes);
            let sum = complete
                .iter()
                .try_fold(0u128, |a, r| a.checked_add(r.count));
            assert_eq!(sum, Some(m.count));
        }
        Err(refusal) => {
            assert!(!refusal.to_string().is_empty());
            assert!(refusal.missing.len() <= read.len() + 1);
        }
    }
    // The same bytes as a cube file.
    read_lines::<CubeRecord>(file, |_, r| {
        if let Ok(r) = r {
            let _ = r.check();
            let text = serde_json::to_string(&r).expect("a record writes");
            let back = parse_line::<CubeRecord>(text.as_bytes(), 1)
                .expect("a written record reads back")
                .expect("not blank");
            if r.estimate.is_finite() {
                assert!(close(back.estimate, r.estimate), "{back:?} {r:?}");
                assert_eq!(
                    CubeRecord {
                        estimate: r.estimate,
                        ..back
                    },
                    r
                );
            }
        }
        true
    })
    .expect("reading from memory cannot fail");
});
