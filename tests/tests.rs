//! Every integration test, in one binary: one link instead of one per file, which is most of
//! what a test build costs. Each module is one area; `cargo test --test tests <module>::` runs
//! one of them (the Matrix ones need the homeserver `tests/matrix/synapse.sh` starts). The
//! platforms' modules are left out of a build without their cargo features.

mod common;
mod images;

mod ai;
mod analysis;
mod chat_robustness;
mod claims;
mod cli;
mod clocks;
mod connections;
mod console;
#[cfg(feature = "discord")]
mod discord;
mod files;
mod hardening;
mod invariants;
mod lang;
mod levels;
#[cfg(feature = "matrix")]
mod matrix;
#[cfg(all(feature = "discord", feature = "matrix"))]
mod metrics;
mod ops;
mod perft;
mod props;
mod races;
mod rematch;
mod render;
mod replay;
mod rules;
mod seasons;
mod secrets;
mod side_by_side;
mod steps;
mod store;
mod texts;
mod tournaments;
mod wording;
