//! [`Sql`] in SQLite's dialect: each text rewritten (`$1` to `?1`, see [`sqlite_text`]) once
//! per thread and kept, and prepared through the connection's statement cache.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use rusqlite::types::{ToSqlOutput, Value as Cell};
use rusqlite::{Connection, ToSql, params_from_iter};

use crate::failure::Result;
use crate::sql::{Cells, EachRow, Sql, Value, sqlite_text, typed_cells};

impl ToSql for Value<'_> {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(match self {
            Value::Null => ToSqlOutput::Owned(Cell::Null),
            Value::Int(n) => ToSqlOutput::from(*n),
            Value::Real(x) => ToSqlOutput::from(*x),
            Value::Bool(b) => ToSqlOutput::from(i64::from(*b)),
            Value::Text(s) => ToSqlOutput::from(s.as_ref()),
        })
    }
}

/// How many texts a thread keeps rewritten before it starts again: the queries are a few
/// dozen texts, used over and over.
const MOST_KEPT: usize = 512;

/// `sql` as [`sqlite_text`] rewrites it, rewritten once per thread and kept.
fn in_sqlite_words(sql: &str) -> Rc<str> {
    thread_local! {
        static KEPT: RefCell<HashMap<Box<str>, Rc<str>>> = RefCell::new(HashMap::new());
    }
    KEPT.with_borrow_mut(|kept| {
        if let Some(text) = kept.get(sql) {
            return text.clone();
        }
        if kept.len() >= MOST_KEPT {
            kept.clear();
        }
        let text: Rc<str> = sqlite_text(sql).into();
        kept.insert(sql.into(), text.clone());
        text
    })
}

impl Sql for Connection {
    fn exec(&mut self, sql: &str, args: &[Value<'_>]) -> Result<u64> {
        let mut stmt = self.prepare_cached(&in_sqlite_words(sql))?;
        if stmt.column_count() == 0 {
            return Ok(stmt.execute(params_from_iter(args))? as u64);
        }
        // A statement with rows (RETURNING, a locking SELECT): run to its end.
        let mut rows = stmt.query(params_from_iter(args))?;
        let mut n = 0;
        while rows.next()?.is_some() {
            n += 1;
        }
        Ok(n)
    }

    fn each(&mut self, sql: &str, args: &[Value<'_>], f: EachRow<'_>) -> Result<()> {
        let mut stmt = self.prepare_cached(&in_sqlite_words(sql))?;
        let mut rows = stmt.query(params_from_iter(args))?;
        while let Some(row) = rows.next()? {
            f(row)?;
        }
        Ok(())
    }

    fn begin(&mut self) -> Result<()> {
        Ok(self.execute_batch("BEGIN IMMEDIATE")?)
    }

    fn commit(&mut self) -> Result<()> {
        Ok(self.execute_batch("COMMIT")?)
    }

    fn rollback(&mut self) -> Result<()> {
        Ok(self.execute_batch("ROLLBACK")?)
    }
}

impl Cells for rusqlite::Row<'_> {
    typed_cells!(get);

    fn column_name(&self, col: usize) -> Option<String> {
        self.as_ref().column_name(col).ok().map(str::to_string)
    }
}
