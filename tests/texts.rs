//! Every reply the bot sends, on each platform's terms: one script of commands played on
//! Matrix (the prefix), Discord (`/jungle` and buttons, without the Message Content intent) and
//! at `jungle play`'s prompt (bare commands). The texts are printed side by side for a reviewer
//! (`cargo test --test tests texts:: -- --nocapture`), and checked: every hint names what works
//! where it is read, and no reply repeats the name it is addressed to.
//! Takebacks and casual games are checked here too, against the store.

use jungle::chat::{Core, Dialect, Event, Input, Place, Reply, Settings, User, table};
use jungle::engine::Position;
use jungle::store::Store;

/// One platform under test: its name, how it spells commands, how the user's words arrive.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Platform {
    Matrix,
    Discord,
    Play,
}

impl Platform {
    fn name(self) -> &'static str {
        match self {
            Platform::Matrix => "matrix",
            Platform::Discord => "discord",
            Platform::Play => "console",
        }
    }

    fn settings(self) -> Settings {
        let mut s = Settings::default();
        match self {
            Platform::Matrix => {}
            Platform::Discord => s.set_dialect("discord", Dialect::slash("jungle", false)),
            Platform::Play => s.set_dialect("console", Dialect::bare()),
        }
        s
    }

    /// The words as this platform delivers them.
    fn input(self, words: &str) -> Input {
        match self {
            Platform::Matrix => Input::Text(format!("!jungle {words}")),
            Platform::Discord => Input::Command(table::parse(words).expect("the script parses")),
            Platform::Play => Input::Addressed(words.to_string()),
        }
    }
}

/// A channel on one platform with a clock, keeping every reply it produced.
struct Room {
    platform: Platform,
    core: Core,
    now: i64,
    seen: Vec<(String, Reply)>,
}

impl Room {
    fn new(platform: Platform) -> Room {
        Room {
            platform,
            core: Core::new(Store::open_in_memory().unwrap(), platform.settings()),
            now: 1_000_000,
            seen: Vec::new(),
        }
    }

    fn event(&self, sender: &str, input: Input) -> Event {
        Event {
            place: Place {
                platform: self.platform.name().into(),
                scope: "home".into(),
                channel: "games".into(),
                locale: None,
            },
            sender: User::new(sender, sender),
            input,
            mentions: ["alice", "bob", "carol"]
                .iter()
                .map(|u| User::new(*u, *u))
                .collect(),
        }
    }

    /// Handles one event; plays the bot's move when one is owed (its first legal move).
    fn send(&mut self, sender: &str, label: &str, input: Input) -> Vec<Reply> {
        self.now += 10;
        let ev = self.event(sender, input);
        let mut handled = self.core.handle(&ev, self.now);
        let mut replies = std::mem::take(&mut handled.replies);
        while let Some(turn) = handled.bot_turn.take() {
            let mv = turn.position.legal_moves()[0];
            handled = self.core.apply_bot_move(&turn, mv, self.now);
            replies.append(&mut handled.replies);
        }
        for r in &replies {
            self.seen.push((format!("{sender}: {label}"), r.clone()));
        }
        replies
    }

    fn say(&mut self, sender: &str, words: &str) -> Vec<Reply> {
        let input = self.platform.input(words);
        self.send(sender, words, input)
    }

    fn press(&mut self, sender: &str, id: &str) -> Vec<Reply> {
        self.send(sender, &format!("[button {id}]"), Input::Button(id.into()))
    }

    /// A legal move for whoever is to move in the channel's first game.
    fn some_move(&self) -> String {
        let games = self
            .core
            .store()
            .active_games(self.platform.name(), "games")
            .unwrap();
        let pos: Position = games[0].position;
        pos.legal_moves()[0].to_string()
    }

    fn play_some_move(&mut self, sender: &str) -> Vec<Reply> {
        let mv = self.some_move();
        self.say(sender, &format!("move {mv}"))
    }
}

