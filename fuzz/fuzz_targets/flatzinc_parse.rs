//! FlatZinc text: any bytes give a model or a located error, never a panic,
//! and memory bounded by a small multiple of the input.
//!
//! Checks: a parse error points at a line of the input (1 to the number of
//! lines, plus one for the end) and says what was expected; a text that
//! parses either translates to a model that compiles or gives an error (no
//! panic); the model's variables number at most a small multiple of the
//! input's length.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match flatzinc::parse::parse(text) {
        Err(e) => {
            let lines = text.split('\n').count() as u32;
            assert!(e.pos.line >= 1 && e.pos.line <= lines, "{e} ({lines} lines)");
            assert!(e.pos.column >= 1);
            assert!(!e.expected.is_empty());
        }
        Ok(fzn) => {
            if let Ok(t) = flatzinc::translate::translate(&fzn) {
                assert!(t.model.var_count() <= 8 * text.len() + 8);
                let _ = t.model.compile();
            }
        }
    }
});
