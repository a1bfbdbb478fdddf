//! A PostgreSQL connection string read the way the client library reads it: a URL
//! (`postgresql://user:password@host:port/dbname?key=value&...`, the scheme in any case) or
//! libpq's `key=value` list (`host=db user=ann password='a b'`). What is shown of it is built
//! from the parsed parts with every password replaced by `***`, so no character of a password
//! (`?`, `#`, `@`, `/`, `%` included) can end up in a log line or an error. Errors say what is
//! wrong without quoting the text.

use crate::secret::{self, Secret};

/// The keywords libpq and the client library know, so a `key=value` list is told from a file
/// path (`host=db dbname=jungle` is PostgreSQL, `jungle.db` is a file).
const KEYWORDS: &[&str] = &[
    "application_name",
    "channel_binding",
    "connect_timeout",
    "dbname",
    "host",
    "hostaddr",
    "keepalives",
    "keepalives_idle",
    "keepalives_interval",
    "keepalives_retries",
    "load_balance_hosts",
    "options",
    "password",
    "port",
    "sslmode",
    "sslnegotiation",
    "sslrootcert",
    "target_session_attrs",
    "tcp_user_timeout",
    "user",
];

/// A connection string, parsed.
#[derive(Clone, PartialEq, Eq)]
pub struct ConnInfo {
    form: Form,
    /// The text as written, for the one caller that needs it (`jungle bench` hands it on).
    text: Secret,
}

#[derive(Clone, PartialEq, Eq)]
enum Form {
    /// The URL's parts as written (percent escapes kept), the scheme in lower case.
    Url {
        scheme: String,
        user: Option<String>,
        password: Option<Secret>,
        hosts: String,
        dbname: Option<String>,
        params: Vec<(String, String)>,
    },
    /// The `key=value` pairs, their values unquoted.
    Pairs(Vec<(String, String)>),
}

/// What a database setting is, read.
pub enum Reading {
    /// Not PostgreSQL: a file path.
    Path,
    Postgres(ConnInfo),
}

impl ConnInfo {
    /// Reads a database setting: a PostgreSQL URL or `key=value` list, or a path. A URL of
    /// another scheme, and a PostgreSQL string the client would misread, are errors.
    pub fn read(text: &str) -> Result<Reading, String> {
        let trimmed = text.trim();
        let form = if let Some((scheme, rest)) = url_scheme(trimmed) {
            let scheme = scheme.to_ascii_lowercase();
            if scheme != "postgresql" && scheme != "postgres" {
                return Err(format!(
                    "a {scheme}:// URL is not a database the bot can use: write a file path or a postgresql:// URL"
                ));
            }
            parse_url(scheme, rest)?
        } else if starts_with_keyword(trimmed) {
            Form::Pairs(parse_pairs(trimmed)?)
        } else {
            return Ok(Reading::Path);
        };
        let info = ConnInfo {
            form,
            text: Secret::new(text),
        };
        Ok(Reading::Postgres(info))
    }

    /// The text as it was written.
    pub fn expose(&self) -> &str {
        self.text.expose()
    }

    /// A parameter's value (percent escapes decoded in a URL), the last one if repeated.
    pub fn param(&self, key: &str) -> Option<String> {
        let pairs = match &self.form {
            Form::Url { params, .. } => params,
            Form::Pairs(pairs) => pairs,
        };
        let value = pairs.iter().rev().find(|(k, _)| k == key)?.1.as_str();
        Some(match &self.form {
            Form::Url { .. } => percent_decoded(value),
            Form::Pairs(_) => value.to_string(),
        })
    }

    /// The string for the client library: the same connection without the parameters in
    /// `drop` and with `add` after the rest.
    pub fn for_client(&self, drop: &[&str], add: &[(&str, &str)]) -> String {
        let keep = |(k, _): &&(String, String)| !drop.contains(&k.as_str());
        match &self.form {
            Form::Url {
                scheme,
                user,
                password,
                hosts,
                dbname,
                params,
            } => {
                let mut query: Vec<String> = params
                    .iter()
                    .filter(keep)
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect();
                query.extend(add.iter().map(|(k, v)| format!("{k}={v}")));
                let parts = (scheme, user, hosts, dbname);
                url_text(parts, password.as_ref().map(Secret::expose), &query)
            }
            Form::Pairs(pairs) => {
                let kept = pairs
                    .iter()
                    .filter(keep)
                    .map(|(k, v)| (k.as_str(), v.as_str()));
                let all: Vec<String> = kept
                    .chain(add.iter().copied())
                    .map(|(k, v)| format!("{k}='{}'", v.replace('\\', "\\\\").replace('\'', "\\'")))
                    .collect();
                all.join(" ")
            }
        }
    }

    /// The connection as logs and errors show it: every password `***`.
    pub fn shown(&self) -> String {
        let hidden = |k: &str, v: &str| {
            if k.eq_ignore_ascii_case("password") {
                "***".to_string()
            } else {
                v.to_string()
            }
        };
        match &self.form {
            Form::Url {
                scheme,
                user,
                password,
                hosts,
                dbname,
                params,
            } => {
                let query: Vec<String> = params
                    .iter()
                    .map(|(k, v)| format!("{k}={}", hidden(k, v)))
                    .collect();
                let parts = (scheme, user, hosts, dbname);
                url_text(parts, password.as_ref().map(|_| "***"), &query)
            }
            Form::Pairs(pairs) => {
                let shown: Vec<String> = pairs
                    .iter()
                    .map(|(k, v)| format!("{k}={}", quoted_if_needed(&hidden(k, v))))
                    .collect();
                shown.join(" ")
            }
        }
    }
}

