//! A test-only lz-string encoder (base64 form; other crates' tests reach it
//! through the `test-support` feature) that runs in time linear in
//! its input: the dictionary is a trie of (entry, next unit) pairs, where
//! the `lz-str` crate hashes each growing piece whole, which takes minutes
//! of CPU on a multi-megabyte decompression bomb. Checked against the
//! crate's encoder, output for output, in its tests.

use std::collections::HashMap;

use crate::lzstring::KEY;

/// Bits packed six to a base64 character, each value lowest bit first
/// (lz-string's order).
struct Out {
    text: String,
    val: u8,
    position: u8,
}

impl Out {
    fn write(&mut self, value: u32, bits: u32) {
        for k in 0..bits {
            self.val = (self.val << 1) | ((value >> k) & 1) as u8;
            if self.position == 5 {
                self.text.push(KEY[usize::from(self.val)] as char);
                self.val = 0;
                self.position = 0;
            } else {
                self.position += 1;
            }
        }
    }
}

/// A piece being written: a single unit not yet written as a literal, or
/// a dictionary entry.
#[derive(Clone, Copy)]
enum Piece {
    Literal(u16),
    Entry(u32),
}

/// One code of `bits` bits written (the literal's marker and unit first if
/// `piece` is one); each code spends one of `enlarge_in`, and when none is
/// left codes grow a bit (lz-string's bookkeeping).
fn emit(out: &mut Out, piece: Piece, enlarge_in: &mut u32, bits: &mut u32) {
    if let Piece::Literal(unit) = piece {
        if unit < 256 {
            out.write(0, *bits);
            out.write(u32::from(unit), 8);
        } else {
            out.write(1, *bits);
            out.write(u32::from(unit), 16);
        }
        spend(enlarge_in, bits);
    }
    if let Piece::Entry(code) = piece {
        out.write(code, *bits);
    }
    spend(enlarge_in, bits);
}

fn spend(enlarge_in: &mut u32, bits: &mut u32) {
    *enlarge_in -= 1;
    if *enlarge_in == 0 {
        *enlarge_in = 1 << *bits;
        *bits += 1;
    }
}

/// What `lz_str::compress_to_base64(text)` returns, padded as lz-string
/// pads (with `=` to a multiple of four characters).
pub fn compress_to_base64(text: &str) -> String {
    let mut out = Out {
        text: String::new(),
        val: 0,
        position: 0,
    };
    let mut singles: HashMap<u16, u32> = HashMap::new();
    let mut pairs: HashMap<(u32, u16), u32> = HashMap::new();
    let mut size = 3u32;
    let mut bits = 2u32;
    let mut enlarge_in = 2u32;
    let mut piece: Option<Piece> = None;
    for unit in text.encode_utf16() {
        let fresh = !singles.contains_key(&unit);
        if fresh {
            singles.insert(unit, size);
            size += 1;
        }
        let Some(current) = piece else {
            piece = Some(if fresh {
                Piece::Literal(unit)
            } else {
                Piece::Entry(singles[&unit])
            });
            continue;
        };
        let code = match current {
            Piece::Literal(u) => singles[&u],
            Piece::Entry(code) => code,
        };
        if let Some(&longer) = pairs.get(&(code, unit)) {
            piece = Some(Piece::Entry(longer));
            continue;
        }
        emit(&mut out, current, &mut enlarge_in, &mut bits);
        pairs.insert((code, unit), size);
        size += 1;
        piece = Some(if fresh {
            Piece::Literal(unit)
        } else {
            Piece::Entry(singles[&unit])
        });
    }
    if let Some(current) = piece {
        emit(&mut out, current, &mut enlarge_in, &mut bits);
    }
    out.write(2, bits);
    loop {
        out.val <<= 1;
        if out.position == 5 {
            out.text.push(KEY[usize::from(out.val)] as char);
            break;
        }
        out.position += 1;
    }
    while !out.text.len().is_multiple_of(4) {
        out.text.push('=');
    }
    out.text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `lz-str` crate's output, on random texts of several alphabets
    /// and lengths (units past 255 included) and on bomb-like repeats, up to
    /// the `=` padding (which decoders skip): lz-string pads to a multiple
    /// of four characters, the crate writes `5 - len % 4` of them.
    fn unpadded(text: &str) -> &str {
        text.trim_end_matches('=')
    }

    #[test]
    fn agrees_with_the_lz_str_crate() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for len in [0usize, 1, 2, 3, 4, 5, 17, 100, 1000, 5000] {
            for alphabet in [1u64, 2, 10, 64, 3000] {
                let text: String = (0..len)
                    .map(|_| char::from_u32(0x20 + (next() % alphabet) as u32).unwrap_or('x'))
                    .collect();
                assert_eq!(
                    unpadded(&compress_to_base64(&text)),
                    unpadded(&lz_str::compress_to_base64(text.as_str())),
                    "{len} {alphabet}"
                );
            }
        }
        for n in [10, 1000, 100_000] {
            let text = format!("{{\"size\": 9, \"title\": \"{}\"}}", "a".repeat(n));
            assert_eq!(
                unpadded(&compress_to_base64(&text)),
                unpadded(&lz_str::compress_to_base64(text.as_str()))
            );
        }
    }
}