/// The whole script: challenges, moves, takebacks, draws, resignations, a casual bot game,
/// the information commands, mistakes, and a lapsed challenge.
fn script(platform: Platform) -> Room {
    let mut r = Room::new(platform);
    r.say("alice", "help");
    r.say("alice", "challenge @bob jade");
    r.say("bob", "accept");
    r.play_some_move("alice");
    r.play_some_move("bob");
    r.say("alice", "takeback");
    r.say("bob", "takeback");
    r.play_some_move("bob");
    r.play_some_move("alice");
    r.say("bob", "board");
    r.say("carol", "moves B7");
    r.say("alice", "games");
    r.say("bob", "draw");
    r.play_some_move("bob");
    r.say("alice", "draw");
    r.say("bob", "draw");
    r.say("alice", "play bot easy crimson casual");
    r.play_some_move("alice");
    r.say("alice", "takeback");
    r.say("alice", "draw");
    r.press("alice", "resign:2");
    r.press("alice", "resign!:2");
    r.say("alice", "play bot easy jade");
    r.say("alice", "takeback");
    r.say("alice", "resign");
    r.say("carol", "challenge casual");
    r.say("carol", "cancel");
    r.say("carol", "challenge @carol");
    r.say("alice", "rating");
    r.say("alice", "top");
    r.say("alice", "history");
    r.say("alice", "export 1");
    r.say("alice", "export 2");
    r.say("bob", "accept 99");
    r.say("bob", "resign");
    r.say("bob", "challenge @alice");
    r.say("carol", "admin settings");
    r.now += 3600;
    let ticked = r.core.tick(r.now);
    for o in ticked.messages {
        r.seen.push(("[timer]".into(), o.reply));
    }
    // Mistakes are typed text: only the platforms that read text see them.
    if platform != Platform::Discord {
        r.say("alice", "dance");
        r.say("alice", "play");
    }
    r
}

fn print(room: &Room) {
    println!("==== {:?} ====", room.platform);
    for (what, reply) in &room.seen {
        let to: Vec<&str> = reply.mentions.iter().map(|u| u.name.as_str()).collect();
        let private = if reply.private { " (private)" } else { "" };
        let buttons: Vec<&str> = reply.buttons.iter().map(|b| b.label.as_str()).collect();
        println!("> {what}");
        println!(
            "  to {to:?}{private}: {}",
            reply.text.replace('\n', "\n    ")
        );
        if !buttons.is_empty() {
            println!("  buttons {buttons:?}");
        }
    }
}

/// Checks that hold on every platform: no reply starts with the name of someone it is
/// addressed to, no doubled parentheses or "you, you", no empty text.
fn read_cleanly(room: &Room) {
    for (what, reply) in &room.seen {
        let t = &reply.text;
        assert!(!t.trim().is_empty(), "{what}: an empty reply");
        for m in &reply.mentions {
            assert!(
                !t.starts_with(&m.name),
                "{what}: a reply to {} starts with their name: {t}",
                m.name
            );
        }
        for bad in [") (", "you, you"] {
            assert!(!t.contains(bad), "{what}: {bad:?} in {t}");
        }
    }
}

fn texts(room: &Room) -> String {
    let all: Vec<&str> = room.seen.iter().map(|(_, r)| r.text.as_str()).collect();
    all.join("\n")
}

#[test]
fn matrix_replies_name_prefixed_commands() {
    let room = script(Platform::Matrix);
    print(&room);
    read_cleanly(&room);
    let all = texts(&room);
    assert!(!all.contains("/jungle"), "{all}");
    assert!(!all.contains("press **"), "no buttons on Matrix: {all}");
    assert!(
        all.contains("`!jungle accept` or `!jungle decline`"),
        "{all}"
    );
    assert!(all.contains("type a move like `G7 G6`"), "{all}");
    assert!(all.contains("`!jungle takeback` to agree"), "{all}");
    assert!(all.contains("Try `!jungle help`"), "{all}");
    assert!(all.contains("Usage: `!jungle play bot"), "{all}");
    assert!(
        all.contains("Only the room's moderators (power level 50 or more) may"),
        "{all}"
    );
}

#[test]
fn discord_replies_name_buttons_and_slash_commands() {
    let room = script(Platform::Discord);
    print(&room);
    read_cleanly(&room);
    let all = texts(&room);
    assert!(!all.contains("!jungle"), "{all}");
    assert!(
        !all.contains("type a move"),
        "typed moves do not reach the bot without the intent: {all}"
    );
    assert!(
        all.contains("press **Accept** or press **Decline**"),
        "{all}"
    );
    assert!(all.contains("Use `/jungle move` (from G7, to G6)"), "{all}");
    assert!(all.contains("type `/jungle` and pick one"), "{all}");
    assert!(
        all.contains("\n/jungle-admin <abort|channel|settings|time|threads|season|bots>"),
        "the moderators' command is named as Discord has it: {all}"
    );
    assert!(
        all.contains("Only members with the Manage Server permission may"),
        "{all}"
    );
    // Every button a reply names is on that reply.
    for (what, reply) in &room.seen {
        for label in [
            "Accept",
            "Decline",
            "Accept draw",
            "Accept takeback",
            "Confirm resign",
        ] {
            if reply.text.contains(&format!("**{label}**")) {
                assert!(
                    reply.buttons.iter().any(|b| b.label == label),
                    "{what}: names {label} but has no such button"
                );
            }
        }
    }
}

#[test]
fn the_play_prompt_names_bare_commands() {
    let room = script(Platform::Play);
    print(&room);
    read_cleanly(&room);
    let all = texts(&room);
    assert!(
        !all.contains("!jungle") && !all.contains("/jungle"),
        "{all}"
    );
    assert!(all.contains("Try `help`."), "{all}");
    assert!(all.contains("Usage: `play bot"), "{all}");
}

