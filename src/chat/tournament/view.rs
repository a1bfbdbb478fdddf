//! What a tournament looks like to its readers: its name ("Arena #3"), what it plays, the
//! standings as a table picture with a text of the top ten beside it, and the final post with
//! the top three mentioned.

use render::standings::{Cell, StandingsRow, StandingsTable, standings_png};
use store::{TournamentKind, TournamentRow, TournamentStatus};

use super::arena::arena_score;
use super::state::State;
use super::types::Outcome;
use super::{Mark, Standing};
use crate::context::Env;
use crate::event::{Image, Reply, User};
use crate::lang::{Arg, Lang, duration_name, time_control_name, tr};

/// How many players the text and the picture's description list.
const LISTED: usize = 10;

/// "Arena #3", "Swiss #4".
pub(crate) fn name(lang: Lang, t: &TournamentRow) -> String {
    tr!(lang, "tournament-name", kind = t.kind.code(), id = t.id)
}

/// What it plays: "60 minutes, 3 min + 2 s a move, rated" or "5 rounds, 1 day per move, casual".
pub(crate) fn terms(lang: Lang, t: &TournamentRow) -> String {
    tr!(
        lang,
        "tournament-terms",
        kind = t.kind.code(),
        length = duration_name(lang, t.length_secs),
        rounds = t.rounds,
        time = time_control_name(lang, t.time_control),
        rated = if t.rated { "rated" } else { "casual" }
    )
}

/// The post when it begins.
pub(crate) fn begun(env: &Env<'_>, t: &TournamentRow, lang: Lang) -> String {
    let dialect = env.settings.dialect(&t.platform, &t.scope);
    tr!(
        lang,
        "tournament-begun",
        name = name(lang, t),
        terms = terms(lang, t),
        join = dialect.cmd(lang, "join")
    )
}

/// Points as the table shows them: Arena's whole points, Swiss's halves as `2.5`.
fn points_text(kind: TournamentKind, points: u32) -> String {
    match kind {
        TournamentKind::Arena => points.to_string(),
        TournamentKind::Swiss if points % 2 == 1 => format!("{}.5", points / 2),
        TournamentKind::Swiss => (points / 2).to_string(),
    }
}

/// [`points_text`] as a message's argument: a number when whole.
fn points_arg(kind: TournamentKind, points: u32) -> Arg<'static> {
    match kind {
        TournamentKind::Swiss if points % 2 == 1 => Arg::Text(points_text(kind, points).into()),
        TournamentKind::Swiss => Arg::Number(i64::from(points / 2)),
        TournamentKind::Arena => Arg::Number(i64::from(points)),
    }
}

/// A row's results as the table marks them: Arena's points per game (4 for a doubled win),
/// Swiss's 1, ½ and 0, `+` and `-` for forfeits, `B` for a bye.
fn cells(kind: TournamentKind, row: &[Mark]) -> Vec<Cell> {
    match kind {
        TournamentKind::Arena => {
            let outcomes: Vec<Outcome> = row.iter().map(|m| outcome(*m)).collect();
            arena_score(&outcomes)
                .per_game
                .iter()
                .zip(&outcomes)
                .map(|(p, o)| {
                    let text = match p {
                        0 => "0",
                        1 => "1",
                        2 => "2",
                        _ => "4",
                    };
                    match o {
                        Outcome::Win => Cell::Win(text),
                        Outcome::Draw => Cell::Draw(text),
                        Outcome::Loss => Cell::Loss(text),
                    }
                })
                .collect()
        }
        TournamentKind::Swiss => row
            .iter()
            .map(|m| match m {
                Mark::Win => Cell::Win("1"),
                Mark::ForfeitWin => Cell::Win("+"),
                Mark::Bye => Cell::Win("B"),
                Mark::Draw => Cell::Draw("½"),
                Mark::Loss => Cell::Loss("0"),
                Mark::ForfeitLoss => Cell::Loss("-"),
            })
            .collect(),
    }
}

fn outcome(m: Mark) -> Outcome {
    match m {
        Mark::Win | Mark::ForfeitWin | Mark::Bye => Outcome::Win,
        Mark::Draw => Outcome::Draw,
        Mark::Loss | Mark::ForfeitLoss => Outcome::Loss,
    }
}

