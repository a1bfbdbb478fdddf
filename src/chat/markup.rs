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
/// like `[prize](https://…)` is no link), without line breaks, at most 32 characters.
pub fn plain_name(name: &str) -> String {
    let clean: String = name
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
    match clean.split_whitespace().collect::<Vec<_>>().join(" ") {
        n if n.is_empty() => "player".to_string(),
        n => n,
    }
}
