//! The `[matrix]` config section: parsed by hand from the TOML table so that every error names
//! its key (`matrix.user_id: ...`), with secrets that never show in logs or `Debug` output.

use std::path::PathBuf;

use matrix_sdk::ruma::{OwnedServerName, OwnedUserId, UserId};

use chat::section::Section;
use store::Secret;
use store::secret::SecretUrl;

/// The keys `[matrix]` accepts.
const KEYS: [&str; 8] = [
    "homeserver",
    "user_id",
    "password",
    "access_token",
    "data_dir",
    "store_passphrase",
    "allow",
    "device_name",
];

/// Environment variables read when the config leaves the key out.
pub const PASSWORD_ENV: &str = "MATRIX_PASSWORD";
pub const ACCESS_TOKEN_ENV: &str = "MATRIX_ACCESS_TOKEN";
pub const STORE_PASSPHRASE_ENV: &str = "MATRIX_STORE_PASSPHRASE";

/// How the bot logs in when it has no saved session (or the saved one was revoked).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Login {
    Password(Secret),
    AccessToken(Secret),
}

/// One allow-list entry: who may invite the bot into a room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Allow {
    /// Anyone (`"*"`).
    Everyone,
    /// Every user of one homeserver (`"example.org"`).
    Server(OwnedServerName),
    /// One user (`"@alice:example.org"`).
    User(OwnedUserId),
}

/// The Matrix adapter's settings.
#[derive(Clone, Debug)]
pub struct MatrixConfig {
    /// Where the client API is, e.g. `https://matrix.example.org` (not the server name).
    pub homeserver: SecretUrl,
    pub user_id: OwnedUserId,
    pub login: Login,
    /// The matrix-sdk store (state, crypto keys) and the saved session.
    pub data_dir: PathBuf,
    /// Encrypts the store on disk.
    pub store_passphrase: Option<Secret>,
    /// Who may invite the bot; by default the users of the bot's own homeserver.
    pub allow: Vec<Allow>,
    /// The device name shown in other users' device lists.
    pub device_name: String,
}

impl MatrixConfig {
    /// Parses the `[matrix]` table; `env` looks up the environment (the password may come from
    /// `MATRIX_PASSWORD`). Errors name the key: `matrix.user_id: ...`.
    pub fn from_table(
        table: &toml::Table,
        env: impl Fn(&str) -> Option<String>,
    ) -> Result<MatrixConfig, String> {
        let s = Section::new("matrix", table, &KEYS)?;
        let homeserver = s.string("homeserver")?.ok_or_else(|| {
            s.missing(
                "homeserver",
                "write the client API address, like \"https://matrix.example.org\"",
            )
        })?;
        let homeserver = homeserver.trim().trim_end_matches('/');
        let homeserver = match matrix_sdk::reqwest::Url::parse(homeserver) {
            Ok(url) if matches!(url.scheme(), "http" | "https") => secret_url(&url),
            _ => {
                return Err(s
                    .error(
                        "homeserver",
                        format!(
                            "{} is not an http(s) address, like \"https://matrix.example.org\"",
                            store::secret::quoted(homeserver)
                        ),
                    )
                    .into());
            }
        };
        let user_id = s.string("user_id")?.ok_or_else(|| {
            s.missing(
                "user_id",
                "write the bot's Matrix id, like \"@jungle:example.org\"",
            )
        })?;
        let user_id = UserId::parse(user_id.trim()).map_err(|e| {
            s.error(
                "user_id",
                format!("'{user_id}' is not a Matrix user id like \"@jungle:example.org\" ({e})"),
            )
        })?;
        let secret = |key: &str, var: &str| -> Result<Option<Secret>, String> {
            Ok(s.string(key)?
                .or_else(|| env(var))
                .filter(|v| !v.is_empty())
                .map(Secret::new))
        };
        let login = match (
            secret("password", PASSWORD_ENV)?,
            secret("access_token", ACCESS_TOKEN_ENV)?,
        ) {
            (Some(p), _) => Login::Password(p),
            (None, Some(t)) => Login::AccessToken(t),
            (None, None) => {
                return Err(s
                    .missing(
                        "password",
                        &format!(
                            "set password (or the {PASSWORD_ENV} environment variable) or access_token"
                        ),
                    )
                    .into());
            }
        };
        let data_dir = match s.string("data_dir")? {
            Some(d) if d.trim().is_empty() => {
                return Err(s.error("data_dir", "must not be empty").into());
            }
            Some(d) => PathBuf::from(d),
            None => default_data_dir(),
        };
        let store_passphrase = secret("store_passphrase", STORE_PASSPHRASE_ENV)?;
        let allow = match s.strings("allow")? {
            None => vec![Allow::Server(user_id.server_name().to_owned())],
            Some(entries) => entries
                .iter()
                .map(|e| parse_allow(e).map_err(|problem| s.error("allow", problem)))
                .collect::<Result<_, _>>()?,
        };
        let device_name = s
            .string("device_name")?
            .unwrap_or_else(|| "jungle-bot".into());
        Ok(MatrixConfig {
            homeserver,
            user_id,
            login,
            data_dir,
            store_passphrase,
            allow,
            device_name,
        })
    }