/// A URL from its parts (scheme, user, hosts, database name), with `password` written after
/// the user and `query` after a `?`.
fn url_text(
    (scheme, user, hosts, dbname): (&String, &Option<String>, &String, &Option<String>),
    password: Option<&str>,
    query: &[String],
) -> String {
    let mut out = format!("{scheme}://");
    if let Some(user) = user {
        out.push_str(user);
        if let Some(p) = password {
            out.push(':');
            out.push_str(p);
        }
        out.push('@');
    }
    out.push_str(hosts);
    if let Some(db) = dbname {
        out.push('/');
        out.push_str(db);
    }
    if !query.is_empty() {
        out.push('?');
        out.push_str(&query.join("&"));
    }
    out
}

/// `scheme` and the rest when `text` starts like a URL (`letters://`).
fn url_scheme(text: &str) -> Option<(&str, &str)> {
    let (scheme, rest) = text.split_once("://")?;
    let mut chars = scheme.chars();
    let first = chars.next()?;
    let valid = first.is_ascii_alphabetic()
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    valid.then_some((scheme, rest))
}

/// Whether `text` begins with a known keyword and `=` (spaces allowed around it).
fn starts_with_keyword(text: &str) -> bool {
    let Some((key, _)) = text.split_once('=') else {
        return false;
    };
    KEYWORDS.contains(&key.trim_end())
}

/// The part of a URL after `://`, read as the client library reads it: the user part ends at
/// the first `@`, the hosts at the first `/` or `?`, the database name at the `?`.
fn parse_url(scheme: String, rest: &str) -> Result<Form, String> {
    let (creds, rest) = match rest.split_once('@') {
        Some((creds, rest)) => (Some(creds), rest),
        None => (None, rest),
    };
    if rest.contains('@') {
        return Err(
            "the PostgreSQL URL holds more than one '@': write an '@' in the user name, password or database name as %40"
                .into(),
        );
    }
    let (user, password) = match creds.map(|c| c.split_once(':').ok_or(c)) {
        Some(Ok((user, password))) => {
            secret::register(password);
            secret::register(&percent_decoded(password));
            (Some(user.to_string()), Some(Secret::new(password)))
        }
        Some(Err(user)) => (Some(user.to_string()), None),
        None => (None, None),
    };
    let host_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (hosts, rest) = rest.split_at(host_end);
    let (dbname, query) = match rest.strip_prefix('/') {
        Some(path) => match path.split_once('?') {
            Some((db, query)) => (Some(db), Some(query)),
            None => (Some(path), None),
        },
        None => (None, rest.strip_prefix('?')),
    };
    let mut params = Vec::new();
    for param in query.unwrap_or("").split('&').filter(|p| !p.is_empty()) {
        let Some((key, value)) = param.split_once('=') else {
            return Err(format!(
                "parameter {} of the PostgreSQL URL has no '=': write key=value",
                params.len() + 1
            ));
        };
        if key.eq_ignore_ascii_case("password") {
            secret::register(value);
            secret::register(&percent_decoded(value));
        }
        params.push((key.to_string(), value.to_string()));
    }
    Ok(Form::Url {
        scheme,
        user,
        password,
        hosts: hosts.to_string(),
        dbname: dbname.filter(|d| !d.is_empty()).map(str::to_string),
        params,
    })
}

/// libpq's `key=value` list: pairs apart by spaces, a value in single quotes if it holds
/// spaces, `\` escaping the character after it.
fn parse_pairs(text: &str) -> Result<Vec<(String, String)>, String> {
    let mut pairs = Vec::new();
    let mut chars = text.chars().peekable();
    loop {
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        if chars.peek().is_none() {
            return Ok(pairs);
        }
        let n = pairs.len() + 1;
        let mut key = String::new();
        while let Some(c) = chars.next_if(|c| !c.is_whitespace() && *c != '=') {
            key.push(c);
        }
        if !KEYWORDS.contains(&key.as_str()) {
            return Err(format!(
                "parameter {n} of the PostgreSQL connection string is not one PostgreSQL knows (a value with spaces goes in quotes: key='a value')"
            ));
        }
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        if chars.next() != Some('=') {
            return Err(format!(
                "{key} in the PostgreSQL connection string has no '='"
            ));
        }
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        let mut value = String::new();
        if chars.next_if_eq(&'\'').is_some() {
            loop {
                match chars.next() {
                    Some('\'') => break,
                    Some('\\') => value.extend(chars.next()),
                    Some(c) => value.push(c),
                    None => {
                        return Err(format!(
                            "the value of {key} in the PostgreSQL connection string has no closing quote"
                        ));
                    }
                }
            }
        } else {
            while let Some(c) = chars.next_if(|c| !c.is_whitespace()) {
                match c {
                    '\\' => value.extend(chars.next()),
                    c => value.push(c),
                }
            }
            if value.is_empty() {
                return Err(format!(
                    "{key} in the PostgreSQL connection string has no value (write {key}='' for an empty one)"
                ));
            }
        }
        if key == "password" {
            secret::register(&value);
        }
        pairs.push((key, value));
    }
}

/// A `key=value` value as libpq reads it back: quoted when it is empty or holds a space, a
/// quote or a backslash.
fn quoted_if_needed(value: &str) -> String {
    let plain = !value.is_empty()
        && !value
            .chars()
            .any(|c| c.is_whitespace() || c == '\'' || c == '\\');
    if plain {
        value.to_string()
    } else {
        format!("'{}'", value.replace('\\', "\\\\").replace('\'', "\\'"))
    }
}

/// A URL part with `%XX` escapes decoded (a path may need them).
pub(crate) fn percent_decoded(text: &str) -> String {
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
