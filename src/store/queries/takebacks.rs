//! Taking moves back, recorded so the game's history stays honest (`export` lists what was
//! taken back): the game is replayed from its start without the moves taken.

use crate::codec;
use crate::decode::{self, GAME_COLUMNS};
use crate::failure::{Result, StoreError};
use crate::rows::{GameRow, Takeback, Timing};
use crate::sql::{Sql, args};
use engine::{Move, Side};

/// Takes back the last `plies` moves of a game still active at `expected_ply`, asked for by
/// `side`; the game as it is now, or `None` (nothing written) when it moved on or ended.
pub(crate) fn take_back(
    c: &mut dyn Sql,
    game_id: i64,
    expected_ply: u32,
    plies: u32,
    side: Side,
    now: i64,
) -> Result<Option<GameRow>> {
    c.tx(|tx| {
        let row = tx.row(
            &format!(
                "SELECT {GAME_COLUMNS} FROM games WHERE id = $1 AND ply = $2 AND status = 'active'
                 FOR UPDATE"
            ),
            args![game_id, expected_ply],
            decode::game,
        )?;
        let Some(mut row) = row else {
            return Ok(None);
        };
        let columns = rewind(&mut row, plies, now)?;
        // The clocks stand as they were; the side to move now has their time from now.
        let bot_next = match row.position.turn() {
            Side::Jade => row.jade_id.is_none(),
            Side::Crimson => row.crimson_id.is_none(),
        };
        let timing = Timing::turn(row.time_control, row.clocks, row.position.turn(), now, bot_next);
        (row.deadline, row.next_reminder) = (timing.deadline, timing.next_reminder);
        tx.exec(
            "UPDATE games SET moves = $2, captures = $3, hashes = $4, position = $5, ply = $6,
                    last_move_at = $7, draw_offer = NULL, takeback_offer = NULL,
                    bot_to_move = CASE WHEN $8 THEN jade_id IS NULL ELSE crimson_id IS NULL END,
                    bot_claim = NULL, bot_claim_until = NULL, deadline = $9, next_reminder = $10
             WHERE id = $1",
            args![
                game_id,
                &columns.moves,
                &columns.captures,
                &columns.hashes,
                row.position.to_string(),
                row.ply,
                now,
                row.position.turn() == Side::Jade,
                timing.deadline,
                timing.next_reminder
            ],
        )?;
        tx.exec(
            "INSERT INTO takebacks (game_id, side, from_ply, moves, at) VALUES ($1, $2, $3, $4, $5)",
            args![game_id, codec::side_code(side), expected_ply, &columns.taken, now],
        )?;
        Ok(Some(row))
    })
}

/// Every takeback of a game, oldest first.
pub(crate) fn takebacks(c: &mut dyn Sql, game_id: i64) -> Result<Vec<Takeback>> {
    let bad = || StoreError::Corrupt {
        table: "takebacks",
        detail: format!("game {game_id}: unreadable takeback"),
    };
    c.rows(
        "SELECT side, from_ply, moves, at FROM takebacks WHERE game_id = $1 ORDER BY id",
        args![game_id],
        |r| {
            Ok(Takeback {
                side: codec::side(&r.text(0)?).ok_or_else(bad)?,
                from_ply: u32::try_from(r.int(1)?).map_err(|_| bad())?,
                moves: codec::moves(&r.text(2)?).ok_or_else(bad)?,
                at: r.int(3)?,
            })
        },
    )
}

/// The text columns of a game after a takeback, and the moves it took back, as both stores
/// write them.
pub(crate) struct Rewound {
    pub moves: String,
    pub captures: String,
    pub hashes: String,
    /// The `moves` column of the `takebacks` row.
    pub taken: String,
}

/// Takes the last `plies` moves off `row` at `now`: its moves, captures and position history
/// shortened, its position replayed from the start, its offers cleared. The error says which
/// stored move is illegal (a corrupt row).
pub(crate) fn rewind(row: &mut GameRow, plies: u32, now: i64) -> Result<Rewound> {
    let keep = row.moves.len().saturating_sub(plies as usize);
    let taken = row.moves.split_off(keep);
    row.captures.truncate(keep);
    row.history.truncate(keep);
    let mut position = row.start_position;
    for (i, mv) in row.moves.iter().enumerate() {
        position.play(*mv).map_err(|e| StoreError::Corrupt {
            table: "games",
            detail: format!("game {}: move {} ({mv}) is illegal: {e}", row.id, i + 1),
        })?;
    }
    row.position = position;
    row.ply = keep as u32;
    row.last_move_at = now;
    row.draw_offer = None;
    row.takeback_offer = None;
    let joined = |moves: &[Move]| {
        moves
            .iter()
            .map(Move::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    Ok(Rewound {
        moves: joined(&row.moves),
        captures: row
            .captures
            .iter()
            .map(|c| codec::capture_code(*c))
            .collect(),
        hashes: row.history.iter().map(|h| codec::hash_code(*h)).collect(),
        taken: joined(&taken),
    })
}
