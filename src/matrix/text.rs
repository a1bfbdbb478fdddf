//! Message text both ways: what a Matrix message says to the chat layer (pills become user ids,
//! reply fallbacks go), and a reply's `**bold**`/`` `code` `` text as a plain body plus HTML.

use matrix_sdk::ruma::{MatrixToUri, MatrixUri, OwnedUserId, UserId, matrix_uri::MatrixId};
use ruma_html::{Html, NodeRef};

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

/// A user id typed out in the text, like `@alice:example.org`.
fn looks_like_user_id(word: &str) -> bool {
    UserId::parse(word).is_ok()
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

/// The user pills in a formatted body: links to a user, as `https://matrix.to/#/@bob:example.org`
/// (the id may be percent-encoded) or `matrix:u/bob:example.org`, with the text they show:
/// `<a href="https://matrix.to/#/@bob:example.org">Bob</a>` gives `("@bob:example.org", "Bob")`.
/// Links to rooms, events or other sites are no pills.
fn pills(html: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    collect_pills(Html::parse(html).children(), &mut found);
    found
}

fn collect_pills(nodes: impl Iterator<Item = NodeRef>, found: &mut Vec<(String, String)>) {
    for node in nodes {
        let Some(element) = node.as_element() else {
            continue;
        };
        if &*element.name.local == "a" {
            let user = element
                .attrs
                .borrow()
                .iter()
                .find(|a| &*a.name.local == "href")
                .and_then(|href| linked_user(&href.value));
            if let Some(user) = user {
                found.push((user.to_string(), text_of(&node).trim().to_string()));
                continue;
            }
        }
        collect_pills(node.children(), found);
    }
}

/// The user a `matrix.to` or `matrix:` link points at.
fn linked_user(href: &str) -> Option<OwnedUserId> {
    let id = match MatrixToUri::parse(href) {
        Ok(uri) => uri.id().clone(),
        Err(_) => MatrixUri::parse(href).ok()?.id().clone(),
    };
    match id {
        MatrixId::User(user) => Some(user),
        _ => None,
    }
}

/// The text inside a node, tags left out (entities are already decoded by the parser).
fn text_of(node: &NodeRef) -> String {
    let mut out = String::new();
    for child in node.children() {
        match child.as_text() {
            Some(text) => out.push_str(&text.borrow()),
            None => out.push_str(&text_of(&child)),
        }
    }
    out
}

/// A user to mention at the start of a reply: the Matrix id and the name to show.
pub struct Pill<'a> {
    pub id: &'a UserId,
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
                    "<a href=\"{}\">{}</a>",
                    escape(&m.id.matrix_to_uri().to_string()),
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
    fn pills_in_their_other_forms() {
        // `via` routing, markup and entities inside the link, and `matrix:` URIs.
        assert_eq!(
            pills(
                "<a href=\"https://matrix.to/#/@alice:example.org?via=example.org\"><b>Al</b> &amp; co</a>"
            ),
            vec![("@alice:example.org".to_string(), "Al & co".to_string())]
        );
        assert_eq!(
            pills("<p>hi <a href=\"matrix:u/bob:example.org?action=chat\">bob</a></p>"),
            vec![("@bob:example.org".to_string(), "bob".to_string())]
        );
        // Links that are not to a user: a room id, an event, another site, no link at all,
        // and a matrix.to link whose id is no valid user id.
        for html in [
            "<a href=\"https://matrix.to/#/!room:example.org\">a room</a>",
            "<a href=\"https://matrix.to/#/!room:example.org/$event\">an event</a>",
            "<a href=\"https://example.org/#/@alice:example.org\">elsewhere</a>",
            "<a name=\"@alice:example.org\">no href</a>",
            "<a href=\"https://matrix.to/#/@alice\">no server</a>",
            "<a href=\"https://matrix.to/#/@alice:example.org",
        ] {
            assert_eq!(pills(html), vec![], "{html}");
        }
        // A typed-out id must be a valid one.
        assert!(looks_like_user_id("@dave:x.org"));
        assert!(!looks_like_user_id("@dave"));
        assert!(!looks_like_user_id("dave:x.org"));
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
                id: &UserId::parse("@bob:example.org").unwrap(),
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
