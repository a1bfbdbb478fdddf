//! How the store reaches its database: TLS to PostgreSQL as the URL's `sslmode` asks (against
//! the throwaway server `tests/postgres.sh` starts, whose certificate a test CA made out to
//! `localhost`), and a SQLite connection's wait while another connection writes.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use jungle::store::{Location, Store};

use crate::common::backends::{new_database, postgres_server};

/// The test server and its CA's certificate, when the run has a server that speaks TLS.
fn tls_server() -> Option<(String, PathBuf)> {
    let server = postgres_server()?;
    match std::env::var_os("JUNGLE_TEST_POSTGRES_CA") {
        Some(ca) => Some((server, PathBuf::from(ca))),
        None => {
            let required = std::env::var("JUNGLE_REQUIRE_POSTGRES")
                .is_ok_and(|v| !v.is_empty() && v != "0" && v != "false");
            assert!(
                !required,
                "JUNGLE_REQUIRE_POSTGRES is set, but the server has no TLS \
                 (JUNGLE_TEST_POSTGRES_CA is not set: is openssl missing?)"
            );
            None
        }
    }
}

/// `url` (on 127.0.0.1) with another host name and these parameters.
fn at(url: &str, host: &str, params: &str) -> Location {
    let url = url.replacen("@127.0.0.1:", &format!("@{host}:"), 1);
    let sep = if url.contains('?') { '&' } else { '?' };
    let url = if params.is_empty() {
        url
    } else {
        format!("{url}{sep}{params}")
    };
    Location::parse(Path::new(&url)).expect("a URL")
}

/// Fails unless this connection is (or, with `false`, is not) encrypted.
fn check_tls(s: &Store, encrypted: bool) {
    let not = if encrypted { "NOT" } else { "" };
    s.raw_execute(&format!(
        "DO $$ BEGIN IF {not} (SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()) THEN
             RAISE EXCEPTION 'the connection is not as asked (encrypted: {encrypted})'; END IF; END $$"
    ))
    .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn postgres_connects_over_tls_as_sslmode_asks() {
    let Some((server, ca)) = tls_server() else {
        eprintln!("note: no PostgreSQL server with TLS (tests/postgres.sh starts one): skipped");
        return;
    };
    let db = new_database(&server);
    let ca = ca.display().to_string();
    let root = format!("sslrootcert={}", ca.replace('%', "%25").replace(' ', "%20"));
    for (host, params) in [
        ("127.0.0.1", "sslmode=require".to_string()),
        ("127.0.0.1", "sslmode=prefer".to_string()),
        // The CA signed it; the name is not checked.
        ("127.0.0.1", format!("sslmode=verify-ca&{root}")),
        // libpq's `require` with a CA file checks the chain as verify-ca does.
        ("127.0.0.1", format!("sslmode=require&{root}")),
        // The CA signed it, for this name.
        ("localhost", format!("sslmode=verify-full&{root}")),
    ] {
        let location = at(&db, host, &params);
        let s = Store::connect(&location).unwrap_or_else(|e| panic!("{params}: {e}"));
        check_tls(&s, true);
        // The store works as ever over it.
        let p = s.upsert_player("test", "a", "Ann", 0).unwrap();
        assert_eq!(s.player(p.id).unwrap().unwrap().display_name, "Ann");
    }
    // Without sslmode, or with `disable`, the connection is plain as before.
    for params in ["", "sslmode=disable"] {
        check_tls(
            &Store::connect(&at(&db, "127.0.0.1", params)).unwrap(),
            false,
        );
    }
}

#[test]
fn postgres_refuses_a_certificate_that_does_not_verify() {
    let Some((server, ca)) = tls_server() else {
        eprintln!("note: no PostgreSQL server with TLS (tests/postgres.sh starts one): skipped");
        return;
    };
    let db = new_database(&server);
    let root = format!("sslrootcert={}", ca.display());
    let refused = |host: &str, params: &str| -> String {
        match Store::connect(&at(&db, host, params)) {
            Ok(_) => panic!("{host} {params}: connected"),
            Err(e) => e.to_string(),
        }
    };
    // verify-full checks the name: the certificate is for localhost, not for 127.0.0.1.
    let e = refused("127.0.0.1", &format!("sslmode=verify-full&{root}"));
    assert!(e.contains("certificate") && e.contains("name"), "{e}");
    // Without the test CA (the system's CAs did not sign it).
    let e = refused("localhost", "sslmode=verify-full");
    assert!(e.contains("certificate"), "{e}");
    // A CA file that is not there.
    let e = refused(
        "localhost",
        "sslmode=verify-full&sslrootcert=/nonexistent/ca.pem",
    );
    assert!(e.contains("sslrootcert /nonexistent/ca.pem"), "{e}");
}

#[test]
fn a_bad_sslmode_is_refused_before_connecting_and_without_the_password() {
    // Nothing listens on port 9: the URL is refused before a connection is tried.
    let location = Location::parse(Path::new(
        "postgresql://jungle:hunter2@127.0.0.1:9/jungle?sslmode=verify_full",
    ))
    .unwrap();
    let e = Store::connect(&location).err().unwrap().to_string();
    assert!(!e.contains("hunter2"), "{e}");
    if cfg!(feature = "postgres") {
        assert_eq!(
            e,
            "the database URL postgresql://jungle:***@127.0.0.1:9/jungle?sslmode=verify_full: \
             sslmode=\"verify_full\" is not one of disable, prefer, require, verify-ca, verify-full \
             (\"allow\" is not supported)"
        );
    }
}

#[test]
fn a_sqlite_writer_gets_its_turn_beside_a_connection_that_keeps_writing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("j.db");
    let mine = Store::open(&path).unwrap();
    let other = Store::open(&path).unwrap();
    let done = AtomicBool::new(false);
    std::thread::scope(|s| {
        // The other connection holds the write lock nearly all the time: 50 ms in every 51.
        // SQLite's own busy handler looks again every 100 ms, and so lands in the gap about
        // one time in 50: within its five seconds, one write in three or so never did
        // ("database is locked").
        let done = &done;
        s.spawn(move || {
            while !done.load(Ordering::Relaxed) {
                other.raw_execute("BEGIN IMMEDIATE").unwrap();
                std::thread::sleep(Duration::from_millis(50));
                other.raw_execute("COMMIT").unwrap();
                std::thread::sleep(Duration::from_millis(1));
            }
        });
        // Each write waits for a gap anew: between two, the other connection is back to its
        // rhythm (right after a write of ours it is the one waiting, and this one would go
        // straight in).
        let written: Result<Vec<()>, _> = (0..10)
            .map(|i| {
                std::thread::sleep(Duration::from_millis(120));
                mine.set_language("test", &format!("server{i}"), "en", "t", 0)
            })
            .collect();
        done.store(true, Ordering::Relaxed);
        written.unwrap();
    });
    for i in 0..10 {
        assert_eq!(
            mine.language("test", &format!("server{i}"))
                .unwrap()
                .as_deref(),
            Some("en")
        );
    }
}
