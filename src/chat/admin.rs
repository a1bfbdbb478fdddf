//! Moderators' commands: end a game unrated, make the bot ignore a channel (or answer again),
//! show what is set here, choose the clock of new games here (`admin time`) and the language
//! the bot speaks here (`lang`), whether the leaderboard runs by season and counts games
//! against the bot. Who may moderate is the platform's call (the adapter marks the
//! sender); everyone else is told who may.

use crate::lang::{Lang, language_name, time_control_name, tr};
use engine::TimeControl;
use store::{Finish, SeasonLength};

use super::command::AdminCommand;
use super::context::{Ctx, Handled, Result, refuse};
use super::event::{Reply, Thread};
use super::game::Game;
use super::season::Season;

pub(crate) fn admin(cx: &mut Ctx<'_>, cmd: AdminCommand) -> Result<Handled> {
    if !cx.ev.sender.moderator {
        return refuse(tr!(
            cx.reader(),
            "moderators-only",
            who = cx.dialect().moderators(cx.reader())
        ));
    }
    match cmd {
        AdminCommand::Abort { game } => abort(cx, game),
        AdminCommand::Channel { on } => channel(cx, on),
        AdminCommand::Settings => settings(cx),
        AdminCommand::Time { clock, reset } => time(cx, clock, reset),
        AdminCommand::Threads { on } => threads(cx, on),
        AdminCommand::Season { length, min_games } => season(cx, length, min_games),
        AdminCommand::Bots { on } => bots(cx, on),
    }
}

/// The most rated games a moderator can ask of a season's players.
const SEASON_GAMES_MAX: u32 = 100;

/// `admin season`: how the leaderboard here runs; `admin season month|quarter|off` chooses,
/// `admin season 8` the rated games a season's players need. Ratings carry on either way.
fn season(
    cx: &mut Ctx<'_>,
    length: Option<Option<SeasonLength>>,
    min_games: Option<u32>,
) -> Result<Handled> {
    let lang = cx.lang();
    if let Some(g) = min_games
        && !(1..=SEASON_GAMES_MAX).contains(&g)
    {
        return refuse(tr!(
            cx.reader(),
            "season-games-range",
            max = SEASON_GAMES_MAX
        ));
    }
    let place = (cx.platform().to_string(), cx.scope().to_string());
    let place = (place.0.as_str(), place.1.as_str());
    let (by, now) = (cx.ev.sender.id.clone(), cx.now());
    let store = cx.env.store;
    let mut lines = Vec::new();
    if let Some(length) = length {
        // The season under way is announced when it ends; the one before it never was.
        let key = length.map(|l| Season::at(l, now).previous().key());
        let channel = cx.channel().to_string();
        store.set_season(
            place,
            length
                .zip(key.as_deref())
                .map(|(l, k)| (l, channel.as_str(), k)),
            &by,
            now,
        )?;
        lines.push(match length {
            Some(l) => tr!(
                lang,
                "season-set",
                season = Season::at(l, now).name(lang),
                top = cx.cmd(lang, "top"),
                all = cx.cmd(lang, "top all")
            ),
            None => tr!(lang, "season-set-off"),
        });
    }
    if let Some(games) = min_games {
        store.set_season_min_games(place, Some(games), &by, now)?;
        lines.push(tr!(lang, "season-games-set", games = games));
    }
    if lines.is_empty() {
        lines.push(season_line(cx, lang)?);
        return Ok(Handled::reply(Reply::private(lines.join("\n"))));
    }
    Ok(Handled::reply(Reply::text(lines.join("\n"))))
}

/// The settings line about seasons: which one is under way and what it asks, or none.
fn season_line(cx: &Ctx<'_>, lang: Lang) -> Result<String> {
    let place = (cx.platform(), cx.scope());
    let store = cx.env.store;
    Ok(match super::season::current(store, place, cx.now())? {
        Some(s) => {
            let (start, end) = s.span();
            tr!(
                lang,
                "settings-season-on",
                season = s.name(lang),
                games = store
                    .season_min_games(place.0, place.1)?
                    .unwrap_or(super::season::DEFAULT_MIN_GAMES),
                days = (end - cx.now().max(start) + 86_399) / 86_400,
                command = cx.cmd(lang, "admin season off")
            )
        }
        None => tr!(
            lang,
            "settings-season-off",
            command = cx.cmd(lang, "admin season month")
        ),
    })
}

/// `admin bots`: whether rated games against the bot put players on the leaderboard here;
/// `admin bots on|off` chooses. They count for the rating either way.
fn bots(cx: &mut Ctx<'_>, on: Option<bool>) -> Result<Handled> {
    let lang = cx.lang();
    let Some(on) = on else {
        return Ok(Handled::reply(Reply::private(bots_line(cx, lang)?)));
    };
    let place = (cx.platform().to_string(), cx.scope().to_string());
    let (by, now) = (cx.ev.sender.id.clone(), cx.now());
    cx.env
        .store
        .set_leaderboard_bots((&place.0, &place.1), on, &by, now)?;
    Ok(Handled::reply(Reply::text(if on {
        tr!(lang, "bots-set-on")
    } else {
        tr!(lang, "bots-set-off")
    })))
}

