//! Message text both ways: what a Matrix message says to the chat layer (pills become user ids,
//! reply fallbacks go), and a reply's `**bold**`/`` `code` `` text as a plain body plus HTML.

/// An incoming message, reduced to what the chat layer reads.
#[derive(Debug, PartialEq, Eq)]
pub struct Incoming {
    /// The text, with each pill's shown name replaced by the user id it links to.
    pub text: String,
    /// Matrix user ids the message mentions (pills, `m.mentions`, ids typed out), in order.
    pub mentioned: Vec<String>,
}

/// Reads a message: `body` is the plain body, `html` the formatted body (if any), `is_reply`
/// whether it answers another message (old clients quote that message first: `> ...`).
pub fn incoming(body: &str, html: Option<&str>, is_reply: bool, m_mentions: &[String]) -> Incoming {
    let mut text = if is_reply {
        strip_reply_fallback(body)
    } else {
        body.to_string()
    };
    let mut mentioned = Vec::new();
    for (id, shown) in html.map(pills).unwrap_or_default() {
        if !shown.is_empty()
            && shown != id
            && let Some(at) = text.find(&shown)
        {
            text.replace_range(at..at + shown.len(), &id);
        }
        push_unique(&mut mentioned, id);
    }
    for id in m_mentions {
        push_unique(&mut mentioned, id.clone());
    }
    for word in text.split_whitespace() {
        let word = word.trim_end_matches([',', '.', ';', '!', '?', ')']);
        if looks_like_user_id(word) {
            push_unique(&mut mentioned, word.to_string());
        }
    }
    Incoming {
        text: text.trim().to_string(),
        mentioned,
    }
}

fn push_unique(list: &mut Vec<String>, id: String) {
    if !list.contains(&id) {
        list.push(id);
    }
}

/// `@local:server`, roughly (the adapter validates it properly before use).
fn looks_like_user_id(word: &str) -> bool {
    word.len() > 3
        && word.starts_with('@')
        && word[1..].split_once(':').is_some_and(|(local, server)| {
            !local.is_empty() && !server.is_empty() && !local.contains('@')
        })
}

/// Drops the `> quoted` lines old clients put before a reply's own text.
fn strip_reply_fallback(body: &str) -> String {
    let mut lines = body.lines().peekable();
    if !lines.peek().is_some_and(|l| l.starts_with('>')) {
        return body.to_string();
    }
    while lines.peek().is_some_and(|l| l.starts_with('>')) {
        lines.next();
    }
    lines.collect::<Vec<_>>().join("\n")
}

/// The user pills in a formatted body: `<a href="https://matrix.to/#/@bob:example.org">Bob</a>`
/// gives `("@bob:example.org", "Bob")`.
fn pills(html: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find("<a ") {
        rest = &rest[start + 3..];
        let Some(close) = rest.find('>') else { break };
        let attrs = &rest[..close];
        let after = &rest[close + 1..];
        let Some(end) = after.find("</a>") else { break };
        let shown = unescape(&strip_tags(&after[..end]));
        rest = &after[end..];
        let Some(href) = attribute(attrs, "href") else {
            continue;
        };
        let Some(target) = href.strip_prefix("https://matrix.to/#/") else {
            continue;
        };
        let target = percent_decode(target.split('?').next().unwrap_or(""));
        if looks_like_user_id(&target) {
            found.push((target, shown.trim().to_string()));
        }
    }
    found
}

fn attribute<'a>(attrs: &'a str, name: &str) -> Option<&'a str> {
    for quote in ['"', '\''] {
        let key = format!("{name}={quote}");
        if let Some(at) = attrs.find(&key) {
            let value = &attrs[at + key.len()..];
            return value.find(quote).map(|end| &value[..end]);
        }
    }
    None
}

