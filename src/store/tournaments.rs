//! Tournaments as the chat layer asks for them: announced (one live per server or room),
//! joined and left, read back with their players and games, and changed a step at a time.

use crate::failure::Result;
use crate::queries::tournaments as q;
use crate::rows::{
    GameRow, NewTournament, TournamentChange, TournamentEntry, TournamentPlayer, TournamentRow,
};
use crate::{Db, Store};

impl Store {
    /// Announces a tournament: [`StoreError::Conflict`](crate::StoreError::Conflict) when the
    /// place already has a pending or running one.
    pub fn create_tournament(&self, t: &NewTournament<'_>) -> Result<TournamentRow> {
        on!(self, write, |c| q::create(c, t))
    }

    pub fn tournament(&self, id: i64) -> Result<Option<TournamentRow>> {
        on!(self, read, |c| q::by_id(c, id))
    }

    /// The pending or running tournament of a server or room.
    pub fn live_tournament(&self, platform: &str, scope: &str) -> Result<Option<TournamentRow>> {
        on!(self, read, |c| q::live_in(c, platform, scope))
    }

    /// Every pending or running tournament.
    pub fn live_tournaments(&self) -> Result<Vec<TournamentRow>> {
        on!(self, read, |c| q::live(c))
    }

    /// A server's or room's ended tournaments, the latest first.
    pub fn ended_tournaments(&self, place: (&str, &str), limit: u32) -> Result<Vec<TournamentRow>> {
        on!(self, read, |c| q::ended_in(c, place, limit))
    }

    /// Adds a player to a live tournament (back, after a withdrawal); false when they are
    /// in it already or it has ended.
    pub fn join_tournament(&self, id: i64, player_id: i64, now: i64) -> Result<bool> {
        on!(self, write, |c| q::join(c, id, player_id, now))
    }

    /// Withdraws a player; false when they were not playing in it.
    pub fn withdraw_from_tournament(&self, id: i64, player_id: i64) -> Result<bool> {
        on!(self, write, |c| q::withdraw(c, id, player_id))
    }

    pub fn tournament_players(&self, id: i64) -> Result<Vec<TournamentPlayer>> {
        on!(self, read, |c| q::players(c, id))
    }

    pub fn tournament_entries(&self, id: i64) -> Result<Vec<TournamentEntry>> {
        on!(self, read, |c| q::entries(c, id))
    }

    /// The tournament a game belongs to, with the game's round.
    pub fn tournament_of_game(&self, game_id: i64) -> Result<Option<(TournamentRow, u32)>> {
        on!(self, read, |c| q::of_game(c, game_id))
    }

    /// Applies `change` to the tournament as it was read (`t.step`): `None` when another
    /// command or process changed it first, else the games it started.
    pub fn change_tournament(
        &self,
        t: &TournamentRow,
        change: &TournamentChange<'_>,
    ) -> Result<Option<Vec<GameRow>>> {
        on!(self, write, |c| q::change(c, (t.id, t.step), change))
    }

    /// Begins a pending tournament at the next timers' pass; false when it changed first.
    pub fn start_tournament_now(&self, t: &TournamentRow, now: i64) -> Result<bool> {
        on!(self, write, |c| q::start_now(c, (t.id, t.step), now))
    }
}
