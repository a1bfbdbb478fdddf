//! Playing a game: moves (the players' and the bot's), resigning, draws, the board, a piece's
//! moves, and how a game ends with its rating changes.

use crate::engine::{DrawReason, Move, Outcome, Side, Square, WinReason};
use crate::rating::{self, Rated};
use crate::store::{Finish, GameStatus, RatingChange};

use super::event::{Reply, User};
use super::game::{Game, Seat, reason_code, result_code, side_code};
use super::handler::{BotTurn, Core, Ctx, Handled, Result, refuse};

impl Core {
    pub(crate) fn play_move(&mut self, ctx: &Ctx<'_>, text: &str, plain: bool) -> Result<Handled> {
        let Some(row) = self
            .store
            .active_game_of(ctx.platform(), ctx.channel(), ctx.me.id)?
        else {
            if plain {
                return Ok(Handled::default());
            }
            return refuse("You have no game in this channel.");
        };
        let game = Game::load(&self.store, row)?;
        let mv: Move = match text.parse() {
            Ok(mv) => mv,
            Err(e) => return refuse(e.to_string()),
        };
        let side = game
            .side_of(ctx.me.id)
            .expect("the store found this player's game");
        if game.pos.turn() != side {
            return refuse(format!("It is {}'s turn.", game.pos.turn()));
        }
        self.apply_move(game, mv, ctx.now)
    }

    /// Checks, commits and announces a move by whoever is to move (player or bot).
    pub(crate) fn apply_move(&mut self, game: Game, mv: Move, now: i64) -> Result<Handled> {
        if let Err(why) = game.pos.check_move(mv) {
            return refuse(capitalize(&why.to_string()) + ".");
        }
        let mover = game.seat(game.pos.turn()).name();
        let captured = game.pos.piece_at(mv.to);
        let mut next = game.pos;
        next.play_unchecked(mv);
        let outcome = next.outcome();
        let finish = outcome.map(|o| self.finish_for(&game, o));
        if !self.store.commit_move(
            game.id(),
            game.row.ply,
            &mv.to_string(),
            &next.to_string(),
            now,
            finish.as_ref(),
        )? {
            return refuse("That move came too late: the game has already moved on.");
        }
        let mut game = game;
        game.pos = next;
        game.row.ply += 1;
        game.row.moves.push(mv.to_string());
        let mut text = format!("{mover} played {mv}");
        if let Some(c) = captured {
            text.push_str(&format!(", capturing the {}", c.animal));
        }
        text.push('.');
        if let (Some(o), Some(f)) = (outcome, finish.as_ref()) {
            return Ok(Handled::reply(self.end_reply(&game, o, f, text)));
        }
        let to_move = game.seat(next.turn());
        if let Seat::Human(_) = to_move {
            text.push_str(&format!(" {} ({}) to move.", to_move.name(), next.turn()));
        }
        let bot_turn = match to_move {
            Seat::Bot(level) => Some(BotTurn {
                game_id: game.id(),
                ply: game.row.ply,
                position: next,
                level: *level,
                history: game.history(),
            }),
            Seat::Human(_) => None,
        };
        Ok(Handled {
            replies: vec![Reply {
                text,
                board: Some(game.view(None)),
                mentions: to_move.user().into_iter().collect(),
                buttons: game.buttons(),
                ..Reply::default()
            }],
            bot_turn,
        })
    }

    /// Plays the bot's chosen move if the game is still where the bot looked at it.
    pub fn apply_bot_move(&mut self, turn: &BotTurn, mv: Move, now: i64) -> Handled {
        let result = (|| -> Result<Handled> {
            let Some(row) = self.store.game(turn.game_id)? else {
                return Ok(Handled::default());
            };
            if row.ply != turn.ply || row.status != GameStatus::Active {
                return Ok(Handled::default());
            }
            let game = Game::load(&self.store, row)?;
            self.apply_move(game, mv, now)
        })();
        match result {
            Ok(h) => h,
            Err(e) => {
                tracing::error!(game = turn.game_id, error = %e, "the bot's move was not applied");
                Handled::default()
            }
        }
    }

