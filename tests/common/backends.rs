//! The store backends a test can run on: SQLite always, PostgreSQL when `JUNGLE_TEST_POSTGRES`
//! names a server (`tests/run.sh` starts a throwaway one). Each test gets a new, empty database.

use std::path::Path;

use jungle::store::Location;

pub enum Backend {
    Sqlite,
    /// The server's URL (any database on it; tests create their own).
    Postgres(String),
}

/// SQLite, and PostgreSQL if the run has a server. Without one, says so on stderr.
pub fn backends() -> Vec<Backend> {
    let mut out = vec![Backend::Sqlite];
    match postgres_server() {
        Some(server) => out.push(Backend::Postgres(server)),
        None => eprintln!(
            "note: JUNGLE_TEST_POSTGRES is not set (or this build has no `postgres` feature): \
             the PostgreSQL runs are skipped; tests/run.sh sets it"
        ),
    }
    out
}

/// The PostgreSQL server of this run, if it has one and this build can use it.
pub fn postgres_server() -> Option<String> {
    let url = std::env::var("JUNGLE_TEST_POSTGRES").ok()?;
    (cfg!(feature = "postgres") && !url.trim().is_empty()).then_some(url)
}

impl Backend {
    pub fn name(&self) -> &'static str {
        match self {
            Backend::Sqlite => "sqlite",
            Backend::Postgres(_) => "postgresql",
        }
    }

    /// A new, empty database: `jungle.db` in `dir`, or a new database on the server.
    pub fn fresh(&self, dir: &Path) -> Location {
        match self {
            Backend::Sqlite => Location::File(dir.join("jungle.db")),
            Backend::Postgres(server) => {
                Location::parse(Path::new(&new_database(server))).expect("a URL")
            }
        }
    }
}

/// Creates a database on the server and returns its URL. The blocking client runs on a thread
/// of its own: async tests call this too.
#[cfg(feature = "postgres")]
pub fn new_database(server: &str) -> String {
    let server = server.to_string();
    std::thread::spawn(move || create_database(&server))
        .join()
        .unwrap()
}

#[cfg(feature = "postgres")]
fn create_database(server: &str) -> String {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    let name = format!(
        "jt_{}_{}_{nanos}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    );
    let mut client = postgres::Client::connect(server, postgres::NoTls)
        .unwrap_or_else(|e| panic!("JUNGLE_TEST_POSTGRES: cannot connect: {e}"));
    client
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .unwrap();
    let (base, query) = server.split_at(server.find('?').unwrap_or(server.len()));
    let slash = base.rfind('/').expect("a URL with a database name");
    format!("{}/{name}{query}", &base[..slash])
}

#[cfg(not(feature = "postgres"))]
pub fn new_database(_server: &str) -> String {
    unreachable!("postgres_server() is None without the feature")
}
