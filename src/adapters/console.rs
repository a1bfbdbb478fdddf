//! The console adapter: `jungle play` (a local game against the bot in the terminal) and
//! `jungle console` (a scripted channel: each stdin line is `name: text`).

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Context as _;
use tokio::io::{AsyncBufRead, AsyncBufReadExt, BufReader};

use crate::chat::{
    Clock, Command, Dialect, Event, Input, Level, ManualClock, Place, Reply, Service, SideChoice,
    SystemClock, User, text,
};
use crate::config::{Config, parse_duration};
use crate::lang::{Lang, tr};

pub const PLATFORM: &str = "console";

/// The channel `jungle console` starts in (`/channel NAME` moves to another).
pub const DEFAULT_CHANNEL: &str = "console";

/// One line of input.
enum Line {
    Text(String),
    /// Bytes that are not UTF-8 text: answered, and the session goes on.
    Unreadable,
}

/// Reads lines as bytes, so that one that is not UTF-8 text is one bad line, not the end.
struct Lines<R> {
    reader: R,
    buf: Vec<u8>,
}

impl<R: AsyncBufRead + Unpin> Lines<R> {
    fn new(reader: R) -> Lines<R> {
        Lines {
            reader,
            buf: Vec::new(),
        }
    }

    /// The next line without its line end, or `None` at the end of the input.
    async fn next(&mut self) -> std::io::Result<Option<Line>> {
        self.buf.clear();
        if self.reader.read_until(b'\n', &mut self.buf).await? == 0 {
            return Ok(None);
        }
        let end = self.buf.strip_suffix(b"\n").unwrap_or(&self.buf);
        let end = end.strip_suffix(b"\r").unwrap_or(end);
        Ok(Some(match std::str::from_utf8(end) {
            Ok(text) => Line::Text(text.to_string()),
            Err(_) => Line::Unreadable,
        }))
    }
}

/// Options shared by both console modes.
pub struct ConsoleOptions {
    pub config: Config,
    /// Folder for board images.
    pub image_dir: PathBuf,
    /// Print the text board under replies that show a board.
    pub text_board: bool,
}

fn place(channel: &str) -> Place {
    Place {
        platform: PLATFORM.into(),
        scope: PLATFORM.into(),
        channel: channel.into(),
        locale: None,
    }
}

/// What follows the console command `name` (such as `/channel`) at the start of `line`, if the
/// line is that command.
fn console_command<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    line.strip_prefix(name)
        .filter(|rest| rest.is_empty() || rest.starts_with(char::is_whitespace))
}

/// Splits `name: text` (a line without a one-word name comes from `you`).
pub fn split_sender(line: &str) -> (&str, &str) {
    if let Some((name, rest)) = line.split_once(':') {
        let name = name.trim();
        if !name.is_empty()
            && !name.contains(char::is_whitespace)
            && !rest.starts_with(char::is_alphanumeric)
        {
            return (name, rest.trim());
        }
    }
    ("you", line.trim())
}

/// Words like `@bob` name console users.
fn mentions(text: &str) -> Vec<User> {
    text.split_whitespace()
        .filter_map(|w| w.strip_prefix('@'))
        .map(|w| w.trim_end_matches(|c: char| !c.is_alphanumeric() && c != '_' && c != '-'))
        .filter(|w| !w.is_empty())
        .map(|w| User::new(w, w))
        .collect()
}

fn event(channel: &str, sender: &str, text: &str) -> Event {
    Event {
        place: place(channel),
        // Whoever types at the console runs it: everyone may moderate.
        sender: User::new(sender, sender).moderating(true),
        input: Input::Text(text.to_string()),
        mentions: mentions(text),
    }
}

/// A command typed at `jungle play`'s own prompt, where every line is for the bot.
fn addressed(channel: &str, sender: &str, text: &str) -> Event {
    Event {
        input: Input::Addressed(text.to_string()),
        ..event(channel, sender, text)
    }
}

fn command(channel: &str, sender: &str, command: Command) -> Event {
    Event {
        input: Input::Command(command),
        ..event(channel, sender, "")
    }
}

/// The language spoken in `channel`: the one chosen with `lang`, else English.
async fn language(service: &Service, channel: &str) -> Lang {
    service.languages(place(channel), None).await.0
}

