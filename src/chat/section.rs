//! One table of the config file read key by key: typed getters whose errors name the key, so that
//! every section words an unknown key, a wrong type and a missing key the same way.

use thiserror::Error;

/// A problem with one key, named in full: `matrix.user_id: missing; ...`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{key}: {problem}")]
pub struct KeyError {
    /// The key's full name, like `bot.easy.max_depth`.
    pub key: String,
    pub problem: String,
}

impl From<KeyError> for String {
    fn from(e: KeyError) -> String {
        e.to_string()
    }
}

/// A table of the config file (`[discord]`, `[bot.easy]`, or the file itself) whose keys have
/// been checked against the ones it takes.
pub struct Section<'a> {
    /// The table's full name, empty for the file itself.
    name: String,
    table: &'a toml::Table,
}

impl<'a> Section<'a> {
    /// The table `name`; an error names the first key it does not take.
    pub fn new(name: &str, table: &'a toml::Table, keys: &[&str]) -> Result<Section<'a>, KeyError> {
        let section = Section {
            name: name.to_string(),
            table,
        };
        match table.keys().find(|k| !keys.contains(&k.as_str())) {
            Some(key) => {
                Err(section.error(key, format!("unknown key; known keys: {}", keys.join(", "))))
            }
            None => Ok(section),
        }
    }

    /// A key's full name.
    pub fn full(&self, key: &str) -> String {
        if self.name.is_empty() {
            key.to_string()
        } else {
            format!("{}.{key}", self.name)
        }
    }

    /// A problem with a key's value.
    pub fn error(&self, key: &str, problem: impl Into<String>) -> KeyError {
        KeyError {
            key: self.full(key),
            problem: problem.into(),
        }
    }

    /// A key that must be given and is not; `hint` says how to give it.
    pub fn missing(&self, key: &str, hint: &str) -> KeyError {
        self.error(key, format!("missing; {hint}"))
    }

    /// A key's value of the wrong type.
    pub fn wrong_type(&self, key: &str, expected: &str, found: &str) -> KeyError {
        self.error(key, format!("expected {expected}, found {found}"))
    }

    /// A key's value as written, of any type.
    pub fn value(&self, key: &str) -> Option<&'a toml::Value> {
        self.table.get(key)
    }

    fn typed<T>(
        &self,
        key: &str,
        expected: &str,
        get: impl Fn(&'a toml::Value) -> Option<T>,
    ) -> Result<Option<T>, KeyError> {
        match self.value(key) {
            None => Ok(None),
            Some(v) => get(v)
                .map(Some)
                .ok_or_else(|| self.wrong_type(key, expected, v.type_str())),
        }
    }

    pub fn string(&self, key: &str) -> Result<Option<String>, KeyError> {
        self.typed(key, "a string", |v| v.as_str().map(str::to_string))
    }

    pub fn bool(&self, key: &str) -> Result<Option<bool>, KeyError> {
        self.typed(key, "true or false", toml::Value::as_bool)
    }

    /// A whole number from `min` to `max`.
    pub fn integer(&self, key: &str, min: i64, max: i64) -> Result<Option<i64>, KeyError> {
        match self.typed(key, "a whole number", toml::Value::as_integer)? {
            Some(n) if n < min || n > max => Err(self.error(
                key,
                if max == i64::MAX {
                    format!("must be at least {min}")
                } else {
                    format!("must be from {min} to {max}")
                },
            )),
            n => Ok(n),
        }
    }

    /// A list of strings.
    pub fn strings(&self, key: &str) -> Result<Option<Vec<String>>, KeyError> {
        const EXPECTED: &str = "a list of strings";
        let Some(items) = self.typed(key, EXPECTED, toml::Value::as_array)? else {
            return Ok(None);
        };
        items
            .iter()
            .map(|item| {
                item.as_str().map(str::to_string).ok_or_else(|| {
                    self.wrong_type(key, EXPECTED, &format!("{} in the list", item.type_str()))
                })
            })
            .collect::<Result<_, _>>()
            .map(Some)
    }

    /// A table, as written.
    pub fn table(&self, key: &str) -> Result<Option<&'a toml::Table>, KeyError> {
        self.typed(key, "a table", toml::Value::as_table)
    }

