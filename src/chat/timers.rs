//! What happens with time alone: challenges lapse, silent games end, and bot moves owed after a
//! restart are picked up again.

use crate::engine::{Outcome, WinReason};
use crate::store::{ChallengeStatus, Finish, GameStatus};

use super::challenges::challenge_button_ids;
use super::event::{Outgoing, Place, Reply};
use super::game::{Game, Seat};
use super::handler::{BotTurn, ChatError, Core};

/// What a tick produced: messages to post and bot moves to make.
#[derive(Debug, Default)]
pub struct Ticked {
    pub messages: Vec<Outgoing>,
    pub bot_turns: Vec<(Place, BotTurn)>,
}

impl Core {
    /// Expires challenges, ends timed-out games, and lists bot moves still owed.
    pub fn tick(&mut self, now: i64) -> Ticked {
        let mut out = Ticked::default();
        if let Err(e) = self.tick_inner(now, &mut out) {
            tracing::error!(error = %e, "timer pass failed");
        }
        out
    }

    fn tick_inner(&mut self, now: i64, out: &mut Ticked) -> Result<(), ChatError> {
        for c in self.store.lapsed_challenges(now)? {
            if !self
                .store
                .close_challenge(c.id, ChallengeStatus::Expired, None)?
            {
                continue;
            }
            let challenger = self
                .store
                .player(c.challenger_id)?
                .map(|p| p.display_name)
                .unwrap_or_default();
            let to = match c.challenged_id {
                Some(id) => self
                    .store
                    .player(id)?
                    .map(|p| format!(" to {}", p.display_name))
                    .unwrap_or_default(),
                None => String::new(),
            };
            out.messages.push(Outgoing {
                place: Place {
                    platform: c.platform.clone(),
                    scope: c.scope.clone(),
                    channel: c.channel.clone(),
                },
                reply: Reply {
                    text: format!("{challenger}'s challenge{to} has expired."),
                    retired_buttons: challenge_button_ids(c.id),
                    ..Reply::default()
                },
            });
        }
        let deadline = now - self.settings.move_timeout_secs;
        for row in self.store.stale_games(deadline)? {
            let game = Game::load(&self.store, row)?;
            let to_move = game.pos.turn();
            if matches!(game.seat(to_move), Seat::Bot(_)) {
                continue; // the bot's own turn is picked up below
            }
            let place = place_of(&game);
            let name = game.seat(to_move).name();
            let hours = self.settings.move_timeout_secs as f64 / 3600.0;
            let reply = if game.row.ply < 2 {
                let finish = Finish {
                    status: GameStatus::Aborted,
                    result: None,
                    reason: "aborted".into(),
                    changes: Vec::new(),
                };
                if !self
                    .store
                    .finish_game(game.id(), game.row.ply, &finish, now)?
                {
                    continue;
                }
                let mut view = game.view(None);
                view.result = Some("Aborted: not rated".into());
                Reply {
                    text: format!(
                        "Game #{} is aborted: {name} did not move within {hours} hours, before both sides had moved. It is not rated.",
                        game.id()
                    ),
                    board: Some(view),
                    retired_buttons: game.button_ids(),
                    mentions: [game.jade.user(), game.crimson.user()]
                        .into_iter()
                        .flatten()
                        .collect(),
                    ..Reply::default()
                }
            } else {
                let outcome = Outcome::Win {
                    winner: to_move.other(),
                    reason: WinReason::Timeout,
                };
                let lead = format!("{name} did not move within {hours} hours.");
                match self.end_without_move(game, outcome, now, lead) {
                    Ok(mut h) => h.replies.remove(0),
                    Err(ChatError::Refuse(_)) => continue,
                    Err(e) => return Err(e),
                }
            };
            out.messages.push(Outgoing { place, reply });
        }
        for row in self.store.all_active_games()? {
            let game = Game::load(&self.store, row)?;
            if let Seat::Bot(level) = game.seat(game.pos.turn()) {
                out.bot_turns.push((
                    place_of(&game),
                    BotTurn {
                        game_id: game.id(),
                        ply: game.row.ply,
                        position: game.pos,
                        level: *level,
                        history: game.history(),
                    },
                ));
            }
        }
        Ok(())
    }
}

fn place_of(game: &Game) -> Place {
    Place {
        platform: game.row.platform.clone(),
        scope: game.row.scope.clone(),
        channel: game.row.channel.clone(),
    }
}