    /// The name of the lease that keeps this account to one process: the homeserver (as its
    /// URL is normally written: `https://Matrix.Example.org/` is `https://matrix.example.org`)
    /// and the user.
    pub fn lease_name(&self) -> String {
        format!("matrix {} {}", self.homeserver, self.user_id)
    }

    /// May this user invite the bot?
    pub fn allows(&self, user: &UserId) -> bool {
        self.allow.iter().any(|a| match a {
            Allow::Everyone => true,
            Allow::Server(s) => user.server_name() == s,
            Allow::User(u) => u == user,
        })
    }
}

fn parse_allow(entry: &str) -> Result<Allow, String> {
    let e = entry.trim();
    if e == "*" {
        return Ok(Allow::Everyone);
    }
    if e.starts_with('@') {
        return UserId::parse(e)
            .map(Allow::User)
            .map_err(|err| format!("'{e}' is not a Matrix user id ({err})"));
    }
    let server = e.trim_start_matches(':');
    OwnedServerName::try_from(server)
        .map(Allow::Server)
        .map_err(|err| {
            format!("'{e}' is neither a user id (@name:server) nor a homeserver name ({err})")
        })
}

/// `<data dir>/jungle-bot/matrix`.
pub fn default_data_dir() -> PathBuf {
    store::files::data_dir().join("matrix")
}

