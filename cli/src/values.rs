//! Values shared by both commands: timeouts on the command line, and the
//! mapping of a command line's choices to the library's.

use std::time::Duration;

/// Parses a timeout in seconds, such as `0.5` or `60`.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .ok_or_else(|| "expected a number of seconds, such as 0.5 or 60".to_string())
}

/// Parses a size in bytes, such as `4096`, `512M` or `2G` (the suffixes
/// K, M, G and T are powers of 1024; `KiB`, `MB` and the like read the
/// same). Overflow is an error, never a wrapped size.
pub fn parse_bytes(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let split = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (digits, unit) = text.split_at(split);
    let shift = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        "T" | "TB" | "TIB" => 40,
        _ => {
            return Err(format!(
                "unknown unit {unit:?}: expected a size such as 512M or 2G"
            ))
        }
    };
    digits
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(1u64 << shift))
        .ok_or_else(|| "expected a size in bytes, such as 4096, 512M or 2G".to_string())
}

/// `impl From<$from> for $to` for a command-line choice (a `clap::ValueEnum`
/// with the help of its values) whose variants are named as the library's.
macro_rules! same_choices {
    ($from:ident => $to:ty { $($v:ident),* $(,)? }) => {
        impl From<$from> for $to {
            fn from(choice: $from) -> $to {
                match choice {
                    $($from::$v => <$to>::$v,)*
                }
            }
        }
    };
}
pub(crate) use same_choices;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(parse_bytes("4096"), Ok(4096));
        assert_eq!(parse_bytes("512M"), Ok(512 << 20));
        assert_eq!(parse_bytes(" 2GiB "), Ok(2 << 30));
        assert_eq!(parse_bytes("1k"), Ok(1024));
        assert!(parse_bytes("").is_err());
        assert!(parse_bytes("2X").is_err());
        assert!(parse_bytes("-1").is_err());
        // 2^64 bytes does not fit: an error, not a wrapped size.
        assert!(parse_bytes("16777216T").is_err());
    }

    #[test]
    fn seconds() {
        assert_eq!(parse_seconds("0.5"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_seconds(" 60 "), Ok(Duration::from_secs(60)));
        assert!(parse_seconds("-1").is_err());
        assert!(parse_seconds("soon").is_err());
    }
}