    /// The table under `key`, checked against the keys it takes.
    pub fn section(&self, key: &str, keys: &[&str]) -> Result<Option<Section<'a>>, KeyError> {
        match self.table(key)? {
            Some(t) => Section::new(&self.full(key), t, keys).map(Some),
            None => Ok(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(text: &str) -> toml::Table {
        text.parse().unwrap()
    }

    #[test]
    fn unknown_keys_are_named_with_the_known_ones() {
        let t = table("name = \"x\"\nnmae = \"y\"\n");
        let e = Section::new("s", &t, &["name", "size"]).err().unwrap();
        assert_eq!(e.to_string(), "s.nmae: unknown key; known keys: name, size");
        let e = Section::new("", &t, &["name"]).err().unwrap();
        assert_eq!(e.to_string(), "nmae: unknown key; known keys: name");
    }

    #[test]
    fn getters_name_the_key_and_the_types() {
        let t = table(
            "s = 5\nb = \"yes\"\nn = 1.5\nlist = [\"a\", 2]\nsub = { deep = 1, odd = 2 }\nsmall = 0\n",
        );
        let s = Section::new("top", &t, &["s", "b", "n", "list", "sub", "small"]).unwrap();
        let err = |r: Result<(), KeyError>| r.unwrap_err().to_string();
        assert_eq!(
            err(s.string("s").map(drop)),
            "top.s: expected a string, found integer"
        );
        assert_eq!(
            err(s.bool("b").map(drop)),
            "top.b: expected true or false, found string"
        );
        assert_eq!(
            err(s.integer("n", 0, 9).map(drop)),
            "top.n: expected a whole number, found float"
        );
        assert_eq!(
            err(s.integer("small", 1, 9).map(drop)),
            "top.small: must be from 1 to 9"
        );
        assert_eq!(
            err(s.integer("small", 1, i64::MAX).map(drop)),
            "top.small: must be at least 1"
        );
        assert_eq!(
            err(s.strings("list").map(drop)),
            "top.list: expected a list of strings, found integer in the list"
        );
        assert_eq!(
            err(s.strings("s").map(drop)),
            "top.s: expected a list of strings, found integer"
        );
        assert_eq!(
            err(s.section("s", &[]).map(drop)),
            "top.s: expected a table, found integer"
        );
        assert_eq!(
            err(s.section("sub", &["deep"]).map(drop)),
            "top.sub.odd: unknown key; known keys: deep"
        );
        assert_eq!(
            s.missing("gone", "write it").to_string(),
            "top.gone: missing; write it"
        );
    }

    #[test]
    fn absent_keys_are_none_and_values_come_through() {
        let t = table("s = \"x\"\nb = true\nn = 7\nlist = [\"a\"]\nsub = { deep = 1 }\n");
        let s = Section::new("top", &t, &["s", "b", "n", "list", "sub", "gone"]).unwrap();
        assert_eq!(s.string("s").unwrap().as_deref(), Some("x"));
        assert_eq!(s.bool("b").unwrap(), Some(true));
        assert_eq!(s.integer("n", 1, 9).unwrap(), Some(7));
        assert_eq!(s.strings("list").unwrap(), Some(vec!["a".to_string()]));
        let sub = s.section("sub", &["deep"]).unwrap().unwrap();
        assert_eq!(sub.integer("deep", 0, 1).unwrap(), Some(1));
        assert_eq!(sub.full("deep"), "top.sub.deep");
        assert_eq!(s.string("gone").unwrap(), None);
        assert_eq!(s.bool("gone").unwrap(), None);
        assert_eq!(s.integer("gone", 0, 1).unwrap(), None);
        assert_eq!(s.strings("gone").unwrap(), None);
        assert!(s.section("gone", &[]).unwrap().is_none());
        assert!(s.table("gone").unwrap().is_none());
        assert_eq!(s.table("sub").unwrap().unwrap().len(), 1);
    }
}
