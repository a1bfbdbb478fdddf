//! Adapters: each maps one platform's events to [`crate::chat`] calls and replies back.

pub mod console;
