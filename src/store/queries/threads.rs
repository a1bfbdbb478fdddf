//! A game's own conversation in its channel: a Discord thread made for it, a Matrix thread's
//! root event. Found from the game (where its replies go) and from the thread (which channel a
//! message typed there belongs to); closed once, when the game ends.

use crate::failure::Result;
use crate::rows::GameThread;
use crate::sql::{Cells, Sql, args};

fn thread_row(r: &dyn Cells) -> Result<GameThread> {
    Ok(GameThread {
        game_id: r.int(0)?,
        channel: r.text(1)?,
        thread: r.text(2)?,
        open: r.flag(3)?,
    })
}

/// Notes that game `game_id`'s conversation is `thread` in `channel` (again, if it was).
pub(crate) fn open_thread(
    c: &mut dyn Sql,
    platform: &str,
    game_id: i64,
    channel: &str,
    thread: &str,
) -> Result<()> {
    c.exec(
        "INSERT INTO game_threads (platform, game_id, channel, thread, open)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (platform, game_id) DO UPDATE SET channel = $3, thread = $4, open = $5",
        args![platform, game_id, channel, thread, true],
    )?;
    Ok(())
}

pub(crate) fn thread_of_game(
    c: &mut dyn Sql,
    platform: &str,
    game_id: i64,
) -> Result<Option<GameThread>> {
    c.row(
        "SELECT game_id, channel, thread, open FROM game_threads
         WHERE platform = $1 AND game_id = $2",
        args![platform, game_id],
        thread_row,
    )
}

pub(crate) fn game_of_thread(
    c: &mut dyn Sql,
    platform: &str,
    thread: &str,
) -> Result<Option<GameThread>> {
    c.row(
        "SELECT game_id, channel, thread, open FROM game_threads
         WHERE platform = $1 AND thread = $2",
        args![platform, thread],
        thread_row,
    )
}

/// Marks the game's thread closed; true for the one caller that closed it (it archives it).
pub(crate) fn close_thread(c: &mut dyn Sql, platform: &str, game_id: i64) -> Result<bool> {
    let n = c.exec(
        "UPDATE game_threads SET open = $3 WHERE platform = $1 AND game_id = $2 AND open = $4",
        args![platform, game_id, false, true],
    )?;
    Ok(n == 1)
}
