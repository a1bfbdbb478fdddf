//! Where the store lives: a SQLite file (a path, or `:memory:`) or a PostgreSQL server (a
//! `postgresql://` URL or a libpq `key=value` list, read in [`conninfo`](crate::conninfo)).
//! Its `Display` and `Debug` hide every password.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::conninfo::{ConnInfo, Reading};

/// The database setting, read: `[store] database` or `--db`.
#[derive(Clone, PartialEq, Eq)]
pub enum Location {
    File(PathBuf),
    Postgres(PostgresUrl),
}

impl Location {
    /// A PostgreSQL URL (`postgresql://` or `postgres://`, in any case) or `key=value` list
    /// names a PostgreSQL server; anything else is a path, except a URL of another scheme.
    /// The error says what is wrong without quoting the setting (it may hold a password).
    pub fn parse(path: &Path) -> Result<Location, String> {
        let Some(text) = path.to_str() else {
            return Ok(Location::File(path.to_path_buf()));
        };
        Ok(match ConnInfo::read(text)? {
            Reading::Path => Location::File(path.to_path_buf()),
            Reading::Postgres(info) => Location::Postgres(PostgresUrl(info)),
        })
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

/// A PostgreSQL connection string (a URL or a `key=value` list). Shown (`Display`, `Debug`)
/// with its passwords replaced by `***`; [`PostgresUrl::expose`] gives the text itself to the
/// one call that hands it on.
#[derive(Clone, PartialEq, Eq)]
pub struct PostgresUrl(ConnInfo);

impl PostgresUrl {
    pub fn expose(&self) -> &str {
        self.0.expose()
    }

    /// What the setting asks of TLS (`sslmode`, `sslrootcert`, as libpq reads them), and the
    /// connection string for the client library, which knows only `disable`, `prefer` and
    /// `require`: the verifying modes become `require` there (the check is ours) and
    /// `sslrootcert` is left out. The error says which parameter is wrong, without the URL.
    pub fn tls(&self) -> Result<(Tls, String), String> {
        let mode = match self.0.param("sslmode") {
            Some(mode) => SslMode::parse(&mode)?,
            None => SslMode::Disable,
        };
        let root_cert = self.0.param("sslrootcert").map(PathBuf::from);
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
        let client = self
            .0
            .for_client(&["sslmode", "sslrootcert"], &[("sslmode", client_mode)]);
        Ok((Tls { mode, root_cert }, client))
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

impl fmt::Display for PostgresUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.shown())
    }
}

impl fmt::Debug for PostgresUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PostgresUrl({})", self.0.shown())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_and_urls_are_told_apart() {
        assert_eq!(
            Location::parse(Path::new("/var/lib/j.db")).unwrap(),
            Location::File(PathBuf::from("/var/lib/j.db"))
        );
        assert!(matches!(
            Location::parse(Path::new("postgresql://u@h/db")).unwrap(),
            Location::Postgres(_)
        ));
        assert!(matches!(
            Location::parse(Path::new("postgres://h/db")).unwrap(),
            Location::Postgres(_)
        ));
    }

    fn tls(url: &str) -> Result<(Tls, String), String> {
        match Location::parse(Path::new(url)).unwrap() {
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
                "postgresql://u:SEC?RETPW@db/jungle?sslmode=disable",
                "postgresql://u:***@db/jungle?sslmode=disable",
            ),
            (
                "POSTGRESQL://ann:s3cret@db/jungle",
                "postgresql://ann:***@db/jungle",
            ),
            (
                "postgresql://ann@db/jungle?password=s3cret&connect_timeout=5",
                "postgresql://ann@db/jungle?password=***&connect_timeout=5",
            ),
            (
                "host=db user=ann password='s3 cret' dbname=jungle",
                "host=db user=ann password=*** dbname=jungle",
            ),
            ("postgresql://db/jungle", "postgresql://db/jungle"),
        ] {
            let l = Location::parse(Path::new(url)).unwrap();
            assert!(matches!(l, Location::Postgres(_)), "{url}");
            assert_eq!(l.to_string(), shown);
            let debug = format!("{l:?}");
            assert!(debug.contains(shown), "{debug}");
            for secret in ["s3cr", "SEC?", "RETPW", "s3 cret"] {
                assert!(
                    !debug.contains(secret) && !l.to_string().contains(secret),
                    "{debug}"
                );
            }
        }
    }

    #[test]
    fn urls_of_other_kinds_and_misreadable_ones_are_refused_unquoted() {
        for (text, expected) in [
            (
                "mysql://root:s3cret@db/j",
                "a mysql:// URL is not a database",
            ),
            ("postgresql://ann:p@zz@db/j", "more than one '@'"),
            ("postgresql://ann:p@zz/w@db/j", "more than one '@'"),
            ("postgresql://db/j?s3cret", "has no '='"),
            ("host=db password='s3cret", "no closing quote"),
            ("host=db password=s3 cret", "not one PostgreSQL knows"),
        ] {
            let e = Location::parse(Path::new(text)).unwrap_err();
            assert!(e.contains(expected), "{text}: {e}");
            assert!(!e.contains("s3") && !e.contains("zz"), "{e}");
        }
        // Paths stay paths, also with '=' or ':' in them.
        for path in ["jungle.db", "./a=b.db", "/srv/j:1.db", ":memory:"] {
            assert_eq!(
                Location::parse(Path::new(path)).unwrap(),
                Location::File(PathBuf::from(path))
            );
        }
    }

    #[test]
    fn the_client_gets_what_was_written() {
        let (_, client) = tls("Postgres://ann:a%3Fb@h1:5433,h2/j?application_name=x").unwrap();
        assert_eq!(
            client,
            "postgres://ann:a%3Fb@h1:5433,h2/j?application_name=x&sslmode=disable"
        );
        let (t, client) =
            tls(r"host=/run/pg password='it\'s a' sslmode=require sslrootcert='/a b/ca.pem'")
                .unwrap();
        assert_eq!(t.mode, SslMode::VerifyCa);
        assert_eq!(t.root_cert, Some(PathBuf::from("/a b/ca.pem")));
        assert_eq!(
            client,
            r"host='/run/pg' password='it\'s a' sslmode='require'"
        );
    }

    /// `text` with every byte but letters and digits as `%XX`, as a URL writes a password.
    fn encoded(text: &str) -> String {
        text.bytes()
            .map(|b| match b {
                b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' => (b as char).to_string(),
                b => format!("%{b:02X}"),
            })
            .collect()
    }

    proptest::proptest! {
        /// Any printable password, written in a URL (escaped or not), as a URL parameter or
        /// in a `key=value` list: what is shown, and any error, holds none of it.
        #[test]
        fn no_password_is_ever_shown(pw in "[ -~]{6,24}") {
            let template = "postgresql://ann:***@db.example:5432/jungle?sslmode=disable&password=*** host=db.example user=ann password=*** dbname=jungle";
            proptest::prop_assume!(!template.contains(&pw));
            let quoted = pw.replace('\\', "\\\\").replace('\'', "\\'");
            for text in [
                format!("postgresql://ann:{}@db.example:5432/jungle?sslmode=disable", encoded(&pw)),
                format!("postgresql://ann:{pw}@db.example:5432/jungle?sslmode=disable"),
                format!("postgresql://ann@db.example/jungle?password={}&sslmode=disable", encoded(&pw)),
                format!("host=db.example user=ann password='{quoted}' dbname=jungle"),
            ] {
                let shown = match Location::parse(Path::new(&text)) {
                    Ok(l) => format!("{l} {l:?}"),
                    Err(e) => e,
                };
                proptest::prop_assert!(!shown.contains(&pw), "{text} -> {shown}");
                proptest::prop_assert!(!shown.contains(&encoded(&pw)), "{text} -> {shown}");
            }
            // Escaped, the password reaches the client whole.
            let url = format!("postgresql://ann:{}@db/j", encoded(&pw));
            let Location::Postgres(parsed) = Location::parse(Path::new(&url)).unwrap() else {
                panic!("{url} is PostgreSQL");
            };
            let (_, client) = parsed.tls().unwrap();
            proptest::prop_assert_eq!(&client, &format!("{url}?sslmode=disable"));
            // The client library reads the same password from both forms as written for it.
            #[cfg(feature = "postgres")]
            for text in [url, format!("host=db user=ann password='{quoted}'")] {
                let Ok(Location::Postgres(parsed)) = Location::parse(Path::new(&text)) else {
                    panic!("{text} is PostgreSQL");
                };
                let config: ::postgres::Config = parsed.tls().unwrap().1.parse().unwrap();
                proptest::prop_assert_eq!(config.get_password(), Some(pw.as_bytes()));
            }
        }
    }
}
