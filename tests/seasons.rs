//! Seasons, rating graphs and head-to-head through the console, on each store backend with
//! the test clock (it starts on 15 January 2027): a monthly season's leaderboard against the
//! all-time one, its final top ten posted once when February begins, the rating graph with the
//! season's start marked, two players' games against each other, and games against the bot
//! left off the leaderboard until a moderator counts them.

use crate::common::backends::backends;
use crate::console::Channel;

/// Jade's lion steps into the den: a rated win in one move.
const DEN_IN_ONE: &str = "l6/3C3/7/7/7/7/7/7/6L j 0 1";

fn has(out: &str, needle: &str) {
    assert!(out.contains(needle), "expected {needle:?} in:\n{out}");
}

fn lacks(out: &str, needle: &str) {
    assert!(
        !out.contains(needle),
        "did not expect {needle:?} in:\n{out}"
    );
}

/// The lines of `out` after the first that holds `title`, up to the next that does not start
/// with a rank.
fn board_after<'a>(out: &'a str, title: &str) -> Vec<&'a str> {
    out.lines()
        .skip_while(|l| !l.contains(title))
        .skip(1)
        .map(|l| l.trim_start_matches("jungle: "))
        .take_while(|l| l.chars().next().is_some_and(|c| c.is_ascii_digit()))
        .collect()
}

/// A rated game of `jade` against `crimson` that Jade wins at once.
fn win(ch: &Channel, jade: &str, crimson: &str) {
    ch.game_at(DEN_IN_ONE, jade, crimson);
    let out = ch.run(&format!("{jade}: D2 D1\n"));
    has(&out, &format!("{jade} wins game #"));
}

#[test]
fn a_monthly_season_ranks_its_players_and_posts_its_final_top_ten_once() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        let out = ch.run(
            "alice: !jungle admin season\n\
             alice: !jungle admin season weekly\n\
             alice: !jungle admin season 0\n\
             alice: !jungle admin season month\n\
             alice: !jungle admin season 2\n\
             alice: !jungle admin settings\n",
        );
        has(
            &out,
            "Leaderboard: all time, no seasons (`!jungle admin season month` runs it by month).",
        );
        has(&out, "A season can ask for 1 to 100 rated games.");
        has(
            &out,
            "The leaderboard here now runs by season, starting with January 2027: `!jungle top` shows the season's players, `!jungle top all` everyone.",
        );
        has(
            &out,
            "A season's leaderboard here now lists players with at least 2 rated games in it.",
        );
        // 15 January 08:00: 17 days to go, counting today.
        has(
            &out,
            "- Leaderboard: by season, now January 2027 (17 days left), listing players with at least 2 rated games in it",
        );
        assert_eq!(
            ch.store().season_min_games("console", "console").unwrap(),
            Some(2),
            "`weekly` and 0 changed nothing, 2 did"
        );

        // alice beats bob twice, carol beats bob once; dave plays the bot only.
        win(&ch, "alice", "bob");
        win(&ch, "alice", "bob");
        win(&ch, "carol", "bob");
        let out = ch.run("dave: !jungle play bot 1 jade\ndave: G7 G6\ndave: !jungle resign\n");
        has(&out, "dave resigned.");
        let store = ch.store();
        let dave = store.find_player("console", "dave").unwrap().unwrap();
        assert_eq!(dave.rated_games, 1, "a rated game against the bot");
        assert!(dave.rating < 1200, "and it cost a rating: {}", dave.rating);

        let out = ch.run(
            "!jungle top\n\
             !jungle top all\n\
             /advance 17d\n\
             /tick\n\
             /tick\n\
             !jungle top\n\
             alice: !jungle admin bots on\n\
             !jungle top all\n",
        );
        let season = board_after(
            &out,
            "Leaderboard of January 2027 (players with at least 2 rated games this season):",
        );
        assert_eq!(
            season.len(),
            2,
            "carol has one game, dave none with people: {out}"
        );
        assert!(
            season[0].starts_with("1. alice 12")
                && season[0].ends_with("? (2 games this season: 2 W / 0 D / 0 L)"),
            "{out}"
        );
        assert!(
            season[1].starts_with("2. bob 11")
                && season[1].ends_with("? (3 games this season: 0 W / 0 D / 3 L)"),
            "{out}"
        );
        has(
            &out,
            "`!jungle top all` lists everyone here, whatever the season.",
        );
        let all = board_after(&out, "Leaderboard here:");
        assert_eq!(all.len(), 3, "alice, carol and bob; not dave: {out}");
        assert!(all.iter().all(|l| !l.contains("dave")), "{out}");
        assert!(all[1].starts_with("2. carol 12"), "{out}");

        // The first tick of February posts January's final board, and only the first.
        assert_eq!(
            out.matches("January 2027 is over. Final leaderboard:")
                .count(),
            1,
            "{out}"
        );
        let last = board_after(&out, "January 2027 is over. Final leaderboard:");
        assert_eq!(last, season, "the final board is the season's: {out}");
        has(
            &out,
            "February 2027 starts now. Ratings carry on; the season's leaderboard starts empty.",
        );
        has(
            &out,
            "Nobody is on the leaderboard of February 2027 yet: it lists players with at least 2 rated games this season. `!jungle top all` lists everyone here.",
        );
        has(
            &out,
            "From now on rated games against the bot count for the leaderboard here.",
        );
        let counted = out.rsplit("Leaderboard here:").next().unwrap();
        assert!(counted.contains(". dave 11"), "{out}");

        // A second process on the same store does not post it again.
        let again = ch.run("/tick\n!jungle games\n");
        lacks(&again, "is over");
    }
}

