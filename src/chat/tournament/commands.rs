//! The tournament commands: `tournament` shows the one here with its standings, `tournament
//! history` the ones held here, `tournament export <id>` a tournament's games; moderators
//! announce an Arena or a Swiss, begin it now or call it off; players `join` and `withdraw`.

use engine::TimeControl;
use store::{NewTournament, StoreError, TournamentKind, TournamentRow, TournamentStatus};

use super::state::State;
use super::view;
use crate::command::TournamentCommand;
use crate::context::{Ctx, Handled, Result, refuse};
use crate::event::Reply;
use crate::game::Game;
use crate::info::state_text;
use crate::lang::{duration_name, tr};

/// The shortest and longest Arena.
const ARENA_SECS: (i64, i64) = (5 * 60, 24 * 3_600);
/// The fewest and most rounds of a Swiss.
const SWISS_ROUNDS: (u32, u32) = (2, 15);
/// The clock an Arena plays when the moderator names none: lichess's most played.
const ARENA_CLOCK: TimeControl = TimeControl::live(3, 2);
/// How many ended tournaments `tournament history` lists.
const HISTORY: u32 = 10;

pub(crate) fn tournament(cx: &mut Ctx<'_>, cmd: TournamentCommand) -> Result<Handled> {
    let moderated = matches!(
        cmd,
        TournamentCommand::Arena { .. }
            | TournamentCommand::Swiss { .. }
            | TournamentCommand::Start
            | TournamentCommand::Cancel
    );
    if cx.ev.place.is_private() {
        return refuse(tr!(cx.reader(), "tournament-private"));
    }
    if moderated && !cx.ev.sender.moderator {
        return refuse(tr!(
            cx.reader(),
            "tournament-moderators-only",
            who = cx.dialect().moderators(cx.reader())
        ));
    }
    match cmd {
        TournamentCommand::Show => show(cx),
        TournamentCommand::History => history(cx),
        TournamentCommand::Export { id } => export(cx, id),
        TournamentCommand::Arena {
            length_secs,
            clock,
            rated,
            delay_secs,
        } => announce(
            cx,
            TournamentKind::Arena,
            (length_secs, 0),
            clock,
            rated,
            delay_secs,
        ),
        TournamentCommand::Swiss {
            rounds,
            clock,
            rated,
            delay_secs,
        } => announce(
            cx,
            TournamentKind::Swiss,
            (0, rounds),
            clock,
            rated,
            delay_secs,
        ),
        TournamentCommand::Start => start(cx),
        TournamentCommand::Cancel => cancel(cx),
    }
}

fn live(cx: &Ctx<'_>) -> Result<Option<TournamentRow>> {
    Ok(cx.env.store.live_tournament(cx.platform(), cx.scope())?)
}

/// `tournament`: the live one with its state and standings, else the last one's final
/// standings, else how a moderator starts one.
fn show(cx: &mut Ctx<'_>) -> Result<Handled> {
    let lang = cx.reader();
    let store = cx.env.store;
    let t = match live(cx)? {
        Some(t) => t,
        None => match store
            .ended_tournaments((cx.platform(), cx.scope()), 1)?
            .into_iter()
            .next()
        {
            Some(t) => t,
            None => {
                return Ok(Handled::reply(Reply::text(tr!(
                    lang,
                    "tournament-none",
                    arena = cx.cmd(lang, "tournament arena 60m 3+2"),
                    swiss = cx.cmd(lang, "tournament swiss 5 rounds 1d")
                ))));
            }
        },
    };
    let state = State::load(store, t)?;
    let title = tr!(
        lang,
        "tournament-title",
        name = view::name(lang, &state.t),
        terms = view::terms(lang, &state.t),
        status = view::status(lang, &state.t, cx.now()),
        players = state.active_players().count()
    );
    let mut reply = view::standings(&state, lang, title);
    let open = state.t.status.is_live()
        && !(state.t.kind == TournamentKind::Arena
            && state.t.status == TournamentStatus::Running
            && cx.now() >= state.t.ends_at());
    if open {
        reply.text.push('\n');
        reply.text.push_str(&tr!(
            lang,
            "tournament-how-to-join",
            join = cx.cmd(lang, "join"),
            withdraw = cx.cmd(lang, "withdraw")
        ));
    }
    Ok(Handled::reply(reply))
}

