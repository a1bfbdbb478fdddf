//! `jungle backup`: a consistent copy of the database while the bot runs (see
//! [`store::backup`](crate::store::backup)), in a file only this user can read.

use std::path::Path;

use crate::store::Location;

/// Copies `db` to `out` and says what was copied. A PostgreSQL database is backed up with
/// PostgreSQL's own tools.
pub fn run(db: &Location, out: &Path, force: bool) -> anyhow::Result<()> {
    let db = match db {
        Location::File(path) => path,
        Location::Postgres(url) => anyhow::bail!(
            "{url} is a PostgreSQL database: back it up with pg_dump (`jungle backup` copies SQLite files)"
        ),
    };
    let copied = crate::store::backup(db, out, force)?;
    println!(
        "backed up {} to {} ({} bytes, schema version {}, integrity check ok)",
        db.display(),
        out.display(),
        copied.bytes,
        copied.schema_version
    );
    Ok(())
}
