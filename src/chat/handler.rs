//! The synchronous heart of the chat layer: one event in, replies out, with the store. The
//! async [`super::Service`] runs it off the runtime; commands live in the sibling modules.

use thiserror::Error;

use crate::config::Config;
use crate::engine::{Move, Position, Side};
use crate::store::{PlayerRow, Store, StoreError};

use super::bot::Level;
use super::command::{self, Command};
use super::event::{Event, Input, Reply};
use super::game::Game;

/// Settings the handler needs, taken from the config once.
#[derive(Clone, Debug)]
pub struct Settings {
    pub prefix: String,
    pub challenge_expiry_secs: i64,
    pub move_timeout_secs: i64,
    pub bot_ratings: [i32; 3],
    pub default_level: Level,
    /// How each level thinks (easy, medium, hard).
    pub levels: [crate::ai::LevelSettings; 3],
}

impl Settings {
    pub fn from_config(c: &Config) -> Settings {
        Settings {
            prefix: c.chat.prefix.clone(),
            challenge_expiry_secs: c.chat.challenge_expiry.as_secs() as i64,
            move_timeout_secs: c.chat.move_timeout.as_secs() as i64,
            bot_ratings: [c.bot.rating_easy, c.bot.rating_medium, c.bot.rating_hard],
            default_level: c.bot.default_level.parse().unwrap_or(Level::Hard),
            levels: Level::ALL.map(|l| c.bot.level_settings(l)),
        }
    }

    pub fn bot_rating(&self, level: Level) -> i32 {
        self.bot_ratings[level as usize]
    }

    pub fn level(&self, level: Level) -> &crate::ai::LevelSettings {
        &self.levels[level as usize]
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings::from_config(&Config::default())
    }
}

/// Why a command did nothing: a refusal the user reads, or a store failure.
#[derive(Debug, Error)]
pub(crate) enum ChatError {
    #[error("{0}")]
    Refuse(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

pub(crate) type Result<T> = std::result::Result<T, ChatError>;

pub(crate) fn refuse<T>(text: impl Into<String>) -> Result<T> {
    Err(ChatError::Refuse(text.into()))
}

/// The bot owes a move in this game at this ply.
#[derive(Clone, Debug, PartialEq)]
pub struct BotTurn {
    pub game_id: i64,
    pub ply: u32,
    pub position: Position,
    pub level: Level,
    /// Hashes of the game's earlier positions, oldest first (repetitions).
    pub history: Vec<u64>,
}

/// What handling one event produced.
#[derive(Debug, Default)]
pub struct Handled {
    pub replies: Vec<Reply>,
    pub bot_turn: Option<BotTurn>,
}

impl Handled {
    pub(crate) fn reply(reply: Reply) -> Handled {
        Handled {
            replies: vec![reply],
            bot_turn: None,
        }
    }
}

/// One event's context: who sent it, where, when.
pub(crate) struct Ctx<'a> {
    pub ev: &'a Event,
    pub me: PlayerRow,
    pub now: i64,
}

impl Ctx<'_> {
    pub fn platform(&self) -> &str {
        &self.ev.place.platform
    }
    pub fn channel(&self) -> &str {
        &self.ev.place.channel
    }
    pub fn scope(&self) -> &str {
        &self.ev.place.scope
    }
}

/// The handler: the store plus settings.
pub struct Core {
    pub(crate) store: Store,
    pub(crate) settings: Settings,
}