fn bots_line(cx: &Ctx<'_>, lang: Lang) -> Result<String> {
    Ok(
        if cx.env.store.leaderboard_bots(cx.platform(), cx.scope())? {
            tr!(
                lang,
                "settings-bots-on",
                command = cx.cmd(lang, "admin bots off")
            )
        } else {
            tr!(
                lang,
                "settings-bots-off",
                command = cx.cmd(lang, "admin bots on")
            )
        },
    )
}

/// `admin threads`: whether games between people here get a thread of their own; `admin
/// threads off|on` chooses. Games already under way stay where they are.
fn threads(cx: &mut Ctx<'_>, on: Option<bool>) -> Result<Handled> {
    let lang = cx.lang();
    if !cx.dialect().threads || cx.ev.place.is_private() {
        return refuse(tr!(cx.reader(), "threads-none-here"));
    }
    let (platform, scope) = (cx.platform().to_string(), cx.scope().to_string());
    let Some(on) = on else {
        let now_on = super::challenges::threads_on(cx)?;
        let text = if now_on {
            tr!(
                lang,
                "threads-current-on",
                command = cx.cmd(lang, "admin threads off")
            )
        } else {
            tr!(
                lang,
                "threads-current-off",
                command = cx.cmd(lang, "admin threads on")
            )
        };
        return Ok(Handled::reply(Reply::text(text)));
    };
    let (by, now) = (cx.ev.sender.id.clone(), cx.now());
    cx.env
        .store
        .set_threads_enabled(&platform, &scope, on, &by, now)?;
    Ok(Handled::reply(Reply::text(if on {
        tr!(lang, "threads-set-on")
    } else {
        tr!(lang, "threads-set-off")
    })))
}

/// The settings line about games' threads, where the platform has them: on or off, and why
/// the bot could not open one here, if it could not.
fn threads_line(cx: &Ctx<'_>, lang: Lang) -> Result<Option<String>> {
    if !cx.dialect().threads || cx.ev.place.is_private() {
        return Ok(None);
    }
    let store = cx.env.store;
    if !super::challenges::threads_on(cx)? {
        return Ok(Some(tr!(
            lang,
            "settings-threads-off",
            command = cx.cmd(lang, "admin threads on")
        )));
    }
    let on = tr!(
        lang,
        "settings-threads-on",
        command = cx.cmd(lang, "admin threads off")
    );
    Ok(Some(
        match store.threads_problem(cx.platform(), cx.scope())? {
            Some(why) => {
                let why = match why.as_str() {
                    "forbidden" => tr!(lang, "threads-problem-forbidden"),
                    "full" => tr!(lang, "threads-problem-full"),
                    _ => tr!(lang, "threads-problem-none"),
                };
                format!("{on}\n{}", tr!(lang, "settings-threads-problem", why = why))
            }
            None => on,
        },
    ))
}

/// `admin time`: the clock new games here play; `admin time 5+3` chooses one, `admin time
/// default` goes back to the configured one. Games already started keep theirs.
fn time(cx: &mut Ctx<'_>, clock: Option<TimeControl>, reset: bool) -> Result<Handled> {
    let lang = cx.lang();
    let (platform, scope) = (cx.platform().to_string(), cx.scope().to_string());
    if clock.is_none() && !reset {
        let current = super::challenges::place_time(cx)?;
        let text = tr!(
            lang,
            "time-current",
            time = time_control_name(lang, current),
            command = cx.cmd(lang, "admin time 3d")
        );
        return Ok(Handled::reply(Reply::private(text)));
    }
    let (by, now) = (cx.ev.sender.id.clone(), cx.now());
    cx.env
        .store
        .set_default_time_control(&platform, &scope, clock, &by, now)?;
    let chosen = clock.unwrap_or(cx.env.settings.time_control);
    let name = time_control_name(lang, chosen);
    let text = if clock.is_some() {
        tr!(lang, "time-set", time = name)
    } else {
        tr!(lang, "time-default", time = name)
    };
    Ok(Handled::reply(Reply::text(text)))
}

fn abort(cx: &mut Ctx<'_>, id: i64) -> Result<Handled> {
    let store = cx.env.store;
    let row = match store.game(id)? {
        Some(row) if row.platform == cx.platform() && row.channel == cx.channel() => row,
        _ => return refuse(tr!(cx.reader(), "no-such-game-here", game = id)),
    };
    let game = Game::load(store, row)?;
    if !game.is_active() {
        return refuse(tr!(cx.reader(), "game-over-already", game = id));
    }
    if !cx
        .env
        .store
        .finish_game(id, game.row.ply, &Finish::aborted(), cx.now())?
    {
        return refuse(tr!(cx.reader(), "game-moved-on"));
    }
    let lang = cx.lang();
    let mut view = game.view(lang, None);
    view.result = Some(tr!(lang, "result-aborted-by-moderator"));
    let text = tr!(
        lang,
        "aborted-by-moderator",
        name = &cx.me.display_name,
        game = id
    );
    Ok(Handled::reply(Reply {
        headline: Some(text.clone()),
        text,
        board: Some(view),
        mentions: game.users(),
        retired_buttons: game.button_ids(),
        thread: Some(Thread::Close),
        ..Reply::default()
    }))
}

