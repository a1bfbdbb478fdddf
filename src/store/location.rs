//! Where the store lives: a SQLite file (a path, or `:memory:`) or a PostgreSQL server (a
//! `postgresql://` URL). A URL may hold a password, so its `Display` and `Debug` hide it.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::secret::Secret;

/// The database setting, read: `[store] database` or `--db`.
#[derive(Clone, PartialEq, Eq)]
pub enum Location {
    File(PathBuf),
    Postgres(PostgresUrl),
}

impl Location {
    /// A `postgresql://` or `postgres://` URL names a PostgreSQL server; anything else is a path.
    pub fn from_path(path: &Path) -> Location {
        match path.to_str() {
            Some(text) if PostgresUrl::is_url(text) => {
                Location::Postgres(PostgresUrl(Secret::new(text)))
            }
            _ => Location::File(path.to_path_buf()),
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::File(p) => write!(f, "{}", p.display()),
            Location::Postgres(url) => url.fmt(f),
        }
    }
}

impl fmt::Debug for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::File(p) => f.debug_tuple("File").field(p).finish(),
            Location::Postgres(url) => f.debug_tuple("Postgres").field(&url.to_string()).finish(),
        }
    }
}

/// A PostgreSQL connection URL. Shown (`Display`, `Debug`) with its password replaced by
/// `***`; [`PostgresUrl::expose`] gives the URL itself to the one call that connects.
#[derive(Clone, PartialEq, Eq)]
pub struct PostgresUrl(Secret);

impl PostgresUrl {
    fn is_url(text: &str) -> bool {
        text.starts_with("postgresql://") || text.starts_with("postgres://")
    }

    pub fn expose(&self) -> &str {
        self.0.expose()
    }
}

impl fmt::Display for PostgresUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&redact(self.0.expose()))
    }
}

impl fmt::Debug for PostgresUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PostgresUrl({})", redact(self.0.expose()))
    }
}

/// The URL with the password of its user part and any `password=` parameter replaced by `***`.
fn redact(url: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap_or(("", url));
    // The user part ends at the last '@' before the path: a password may hold '@' and '/'.
    let (authority_end, query) = match rest.find('?') {
        Some(q) => (q, &rest[q..]),
        None => (rest.len(), ""),
    };
    let before_query = &rest[..authority_end];
    let mut out = format!("{scheme}://");
    match before_query.rfind('@') {
        Some(at) => {
            let user = &before_query[..at];
            match user.split_once(':') {
                Some((name, _)) => out.push_str(&format!("{name}:***")),
                None => out.push_str(user),
            }
            out.push_str(&before_query[at..]);
        }
        None => out.push_str(before_query),
    }
    let params: Vec<String> = query
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| match p.split_once('=') {
            Some((key, _)) if key.eq_ignore_ascii_case("password") => format!("{key}=***"),
            _ => p.to_string(),
        })
        .collect();
    if !params.is_empty() {
        out.push('?');
        out.push_str(&params.join("&"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_and_urls_are_told_apart() {
        assert_eq!(
            Location::from_path(Path::new("/var/lib/j.db")),
            Location::File(PathBuf::from("/var/lib/j.db"))
        );
        assert!(matches!(
            Location::from_path(Path::new("postgresql://u@h/db")),
            Location::Postgres(_)
        ));
        assert!(matches!(
            Location::from_path(Path::new("postgres://h/db")),
            Location::Postgres(_)
        ));
    }

    #[test]
    fn the_password_never_shows() {
        for (url, shown) in [
            (
                "postgresql://ann:s3cr%40t@db.example:5432/jungle",
                "postgresql://ann:***@db.example:5432/jungle",
            ),
            (
                "postgresql://ann:p@ss/w@db/jungle?sslmode=disable",
                "postgresql://ann:***@db/jungle?sslmode=disable",
            ),
            (
                "postgresql://ann@db/jungle?password=s3cret&connect_timeout=5",
                "postgresql://ann@db/jungle?password=***&connect_timeout=5",
            ),
            ("postgresql://db/jungle", "postgresql://db/jungle"),
        ] {
            let l = Location::from_path(Path::new(url));
            assert_eq!(l.to_string(), shown);
            let debug = format!("{l:?}");
            assert!(debug.contains(shown), "{debug}");
            for secret in ["s3cr", "p@ss", "s3cret"] {
                assert!(
                    !debug.contains(secret) && !l.to_string().contains(secret),
                    "{debug}"
                );
            }
        }
    }
}
