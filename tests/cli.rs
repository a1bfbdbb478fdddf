//! The `jungle` command line as outside tools drive it.

use std::process::{Command, Output};

fn jungle(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jungle"))
        .args(args)
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn perft_prints_the_count_last() {
    let o = jungle(&["perft", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().last(), Some("12240"));
}

#[test]
fn perft_divide_lists_root_moves() {
    let o = jungle(&["perft", "2", "--divide"]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 25);
    assert!(lines.contains(&"G7 G6: 24"), "{out}");
    assert_eq!(lines.last(), Some(&"576"));
}

#[test]
fn moves_are_sorted_canonical_text() {
    let o = jungle(&["moves", "--position", "7/7/7/7/3L3/7/7/7/r6 j 0 1"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "D5 A5\nD5 D4\nD5 D6\nD5 G5\n");
    let start = stdout(&jungle(&["moves"]));
    let mut sorted: Vec<&str> = start.lines().collect();
    sorted.sort();
    assert_eq!(start.lines().collect::<Vec<_>>(), sorted);
    assert_eq!(sorted.len(), 24);
}

#[test]
fn bad_input_is_one_line_on_stderr_with_status_2() {
    for args in [
        vec!["moves", "--position", "l5t/1d3c1 j 0 1"],
        vec![
            "perft",
            "2",
            "--position",
            "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L j x 1",
        ],
        vec!["perft", "two"],
    ] {
        let o = jungle(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty());
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(!err.trim().is_empty());
        if args[0] == "moves" {
            assert_eq!(err.trim().lines().count(), 1, "{err}");
            assert!(err.contains("9 ranks"), "{err}");
        }
    }
}

#[test]
fn bench_prints_named_figures() {
    // Only the shape: the figures themselves are for people to read.
    let o = jungle(&["bench", "--quick"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert!(out.lines().count() >= 2);
    for line in out.lines() {
        let (name, rest) = line.split_once(": ").expect(line);
        assert!(!name.contains(' '), "{line}");
        assert_eq!(rest.split(' ').count(), 2, "{line}");
        rest.split(' ').next().unwrap().parse::<f64>().expect(line);
    }
}

/// The figures of a `load_…` line: (p50, p99, max, moves a second, moves).
fn load_figures(line: &str) -> (f64, f64, f64, f64, u64) {
    let words: Vec<&str> = line
        .split([' ', ',', ';', '('])
        .filter(|w| !w.is_empty())
        .collect();
    let after = |word: &str| -> f64 {
        let at = words.iter().position(|w| *w == word).expect(line);
        words[at + 1].parse().expect(line)
    };
    let before = |word: &str| -> f64 {
        let at = words.iter().position(|w| w.starts_with(word)).expect(line);
        words[at - 1].parse().expect(line)
    };
    (
        after("p50"),
        after("p99"),
        after("max"),
        before("moves/s"),
        before("moves)") as u64,
    )
}

#[test]
fn the_load_bench_plays_through_the_service() {
    let o = jungle(&["bench", "--load", "--quick"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let line = out
        .lines()
        .find(|l| l.starts_with("load_sqlite: "))
        .unwrap_or_else(|| panic!("{out}"));
    let (p50, p99, max, per_second, moves) = load_figures(line);
    assert!(moves > 0 && per_second > 0.0, "{line}");
    assert!(p50 <= p99 && p99 <= max, "{line}");
    // With --db: one process, then two worker processes at once, on PostgreSQL.
    let Some(server) = crate::common::backends::postgres_server() else {
        return;
    };
    let db = crate::common::backends::new_database(&server);
    let o = jungle(&["bench", "--load", "--quick", "--db", &db]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    for name in [
        "load_postgresql_one_process: ",
        "load_postgresql_two_processes: ",
    ] {
        let line = out
            .lines()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("{name}: {out}"));
        let (_, _, _, _, moves) = load_figures(line);
        assert!(moves > 0, "{line}");
    }
}

#[test]
fn a_broken_config_file_is_named_with_its_key() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::write(&path, "[chat]\nchallenge_expiry = \"soon\"\n").unwrap();
    let o = jungle(&["run", "--config", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("chat.challenge_expiry (line 2): 'soon' is not a duration"),
        "{err}"
    );
    let o = jungle(&[
        "run",
        "--config",
        dir.path().join("missing.toml").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let o = jungle(&["console", "--config", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn run_refuses_a_config_without_a_platform_before_making_the_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("data/jungle.db");
    let path = dir.path().join("config.toml");
    std::fs::write(
        &path,
        format!("[store]\ndatabase = {:?}\n", db.display().to_string()),
    )
    .unwrap();
    let o = jungle(&["run", "--config", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("no adapter is configured"), "{err}");
    assert!(!db.exists() && !dir.path().join("data").exists(), "{err}");
}

#[test]
fn the_example_config_parses() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/config.example.toml"))
        .unwrap();
    let c = jungle::config::Config::parse(&text).unwrap();
    assert_eq!(c.chat.prefix, "!jungle");
}

/// The ladder's ratings are written in three places: the default, the example config's
/// commented `ratings` line, and the README's table. A re-measured level changes all three.
#[test]
fn the_ladder_ratings_agree_in_the_code_the_example_config_and_the_readme() {
    let root = env!("CARGO_MANIFEST_DIR");
    let example = std::fs::read_to_string(format!("{root}/config.example.toml")).unwrap();
    let line = example
        .lines()
        .find_map(|l| l.strip_prefix("# ratings = "))
        .expect("the example config has a commented ratings line");
    let uncommented = example.replace(&format!("# ratings = {line}"), &format!("ratings = {line}"));
    let c = jungle::config::Config::parse(&uncommented).unwrap();
    assert_eq!(c.bot.ratings, jungle::chat::BOT_RATINGS, "{line}");

    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    let table: Vec<i32> = (1..=8)
        .map(|level| {
            let row = readme
                .lines()
                .find(|l| l.starts_with(&format!("| {level} | ")))
                .unwrap_or_else(|| panic!("the README's ladder table has no row {level}"));
            let rating = row.trim_end_matches(" |").rsplit("| ").next().unwrap();
            rating.parse().unwrap_or_else(|e| panic!("{row}: {e}"))
        })
        .collect();
    assert_eq!(table, jungle::chat::BOT_RATINGS);
}

#[test]
fn bestmove_prints_info_lines_then_the_move() {
    let o = jungle(&["bestmove", "--depth", "4"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    for (i, line) in lines[..4].iter().enumerate() {
        assert!(
            line.starts_with(&format!("info depth {} ", i + 1)),
            "{line}"
        );
        for key in [" score ", " nodes ", " nps ", " pv "] {
            assert!(line.contains(key), "{line}");
        }
    }
    let mv = lines[4];
    let start: jungle::Position = jungle::engine::START.parse().unwrap();
    assert!(start.is_legal(mv.parse().unwrap()), "{mv}");
    assert_eq!(mv.parse::<jungle::Move>().unwrap().to_string(), mv);
}

#[test]
fn bestmove_finds_the_den_and_refuses_finished_games() {
    let o = jungle(&[
        "bestmove",
        "--level",
        "easy",
        "--position",
        "7/2C4/7/7/7/7/7/7/e6 j 0 1",
    ]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("score win 2"), "{out}");
    assert!(
        ["C2 C1", "C2 D2"].contains(&out.lines().last().unwrap()),
        "{out}"
    );

    let over = jungle(&["bestmove", "--position", "3R3/7/7/7/7/7/7/7/l6 c 0 1"]);
    assert_eq!(over.status.code(), Some(2));
    let err = String::from_utf8(over.stderr).unwrap();
    assert!(err.contains("den"), "{err}");

    let bad = jungle(&["bestmove", "--level", "expert"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn selfplay_reports_results_and_elo() {
    let o = jungle(&[
        "selfplay",
        "--a",
        "easy",
        "--b",
        "easy",
        "--games",
        "2",
        "--movetime",
        "50",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert_eq!(
        out.lines().filter(|l| l.starts_with("game ")).count(),
        2,
        "{out}"
    );
    let summary = out
        .lines()
        .find(|l| l.starts_with("level 2 vs level 2: 2 games"))
        .expect(&out);
    for key in ["W/D/L ", "score ", "Elo "] {
        assert!(summary.contains(key), "{summary}");
    }
}

/// Runs `args` and checks that it was refused: status 2, nothing on stdout, one line on stderr
/// that contains every one of `names`.
fn refused(args: &[&str], names: &[&str]) {
    let o = jungle(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}");
    assert!(o.stdout.is_empty(), "{args:?}");
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    for name in names {
        assert!(err.contains(name), "{args:?}: {name} not in {err}");
    }
}

#[test]
fn numbers_out_of_bounds_are_refused_before_anything_runs() {
    // Each of these crashed (a 512 GB allocation, an overflow) or would run for years.
    refused(&["bestmove", "--hash", "1000000"], &["--hash", "1..=1024"]);
    refused(
        &["bestmove", "--hash", "18446744073709551615"],
        &["--hash", "1..=1024"],
    );
    refused(&["perft", "50"], &["DEPTH", "0..=10"]);
    refused(&["bestmove", "--hash", "0"], &["--hash"]);
    refused(&["bestmove", "--depth", "65"], &["--depth", "1..=64"]);
    refused(&["bestmove", "--depth", "0"], &["--depth"]);
    refused(&["bestmove", "--nodes", "0"], &["--nodes"]);
    refused(&["bestmove", "--movetime", "0"], &["--movetime"]);
    refused(
        &["bestmove", "--movetime", "18446744073709551615"],
        &["--movetime", "1..=3600000"],
    );
    let selfplay = ["selfplay", "--a", "easy", "--b", "easy"];
    for (extra, name) in [
        (["--games", "0"], "--games"),
        (["--games", "18446744073709551615"], "--games"),
        (["--threads", "100000"], "--threads"),
        (["--threads", "0"], "--threads"),
        (["--movetime", "99999999999"], "--movetime"),
        (["--opening-plies", "100000"], "--opening-plies"),
    ] {
        refused(&[&selfplay[..], &extra[..]].concat(), &[name]);
    }
    refused(
        &[
            "replay",
            "--moves",
            "G7 G6",
            "--delay",
            "4294967295",
            "-o",
            "-",
        ],
        &["--delay", "0..=655350"],
    );
    // Not a number at all, and a missing argument: one line too.
    refused(&["perft", "two"], &["DEPTH"]);
    refused(&["selfplay", "--a", "easy"], &["--b"]);
}

#[test]
fn the_bounds_are_in_the_help() {
    for (command, bounds) in [
        ("perft", &["0 to 10"][..]),
        ("bestmove", &["1 to 1024", "1 to 64", "1 to 3600000"][..]),
        ("selfplay", &["1 to 100000", "1 to 256", "0 to 200"][..]),
        ("replay", &["0 to 655350"][..]),
    ] {
        let o = jungle(&[command, "--help"]);
        assert!(o.status.success(), "{command}");
        let help = stdout(&o);
        for b in bounds {
            assert!(help.contains(b), "{command}: {b} not in {help}");
        }
    }
}

#[test]
fn the_largest_values_allowed_still_run() {
    let o = jungle(&["bestmove", "--hash", "1024", "--depth", "1"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // One move, and then the game is over.
    let o = jungle(&["perft", "10", "--position", "7/2cEl2/3r3/7/7/7/7/7/7 j 0 1"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(stdout(&o), "0\n");
}

#[test]
fn tune_writes_a_table_that_selfplay_plays_with() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("fitted.txt");
    let table_arg = table.to_str().unwrap();
    let o = jungle(&[
        "tune", "--games", "4", "--nodes", "300", "--passes", "1", "-o", table_arg,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&table).unwrap();
    // The header says how it was made; the loss went down.
    assert!(
        text.contains("# jungle tune --games 4 --nodes 300"),
        "{text}"
    );
    let losses = text
        .lines()
        .find_map(|l| l.split_once("loss before "))
        .map(|(_, rest)| rest.to_string())
        .expect(&text);
    let (before, after) = losses.split_once(", after ").unwrap();
    let before: f64 = before.parse().unwrap();
    let after: f64 = after.split(';').next().unwrap().parse().unwrap();
    assert!(after < before, "{losses}");
    // Selfplay reads it for one player.
    let o = jungle(&[
        "selfplay",
        "--a",
        "easy",
        "--b",
        "easy",
        "--games",
        "2",
        "--a-weights",
        table_arg,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).contains("level 2 vs level 2: 2 games"));
    // A broken table is refused, naming the file and the line, before any game.
    let broken = dir.path().join("broken.txt");
    std::fs::write(&broken, text.replace("tempo ", "tempo x")).unwrap();
    let broken_arg = broken.to_str().unwrap();
    refused(
        &[
            "selfplay",
            "--a",
            "easy",
            "--b",
            "easy",
            "--b-weights",
            broken_arg,
        ],
        &["broken.txt", "line", "tempo"],
    );
    refused(
        &["tune", "--from", broken_arg, "-o", table_arg],
        &["broken.txt", "tempo"],
    );
    refused(
        &["tune", "--games", "1", "-o", "/nonexistent-dir/x.txt"],
        &["/nonexistent-dir/x.txt"],
    );
}
