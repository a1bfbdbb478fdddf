//! Takebacks: a standing request to take back a move, and taking moves back, recorded so the
//! game's history stays honest (`export` lists what was taken back).

use rusqlite::{OptionalExtension, TransactionBehavior, params};

use super::codec;
use super::games::{GameRow, from_row};
use super::rows::GAME_COLUMNS as COLUMNS;
use super::sqlite::Sqlite;
use super::{Result, StoreError};
use engine::{Move, Side};

/// Moves taken back once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Takeback {
    /// Who asked.
    pub side: Side,
    /// The game's ply before the takeback.
    pub from_ply: u32,
    /// The moves taken back, in the order they were played.
    pub moves: Vec<Move>,
    pub at: i64,
}

impl Sqlite {
    /// Takes back the last `plies` moves of an active game still at `expected_ply`, asked for
    /// by `side`, and records it, in one transaction. Returns the game as it is now, or `None`
    /// (and changes nothing) when the game moved on or ended first.
    pub fn take_back(
        &mut self,
        game_id: i64,
        expected_ply: u32,
        plies: u32,
        side: Side,
        now: i64,
    ) -> Result<Option<GameRow>> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let row: Option<GameRow> = tx
            .query_row(
                &format!(
                    "SELECT {COLUMNS} FROM games WHERE id = ?1 AND ply = ?2 AND status = 'active'"
                ),
                params![game_id, expected_ply],
                from_row,
            )
            .optional()?;
        let Some(mut row) = row else {
            return Ok(None);
        };
        let columns = rewind(&mut row, plies, now)?;
        tx.execute(
            "UPDATE games SET moves = ?2, captures = ?3, hashes = ?4, position = ?5, ply = ?6,
                    last_move_at = ?7, draw_offer = NULL, takeback_offer = NULL,
                    bot_to_move = CASE WHEN ?8 THEN jade_id IS NULL ELSE crimson_id IS NULL END,
                    bot_claim = NULL, bot_claim_until = NULL
             WHERE id = ?1",
            params![
                game_id,
                columns.moves,
                columns.captures,
                columns.hashes,
                row.position.to_string(),
                row.ply,
                now,
                row.position.turn() == Side::Jade
            ],
        )?;
        tx.execute(
            "INSERT INTO takebacks (game_id, side, from_ply, moves, at) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![
                game_id,
                codec::side_code(side),
                expected_ply,
                columns.taken,
                now
            ],
        )?;
        tx.commit()?;
        Ok(Some(row))
    }

    /// Every takeback of a game, oldest first.
    pub fn takebacks(&self, game_id: i64) -> Result<Vec<Takeback>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT side, from_ply, moves, at FROM takebacks WHERE game_id = ?1 ORDER BY id",
        )?;
        let rows = stmt.query_map([game_id], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, u32>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, i64>(3)?,
            ))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (side, from_ply, moves, at) = row?;
            let bad = || StoreError::Corrupt {
                table: "takebacks",
                detail: format!("game {game_id}: unreadable takeback"),
            };
            out.push(Takeback {
                side: codec::side(&side).ok_or_else(bad)?,
                from_ply,
                moves: codec::moves(&moves).ok_or_else(bad)?,
                at,
            });
        }
        Ok(out)
    }
}

/// The text columns of a game after a takeback, and the moves it took back, as both stores
/// write them.
pub(super) struct Rewound {
    pub moves: String,
    pub captures: String,
    pub hashes: String,
    /// The `moves` column of the `takebacks` row.
    pub taken: String,
}

/// Takes the last `plies` moves off `row` at `now`: its moves, captures and position history
/// shortened, its position replayed from the start, its offers cleared. The error says which
/// stored move is illegal (a corrupt row).
pub(super) fn rewind(row: &mut GameRow, plies: u32, now: i64) -> Result<Rewound> {
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
