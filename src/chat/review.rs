//! `analyze <game>`: a finished game of this channel judged move by move. The handler only
//! checks and answers at once ("analysing…", or the stored result); the search runs later,
//! off the runtime, as an [`AnalysisJob`] the service holds, and its result is stored so that
//! asking again is instant. The reply: each player's accuracy and marks, and the graph.

use crate::lang::{Lang, side_name, tr};
use ai::analysis::{self, Analysis, PlyReview};
use engine::{BySide, Side};
use render::{self, Graph, GraphMark};
use store::{GameStatus, Store};

use super::context::{Ctx, Handled, Result, refuse};
use super::dialect::Dialect;
use super::event::{Image, Reply};
use super::game::Game;
use super::job::{AnalysisJob, nodes_per_position};

/// `analyze <game>`: a finished game of this channel, from the store if it was analysed
/// before, else the job for the service and a word that it has started.
pub(crate) fn analyze(cx: &mut Ctx<'_>, id: i64) -> Result<Handled> {
    let store = cx.env.store;
    let row = match store.game(id)? {
        Some(row) if row.platform == cx.platform() && row.channel == cx.channel() => row,
        _ => return refuse(tr!(cx.reader(), "no-such-game-here", game = id)),
    };
    if row.status == GameStatus::Active {
        return refuse(tr!(cx.reader(), "analyze-in-play", game = id));
    }
    if row.moves.is_empty() {
        return refuse(tr!(cx.reader(), "analyze-no-moves", game = id));
    }
    let g = Game::load(store, row)?;
    if let Some(done) = store.analysis(id)? {
        let dialect = cx.dialect();
        return Ok(Handled::reply(result_reply(
            &job_of(cx, &g),
            &done,
            &dialect,
        )));
    }
    let job = job_of(cx, &g);
    Ok(Handled {
        replies: vec![Reply::text(tr!(
            job.lang,
            "analyze-started",
            game = id,
            plies = job.moves.len()
        ))],
        analysis: Some(job),
        ..Handled::default()
    })
}

fn job_of(cx: &Ctx<'_>, g: &Game) -> AnalysisJob {
    AnalysisJob {
        game_id: g.id(),
        platform: cx.platform().to_string(),
        scope: cx.scope().to_string(),
        lang: cx.lang(),
        title: g.title(cx.lang()),
        names: BySide::new(g.jade.name(cx.lang()), g.crimson.name(cx.lang())),
        start: g.row.start_position,
        moves: g.row.moves.clone(),
        nodes_per_position: nodes_per_position(cx.env.settings.analysis_nodes, g.row.moves.len()),
    }
}

/// Keeps a finished analysis and makes its reply.
pub(crate) fn finished(
    store: &Store,
    dialect: &Dialect,
    job: &AnalysisJob,
    analysis: &Analysis,
    now: i64,
) -> store::Result<Reply> {
    store.save_analysis(job.game_id, analysis, now)?;
    Ok(result_reply(job, analysis, dialect))
}

/// The summary and the graph.
pub(crate) fn result_reply(job: &AnalysisJob, analysis: &Analysis, dialect: &Dialect) -> Reply {
    let lang = job.lang;
    let mut lines = vec![tr!(
        lang,
        "analysis-title",
        game = job.game_id,
        title = job.title.as_str()
    )];
    for side in [Side::Jade, Side::Crimson] {
        let s = analysis.summary(side);
        let turning = match s.turning_point {
            Some(ply) => {
                let p = &analysis.plies[ply - 1];
                tr!(
                    lang,
                    "analysis-turning",
                    when = move_label(lang, p),
                    played = p.played.to_string(),
                    best = p.best.to_string()
                )
            }
            None => tr!(lang, "analysis-no-turning"),
        };
        lines.push(tr!(
            lang,
            "analysis-player",
            name = job.names[side].as_str(),
            side = side_name(lang, side),
            accuracy = format!("{:.0}", s.accuracy),
            inaccuracies = s.counts[0],
            mistakes = s.counts[1],
            blunders = s.counts[2],
            turning = turning
        ));
    }
    lines.push(tr!(
        lang,
        "analysis-export-hint",
        command = dialect.cmd(lang, &format!("export {}", job.game_id))
    ));
    let names = BySide::new(
        Some(job.names.jade.clone()),
        Some(job.names.crimson.clone()),
    );
    let png = render::graph_png(&analysis_graph(analysis, names, lang));
    Reply {
        image: Some(Image {
            bytes: png,
            file_name: "analysis.png".to_string(),
            mime: "image/png",
            width: render::graph::WIDTH,
            height: render::graph::HEIGHT,
            alt: alt_text(job, analysis),
        }),
        ..Reply::text(lines.join("\n"))
    }
}

/// `move 7` for Jade's seventh move, `move 7...` for Crimson's answer to it.
fn move_label(lang: Lang, p: &PlyReview) -> String {
    let number = p.ply.div_ceil(2);
    match p.side {
        Side::Jade => tr!(lang, "analysis-move-jade", number = number),
        Side::Crimson => tr!(lang, "analysis-move-crimson", number = number),
    }
}

/// The evaluation graph of an analysis, with the players' names, for readers of `lang`.
pub fn analysis_graph(analysis: &Analysis, names: BySide<Option<String>>, lang: Lang) -> Graph {
    Graph {
        curve: analysis.curve(),
        marks: analysis
            .plies
            .iter()
            .filter_map(|p| {
                p.tag.map(|tag| GraphMark {
                    ply: p.ply,
                    side: p.side,
                    severity: tag as u8 + 1,
                })
            })
            .collect(),
        names,
        lang,
    }
}

/// The graph in words, for readers who cannot see it.
fn alt_text(job: &AnalysisJob, analysis: &Analysis) -> String {
    let lang = job.lang;
    let blunders: Vec<String> = analysis
        .plies
        .iter()
        .filter(|p| p.tag == Some(analysis::Tag::Blunder))
        .map(|p| {
            tr!(
                lang,
                "analysis-alt-blunder",
                when = move_label(lang, p),
                side = side_name(lang, p.side)
            )
        })
        .collect();
    let end = analysis.curve().last().copied().unwrap_or(0.5);
    tr!(
        lang,
        "analysis-alt",
        game = job.game_id,
        end = format!("{:.0}", end * 100.0),
        blunders = if blunders.is_empty() {
            tr!(lang, "analysis-alt-none")
        } else {
            blunders.join(&tr!(lang, "list-separator"))
        }
    )
}

/// The marks `export` adds after the moves: `?!`, `?`, `??` per half-move, and the better
/// moves the analysis found, when the game was analysed.
pub(crate) fn marks(lang: Lang, analysis: &Analysis) -> (Vec<&'static str>, Vec<String>) {
    let tags = analysis
        .plies
        .iter()
        .map(|p| p.tag.map_or("", analysis::Tag::mark))
        .collect();
    let better = analysis
        .plies
        .iter()
        .filter(|p| p.tag.is_some())
        .map(|p| {
            tr!(
                lang,
                "export-better",
                when = move_label(lang, p),
                played = p.played.to_string(),
                tag = p.tag.map_or("", analysis::Tag::mark),
                best = p.best.to_string()
            )
        })
        .collect();
    (tags, better)
}
