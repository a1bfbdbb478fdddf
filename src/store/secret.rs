//! A password, token or passphrase read from the config or the environment, kept out of logs.

use std::fmt;

/// A secret value: `Debug` shows `[redacted]`, and there is no `Display`, so a config that holds
/// one can derive `Debug` and be logged whole.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Secret {
        Secret(value.into())
    }

    /// The secret itself, for the one call that needs it.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_hides_the_value_and_expose_shows_it() {
        let s = Secret::new("hunter2");
        assert_eq!(format!("{s:?} {s:#?}"), "[redacted] [redacted]");
        assert_eq!(format!("{:?}", Some(&s)), "Some([redacted])");
        assert_eq!(s.expose(), "hunter2");
    }
}
