//! Secrets in every URL of the config: a password with any printable character in the
//! PostgreSQL URL, the homeserver or Discord's base URL never shows in `jungle check`'s output
//! or in `jungle run`'s log lines.

use std::path::Path;
use std::process::Command;

use proptest::prelude::*;

/// `text` with every byte but letters and digits as `%XX`, as a URL writes a password.
fn encoded(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' => (b as char).to_string(),
            b => format!("%{b:02X}"),
        })
        .collect()
}

/// A config whose every URL holds `pw` (escaped as a URL writes it), each pointing at a port
/// where nothing listens; `db` is the store's setting.
fn config(dir: &Path, pw: &str, db: &str) -> std::path::PathBuf {
    let e = encoded(pw);
    let toml_pw = pw.replace('\\', "\\\\").replace('"', "\\\"");
    let mut text = format!("[store]\ndatabase = \"{db}\"\n");
    if cfg!(feature = "matrix") {
        text.push_str(&format!(
            "[matrix]\nhomeserver = \"http://admin:{e}@127.0.0.1:9\"\nuser_id = \"@j:localhost\"\npassword = \"{toml_pw}\"\ndata_dir = {:?}\n",
            dir.join("matrix")
        ));
    }
    if cfg!(feature = "discord") {
        text.push_str(&format!(
            "[discord]\ntoken = \"abc.def\"\napi_base_url = \"http://user:{e}@127.0.0.1:9\"\n"
        ));
    }
    let path = dir.join("config.toml");
    std::fs::write(&path, text).unwrap();
    path
}

fn assert_hidden(pw: &str, shown: &str) {
    assert!(!shown.contains(pw), "{pw:?} in {shown}");
    assert!(!shown.contains(&encoded(pw)), "{pw:?} in {shown}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    /// `jungle check` on configs with random passwords in every URL: what it prints (both
    /// streams) holds none of them.
    #[test]
    fn check_prints_no_password(pw in "[!-~][ -~]{5,20}[!-~]") {
        let template = "store: the database config: reads without errors matrix discord http://admin:***@127.0.0.1:9 token";
        prop_assume!(!template.contains(&pw));
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("j.db");
        let path = config(dir.path(), &pw, &db.display().to_string());
        let runtime = tokio::runtime::Runtime::new().unwrap();
        let report = runtime.block_on(jungle::cli::check::check(&path));
        let (out, err) = report.printed();
        prop_assert!(out.contains("config:"), "{out}{err}");
        assert_hidden(&pw, &out);
        assert_hidden(&pw, &err);
    }
}

/// The binary itself, with the PostgreSQL URL too (its password unescaped where a URL allows
/// it): neither `check` nor `run`'s retry warnings and final error show a password.
#[test]
fn check_and_run_show_no_password() {
    for (pw, db) in [
        (
            "p@ss/w%rd!",
            "postgresql://u:p%40ss%2Fw%25rd%21@127.0.0.1:9/j?connect_timeout=1",
        ),
        ("SEC?RET#PW", "POSTGRESQL://u:SEC?RET#PW@127.0.0.1:9/j"),
        (
            "A b&c=d'e\"f",
            "host=127.0.0.1 port=9 user=u password='A b&c=d\\\\'e\"f'",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let path = config(dir.path(), pw, &db.replace('"', "\\\""));
        for command in ["check", "run"] {
            let o = Command::new(env!("CARGO_BIN_EXE_jungle"))
                .args([command, "--config"])
                .arg(&path)
                .env("RUST_LOG", "info")
                .env_remove("DISCORD_TOKEN")
                .env_remove("MATRIX_PASSWORD")
                .output()
                .unwrap();
            let shown = format!(
                "{}{}",
                String::from_utf8_lossy(&o.stdout),
                String::from_utf8_lossy(&o.stderr)
            );
            assert!(!o.status.success(), "{command}: {shown}");
            assert!(shown.contains("127.0.0.1"), "{command} {db}: {shown}");
            assert_hidden(pw, &shown);
        }
        assert!(
            !dir.path().join(db).exists() && std::fs::read_dir(dir.path()).unwrap().count() <= 2,
            "a file named after the URL was made"
        );
    }
}
