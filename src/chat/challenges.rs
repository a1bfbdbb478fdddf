//! Starting games: challenges between players (open or addressed), accepting, declining,
//! cancelling, and games against the bot.

use crate::engine::{Position, Side};
use crate::store::{ChallengeRow, ChallengeStatus, GameRow, NewChallenge, NewGame, PlayerRow};

use super::bot::Level;
use super::command::SideChoice;
use super::event::{Button, ButtonStyle, Reply};
use super::game::Game;
use super::handler::{BotTurn, Core, Ctx, Handled, Result, refuse};

impl Core {
    pub(crate) fn challenge(
        &mut self,
        ctx: &Ctx<'_>,
        opponent: Option<&str>,
        side: SideChoice,
    ) -> Result<Handled> {
        let target = match opponent {
            Some(token) => Some(self.resolve_user(ctx, token)?),
            None => None,
        };
        if target.as_ref().is_some_and(|t| t.id == ctx.me.id) {
            return refuse("You cannot challenge yourself. Try `play bot` for a game against me.");
        }
        self.ensure_free(ctx, &ctx.me, "You")?;
        if let Some(t) = &target {
            self.ensure_free(ctx, t, &t.display_name)?;
        }
        let open = self
            .store
            .open_challenges(ctx.platform(), ctx.channel(), ctx.now)?;
        if let Some(c) = open.iter().find(|c| c.challenger_id == ctx.me.id) {
            return refuse(format!(
                "You already have a challenge open here (#{}); `{} cancel` it first.",
                c.id, self.settings.prefix
            ));
        }
        let c = self.store.create_challenge(&NewChallenge {
            platform: ctx.platform(),
            scope: ctx.scope(),
            channel: ctx.channel(),
            challenger_id: ctx.me.id,
            challenged_id: target.as_ref().map(|t| t.id),
            side: side.as_str(),
            now: ctx.now,
            expires_at: ctx.now + self.settings.challenge_expiry_secs,
        })?;
        let minutes = self.settings.challenge_expiry_secs / 60;
        let sides = match side {
            SideChoice::Random => "sides drawn at random".to_string(),
            SideChoice::Jade => format!("{} plays Jade and moves first", ctx.me.display_name),
            SideChoice::Crimson => format!("{} plays Crimson", ctx.me.display_name),
        };
        let p = &self.settings.prefix;
        let (text, mentions) = match &target {
            Some(t) => (
                format!(
                    "{} challenges {} to a game of Jungle ({sides}). {}: `{p} accept` or `{p} decline` within {minutes} minutes.",
                    ctx.me.display_name, t.display_name, t.display_name
                ),
                vec![super::event::User::new(&t.user_id, &t.display_name)],
            ),
            None => (
                format!(
                    "{} is looking for a game of Jungle ({sides}). Anyone: `{p} accept` within {minutes} minutes.",
                    ctx.me.display_name
                ),
                Vec::new(),
            ),
        };
        Ok(Handled::reply(Reply {
            text,
            mentions,
            buttons: challenge_buttons(c.id),
            ..Reply::default()
        }))
    }

    /// Refuses when `who` already has an active game in this channel.
    fn ensure_free(&self, ctx: &Ctx<'_>, who: &PlayerRow, name: &str) -> Result<()> {
        if let Some(g) = self
            .store
            .active_game_of(ctx.platform(), ctx.channel(), who.id)?
        {
            let have = if name == "You" { "have" } else { "has" };
            return refuse(format!(
                "{name} already {have} a game in this channel (#{}); one game per player per channel.",
                g.id
            ));
        }
        Ok(())
    }

