//! What every command handler works with: the store, the settings and the time ([`Env`]), who
//! asked and where ([`Ctx`]), and what a handler gives back ([`Handled`], [`BotTurn`], an
//! analysis to run, or a [`ChatError`]).

use thiserror::Error;

use crate::lang::Lang;
use store::{PlayerRow, Store, StoreError};

use super::dialect::Dialect;
use super::event::{Event, Reply};
use super::game::BotTurn;
use super::job::AnalysisJob;
use super::settings::Settings;

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

/// The language a moderator set for a server or room with `lang`, if any.
pub(crate) fn language_set(store: &Store, platform: &str, scope: &str) -> Option<Lang> {
    match store.language(platform, scope) {
        Ok(code) => code.as_deref().and_then(Lang::from_locale),
        Err(e) => {
            tracing::error!(error = %e, "cannot read the language setting");
            None
        }
    }
}

/// What handling one event produced.
#[derive(Debug, Default)]
pub struct Handled {
    pub replies: Vec<Reply>,
    pub bot_turn: Option<BotTurn>,
    /// A game to analyse: the service runs it off the runtime and posts the result.
    pub analysis: Option<AnalysisJob>,
}

impl Handled {
    pub(crate) fn reply(reply: Reply) -> Handled {
        Handled {
            replies: vec![reply],
            ..Handled::default()
        }
    }
}

/// The store, the settings and the time: all a handler needs besides the event.
pub(crate) struct Env<'a> {
    pub store: &'a Store,
    pub settings: &'a Settings,
    /// Unix seconds.
    pub now: i64,
    /// The language of replies everyone reads (a move, a game's end): the channel's.
    pub lang: Lang,
    /// The language of replies only the sender reads (refusals, private answers).
    pub reader: Lang,
}

/// One event's context: the environment, who sent it and where.
pub(crate) struct Ctx<'a> {
    pub env: Env<'a>,
    pub ev: &'a Event,
    pub me: PlayerRow,
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
    pub fn now(&self) -> i64 {
        self.env.now
    }
    /// How commands are written where this event came from.
    pub fn dialect(&self) -> Dialect {
        self.env
            .settings
            .dialect(self.platform(), &self.ev.place.scope)
    }
    /// A command as a reader of `lang` types it here, as code: `` `!jungle accept` ``.
    pub fn cmd(&self, lang: Lang, words: &str) -> String {
        self.dialect().cmd(lang, words)
    }
    /// The language of public replies here.
    pub fn lang(&self) -> Lang {
        self.env.lang
    }
    /// The language of the sender's private replies.
    pub fn reader(&self) -> Lang {
        self.env.reader
    }
}
