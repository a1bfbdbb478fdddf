//! `jungle backup`: a consistent copy of the database while the bot runs (see
//! [`store::backup`](crate::store::backup)), in a file only this user can read.

use std::path::Path;

/// Copies `db` to `out` and says what was copied.
pub fn run(db: &Path, out: &Path, force: bool) -> anyhow::Result<()> {
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
