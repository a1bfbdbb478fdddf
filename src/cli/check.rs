//! `jungle check --config FILE`: reads the config, says on stdout what each section will do
//! (one line each, no secrets), and tries what can be tried without changing anything: the
//! database is looked at read-only (migrations tried on a copy), Discord is asked whose token
//! this is, the Matrix homeserver whether it answers and accepts the login. Every problem is
//! one line on stderr, and then the command exits with status 1.

use std::path::Path;
use std::time::Duration;

#[cfg(feature = "discord")]
use crate::adapters::discord::{self, DiscordConfig, Shards};
#[cfg(feature = "matrix")]
use crate::adapters::matrix::MatrixConfig;
#[cfg(feature = "matrix")]
use crate::adapters::matrix::config::{Allow, Login};
use crate::ai::Level;
use crate::config::Config;
use crate::store::{self, DatabaseState, Location};

use super::ProblemsFound;

/// What the check found: one line per section, and the problems.
#[derive(Debug, Default)]
pub struct Report {
    pub sections: Vec<String>,
    pub problems: Vec<String>,
}

impl Report {
    /// What `jungle check` prints: the sections for stdout, the problems for stderr, a line
    /// each. A library's error may quote a URL with its password: every line is scrubbed.
    pub fn printed(&self) -> (String, String) {
        let lines = |lines: &[String]| -> String {
            lines
                .iter()
                .map(|l| store::secret::scrub(l) + "\n")
                .collect()
        };
        (lines(&self.sections), lines(&self.problems))
    }

    fn section(&mut self, name: &str, text: impl AsRef<str>) {
        self.sections.push(format!("{name}: {}", text.as_ref()));
    }
}

/// Runs the check and prints the report; problems make it an error (status 1).
pub fn run(path: &Path) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let report = runtime.block_on(check(path));
    let (out, err) = report.printed();
    print!("{out}");
    eprint!("{err}");
    if report.problems.is_empty() {
        Ok(())
    } else {
        Err(ProblemsFound(report.problems.len()).into())
    }
}

/// Checks the config file at `path`.
pub async fn check(path: &Path) -> Report {
    let mut report = Report::default();
    let config = match Config::load(path) {
        Ok(c) => c,
        Err(e) => {
            report.problems.push(e.to_string().replace('\n', " "));
            return report;
        }
    };
    report.section("config", format!("{} reads without errors", path.display()));
    let db = config.store.location();
    let db_for_check = db.clone();
    let state = tokio::task::spawn_blocking(move || store::inspect_location(&db_for_check)).await;
    match state {
        _ if matches!(&db, Location::File(p) if p.as_os_str() == ":memory:") => {
            report.section(
                "store",
                "an in-memory database: nothing is kept across restarts",
            );
        }
        Ok(Ok(state)) => {
            report.section(
                "store",
                format!("the database {}: {}", db, database_state(&state)),
            );
            if matches!(state, DatabaseState::Current { .. }) {
                thread_problems(&mut report, &db).await;
            }
        }
        Ok(Err(e)) => {
            report.section("store", format!("the database {}", db));
            // Most store errors name the file already.
            let shown = db.to_string();
            let problem = e.to_string();
            report.problems.push(if problem.contains(&shown) {
                format!("store.database: {problem}")
            } else {
                format!("store.database: {shown}: {problem}")
            });
        }
        Err(e) => report.problems.push(format!("store.database: {e}")),
    }
    describe_chat(&mut report, &config);
    if config.discord.is_none() && config.matrix.is_none() {
        report.problems.push(
            "no adapter is configured: add a [discord] or [matrix] section (see config.example.toml)"
                .into(),
        );
    }
    for (name, section) in [("discord", &config.discord), ("matrix", &config.matrix)] {
        if let (Some(_), Some(why)) = (section, crate::adapters::not_built(name)) {
            report.section(name, "asked for, but this build has no support for it");
            report.problems.push(why);
        }
    }
    #[cfg(feature = "discord")]
    if let Some(section) = &config.discord {
        check_discord(&mut report, section).await;
    }
    #[cfg(feature = "matrix")]
    if let Some(section) = &config.matrix {
        check_matrix(&mut report, section).await;
    }
    report
}

