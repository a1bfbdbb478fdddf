//! Moderators' commands: end a game unrated, make the bot ignore a channel (or answer again),
//! and show what is set here. Who may moderate is the platform's call (the adapter marks the
//! sender); everyone else is told who may.

use crate::store::Finish;

use super::command::AdminCommand;
use super::context::{Ctx, Handled, Result, refuse};
use super::event::Reply;
use super::game::Game;

pub(crate) fn admin(cx: &mut Ctx<'_>, cmd: AdminCommand) -> Result<Handled> {
    if !cx.ev.sender.moderator {
        return refuse(format!(
            "Only {} may use the moderators' commands.",
            cx.dialect().moderators
        ));
    }
    match cmd {
        AdminCommand::Abort { game } => abort(cx, game),
        AdminCommand::Channel { on } => channel(cx, on),
        AdminCommand::Settings => settings(cx),
    }
}

fn abort(cx: &mut Ctx<'_>, id: i64) -> Result<Handled> {
    let store = &*cx.env.store;
    let row = match store.game(id)? {
        Some(row) if row.platform == cx.platform() && row.channel == cx.channel() => row,
        _ => return refuse(format!("There is no game #{id} in this channel.")),
    };
    let game = Game::load(store, row)?;
    if !game.is_active() {
        return refuse(format!("Game #{id} is already over."));
    }
    if !cx
        .env
        .store
        .finish_game(id, game.row.ply, &Finish::aborted(), cx.now())?
    {
        return refuse("The game moved on before that arrived; try again.");
    }
    let mut view = game.view(None);
    view.result = Some("Aborted by a moderator: not rated".into());
    Ok(Handled::reply(Reply {
        text: format!(
            "A moderator ({}) aborted game #{id}. It is not rated.",
            cx.me.display_name
        ),
        board: Some(view),
        mentions: game.users(),
        retired_buttons: game.button_ids(),
        ..Reply::default()
    }))
}

fn channel(cx: &mut Ctx<'_>, on: bool) -> Result<Handled> {
    let (platform, channel) = (cx.platform().to_string(), cx.channel().to_string());
    let by = cx.ev.sender.id.clone();
    let now = cx.now();
    cx.env
        .store
        .set_channel_enabled(&platform, &channel, on, &by, now)?;
    let text = if on {
        format!(
            "I answer in this channel again. Try {} to start.",
            cx.cmd("help")
        )
    } else {
        format!(
            "I will ignore this channel until a moderator types {}. Games here keep their timers.",
            cx.cmd("admin channel on")
        )
    };
    Ok(Handled::reply(Reply::text(text)))
}

fn settings(cx: &mut Ctx<'_>) -> Result<Handled> {
    let s = cx.env.settings;
    let d = cx.dialect();
    let on = cx.env.store.channel_enabled(cx.platform(), cx.channel())?;
    let how = match &d.spelling {
        super::dialect::Spelling::Prefix(p) => format!("commands start with `{p}`"),
        super::dialect::Spelling::Slash(name) => format!("commands are `/{name}` subcommands"),
        super::dialect::Spelling::Bare => "commands are typed bare".to_string(),
    };
    let lines = [
        "Settings here:".to_string(),
        format!("- Language: English; {how}."),
        format!(
            "- This channel: {}.",
            if on { "on" } else { "off (ignored)" }
        ),
        format!(
            "- Games: rated unless started with `casual`; the bot plays {} unless asked otherwise (ratings {}, {}, {}).",
            s.default_level, s.bot_ratings[0], s.bot_ratings[1], s.bot_ratings[2]
        ),
        format!(
            "- Challenges expire after {} minutes; a player who does not move within {} hours loses.",
            s.challenge_expiry_secs / 60,
            s.move_timeout_secs / 3600
        ),
        format!(
            "- Limits per user: {} commands per {} seconds, {} new games per hour.",
            s.limits.commands, s.limits.window_secs, s.limits.games_per_hour
        ),
        format!("- Moderators: {}.", d.moderators),
    ];
    Ok(Handled::reply(Reply::text(lines.join("\n"))))
}
