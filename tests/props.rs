//! Property tests for the parsers that read what people and files send: position strings,
//! move text, chat commands and button ids, durations and the config file. None of them panics
//! on any input, and what is printed parses back to what was printed.

use std::time::Duration;

#[cfg(feature = "discord")]
use jungle::adapters::discord::DiscordConfig;
#[cfg(feature = "matrix")]
use jungle::adapters::matrix::MatrixConfig;
use jungle::chat::Action;
use jungle::chat::table::{self, COMMANDS};
use jungle::config::{Config, parse_duration};
use jungle::{Move, Position};
use proptest::prelude::*;

fn cases(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        // A failure is shrunk and reported; no file of failures is kept beside the tests.
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// The position after playing the moves `choices` pick (each one modulo the number of legal
/// moves) from the start, stopping when the game is over.
fn played(choices: &[u16]) -> Position {
    let mut pos = Position::start();
    for &c in choices {
        let moves = pos.legal_moves();
        if pos.outcome().is_some() || moves.is_empty() {
            break;
        }
        pos.play(moves[usize::from(c) % moves.len()])
            .expect("a legal move");
    }
    pos
}

/// Text made of the characters position strings use, with a few others.
fn position_like() -> impl Strategy<Value = String> {
    prop_oneof![
        "[lLtTdDcCrRpPwWeE0-9/ jc\\-]{0,80}",
        // The start position with one character changed, dropped or doubled.
        (0..jungle::engine::START.len(), any::<char>(), 0..3u8).prop_map(|(i, ch, how)| {
            let mut s: Vec<char> = jungle::engine::START.chars().collect();
            match how {
                0 => s[i] = ch,
                1 => {
                    s.remove(i);
                }
                _ => s.insert(i, ch),
            }
            s.into_iter().collect()
        }),
        any::<String>(),
    ]
}

proptest! {
    #![proptest_config(cases(1000))]

    #[test]
    fn position_parsing_never_panics(text in position_like()) {
        let _ = text.parse::<Position>();
    }

    #[test]
    fn move_parsing_never_panics(text in prop_oneof!["[a-iA-I0-9 \\-x:]{0,8}", any::<String>()]) {
        let _ = text.parse::<Move>();
    }

    #[test]
    fn chat_command_parsing_never_panics(text in any::<String>()) {
        let _ = table::parse(&text);
    }

    #[test]
    fn button_id_parsing_never_panics(id in prop_oneof!["[a-z]{0,8}:-?[0-9]{0,22}", any::<String>()]) {
        if let Some(action) = Action::parse(&id) {
            prop_assert_eq!(Action::parse(&action.id()), Some(action));
        }
    }

    #[test]
    fn duration_parsing_never_panics(text in prop_oneof!["[0-9]{0,25} ?(s|m|min|h|d|x)?", any::<String>()]) {
        let _ = parse_duration(&text);
    }

    #[test]
    fn config_parsing_never_panics(text in any::<String>()) {
        let _ = Config::parse(&text);
    }
}

proptest! {
    #![proptest_config(cases(256))]

    #[test]
    fn positions_print_and_parse_back(choices in prop::collection::vec(any::<u16>(), 0..160)) {
        let pos = played(&choices);
        let text = pos.to_string();
        let back: Position = text.parse().map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(back, pos, "{}", text);
        prop_assert_eq!(back.to_string(), text);
    }

    #[test]
    fn every_legal_move_prints_and_parses_back(choices in prop::collection::vec(any::<u16>(), 0..160)) {
        let pos = played(&choices);
        for mv in pos.legal_moves().iter().copied() {
            let text = mv.to_string();
            prop_assert_eq!(text.parse::<Move>().ok(), Some(mv), "{}", text);
            // Lower case without the space is the same move.
            let short = text.to_lowercase().replace(' ', "");
            prop_assert_eq!(short.parse::<Move>().ok(), Some(mv), "{}", short);
        }
    }

    #[test]
    fn chat_commands_with_their_own_words_never_panic(
        name in prop::sample::select(command_words()),
        args in prop::collection::vec(argument(), 0..5),
    ) {
        let text = format!("{name} {}", args.join(" "));
        let _ = table::parse(&text);
    }

    #[test]
    fn button_ids_print_and_parse_back(word in 0..5usize, n in 1..=i64::MAX) {
        let action = [Action::Accept, Action::Decline, Action::Cancel, Action::Resign, Action::Draw][word](n);
        prop_assert_eq!(Action::parse(&action.id()), Some(action));
    }

    #[test]
    fn durations_print_and_parse_back(n in 1..=u64::MAX, unit in prop::sample::select(vec![("s", 1), ("m", 60), ("h", 3600), ("d", 86_400)])) {
        let (suffix, secs) = unit;
        let parsed = parse_duration(&format!("{n}{suffix}"));
        prop_assert_eq!(parsed, n.checked_mul(secs).map(Duration::from_secs));
    }

    #[test]
    fn small_durations_print_and_parse_back(n in 1..=1_000_000u64, unit in prop::sample::select(vec![("s", 1), ("m", 60), ("h", 3600), ("d", 86_400)])) {
        let (suffix, secs) = unit;
        prop_assert_eq!(parse_duration(&format!("{n}{suffix}")), Some(Duration::from_secs(n * secs)));
    }

    #[test]
    fn config_keys_with_any_value_never_panic((section, key) in prop::sample::select(known_keys()), value in toml_value()) {
        let text = format!("[{section}]\n{key} = {value}\n");
        if let Ok(config) = Config::parse(&text) {
            // What the chat layer is told, and the adapters' own sections, read without a panic too.
            let _ = config.settings();
            #[cfg(feature = "discord")]
            if let Some(t) = &config.discord {
                let _ = DiscordConfig::parse(t, None);
            }
            #[cfg(feature = "matrix")]
            if let Some(t) = &config.matrix {
                let _ = MatrixConfig::from_table(t, |_| None);
            }
        }
    }

    #[test]
    fn toml_like_config_text_never_panics(lines in prop::collection::vec(toml_line(), 0..12)) {
        let _ = Config::parse(&lines.join("\n"));
    }
}

/// The words that name chat commands, aliases included.
fn command_words() -> Vec<&'static str> {
    COMMANDS
        .iter()
        .flat_map(|s| std::iter::once(s.name).chain(s.aliases.iter().copied()))
        .collect()
}