/// Prints one reply: its text, then where its image was written, then its text board.
fn print_reply(out: &mut impl Write, reply: &Reply, opts: &ConsoleOptions) -> anyhow::Result<()> {
    let who: Vec<String> = reply
        .mentions
        .iter()
        .map(|m| format!("@{}", m.name))
        .collect();
    let lead = if who.is_empty() {
        String::new()
    } else {
        format!("{} ", who.join(" "))
    };
    for (i, line) in reply.text.lines().enumerate() {
        let line = if i == 0 {
            format!("{lead}{line}")
        } else {
            line.to_string()
        };
        writeln!(out, "jungle: {line}")?;
    }
    if let Some(img) = &reply.image {
        std::fs::create_dir_all(&opts.image_dir)
            .with_context(|| format!("creating {}", opts.image_dir.display()))?;
        let name = match &reply.board {
            Some(b) => format!("game{}-ply{}.png", b.game_id, b.position.ply()),
            None => img.file_name.clone(),
        };
        let path = opts.image_dir.join(name);
        std::fs::write(&path, &img.bytes).with_context(|| format!("writing {}", path.display()))?;
        // A board is drawn in text below when asked; any other picture is told in words.
        match &reply.board {
            Some(_) => writeln!(out, "jungle: [board image] {}", path.display())?,
            None => writeln!(out, "jungle: [image] {}: {}", path.display(), img.alt)?,
        }
    }
    if let (true, Some(view)) = (opts.text_board, &reply.board) {
        for line in text::board_text(&view.position, view.flip, view.lang).lines() {
            writeln!(out, "    {line}")?;
        }
    }
    out.flush()?;
    Ok(())
}

/// The service for one console mode; `jungle play`'s prompt takes commands bare. Opened off
/// the runtime: the store may talk to a database server through a blocking client.
async fn open_service(
    opts: &ConsoleOptions,
    clock: Arc<dyn Clock>,
    bare: bool,
) -> anyhow::Result<Service> {
    let mut settings = super::settings(&opts.config);
    // Everyone at the console is its operator: anyone moderates, and `admin settings` says so.
    let dialect = if bare {
        Dialect::bare()
    } else {
        Dialect::prefixed(&opts.config.chat.prefix).anyone_moderates()
    };
    settings.set_dialect(PLATFORM, dialect);
    let config = opts.config.clone();
    tokio::task::spawn_blocking(move || super::open_service_with(&config, settings, clock)).await?
}

/// `jungle console`: a scripted channel. `/advance 16m` moves a test clock (with `test_clock`),
/// `/tick` runs the timers now (they also run before every line), `/channel NAME` sends the
/// lines after it to channel NAME (at first [`DEFAULT_CHANNEL`]).
///
/// Lines are handled in order, but the bot's answer to a move is searched on the side: the next
/// lines of other people go on meanwhile, and the mover's own next line waits for it. `/tick`,
/// `/advance` and the end of the input wait for every answer still owed.
pub async fn run_console(opts: ConsoleOptions, test_clock: bool) -> anyhow::Result<()> {
    let manual = Arc::new(ManualClock::new(1_800_000_000));
    let clock: Arc<dyn Clock> = if test_clock {
        manual.clone()
    } else {
        Arc::new(SystemClock)
    };
    let service = open_service(&opts, clock, false).await?;
    let opts = Arc::new(opts);
    let out = Arc::new(std::sync::Mutex::new(std::io::stdout()));
    let say = |line: &str| -> anyhow::Result<()> {
        writeln!(crate::sync::lock(&out), "{line}")?;
        Ok(())
    };
    let mut lines = Lines::new(BufReader::new(tokio::io::stdin()));
    let mut channel = DEFAULT_CHANNEL.to_string();
    // The bot's answers being searched, by the sender whose move they answer.
    let mut thinking: HashMap<String, tokio::task::JoinHandle<anyhow::Result<()>>> = HashMap::new();
    while let Some(line) = lines.next().await? {
        let Line::Text(line) = line else {
            let lang = language(&service, &channel).await;
            say(&format!("jungle: {}", tr!(lang, "line-unreadable")))?;
            continue;
        };
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(arg) = line.strip_prefix("/advance") {
            settle(&mut thinking).await?;
            match (test_clock, parse_duration(arg)) {
                (true, Some(d)) => manual.advance(d.as_secs() as i64),
                (false, _) => say("console: /advance needs --test-clock")?,
                (true, None) => say(&format!("console: '{}' is not a duration", arg.trim()))?,
            }
            continue;
        }
        if let Some(arg) = console_command(line, "/channel") {
            match arg.split_whitespace().collect::<Vec<_>>()[..] {
                [name] => channel = name.to_string(),
                _ => say("console: /channel needs one name, as in /channel general")?,
            }
            continue;
        }
        if line == "/tick" {
            settle(&mut thinking).await?;
        }
        for o in service.tick().await {
            print_reply(&mut *crate::sync::lock(&out), &o.reply, &opts)?;
        }
        if line == "/tick" {
            continue;
        }
        let (sender, text) = split_sender(line);
        if let Some(before) = thinking.remove(sender) {
            before.await??;
        }
        let (replies, turn) = service.handle_first(event(&channel, sender, text)).await;
        for reply in &replies {
            print_reply(&mut *crate::sync::lock(&out), reply, &opts)?;
        }
        if let Some(turn) = turn {
            let (service, out, opts) = (service.clone(), out.clone(), opts.clone());
            let task = tokio::spawn(async move {
                for reply in service.answer(turn).await {
                    print_reply(&mut *crate::sync::lock(&out), &reply, &opts)?;
                }
                Ok(())
            });
            thinking.insert(sender.to_string(), task);
        }
    }
    settle(&mut thinking).await
}

