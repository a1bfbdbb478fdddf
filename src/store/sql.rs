//! The small interface the queries are written against, once for both databases: run a
//! statement ([`Sql::exec`]), read rows ([`Sql::each`], and [`rows`](Sql::rows) and friends
//! on top), and a transaction ([`Sql::tx`]). Each backend implements it in its dialect
//! (`sqlite/conn.rs`, `postgres/conn.rs`).
//!
//! The queries are written in PostgreSQL's words, which SQLite mostly shares; what it does not
//! is rewritten by [`sqlite_text`]: `$1` placeholders become `?1`, `TRUE`/`FALSE` become `1`/`0`
//! (so that the partial indexes, defined on `bot_to_move = 1`, are used), and `FOR UPDATE` is
//! dropped (a SQLite write transaction holds the whole database). `RETURNING` and
//! `ON CONFLICT … DO UPDATE` mean the same on both.

use std::borrow::Cow;

use super::codec::BadValue;
use crate::failure::{Result, StoreError};

/// A value bound to a placeholder. Integers are 64-bit on both databases (BIGINT columns).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Value<'a> {
    Null,
    Int(i64),
    Real(f64),
    Bool(bool),
    Text(Cow<'a, str>),
}

impl From<i64> for Value<'_> {
    fn from(n: i64) -> Self {
        Value::Int(n)
    }
}

impl From<i32> for Value<'_> {
    fn from(n: i32) -> Self {
        Value::Int(n.into())
    }
}

impl From<u32> for Value<'_> {
    fn from(n: u32) -> Self {
        Value::Int(n.into())
    }
}

impl From<f64> for Value<'_> {
    fn from(x: f64) -> Self {
        Value::Real(x)
    }
}

impl From<bool> for Value<'_> {
    fn from(b: bool) -> Self {
        Value::Bool(b)
    }
}

impl<'a> From<&'a str> for Value<'a> {
    fn from(s: &'a str) -> Self {
        Value::Text(Cow::Borrowed(s))
    }
}

impl<'a> From<&'a String> for Value<'a> {
    fn from(s: &'a String) -> Self {
        Value::Text(Cow::Borrowed(s))
    }
}

impl From<String> for Value<'_> {
    fn from(s: String) -> Self {
        Value::Text(Cow::Owned(s))
    }
}

impl<'a, T: Into<Value<'a>>> From<Option<T>> for Value<'a> {
    fn from(v: Option<T>) -> Self {
        v.map_or(Value::Null, Into::into)
    }
}

/// The values of a statement's placeholders, `$1` first.
macro_rules! args {
    ($($v:expr),* $(,)?) => {
        &[$($crate::sql::Value::from($v)),*][..]
    };
}
pub(crate) use args;

/// One row of a query, as a backend gives it. Integers are read as `i64` and narrowed by the
/// decoders (`decode.rs`).
pub(crate) trait Cells {
    fn text(&self, col: usize) -> Result<String>;
    fn text_or_null(&self, col: usize) -> Result<Option<String>>;
    fn int(&self, col: usize) -> Result<i64>;
    fn int_or_null(&self, col: usize) -> Result<Option<i64>>;
    fn real(&self, col: usize) -> Result<f64>;
    fn flag(&self, col: usize) -> Result<bool>;
    /// The name of column `col`, if the backend knows it.
    fn column_name(&self, col: usize) -> Option<String>;
}

/// What [`Sql::each`] hands each row to.
pub(crate) type EachRow<'f> = &'f mut dyn FnMut(&dyn Cells) -> Result<()>;

/// The typed getters of [`Cells`] for a backend's row type, whose `$get` reads a column as any
/// type the backend converts to (`get` for SQLite, `try_get` for PostgreSQL).
macro_rules! typed_cells {
    ($get:ident) => {
        fn text(&self, col: usize) -> $crate::failure::Result<String> {
            Ok(self.$get(col)?)
        }
        fn text_or_null(&self, col: usize) -> $crate::failure::Result<Option<String>> {
            Ok(self.$get(col)?)
        }
        fn int(&self, col: usize) -> $crate::failure::Result<i64> {
            Ok(self.$get(col)?)
        }
        fn int_or_null(&self, col: usize) -> $crate::failure::Result<Option<i64>> {
            Ok(self.$get(col)?)
        }
        fn real(&self, col: usize) -> $crate::failure::Result<f64> {
            Ok(self.$get(col)?)
        }
        fn flag(&self, col: usize) -> $crate::failure::Result<bool> {
            Ok(self.$get(col)?)
        }
    };
}
pub(crate) use typed_cells;

