//! A tournament as read from the store, turned into the pure rules' words: its records (a
//! game's result, a no-show's forfeit, a bye), its standings, who is playing and who is free.
//! A game ended unrated before both sides moved is a forfeit by the side that did not move;
//! one ended unrated later (by a moderator, or at a Swiss round's deadline) counts as a draw.

use std::collections::HashSet;

use engine::{Outcome as GameOutcome, Side};
use store::{
    GameRow, GameStatus, Store, TournamentEntry, TournamentKind, TournamentPlayer, TournamentRow,
};

use super::types::{GameResult, Participant, PlayerId, Record};
use super::{Standing, arena_standings, swiss_standings};
use crate::context::ChatError;

pub(crate) struct State {
    pub t: TournamentRow,
    pub players: Vec<TournamentPlayer>,
    pub entries: Vec<TournamentEntry>,
}

impl State {
    pub(crate) fn load(store: &Store, t: TournamentRow) -> Result<State, ChatError> {
        let players = store.tournament_players(t.id)?;
        let entries = store.tournament_entries(t.id)?;
        Ok(State {
            t,
            players,
            entries,
        })
    }

    /// The tournament's games, in the order they were started.
    pub(crate) fn games(&self) -> impl Iterator<Item = (u32, &GameRow)> {
        self.entries
            .iter()
            .filter_map(|e| e.game.as_ref().map(|g| (e.round, g)))
    }

    pub(crate) fn active_games(&self) -> impl Iterator<Item = &GameRow> {
        self.games()
            .map(|(_, g)| g)
            .filter(|g| g.status == GameStatus::Active)
    }

    /// The players in a game of the tournament now.
    pub(crate) fn playing(&self) -> HashSet<PlayerId> {
        self.active_games()
            .flat_map(|g| [g.jade_id, g.crimson_id])
            .flatten()
            .collect()
    }

    /// What has happened, in order: each ended game, forfeit and bye.
    pub(crate) fn records(&self) -> Vec<Record> {
        self.entries.iter().filter_map(record).collect()
    }

    /// Everyone still in it, and those who withdrew after playing: results stay in the
    /// standings.
    pub(crate) fn participants(&self) -> Vec<Participant> {
        let records = self.records();
        let played = |id: PlayerId| {
            records.iter().any(|r| match *r {
                Record::Game { first, second, .. } => first == id || second == id,
                Record::Forfeit { winner, loser, .. } => winner == id || loser == id,
                Record::Bye { player, .. } => player == id,
            })
        };
        self.players
            .iter()
            .filter(|p| !p.withdrawn || played(p.player.id))
            .map(|p| Participant {
                id: p.player.id,
                rating: p.player.rating,
            })
            .collect()
    }

    pub(crate) fn standings(&self) -> Vec<Standing> {
        let (players, records) = (self.participants(), self.records());
        match self.t.kind {
            TournamentKind::Arena => arena_standings(&players, &records),
            TournamentKind::Swiss => swiss_standings(&players, &records),
        }
    }

    /// The name a player is shown by.
    pub(crate) fn name(&self, id: PlayerId) -> String {
        self.players
            .iter()
            .find(|p| p.player.id == id)
            .map(|p| p.player.display_name.clone())
            .unwrap_or_default()
    }

    /// The players still in it.
    pub(crate) fn active_players(&self) -> impl Iterator<Item = &TournamentPlayer> {
        self.players.iter().filter(|p| !p.withdrawn)
    }

    /// How many games a player lost by not turning up.
    pub(crate) fn no_shows(&self, id: PlayerId) -> usize {
        self.records()
            .iter()
            .filter(|r| matches!(r, Record::Forfeit { loser, .. } if *loser == id))
            .count()
    }
}

/// One entry as the rules count it; `None` for a game still under way.
fn record(e: &TournamentEntry) -> Option<Record> {
    let round = e.round;
    let Some(g) = &e.game else {
        return e.bye.map(|player| Record::Bye { round, player });
    };
    let (first, second) = (g.jade_id?, g.crimson_id?);
    let result = match (g.status, g.outcome) {
        (GameStatus::Active, _) => return None,
        (GameStatus::Finished, Some(GameOutcome::Win { winner, .. })) => match winner {
            Side::Jade => GameResult::FirstWins,
            Side::Crimson => GameResult::SecondWins,
        },
        (GameStatus::Aborted, _) if g.ply < 2 => {
            // The side to move never moved: it forfeits.
            let (winner, loser) = match g.position.turn() {
                Side::Jade => (second, first),
                Side::Crimson => (first, second),
            };
            return Some(Record::Forfeit {
                round,
                winner,
                loser,
            });
        }
        _ => GameResult::Draw,
    };
    Some(Record::Game {
        round,
        first,
        second,
        result,
    })
}
