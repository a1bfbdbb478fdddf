//! Every query and transaction of the store, written once over [`Sql`](super::sql::Sql):
//! each backend runs them in its dialect. A function takes the connection (or transaction)
//! it runs on; the [`Store`](super::Store) says which (a reader or the writer).

pub(crate) mod analyses;
pub(crate) mod challenges;
pub(crate) mod claims;
pub(crate) mod games;
pub(crate) mod live;
pub(crate) mod places;
pub(crate) mod players;
pub(crate) mod ratings;
pub(crate) mod takebacks;
pub(crate) mod threads;
pub(crate) mod tournaments;