/// `tournament history`: the tournaments held here, the latest first, with their winners.
fn history(cx: &mut Ctx<'_>) -> Result<Handled> {
    let lang = cx.reader();
    let store = cx.env.store;
    let ended = store.ended_tournaments((cx.platform(), cx.scope()), HISTORY)?;
    if ended.is_empty() {
        return Ok(Handled::reply(Reply::text(tr!(
            lang,
            "tournament-history-none"
        ))));
    }
    let mut lines = vec![tr!(lang, "tournament-history-title")];
    for t in ended {
        let cancelled = t.status == TournamentStatus::Cancelled;
        let state = State::load(store, t)?;
        let table = state.standings();
        let winner = table
            .first()
            .filter(|s| !cancelled && s.games_played > 0)
            .map(|s| state.name(s.player));
        lines.push(tr!(
            lang,
            "tournament-history-line",
            name = view::name(lang, &state.t),
            id = state.t.id,
            terms = view::terms(lang, &state.t),
            players = table.len(),
            winner = winner.unwrap_or_default(),
            state = if cancelled {
                "cancelled"
            } else if table.first().is_some_and(|s| s.games_played > 0) {
                "won"
            } else {
                "empty"
            }
        ));
    }
    lines.push(tr!(
        lang,
        "tournament-history-export",
        command = cx.cmd(lang, "tournament export 1")
    ));
    Ok(Handled::reply(Reply::text(lines.join("\n"))))
}

/// `tournament export <id>`: a tournament of this server or room, game by game.
fn export(cx: &mut Ctx<'_>, id: i64) -> Result<Handled> {
    let lang = cx.reader();
    let store = cx.env.store;
    let t = match store.tournament(id)? {
        Some(t) if t.platform == cx.platform() && t.scope == cx.scope() => t,
        _ => return refuse(tr!(lang, "tournament-no-such", id = id)),
    };
    let state = State::load(store, t)?;
    let mut lines = vec![tr!(
        lang,
        "tournament-export-title",
        name = view::name(lang, &state.t),
        terms = view::terms(lang, &state.t),
        games = state.games().count()
    )];
    for e in &state.entries {
        match (&e.game, e.bye) {
            (Some(row), _) => {
                let g = Game::load(store, row.clone())?;
                lines.push(tr!(
                    lang,
                    "tournament-export-game",
                    kind = state.t.kind.code(),
                    round = e.round,
                    game = g.id(),
                    title = g.title(lang),
                    state = state_text(lang, &g)
                ));
            }
            (None, Some(p)) => lines.push(tr!(
                lang,
                "tournament-export-bye",
                round = e.round,
                name = state.name(p)
            )),
            (None, None) => {}
        }
    }
    Ok(Handled::reply(Reply::text(lines.join("\n"))))
}

/// Announces an Arena (`length` seconds) or a Swiss (`rounds`), beginning after `delay`
/// (an Arena at once without one; a Swiss at `tournament start`).
fn announce(
    cx: &mut Ctx<'_>,
    kind: TournamentKind,
    (length_secs, rounds): (i64, u32),
    clock: Option<TimeControl>,
    rated: bool,
    delay: Option<i64>,
) -> Result<Handled> {
    let lang = cx.reader();
    let time_control = match (kind, clock) {
        (_, Some(c)) => c,
        (TournamentKind::Arena, None) => ARENA_CLOCK,
        (TournamentKind::Swiss, None) => crate::challenges::place_time(cx)?,
    };
    match kind {
        TournamentKind::Arena if !time_control.is_live() => {
            return refuse(tr!(lang, "tournament-arena-live"));
        }
        TournamentKind::Arena if !(ARENA_SECS.0..=ARENA_SECS.1).contains(&length_secs) => {
            return refuse(tr!(
                lang,
                "tournament-arena-length",
                shortest = duration_name(lang, ARENA_SECS.0),
                longest = duration_name(lang, ARENA_SECS.1)
            ));
        }
        TournamentKind::Swiss if !(SWISS_ROUNDS.0..=SWISS_ROUNDS.1).contains(&rounds) => {
            return refuse(tr!(
                lang,
                "tournament-swiss-rounds",
                fewest = SWISS_ROUNDS.0,
                most = SWISS_ROUNDS.1
            ));
        }
        _ => {}
    }
    let now = cx.now();
    let starts_at = match (kind, delay) {
        (_, Some(d)) => now + d,
        (TournamentKind::Arena, None) => now,
        (TournamentKind::Swiss, None) => i64::MAX,
    };
    let by = cx.ev.sender.id.clone();
    let new = NewTournament {
        platform: &cx.ev.place.platform,
        scope: &cx.ev.place.scope,
        channel: &cx.ev.place.channel,
        kind,
        rated,
        time_control,
        rounds,
        length_secs,
        starts_at,
        created_by: &by,
        now,
    };
    let t = match cx.env.store.create_tournament(&new) {
        Ok(t) => t,
        Err(StoreError::Conflict) => {
            let name = live(cx)?.map(|t| view::name(lang, &t)).unwrap_or_default();
            return refuse(tr!(
                lang,
                "tournament-one-at-a-time",
                name = name,
                cancel = cx.cmd(lang, "tournament cancel")
            ));
        }
        Err(e) => return Err(e.into()),
    };
    let lang = cx.lang();
    let when = match (kind, delay) {
        (_, Some(d)) => tr!(lang, "tournament-when-in", time = duration_name(lang, d)),
        (TournamentKind::Arena, None) => tr!(lang, "tournament-when-now"),
        (TournamentKind::Swiss, None) => tr!(
            lang,
            "tournament-when-start",
            command = cx.cmd(lang, "tournament start")
        ),
    };
    Ok(Handled::reply(Reply::text(tr!(
        lang,
        "tournament-announced",
        name = view::name(lang, &t),
        terms = view::terms(lang, &t),
        when = when,
        join = cx.cmd(lang, "join"),
        show = cx.cmd(lang, "tournament")
    ))))
}

