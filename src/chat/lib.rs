//! The platform-agnostic game service: commands in, replies out. Adapters translate platform
//! events into [`Event`]s and [`Reply`]s into platform messages, and nothing else.
//!
//! The modules, leaves first (each imports only those above it):
//! - [`event`], `dialect`, [`settings`], [`command`]: the vocabulary: events and replies, how
//!   commands are written on each platform, the settings the edge hands in, and the typed
//!   [`Command`].
//! - `step`: a move written as an animal and a direction (`虎上`, `tiger up`).
//! - [`table`]: the command table; the text parser, `help` and Discord's `/jungle` come from it.
//! - `address`: which messages are for the bot (prefix, mention, bare move), for every platform.
//! - `buttons`: button ids as [`Action`]s. `context`: what a handler works with and returns.
//!   `limits`: per-user rate limits. `markup`: user text as replies may show it.
//! - `game`, `lookup`, `lifecycle`: a stored game with its seats; finding players and games;
//!   moving and ending a game.
//! - `challenges`, `play`, `takeback`, `info`, `review`, `admin`, `timers`: the command handlers
//!   (load, decide, commit, reply); `review` leaves its search to the service as a `job`.
//! - `picture`, `describe`: a reply's board as a PNG, and the same board in words.
//! - `handler` ([`Core`]): one event in, replies out. [`Service`]: the async entry point; runs
//!   the handler, the bot and the renderer off the runtime; `apart`: the bot's searches on
//!   threads of their own, below the commands.
//! - Beside them, for the adapters too: [`metrics`] (the metric names, adapter health and the
//!   `/metrics` server), [`rating`] (Elo), [`section`] (a config section read key by key, with
//!   errors that name the key), [`sync`] (the poison-tolerant lock), and [`lang`] (re-exported
//!   from the render crate).

mod address;
mod admin;
mod apart;
pub mod bot;
mod buttons;
mod challenges;
pub mod command;
mod context;
mod describe;
mod dialect;
mod event;
mod game;
mod handler;
mod info;
mod job;
mod lifecycle;
mod limits;
mod lookup;
mod markup;
pub mod metrics;
mod notify;
mod picture;
mod play;
pub mod rating;
mod record;
mod review;
mod season;
pub mod section;
mod service;
mod settings;
mod step;
pub mod sync;
pub mod table;
mod takeback;
pub mod text;
mod timers;
mod touch;
pub mod tournament;

pub use bot::{Level, choose_move};
pub use buttons::Action;
pub use command::{AdminCommand, Command, CommandError, SideChoice, TournamentCommand};
pub use context::Handled;
pub use describe::alt_text;
pub use dialect::{Dialect, Spelling};
pub use event::{
    BoardView, Button, ButtonStyle, Choice, DIRECT_SCOPE, Event, GROUP_SCOPE, Image, Input,
    Outgoing, Picker, Place, Reply, Thread, User,
};
pub use game::BotTurn;
pub use handler::Core;
pub use job::AnalysisJob;
pub use limits::Limits;
pub use markup::{plain_name, verbatim};
pub use picture::prepare as prepare_renderer;
pub use review::analysis_graph;
pub use service::{Claim, Clock, ManualClock, Pending, Service, SystemClock};
pub use settings::{ANALYSIS_NODES, BOT_RATINGS, Settings};
pub use step::{Dir, MoveText, Step, parse_step};
pub use timers::Ticked;
pub use touch::{animal_of_emoji, emoji as animal_emoji};

/// The languages and their catalogues (the render crate's, which draws them too).
pub use render::lang;

/// Messages the service sends on its own, for one platform's adapter to post.
pub type Outbox = tokio::sync::mpsc::Receiver<Outgoing>;