    pub(crate) fn resign(&mut self, ctx: &Ctx<'_>, id: Option<i64>) -> Result<Handled> {
        let game = self.my_game(ctx, id)?;
        let side = game.side_of(ctx.me.id).expect("my_game checks the seat");
        let outcome = Outcome::Win {
            winner: side.other(),
            reason: WinReason::Resignation,
        };
        self.end_without_move(
            game,
            outcome,
            ctx.now,
            format!("{} resigned.", ctx.me.display_name),
        )
    }

    pub(crate) fn draw(&mut self, ctx: &Ctx<'_>, id: Option<i64>) -> Result<Handled> {
        let game = self.my_game(ctx, id)?;
        let side = game.side_of(ctx.me.id).expect("my_game checks the seat");
        let opponent = game.seat(side.other()).clone();
        if let Seat::Bot(_) = opponent {
            return Ok(Handled::reply(Reply::text(format!(
                "{}: I decline the draw. Let's play on!",
                ctx.me.display_name
            ))));
        }
        match game.row.draw_offer.as_deref() {
            Some(s) if s == side_code(side.other()) => {
                let outcome = Outcome::Draw {
                    reason: DrawReason::Agreement,
                };
                let text = format!("{} accepted the draw.", ctx.me.display_name);
                self.end_without_move(game, outcome, ctx.now, text)
            }
            Some(s) if s == side_code(side) => {
                refuse("You have already offered a draw; it stands until the next move.")
            }
            _ => {
                if !self
                    .store
                    .set_draw_offer(game.id(), game.row.ply, Some(side_code(side)))?
                {
                    return refuse("The game moved on; offer again if you like.");
                }
                let p = &self.settings.prefix;
                Ok(Handled::reply(Reply {
                    text: format!(
                        "{} offers a draw in game #{}. {}: `{p} draw` to accept; any move declines.",
                        ctx.me.display_name,
                        game.id(),
                        opponent.name()
                    ),
                    mentions: opponent.user().into_iter().collect(),
                    ..Reply::default()
                }))
            }
        }
    }

    /// Ends a game by resignation, agreement or time-out, guarded by its ply.
    pub(crate) fn end_without_move(
        &mut self,
        game: Game,
        outcome: Outcome,
        now: i64,
        lead: String,
    ) -> Result<Handled> {
        let finish = self.finish_for(&game, outcome);
        if !self
            .store
            .finish_game(game.id(), game.row.ply, &finish, now)?
        {
            return refuse("The game moved on before that arrived; try again.");
        }
        Ok(Handled::reply(
            self.end_reply(&game, outcome, &finish, lead),
        ))
    }

    /// The closing message: who won and how, and each player's rating change.
    pub(crate) fn end_reply(
        &self,
        game: &Game,
        outcome: Outcome,
        finish: &Finish,
        lead: String,
    ) -> Reply {
        let mut text = format!(
            "{lead} Game #{} is over: {}.",
            game.id(),
            capitalize(&outcome.to_string())
        );
        let changes: Vec<String> = finish
            .changes
            .iter()
            .filter_map(|c| {
                let seat = [Side::Jade, Side::Crimson]
                    .into_iter()
                    .map(|s| game.seat(s))
                    .find(|s| s.is(c.player_id))?;
                Some(format!(
                    "{} {} → {} ({:+})",
                    seat.name(),
                    c.before,
                    c.after,
                    c.after - c.before
                ))
            })
            .collect();
        if !changes.is_empty() {
            text.push_str(&format!(" Ratings: {}.", changes.join(", ")));
        }
        let mentions: Vec<User> = [Side::Jade, Side::Crimson]
            .into_iter()
            .filter_map(|s| game.seat(s).user())
            .collect();
        Reply {
            text,
            board: Some(game.view(Some(outcome))),
            mentions,
            retired_buttons: game.button_ids(),
            ..Reply::default()
        }
    }

