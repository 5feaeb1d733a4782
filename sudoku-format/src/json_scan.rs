//! Finding where a JSON document ends in a stream of lines without parsing it:
//! braces and brackets are counted outside strings (with their escapes), so a
//! document can span lines and be cut from the stream with bounded memory.

/// Containers tracked by kind; deeper ones are only counted (serde_json refuses
/// more than 128 levels anyway).
const TRACKED_DEPTH: usize = 256;

/// The state of a JSON value being scanned, byte by byte (every structural
/// character is ASCII, and no byte of a multi-byte UTF-8 character is).
#[derive(Clone, Debug, Default)]
pub(crate) struct JsonScan {
    /// `{` or `[` of the open containers, the first [`TRACKED_DEPTH`] only.
    stack: Vec<u8>,
    depth: usize,
    in_string: bool,
    escape: bool,
    /// The last significant byte outside strings (`"` for the end of one).
    last: u8,
}

impl JsonScan {
    /// Scans `bytes`; returns the index just past the byte that closes the
    /// outermost container, if it is in `bytes`.
    pub(crate) fn feed(&mut self, bytes: &[u8]) -> Option<usize> {
        for (i, &b) in bytes.iter().enumerate() {
            if self.in_string {
                if self.escape {
                    self.escape = false;
                } else if b == b'\\' {
                    self.escape = true;
                } else if b == b'"' {
                    self.in_string = false;
                    self.last = b'"';
                }
                continue;
            }
            match b {
                b'"' => self.in_string = true,
                b'{' | b'[' => {
                    if self.depth < TRACKED_DEPTH {
                        self.stack.push(b);
                    }
                    self.depth += 1;
                    self.last = b;
                }
                b'}' | b']' => {
                    if self.depth <= TRACKED_DEPTH {
                        self.stack.pop();
                    }
                    self.depth = self.depth.saturating_sub(1);
                    self.last = b;
                    if self.depth == 0 {
                        return Some(i + 1);
                    }
                }
                b' ' | b'\t' | b'\r' | b'\n' => {}
                _ => self.last = b,
            }
        }
        None
    }

    /// Whether a string is open (at the end of a line: the document is broken,
    /// JSON strings hold no line break).
    pub(crate) fn in_string(&self) -> bool {
        self.in_string
    }

    /// Whether a line starting with `first` (its first non-blank byte) can
    /// continue the document; `false` means that the document is broken and
    /// that the line starts something else. Valid JSON always continues.
    pub(crate) fn continues_with(&self, first: u8) -> bool {
        if self.in_string || self.depth > TRACKED_DEPTH {
            return true;
        }
        match self.stack.last() {
            Some(b'{') => match self.last {
                b':' => true,
                b'{' | b',' => matches!(first, b'"' | b'}'),
                _ => matches!(first, b',' | b'}'),
            },
            Some(_) => match self.last {
                b'[' | b',' => true,
                _ => matches!(first, b',' | b']'),
            },
            None => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_end_past_strings_and_escapes() {
        let text = br#"{"a": "}\"}", "b": [{"c": 1}]} tail"#;
        let mut scan = JsonScan::default();
        let end = scan.feed(text).unwrap();
        assert_eq!(&text[end..], b" tail");
        let mut scan = JsonScan::default();
        assert_eq!(scan.feed(br#"{"grid": "..\"#), None);
        assert!(scan.in_string());
        assert_eq!(scan.feed(br#"{", "x": 1"#), None);
        assert_eq!(scan.feed(b"}"), Some(1));
    }

    #[test]
    fn a_line_that_cannot_continue_starts_a_new_record() {
        let mut scan = JsonScan::default();
        scan.feed(br#"{"grid": "....","#);
        assert!(scan.continues_with(b'"'));
        assert!(!scan.continues_with(b'{'));
        scan.feed(br#""cages": ["#);
        assert!(scan.continues_with(b'{'));
        scan.feed(br#"{"sum": 3, "cells": ["r1c1", "r1c2"]}"#);
        assert!(scan.continues_with(b','));
        assert!(!scan.continues_with(b'{'));
        let mut scan = JsonScan::default();
        scan.feed(br#"{"grid": "....""#);
        assert!(!scan.continues_with(b'{'));
        assert!(scan.continues_with(b'}'));
    }

    #[test]
    fn deep_nesting_is_counted_not_stored() {
        let mut scan = JsonScan::default();
        let open = vec![b'['; 10_000];
        assert_eq!(scan.feed(&open), None);
        assert!(scan.stack.len() <= TRACKED_DEPTH);
        let close = vec![b']'; 10_000];
        assert_eq!(scan.feed(&close), Some(10_000));
    }
}
