//! Read-only commands: games in a channel, ratings, leaderboards, history, game export.

use crate::lang::{Lang, outcome_text, side_name, time_control_name, tr};
use crate::rating::shown_rating;
use store::{GameStatus, PlayerRow};

use super::command::TOP_MAX;
use super::context::{Ctx, Handled, Result, refuse};
use super::event::Reply;
use super::game::{Game, capitalize};
use super::lookup::resolve_user;
use super::review;
use super::season::{self, Season};

const HISTORY_LEN: u32 = 10;

pub(crate) fn games(cx: &mut Ctx<'_>) -> Result<Handled> {
    let store = cx.env.store;
    let rows = store.active_games(cx.platform(), cx.channel())?;
    let lang = cx.reader();
    if rows.is_empty() {
        return Ok(Handled::reply(Reply::text(tr!(
            lang,
            "games-none",
            challenge = cx.cmd(
                lang,
                &format!("challenge {}", tr!(lang, "placeholder-user"))
            ),
            play = cx.cmd(lang, "play bot")
        ))));
    }
    let mut lines = vec![tr!(lang, "games-title", count = rows.len())];
    for row in rows {
        let g = Game::load(store, row)?;
        lines.push(tr!(
            lang,
            "games-line",
            game = g.id(),
            title = g.title(lang),
            time = time_control_name(lang, g.row.time_control),
            number = g.pos().fullmove_number(),
            name = g.to_move().name(lang)
        ));
    }
    Ok(Handled::reply(Reply::text(lines.join("\n"))))
}

/// The player a command names, or the sender.
pub(crate) fn who(cx: &mut Ctx<'_>, user: Option<&str>) -> Result<PlayerRow> {
    match user {
        Some(token) => resolve_user(cx, token),
        None => Ok(cx.me.clone()),
    }
}

pub(crate) fn top(
    cx: &mut Ctx<'_>,
    global: bool,
    all: bool,
    limit: Option<u32>,
) -> Result<Handled> {
    // Both parsers (text and Discord's slash command) pass any number through.
    let n = limit.unwrap_or(10).clamp(1, TOP_MAX);
    // A conversation has no community of its own to rank: say what works here instead.
    if !global && cx.ev.place.is_private() {
        let lang = cx.reader();
        return Ok(Handled::reply(Reply::text(tr!(
            lang,
            "top-private",
            everyone = cx.cmd(lang, "top global"),
            rating = cx.cmd(lang, "rating")
        ))));
    }
    let store = cx.env.store;
    let place = (cx.platform(), cx.scope());
    if !global
        && !all
        && let Some(season) = season::current(store, place, cx.now())?
    {
        return season_top(cx, season, n);
    }
    let bots = !global && store.leaderboard_bots(place.0, place.1)?;
    let board = store.leaderboard((!global).then_some(place), bots, n)?;
    let lang = cx.reader();
    let whose = if global { "everyone" } else { "here" };
    if board.is_empty() {
        let mut text = tr!(lang, "top-empty", whose = whose);
        if !bots {
            // Someone who lost to the bot would wonder where their game went.
            text.push(' ');
            text.push_str(&tr!(lang, "top-bots-left-out"));
        }
        return Ok(Handled::reply(Reply::text(text)));
    }
    let mut lines = vec![tr!(lang, "top-title", whose = whose)];
    for r in board {
        lines.push(tr!(
            lang,
            "top-line",
            rank = r.rank,
            name = &r.player.display_name,
            rating = shown_rating(r.player.rating, r.player.rated_games),
            wins = r.player.wins,
            draws = r.player.draws,
            losses = r.player.losses
        ));
    }
    Ok(Handled::reply(Reply::text(lines.join("\n"))))
}

/// `top` where the leaderboard runs by season: the season's players.
fn season_top(cx: &mut Ctx<'_>, season: Season, n: u32) -> Result<Handled> {
    let (lines, min) = season::board(cx.env.store, (cx.platform(), cx.scope()), season, n)?;
    let lang = cx.reader();
    let all = cx.cmd(lang, "top all");
    let name = season.name(lang);
    if lines.is_empty() {
        return Ok(Handled::reply(Reply::text(tr!(
            lang,
            "top-season-empty",
            season = name,
            games = min,
            all = all
        ))));
    }
    let mut text = vec![tr!(lang, "top-season-title", season = name, games = min)];
    text.extend(lines.iter().map(|l| season::line(lang, l)));
    text.push(tr!(lang, "top-season-all", all = all));
    Ok(Handled::reply(Reply::text(text.join("\n"))))
}

