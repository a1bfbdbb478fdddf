//! The platform-agnostic game service: commands in, replies out. Adapters translate platform
//! events into [`Event`]s and [`Reply`]s into platform messages, and nothing else.
//!
//! - [`command`]: text -> [`Command`] (syntax only).
//! - [`Service`]: the async entry point; runs the synchronous handler, the bot and the renderer
//!   off the runtime.

mod bot;
mod challenges;
pub mod command;
mod event;
mod game;
mod handler;
mod info;
mod picture;
mod play;
mod service;
pub mod text;
mod timers;

pub use bot::{Level, choose_move};
pub use command::{Command, CommandError, SideChoice};
pub use event::{
    BoardView, Button, ButtonStyle, Event, Image, Input, Outgoing, Place, Reply, User,
};
pub use handler::{BotTurn, Core, Handled, Settings};
pub use service::{Clock, ManualClock, Service, SystemClock};
pub use timers::Ticked;
