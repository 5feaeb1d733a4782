//! Values shared by both commands: timeouts on the command line and counts
//! in JSON.

use std::time::Duration;

use serde::Serializer;

/// Parses a timeout in seconds, such as `0.5` or `60`.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .ok_or_else(|| "expected a number of seconds, such as 0.5 or 60".to_string())
}

/// A count in JSON: a number when it fits in 64 bits, otherwise a string of
/// digits (JSON readers lose precision on larger numbers).
pub fn big_number<S: Serializer>(n: &u128, serializer: S) -> Result<S::Ok, S::Error> {
    match u64::try_from(*n) {
        Ok(small) => serializer.serialize_u64(small),
        Err(_) => serializer.collect_str(n),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds() {
        assert_eq!(parse_seconds("0.5"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_seconds(" 60 "), Ok(Duration::from_secs(60)));
        assert!(parse_seconds("-1").is_err());
        assert!(parse_seconds("soon").is_err());
    }
}
