//! User text as replies may show it: typed text as inline code, display names without the
//! characters chat markup is made of. Nothing a user wrote becomes a link, mention or bold.

/// Text a user wrote, shown in a reply: as inline code with its backticks taken out (so it
/// cannot close the code span and turn into links, mentions or bold), and cut at 40 characters.
pub fn verbatim(text: &str) -> String {
    let clean: String = text
        .chars()
        .filter(|&c| c != '`')
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let cut: String = clean.chars().take(40).collect();
    let ellipsis = if cut.len() < clean.len() { "…" } else { "" };
    format!("`{}{ellipsis}`", cut.trim())
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

/// `text` without markup characters, control characters or runs of whitespace, cut at 32.
fn unmarked(text: &str) -> String {
    let clean: String = text
        .chars()
        .filter(|c| {
            !matches!(
                c,
                '`' | '*' | '_' | '~' | '|' | '[' | ']' | '(' | ')' | '<' | '>' | '\\'
            )
        })
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(32)
        .collect();
    store::errors::squash(&clean)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_markup_and_line_breaks() {
        assert_eq!(
            plain_name("[prize](https://x.io)", "1"),
            "prizehttps://x.io"
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
}