    /// The challenge a command or button means, checked to be open.
    fn pick_challenge(
        &mut self,
        ctx: &Ctx<'_>,
        id: Option<i64>,
        from: Option<&str>,
        mine: bool,
    ) -> Result<ChallengeRow> {
        if let Some(id) = id {
            let c = match self.store.challenge(id)? {
                Some(c) if c.platform == ctx.platform() => c,
                _ => return refuse(format!("There is no challenge #{id}.")),
            };
            if c.status != ChallengeStatus::Open || c.expires_at <= ctx.now {
                let state = if c.status == ChallengeStatus::Open {
                    "expired"
                } else {
                    c.status.as_str()
                };
                return refuse(format!(
                    "That challenge is no longer open (it was {state})."
                ));
            }
            return Ok(c);
        }
        let from_id = match from {
            Some(token) => Some(self.resolve_user(ctx, token)?.id),
            None => None,
        };
        let open = self
            .store
            .open_challenges(ctx.platform(), ctx.channel(), ctx.now)?;
        let found = if mine {
            open.into_iter().find(|c| c.challenger_id == ctx.me.id)
        } else {
            // Those addressed to the sender first, then open ones; newest first within each.
            let theirs: Vec<ChallengeRow> = open
                .into_iter()
                .filter(|c| {
                    c.challenger_id != ctx.me.id && from_id.is_none_or(|f| c.challenger_id == f)
                })
                .collect();
            let addressed = theirs.iter().find(|c| c.challenged_id == Some(ctx.me.id));
            let anyone = theirs.iter().find(|c| c.challenged_id.is_none());
            addressed.or(anyone).cloned()
        };
        match found {
            Some(c) => Ok(c),
            None if mine => refuse("You have no open challenge in this channel."),
            None => refuse("There is no challenge for you in this channel."),
        }
    }

    pub(crate) fn accept(
        &mut self,
        ctx: &Ctx<'_>,
        id: Option<i64>,
        from: Option<&str>,
    ) -> Result<Handled> {
        let c = self.pick_challenge(ctx, id, from, false)?;
        let challenger = self
            .store
            .player(c.challenger_id)?
            .ok_or_else(|| corrupt(&c))?;
        if c.challenger_id == ctx.me.id {
            return refuse("You cannot accept your own challenge; `cancel` it instead.");
        }
        if let Some(target) = c.challenged_id
            && target != ctx.me.id
        {
            let name = self
                .store
                .player(target)?
                .map(|p| p.display_name)
                .unwrap_or_default();
            return refuse(format!("This challenge is for {name}, not you."));
        }
        self.ensure_free(ctx, &ctx.me, "You")?;
        self.ensure_free(ctx, &challenger, &challenger.display_name)?;
        let challenger_side = match c.side.as_str() {
            "jade" => Side::Jade,
            "crimson" => Side::Crimson,
            _ => self.coin(c.id, ctx.me.id, ctx.now),
        };
        let (jade, crimson) = match challenger_side {
            Side::Jade => (&challenger, &ctx.me),
            Side::Crimson => (&ctx.me, &challenger),
        };
        let (jade_id, crimson_id) = (jade.id, crimson.id);
        let row = self.store.atomically(|s| {
            let row = s.create_game(&NewGame {
                platform: ctx.platform(),
                scope: ctx.scope(),
                channel: ctx.channel(),
                jade_id: Some(jade_id),
                crimson_id: Some(crimson_id),
                bot_level: None,
                position: &Position::start().to_string(),
                rated: true,
                now: ctx.now,
            })?;
            if !s.close_challenge(c.id, ChallengeStatus::Accepted, Some(row.id))? {
                return Err(crate::store::StoreError::Corrupt {
                    table: "challenges",
                    detail: "closed while accepting".into(),
                });
            }
            Ok(row)
        });
        let row = match row {
            Ok(row) => row,
            // Someone else accepted or it was cancelled between our read and write.
            Err(crate::store::StoreError::Corrupt {
                table: "challenges",
                ..
            }) => {
                return refuse("That challenge is no longer open.");
            }
            Err(e) => return Err(e.into()),
        };
        let mut h = self.game_started(row, None)?;
        if let Some(r) = h.replies.first_mut() {
            r.retired_buttons = challenge_button_ids(c.id);
        }
        Ok(h)
    }