    /// The rating changes and stored result for an outcome.
    pub(crate) fn finish_for(&self, game: &Game, outcome: Outcome) -> Finish {
        let rated_of = |seat: &Seat| match seat {
            Seat::Human(p) => Rated {
                rating: p.rating,
                games: p.rated_games,
            },
            Seat::Bot(level) => Rated {
                rating: self.settings.bot_rating(*level),
                games: u32::MAX,
            },
        };
        let jade_score = outcome.jade_score();
        let (dj, dc) =
            rating::game_deltas(rated_of(&game.jade), rated_of(&game.crimson), jade_score);
        let mut changes = Vec::new();
        for (seat, delta, score) in [
            (&game.jade, dj, jade_score),
            (&game.crimson, dc, 1.0 - jade_score),
        ] {
            if let Seat::Human(p) = seat {
                changes.push(RatingChange {
                    player_id: p.id,
                    before: p.rating,
                    after: p.rating + delta,
                    score,
                });
            }
        }
        Finish {
            status: GameStatus::Finished,
            result: Some(result_code(outcome).to_string()),
            reason: reason_code(outcome).to_string(),
            changes,
        }
    }

    /// The game a `board`/`moves` command is about: the sender's, else the channel's only one.
    fn shown_game(&self, ctx: &Ctx<'_>) -> Result<Game> {
        if let Some(row) = self
            .store
            .active_game_of(ctx.platform(), ctx.channel(), ctx.me.id)?
        {
            return Ok(Game::load(&self.store, row)?);
        }
        let mut all = self.store.active_games(ctx.platform(), ctx.channel())?;
        match all.len() {
            0 => refuse("There is no game in this channel."),
            1 => Ok(Game::load(&self.store, all.remove(0))?),
            n => refuse(format!(
                "There are {n} games in this channel and you play in none of them; `{} games` lists them.",
                self.settings.prefix
            )),
        }
    }

    pub(crate) fn board(&mut self, ctx: &Ctx<'_>) -> Result<Handled> {
        let game = self.shown_game(ctx)?;
        let turn = game.pos.turn();
        Ok(Handled::reply(Reply {
            text: format!(
                "Game #{}: {}. Move {}, {} ({}) to move.",
                game.id(),
                game.title(),
                game.pos.fullmove_number(),
                game.seat(turn).name(),
                turn
            ),
            board: Some(game.view(None)),
            buttons: if game.side_of(ctx.me.id).is_some() {
                game.buttons()
            } else {
                Vec::new()
            },
            ..Reply::default()
        }))
    }

    pub(crate) fn moves(&mut self, ctx: &Ctx<'_>, square: &str) -> Result<Handled> {
        let sq: Square = match square.parse() {
            Ok(sq) => sq,
            Err(e) => return refuse(capitalize(&e.to_string()) + "."),
        };
        let game = self.shown_game(ctx)?;
        let Some(piece) = game.pos.piece_at(sq) else {
            return refuse(format!("There is no piece on {sq}."));
        };
        let view_pos = game.pos.with_turn(piece.side);
        let dests: Vec<String> = view_pos
            .destinations(sq)
            .map(|to| {
                let mv = Move::new(sq, to);
                let mut s = to.to_string();
                if view_pos.piece_at(to).is_some() {
                    s.push_str(" (capture)");
                } else if view_pos.leap_path(mv).is_some() {
                    s.push_str(" (leap)");
                }
                s
            })
            .collect();
        let text = if dests.is_empty() {
            format!("The {piece} on {sq} has no legal move.")
        } else {
            format!("The {piece} on {sq} can go to {}.", dests.join(", "))
        };
        let mut view = game.view(None);
        view.selected = Some(sq);
        Ok(Handled::reply(Reply {
            text,
            board: Some(view),
            ..Reply::default()
        }))
    }
}

pub(crate) fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
