//! SudokuPad's "zipper": the compact text of a CTC puzzle, read into JSON.
//!
//! The zipper writes the CTC JSON with short keys (`ce` for `cells`, `re`
//! for `regions`, `wp` for `wayPoints` ...), keys unquoted, `'` for `"`
//! (when the text holds no `"`; `\'` is then a quote inside a string),
//! `t`/`f` for true/false, colours written bare (`#0`, `#F`, six hex
//! digits after a `:`), and empty objects dropped (`[,,]` is three `{}`).
//! Plain JSON is a subset of what is read. The reader is a small recursive
//! descent parser with a depth limit; its input is bounded by the caller.

use serde_json::{Map, Number, Value};

/// The deepest nesting read (a CTC puzzle nests about five levels).
const MAX_DEPTH: usize = 64;

/// The long names of the zipper's short keys.
const KEYS: [(&str, &str); 25] = [
    ("c", "color"),
    ("ca", "cages"),
    ("ct", "center"),
    ("c1", "borderColor"),
    ("c2", "backgroundColor"),
    ("ce", "cells"),
    ("cs", "cellSize"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("w", "width"),
    ("h", "height"),
    ("v", "value"),
    ("vd", "videos"),
    ("l", "lines"),
    ("r", "rounded"),
    ("re", "regions"),
    ("fs", "fontSize"),
    ("th", "thickness"),
    ("hl", "headLength"),
    ("wp", "wayPoints"),
    ("t", "title"),
    ("te", "text"),
    ("d", "duration"),
    ("d2", "d"),
];

/// Why a zipped text does not read, with the character offset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ZipError {
    pub at: usize,
    pub why: String,
}

/// Reads a zipped (or plain JSON) CTC text into JSON with long keys.
pub(crate) fn unzip(text: &str) -> Result<Value, ZipError> {
    let quote = if text.contains('"') { b'"' } else { b'\'' };
    let mut p = Parser {
        s: text.as_bytes(),
        i: 0,
        quote,
    };
    p.ws();
    let v = p.value(0, false)?;
    p.ws();
    if p.i != p.s.len() {
        return Err(p.err("unexpected text after the puzzle"));
    }
    Ok(v)
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
    quote: u8,
}

