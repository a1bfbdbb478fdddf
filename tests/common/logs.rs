//! One log subscriber for the whole test binary, installed by the first test that asks: what
//! is logged goes into a buffer the tests read (the leak checks look for secrets there). With
//! `RUST_LOG` set, that filter is used instead, for debugging.

use std::sync::{Arc, Mutex, OnceLock};

/// Everything logged since the subscriber was installed.
#[derive(Clone, Default)]
pub struct Captured(Arc<Mutex<Vec<u8>>>);

impl Captured {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }
}

impl std::io::Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

static LOGS: OnceLock<Captured> = OnceLock::new();

/// Installs the binary's subscriber once (a scoped one would race with other tests' threads
/// over tracing's per-callsite interest cache) and returns its buffer. Everything is kept at
/// trace level except the homeserver client's chatter.
pub fn captured() -> &'static Captured {
    LOGS.get_or_init(|| {
        let captured = Captured::default();
        let writer = captured.clone();
        let filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| {
            tracing_subscriber::EnvFilter::new(
                "trace,matrix_sdk=info,ruma=info,hyper=info,h2=info,rustls=info,reqwest=debug",
            )
        });
        let subscriber = tracing_subscriber::fmt()
            .with_env_filter(filter)
            .with_ansi(false)
            .with_writer(move || writer.clone())
            .finish();
        tracing::subscriber::set_global_default(subscriber)
            .expect("only this function installs a subscriber");
        captured
    })
}