/// `tournament start`: the announced tournament begins at once.
fn start(cx: &mut Ctx<'_>) -> Result<Handled> {
    let lang = cx.reader();
    let Some(t) = live(cx)?.filter(|t| t.status == TournamentStatus::Pending) else {
        return refuse(tr!(lang, "tournament-nothing-to-start"));
    };
    if !cx.env.store.start_tournament_now(&t, cx.now())? {
        return refuse(tr!(lang, "tournament-moved-on"));
    }
    Ok(Handled::reply(Reply::text(tr!(
        cx.lang(),
        "tournament-starting",
        name = view::name(cx.lang(), &t)
    ))))
}

/// `tournament cancel`: called off; games under way finish as ordinary games.
fn cancel(cx: &mut Ctx<'_>) -> Result<Handled> {
    let lang = cx.reader();
    let Some(t) = live(cx)? else {
        return refuse(tr!(lang, "tournament-nothing-live"));
    };
    let change = store::TournamentChange {
        status: TournamentStatus::Cancelled,
        round: t.round,
        round_deadline: None,
        games: Vec::new(),
        byes: Vec::new(),
        withdraw: Vec::new(),
        now: cx.now(),
    };
    if cx.env.store.change_tournament(&t, &change)?.is_none() {
        return refuse(tr!(lang, "tournament-moved-on"));
    }
    Ok(Handled::reply(Reply::text(tr!(
        cx.lang(),
        "tournament-cancelled",
        name = view::name(cx.lang(), &t)
    ))))
}

/// `join`: into the live tournament here.
pub(crate) fn join(cx: &mut Ctx<'_>) -> Result<Handled> {
    let lang = cx.reader();
    if cx.ev.place.is_private() {
        return refuse(tr!(lang, "tournament-private"));
    }
    // An Arena whose time is up only waits for its last games.
    let Some(t) = live(cx)?.filter(|t| {
        !(t.kind == TournamentKind::Arena
            && t.status == TournamentStatus::Running
            && cx.now() >= t.ends_at())
    }) else {
        return refuse(tr!(lang, "tournament-nothing-to-join"));
    };
    if !cx.env.store.join_tournament(t.id, cx.me.id, cx.now())? {
        return refuse(tr!(
            lang,
            "tournament-joined-already",
            name = view::name(lang, &t),
            withdraw = cx.cmd(lang, "withdraw")
        ));
    }
    let players = cx
        .env
        .store
        .tournament_players(t.id)?
        .iter()
        .filter(|p| !p.withdrawn)
        .count();
    let lang = cx.lang();
    let when = match t.status {
        TournamentStatus::Pending => view::status(lang, &t, cx.now()),
        _ => match t.kind {
            TournamentKind::Arena => tr!(lang, "tournament-join-arena"),
            TournamentKind::Swiss => tr!(lang, "tournament-join-swiss"),
        },
    };
    Ok(Handled::reply(Reply::text(tr!(
        lang,
        "tournament-joined",
        name = &cx.me.display_name,
        tournament = view::name(lang, &t),
        players = players,
        when = when
    ))))
}

/// `withdraw`: out of the live tournament here; results stay, games under way go on.
pub(crate) fn withdraw(cx: &mut Ctx<'_>) -> Result<Handled> {
    let lang = cx.reader();
    let live = if cx.ev.place.is_private() {
        None
    } else {
        live(cx)?
    };
    let Some(t) = live else {
        return refuse(tr!(lang, "tournament-nothing-live"));
    };
    if !cx.env.store.withdraw_from_tournament(t.id, cx.me.id)? {
        return refuse(tr!(
            lang,
            "tournament-not-in",
            name = view::name(lang, &t),
            join = cx.cmd(lang, "join")
        ));
    }
    Ok(Handled::reply(Reply::text(tr!(
        cx.lang(),
        "tournament-withdrew",
        name = &cx.me.display_name,
        tournament = view::name(cx.lang(), &t),
        join = cx.cmd(cx.lang(), "join")
    ))))
}