    pub(crate) fn decline(
        &mut self,
        ctx: &Ctx<'_>,
        id: Option<i64>,
        from: Option<&str>,
    ) -> Result<Handled> {
        let c = self.pick_challenge(ctx, id, from, false)?;
        if c.challenged_id != Some(ctx.me.id) {
            let why = if c.challenged_id.is_none() {
                "An open challenge cannot be declined; just leave it.".to_string()
            } else {
                "Only the challenged player can decline.".to_string()
            };
            return refuse(why);
        }
        if !self
            .store
            .close_challenge(c.id, ChallengeStatus::Declined, None)?
        {
            return refuse("That challenge is no longer open.");
        }
        let challenger = self
            .store
            .player(c.challenger_id)?
            .ok_or_else(|| corrupt(&c))?;
        Ok(Handled::reply(Reply {
            text: format!(
                "{} declined {}'s challenge.",
                ctx.me.display_name, challenger.display_name
            ),
            mentions: vec![super::event::User::new(
                &challenger.user_id,
                &challenger.display_name,
            )],
            retired_buttons: challenge_button_ids(c.id),
            ..Reply::default()
        }))
    }

    pub(crate) fn cancel(&mut self, ctx: &Ctx<'_>, id: Option<i64>) -> Result<Handled> {
        let c = self.pick_challenge(ctx, id, None, true)?;
        if c.challenger_id != ctx.me.id {
            return refuse("Only the challenger can cancel a challenge.");
        }
        if !self
            .store
            .close_challenge(c.id, ChallengeStatus::Cancelled, None)?
        {
            return refuse("That challenge is no longer open.");
        }
        Ok(Handled::reply(Reply {
            text: format!("{} cancelled their challenge.", ctx.me.display_name),
            retired_buttons: challenge_button_ids(c.id),
            ..Reply::default()
        }))
    }

    pub(crate) fn play_bot(
        &mut self,
        ctx: &Ctx<'_>,
        level: Option<Level>,
        side: SideChoice,
    ) -> Result<Handled> {
        self.ensure_free(ctx, &ctx.me, "You")?;
        let level = level.unwrap_or(self.settings.default_level);
        let my_side = match side {
            SideChoice::Jade => Side::Jade,
            SideChoice::Crimson => Side::Crimson,
            SideChoice::Random => self.coin(ctx.me.id, 7, ctx.now),
        };
        let (jade_id, crimson_id) = match my_side {
            Side::Jade => (Some(ctx.me.id), None),
            Side::Crimson => (None, Some(ctx.me.id)),
        };
        let row = self.store.create_game(&NewGame {
            platform: ctx.platform(),
            scope: ctx.scope(),
            channel: ctx.channel(),
            jade_id,
            crimson_id,
            bot_level: Some(level.name()),
            position: &Position::start().to_string(),
            rated: true,
            now: ctx.now,
        })?;
        self.game_started(row, None)
    }

    /// The announcement of a new game, and the bot's first move if it plays Jade.
    fn game_started(&mut self, row: GameRow, _note: Option<String>) -> Result<Handled> {
        let game = Game::load(&self.store, row)?;
        let first = game.seat(Side::Jade);
        let p = &self.settings.prefix;
        let mut text = format!("Game #{} starts: {}.", game.id(), game.title());
        let bot_turn = match game.bot_side() {
            Some((Side::Jade, level)) => {
                text.push_str(" I move first as Jade.");
                Some(BotTurn {
                    game_id: game.id(),
                    ply: game.row.ply,
                    position: game.pos,
                    level,
                    history: Vec::new(),
                })
            }
            _ => {
                text.push_str(&format!(
                    " {}, you play Jade and move first: type a move like `G7 G6` or `{p} move G7 G6`.",
                    first.name()
                ));
                None
            }
        };
        Ok(Handled {
            replies: vec![Reply {
                text,
                board: Some(game.view(None)),
                mentions: first.user().into_iter().collect(),
                buttons: game.buttons(),
                ..Reply::default()
            }],
            bot_turn,
        })
    }
}

fn corrupt(c: &ChallengeRow) -> super::handler::ChatError {
    crate::store::StoreError::Corrupt {
        table: "challenges",
        detail: format!("challenge {} names a missing player", c.id),
    }
    .into()
}

pub(crate) fn challenge_buttons(id: i64) -> Vec<Button> {
    vec![
        Button {
            id: format!("accept:{id}"),
            label: "Accept".into(),
            style: ButtonStyle::Primary,
        },
        Button {
            id: format!("decline:{id}"),
            label: "Decline".into(),
            style: ButtonStyle::Secondary,
        },
    ]
}

pub(crate) fn challenge_button_ids(id: i64) -> Vec<String> {
    challenge_buttons(id).into_iter().map(|b| b.id).collect()
}