/// Waits for every bot answer still being searched.
async fn settle(
    thinking: &mut HashMap<String, tokio::task::JoinHandle<anyhow::Result<()>>>,
) -> anyhow::Result<()> {
    for (_, task) in thinking.drain() {
        task.await??;
    }
    Ok(())
}

/// `jungle play`: a game against the bot in this terminal, resumed if one is unfinished. With
/// `lang`, the bot speaks that language from now on, as after typing `lang <code>` (the choice
/// is kept for the next game); without, the language chosen before, or English.
pub async fn run_play(
    opts: ConsoleOptions,
    level: Level,
    side: SideChoice,
    casual: bool,
    lang: Option<Lang>,
) -> anyhow::Result<()> {
    let service = open_service(&opts, Arc::new(SystemClock), true).await?;
    let me = std::env::var("USER")
        .ok()
        .filter(|u| !u.is_empty())
        .unwrap_or_else(|| "you".into());
    let channel = "local";
    let mut out = std::io::stdout();
    if let Some(code) = lang {
        let chosen = Command::Lang { code: Some(code) };
        // Only a refusal or a failure is worth showing: the greeting below is in the language.
        for r in service.handle(command(channel, &me, chosen)).await {
            if r.private {
                print_reply(&mut out, &r, &opts)?;
            }
        }
    }
    let greeting = tr!(language(&service, channel).await, "play-greeting");
    writeln!(out, "{greeting}")?;
    // Resume the unfinished game, or start one.
    let board = service.handle(command(channel, &me, Command::Board)).await;
    let resumed = board.iter().any(|r| r.board.is_some() && !r.private);
    let first = if resumed {
        board
    } else {
        let start = Command::PlayBot {
            level: Some(level),
            side,
            casual,
            time: None,
        };
        service.handle(command(channel, &me, start)).await
    };
    let mut over = false;
    for r in &first {
        print_reply(&mut out, r, &opts)?;
        over |= r.board.as_ref().is_some_and(|b| b.result.is_some());
    }
    let mut lines = Lines::new(BufReader::new(tokio::io::stdin()));
    while !over {
        write!(out, "> ")?;
        out.flush()?;
        let line = match lines.next().await? {
            Some(Line::Text(line)) => line,
            Some(Line::Unreadable) => {
                let lang = language(&service, channel).await;
                writeln!(out, "jungle: {}", tr!(lang, "line-unreadable"))?;
                continue;
            }
            None => {
                writeln!(out)?;
                writeln!(
                    out,
                    "{}",
                    tr!(language(&service, channel).await, "play-saved")
                )?;
                return Ok(());
            }
        };
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if matches!(line, "quit" | "exit") {
            writeln!(
                out,
                "{}",
                tr!(language(&service, channel).await, "play-saved")
            )?;
            return Ok(());
        }
        // Bare commands work too: `board`, `resign`, `moves G7`.
        for r in service.handle(addressed(channel, &me, line)).await {
            print_reply(&mut out, &r, &opts)?;
            over |= r.board.as_ref().is_some_and(|b| b.result.is_some());
        }
    }
    writeln!(
        out,
        "{}",
        tr!(language(&service, channel).await, "play-over")
    )?;
    Ok(())
}

/// The default folder for board images: beside the database.
pub fn default_image_dir(db: &Path) -> PathBuf {
    db.parent().unwrap_or(Path::new(".")).join("boards")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn senders_and_mentions() {
        assert_eq!(
            split_sender("alice: !jungle challenge @bob"),
            ("alice", "!jungle challenge @bob")
        );
        assert_eq!(split_sender("G7 G6"), ("you", "G7 G6"));
        assert_eq!(split_sender("two words: hi"), ("you", "two words: hi"));
        assert_eq!(
            mentions("!jungle challenge @bob, @carol"),
            vec![User::new("bob", "bob"), User::new("carol", "carol")]
        );
    }

    #[tokio::test]
    async fn a_line_that_is_not_text_is_one_bad_line() {
        let input: &[u8] = b"alice: hi\r\n\xff\xfe bob: G7 G6\nlast";
        let mut lines = Lines::new(input);
        let mut seen = Vec::new();
        while let Some(line) = lines.next().await.unwrap() {
            seen.push(match line {
                Line::Text(t) => t,
                Line::Unreadable => "?".into(),
            });
        }
        assert_eq!(seen, ["alice: hi", "?", "last"]);
    }
}
