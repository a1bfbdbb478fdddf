//! Errors as one line of text, for log lines, operator messages and the command line.
//!
//! Library errors come as chains (`cannot connect` caused by `certificate expired`); operators
//! read them best as `a: b: c` on one line. A cause whose text the line already holds is left
//! out, since many libraries repeat their source in their own message.

/// An error and its sources on one line (`a: b: c`), runs of whitespace (newlines included)
/// squashed to one space, a source left out when the text before already says it.
pub fn one_line(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        let more = s.to_string();
        if !text.contains(&more) {
            text.push_str(": ");
            text.push_str(&more);
        }
        source = s.source();
    }
    squash(&text)
}

/// `text` with every run of whitespace made one space, and none at either end.
pub fn squash(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug)]
    struct Chain(&'static str, Option<Box<Chain>>);

    impl std::fmt::Display for Chain {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(self.0)
        }
    }

    impl std::error::Error for Chain {
        fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
            self.1.as_deref().map(|c| c as _)
        }
    }

    fn chain(texts: &[&'static str]) -> Chain {
        let (first, rest) = texts.split_first().expect("one text at least");
        Chain(first, (!rest.is_empty()).then(|| Box::new(chain(rest))))
    }

    #[test]
    fn sources_follow_with_colons_and_repeats_are_left_out() {
        let e = chain(&[
            "cannot connect",
            "tls: certificate expired",
            "certificate expired",
        ]);
        assert_eq!(one_line(&e), "cannot connect: tls: certificate expired");
    }

    #[test]
    fn newlines_and_runs_of_spaces_become_one_space() {
        let e = chain(&["bad\n  config", "line 3:\tunknown key"]);
        assert_eq!(one_line(&e), "bad config: line 3: unknown key");
        assert_eq!(squash("  a \n\n b  "), "a b");
    }
}
