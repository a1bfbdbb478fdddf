//! Schema migrations, tracked with `PRAGMA user_version`: migration N brings the database from
//! version N to N + 1, inside one transaction. Append new migrations; never edit old ones.

use rusqlite::{Connection, Transaction, TransactionBehavior, params};

use crate::codec;
use crate::failure::{Result, StoreError};
use engine::{Move, Position};

/// One step: SQL, then (if any) code that fills in what SQL cannot compute.
struct Migration {
    sql: &'static str,
    backfill: Option<fn(&Transaction<'_>) -> Result<()>>,
}

const MIGRATIONS: &[Migration] = &[
    // 0 -> 1: players, ratings, challenges, games.
    Migration {
        sql: r#"
    CREATE TABLE players (
        id            INTEGER PRIMARY KEY,
        platform      TEXT    NOT NULL,
        user_id       TEXT    NOT NULL,
        display_name  TEXT    NOT NULL,
        rating        INTEGER NOT NULL DEFAULT 1200,
        rated_games   INTEGER NOT NULL DEFAULT 0,
        wins          INTEGER NOT NULL DEFAULT 0,
        draws         INTEGER NOT NULL DEFAULT 0,
        losses        INTEGER NOT NULL DEFAULT 0,
        created_at    INTEGER NOT NULL,
        UNIQUE (platform, user_id)
    );
    CREATE INDEX players_by_name ON players (platform, display_name COLLATE NOCASE);

    CREATE TABLE games (
        id              INTEGER PRIMARY KEY,
        platform        TEXT    NOT NULL,
        scope           TEXT    NOT NULL,
        channel         TEXT    NOT NULL,
        jade_id         INTEGER REFERENCES players (id),
        crimson_id      INTEGER REFERENCES players (id),
        bot_level       TEXT,
        start_position  TEXT    NOT NULL,
        moves           TEXT    NOT NULL DEFAULT '',
        position        TEXT    NOT NULL,
        ply             INTEGER NOT NULL DEFAULT 0,
        status          TEXT    NOT NULL DEFAULT 'active',
        result          TEXT,
        reason          TEXT,
        rated           INTEGER NOT NULL DEFAULT 1,
        draw_offer      TEXT,
        created_at      INTEGER NOT NULL,
        last_move_at    INTEGER NOT NULL,
        finished_at     INTEGER
    );
    CREATE INDEX games_active ON games (platform, channel) WHERE status = 'active';
    CREATE INDEX games_by_jade ON games (jade_id);
    CREATE INDEX games_by_crimson ON games (crimson_id);

    CREATE TABLE challenges (
        id             INTEGER PRIMARY KEY,
        platform       TEXT    NOT NULL,
        scope          TEXT    NOT NULL,
        channel        TEXT    NOT NULL,
        challenger_id  INTEGER NOT NULL REFERENCES players (id),
        challenged_id  INTEGER REFERENCES players (id),
        side           TEXT    NOT NULL,
        status         TEXT    NOT NULL DEFAULT 'open',
        created_at     INTEGER NOT NULL,
        expires_at     INTEGER NOT NULL,
        game_id        INTEGER REFERENCES games (id)
    );
    CREATE INDEX challenges_open ON challenges (platform, channel) WHERE status = 'open';

    CREATE TABLE rating_history (
        id         INTEGER PRIMARY KEY,
        player_id  INTEGER NOT NULL REFERENCES players (id),
        game_id    INTEGER NOT NULL REFERENCES games (id),
        scope      TEXT    NOT NULL,
        before     INTEGER NOT NULL,
        after      INTEGER NOT NULL,
        at         INTEGER NOT NULL
    );
    CREATE INDEX rating_history_by_scope ON rating_history (scope, player_id);
    CREATE INDEX rating_history_by_game ON rating_history (game_id);
    "#,
        backfill: None,
    },
    // 1 -> 2: what each move captured and the hash of the position it was played in, so that
    // showing a game or asking the bot for a move does not replay the game.
    Migration {
        sql: r#"
    ALTER TABLE games ADD COLUMN captures TEXT NOT NULL DEFAULT '';
    ALTER TABLE games ADD COLUMN hashes TEXT NOT NULL DEFAULT '';
    "#,
        backfill: Some(replay_games),
    },
    // 2 -> 3: the timers find what is due through indexes instead of reading every game:
    // whether the bot is to move, the deadline of the players' turns, challenges' expiry.
    Migration {
        sql: r#"
    ALTER TABLE games ADD COLUMN bot_to_move INTEGER NOT NULL DEFAULT 0;
    UPDATE games SET bot_to_move = CASE WHEN instr(position, ' j ') > 0
        THEN jade_id IS NULL ELSE crimson_id IS NULL END;
    CREATE INDEX games_bot_turns ON games (id) WHERE status = 'active' AND bot_to_move = 1;
    CREATE INDEX games_deadline ON games (last_move_at) WHERE status = 'active' AND bot_to_move = 0;
    CREATE INDEX challenges_expiry ON challenges (expires_at) WHERE status = 'open';
    "#,
        backfill: None,
    },
    // 3 -> 4: casual challenges; takebacks: a standing request, and a record of every move
    // taken back; channels a moderator switched off.
    Migration {
        sql: r#"
    ALTER TABLE challenges ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE games ADD COLUMN takeback_offer TEXT;
    CREATE TABLE takebacks (
        id         INTEGER PRIMARY KEY,
        game_id    INTEGER NOT NULL REFERENCES games (id),
        side       TEXT    NOT NULL,
        from_ply   INTEGER NOT NULL,
        moves      TEXT    NOT NULL,
        at         INTEGER NOT NULL
    );
    CREATE INDEX takebacks_by_game ON takebacks (game_id);
    CREATE TABLE channels (
        platform   TEXT    NOT NULL,
        channel    TEXT    NOT NULL,
        enabled    INTEGER NOT NULL DEFAULT 1,
        changed_by TEXT    NOT NULL,
        changed_at INTEGER NOT NULL,
        PRIMARY KEY (platform, channel)
    );
    "#,
        backfill: None,
    },
    // 4 -> 5: finished games' analyses, kept so that asking again is instant.
    Migration {
        sql: r#"
    CREATE TABLE analyses (
        game_id    INTEGER PRIMARY KEY REFERENCES games (id),
        jade_start REAL    NOT NULL,
        plies      TEXT    NOT NULL,
        created_at INTEGER NOT NULL
    );
    "#,
        backfill: None,
    },
    // 5 -> 6: the language a moderator chose for a server or room (`lang zh-CN`). Without a row
    // the platform's locales decide.
    Migration {
        sql: r#"
    CREATE TABLE languages (
        platform   TEXT    NOT NULL,
        scope      TEXT    NOT NULL,
        lang       TEXT    NOT NULL,
        changed_by TEXT    NOT NULL,
        changed_at INTEGER NOT NULL,
        PRIMARY KEY (platform, scope)
    );
    "#,
        backfill: None,
    },
    // 6 -> 7: several processes on one database. A lease is a name one process holds until it
    // expires (the Matrix account: one sync stream); a game's bot claim says which process is
    // searching the bot's move and until when, so that one process alone searches and plays it.
    Migration {
        sql: r#"
    CREATE TABLE leases (
        name        TEXT    PRIMARY KEY,
        owner       TEXT    NOT NULL,
        acquired_at INTEGER NOT NULL,
        expires_at  INTEGER NOT NULL
    );
    ALTER TABLE games ADD COLUMN bot_claim TEXT;
    ALTER TABLE games ADD COLUMN bot_claim_until INTEGER;
    "#,
        backfill: None,
    },
    // 7 -> 8: names are matched with lower() on both databases.
    Migration {
        sql: r#"
    CREATE INDEX players_by_lower_name ON players (platform, lower(display_name));
    DROP INDEX players_by_name;
    "#,
        backfill: None,
    },
    // 8 -> 9: the one message of a game (its newest board, an open offer) or a challenge that
    // carries live controls, per platform, so that the next one takes them over with one edit
    // and a restart knows where they are.
    Migration {
        sql: r#"
    CREATE TABLE live_messages (
        platform TEXT NOT NULL,
        item     TEXT NOT NULL,
        channel  TEXT NOT NULL,
        message  TEXT NOT NULL,
        PRIMARY KEY (platform, item)
    );
    "#,
        backfill: None,
    },
    // 9 -> 10: the move (by its time) whose player to move was reminded before losing on time.
    Migration {
        sql: r#"
    ALTER TABLE games ADD COLUMN reminded_for INTEGER;
    "#,
        backfill: None,
    },
    // 10 -> 11: the players who said `notify off` (no turn mentions, no reminders).
    Migration {
        sql: r#"
    CREATE TABLE quiet_players (
        player_id INTEGER PRIMARY KEY REFERENCES players (id)
    );
    "#,
        backfill: None,
    },
    // 11 -> 12: time controls. A game's control, its two clocks (live games), the deadline of
    // the side to move and when they are reminded next, found by the timers through indexes;
    // a challenge's control; settings a moderator chose for a server or room. Games stored
    // before get one day per move, today's rule, and the reminder an hour before it.
    Migration {
        sql: r#"
    ALTER TABLE games ADD COLUMN time_control TEXT NOT NULL DEFAULT 'M86400';
    ALTER TABLE games ADD COLUMN jade_clock INTEGER;
    ALTER TABLE games ADD COLUMN crimson_clock INTEGER;
    ALTER TABLE games ADD COLUMN deadline INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN next_reminder INTEGER;
    UPDATE games SET deadline = last_move_at + 86400;
    UPDATE games SET next_reminder = deadline - 3600
        WHERE status = 'active' AND bot_to_move = 0
        AND (reminded_for IS NULL OR reminded_for <> last_move_at);
    ALTER TABLE games DROP COLUMN reminded_for;
    DROP INDEX games_deadline;
    CREATE INDEX games_due ON games (deadline) WHERE status = 'active' AND bot_to_move = 0;
    CREATE INDEX games_reminders ON games (next_reminder)
        WHERE status = 'active' AND bot_to_move = 0 AND next_reminder IS NOT NULL;
    ALTER TABLE challenges ADD COLUMN time_control TEXT NOT NULL DEFAULT 'M86400';
    CREATE TABLE place_settings (
        platform   TEXT    NOT NULL,
        scope      TEXT    NOT NULL,
        name       TEXT    NOT NULL,
        value      TEXT    NOT NULL,
        changed_by TEXT    NOT NULL,
        changed_at INTEGER NOT NULL,
        PRIMARY KEY (platform, scope, name)
    );
    "#,
        backfill: None,
    },
    // 12 -> 13: a game's own conversation (a Discord thread, a Matrix thread's root event) in
    // its channel, found from either end; `open` until the game ends and it is archived.
    Migration {
        sql: r#"
    CREATE TABLE game_threads (
        platform TEXT    NOT NULL,
        game_id  INTEGER NOT NULL REFERENCES games (id),
        channel  TEXT    NOT NULL,
        thread   TEXT    NOT NULL,
        open     INTEGER NOT NULL DEFAULT 1,
        PRIMARY KEY (platform, game_id)
    );
    CREATE INDEX game_threads_by_thread ON game_threads (platform, thread);
    "#,
        backfill: None,
    },
    // 13 -> 14: tournaments, their players, and their games and byes round by round. `step`
    // counts the changes made to a tournament: each is made only by the writer that saw the
    // step before it (two processes pair a round once).
    Migration {
        sql: r#"
    CREATE TABLE tournaments (
        id             INTEGER PRIMARY KEY,
        platform       TEXT    NOT NULL,
        scope          TEXT    NOT NULL,
        channel        TEXT    NOT NULL,
        kind           TEXT    NOT NULL,
        status         TEXT    NOT NULL,
        rated          INTEGER NOT NULL,
        time_control   TEXT    NOT NULL,
        rounds         INTEGER NOT NULL,
        length_secs    INTEGER NOT NULL,
        starts_at      INTEGER NOT NULL,
        round          INTEGER NOT NULL DEFAULT 0,
        round_deadline INTEGER,
        step           INTEGER NOT NULL DEFAULT 0,
        created_by     TEXT    NOT NULL,
        created_at     INTEGER NOT NULL,
        finished_at    INTEGER
    );
    CREATE INDEX tournaments_by_place ON tournaments (platform, scope, status);
    -- One pending or running tournament a place, whichever process starts it.
    CREATE UNIQUE INDEX tournaments_one_live ON tournaments (platform, scope)
        WHERE status IN ('pending', 'running');
    CREATE TABLE tournament_players (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
        player_id     INTEGER NOT NULL REFERENCES players (id),
        joined_at     INTEGER NOT NULL,
        withdrawn     INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (tournament_id, player_id)
    );
    CREATE TABLE tournament_games (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
        round         INTEGER NOT NULL,
        game_id       INTEGER REFERENCES games (id),
        bye_player    INTEGER REFERENCES players (id)
    );
    CREATE INDEX tournament_games_by_tournament ON tournament_games (tournament_id, round);
    CREATE INDEX tournament_games_by_game ON tournament_games (game_id);
    "#,
        backfill: None,
    },
];

/// Fills `captures` and `hashes` of the games stored before migration 2 by replaying them.
fn replay_games(tx: &Transaction<'_>) -> Result<()> {
    let games: Vec<(i64, String, String)> = tx
        .prepare("SELECT id, start_position, moves FROM games")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<rusqlite::Result<_>>()?;
    for (id, start, moves) in games {
        let bad = |value: &str, column: &str| {
            StoreError::BadValue(Box::new(codec::BadValue {
                table: "games",
                id,
                column: column.to_string(),
                value: value.to_string(),
            }))
        };
        let mut pos: Position =
            codec::position(&start).ok_or_else(|| bad(&start, "start_position"))?;
        let moves: Vec<Move> = codec::moves(&moves).ok_or_else(|| bad(&moves, "moves"))?;
        let (mut captures, mut hashes) = (String::new(), String::new());
        for mv in moves {
            hashes.push_str(&codec::hash_code(pos.hash()));
            let captured = pos
                .play(mv)
                .map_err(|e| bad(&format!("{mv}: {e}"), "moves"))?;
            captures.push(codec::capture_code(captured));
        }
        tx.execute(
            "UPDATE games SET captures = ?2, hashes = ?3 WHERE id = ?1",
            params![id, captures, hashes],
        )?;
    }
    Ok(())
}

/// Applies every migration the database has not seen yet. The version is read inside the
/// write transaction, so two processes opening a new database migrate it once.
pub fn migrate(conn: &mut Connection, name: &str) -> Result<()> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let version: i64 = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    let latest = MIGRATIONS.len() as i64;
    if version > latest {
        return Err(StoreError::TooNew(name.to_string(), version));
    }
    for (i, m) in MIGRATIONS.iter().enumerate().skip(version as usize) {
        tx.execute_batch(m.sql)?;
        if let Some(backfill) = m.backfill {
            backfill(&tx)?;
        }
        tx.pragma_update(None, "user_version", i as i64 + 1)?;
    }
    tx.commit()?;
    Ok(())
}

/// The schema version this build writes.
pub fn latest_version() -> i64 {
    MIGRATIONS.len() as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrates_once_and_refuses_newer() {
        let mut conn = Connection::open_in_memory().unwrap();
        migrate(&mut conn, "t").unwrap();
        migrate(&mut conn, "t").unwrap();
        let v: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(v, latest_version());
        conn.pragma_update(None, "user_version", 99).unwrap();
        assert!(matches!(
            migrate(&mut conn, "t"),
            Err(StoreError::TooNew(_, 99))
        ));
    }
}
