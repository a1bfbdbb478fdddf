//! A password, token or passphrase read from the config or the environment, kept out of logs:
//! its `Debug` hides it, and every secret the process reads is also remembered, so [`scrub`]
//! can take it out of any text on its way to a log line or the terminal (an error message
//! from a library that quotes a URL, say).

use std::fmt;
use std::sync::{OnceLock, RwLock};

/// Secrets shorter than this are not scrubbed from text (a two-letter password would take
/// every such pair of letters out of the logs); they are still hidden wherever they are shown
/// as a [`Secret`] or as part of a URL.
const SHORTEST_SCRUBBED: usize = 4;

/// A secret value: `Debug` shows `[redacted]`, and there is no `Display`, so a config that holds
/// one can derive `Debug` and be logged whole.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// Wraps a secret and remembers it for [`scrub`].
    pub fn new(value: impl Into<String>) -> Secret {
        let value = value.into();
        register(&value);
        Secret(value)
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

fn known() -> &'static RwLock<Vec<String>> {
    static KNOWN: OnceLock<RwLock<Vec<String>>> = OnceLock::new();
    KNOWN.get_or_init(Default::default)
}

/// Remembers `value` as secret: [`scrub`] takes it out of text from now on.
pub fn register(value: &str) {
    if value.chars().count() < SHORTEST_SCRUBBED {
        return;
    }
    let mut known = known().write().unwrap_or_else(|e| e.into_inner());
    if !known.iter().any(|k| k == value) {
        known.push(value.to_string());
        // The longest first, so a secret holding another is replaced whole.
        known.sort_by_key(|k| std::cmp::Reverse(k.len()));
    }
}

/// `text` with every remembered secret replaced by `***`.
pub fn scrub(text: &str) -> String {
    let known = known().read().unwrap_or_else(|e| e.into_inner());
    let mut out = text.to_string();
    for secret in known.iter() {
        if out.contains(secret.as_str()) {
            out = out.replace(secret.as_str(), "***");
        }
    }
    out
}

/// A URL from the config (an HTTP address) that may hold a password in its user part:
/// `Display` and `Debug` show it as `shown` (the caller's URL parser wrote it, the password
/// `***`), [`SecretUrl::expose`] gives the URL for the client.
#[derive(Clone, PartialEq, Eq)]
pub struct SecretUrl {
    text: String,
    shown: String,
}

impl SecretUrl {
    /// `text` as written and `shown` (each without a trailing `/`); `password` (as the URL
    /// writes it) is remembered for [`scrub`], escaped and unescaped.
    pub fn new(text: &str, shown: &str, password: Option<&str>) -> SecretUrl {
        if let Some(p) = password {
            register(p);
            register(&crate::conninfo::percent_decoded(p));
        }
        SecretUrl {
            text: text.trim_end_matches('/').to_string(),
            shown: shown.trim_end_matches('/').to_string(),
        }
    }

    pub fn expose(&self) -> &str {
        &self.text
    }
}

impl fmt::Display for SecretUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.shown)
    }
}

impl fmt::Debug for SecretUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.shown)
    }
}

/// A setting's text quoted for an error message, unless it may hold a password (it has an
/// `@`, as a URL with a user part does): then only that it is not shown.
pub fn quoted(text: &str) -> String {
    if text.contains('@') {
        "the address (not shown: it may hold a password)".to_string()
    } else {
        format!("'{text}'")
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

    #[test]
    fn scrub_takes_out_every_secret_read() {
        let _ = Secret::new("tok.en-1234");
        register("p@ss/w?rd");
        register("abc");
        assert_eq!(
            scrub("error sending request for url (http://u:p@ss/w?rd@h/) with tok.en-1234"),
            "error sending request for url (http://u:***@h/) with ***"
        );
        // Too short to scrub without taking ordinary words apart.
        assert_eq!(scrub("abc"), "abc");
    }
}