impl Parser<'_> {
    fn err(&self, why: &str) -> ZipError {
        ZipError {
            at: self.i,
            why: why.to_string(),
        }
    }

    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    /// A value; `after_colon` for an object's member (where bare hex
    /// colours are read).
    fn value(&mut self, depth: usize, after_colon: bool) -> Result<Value, ZipError> {
        if depth > MAX_DEPTH {
            return Err(self.err("nested too deeply"));
        }
        self.ws();
        match self.peek() {
            Some(b'{') => self.object(depth + 1),
            Some(b'[') => self.array(depth + 1),
            Some(q) if q == self.quote || q == b'"' => Ok(Value::String(self.string(q)?)),
            Some(_) => self.bare(after_colon),
            None => Err(self.err("the text ends where a value was expected")),
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, ZipError> {
        self.i += 1;
        let mut map = Map::new();
        loop {
            self.ws();
            match self.peek() {
                Some(b'}') => {
                    self.i += 1;
                    return Ok(Value::Object(map));
                }
                Some(b',') => {
                    self.i += 1;
                    continue;
                }
                None => return Err(self.err("an object is not closed")),
                _ => {}
            }
            let key = match self.peek() {
                Some(q) if q == self.quote || q == b'"' => self.string(q)?,
                _ => {
                    let start = self.i;
                    while self
                        .peek()
                        .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$')
                    {
                        self.i += 1;
                    }
                    if start == self.i {
                        return Err(self.err("expected a key"));
                    }
                    String::from_utf8_lossy(&self.s[start..self.i]).into_owned()
                }
            };
            self.ws();
            if self.peek() != Some(b':') {
                return Err(self.err("expected ':' after a key"));
            }
            self.i += 1;
            let v = self.value(depth, true)?;
            let long = KEYS
                .iter()
                .find(|(short, _)| *short == key)
                .map_or(key.clone(), |(_, long)| long.to_string());
            map.insert(long, v);
        }
    }

    fn array(&mut self, depth: usize) -> Result<Value, ZipError> {
        self.i += 1;
        let mut out = Vec::new();
        // Whether an element is due (after `[` or `,`): a missing one is `{}`.
        let mut due = true;
        loop {
            self.ws();
            match self.peek() {
                Some(b']') => {
                    self.i += 1;
                    if due && !out.is_empty() {
                        out.push(Value::Object(Map::new()));
                    }
                    return Ok(Value::Array(out));
                }
                Some(b',') => {
                    self.i += 1;
                    if due {
                        out.push(Value::Object(Map::new()));
                    }
                    due = true;
                }
                None => return Err(self.err("a list is not closed")),
                _ => {
                    if !due {
                        return Err(self.err("expected ',' or ']'"));
                    }
                    out.push(self.value(depth, false)?);
                    due = false;
                }
            }
        }
    }

    fn string(&mut self, q: u8) -> Result<String, ZipError> {
        self.i += 1;
        let mut out: Vec<u8> = Vec::new();
        loop {
            let Some(b) = self.peek() else {
                return Err(self.err("a string is not closed"));
            };
            self.i += 1;
            if b == q {
                break;
            }
            if b != b'\\' {
                out.push(b);
                continue;
            }
            let Some(e) = self.peek() else {
                return Err(self.err("a string is not closed"));
            };
            self.i += 1;
            match e {
                b'n' => out.push(b'\n'),
                b't' => out.push(b'\t'),
                b'r' => out.push(b'\r'),
                b'b' | b'f' => {}
                b'u' => {
                    let hex = self
                        .s
                        .get(self.i..self.i + 4)
                        .and_then(|h| std::str::from_utf8(h).ok())
                        .and_then(|h| u32::from_str_radix(h, 16).ok())
                        .ok_or_else(|| self.err("a \\u escape needs four hex digits"))?;
                    self.i += 4;
                    let c = char::from_u32(hex).unwrap_or('\u{fffd}');
                    let mut buf = [0; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
                // `\'`, `\"`, `\\`, `\/` and any other: the character itself.
                other => out.push(other),
            }
        }
        String::from_utf8(out).map_err(|_| self.err("a string is not UTF-8"))
    }

    /// A number, `t`/`f`/`true`/`false`/`null`, or a bare colour.
    fn bare(&mut self, after_colon: bool) -> Result<Value, ZipError> {
        let start = self.i;
        while self
            .peek()
            .is_some_and(|b| !matches!(b, b',' | b'}' | b']' | b':') && !b.is_ascii_whitespace())
        {
            self.i += 1;
        }
        let token = std::str::from_utf8(&self.s[start..self.i]).unwrap_or("");
        if token.is_empty() {
            return Err(self.err("expected a value"));
        }
        let value = match token {
            "t" | "true" => Value::Bool(true),
            "f" | "false" => Value::Bool(false),
            "null" => Value::Null,
            "#0" if after_colon => Value::String("#000000".into()),
            "#F" if after_colon => Value::String("#FFFFFF".into()),
            _ if after_colon
                && token.len() == 6
                && token.bytes().all(|b| b.is_ascii_hexdigit()) =>
            {
                Value::String(format!("#{token}"))
            }
            _ => {
                if let Ok(i) = token.parse::<i64>() {
                    Value::Number(i.into())
                } else if let Some(n) = token.parse::<f64>().ok().and_then(Number::from_f64) {
                    Value::Number(n)
                } else {
                    return Err(ZipError {
                        at: start,
                        why: format!("unexpected {token:?}"),
                    });
                }
            }
        };
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_the_zipped_form() {
        let v = unzip("{ce:[[{v:1},,],[,{v:'2'},]],re:[[[0,0],[0,1]]],ca:[{ce:[[0,0]],unique:t,c:#0,c2:FFA0A0}],o:[{r:f,w:0.5}]}").unwrap();
        assert_eq!(
            v,
            json!({"cells": [[{"value": 1}, {}, {}], [{}, {"value": "2"}, {}]],
                   "regions": [[[0, 0], [0, 1]]],
                   "cages": [{"cells": [[0, 0]], "unique": true, "color": "#000000",
                              "backgroundColor": "#FFA0A0"}],
                   "overlays": [{"rounded": false, "width": 0.5}]})
        );
    }

    #[test]
    fn reads_plain_json_and_quotes() {
        let v = unzip(r#"{"cells": [[{"value": 3}]], "title": "a \"b\""}"#).unwrap();
        assert_eq!(v, json!({"cells": [[{"value": 3}]], "title": "a \"b\""}));
        let v = unzip(r"{t:'it\'s'}").unwrap();
        assert_eq!(v, json!({"title": "it's"}));
    }

    #[test]
    fn refuses_broken_and_deep_text() {
        assert!(unzip("{ce:[[").is_err());
        assert!(unzip("{ce:}").is_err());
        assert!(unzip("{a:1} x").is_err());
        let deep = "[".repeat(10_000);
        assert!(unzip(&deep).unwrap_err().why.contains("deeply"));
    }
}