/// Where games could not get a thread of their own, as the bot noted it (they stayed in their
/// channel): said for the operator, not a problem of the config.
async fn thread_problems(report: &mut Report, db: &Location) {
    let db = db.clone();
    let noted = tokio::task::spawn_blocking(move || store::thread_problems_at(&db)).await;
    let Ok(Ok(noted)) = noted else { return };
    for (platform, scope, why) in noted {
        let why = match why.as_str() {
            "forbidden" => {
                "the bot may not create public threads (grant Create Public Threads and Send Messages in Threads)"
            }
            "full" => "the server had reached Discord's limit of active threads",
            _ => "its channel cannot have threads",
        };
        report.section(
            "threads",
            format!("{platform} {scope}: a game stayed in its channel because {why}"),
        );
    }
}

fn database_state(state: &DatabaseState) -> String {
    match state {
        DatabaseState::Missing => "not there yet; `jungle run` creates it".into(),
        DatabaseState::Current { version } => format!("schema version {version}, up to date"),
        DatabaseState::Behind { version, latest } => format!(
            "schema version {version}; `jungle run` migrates it to version {latest} (tried on a copy: it works)"
        ),
    }
}

/// The sections that need no outside call: chat, limits, bot.
fn describe_chat(report: &mut Report, config: &Config) {
    let chat = &config.chat;
    report.section(
        "chat",
        format!(
            "commands start with {}; challenges stay open {}; new games play {} unless a moderator chose otherwise",
            chat.prefix,
            duration(chat.challenge_expiry),
            chat.time_control
        ),
    );
    let limits = &config.limits;
    report.section(
        "limits",
        format!(
            "each user may send {} commands per {} and start {} games per hour",
            limits.commands,
            duration(Duration::from_secs(limits.window_secs.unsigned_abs())),
            limits.games_per_hour
        ),
    );
    let bot = &config.bot;
    let levels: Vec<String> = Level::ALL
        .iter()
        .map(|&level| {
            let s = bot.level_settings(level);
            let depth = if s.max_depth >= crate::ai::MAX_DEPTH {
                String::new()
            } else {
                format!(" to depth {}", s.max_depth)
            };
            let nodes = s
                .max_nodes
                .map(|n| format!(" or {n} nodes"))
                .unwrap_or_default();
            format!("{} {} ms{nodes}{depth}", level.name(), s.movetime_ms)
        })
        .collect();
    let ratings: Vec<String> = bot.ratings.iter().map(i32::to_string).collect();
    report.section(
        "bot",
        format!(
            "levels 1-8 rated {}; `play bot` means {}; thinking: {}",
            ratings.join("/"),
            bot.default_level,
            levels.join(", ")
        ),
    );
    report.section(
        "metrics",
        match config.metrics {
            Some(addr) if addr.ip().is_loopback() => {
                format!("/metrics and /healthz on http://{addr}")
            }
            Some(addr) => format!(
                "/metrics and /healthz on http://{addr}, which is not a loopback address: keep it behind a firewall"
            ),
            None => "off (set [metrics] listen to serve /metrics and /healthz)".to_string(),
        },
    );
}

#[cfg(feature = "discord")]
async fn check_discord(report: &mut Report, section: &toml::Table) {
    let config = match DiscordConfig::from_table(section) {
        Ok(c) => c,
        Err(e) => {
            report.section("discord", "on, but the section has a problem");
            report.problems.push(e);
            return;
        }
    };
    let mut what = vec![match config.guild_id {
        Some(guild) => format!("registers /jungle in server {guild}"),
        None => "registers /jungle globally".to_string(),
    }];
    what.push(match config.shards {
        Shards::Auto => "shards as Discord recommends".into(),
        Shards::Fixed(n) => format!("{n} shard(s)"),
        Shards::Range { first, last, total } => format!("shards {first} to {last} of {total}"),
    });
    what.push(if config.message_content {
        "reads moves in every message (message content intent)".into()
    } else {
        "reads moves in messages that mention it".into()
    });
    if let Some(base) = &config.api_base_url {
        what.push(format!("REST calls through {base}"));
    }
    match discord::probe::bot_account(&config).await {
        Ok(account) => {
            what.insert(
                0,
                format!(
                    "the token is accepted: connects as {} (id {})",
                    account.name, account.id
                ),
            );
        }
        Err(problem) => {
            what.insert(0, "the token could not be confirmed".into());
            report.problems.push(problem);
        }
    }
    report.section("discord", what.join("; "));
}