#[test]
fn one_press_of_resign_only_asks() {
    let mut r = Room::new(Platform::Discord);
    r.say("alice", "challenge @bob");
    r.say("bob", "accept");
    let asked = r.press("alice", "resign:1");
    assert_eq!(asked.len(), 1);
    assert!(asked[0].private);
    assert_eq!(asked[0].buttons[0].id, "resign!:1");
    let game = r.core.store().game(1).unwrap().unwrap();
    assert_eq!(game.outcome, None, "the game goes on until confirmed");
    // Only a player may confirm.
    let stranger = r.press("carol", "resign!:1");
    assert!(stranger[0].private, "{:?}", stranger[0].text);
    assert_eq!(r.core.store().game(1).unwrap().unwrap().outcome, None);
    let done = r.press("alice", "resign!:1");
    assert!(done[0].text.contains("alice resigned"), "{}", done[0].text);
    assert!(r.core.store().game(1).unwrap().unwrap().outcome.is_some());
}

#[test]
fn takebacks_between_players_need_the_opponent_and_any_move_declines() {
    let mut r = Room::new(Platform::Matrix);
    r.say("alice", "challenge @bob jade");
    r.say("bob", "accept");
    r.play_some_move("alice");
    let start_ply = |r: &Room| r.core.store().game(1).unwrap().unwrap().ply;
    assert_eq!(start_ply(&r), 1);
    // bob has not moved: nothing of his to take back.
    assert!(r.say("bob", "takeback")[0].private);
    r.say("alice", "takeback");
    assert_eq!(start_ply(&r), 1, "asking changes nothing yet");
    // bob moves instead: that declines, and the request is gone.
    r.play_some_move("bob");
    let g = r.core.store().game(1).unwrap().unwrap();
    assert_eq!((g.ply, g.takeback_offer), (2, None));
    // Asked after the opponent's reply: both moves go back.
    r.say("alice", "takeback");
    let before = r.core.store().game(1).unwrap().unwrap();
    let agreed = r.say("bob", "takeback");
    assert!(
        agreed[0].text.contains("are taken back"),
        "{}",
        agreed[0].text
    );
    let after = r.core.store().game(1).unwrap().unwrap();
    assert_eq!(after.ply, 0);
    assert!(after.moves.is_empty());
    assert_eq!(after.position, Position::start());
    assert_eq!(
        r.core.store().takebacks(1).unwrap()[0].moves,
        before.moves,
        "the takeback is recorded with the moves it took"
    );
    // The game goes on from there, and export shows the final line and what was taken back.
    r.play_some_move("alice");
    let export = r.say("bob", "export 1");
    let text = &export[0].text;
    assert!(text.contains("Taken back: "), "{text}");
    let line = r.core.store().game(1).unwrap().unwrap().moves[0].to_string();
    assert!(text.contains(&format!("Moves: 1. {line}")), "{text}");
}

#[test]
fn casual_games_change_no_rating_and_say_so() {
    let mut r = Room::new(Platform::Matrix);
    r.say("alice", "challenge @bob casual");
    r.say("bob", "accept");
    let end = r.say("alice", "resign");
    assert!(end[0].text.contains("casual game"), "{}", end[0].text);
    let store = r.core.store();
    for who in ["alice", "bob"] {
        let p = store.find_player("matrix", who).unwrap().unwrap();
        assert_eq!((p.rating, p.rated_games), (1200, 0), "{who}");
    }
    assert!(!store.game(1).unwrap().unwrap().rated);
    let history = r.say("alice", "history");
    assert!(history[0].text.contains("(casual)"), "{}", history[0].text);
    let export = r.say("alice", "export 1");
    assert!(export[0].text.contains("(casual)"), "{}", export[0].text);
    // A rated bot game refuses a takeback, with the reason; a casual one grants it at once.
    r.say("alice", "play bot easy jade");
    r.play_some_move("alice");
    let refused = r.say("alice", "takeback");
    assert!(refused[0].private && refused[0].text.contains("rated"));
    r.say("alice", "resign");
    let p = r
        .core
        .store()
        .find_player("matrix", "alice")
        .unwrap()
        .unwrap();
    assert_eq!(p.rated_games, 1, "the rated bot game counted");
    r.say("alice", "play bot easy jade casual");
    let games = r.say("alice", "games");
    assert!(games[0].text.contains("(casual)"), "{}", games[0].text);
    r.play_some_move("alice");
    let id = r.core.store().active_games("matrix", "games").unwrap()[0].id;
    assert_eq!(r.core.store().game(id).unwrap().unwrap().ply, 2);
    let granted = r.say("alice", "takeback");
    assert!(!granted[0].private, "{}", granted[0].text);
    assert_eq!(r.core.store().game(id).unwrap().unwrap().ply, 0);
}
