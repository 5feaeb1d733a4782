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
    fn seconds() {
        assert_eq!(parse_seconds("0.5"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_seconds(" 60 "), Ok(Duration::from_secs(60)));
        assert!(parse_seconds("-1").is_err());
        assert!(parse_seconds("soon").is_err());
    }
}
