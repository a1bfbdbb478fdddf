//! Support for tests/discord.rs: the Discord double and the bot harness.

pub mod double;
pub mod harness;