#[test]
fn a_rating_graph_marks_the_season_and_head_to_head_counts_the_games() {
    for backend in backends() {
        let ch = Channel::on(&backend);
        ch.run("alice: !jungle admin season month\n");
        win(&ch, "alice", "bob");
        win(&ch, "bob", "alice");
        win(&ch, "alice", "bob");
        // A fourth game in February, played out and resigned.
        let out = ch.run(
            "/advance 17d\n\
             alice: !jungle challenge @bob jade\n\
             bob: !jungle accept\n\
             alice: G7 G6\n\
             bob: A3 A4\n\
             bob: !jungle resign\n\
             alice: !jungle rating\n\
             alice: !jungle vs @bob\n\
             bob: !jungle rating @bob @alice\n\
             alice: !jungle vs @alice\n\
             alice: !jungle vs @carol\n",
        );
        has(&out, "bob resigned. alice wins game #4");
        let store = ch.store();
        let alice = store.find_player("console", "alice").unwrap().unwrap();
        assert_eq!(alice.rated_games, 4);
        let points = store.rating_points(alice.id, 100).unwrap();
        assert_eq!(points.len(), 4);
        let (high, low) = (
            points.iter().map(|p| p.after).max().unwrap().max(1200),
            points.iter().map(|p| p.after).min().unwrap().min(1200),
        );
        has(
            &out,
            &format!(
                "alice: rating {} (provisional), 4 rated games: 3 won, 0 drawn, 1 lost.",
                alice.rating
            ),
        );
        let graph = out
            .lines()
            .find_map(|l| l.strip_prefix("jungle: [image] "))
            .expect("the rating reply has a picture");
        let (path, alt) = graph.split_once(": ").unwrap();
        assert!(path.ends_with("rating.png"), "{path}");
        assert_eq!(
            alt,
            format!(
                "Rating graph of alice over 4 rated games: from 1200 to {}, highest {high}, lowest {low}. A dashed line marks where a new season began.",
                alice.rating
            )
        );
        let png = image::open(path).unwrap().to_rgb8();
        assert_eq!(
            png.dimensions(),
            (
                jungle::render::rating_graph::WIDTH,
                jungle::render::rating_graph::HEIGHT
            )
        );
        // Head to head, the latest game first; the same from bob's side with `rating @a @b`.
        has(
            &out,
            "alice against bob here: 4 games, 3 won, 0 drawn, 1 lost. Latest:",
        );
        let lines: Vec<&str> = out
            .lines()
            .skip_while(|l| !l.contains("alice against bob here"))
            .skip(1)
            .take(4)
            .collect();
        for (line, game) in lines.iter().zip(["#4:", "#3:", "#2:", "#1:"]) {
            assert!(line.starts_with(&format!("jungle: {game}")), "{out}");
        }
        assert!(
            lines[0].contains("alice as Jade vs bob as Crimson, Jade wins: Crimson resigned"),
            "{out}"
        );
        assert!(
            lines[2].contains("bob as Jade vs alice as Crimson"),
            "{out}"
        );
        has(
            &out,
            "bob against alice here: 4 games, 1 won, 0 drawn, 3 lost. Latest:",
        );
        has(
            &out,
            "That is you: name someone else to see your games against them.",
        );
        has(
            &out,
            "alice and carol have not finished a game against each other here yet.",
        );
    }
}
