//! Every integration test, in one binary: one link instead of one per file, which is most of
//! what a test build costs. Each module is one area; `cargo test --test tests <module>::` runs
//! one of them (the Matrix ones need the homeserver `tests/matrix/synapse.sh` starts).

mod common;
mod images;

mod ai;
mod chat_robustness;
mod cli;
mod console;
mod discord;
mod files;
mod hardening;
mod invariants;
mod lang;
mod matrix;
mod metrics;
mod ops;
mod perft;
mod props;
mod render;
mod replay;
mod rules;
mod store;
mod texts;
