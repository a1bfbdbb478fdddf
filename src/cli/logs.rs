//! Log lines on stderr with every secret the process has read taken out
//! ([`store::secret::scrub`]): a library's error that quotes a URL with its password, or a
//! token, reaches the operator's terminal and journal as `***`.

use std::io::{self, Write};

use tracing_subscriber::EnvFilter;

/// Standard error, scrubbed. The log formatter writes each event in one call, so a secret is
/// never split across two writes.
pub struct Scrubbed<W>(pub W);

impl<W: Write> Write for Scrubbed<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let text = String::from_utf8_lossy(buf);
        self.0
            .write_all(crate::store::secret::scrub(&text).as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

/// Logs to stderr, filtered by `filter`, scrubbed.
pub fn init(filter: EnvFilter) {
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(|| Scrubbed(io::stderr()))
        .init();
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;

    #[derive(Clone, Default)]
    struct Sink(Arc<Mutex<Vec<u8>>>);

    impl Write for Sink {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_secret_in_a_log_line_is_scrubbed() {
        let sink = Sink::default();
        let writer = sink.clone();
        let _ = crate::store::Secret::new("Zq9!secret?pw");
        let subscriber = tracing_subscriber::fmt()
            .with_ansi(false)
            .with_writer(move || Scrubbed(writer.clone()))
            .finish();
        tracing::subscriber::with_default(subscriber, || {
            tracing::warn!(
                error = "error sending request for url (http://u:Zq9!secret?pw@h/)",
                "cannot connect"
            );
        });
        let out = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
        assert!(out.contains("cannot connect"), "{out}");
        assert!(out.contains("http://u:***@h/"), "{out}");
        assert!(!out.contains("Zq9"), "{out}");
    }
}