fn strip_tags(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

fn percent_decode(text: &str) -> String {
    let hex = |b: u8| (b as char).to_digit(16);
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match (
            bytes[i],
            bytes.get(i + 1).and_then(|&b| hex(b)),
            bytes.get(i + 2).and_then(|&b| hex(b)),
        ) {
            (b'%', Some(hi), Some(lo)) => {
                out.push((hi * 16 + lo) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A user to mention at the start of a reply: the Matrix id and the name to show.
pub struct Pill<'a> {
    pub id: &'a str,
    pub name: &'a str,
}

/// A reply's text as `(plain body, HTML body)`. Mentioned users lead the message, as pills in
/// the HTML and as names in the plain body.
pub fn outgoing(text: &str, mentions: &[Pill<'_>]) -> (String, String) {
    let mut plain = String::new();
    let mut html = String::new();
    if !mentions.is_empty() {
        let names: Vec<&str> = mentions.iter().map(|m| m.name).collect();
        plain.push_str(&names.join(", "));
        plain.push_str(": ");
        let links: Vec<String> = mentions
            .iter()
            .map(|m| {
                format!(
                    "<a href=\"https://matrix.to/#/{}\">{}</a>",
                    escape(m.id),
                    escape(m.name)
                )
            })
            .collect();
        html.push_str(&links.join(", "));
        html.push_str(": ");
    }
    plain.push_str(&text.replace("**", ""));
    html.push_str(&markup_to_html(text));
    (plain, html)
}

/// `**bold**` -> `<strong>`, `` `code` `` -> `<code>`, new lines -> `<br>`, the rest escaped.
/// An unpaired marker stays as it is.
fn markup_to_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('`')
            && let Some(end) = after.find('`')
        {
            out.push_str("<code>");
            out.push_str(&escape(&after[..end]));
            out.push_str("</code>");
            rest = &after[end + 1..];
        } else if let Some(after) = rest.strip_prefix("**")
            && let Some(end) = after.find("**")
        {
            out.push_str("<strong>");
            out.push_str(&markup_to_html(&after[..end]));
            out.push_str("</strong>");
            rest = &after[end + 2..];
        } else {
            let c = rest.chars().next().expect("not empty");
            match c {
                '\n' => out.push_str("<br>"),
                c => out.push_str(&escape(c.encode_utf8(&mut [0; 4]))),
            }
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// `text` as an HTML `<pre>` block (a text board), escaped.
pub fn preformatted(text: &str) -> String {
    format!("<pre>{}</pre>", escape(text))
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pills_become_user_ids() {
        let got = incoming(
            "!jungle challenge Bob Smith jade",
            Some(
                "!jungle challenge <a href=\"https://matrix.to/#/@bob:example.org\">Bob Smith</a> jade",
            ),
            false,
            &["@bob:example.org".to_string()],
        );
        assert_eq!(got.text, "!jungle challenge @bob:example.org jade");
        assert_eq!(got.mentioned, vec!["@bob:example.org"]);
        // Percent-encoded links and typed-out ids count too.
        let got = incoming(
            "!jungle rating carol, also @dave:x.org.",
            Some(
                "!jungle rating <a href='https://matrix.to/#/%40carol%3Ay.org'>carol</a>, also @dave:x.org.",
            ),
            false,
            &[],
        );
        assert_eq!(got.text, "!jungle rating @carol:y.org, also @dave:x.org.");
        assert_eq!(got.mentioned, vec!["@carol:y.org", "@dave:x.org"]);
        // Room links and plain words are not users.
        let got = incoming(
            "see #room:x.org or email@host",
            Some("see <a href=\"https://matrix.to/#/#room:x.org\">#room:x.org</a>"),
            false,
            &[],
        );
        assert!(got.mentioned.is_empty(), "{got:?}");
    }

    #[test]
    fn reply_fallbacks_are_dropped() {
        let got = incoming(
            "> <@jungle:x.org> Your move\n> more\n\nG7 G6",
            None,
            true,
            &[],
        );
        assert_eq!(got.text, "G7 G6");
        // Not a reply: a leading '>' is the user's own text.
        assert_eq!(incoming("> hi", None, false, &[]).text, "> hi");
    }

    #[test]
    fn replies_get_pills_and_markup() {
        let (plain, html) = outgoing(
            "alice played **G7 G6**. Type `moves <square>` & more\nnext line",
            &[Pill {
                id: "@bob:example.org",
                name: "Bob <B>",
            }],
        );
        assert_eq!(
            plain,
            "Bob <B>: alice played G7 G6. Type `moves <square>` & more\nnext line"
        );
        assert_eq!(
            html,
            "<a href=\"https://matrix.to/#/@bob:example.org\">Bob &lt;B&gt;</a>: alice played <strong>G7 G6</strong>. Type <code>moves &lt;square&gt;</code> &amp; more<br>next line"
        );
        let (plain, html) = outgoing("a ** lone `tick", &[]);
        assert_eq!(plain, "a  lone `tick");
        assert_eq!(html, "a ** lone `tick");
    }
}