#[cfg(feature = "matrix")]
async fn check_matrix(report: &mut Report, section: &toml::Table) {
    let config = match MatrixConfig::from_table(section, |key| std::env::var(key).ok()) {
        Ok(c) => c,
        Err(e) => {
            report.section("matrix", "on, but the section has a problem");
            report.problems.push(e);
            return;
        }
    };
    let login = match config.login {
        Login::Password(_) => "a password",
        Login::AccessToken(_) => "an access token",
    };
    let allow: Vec<String> = config
        .allow
        .iter()
        .map(|a| match a {
            Allow::Everyone => "anyone".to_string(),
            Allow::Server(s) => format!("users of {s}"),
            Allow::User(u) => u.to_string(),
        })
        .collect();
    let mut what = vec![
        format!(
            "logs in to {} as {} with {login}",
            config.homeserver, config.user_id
        ),
        format!(
            "keeps its session and keys in {} ({})",
            config.data_dir.display(),
            if config.store_passphrase.is_some() {
                "encrypted"
            } else {
                "not encrypted"
            }
        ),
        format!("accepts invites from {}", allow.join(", ")),
    ];
    match crate::adapters::matrix::probe::probe(&config).await {
        Ok(found) => what.push(found),
        Err(problem) => {
            what.push("the login could not be confirmed".into());
            report.problems.push(problem);
        }
    }
    report.section("matrix", what.join("; "));
}

/// A duration as the config writes it: `90s`, `15m`, `24h`, `2d`.
fn duration(d: Duration) -> String {
    let s = d.as_secs();
    // Hours up to a day and a half, as the example config writes `24h`.
    for (unit, size) in [("d", 86_400), ("h", 3_600), ("m", 60)] {
        if s >= size && s.is_multiple_of(size) && !(unit == "d" && s < 2 * 86_400) {
            return format!("{}{unit}", s / size);
        }
    }
    format!("{s}s")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_written() {
        let d = Duration::from_secs;
        assert_eq!(duration(d(900)), "15m");
        assert_eq!(duration(d(86_400)), "24h");
        assert_eq!(duration(d(3 * 86_400)), "3d");
        assert_eq!(duration(d(7_200)), "2h");
        assert_eq!(duration(d(90)), "90s");
        assert_eq!(duration(d(0)), "0s");
    }

    #[test]
    fn the_sections_without_outside_calls_are_described() {
        let config = Config::parse(
            "[chat]\nprefix = \"!j\"\nmove_timeout = \"2h\"\n[bot.easy]\nmovetime_ms = 50\nmax_depth = 1\n",
        )
        .unwrap();
        let mut report = Report::default();
        describe_chat(&mut report, &config);
        assert_eq!(report.sections.len(), 4, "{:?}", report.sections);
        assert!(
            report.sections[3].starts_with("metrics: off"),
            "{:?}",
            report.sections
        );
        assert!(
            report.sections[0].starts_with("chat: commands start with !j;")
                && report.sections[0].contains("new games play 2h unless"),
            "{:?}",
            report.sections
        );
        assert!(report.sections[1].starts_with("limits: "));
        assert!(
            report.sections[2].contains("1 1000 ms to depth 1, easy 50 ms to depth 1, 3 ")
                && report.sections[2].contains("hard 1000 ms or 80000 nodes, 7 ")
                && report.sections[2].contains("`play bot` means level 6;"),
            "{:?}",
            report.sections
        );
        assert!(report.problems.is_empty());
    }
}
