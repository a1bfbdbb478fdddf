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

    /// What the URL asks of TLS (`sslmode`, `sslrootcert`, as libpq reads them), and the URL
    /// for the client library, which knows only `disable`, `prefer` and `require`: the
    /// verifying modes become `require` there (the check is ours) and `sslrootcert` is left
    /// out. The error says which parameter is wrong, without the URL.
    pub fn tls(&self) -> Result<(Tls, String), String> {
        let url = self.0.expose();
        let (base, query) = match url.split_once('?') {
            Some((base, query)) => (base, query),
            None => (url, ""),
        };
        let mut mode = None;
        let mut root_cert = None;
        let mut kept = Vec::new();
        for param in query.split('&').filter(|p| !p.is_empty()) {
            let (key, value) = param.split_once('=').unwrap_or((param, ""));
            match key {
                "sslmode" => mode = Some(SslMode::parse(&percent_decoded(value))?),
                "sslrootcert" => root_cert = Some(PathBuf::from(percent_decoded(value))),
                _ => kept.push(param.to_string()),
            }
        }
        let mode = mode.unwrap_or(SslMode::Disable);
        // libpq: `require` with a CA certificate checks the chain, as `verify-ca` does.
        let mode = match (mode, &root_cert) {
            (SslMode::Require, Some(_)) => SslMode::VerifyCa,
            (mode, _) => mode,
        };
        if root_cert.is_some() && matches!(mode, SslMode::Disable | SslMode::Prefer) {
            return Err(format!(
                "sslrootcert is for sslmode=require, verify-ca or verify-full, not sslmode={}",
                mode.name()
            ));
        }
        let client_mode = match mode {
            SslMode::Disable => "disable",
            SslMode::Prefer => "prefer",
            SslMode::Require | SslMode::VerifyCa | SslMode::VerifyFull => "require",
        };
        kept.push(format!("sslmode={client_mode}"));
        Ok((
            Tls { mode, root_cert },
            format!("{base}?{}", kept.join("&")),
        ))
    }
}

/// How a connection to PostgreSQL is protected: libpq's `sslmode`, without `allow`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SslMode {
    /// No TLS (also when the URL does not say).
    Disable,
    /// TLS if the server offers it, the certificate not checked.
    Prefer,
    /// TLS or no connection, the certificate not checked.
    Require,
    /// TLS, the certificate signed by a trusted CA.
    VerifyCa,
    /// TLS, the certificate signed by a trusted CA and made out to the host connected to.
    VerifyFull,
}

impl SslMode {
    const ALL: [SslMode; 5] = [
        SslMode::Disable,
        SslMode::Prefer,
        SslMode::Require,
        SslMode::VerifyCa,
        SslMode::VerifyFull,
    ];

    pub fn name(self) -> &'static str {
        match self {
            SslMode::Disable => "disable",
            SslMode::Prefer => "prefer",
            SslMode::Require => "require",
            SslMode::VerifyCa => "verify-ca",
            SslMode::VerifyFull => "verify-full",
        }
    }

    fn parse(text: &str) -> Result<SslMode, String> {
        SslMode::ALL
            .into_iter()
            .find(|m| m.name() == text)
            .ok_or_else(|| {
                let names: Vec<&str> = SslMode::ALL.iter().map(|m| m.name()).collect();
                format!(
                    "sslmode={text:?} is not one of {} (\"allow\" is not supported)",
                    names.join(", ")
                )
            })
    }
}

/// TLS as a PostgreSQL URL asks for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tls {
    pub mode: SslMode,
    /// The CA certificates (PEM) to trust instead of the system's.
    pub root_cert: Option<PathBuf>,
}

/// A URL parameter's value with `%XX` escapes decoded (a path may need them).
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
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

    fn tls(url: &str) -> Result<(Tls, String), String> {
        match Location::from_path(Path::new(url)) {
            Location::Postgres(url) => url.tls(),
            Location::File(_) => panic!("{url} is a URL"),
        }
    }

    #[test]
    fn sslmode_is_read_as_libpq_reads_it() {
        let (t, client) = tls("postgresql://ann:pw@db/j").unwrap();
        assert_eq!((t.mode, t.root_cert), (SslMode::Disable, None));
        assert_eq!(client, "postgresql://ann:pw@db/j?sslmode=disable");
        for (mode, expected, client_mode) in [
            ("disable", SslMode::Disable, "disable"),
            ("prefer", SslMode::Prefer, "prefer"),
            ("require", SslMode::Require, "require"),
            ("verify-ca", SslMode::VerifyCa, "require"),
            ("verify-full", SslMode::VerifyFull, "require"),
        ] {
            let (t, client) = tls(&format!(
                "postgresql://db/j?connect_timeout=5&sslmode={mode}"
            ))
            .unwrap();
            assert_eq!(t.mode, expected);
            assert_eq!(
                client,
                format!("postgresql://db/j?connect_timeout=5&sslmode={client_mode}")
            );
        }
        // A CA file: kept from the client library; with `require`, the chain is checked.
        let (t, client) =
            tls("postgresql://db/j?sslmode=require&sslrootcert=%2Fetc%2Fca%20dir%2Froot.pem")
                .unwrap();
        assert_eq!(t.mode, SslMode::VerifyCa);
        assert_eq!(t.root_cert, Some(PathBuf::from("/etc/ca dir/root.pem")));
        assert_eq!(client, "postgresql://db/j?sslmode=require");
    }

    #[test]
    fn a_bad_sslmode_is_named_without_the_url() {
        for bad in ["bogus", "allow", "REQUIRE", ""] {
            let e = tls(&format!("postgresql://ann:s3cret@db/j?sslmode={bad}")).unwrap_err();
            assert!(e.contains(&format!("sslmode={bad:?} is not one of")), "{e}");
            assert!(e.contains("verify-full") && !e.contains("s3cret"), "{e}");
        }
        let e = tls("postgresql://db/j?sslmode=disable&sslrootcert=/ca.pem").unwrap_err();
        assert!(e.contains("sslrootcert is for"), "{e}");
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
