//! Read-only commands: games in a channel, ratings, leaderboards, history, game export.

use crate::rating::PROVISIONAL_GAMES;
use crate::store::{GameStatus, PlayerRow};

use super::command::TOP_MAX;
use super::context::{Ctx, Handled, Result, refuse};
use super::event::Reply;
use super::game::{Game, capitalize};
use super::lookup::resolve_user;
use super::review;

const HISTORY_LEN: u32 = 10;

pub(crate) fn games(cx: &mut Ctx<'_>) -> Result<Handled> {
    let store = &*cx.env.store;
    let rows = store.active_games(cx.platform(), cx.channel())?;
    if rows.is_empty() {
        return Ok(Handled::reply(Reply::text(format!(
            "No games in this channel. Start one with {} or {}.",
            cx.cmd("challenge @someone"),
            cx.cmd("play bot")
        ))));
    }
    let mut lines = vec![format!("Games in this channel ({}):", rows.len())];
    for row in rows {
        let g = Game::load(store, row)?;
        lines.push(format!(
            "#{}: {}, move {}, {} to move",
            g.id(),
            g.title(),
            g.pos().fullmove_number(),
            g.to_move().name()
        ));
    }
    Ok(Handled::reply(Reply::text(lines.join("\n"))))
}

/// The player a command names, or the sender.
fn who(cx: &mut Ctx<'_>, user: Option<&str>) -> Result<PlayerRow> {
    match user {
        Some(token) => resolve_user(cx, token),
        None => Ok(cx.me.clone()),
    }
}

pub(crate) fn rating(cx: &mut Ctx<'_>, user: Option<&str>) -> Result<Handled> {
    let p = who(cx, user)?;
    let store = &*cx.env.store;
    let here = store.rank_of(&p, Some((cx.platform(), cx.scope())))?;
    let global = store.rank_of(&p, None)?;
    let provisional = if p.rated_games < PROVISIONAL_GAMES {
        " (provisional)"
    } else {
        ""
    };
    let mut text = format!(
        "{}: rating {}{provisional}, {} rated game{}: {} won, {} drawn, {} lost.",
        p.display_name,
        p.rating,
        p.rated_games,
        if p.rated_games == 1 { "" } else { "s" },
        p.wins,
        p.draws,
        p.losses
    );
    match (here, global) {
        (Some(h), Some(g)) => text.push_str(&format!(" Rank #{h} here, #{g} overall.")),
        (None, Some(g)) => text.push_str(&format!(" Rank #{g} overall; no rated games here yet.")),
        _ => text.push_str(" Not ranked yet: play a rated game."),
    }
    Ok(Handled::reply(Reply::text(text)))
}

pub(crate) fn top(cx: &mut Ctx<'_>, global: bool, limit: Option<u32>) -> Result<Handled> {
    // Both parsers (text and Discord's slash command) pass any number through.
    let n = limit.unwrap_or(10).clamp(1, TOP_MAX);
    let scope = (!global).then(|| (cx.platform(), cx.scope()));
    let board = cx.env.store.leaderboard(scope, n)?;
    let title = if global {
        "Leaderboard, everyone"
    } else {
        "Leaderboard here"
    };
    if board.is_empty() {
        return Ok(Handled::reply(Reply::text(format!(
            "{title}: nobody has played a rated game yet."
        ))));
    }
    let mut lines = vec![format!("{title}:")];
    for r in board {
        lines.push(format!(
            "{}. {} {} ({} W / {} D / {} L)",
            r.rank,
            r.player.display_name,
            r.player.rating,
            r.player.wins,
            r.player.draws,
            r.player.losses
        ));
    }
    Ok(Handled::reply(Reply::text(lines.join("\n"))))
}

pub(crate) fn history(cx: &mut Ctx<'_>, user: Option<&str>) -> Result<Handled> {
    let p = who(cx, user)?;
    let store = &*cx.env.store;
    // Only the games of this channel: the others are for the channels they were played in.
    let rows = store.games_of(p.id, cx.platform(), cx.channel(), HISTORY_LEN)?;
    if rows.is_empty() {
        return Ok(Handled::reply(Reply::text(format!(
            "{} has not played in this channel yet.",
            p.display_name
        ))));
    }
    let mut lines = vec![format!(
        "Recent games of {} in this channel:",
        p.display_name
    )];
    for row in rows {
        let changes = store.rating_changes(row.id)?;
        let g = Game::load(store, row)?;
        let delta = changes
            .iter()
            .find(|c| c.0 == p.id)
            .map(|c| format!(" ({:+})", c.2 - c.1))
            .unwrap_or_default();
        let plies = match g.row.ply {
            1 => "1 move".to_string(),
            n => format!("{n} moves"),
        };
        lines.push(format!(
            "#{}: {}, {plies}, {}{delta}",
            g.id(),
            g.title(),
            state_text(&g)
        ));
    }
    Ok(Handled::reply(Reply::text(lines.join("\n"))))
}

