//! `notify on|off`: whether a player is mentioned when it is their turn and reminded before a
//! game ends on time. Everyone is until they say otherwise; the choice is the player's, on
//! their platform, in every channel.

use crate::lang::tr;

use super::context::{Ctx, Handled, Result};
use super::event::Reply;

/// `notify` (what is set now) or `notify on|off` (set it), answered privately.
pub(crate) fn notify(cx: &mut Ctx<'_>, on: Option<bool>) -> Result<Handled> {
    let store = cx.env.store;
    let on = match on {
        Some(on) => {
            store.set_notify(cx.me.id, on)?;
            on
        }
        None => store.notifies(cx.me.id)?,
    };
    let lang = cx.reader();
    let text = if on {
        tr!(lang, "notify-on", off = cx.cmd(lang, "notify off"))
    } else {
        tr!(lang, "notify-off", on = cx.cmd(lang, "notify on"))
    };
    Ok(Handled::reply(Reply::private(text)))
}