fn channel(cx: &mut Ctx<'_>, on: bool) -> Result<Handled> {
    let (platform, channel) = (cx.platform().to_string(), cx.channel().to_string());
    let by = cx.ev.sender.id.clone();
    let now = cx.now();
    // Switched off, a channel hears nothing but `admin channel on`: not a second `off` either.
    if !on && !cx.env.store.channel_enabled(&platform, &channel)? {
        return Ok(Handled::default());
    }
    cx.env
        .store
        .set_channel_enabled(&platform, &channel, on, &by, now)?;
    let text = if on {
        tr!(cx.lang(), "channel-on", help = cx.cmd(cx.lang(), "help"))
    } else {
        tr!(
            cx.lang(),
            "channel-off",
            command = cx.cmd(cx.lang(), "admin channel on")
        )
    };
    Ok(Handled::reply(Reply::text(text)))
}

fn settings(cx: &mut Ctx<'_>) -> Result<Handled> {
    let s = cx.env.settings;
    let d = cx.dialect();
    let on = cx.env.store.channel_enabled(cx.platform(), cx.channel())?;
    let lang = cx.reader();
    let how = match &d.spelling {
        super::dialect::Spelling::Prefix(p) => {
            tr!(lang, "settings-spelling-prefix", prefix = format!("`{p}`"))
        }
        super::dialect::Spelling::Slash(name) => {
            let command = d
                .slash_command(lang)
                .unwrap_or_else(|| format!("`/{name}`"));
            tr!(lang, "settings-spelling-slash", command = command)
        }
        super::dialect::Spelling::Bare => tr!(lang, "settings-spelling-bare"),
    };
    let chosen = super::context::language_set(cx.env.store, cx.platform(), cx.scope());
    let language = match chosen {
        Some(l) => tr!(
            lang,
            "settings-language-set",
            language = language_name(lang, l)
        ),
        None => tr!(
            lang,
            "settings-language-auto",
            language = language_name(lang, cx.lang())
        ),
    };
    let lines = [
        tr!(lang, "settings-title"),
        tr!(
            lang,
            "settings-language",
            language = language,
            spelling = how
        ),
        if on {
            tr!(lang, "settings-channel-on")
        } else {
            tr!(lang, "settings-channel-off")
        },
        tr!(
            lang,
            "settings-games",
            level = crate::lang::level_name(lang, s.default_level),
            ratings = s
                .bot_ratings
                .iter()
                .map(i32::to_string)
                .collect::<Vec<_>>()
                .join(&tr!(lang, "list-separator"))
        ),
        tr!(
            lang,
            "settings-timers",
            minutes = s.challenge_expiry_secs / 60,
            time = time_control_name(lang, super::challenges::place_time(cx)?),
            command = cx.cmd(lang, "admin time")
        ),
        tr!(
            lang,
            "settings-limits",
            commands = s.limits.commands,
            seconds = s.limits.window_secs,
            games = s.limits.games_per_hour
        ),
        tr!(lang, "settings-moderators", who = d.moderators(lang)),
    ];
    let mut lines = lines.to_vec();
    if let Some(threads) = threads_line(cx, lang)? {
        lines.insert(lines.len() - 1, threads);
    }
    lines.insert(lines.len() - 1, season_line(cx, lang)?);
    lines.insert(lines.len() - 1, bots_line(cx, lang)?);
    Ok(Handled::reply(Reply::text(lines.join("\n"))))
}

/// `lang`: the language spoken here and the choices; `lang <code>`: a moderator's choice for
/// this server or room (anyone's at the console, where everyone moderates).
pub(crate) fn language(cx: &mut Ctx<'_>, code: Option<Lang>) -> Result<Handled> {
    let Some(new) = code else {
        let lang = cx.reader();
        let chosen = super::context::language_set(cx.env.store, cx.platform(), cx.scope());
        let (language, command) = (
            language_name(lang, chosen.unwrap_or(lang)),
            cx.cmd(lang, "lang zh-CN"),
        );
        let text = if chosen.is_some() {
            tr!(
                lang,
                "lang-current-set",
                language = language,
                command = command
            )
        } else {
            tr!(
                lang,
                "lang-current-auto",
                language = language,
                command = command
            )
        };
        return Ok(Handled::reply(Reply::private(text)));
    };
    if !cx.ev.sender.moderator {
        return refuse(tr!(
            cx.reader(),
            "lang-moderators-only",
            who = cx.dialect().moderators(cx.reader())
        ));
    }
    let (platform, scope) = (cx.platform().to_string(), cx.scope().to_string());
    let by = cx.ev.sender.id.clone();
    let now = cx.now();
    cx.env
        .store
        .set_language(&platform, &scope, new.code(), &by, now)?;
    Ok(Handled::reply(Reply::text(tr!(
        new,
        "lang-set",
        language = language_name(new, new),
        help = cx.cmd(new, "help")
    ))))
}