/// A word after a command: the kinds of words commands take, and anything else.
fn argument() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "@bob",
            "bob",
            "jade",
            "crimson",
            "random",
            "easy",
            "medium",
            "hard",
            "bot",
            "global",
            "#1",
            "G7",
            "G7 G6",
            "g7g6",
            "0",
            "-1",
            "99999999999999999999999",
            "9223372036854775807",
        ])
        .prop_map(str::to_string),
        any::<i64>().prop_map(|n| n.to_string()),
        "#?[0-9]{1,25}",
        any::<String>(),
    ]
}

/// Every key of the config file, with its section.
fn known_keys() -> Vec<(&'static str, &'static str)> {
    let mut keys = vec![
        ("store", "database"),
        ("chat", "prefix"),
        ("chat", "challenge_expiry"),
        ("chat", "move_timeout"),
        ("limits", "commands"),
        ("limits", "window"),
        ("limits", "games_per_hour"),
        ("bot", "rating_easy"),
        ("bot", "rating_medium"),
        ("bot", "rating_hard"),
        ("bot", "default_level"),
        ("bot.easy", "movetime_ms"),
        ("bot.easy", "max_depth"),
        ("bot.medium", "movetime_ms"),
        ("bot.hard", "max_depth"),
    ];
    for key in [
        "token",
        "guild_id",
        "api_base_url",
        "shards",
        "message_content",
        "admin_role",
    ] {
        keys.push(("discord", key));
    }
    for key in [
        "homeserver",
        "user_id",
        "password",
        "access_token",
        "data_dir",
        "store_passphrase",
        "allow",
        "device_name",
    ] {
        keys.push(("matrix", key));
    }
    keys
}

/// A TOML value as text: numbers from the whole range, strings (also duration-like ones), and
/// the other types.
fn toml_value() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        any::<i64>().prop_map(toml::Value::Integer),
        prop::sample::select(vec![
            0i64,
            1,
            -1,
            64,
            65,
            i64::from(i32::MAX) + 1,
            i64::MAX,
            i64::MIN
        ])
        .prop_map(toml::Value::Integer),
        any::<f64>().prop_map(toml::Value::Float),
        any::<bool>().prop_map(toml::Value::Boolean),
        any::<String>().prop_map(toml::Value::String),
        "[0-9]{0,25}(s|m|h|d|min)?".prop_map(toml::Value::String),
        "(https?://)?[a-z.:0-9]{0,20}|@[a-z]{0,5}:[a-z.]{0,10}|auto|hard|[0-9]{1,20}"
            .prop_map(toml::Value::String),
    ];
    let value = leaf.prop_recursive(2, 8, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(toml::Value::Array),
            prop::collection::btree_map("[a-z_]{1,8}", inner, 0..3)
                .prop_map(|m| toml::Value::Table(m.into_iter().collect())),
        ]
    });
    value.prop_map(|v| v.to_string())
}

/// A line of a config file, more or less: section headers and `key = value` lines with the
/// known names, and text that only looks like them.
fn toml_line() -> impl Strategy<Value = String> {
    let keys = known_keys();
    prop_oneof![
        prop::sample::select(keys.clone()).prop_map(|(section, _)| format!("[{section}]")),
        (prop::sample::select(keys), toml_value())
            .prop_map(|((_, key), value)| format!("{key} = {value}")),
        "\\[?[a-z_.]{0,12}\\]? ?=? ?[\"'\\[{0-9a-z,. ]{0,16}",
    ]
}