/// One standing as a line of text.
fn line(lang: Lang, state: &State, s: &Standing) -> String {
    let kind = state.t.kind;
    let results: Vec<&str> = cells(kind, &s.row)
        .into_iter()
        .map(|c| match c {
            Cell::Win(t) | Cell::Draw(t) | Cell::Loss(t) => t,
        })
        .collect();
    let results = if results.is_empty() {
        "none".to_string()
    } else {
        results.join(" ")
    };
    let mut text = tr!(
        lang,
        "tournament-line",
        rank = s.rank,
        name = state.name(s.player),
        // Whole points as a number, for the plural's sake; `2.5` as text.
        points = points_arg(kind, s.points),
        results = results,
        games = s.games_played,
        performance = s
            .performance
            .map_or_else(|| "-".to_string(), |p| p.to_string())
    );
    if kind == TournamentKind::Swiss {
        text.push_str(&tr!(
            lang,
            "tournament-tie-breaks",
            buchholz = points_text(kind, s.buchholz),
            sb = format!("{}", f64::from(s.sonneborn_berger) / 4.0)
        ));
    }
    if s.on_fire {
        text.push_str(&tr!(lang, "tournament-on-fire"));
    }
    text
}

/// The standings: the top ten as text under `title`, the whole table (up to the picture's
/// rows) as a PNG whose description lists the top ten.
pub(crate) fn standings(state: &State, lang: Lang, title: String) -> Reply {
    let table = state.standings();
    let mut lines = vec![title.clone()];
    if table.is_empty() {
        lines.push(tr!(lang, "tournament-nobody"));
    }
    lines.extend(table.iter().take(LISTED).map(|s| line(lang, state, s)));
    let alt_list: Vec<String> = table
        .iter()
        .take(LISTED)
        .map(|s| {
            tr!(
                lang,
                "tournament-alt-line",
                rank = s.rank,
                name = state.name(s.player),
                points = points_text(state.t.kind, s.points)
            )
        })
        .collect();
    let alt = tr!(
        lang,
        "tournament-alt",
        title = &title,
        players = table.len(),
        list = alt_list.join(&tr!(lang, "list-separator"))
    );
    let rows: Vec<StandingsRow> = table
        .iter()
        .map(|s| StandingsRow {
            rank: s.rank,
            name: state.name(s.player),
            points: points_text(state.t.kind, s.points),
            games: s.games_played,
            results: cells(state.t.kind, &s.row),
            performance: s.performance,
            on_fire: s.on_fire,
        })
        .collect();
    let headings = [
        "tournament-col-rank",
        "tournament-col-name",
        "tournament-col-points",
        "tournament-col-games",
        "tournament-col-results",
        "tournament-col-performance",
    ]
    .map(|k| lang.tr(k, &[]));
    let height = render::standings::height(rows.len());
    let png = standings_png(&StandingsTable {
        title,
        headings,
        rows,
        lang,
    });
    Reply {
        image: Some(Image {
            bytes: png,
            file_name: "standings.png".to_string(),
            mime: "image/png",
            width: render::standings::WIDTH,
            height,
            alt,
        }),
        ..Reply::text(lines.join("\n"))
    }
}

/// The final post: the standings and the top three, mentioned, in a new message.
pub(crate) fn final_standings(state: &State, lang: Lang) -> Reply {
    let title = tr!(lang, "tournament-final", name = name(lang, &state.t));
    let mut reply = standings(state, lang, title);
    let table = state.standings();
    let podium: Vec<&Standing> = table
        .iter()
        .take(3)
        .filter(|s| s.games_played > 0 || s.points > 0)
        .collect();
    if !podium.is_empty() {
        let names: Vec<String> = podium.iter().map(|s| state.name(s.player)).collect();
        reply.text.push('\n');
        reply.text.push_str(&tr!(
            lang,
            "tournament-podium",
            count = names.len(),
            names = names.join(&tr!(lang, "list-separator"))
        ));
        reply.mentions = podium
            .iter()
            .filter_map(|s| {
                state
                    .players
                    .iter()
                    .find(|p| p.player.id == s.player)
                    .map(|p| User::new(&p.player.user_id, &p.player.display_name))
            })
            .collect();
    }
    reply
}

/// Its state in a few words: when it starts, how long is left, which round.
pub(crate) fn status(lang: Lang, t: &TournamentRow, now: i64) -> String {
    match (t.status, t.kind) {
        (TournamentStatus::Pending, _) if t.starts_at == i64::MAX => {
            tr!(lang, "tournament-status-waiting")
        }
        (TournamentStatus::Pending, _) => tr!(
            lang,
            "tournament-status-pending",
            time = duration_name(lang, t.starts_at - now)
        ),
        (TournamentStatus::Running, TournamentKind::Arena) if now < t.ends_at() => tr!(
            lang,
            "tournament-status-arena",
            time = duration_name(lang, t.ends_at() - now)
        ),
        (TournamentStatus::Running, TournamentKind::Arena) => {
            tr!(lang, "tournament-status-arena-ending")
        }
        (TournamentStatus::Running, TournamentKind::Swiss) => tr!(
            lang,
            "tournament-status-swiss",
            round = t.round,
            rounds = t.rounds
        ),
        (TournamentStatus::Finished, _) => tr!(lang, "tournament-status-finished"),
        (TournamentStatus::Cancelled, _) => tr!(lang, "tournament-status-cancelled"),
    }
}
