//! One connection with its prepared statements, and [`Sql`] in PostgreSQL's dialect (the
//! queries' own). The client's `query("…")` prepares its text
//! anew on every call, one round trip to the server before the one that runs it; here each text
//! is prepared once per connection and kept, so a query is one round trip. A move is about ten
//! queries, and on a quiet machine each round trip is a wake-up of the server and of the bot.
//!
//! The statements live as long as the connection: a connection made again after it was lost
//! starts with none. Protocol-level prepared statements are not undone by a rollback.

use std::collections::HashMap;
use std::error::Error;

use ::postgres::types::{IsNull, ToSql, Type, to_sql_checked};
use ::postgres::{Client, Row, Statement};
use bytes::BytesMut;

use crate::failure::Result;
use crate::sql::{Cells, EachRow, Sql, Value, typed_cells};

/// Prepared texts beyond this many are dropped all at once (the store's texts are a few dozen;
/// the bound is for a text built with a value inside, should one ever be).
const MOST_STATEMENTS: usize = 256;

/// A connection and the statements prepared on it.
pub(super) struct Conn {
    client: Client,
    prepared: HashMap<String, Statement>,
    /// A transaction was begun and not yet ended.
    open: bool,
}

impl Conn {
    pub(super) fn new(client: Client) -> Conn {
        Conn {
            client,
            prepared: HashMap::new(),
            open: false,
        }
    }

    pub(super) fn is_closed(&self) -> bool {
        self.client.is_closed()
    }

    /// Ends a transaction a caller left open (it failed or panicked): nothing of it committed.
    pub(super) fn settle(&mut self) -> Result<()> {
        if self.open {
            self.rollback()?;
        }
        Ok(())
    }

    /// `sql` prepared, from the cache when it was before.
    fn statement(&mut self, sql: &str) -> std::result::Result<Statement, ::postgres::Error> {
        if let Some(s) = self.prepared.get(sql) {
            return Ok(s.clone());
        }
        let s = self.client.prepare(sql)?;
        if self.prepared.len() >= MOST_STATEMENTS {
            self.prepared.clear();
        }
        self.prepared.insert(sql.to_string(), s.clone());
        Ok(s)
    }

    /// One round trip that asks nothing (the prepared statements stay).
    pub(super) fn ping(&mut self) -> Result<()> {
        Ok(self.client.batch_execute("")?)
    }

    /// Statements without parameters, as they are; the schema may change, so the prepared
    /// statements are dropped.
    pub(super) fn batch_execute(&mut self, sql: &str) -> Result<()> {
        self.prepared.clear();
        Ok(self.client.batch_execute(sql)?)
    }

    /// The client itself, for what the wrappers do not offer (tests).
    #[cfg(test)]
    pub(super) fn client(&mut self) -> &mut Client {
        &mut self.client
    }

    /// How many statements are kept.
    #[cfg(test)]
    pub(super) fn prepared(&self) -> usize {
        self.prepared.len()
    }
}

/// The values as the client takes them.
fn refs<'v>(args: &'v [Value<'_>]) -> Vec<&'v (dyn ToSql + Sync)> {
    args.iter().map(|v| v as &(dyn ToSql + Sync)).collect()
}

impl Sql for Conn {
    fn exec(&mut self, sql: &str, args: &[Value<'_>]) -> Result<u64> {
        let s = self.statement(sql)?;
        Ok(self.client.execute(&s, &refs(args))?)
    }

    fn each(&mut self, sql: &str, args: &[Value<'_>], f: EachRow<'_>) -> Result<()> {
        let s = self.statement(sql)?;
        for row in self.client.query(&s, &refs(args))? {
            f(&row)?;
        }
        Ok(())
    }

    fn begin(&mut self) -> Result<()> {
        self.client.batch_execute("BEGIN")?;
        self.open = true;
        Ok(())
    }

    fn commit(&mut self) -> Result<()> {
        self.open = false;
        Ok(self.client.batch_execute("COMMIT")?)
    }

    fn rollback(&mut self) -> Result<()> {
        self.open = false;
        Ok(self.client.batch_execute("ROLLBACK")?)
    }
}

impl ToSql for Value<'_> {
    fn to_sql(
        &self,
        ty: &Type,
        out: &mut BytesMut,
    ) -> std::result::Result<IsNull, Box<dyn Error + Sync + Send>> {
        match self {
            Value::Null => Ok(IsNull::Yes),
            Value::Int(n) => match *ty {
                Type::INT4 => i32::try_from(*n)?.to_sql_checked(ty, out),
                Type::INT2 => i16::try_from(*n)?.to_sql_checked(ty, out),
                _ => n.to_sql_checked(ty, out),
            },
            Value::Real(x) => x.to_sql_checked(ty, out),
            Value::Bool(b) => b.to_sql_checked(ty, out),
            Value::Text(s) => s.as_ref().to_sql_checked(ty, out),
        }
    }

    /// Any type: the value's own check runs in `to_sql` (NULL fits every column).
    fn accepts(_: &Type) -> bool {
        true
    }

    to_sql_checked!();
}

impl Cells for Row {
    typed_cells!(try_get);

    fn column_name(&self, col: usize) -> Option<String> {
        self.columns().get(col).map(|c| c.name().to_string())
    }
}