/// The homeserver's URL, shown as it is normally written (`https://Matrix.Example.org/` is
/// `https://matrix.example.org`) with a password in it as `***`.
fn secret_url(url: &matrix_sdk::reqwest::Url) -> SecretUrl {
    let mut shown = url.clone();
    let _ = shown.set_password(url.password().map(|_| "***"));
    SecretUrl::new(url.as_str(), shown.as_str(), url.password())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<MatrixConfig, String> {
        parse_env(text, &[])
    }

    fn parse_env(text: &str, vars: &[(&str, &str)]) -> Result<MatrixConfig, String> {
        let table: toml::Table = toml::from_str(text).unwrap();
        MatrixConfig::from_table(&table, |k| {
            vars.iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| v.to_string())
        })
    }

    const BASE: &str =
        "homeserver = \"https://matrix.example.org/\"\nuser_id = \"@jungle:example.org\"\n";

    #[test]
    fn a_full_section() {
        let c = parse(&format!(
            "{BASE}password = \"hunter2\"\ndata_dir = \"/var/lib/j\"\nstore_passphrase = \"s3\"\nallow = [\"other.org\", \"@alice:third.org\", \"*\"]\n"
        ))
        .unwrap();
        assert_eq!(c.homeserver.expose(), "https://matrix.example.org");
        assert_eq!(c.user_id.as_str(), "@jungle:example.org");
        assert_eq!(c.login, Login::Password(Secret::new("hunter2")));
        assert_eq!(c.data_dir, PathBuf::from("/var/lib/j"));
        assert_eq!(c.store_passphrase, Some(Secret::new("s3")));
        assert_eq!(c.allow.len(), 3);
        assert_eq!(c.device_name, "jungle-bot");
        let c = parse(&format!("{BASE}password = \"p\"\n")).unwrap();
        assert_eq!(c.data_dir, store::files::data_dir().join("matrix"));
    }

    #[test]
    fn one_lease_per_homeserver_and_user_however_written() {
        let name = |homeserver: &str, user: &str| {
            parse(&format!(
                "homeserver = \"{homeserver}\"\nuser_id = \"{user}\"\npassword = \"hunter2\"\n"
            ))
            .unwrap()
            .lease_name()
        };
        let lease = name("https://matrix.example.org", "@jungle:example.org");
        assert_eq!(
            lease,
            "matrix https://matrix.example.org @jungle:example.org"
        );
        assert_eq!(
            name("https://Matrix.Example.org/", "@jungle:example.org"),
            lease
        );
        assert_ne!(
            name("https://matrix.example.org", "@other:example.org"),
            lease
        );
        assert_ne!(
            name("https://other.example.org", "@jungle:example.org"),
            lease
        );
        assert!(!lease.contains("hunter2"));
    }

    #[test]
    fn a_password_in_the_homeserver_url_never_shows() {
        for written in [
            "http://admin:S%3FCRET@hs.example:8008",
            "HTTP://admin:S%3FCRET@hs.example:8008/",
        ] {
            let c = parse(&format!(
                "homeserver = \"{written}\"\nuser_id = \"@j:hs.example\"\npassword = \"p\"\n"
            ))
            .unwrap();
            assert_eq!(c.homeserver.to_string(), "http://admin:***@hs.example:8008");
            assert_eq!(
                c.homeserver.expose(),
                "http://admin:S%3FCRET@hs.example:8008"
            );
            for shown in [format!("{c:?}"), c.lease_name()] {
                assert!(!shown.contains("CRET"), "{shown}");
            }
            assert_eq!(
                store::secret::scrub("for url (http://admin:S%3FCRET@hs.example) S?CRET"),
                "for url (http://admin:***@hs.example) ***"
            );
        }
        // An address the URL parser cannot read is not quoted when it may hold a password.
        let e = parse(
            "homeserver = \"http://admin:SECRET@hs:99999\"\nuser_id = \"@j:hs\"\npassword = \"p\"\n",
        ).unwrap_err();
        assert!(e.contains("not shown") && !e.contains("CRET"), "{e}");
    }

    #[test]
    fn secrets_never_show_in_debug() {
        let c = parse(&format!(
            "{BASE}password = \"hunter2\"\nstore_passphrase = \"pass-phrase\"\n"
        ))
        .unwrap();
        let shown = format!("{c:?}");
        assert!(!shown.contains("hunter2"), "{shown}");
        assert!(!shown.contains("pass-phrase"), "{shown}");
        assert!(shown.contains("[redacted]"), "{shown}");
        let t = parse(&format!("{BASE}access_token = \"syt_abc\"\n")).unwrap();
        assert!(!format!("{t:?}").contains("syt_abc"));
    }

    #[test]
    fn the_password_may_come_from_the_environment() {
        let c = parse_env(BASE, &[(PASSWORD_ENV, "from-env")]).unwrap();
        assert_eq!(c.login, Login::Password(Secret::new("from-env")));
        // The config wins over the environment.
        let c = parse_env(
            &format!("{BASE}password = \"in-file\"\n"),
            &[(PASSWORD_ENV, "from-env")],
        )
        .unwrap();
        assert_eq!(c.login, Login::Password(Secret::new("in-file")));
        let c = parse_env(BASE, &[(ACCESS_TOKEN_ENV, "tok")]).unwrap();
        assert_eq!(c.login, Login::AccessToken(Secret::new("tok")));
    }

    #[test]
    fn errors_name_the_key() {
        let e = parse("user_id = \"@j:example.org\"\npassword = \"p\"\n").unwrap_err();
        assert!(e.starts_with("matrix.homeserver: missing; write"), "{e}");
        let e = parse(
            "homeserver = \"matrix.example.org\"\nuser_id = \"@j:example.org\"\npassword = \"p\"\n",
        )
        .unwrap_err();
        assert!(
            e.starts_with("matrix.homeserver: 'matrix.example.org'"),
            "{e}"
        );
        let e = parse("homeserver = \"https://m.org\"\nuser_id = \"jungle\"\npassword = \"p\"\n")
            .unwrap_err();
        assert!(e.starts_with("matrix.user_id: 'jungle'"), "{e}");
        let e = parse(BASE).unwrap_err();
        assert!(e.starts_with("matrix.password: missing; set"), "{e}");
        assert!(e.contains(PASSWORD_ENV), "{e}");
        let e = parse(&format!("{BASE}password = 5\n")).unwrap_err();
        assert_eq!(e, "matrix.password: expected a string, found integer");
        let e = parse(&format!("{BASE}password = \"p\"\npasword = \"p\"\n")).unwrap_err();
        assert_eq!(
            e,
            format!(
                "matrix.pasword: unknown key; known keys: {}",
                KEYS.join(", ")
            )
        );
        let e = parse(&format!(
            "{BASE}password = \"p\"\nallow = \"example.org\"\n"
        ))
        .unwrap_err();
        assert_eq!(e, "matrix.allow: expected a list of strings, found string");
        let e = parse(&format!("{BASE}password = \"p\"\nallow = [\"@bad\"]\n")).unwrap_err();
        assert!(e.starts_with("matrix.allow: '@bad'"), "{e}");
        let e = parse(&format!("{BASE}password = \"p\"\nallow = [\"x.org\", 5]\n")).unwrap_err();
        assert_eq!(
            e,
            "matrix.allow: expected a list of strings, found integer in the list"
        );
    }

    #[test]
    fn the_allow_list() {
        let c = parse(&format!("{BASE}password = \"p\"\n")).unwrap();
        let id = |s: &str| UserId::parse(s).unwrap();
        // By default: the bot's own homeserver only.
        assert!(c.allows(&id("@alice:example.org")));
        assert!(!c.allows(&id("@mallory:evil.org")));
        let c = parse(&format!(
            "{BASE}password = \"p\"\nallow = [\":friends.org\", \"@alice:other.org\"]\n"
        ))
        .unwrap();
        assert!(c.allows(&id("@bob:friends.org")));
        assert!(c.allows(&id("@alice:other.org")));
        assert!(!c.allows(&id("@bob:other.org")));
        assert!(!c.allows(&id("@jungle:example.org")));
        let c = parse(&format!("{BASE}password = \"p\"\nallow = [\"*\"]\n")).unwrap();
        assert!(c.allows(&id("@anyone:anywhere.net")));
    }
}