impl Core {
    pub fn new(store: Store, settings: Settings) -> Core {
        Core { store, settings }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Handles one event at time `now` (unix seconds).
    pub fn handle(&mut self, ev: &Event, now: i64) -> Handled {
        let cmd = match &ev.input {
            Input::Text(text) => match self.parse_text(text) {
                None => return Handled::default(),
                Some(Ok(cmd)) => cmd,
                Some(Err(e)) => return Handled::reply(Reply::private(e)),
            },
            Input::Command(cmd) => cmd.clone(),
            Input::Button(id) => match command::parse_button(id) {
                Some(cmd) => cmd,
                None => {
                    return Handled::reply(Reply {
                        retired_buttons: vec![id.clone()],
                        ..Reply::private("That button no longer does anything.")
                    });
                }
            },
        };
        let result = self
            .store
            .upsert_player(&ev.place.platform, &ev.sender.id, &ev.sender.name, now)
            .map_err(ChatError::from)
            .and_then(|me| {
                let ctx = Ctx { ev, me, now };
                self.run(&ctx, cmd)
            });
        match result {
            Ok(h) => h,
            Err(ChatError::Refuse(text)) => {
                let mut reply = Reply::private(text);
                if let Input::Button(id) = &ev.input {
                    reply.retired_buttons = self.dead_buttons(id, now);
                }
                Handled::reply(reply)
            }
            Err(ChatError::Store(e)) => {
                tracing::error!(error = %e, "store failure while handling a command");
                Handled::reply(Reply::private(
                    "Something went wrong on my side and nothing was changed. Please try again.",
                ))
            }
        }
    }

    /// When a pressed button's challenge is closed or its game is over: the ids of every button
    /// for it, so the adapter can take them off the message. Empty while the button still works.
    fn dead_buttons(&self, id: &str, now: i64) -> Vec<String> {
        let dead = match command::parse_button(id) {
            Some(
                Command::Accept {
                    challenge: Some(n), ..
                }
                | Command::Decline {
                    challenge: Some(n), ..
                }
                | Command::Cancel { challenge: Some(n) },
            ) => match self.store.challenge(n) {
                Ok(Some(c)) => (c.status != crate::store::ChallengeStatus::Open
                    || c.expires_at <= now)
                    .then(|| super::challenges::challenge_button_ids(n)),
                Ok(None) => Some(vec![id.to_string()]),
                Err(_) => None,
            },
            Some(Command::Resign { game: Some(n) } | Command::Draw { game: Some(n) }) => {
                match self.store.game(n) {
                    Ok(Some(g)) => (g.status != crate::store::GameStatus::Active)
                        .then(|| super::game::game_button_ids(n)),
                    Ok(None) => Some(vec![id.to_string()]),
                    Err(_) => None,
                }
            }
            _ => None,
        };
        dead.unwrap_or_default()
    }

    /// `Some` for a prefixed command or a plain move; `None` for ordinary chat.
    fn parse_text(&self, text: &str) -> Option<std::result::Result<Command, String>> {
        let t = text.trim();
        let prefix = &self.settings.prefix;
        if t.len() >= prefix.len()
            && t.is_char_boundary(prefix.len())
            && t[..prefix.len()].eq_ignore_ascii_case(prefix)
        {
            let rest = &t[prefix.len()..];
            if rest.is_empty() || rest.starts_with(char::is_whitespace) {
                return Some(command::parse(rest).map_err(|e| e.to_string()));
            }
        }
        t.parse::<Move>().is_ok().then(|| {
            Ok(Command::Move {
                text: t.to_string(),
                plain: true,
            })
        })
    }

    fn run(&mut self, ctx: &Ctx<'_>, cmd: Command) -> Result<Handled> {
        match cmd {
            Command::Challenge { opponent, side } => self.challenge(ctx, opponent.as_deref(), side),
            Command::Accept { challenge, from } => self.accept(ctx, challenge, from.as_deref()),
            Command::Decline { challenge, from } => self.decline(ctx, challenge, from.as_deref()),
            Command::Cancel { challenge } => self.cancel(ctx, challenge),
            Command::PlayBot { level, side } => self.play_bot(ctx, level, side),
            Command::Move { text, plain } => self.play_move(ctx, &text, plain),
            Command::Board => self.board(ctx),
            Command::Moves { square } => self.moves(ctx, &square),
            Command::Resign { game } => self.resign(ctx, game),
            Command::Draw { game } => self.draw(ctx, game),
            Command::Games => self.games(ctx),
            Command::Rating { user } => self.rating(ctx, user.as_deref()),
            Command::Top { global, limit } => self.top(ctx, global, limit),
            Command::History { user } => self.history(ctx, user.as_deref()),
            Command::Export { game } => self.export(ctx, game),
            Command::Rules => Ok(Handled::reply(Reply::text(super::text::rules()))),
            Command::Help => Ok(Handled::reply(Reply::text(super::text::help(
                &self.settings.prefix,
            )))),
        }
    }

    /// Finds the player a command names: a mention, a platform id, or a known display name.
    pub(crate) fn resolve_user(&mut self, ctx: &Ctx<'_>, token: &str) -> Result<PlayerRow> {
        let bare = token
            .trim_start_matches("<@")
            .trim_start_matches('!')
            .trim_start_matches('@')
            .trim_end_matches('>');
        let mentioned = ctx.ev.mentions.iter().find(|m| {
            m.id == token
                || m.id == bare
                || m.id.trim_start_matches('@') == bare
                || m.name.eq_ignore_ascii_case(bare)
        });
        if let Some(m) = mentioned {
            return Ok(self
                .store
                .upsert_player(ctx.platform(), &m.id, &m.name, ctx.now)?);
        }
        for id in [token, bare] {
            if let Some(p) = self.store.find_player(ctx.platform(), id)? {
                return Ok(p);
            }
        }
        let named = self.store.players_named(ctx.platform(), bare)?;
        match named.len() {
            1 => Ok(named.into_iter().next().expect("one")),
            0 => refuse(format!(
                "I don't know anyone called '{token}' here. Mention them so I can find them."
            )),
            _ => refuse(format!(
                "More than one player is called '{bare}'; mention the one you mean."
            )),
        }
    }

    /// The sender's active game in this channel, or the game a button names (which must be theirs).
    pub(crate) fn my_game(&self, ctx: &Ctx<'_>, id: Option<i64>) -> Result<Game> {
        let row = match id {
            Some(id) => match self.store.game(id)? {
                Some(row) if row.platform == ctx.platform() => row,
                _ => return refuse(format!("There is no game #{id}.")),
            },
            None => match self
                .store
                .active_game_of(ctx.platform(), ctx.channel(), ctx.me.id)?
            {
                Some(row) => row,
                None => return refuse("You have no game in this channel."),
            },
        };
        let game = Game::load(&self.store, row)?;
        if game.side_of(ctx.me.id).is_none() {
            return refuse(format!(
                "Only {} and {} play in game #{}.",
                game.jade.name(),
                game.crimson.name(),
                game.id()
            ));
        }
        if game.row.status != crate::store::GameStatus::Active {
            return refuse(format!("Game #{} is already over.", game.id()));
        }
        Ok(game)
    }

    /// A seeded coin for random sides.
    pub(crate) fn coin(&self, a: i64, b: i64, now: i64) -> Side {
        let mut x = (a as u64)
            ^ (b as u64).rotate_left(21)
            ^ (now as u64).rotate_left(42)
            ^ 0x9E37_79B9_7F4A_7C15;
        x ^= x >> 33;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
        x ^= x >> 33;
        if x & 1 == 0 {
            Side::Jade
        } else {
            Side::Crimson
        }
    }
}
