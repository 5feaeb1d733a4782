//! lz-string's base64 form decompressed under a cap on its output.
//!
//! lz-string (the compression of f-puzzles' `load=` strings) adds to its
//! dictionary, at each code, the previous piece plus one character, so a
//! crafted text's output grows with the square of its length: 31.7 KB once
//! decompressed to about 700 MB. This decoder counts what it writes and
//! stops past `max_chars` (UTF-16 units), before allocating more; the
//! dictionary's entries are each a piece already written plus one unit, so
//! they are bounded by the output too. It reads what the `lz-str` crate's
//! `decompress_from_base64` reads (characters outside the base64 alphabet
//! are skipped) and gives the same result below the cap.

/// The base64 alphabet of lz-string (`=` is a digit, 64).
pub(crate) const KEY: &[u8; 65] =
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";

/// Why a text does not decompress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum LzError {
    /// Not lz-string's base64 (a code that names no entry, or it ends early).
    Malformed,
    /// The output would pass the cap (UTF-16 units).
    TooLong(usize),
}

/// The bits of the input, six per character, high bit first.
struct Bits {
    digits: Vec<u8>,
    next: usize,
    val: u8,
    position: u8,
}

impl Bits {
    fn read_bit(&mut self) -> Option<bool> {
        let bit = self.val & self.position != 0;
        self.position >>= 1;
        if self.position == 0 {
            self.position = 32;
            self.val = *self.digits.get(self.next)?;
            self.next += 1;
        }
        Some(bit)
    }

    /// `n` bits, the first read the lowest.
    fn read(&mut self, n: u32) -> Option<u32> {
        if n > 31 {
            return None;
        }
        let mut out = 0;
        for k in 0..n {
            out |= u32::from(self.read_bit()?) << k;
        }
        Some(out)
    }
}

/// Decompresses lz-string's base64 form, refusing an output of more than
/// `max_chars` UTF-16 units.
pub(crate) fn decompress_from_base64(text: &str, max_chars: usize) -> Result<Vec<u16>, LzError> {
    let digits: Vec<u8> = text
        .bytes()
        .filter_map(|b| KEY.iter().position(|&k| k == b))
        .map(|d| d as u8)
        .collect();
    let Some(&first) = digits.first() else {
        return Ok(Vec::new());
    };
    let mut bits = Bits {
        digits,
        next: 1,
        val: first,
        position: 32,
    };
    let malformed = || LzError::Malformed;
    let mut dictionary: Vec<Vec<u16>> = (0..3).map(|i| vec![i]).collect();
    let first = match bits.read(2).ok_or_else(malformed)? {
        0 => bits.read(8).ok_or_else(malformed)? as u16,
        1 => bits.read(16).ok_or_else(malformed)? as u16,
        2 => return Ok(Vec::new()),
        _ => return Err(LzError::Malformed),
    };
    dictionary.push(vec![first]);
    let mut w = vec![first];
    let mut out = vec![first];
    let mut num_bits = 3u32;
    let mut enlarge_in: u64 = 4;
    loop {
        let mut code = bits.read(num_bits).ok_or_else(malformed)? as usize;
        match code {
            0 | 1 => {
                let unit = bits
                    .read(if code == 0 { 8 } else { 16 })
                    .ok_or_else(malformed)?;
                dictionary.push(vec![unit as u16]);
                code = dictionary.len() - 1;
                enlarge_in -= 1;
            }
            2 => return Ok(out),
            _ => {}
        }
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
        let entry = match dictionary.get(code) {
            Some(e) => e.clone(),
            None if code == dictionary.len() => {
                let mut e = w.clone();
                e.push(w[0]);
                e
            }
            None => return Err(LzError::Malformed),
        };
        if out.len() + entry.len() > max_chars {
            return Err(LzError::TooLong(max_chars));
        }
        out.extend_from_slice(&entry);
        let mut added = w;
        added.push(entry[0]);
        dictionary.push(added);
        enlarge_in -= 1;
        w = entry;
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same as the `lz-str` crate's decoder on what its encoder writes
    /// (an independent implementation of the format), and on noise.
    #[test]
    fn agrees_with_the_lz_str_crate() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for len in [0usize, 1, 2, 3, 5, 17, 100, 1000, 5000] {
            for alphabet in [2u64, 10, 64, 3000] {
                let text: String = (0..len)
                    .map(|_| char::from_u32(0x20 + (next() % alphabet) as u32).unwrap_or('x'))
                    .collect();
                let packed = lz_str::compress_to_base64(text.as_str());
                let ours = decompress_from_base64(&packed, usize::MAX).unwrap();
                assert_eq!(String::from_utf16(&ours).unwrap(), text);
                assert_eq!(Some(ours), lz_str::decompress_from_base64(&packed));
            }
        }
        for len in 0..200 {
            let noise: String = (0..len)
                .map(|_| KEY[(next() % 66) as usize % 65] as char)
                .collect();
            let ours = decompress_from_base64(&noise, usize::MAX).ok();
            assert_eq!(ours, lz_str::decompress_from_base64(&noise), "{noise}");
        }
    }

    /// A text whose output grows with the square of its length stops at the
    /// cap, having written no more.
    #[test]
    fn a_bomb_stops_at_the_cap() {
        let long = "a".repeat(2_000_000);
        let packed = crate::lzstring_encoder::compress_to_base64(long.as_str());
        assert!(packed.len() < 32 * 1024, "{}", packed.len());
        assert_eq!(
            decompress_from_base64(&packed, 1 << 20),
            Err(LzError::TooLong(1 << 20))
        );
        assert_eq!(
            decompress_from_base64(&packed, 2_000_000).unwrap().len(),
            2_000_000
        );
    }
}
