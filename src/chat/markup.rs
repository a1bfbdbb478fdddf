//! User text as replies may show it: typed text as inline code, display names without the
//! characters chat markup is made of. Nothing a user wrote becomes a link, mention or bold,
//! and no name passes for another: invisible characters (zero-width, bidirectional controls)
//! are taken out, `@` is shown as `＠` (so `@everyone`, `@here` and `@room` mention nobody),
//! and addresses are defanged (`evil[.]example`, `https[:]//`) so no client makes them links.

/// Text a user wrote, shown in a reply: as inline code with its backticks taken out (so it
/// cannot close the code span and turn into links, mentions or bold), and cut at 40 characters.
pub fn verbatim(text: &str) -> String {
    let clean: String = text
        .chars()
        .filter(|&c| c != '`' && !is_invisible(c))
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let cut: String = clean.chars().take(40).collect();
    let ellipsis = if cut.len() < clean.len() { "…" } else { "" };
    format!("`{}{ellipsis}`", defused(cut.trim()))
}

/// A display name as replies show it: without the characters chat markup is made of (so a name
/// like `[prize](https://…)` is no link), without line breaks, at most 32 characters. A name
/// with nothing left (`***`, say) shows as the account `id` it belongs to, cleaned the same way
/// and without a leading `@` or a Matrix server part: words no reader needs translated.
pub fn plain_name(name: &str, id: &str) -> String {
    let clean = unmarked(name);
    if !clean.is_empty() {
        return clean;
    }
    let account = id.trim_start_matches('@');
    match unmarked(account.split(':').next().unwrap_or(account)) {
        a if a.is_empty() => "?".to_string(),
        a => a,
    }
}

/// `text` without markup, control or invisible characters or runs of whitespace, cut at 32,
/// defused: also how a typed name is compared with the names players go by.
pub(crate) fn unmarked(text: &str) -> String {
    let clean: String = text
        .chars()
        .filter(|c| {
            !matches!(
                c,
                '`' | '*' | '_' | '~' | '|' | '[' | ']' | '(' | ')' | '<' | '>' | '\\'
            ) && !is_invisible(*c)
        })
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(32)
        .collect();
    defused(&store::errors::squash(&clean))
}

/// Characters that draw nothing or reorder what follows: zero-width spaces and joiners,
/// bidirectional embeddings, overrides, isolates and marks, the word joiner and invisible
/// operators, the byte order mark, the soft hyphen, and the blank fillers of Hangul and
/// Mongolian. Names that differ only by them are the same name.
pub fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{17B4}'
            | '\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF9}'..='\u{FFFB}'
            | '\u{E0000}'..='\u{E007F}'
    )
}

/// `text` with nothing a chat client makes a mention or a link: `@` as `＠`, and in a word
/// that reads as an address, `://` as `[:]//` and a dot between letters as `[.]`.
fn defused(text: &str) -> String {
    let words: Vec<String> = text
        .split(' ')
        .map(|word| {
            let word = word.replace('@', "＠");
            if !looks_like_address(&word) {
                return word;
            }
            let mut out = String::with_capacity(word.len() + 8);
            let chars: Vec<char> = word.chars().collect();
            for (i, &c) in chars.iter().enumerate() {
                let between = i > 0
                    && chars[i - 1].is_alphanumeric()
                    && chars.get(i + 1).is_some_and(|n| n.is_alphanumeric());
                match c {
                    '.' if between => out.push_str("[.]"),
                    ':' if chars.get(i + 1) == Some(&'/') => out.push_str("[:]"),
                    c => out.push(c),
                }
            }
            out
        })
        .collect();
    words.join(" ")
}

/// Whether a client may take `word` for an address: it has a scheme (`://`), or a dot
/// followed by two or more ASCII letters (a domain name's ending, `evil.example`).
fn looks_like_address(word: &str) -> bool {
    if word.contains("://") {
        return true;
    }
    word.split('.').skip(1).any(|after| {
        let tld: String = after
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_markup_and_line_breaks() {
        assert_eq!(
            plain_name("[prize](https://x.io)", "1"),
            "prizehttps[:]//x[.]io"
        );
        assert_eq!(plain_name("**Bo**\n  b", "1"), "Bo b");
        assert_eq!(plain_name(&"a".repeat(50), "1").len(), 32);
    }

    #[test]
    fn a_name_with_nothing_left_shows_as_the_account() {
        assert_eq!(plain_name("***", "@alice:example.org"), "alice");
        assert_eq!(plain_name(" `` ", "123456789"), "123456789");
        assert_eq!(plain_name("", "@_:x"), "?");
    }

    #[test]
    fn typed_text_is_inline_code_without_backticks() {
        assert_eq!(verbatim("a`b"), "`ab`");
        assert_eq!(verbatim(&"x".repeat(45)), format!("`{}…`", "x".repeat(40)));
    }

    #[test]
    fn names_cannot_mention_link_or_pass_for_another() {
        assert_eq!(plain_name("@everyone", "1"), "＠everyone");
        assert_eq!(
            plain_name("hi @here and @room", "1"),
            "hi ＠here and ＠room"
        );
        assert_eq!(
            plain_name("https://evil.example/login", "1"),
            "https[:]//evil[.]example/login"
        );
        assert_eq!(
            plain_name("visit evil.example", "1"),
            "visit evil[.]example"
        );
        // Zero-width and bidirectional characters are gone: a look-alike of alice is alice.
        for look_alike in [
            "al\u{200B}ice",
            "\u{202E}alice",
            "ali\u{2066}ce\u{2069}",
            "\u{FEFF}alice\u{200D}",
        ] {
            assert_eq!(plain_name(look_alike, "1"), "alice", "{look_alike:?}");
        }
        assert_eq!(plain_name("\u{200B}\u{200B}", "@bob:x.org"), "bob");
        // Ordinary names stay as they are.
        for name in ["小明", "José", "Ωmega", "J. R. R.", "Bo 3.5"] {
            assert_eq!(plain_name(name, "1"), name);
        }
        assert_eq!(
            verbatim("@https://evil.example/x"),
            "`＠https[:]//evil[.]example/x`"
        );
        assert_eq!(verbatim("a\u{202E}b"), "`ab`");
    }
}
