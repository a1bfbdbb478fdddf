//! `[metrics]`: a real `jungle run` process serves `/metrics` and `/healthz`; a game is played
//! through it (the Discord double in this process) and its counters are read back. A second
//! process with an unreachable homeserver answers `/healthz` with 503 and the reason.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::json;

use crate::discord::double::Double;
use crate::discord::harness::{ALICE, BOB, ask, click, config_text, play, stripped};

/// A port nothing listens on yet.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// `GET path` over plain HTTP/1.0: the status code and the body, or `None` while nothing
/// listens.
fn get(port: u16, path: &str) -> Option<(u16, String)> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(10))).ok()?;
    write!(s, "GET {path} HTTP/1.0\r\nHost: localhost\r\n\r\n").ok()?;
    let mut text = String::new();
    s.read_to_string(&mut text).ok()?;
    let code = text.split_whitespace().nth(1)?.parse().ok()?;
    let body = text.split_once("\r\n\r\n")?.1.to_string();
    Some((code, body))
}

/// Asks until `check` accepts an answer (bounded: a minute); on failure the bot's log is shown.
async fn until(
    bot: &Running,
    port: u16,
    path: &str,
    check: impl Fn(u16, &str) -> bool,
) -> (u16, String) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let got = tokio::task::spawn_blocking({
            let path = path.to_string();
            move || get(port, &path)
        })
        .await
        .unwrap();
        if let Some((code, body)) = &got
            && check(*code, body)
        {
            return (*code, body.clone());
        }
        assert!(
            Instant::now() < deadline,
            "{path} never answered as expected: {got:?}\nthe bot's log:\n{}",
            std::fs::read_to_string(&bot.log).unwrap_or_default()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The value of one sample line (`name{labels} value`), if the text has it.
fn sample(text: &str, line_start: &str) -> Option<f64> {
    text.lines()
        .find(|l| l.starts_with(line_start))
        .and_then(|l| l.rsplit(' ').next()?.parse().ok())
}

/// A `jungle run` process, killed when dropped; its log (stderr) goes to `log`.
struct Running {
    child: Child,
    log: std::path::PathBuf,
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn jungle_run(config: &std::path::Path) -> Running {
    let log = config.with_extension("log");
    let child = Command::new(env!("CARGO_BIN_EXE_jungle"))
        .args(["run", "--config"])
        .arg(config)
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).expect("a log file"))
        .spawn()
        .expect("jungle run starts");
    Running { child, log }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_count_a_game_played_through_a_running_bot() {
    let d = Double::start().await;
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let config = dir.path().join("config.toml");
    let text = config_text(
        &d,
        &dir.path().join("j.db"),
        &format!(
            "shards = 1\nguild_id = 1000000000000000001\n\n[metrics]\nlisten = \"127.0.0.1:{port}\""
        ),
    );
    std::fs::write(&config, text).unwrap();
    let bot = jungle_run(&config);
    // Healthy once the gateway is up and the database answers.
    let (_, body) = until(&bot, port, "/healthz", |code, _| code == 200).await;
    assert_eq!(body, "ok\n");

    let challenge = ask(
        &d,
        ALICE,
        "challenge",
        &[
            ("user", 6, json!(BOB.id.to_string())),
            ("side", 3, json!("jade")),
        ],
    )
    .await;
    click(&d, BOB, challenge.id, "accept:1").await;
    let mut boards = Vec::new();
    for (who, mv) in [(ALICE, "G7 G6"), (BOB, "A3 A4")] {
        if who.id == BOB.id {
            // Taking the controls off Alice's board is answered with a 429: it is waited out
            // and sent once more, and counted.
            d.limit_next_edits(1);
        }
        let m = play(&d, who, mv).await;
        assert!(m.text().contains("played"), "{}", m.text());
        boards.push(m.id);
    }
    let board = boards[1];
    let previous = stripped(&d, boards[0]).await;
    assert_eq!(
        previous.edits.len(),
        1,
        "one edit went through: {previous:?}"
    );
    assert_eq!(d.seen().limited_edits, 1);

    // The games gauge is set by the timer pass (every 5 s).
    let (_, text) = until(&bot, port, "/metrics", |_, t| {
        sample(t, "jungle_games{status=\"active\"}") == Some(1.0)
    })
    .await;
    assert_eq!(sample(&text, "jungle_moves_total"), Some(2.0), "{text}");
    assert_eq!(
        sample(&text, "jungle_adapter_connected{platform=\"discord\"}"),
        Some(1.0),
        "{text}"
    );
    let commands = sample(&text, "jungle_commands_total{platform=\"discord\"}").unwrap_or(0.0);
    assert!(commands >= 4.0, "challenge, accept, two moves: {text}");
    assert!(
        text.contains("# TYPE jungle_command_seconds histogram"),
        "latency is a histogram: {text}"
    );
    let timed = sample(&text, "jungle_command_seconds_count").unwrap_or(0.0);
    assert!(timed >= 4.0, "{text}");
    assert_eq!(sample(&text, "jungle_replies_failed_total"), None, "{text}");
    assert_eq!(
        sample(&text, "jungle_rate_limited_total{platform=\"discord\"}"),
        Some(1.0),
        "{text}"
    );

    // The game ends: no game is active any more, and the gauge says 0, not its last count.
    let asked = click(&d, ALICE, board, "resign:1").await;
    click(&d, ALICE, asked.id, "resign!:1").await;
    let (_, text) = until(&bot, port, "/metrics", |_, t| {
        sample(t, "jungle_games{status=\"finished\"}") == Some(1.0)
    })
    .await;
    assert_eq!(
        sample(&text, "jungle_games{status=\"active\"}"),
        Some(0.0),
        "{text}"
    );
    assert_eq!(
        sample(&text, "jungle_games{status=\"aborted\"}"),
        Some(0.0),
        "{text}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthz_names_an_adapter_that_is_not_connected() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let closed = free_port();
    let config = dir.path().join("config.toml");
    std::fs::write(
        &config,
        format!(
            "[store]\ndatabase = {:?}\n\n[matrix]\nhomeserver = \"http://127.0.0.1:{closed}\"\n\
             user_id = \"@jungle:localhost\"\npassword = \"pw\"\ndata_dir = {:?}\n\n\
             [metrics]\nlisten = \"127.0.0.1:{port}\"\n",
            dir.path().join("j.db"),
            dir.path().join("matrix")
        ),
    )
    .unwrap();
    let bot = jungle_run(&config);
    let (code, body) = until(&bot, port, "/healthz", |_, _| true).await;
    assert_eq!((code, body.as_str()), (503, "matrix: not connected\n"));
    let (_, text) = until(&bot, port, "/metrics", |_, _| true).await;
    assert_eq!(
        sample(&text, "jungle_adapter_connected{platform=\"matrix\"}"),
        Some(0.0),
        "{text}"
    );
}
