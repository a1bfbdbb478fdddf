//! A player's record: `rating` (the rating, its ranks and a graph of it game by game, the
//! starts of the leaderboard's seasons marked) and two players' games against each other
//! (`rating @a @b`, `vs @user`).

use crate::lang::{Lang, tr};
use crate::rating::PROVISIONAL_SHOWN;
use render::{RatingGraph, rating_graph_png};
use store::{PlayerRow, RatingPoint, SeasonLength};

use super::context::{Ctx, Handled, Result, refuse};
use super::event::{Image, Reply};
use super::game::Game;
use super::info::{state_text, who};
use super::season::Season;

/// The rated games the graph shows at most: the latest.
const GRAPH_GAMES: u32 = 500;

/// The games a head-to-head answer lists.
const LATEST_GAMES: u32 = 5;

pub(crate) fn rating(
    cx: &mut Ctx<'_>,
    user: Option<&str>,
    opponent: Option<&str>,
) -> Result<Handled> {
    if let Some(opponent) = opponent {
        let first = who(cx, user)?;
        let second = who(cx, Some(opponent))?;
        return head_to_head(cx, &first, &second);
    }
    let p = who(cx, user)?;
    let store = cx.env.store;
    let bots = store.leaderboard_bots(cx.platform(), cx.scope())?;
    let here = store.rank_of(&p, Some((cx.platform(), cx.scope())), bots)?;
    let global = store.rank_of(&p, None, false)?;
    let lang = cx.reader();
    let provisional = if p.rated_games < PROVISIONAL_SHOWN {
        "yes"
    } else {
        "no"
    };
    let rank = match (here, global) {
        (Some(h), Some(g)) => tr!(lang, "rank-here", here = h, overall = g),
        (None, Some(g)) => tr!(lang, "rank-overall", overall = g),
        _ => tr!(lang, "rank-none"),
    };
    let text = tr!(
        lang,
        "rating-line",
        name = &p.display_name,
        // The words say it is provisional: no question mark beside them.
        rating = p.rating,
        provisional = provisional,
        games = p.rated_games,
        wins = p.wins,
        draws = p.draws,
        losses = p.losses,
        rank = rank
    );
    let points = store.rating_points(p.id, GRAPH_GAMES)?;
    if points.is_empty() {
        return Ok(Handled::reply(Reply::text(text)));
    }
    let length = store.season(cx.platform(), cx.scope())?;
    Ok(Handled::reply(Reply {
        image: Some(graph(lang, &p, &points, length)),
        ..Reply::text(text)
    }))
}

/// The rating graph's picture and its words.
fn graph(lang: Lang, p: &PlayerRow, points: &[RatingPoint], season: Option<SeasonLength>) -> Image {
    let mut values = Vec::with_capacity(points.len() + 1);
    values.push(points[0].before);
    values.extend(points.iter().map(|r| r.after));
    // Value i + 1 is after game i: a season starts at value i + 1 when game i is the first
    // of a season.
    let seasons: Vec<usize> = match season {
        Some(length) => points
            .windows(2)
            .enumerate()
            .filter(|(_, w)| Season::at(length, w[0].at) != Season::at(length, w[1].at))
            .map(|(i, _)| i + 2)
            .collect(),
        None => Vec::new(),
    };
    let high = values.iter().copied().max().unwrap_or(p.rating);
    let low = values.iter().copied().min().unwrap_or(p.rating);
    let mut alt = tr!(
        lang,
        "rating-graph-alt",
        name = &p.display_name,
        games = points.len(),
        from = values[0],
        to = values[values.len() - 1],
        high = high,
        low = low
    );
    if !seasons.is_empty() {
        alt.push(' ');
        alt.push_str(&tr!(lang, "rating-graph-seasons", count = seasons.len()));
    }
    let png = rating_graph_png(&RatingGraph {
        name: p.display_name.clone(),
        points: values,
        seasons,
        lang,
    });
    Image {
        bytes: png,
        file_name: "rating.png".to_string(),
        mime: "image/png",
        width: render::rating_graph::WIDTH,
        height: render::rating_graph::HEIGHT,
        alt,
    }
}

/// `vs @user`: the sender's games against a player.
pub(crate) fn versus(cx: &mut Ctx<'_>, user: &str) -> Result<Handled> {
    let first = cx.me.clone();
    let second = who(cx, Some(user))?;
    head_to_head(cx, &first, &second)
}

/// Two players' finished games against each other in this server or room.
fn head_to_head(cx: &mut Ctx<'_>, first: &PlayerRow, second: &PlayerRow) -> Result<Handled> {
    let lang = cx.reader();
    if first.id == second.id {
        return refuse(tr!(lang, "vs-self"));
    }
    let store = cx.env.store;
    let h = store.head_to_head(
        (first.id, second.id),
        (cx.platform(), cx.scope()),
        LATEST_GAMES,
    )?;
    let (a, b) = (&first.display_name, &second.display_name);
    let games = h.wins + h.draws + h.losses;
    if games == 0 {
        return Ok(Handled::reply(Reply::text(tr!(
            lang,
            "vs-none",
            first = a,
            second = b
        ))));
    }
    let mut lines = vec![tr!(
        lang,
        "vs-title",
        first = a,
        second = b,
        games = games,
        wins = h.wins,
        draws = h.draws,
        losses = h.losses
    )];
    for row in h.latest {
        let g = Game::load(store, row)?;
        lines.push(tr!(
            lang,
            "vs-line",
            game = g.id(),
            title = g.title(lang),
            state = state_text(lang, &g)
        ));
    }
    Ok(Handled::reply(Reply::text(lines.join("\n"))))
}