pub(crate) fn history(cx: &mut Ctx<'_>, user: Option<&str>) -> Result<Handled> {
    let p = who(cx, user)?;
    let store = cx.env.store;
    // Only the games of this channel: the others are for the channels they were played in.
    let rows = store.games_of(p.id, cx.platform(), cx.channel(), HISTORY_LEN)?;
    let lang = cx.reader();
    if rows.is_empty() {
        return Ok(Handled::reply(Reply::text(tr!(
            lang,
            "history-none",
            name = &p.display_name
        ))));
    }
    let mut lines = vec![tr!(lang, "history-title", name = &p.display_name)];
    for row in rows {
        let changes = store.rating_changes(row.id)?;
        let g = Game::load(store, row)?;
        let line = tr!(
            lang,
            "history-line",
            game = g.id(),
            title = g.title(lang),
            time = time_control_name(lang, g.row.time_control),
            plies = g.row.ply,
            state = state_text(lang, &g)
        );
        lines.push(match changes.iter().find(|c| c.0 == p.id) {
            Some(c) => tr!(
                lang,
                "history-line-rated",
                line = line,
                delta = format!("{:+}", c.2 - c.1)
            ),
            None => line,
        });
    }
    Ok(Handled::reply(Reply::text(lines.join("\n"))))
}

pub(crate) fn export(cx: &mut Ctx<'_>, id: i64) -> Result<Handled> {
    let store = cx.env.store;
    // A game's details are for the channel it was played in.
    let row = match store.game(id)? {
        Some(row) if row.platform == cx.platform() && row.channel == cx.channel() => row,
        _ => return refuse(tr!(cx.reader(), "no-such-game-here", game = id)),
    };
    let lang = cx.reader();
    let g = Game::load(store, row)?;
    // An analysed game's moves carry their marks (`?!`, `?`, `??`).
    let analysis = store.analysis(id)?;
    let (tags, better) = analysis
        .as_ref()
        .map(|a| review::marks(lang, a))
        .unwrap_or_default();
    let marked: Vec<String> = g
        .row
        .moves
        .iter()
        .enumerate()
        .map(|(i, mv)| format!("{mv}{}", tags.get(i).copied().unwrap_or("")))
        .collect();
    let list = tr!(lang, "list-separator");
    let numbered: Vec<String> = marked
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| {
            tr!(
                lang,
                "export-move-pair",
                number = i + 1,
                moves = pair.join(&list)
            )
        })
        .collect();
    let mut text = tr!(
        lang,
        "export",
        game = g.id(),
        title = g.title(lang),
        time = time_control_name(lang, g.row.time_control),
        state = capitalize(&state_text(lang, &g)),
        start = g.row.start_position.to_string(),
        moves = if numbered.is_empty() {
            tr!(lang, "export-no-moves")
        } else {
            numbered.join(&tr!(lang, "sentence-separator"))
        },
        position = g.row.position.to_string()
    );
    // The moves above are the final line; what was taken back on the way is said here.
    let takebacks: Vec<String> = store
        .takebacks(g.id())?
        .iter()
        .map(|t| {
            let moves: Vec<String> = t.moves.iter().map(ToString::to_string).collect();
            tr!(
                lang,
                "export-takeback",
                moves = moves.join(&list),
                side = side_name(lang, t.side),
                ply = t.from_ply
            )
        })
        .collect();
    if !takebacks.is_empty() {
        text.push('\n');
        text.push_str(&tr!(
            lang,
            "export-taken-back",
            takebacks = takebacks.join(&tr!(lang, "clause-separator"))
        ));
    }
    if analysis.is_some() {
        text.push('\n');
        text.push_str(&tr!(
            lang,
            "export-analysis",
            marks = if better.is_empty() {
                tr!(lang, "export-analysis-clean")
            } else {
                better.join(&tr!(lang, "clause-separator"))
            }
        ));
    }
    Ok(Handled::reply(Reply::text(text)))
}

/// How a game stands: in progress, aborted, or its result ("Jade wins by ...").
pub(crate) fn state_text(lang: Lang, g: &Game) -> String {
    match (g.row.status, g.row.outcome) {
        (GameStatus::Active, _) => tr!(lang, "state-in-progress"),
        (GameStatus::Aborted, _) => tr!(lang, "state-aborted"),
        (GameStatus::Finished, Some(o)) => outcome_text(lang, o),
        (GameStatus::Finished, None) => tr!(lang, "state-finished"),
    }
}

#[cfg(test)]
mod tests {
    use crate::{Command, Core, Event, Input, Place, Settings, User};
    use store::Store;

    /// The entries of the global leaderboard `input` shows, with 60 ranked players.
    fn listed(input: Input) -> usize {
        let store = Store::open_in_memory().unwrap();
        for i in 0..60 {
            let name = format!("p{i}");
            store.upsert_player("test", &name, &name, 0).unwrap();
        }
        // A rated game between the first two, recorded for everyone (the leaderboard lists
        // players with a rated game between people).
        store
            .raw_execute(
                "UPDATE players SET rated_games = 1;
                 INSERT INTO games (id, platform, scope, channel, jade_id, crimson_id,
                     start_position, position, created_at, last_move_at)
                 VALUES (1, 'test', 'guild', 'chan', 1, 2, '', '', 0, 0);
                 INSERT INTO rating_history (player_id, game_id, scope, before, after, at)
                     SELECT id, 1, 'guild', 1200, 1200, 0 FROM players",
            )
            .unwrap();
        let core = Core::new(store, Settings::default());
        let event = Event {
            place: Place {
                platform: "test".into(),
                scope: "guild".into(),
                channel: "chan".into(),
                locale: None,
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
                all: false,
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