pub(crate) fn export(cx: &mut Ctx<'_>, id: i64) -> Result<Handled> {
    let store = &*cx.env.store;
    // A game's details are for the channel it was played in.
    let row = match store.game(id)? {
        Some(row) if row.platform == cx.platform() && row.channel == cx.channel() => row,
        _ => return refuse(format!("There is no game #{id} in this channel.")),
    };
    let g = Game::load(store, row)?;
    // An analysed game's moves carry their marks (`?!`, `?`, `??`).
    let analysis = store.analysis(id)?;
    let (tags, better) = analysis.as_ref().map(review::marks).unwrap_or_default();
    let marked: Vec<String> = g
        .row
        .moves
        .iter()
        .enumerate()
        .map(|(i, mv)| format!("{mv}{}", tags.get(i).copied().unwrap_or("")))
        .collect();
    let numbered: Vec<String> = marked
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| format!("{}. {}", i + 1, pair.join(", ")))
        .collect();
    let mut text = format!(
        "Game #{}: {}. {}.\nStart: {}\nMoves: {}\nPosition: {}",
        g.id(),
        g.title(),
        capitalize(&state_text(&g)),
        g.row.start_position,
        if numbered.is_empty() {
            "(none)".to_string()
        } else {
            numbered.join(" ")
        },
        g.row.position
    );
    // The moves above are the final line; what was taken back on the way is said here.
    let takebacks: Vec<String> = store
        .takebacks(g.id())?
        .iter()
        .map(|t| {
            let moves: Vec<String> = t.moves.iter().map(ToString::to_string).collect();
            format!(
                "{} by {} after half-move {}",
                moves.join(", "),
                t.side,
                t.from_ply
            )
        })
        .collect();
    if !takebacks.is_empty() {
        text.push_str(&format!("\nTaken back: {}", takebacks.join("; ")));
    }
    if analysis.is_some() {
        text.push_str(&format!(
            "\nAnalysis: {}",
            if better.is_empty() {
                "no inaccuracy, mistake or blunder".to_string()
            } else {
                better.join("; ")
            }
        ));
    }
    Ok(Handled::reply(Reply::text(text)))
}

/// How a game stands: in progress, aborted, or its result ("Jade wins by ...").
fn state_text(g: &Game) -> String {
    match (g.row.status, g.row.outcome) {
        (GameStatus::Active, _) => "in progress".to_string(),
        (GameStatus::Aborted, _) => "aborted".to_string(),
        (GameStatus::Finished, Some(o)) => o.to_string(),
        (GameStatus::Finished, None) => "finished".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use crate::chat::{Command, Core, Event, Input, Place, Settings, User};
    use crate::store::Store;

    /// The entries of the global leaderboard `input` shows, with 60 ranked players.
    fn listed(input: Input) -> usize {
        let mut store = Store::open_in_memory().unwrap();
        for i in 0..60 {
            let name = format!("p{i}");
            store.upsert_player("test", &name, &name, 0).unwrap();
        }
        store
            .raw_execute("UPDATE players SET rated_games = 1")
            .unwrap();
        let mut core = Core::new(store, Settings::default());
        let event = Event {
            place: Place {
                platform: "test".into(),
                scope: "guild".into(),
                channel: "chan".into(),
            },
            sender: User::new("asker", "asker"),
            input,
            mentions: Vec::new(),
        };
        let replies = core.handle(&event, 1_800_000_000).replies;
        assert_eq!(replies.len(), 1);
        let text = &replies[0].text;
        assert!(text.starts_with("Leaderboard, everyone:"), "{text}");
        text.lines().filter(|l| l.contains(". p")).count()
    }

    #[test]
    fn top_lists_at_most_the_maximum_whichever_parser_asked() {
        let command = |limit| {
            Input::Command(Command::Top {
                global: true,
                limit,
            })
        };
        assert_eq!(listed(Input::Text("!jungle top global 99".into())), 50);
        assert_eq!(listed(command(Some(99))), 50);
        assert_eq!(listed(command(Some(u32::MAX))), 50);
        assert_eq!(listed(Input::Text("!jungle top global 0".into())), 1);
        assert_eq!(listed(command(Some(0))), 1);
        assert_eq!(listed(command(Some(7))), 7);
        assert_eq!(listed(command(None)), 10);
    }
}
