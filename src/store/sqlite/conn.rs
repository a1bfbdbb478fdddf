//! [`Sql`] in SQLite's dialect: each text rewritten once per call (`$1` to `?1`, see
//! [`sqlite_text`]) and prepared through the connection's statement cache.

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

impl Sql for Connection {
    fn exec(&mut self, sql: &str, args: &[Value<'_>]) -> Result<u64> {
        let mut stmt = self.prepare_cached(&sqlite_text(sql))?;
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
        let mut stmt = self.prepare_cached(&sqlite_text(sql))?;
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
