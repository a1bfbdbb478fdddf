//! One connection with its prepared statements. The client's `query("…")` prepares its text
//! anew on every call, one round trip to the server before the one that runs it; here each text
//! is prepared once per connection and kept, so a query is one round trip. A move is about ten
//! queries, and on a quiet machine each round trip is a wake-up of the server and of the bot.
//!
//! The statements live as long as the connection: a connection made again after it was lost
//! starts with none. Protocol-level prepared statements are not undone by a rollback.

use std::borrow::BorrowMut;
use std::collections::HashMap;

use ::postgres::types::ToSql;
use ::postgres::{Client, GenericClient, Row, Statement, Transaction};

/// Prepared texts beyond this many are dropped all at once (the store's texts are a few dozen;
/// the bound is for a text built with a value inside, should one ever be).
const MOST_STATEMENTS: usize = 256;

type Params<'p> = &'p [&'p (dyn ToSql + Sync)];

type Prepared = HashMap<String, Statement>;

/// A connection and the statements prepared on it.
pub(super) struct Conn {
    client: Client,
    prepared: Prepared,
}

/// A transaction on a [`Conn`], preparing through the same statements.
pub(super) struct Tx<'c> {
    tx: Transaction<'c>,
    prepared: &'c mut Prepared,
}

/// `sql` prepared on `client`, from `prepared` when it was before.
fn statement(
    prepared: &mut Prepared,
    client: &mut impl GenericClient,
    sql: &str,
) -> Result<Statement, ::postgres::Error> {
    if let Some(s) = prepared.get(sql) {
        return Ok(s.clone());
    }
    let s = client.prepare(sql)?;
    if prepared.len() >= MOST_STATEMENTS {
        prepared.clear();
    }
    prepared.insert(sql.to_string(), s.clone());
    Ok(s)
}

/// The query methods of the client and of a transaction, with prepared statements.
macro_rules! queries {
    ($client:ident) => {
        pub(super) fn query_opt(
            &mut self,
            sql: &str,
            params: Params<'_>,
        ) -> Result<Option<Row>, ::postgres::Error> {
            let s = statement(self.prepared.borrow_mut(), &mut self.$client, sql)?;
            self.$client.query_opt(&s, params)
        }

        pub(super) fn query_one(
            &mut self,
            sql: &str,
            params: Params<'_>,
        ) -> Result<Row, ::postgres::Error> {
            let s = statement(self.prepared.borrow_mut(), &mut self.$client, sql)?;
            self.$client.query_one(&s, params)
        }

        pub(super) fn execute(
            &mut self,
            sql: &str,
            params: Params<'_>,
        ) -> Result<u64, ::postgres::Error> {
            let s = statement(self.prepared.borrow_mut(), &mut self.$client, sql)?;
            self.$client.execute(&s, params)
        }
    };
}

impl Conn {
    pub(super) fn new(client: Client) -> Conn {
        Conn {
            client,
            prepared: Prepared::new(),
        }
    }

    pub(super) fn is_closed(&self) -> bool {
        self.client.is_closed()
    }

    pub(super) fn transaction(&mut self) -> Result<Tx<'_>, ::postgres::Error> {
        Ok(Tx {
            tx: self.client.transaction()?,
            prepared: &mut self.prepared,
        })
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

impl Conn {
    queries!(client);

    pub(super) fn query(
        &mut self,
        sql: &str,
        params: Params<'_>,
    ) -> Result<Vec<Row>, ::postgres::Error> {
        let s = statement(&mut self.prepared, &mut self.client, sql)?;
        self.client.query(&s, params)
    }

    /// Statements without parameters, as they are; the schema may change, so the prepared
    /// statements are dropped.
    pub(super) fn batch_execute(&mut self, sql: &str) -> Result<(), ::postgres::Error> {
        self.prepared.clear();
        self.client.batch_execute(sql)
    }
}

impl Tx<'_> {
    queries!(tx);

    pub(super) fn commit(self) -> Result<(), ::postgres::Error> {
        self.tx.commit()
    }
}
