//! Discord and Matrix side by side in one `jungle run` process: the Discord double
//! (tests/discord/double.rs) on one side, the test Synapse (behind a [`Front`]) on the other.
//! A game on each; then Discord's token is revoked and Matrix goes on; then Matrix is refused
//! too and `jungle run` exits with both errors.

use std::sync::{Arc, Mutex};

use matrix_sdk::ruma::events::room::member::MembershipState;
use serde_json::json;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::sync::watch;

use super::front::Front;
use super::harness::{self, Human, within};
use crate::discord::double::Double;
use crate::discord::harness::{self as discord, ALICE};
use crate::synapse_or_skip;

/// A child's stderr, line by line as it comes; printed when the test fails.
struct Log {
    lines: Arc<Mutex<Vec<String>>>,
    count: watch::Receiver<usize>,
}

impl Log {
    fn capture(stderr: tokio::process::ChildStderr) -> Log {
        let lines = Arc::new(Mutex::new(Vec::new()));
        let (tx, count) = watch::channel(0);
        let sink = lines.clone();
        tokio::spawn(async move {
            let mut reader = BufReader::new(stderr).lines();
            while let Ok(Some(line)) = reader.next_line().await {
                sink.lock().unwrap().push(line);
                tx.send_modify(|n| *n += 1);
            }
        });
        Log { lines, count }
    }

    fn text(&self) -> String {
        self.lines.lock().unwrap().join("\n")
    }

    /// Waits for a line that contains every one of `parts`.
    async fn wait_line(&mut self, parts: &[&str]) {
        let lines = self.lines.clone();
        let found = move |_: &usize| {
            lines
                .lock()
                .unwrap()
                .iter()
                .any(|l| parts.iter().all(|p| l.contains(p)))
        };
        within(
            &format!("a log line with {parts:?}"),
            self.count.wait_for(found),
        )
        .await
        .expect("the log is read");
    }
}

impl Drop for Log {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let lines = self.lines.lock().unwrap();
            eprintln!("--- the last lines jungle run logged ---");
            for line in lines.iter().skip(lines.len().saturating_sub(80)) {
                eprintln!("{line}");
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn discord_and_matrix_in_one_jungle_run() {
    let env = synapse_or_skip!();
    harness::init_logs();
    let dir = tempfile::tempdir().unwrap();
    let double = Double::start().await;
    let front = Front::start(&env.url).await;
    let bot_id = env.user("bot13");
    let config = dir.path().join("config.toml");
    let discord_section = discord::config_text(
        &double,
        &dir.path().join("jungle.db"),
        "shards = 1\nguild_id = \"1000000000000000001\"",
    );
    std::fs::write(
        &config,
        format!(
            "{discord_section}\n[matrix]\nhomeserver = \"{}\"\nuser_id = \"{bot_id}\"\ndata_dir = \"{}\"\nallow = [\"localhost\"]\n",
            front.url,
            dir.path().join("matrix").display()
        ),
    )
    .unwrap();
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_jungle"))
        .args(["run", "--config"])
        .arg(&config)
        .env("MATRIX_PASSWORD", &env.password)
        .env_remove("DISCORD_TOKEN")
        .env("RUST_LOG", "info,jungle=debug")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut log = Log::capture(child.stderr.take().unwrap());

    // Both platforms are up: Discord registered its command, Matrix joins when invited.
    double
        .wait("the command registration", |s| {
            (!s.registrations.is_empty()).then_some(())
        })
        .await;
    let alice = Human::login(&env, "alice").await;
    let room = alice.create_room(&[&bot_id], false).await;
    alice
        .wait_membership(&room, &bot_id, MembershipState::Join)
        .await;

    // A game against the bot on each platform, one move each, each answered on its own side.
    let id = discord::slash(
        &double,
        ALICE,
        "play",
        &[("level", 3, json!("easy")), ("side", 3, json!("jade"))],
    );
    discord::assert_has(&discord::reply(&double, id).await.text(), "starts");
    alice.say(&room, "!jungle play bot easy jade").await;
    alice
        .notice_with(
            &room,
            &bot_id,
            "you play Jade against Jungle bot (level 2, easy)",
        )
        .await;
    let on_discord = discord::send_move(&double, ALICE, "G7 G6");
    alice.say(&room, "G7 G6").await;
    let answer = discord::reply(&double, on_discord).await.text();
    discord::assert_has(&answer, "alice played G7 G6.");
    assert_eq!(answer.matches(" played ").count(), 2, "{answer}");
    let answer = alice
        .notice_with(&room, &bot_id, "Jungle bot (level 2, easy) played")
        .await;
    discord::assert_has(answer.body(), "alice played G7 G6.");

    // Discord revokes the token: that adapter stops, Matrix goes on.
    double.revoke_token();
    log.wait_line(&["an adapter stopped with an error", "discord"])
        .await;
    assert!(child.try_wait().unwrap().is_none(), "jungle run goes on");
    alice.say(&room, "!jungle rules").await;
    alice
        .notice_with(&room, &bot_id, "Jungle (Dou Shou Qi) in brief")
        .await;

    // Matrix is refused too: with no adapter left, jungle run exits with both errors.
    front.answer_syncs(
        1,
        403,
        json!({"errcode": "M_FORBIDDEN", "error": "You are not allowed to sync"}),
    );
    // A message ends the sync under way; the next one is refused. (Its answer may or may not
    // go out before the process exits.)
    alice.say(&room, "!jungle help").await;
    let status = within("jungle run to exit", child.wait()).await.unwrap();
    assert_eq!(status.code(), Some(2));
    log.wait_line(&["error: every adapter has stopped", "discord: ", "matrix: "])
        .await;
    let logged = log.text();
    assert!(logged.contains("M_FORBIDDEN"), "{logged}");
    assert!(
        !logged.contains("test-token"),
        "the Discord token is never logged"
    );
    assert!(
        !logged.contains(&env.password),
        "the password is never logged"
    );
}