/// A connection (or the one a transaction runs on) in one database's dialect.
pub(crate) trait Sql {
    /// Runs a statement; how many rows it changed.
    fn exec(&mut self, sql: &str, args: &[Value<'_>]) -> Result<u64>;
    /// Runs a query and hands each row to `f`, in order.
    fn each(&mut self, sql: &str, args: &[Value<'_>], f: EachRow<'_>) -> Result<()>;
    /// Starts a transaction that writes: SQLite takes the write lock at once (`BEGIN
    /// IMMEDIATE`); PostgreSQL's rows are locked by the statements (`FOR UPDATE`).
    fn begin(&mut self) -> Result<()>;
    fn commit(&mut self) -> Result<()>;
    fn rollback(&mut self) -> Result<()>;
}

impl dyn Sql + '_ {
    /// Every row of a query, read by `f`.
    pub(crate) fn rows<T>(
        &mut self,
        sql: &str,
        args: &[Value<'_>],
        f: impl Fn(&dyn Cells) -> Result<T>,
    ) -> Result<Vec<T>> {
        let mut out = Vec::new();
        self.each(sql, args, &mut |r| {
            out.push(f(r)?);
            Ok(())
        })?;
        Ok(out)
    }

    /// The first row of a query, if there is one.
    pub(crate) fn row<T>(
        &mut self,
        sql: &str,
        args: &[Value<'_>],
        f: impl Fn(&dyn Cells) -> Result<T>,
    ) -> Result<Option<T>> {
        let mut out = None;
        self.each(sql, args, &mut |r| {
            if out.is_none() {
                out = Some(f(r)?);
            }
            Ok(())
        })?;
        Ok(out)
    }

    /// The row a statement must give (`RETURNING`, an aggregate): its absence is corruption.
    pub(crate) fn one<T>(
        &mut self,
        table: &'static str,
        sql: &str,
        args: &[Value<'_>],
        f: impl Fn(&dyn Cells) -> Result<T>,
    ) -> Result<T> {
        self.row(sql, args, f)?.ok_or_else(|| StoreError::Corrupt {
            table,
            detail: format!("no row where one was certain: {}", first_words(sql)),
        })
    }

    /// Runs `f` in a transaction: committed when it returns `Ok`, rolled back otherwise.
    pub(crate) fn tx<T>(&mut self, f: impl FnOnce(&mut dyn Sql) -> Result<T>) -> Result<T> {
        self.begin()?;
        match f(self) {
            Ok(v) => {
                self.commit()?;
                Ok(v)
            }
            Err(e) => {
                if let Err(undo) = self.rollback() {
                    tracing::warn!(error = %undo, "cannot roll a failed transaction back");
                }
                Err(e)
            }
        }
    }
}

/// The start of a statement, for an error message.
fn first_words(sql: &str) -> String {
    sql.split_whitespace().take(4).collect::<Vec<_>>().join(" ")
}

/// The error for `value` in column `col` of a `table` row whose id is column 0.
pub(crate) fn bad_value(
    r: &dyn Cells,
    table: &'static str,
    col: usize,
    value: String,
) -> StoreError {
    StoreError::BadValue(Box::new(BadValue {
        table,
        id: r.int(0).unwrap_or(0),
        column: r.column_name(col).unwrap_or_else(|| col.to_string()),
        value,
    }))
}

/// A query in PostgreSQL's words as SQLite takes it (see the module's header). Words are
/// replaced only outside string literals.
pub(crate) fn sqlite_text(sql: &str) -> Cow<'_, str> {
    if !(sql.contains('$')
        || sql.contains("TRUE")
        || sql.contains("FALSE")
        || sql.contains("FOR UPDATE"))
    {
        return Cow::Borrowed(sql);
    }
    let mut out = String::with_capacity(sql.len());
    let mut quoted = false;
    let mut rest = sql;
    while let Some(c) = rest.chars().next() {
        if c == '\'' {
            quoted = !quoted;
        }
        if !quoted {
            if c == '$' {
                out.push('?');
                rest = &rest[1..];
                continue;
            }
            let word_start = out
                .chars()
                .next_back()
                .is_none_or(|p| !(p.is_ascii_alphanumeric() || p == '_'));
            let replaced = [("TRUE", "1"), ("FALSE", "0"), (" FOR UPDATE", "")]
                .iter()
                .find(|(w, _)| word_start && ends_word(rest, w.trim_start()));
            if let Some((word, with)) = replaced {
                // " FOR UPDATE": the space before it was already copied; drop it too.
                if word.starts_with(' ') && out.ends_with(' ') {
                    out.pop();
                }
                out.push_str(with);
                rest = &rest[word.trim_start().len()..];
                continue;
            }
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    Cow::Owned(out)
}

/// Whether `text` starts with the whole word(s) `word`.
fn ends_word(text: &str, word: &str) -> bool {
    text.starts_with(word)
        && text[word.len()..]
            .chars()
            .next()
            .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_in_postgresql_words_read_as_sqlite() {
        assert_eq!(
            sqlite_text("UPDATE games SET a = $2 WHERE id = $1 AND bot_to_move = TRUE"),
            "UPDATE games SET a = ?2 WHERE id = ?1 AND bot_to_move = 1"
        );
        assert_eq!(
            sqlite_text("SELECT id FROM games WHERE id = $1 FOR UPDATE"),
            "SELECT id FROM games WHERE id = ?1"
        );
        assert_eq!(
            sqlite_text("SELECT id FROM games WHERE id = $1\n FOR UPDATE"),
            "SELECT id FROM games WHERE id = ?1\n"
        );
        assert_eq!(
            sqlite_text("CASE WHEN $6 THEN rated ELSE FALSE END"),
            "CASE WHEN ?6 THEN rated ELSE 0 END"
        );
        // Parts of longer words, and string literals, stay as they are.
        assert_eq!(
            sqlite_text("SELECT TRUEISH, FALSE_ FROM t WHERE s = 'TRUE $1'"),
            "SELECT TRUEISH, FALSE_ FROM t WHERE s = 'TRUE $1'"
        );
        assert!(matches!(sqlite_text("SELECT 1"), Cow::Borrowed(_)));
    }

    #[test]
    fn values_come_from_the_games_types() {
        assert_eq!(Value::from(3u32), Value::Int(3));
        assert_eq!(Value::from(None::<i64>), Value::Null);
        assert_eq!(Value::from(Some("x")), Value::Text("x".into()));
        assert_eq!(args![1i64, true].len(), 2);
    }
}
