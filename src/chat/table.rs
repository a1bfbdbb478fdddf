//! The command table: every chat command as one record (its name, aliases, arguments, help
//! line and how its values become a [`Command`]). The text parser, `help` and the Discord
//! `/jungle` definition are all made from it, so a new command or option is one edit here.

use super::bot::Level;
use super::command::{AdminCommand, Command, CommandError, SideChoice, TournamentCommand};
use super::dialect::Dialect;
use crate::lang::{Lang, tr};
use engine::{ParseTimeError, Square, TimeControl};

use crate::step::MoveText;

/// What kind of value an argument takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A player: a mention, a platform id or a display name.
    User,
    /// `jade`, `crimson` or `random`.
    Side,
    /// One of the bot's levels.
    Level,
    /// A square, like `G7`.
    Square,
    /// A move: the from-square and the to-square (`G7 G6`); in text, the rest of the line.
    Move,
    /// A game or challenge number (`12`, `#12`).
    Number,
    /// How many (a positive whole number).
    Count,
    /// A word that switches something on (`global`, `casual`), or its opposite that leaves it
    /// off (`here`, `rated`); `off` and `on` are the ids of the messages that name the two
    /// states where a platform offers them as choices.
    Flag {
        word: &'static str,
        off_word: &'static str,
        off: &'static str,
        on: &'static str,
    },
    /// A word the command needs in text (`bot` in `play bot`), with its synonyms.
    Word(&'static [&'static str]),
    /// One of these words (what `admin` should do).
    Choice(&'static [&'static str]),
    /// A language: `en`, `zh-CN`, `zh-TW` (or `zh-Hans`, `zh-Hant`, `zh`).
    Lang,
    /// A time control: `5+3` (minutes, seconds added a move) or `3d` (days per move).
    Time,
    /// A stretch of time in minutes or hours: `90m`, `2h`.
    Span,
}

/// One argument of a command.
#[derive(Clone, Copy, Debug)]
pub struct Arg {
    /// Its name: the key of its value, and the option's name on platforms with options.
    pub name: &'static str,
    pub kind: Kind,
    pub required: bool,
    /// The id of the message that says what it means, for a platform's option description;
    /// empty for what no platform describes (text-only words, and a move, which platforms
    /// take as two squares).
    pub about: &'static str,
    /// Only typed in text (a challenge number that buttons carry, the word `bot`): left out of
    /// usage lines and of structured commands.
    pub text_only: bool,
}

const fn arg(name: &'static str, kind: Kind, about: &'static str) -> Arg {
    Arg {
        name,
        kind,
        required: false,
        about,
        text_only: false,
    }
}

const fn required(a: Arg) -> Arg {
    Arg {
        required: true,
        ..a
    }
}

/// An argument only typed in text: no platform shows it, so it has no description.
const fn text_only(name: &'static str, kind: Kind) -> Arg {
    Arg {
        text_only: true,
        ..arg(name, kind, "")
    }
}

/// One command.
pub struct Spec {
    pub name: &'static str,
    /// Other words that name it in text.
    pub aliases: &'static [&'static str],
    pub args: &'static [Arg],
    /// The id of the message that says in one line what it does (`help-<name>`).
    pub help: &'static str,
    /// Extra words after it are ignored rather than refused.
    pub lenient: bool,
    /// For moderators: Discord offers it as its own command, shown only to them.
    pub moderators: bool,
    /// The command from its parsed arguments; `None` when a required one is missing.
    pub build: fn(&Args) -> Option<Command>,
}

const fn spec(
    name: &'static str,
    args: &'static [Arg],
    help: &'static str,
    build: fn(&Args) -> Option<Command>,
) -> Spec {
    Spec {
        name,
        aliases: &[],
        args,
        help,
        lenient: false,
        moderators: false,
        build,
    }
}

const SIDE: Arg = arg("side", Kind::Side, "option-side");

const TIME: Arg = arg("time", Kind::Time, "option-time");

/// The word that asks for a place's default clock where a time control goes.
pub const DEFAULT_TIME: &str = "default";

const MODE: Arg = arg(
    "mode",
    Kind::Flag {
        word: "casual",
        off_word: "rated",
        off: "choice-rated",
        on: "choice-casual",
    },
    "option-mode",
);

/// Every command, in the order `help` lists them.
pub static COMMANDS: &[Spec] = &[
    spec(
        "challenge",
        &[arg("user", Kind::User, "option-opponent"), SIDE, TIME, MODE],
        "help-challenge",
        |a| {
            Some(Command::Challenge {
                opponent: a.user("user"),
                side: a.side("side"),
                casual: a.flag("mode"),
                time: a.time("time"),
            })
        },
    ),
    spec(
        "accept",
        &[
            text_only("challenge", Kind::Number),
            arg("user", Kind::User, "option-challenger"),
        ],
        "help-accept",
        |a| {
            Some(Command::Accept {
                challenge: a.number("challenge"),
                from: a.user("user"),
            })
        },
    ),
    spec(
        "decline",
        &[
            text_only("challenge", Kind::Number),
            arg("user", Kind::User, "option-challenger"),
        ],
        "help-decline",
        |a| {
            Some(Command::Decline {
                challenge: a.number("challenge"),
                from: a.user("user"),
            })
        },
    ),
    spec(
        "cancel",
        &[text_only("challenge", Kind::Number)],
        "help-cancel",
        |a| {
            Some(Command::Cancel {
                challenge: a.number("challenge"),
            })
        },
    ),
    spec(
        "play",
        &[
            required(text_only(
                "opponent",
                Kind::Word(&["bot", "ai", "computer"]),
            )),
            arg("level", Kind::Level, "option-level"),
            SIDE,
            TIME,
            MODE,
        ],
        "help-play",
        |a| {
            Some(Command::PlayBot {
                level: a.level("level"),
                side: a.side("side"),
                casual: a.flag("mode"),
                time: a.time("time"),
            })
        },
    ),
    Spec {
        aliases: &["m"],
        ..spec(
            "move",
            &[required(arg("move", Kind::Move, ""))],
            "help-move",
            |a| {
                Some(Command::Move {
                    mv: a.mv("move")?,
                    plain: false,
                })
            },
        )
    },
    Spec {
        aliases: &["show", "棋盘", "棋盤"],
        ..spec("board", &[], "help-board", |_| Some(Command::Board))
    },
    spec(
        "moves",
        &[required(arg("square", Kind::Square, "option-square"))],
        "help-moves",
        |a| {
            Some(Command::Moves {
                square: a.square("square")?,
            })
        },
    ),
    Spec {
        aliases: &["认输", "認輸"],
        ..spec(
            "resign",
            &[text_only("game", Kind::Number)],
            "help-resign",
            |a| {
                Some(Command::Resign {
                    game: a.number("game"),
                    confirmed: true,
                })
            },
        )
    },
    Spec {
        aliases: &["和棋"],
        ..spec(
            "draw",
            &[text_only("game", Kind::Number)],
            "help-draw",
            |a| {
                Some(Command::Draw {
                    game: a.number("game"),
                })
            },
        )
    },
    Spec {
        aliases: &["悔棋"],
        ..spec(
            "takeback",
            &[text_only("game", Kind::Number)],
            "help-takeback",
            |a| {
                Some(Command::Takeback {
                    game: a.number("game"),
                })
            },
        )
    },
    Spec {
        aliases: &["再来一盘", "再來一局"],
        ..spec(
            "rematch",
            &[text_only("game", Kind::Number)],
            "help-rematch",
            |a| {
                Some(Command::Rematch {
                    game: a.number("game"),
                })
            },
        )
    },
    spec("games", &[], "help-games", |_| Some(Command::Games)),
    Spec {
        aliases: &["elo"],
        ..spec(
            "rating",
            &[
                arg("user", Kind::User, "option-whose"),
                arg("opponent", Kind::User, "option-against"),
            ],
            "help-rating",
            |a| {
                Some(Command::Rating {
                    user: a.user("user"),
                    opponent: a.user("opponent"),
                })
            },
        )
    },
    spec(
        "vs",
        &[required(arg("user", Kind::User, "option-against"))],
        "help-vs",
        |a| {
            Some(Command::Versus {
                user: a.user("user")?,
            })
        },
    ),
    Spec {
        aliases: &["leaderboard"],
        ..spec(
            "top",
            &[
                arg(
                    "scope",
                    Kind::Flag {
                        word: "global",
                        off_word: "here",
                        off: "choice-here",
                        on: "choice-everyone",
                    },
                    "option-scope",
                ),
                arg("count", Kind::Count, "option-count"),
                arg(
                    "period",
                    Kind::Flag {
                        word: "all",
                        off_word: "season",
                        off: "choice-season",
                        on: "choice-all-time",
                    },
                    "option-period",
                ),
            ],
            "help-top",
            |a| {
                Some(Command::Top {
                    global: a.flag("scope"),
                    all: a.flag("period"),
                    limit: a.count("count"),
                })
            },
        )
    },
    spec(
        "history",
        &[arg("user", Kind::User, "option-whose")],
        "help-history",
        |a| {
            Some(Command::History {
                user: a.user("user"),
            })
        },
    ),
    spec(
        "analyze",
        &[required(arg("game", Kind::Number, "option-game"))],
        "help-analyze",
        |a| {
            Some(Command::Analyze {
                game: a.number("game")?,
            })
        },
    ),
    spec(
        "export",
        &[required(arg("game", Kind::Number, "option-game"))],
        "help-export",
        |a| {
            Some(Command::Export {
                game: a.number("game")?,
            })
        },
    ),
    Spec {
        aliases: &["规则", "規則"],
        lenient: true,
        ..spec("rules", &[], "help-rules", |_| Some(Command::Rules))
    },
    Spec {
        aliases: &["帮助", "幫助"],
        lenient: true,
        ..spec("help", &[], "help-help", |_| Some(Command::Help))
    },
    Spec {
        aliases: &["language", "语言", "語言"],
        ..spec(
            "lang",
            &[arg("code", Kind::Lang, "option-lang")],
            "help-lang",
            |a| {
                Some(Command::Lang {
                    code: a.lang("code"),
                })
            },
        )
    },
    spec(
        "notify",
        &[arg(
            "state",
            Kind::Flag {
                word: "on",
                off_word: "off",
                off: "choice-notify-off",
                on: "choice-notify-on",
            },
            "option-notify",
        )],
        "help-notify",
        |a| {
            Some(Command::Notify {
                on: a.given_flag("state"),
            })
        },
    ),
    spec(
        "tournament",
        &[
            arg(
                "action",
                Kind::Choice(TOURNAMENT_ACTIONS),
                "option-tournament-action",
            ),
            arg("number", Kind::Number, "option-tournament-number"),
            text_only("rounds", Kind::Word(&["rounds", "round"])),
            arg("length", Kind::Span, "option-tournament-length"),
            arg("clock", Kind::Time, "option-tournament-clock"),
            MODE,
            text_only("in", Kind::Word(&["in"])),
            arg("delay", Kind::Span, "option-tournament-delay"),
        ],
        "help-tournament",
        |a| {
            let (clock, rated) = (a.time("clock"), !a.flag("mode"));
            Some(Command::Tournament(match a.choice("action") {
                None => TournamentCommand::Show,
                Some(0) => TournamentCommand::Arena {
                    length_secs: a.span("length")?,
                    clock,
                    rated,
                    delay_secs: a.span("delay"),
                },
                Some(1) => TournamentCommand::Swiss {
                    rounds: u32::try_from(a.number("number")?).unwrap_or(u32::MAX),
                    clock,
                    rated,
                    // `tournament swiss 5 rounds 3+2 in 10m`: a Swiss has no length, so its
                    // one span is the delay, whichever argument took it.
                    delay_secs: a.span("delay").or_else(|| a.span("length")),
                },
                Some(2) => TournamentCommand::History,
                Some(3) => TournamentCommand::Export {
                    id: a.number("number")?,
                },
                Some(4) => TournamentCommand::Start,
                Some(_) => TournamentCommand::Cancel,
            }))
        },
    ),
    spec("join", &[], "help-join", |_| Some(Command::Join)),
    spec("withdraw", &[], "help-withdraw", |_| {
        Some(Command::Withdraw)
    }),
    Spec {
        moderators: true,
        ..spec(
            "admin",
            &[
                // On Discord the action is the subcommand of `/jungle-admin`.
                required(arg("action", Kind::Choice(ADMIN_ACTIONS), "")),
                arg("game", Kind::Number, "option-game-abort"),
                arg(
                    "state",
                    Kind::Flag {
                        word: "on",
                        off_word: "off",
                        off: "choice-channel-off",
                        on: "choice-channel-on",
                    },
                    "option-state",
                ),
                arg("clock", Kind::Time, "option-time-default"),
                arg("length", Kind::Choice(SEASON_LENGTHS), "option-season"),
                arg("games", Kind::Count, "option-season-games"),
            ],
            "help-admin",
            |a| {
                Some(Command::Admin(match a.choice("action")? {
                    0 => AdminCommand::Abort {
                        game: a.number("game")?,
                    },
                    1 => AdminCommand::Channel {
                        on: a.given_flag("state")?,
                    },
                    2 => AdminCommand::Settings,
                    3 => AdminCommand::Time {
                        clock: a.time("clock"),
                        reset: matches!(a.get("clock"), Some(Value::Word)),
                    },
                    // `admin threads off|on` (on Discord, the subcommand's own `state`).
                    4 => AdminCommand::Threads {
                        on: a.given_flag("state"),
                    },
                    // `admin season month|quarter|off [games]`: typed, a number is read as
                    // the game's argument, which comes first.
                    5 => AdminCommand::Season {
                        length: match (a.choice("length"), a.given_flag("state")) {
                            (Some(i), _) => Some(SEASON_LENGTH_VALUES.get(i).copied()),
                            (None, Some(false)) => Some(None),
                            _ => None,
                        },
                        min_games: a.count("games").or_else(|| {
                            a.number("game")
                                .map(|n| u32::try_from(n).unwrap_or(u32::MAX))
                        }),
                    },
                    _ => AdminCommand::Bots {
                        on: a.given_flag("state"),
                    },
                }))
            },
        )
    },
];

/// What `admin` can do, in the order of [`AdminCommand`]'s variants.
pub const ADMIN_ACTIONS: &[&str] = &[
    "abort", "channel", "settings", "time", "threads", "season", "bots",
];

/// What `tournament` can do, in the order of its build's arms.
pub const TOURNAMENT_ACTIONS: &[&str] = &["arena", "swiss", "history", "export", "start", "cancel"];

/// The ids of the messages naming each of [`TOURNAMENT_ACTIONS`] where a platform offers
/// them as choices.
pub const TOURNAMENT_ACTION_LABELS: [&str; 6] = [
    "choice-tournament-arena",
    "choice-tournament-swiss",
    "choice-tournament-history",
    "choice-tournament-export",
    "choice-tournament-start",
    "choice-tournament-cancel",
];

/// How long a season can run, as `admin season` takes it (`off`: no seasons; typed, the
/// `state` argument takes it first).
pub const SEASON_LENGTHS: &[&str] = &["month", "quarter", "off"];
const SEASON_LENGTH_VALUES: [store::SeasonLength; 2] =
    [store::SeasonLength::Month, store::SeasonLength::Quarter];

/// A parsed argument's value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    User(String),
    Side(SideChoice),
    Level(Level),
    Square(Square),
    Move(MoveText),
    Number(i64),
    Count(u32),
    Flag(bool),
    Word,
    Choice(usize),
    Lang(Lang),
    Time(TimeControl),
    /// Seconds.
    Span(i64),
}

/// The arguments given to one command, by name.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Args(Vec<(&'static str, Value)>);

impl Args {
    pub fn set(&mut self, name: &'static str, value: Value) {
        self.0.push((name, value));
    }

    /// Whether `name` was given.
    pub fn contains(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    fn get(&self, name: &str) -> Option<&Value> {
        self.0.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    fn user(&self, name: &str) -> Option<String> {
        match self.get(name)? {
            Value::User(u) => Some(u.clone()),
            _ => None,
        }
    }

    fn side(&self, name: &str) -> SideChoice {
        match self.get(name) {
            Some(Value::Side(s)) => *s,
            _ => SideChoice::Random,
        }
    }

    fn level(&self, name: &str) -> Option<Level> {
        match self.get(name)? {
            Value::Level(l) => Some(*l),
            _ => None,
        }
    }

    fn square(&self, name: &str) -> Option<Square> {
        match self.get(name)? {
            Value::Square(s) => Some(*s),
            _ => None,
        }
    }

    fn mv(&self, name: &str) -> Option<MoveText> {
        match self.get(name)? {
            Value::Move(m) => Some(*m),
            _ => None,
        }
    }

    fn number(&self, name: &str) -> Option<i64> {
        match self.get(name)? {
            Value::Number(n) => Some(*n),
            _ => None,
        }
    }

    fn count(&self, name: &str) -> Option<u32> {
        match self.get(name)? {
            Value::Count(n) => Some(*n),
            _ => None,
        }
    }

    fn flag(&self, name: &str) -> bool {
        matches!(self.get(name), Some(Value::Flag(true)))
    }

    /// A flag's value, only when it was given.
    fn given_flag(&self, name: &str) -> Option<bool> {
        match self.get(name)? {
            Value::Flag(b) => Some(*b),
            _ => None,
        }
    }

    fn lang(&self, name: &str) -> Option<Lang> {
        match self.get(name)? {
            Value::Lang(l) => Some(*l),
            _ => None,
        }
    }

    fn time(&self, name: &str) -> Option<TimeControl> {
        match self.get(name)? {
            Value::Time(t) => Some(*t),
            _ => None,
        }
    }

    fn span(&self, name: &str) -> Option<i64> {
        match self.get(name)? {
            Value::Span(s) => Some(*s),
            _ => None,
        }
    }

    fn choice(&self, name: &str) -> Option<usize> {
        match self.get(name)? {
            Value::Choice(i) => Some(*i),
            _ => None,
        }
    }
}

impl Kind {
    /// The value of one word of text, or why it is not one.
    pub fn read(self, word: &str) -> Result<Value, CommandError> {
        match self {
            Kind::User => Ok(Value::User(word.to_string())),
            Kind::Side => word
                .parse()
                .map(Value::Side)
                .map_err(|()| CommandError::BadSide(word.to_string())),
            Kind::Level => word
                .parse()
                .map(Value::Level)
                .map_err(|_| CommandError::BadLevel(word.to_string())),
            Kind::Square => Ok(Value::Square(word.parse()?)),
            Kind::Move => Ok(Value::Move(word.parse()?)),
            Kind::Number => game_number(word).map(Value::Number),
            Kind::Count => word
                .parse()
                .map(Value::Count)
                .map_err(|_| CommandError::Usage(String::new())),
            Kind::Flag { word: w, .. } if word.eq_ignore_ascii_case(w) => Ok(Value::Flag(true)),
            Kind::Flag { off_word, .. } if word.eq_ignore_ascii_case(off_word) => {
                Ok(Value::Flag(false))
            }
            Kind::Word(words) if words.iter().any(|w| word.eq_ignore_ascii_case(w)) => {
                Ok(Value::Word)
            }
            Kind::Choice(words) => words
                .iter()
                .position(|w| word.eq_ignore_ascii_case(w))
                .map(Value::Choice)
                .ok_or_else(|| CommandError::Usage(String::new())),
            Kind::Lang => Lang::from_locale(word)
                .map(Value::Lang)
                .ok_or_else(|| CommandError::BadLang(word.to_string())),
            // `default`: the clock this server or room plays unless told otherwise.
            Kind::Time if word.eq_ignore_ascii_case(DEFAULT_TIME) => Ok(Value::Word),
            Kind::Time => word.parse().map(Value::Time).map_err(|e| match e {
                ParseTimeError::Syntax(w) => CommandError::BadTime(w),
                ParseTimeError::Range(w) => CommandError::TimeRange(w),
            }),
            Kind::Span => span_secs(word)
                .map(Value::Span)
                .ok_or_else(|| CommandError::Usage(String::new())),
            Kind::Flag { .. } | Kind::Word(_) => Err(CommandError::Usage(String::new())),
        }
    }

    /// How the argument reads in a usage line for a reader of `lang`: the words typed as
    /// they are (`casual`, `jade|crimson|random`, `zh-TW`), `|` between alternatives as usage
    /// lines write them; what stands for a value in the reader's words (`@user`, `<from>
    /// <to>`; `@玩家`, `<起点> <终点>`).
    fn usage(self, lang: Lang) -> String {
        match self {
            Kind::User => tr!(lang, "placeholder-user"),
            Kind::Side => SideChoice::ALL.map(SideChoice::as_str).join("|"),
            Kind::Level => tr!(lang, "placeholder-level"),
            Kind::Move => tr!(lang, "placeholder-move"),
            Kind::Flag { word, .. } => word.into(),
            Kind::Word(words) => words[0].into(),
            Kind::Choice(words) => words.join("|"),
            Kind::Lang => Lang::ALL.map(Lang::code).join("|"),
            // What is typed, in every language.
            Kind::Time => "5+3|3d".into(),
            Kind::Square => tr!(lang, "placeholder-square"),
            Kind::Number => tr!(lang, "placeholder-game"),
            Kind::Count => tr!(lang, "placeholder-count"),
            Kind::Span => "60m|2h".into(),
        }
    }
}

/// The longest stretch `Kind::Span` takes: a day.
pub const SPAN_MAX_SECS: i64 = 86_400;

/// `90m` or `2h` in seconds (1 minute to a day); `None` for anything else.
pub fn span_secs(word: &str) -> Option<i64> {
    let w = word.to_ascii_lowercase();
    let (digits, unit) = if let Some(d) = w.strip_suffix("min") {
        (d, 60)
    } else if let Some(d) = w.strip_suffix('m') {
        (d, 60)
    } else if let Some(d) = w.strip_suffix('h') {
        (d, 3_600)
    } else {
        return None;
    };
    if digits.is_empty() || digits.len() > 4 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let secs = digits.parse::<i64>().ok()? * unit;
    (60..=SPAN_MAX_SECS).contains(&secs).then_some(secs)
}

/// A game or challenge number: `12` or `#12`.
pub fn game_number(s: &str) -> Result<i64, CommandError> {
    s.trim_start_matches('#')
        .parse::<i64>()
        .ok()
        .filter(|n| *n > 0)
        .ok_or_else(|| CommandError::BadGame(s.to_string()))
}

impl Spec {
    /// The command this record names, by its name or an alias (any case).
    pub fn find(word: &str) -> Option<&'static Spec> {
        COMMANDS.iter().find(|s| {
            s.name.eq_ignore_ascii_case(word)
                || s.aliases.iter().any(|a| a.eq_ignore_ascii_case(word))
        })
    }

    /// `challenge [@user] [jade|crimson|random]`.
    pub fn usage(&self) -> String {
        self.usage_in(Lang::En)
    }

    /// The usage line for a reader of `lang`: `move <起点> <终点>`.
    pub fn usage_in(&self, lang: Lang) -> String {
        let mut line = self.name.to_string();
        for a in self.args.iter().filter(|a| !a.text_only || a.required) {
            let shown = a.kind.usage(lang);
            line.push(' ');
            line.push_str(&match (a.required, a.kind) {
                (_, Kind::Word(_) | Kind::Move) => shown,
                (true, _) => format!("<{shown}>"),
                (false, _) => format!("[{shown}]"),
            });
        }
        line
    }

    /// Reads the words after the command's name: each word goes to the first argument still
    /// open that takes it (a user only when no other does); a move takes the rest.
    pub fn parse_words(&self, words: &[&str]) -> Result<Command, CommandError> {
        let usage = || CommandError::Usage(self.usage());
        let mut open: Vec<&Arg> = self.args.iter().collect();
        let mut args = Args::default();
        let mut rest = words;
        while let Some((&word, after)) = rest.split_first() {
            if let Some(i) = open.iter().position(|a| a.kind == Kind::Move) {
                args.set(open[i].name, Kind::Move.read(&rest.join(" "))?);
                open.remove(i);
                break;
            }
            let taker = open
                .iter()
                .position(|a| a.kind != Kind::User && a.kind.read(word).is_ok())
                .or_else(|| open.iter().position(|a| a.kind == Kind::User));
            match taker {
                Some(i) => {
                    args.set(open[i].name, open[i].kind.read(word)?);
                    open.remove(i);
                }
                None if self.lenient => break,
                // The first argument still open says what it wanted instead; a game number
                // does not complain about a word without a digit (`admin channel maybe`).
                None => {
                    let digits = word.contains(|c: char| c.is_ascii_digit());
                    let last = open.len().saturating_sub(1);
                    // A word shaped like a clock (`5+`, `30d`) is told what a clock takes.
                    let clock = digits && (word.contains('+') || word.ends_with(['d', 'D']));
                    let wanted =
                        open.iter()
                            .find(|a| clock && a.kind == Kind::Time)
                            .or_else(|| {
                                open.iter()
                                    .enumerate()
                                    .find(|(i, a)| a.kind != Kind::Number || digits || *i == last)
                                    .map(|(_, a)| a)
                            });
                    return Err(match wanted.map(|a| a.kind.read(word)) {
                        Some(Err(CommandError::Usage(_))) | None | Some(Ok(_)) => usage(),
                        Some(Err(e)) => e,
                    });
                }
            }
            rest = after;
        }
        (self.build)(&args).ok_or_else(usage).and_then(|cmd| {
            if open.iter().any(|a| a.required) {
                Err(usage())
            } else {
                Ok(cmd)
            }
        })
    }
}

/// Parses the words after the prefix, e.g. `challenge @bob jade`; nothing at all asks for help.
pub fn parse(words: &str) -> Result<Command, CommandError> {
    let all: Vec<&str> = words.split_whitespace().collect();
    let Some((&name, rest)) = all.split_first() else {
        return Ok(Command::Help);
    };
    match Spec::find(name) {
        Some(spec) => spec.parse_words(rest),
        // `!jungle g7 g6` is a move too.
        None => match words.parse::<MoveText>() {
            Ok(mv) => Ok(Command::Move { mv, plain: false }),
            Err(_) => Err(CommandError::Unknown(name.to_string())),
        },
    }
}

/// The command list: how commands are typed here, then one usage line and what it does, per
/// command.
pub fn help(lang: Lang, dialect: &Dialect) -> String {
    let mut out = dialect.help_lead(lang);
    for s in COMMANDS {
        // The moderators' commands are spelt in full: on Discord they are their own command.
        let usage = if s.moderators {
            dialect.spell(lang, &s.usage_in(lang))
        } else {
            s.usage_in(lang)
        };
        out.push('\n');
        out.push_str(&tr!(
            lang,
            "help-line",
            usage = usage,
            what = lang.tr(s.help, &[])
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str) -> MoveText {
        text.parse().unwrap()
    }

    #[test]
    fn commands_parse() {
        assert_eq!(
            parse("challenge @bob jade"),
            Ok(Command::Challenge {
                opponent: Some("@bob".into()),
                side: SideChoice::Jade,
                casual: false,
                time: None
            })
        );
        assert_eq!(
            parse("challenge crimson"),
            Ok(Command::Challenge {
                opponent: None,
                side: SideChoice::Crimson,
                casual: false,
                time: None
            })
        );
        assert_eq!(
            parse("play bot hard crimson"),
            Ok(Command::PlayBot {
                level: Some(Level::HARD),
                side: SideChoice::Crimson,
                casual: false,
                time: None
            })
        );
        assert_eq!(
            parse("play ai crimson easy"),
            Ok(Command::PlayBot {
                level: Some(Level::EASY),
                side: SideChoice::Crimson,
                casual: false,
                time: None
            })
        );
        assert_eq!(
            parse("PLAY BOT"),
            Ok(Command::PlayBot {
                level: None,
                side: SideChoice::Random,
                casual: false,
                time: None
            })
        );
        assert_eq!(
            parse("move g7 g6"),
            Ok(Command::Move {
                mv: mv("G7 G6"),
                plain: false
            })
        );
        assert_eq!(
            parse("m g7 to g6"),
            Ok(Command::Move {
                mv: mv("G7 G6"),
                plain: false
            })
        );
        assert_eq!(
            parse("G7G6"),
            Ok(Command::Move {
                mv: mv("G7 G6"),
                plain: false
            })
        );
        assert_eq!(
            parse("moves g7"),
            Ok(Command::Moves {
                square: "G7".parse().unwrap()
            })
        );
        assert_eq!(parse("export #12"), Ok(Command::Export { game: 12 }));
        assert_eq!(
            parse("accept 12"),
            Ok(Command::Accept {
                challenge: Some(12),
                from: None
            })
        );
        assert_eq!(
            parse("accept @bob"),
            Ok(Command::Accept {
                challenge: None,
                from: Some("@bob".into())
            })
        );
        assert_eq!(
            parse("top global 5"),
            Ok(Command::Top {
                global: true,
                all: false,
                limit: Some(5)
            })
        );
        assert_eq!(
            parse("top all 5"),
            Ok(Command::Top {
                global: false,
                all: true,
                limit: Some(5)
            })
        );
        assert_eq!(
            parse("rating @a @b"),
            Ok(Command::Rating {
                user: Some("@a".into()),
                opponent: Some("@b".into())
            })
        );
        assert_eq!(
            parse("vs @bob"),
            Ok(Command::Versus {
                user: "@bob".into()
            })
        );
        assert_eq!(parse("vs"), Err(CommandError::Usage("vs <@user>".into())));
        let season = |words| match parse(words) {
            Ok(Command::Admin(AdminCommand::Season { length, min_games })) => (length, min_games),
            other => panic!("{words}: {other:?}"),
        };
        use store::SeasonLength::{Month, Quarter};
        assert_eq!(season("admin season"), (None, None));
        assert_eq!(season("admin season month"), (Some(Some(Month)), None));
        assert_eq!(
            season("admin season quarter 8"),
            (Some(Some(Quarter)), Some(8))
        );
        assert_eq!(season("admin season off"), (Some(None), None));
        assert_eq!(season("admin season 12"), (None, Some(12)));
        // Zero is no game number: the count takes it, and the moderator is told the range.
        assert_eq!(season("admin season 0"), (None, Some(0)));
        assert!(matches!(
            parse("admin season weekly"),
            Err(CommandError::Usage(_))
        ));
        assert_eq!(
            parse("admin bots off"),
            Ok(Command::Admin(AdminCommand::Bots { on: Some(false) }))
        );
        assert_eq!(
            parse("leaderboard 99"),
            Ok(Command::Top {
                global: false,
                all: false,
                limit: Some(99)
            }),
            "the leaderboard, not the parser, keeps the count in range"
        );
        assert_eq!(
            parse("challenge @bob casual"),
            Ok(Command::Challenge {
                opponent: Some("@bob".into()),
                side: SideChoice::Random,
                casual: true,
                time: None
            })
        );
        assert_eq!(
            parse("play bot rated easy"),
            Ok(Command::PlayBot {
                level: Some(Level::EASY),
                side: SideChoice::Random,
                casual: false,
                time: None
            })
        );
        assert_eq!(parse("takeback"), Ok(Command::Takeback { game: None }));
        assert_eq!(parse("悔棋"), Ok(Command::Takeback { game: None }));
        assert_eq!(
            parse("认输"),
            Ok(Command::Resign {
                game: None,
                confirmed: true
            })
        );
        assert_eq!(parse("lang"), Ok(Command::Lang { code: None }));
        assert_eq!(
            parse("lang zh-Hant"),
            Ok(Command::Lang {
                code: Some(Lang::ZhTw)
            })
        );
        assert_eq!(parse("lang de"), Err(CommandError::BadLang("de".into())));
        assert_eq!(parse("rules please"), Ok(Command::Rules));
        assert_eq!(parse(""), Ok(Command::Help));
    }

    #[test]
    fn bad_commands_say_why() {
        assert_eq!(parse("dance"), Err(CommandError::Unknown("dance".into())));
        assert_eq!(
            parse("play bot insane"),
            Err(CommandError::BadLevel("insane".into()))
        );
        assert_eq!(
            parse("play bot easy blue"),
            Err(CommandError::BadSide("blue".into()))
        );
        assert_eq!(
            parse("challenge bob purple"),
            Err(CommandError::BadSide("purple".into()))
        );
        assert_eq!(parse("export x"), Err(CommandError::BadGame("x".into())));
        assert!(matches!(parse("moves Z9"), Err(CommandError::BadSquare(_))));
        assert!(matches!(parse("move G7 Z9"), Err(CommandError::BadMove(_))));
        assert_eq!(
            parse("play"),
            Err(CommandError::Usage(
                "play bot [1-8|easy|medium|hard] [jade|crimson|random] [5+3|3d] [casual]".into()
            ))
        );
        assert_eq!(
            parse("play easy"),
            Err(CommandError::Usage(
                "play bot [1-8|easy|medium|hard] [jade|crimson|random] [5+3|3d] [casual]".into()
            ))
        );
        assert_eq!(
            parse("top a b"),
            Err(CommandError::Usage("top [global] [count] [all]".into()))
        );
        assert_eq!(
            parse("move"),
            Err(CommandError::Usage("move <from> <to>".into()))
        );
        assert_eq!(parse("board now"), Err(CommandError::Usage("board".into())));
    }

    #[test]
    fn a_time_control_goes_with_a_challenge_a_bot_game_and_the_place() {
        assert_eq!(
            parse("challenge @bob 5+3 crimson"),
            Ok(Command::Challenge {
                opponent: Some("@bob".into()),
                side: SideChoice::Crimson,
                casual: false,
                time: Some(TimeControl::live(5, 3)),
            })
        );
        assert_eq!(
            parse("challenge 3d casual"),
            Ok(Command::Challenge {
                opponent: None,
                side: SideChoice::Random,
                casual: true,
                time: Some(TimeControl::days(3)),
            })
        );
        assert_eq!(
            parse("play bot 1+0 hard"),
            Ok(Command::PlayBot {
                level: Some(Level::HARD),
                side: SideChoice::Random,
                casual: false,
                time: Some(TimeControl::live(1, 0)),
            })
        );
        // `default` is the place's clock, as if none were named.
        assert_eq!(
            parse("challenge @bob default"),
            Ok(Command::Challenge {
                opponent: Some("@bob".into()),
                side: SideChoice::Random,
                casual: false,
                time: None,
            })
        );
        assert_eq!(
            parse("admin time 10+5"),
            Ok(Command::Admin(AdminCommand::Time {
                clock: Some(TimeControl::live(10, 5)),
                reset: false
            }))
        );
        assert_eq!(
            parse("admin time default"),
            Ok(Command::Admin(AdminCommand::Time {
                clock: None,
                reset: true
            }))
        );
        assert_eq!(
            parse("admin time"),
            Ok(Command::Admin(AdminCommand::Time {
                clock: None,
                reset: false
            }))
        );
        // What is not a clock, or out of range, says so.
        assert_eq!(
            parse("challenge @bob 5+"),
            Err(CommandError::BadTime("5+".into()))
        );
        assert_eq!(
            parse("challenge @bob 30d"),
            Err(CommandError::TimeRange("30d".into()))
        );
        assert_eq!(
            parse("play bot 0+5"),
            Err(CommandError::TimeRange("0+5".into()))
        );
    }

    #[test]
    fn every_name_and_alias_is_one_command() {
        let mut words: Vec<&str> = COMMANDS
            .iter()
            .flat_map(|s| std::iter::once(s.name).chain(s.aliases.iter().copied()))
            .collect();
        let n = words.len();
        words.sort_unstable();
        words.dedup();
        assert_eq!(words.len(), n, "a word names two commands");
        for w in words {
            assert!(w.parse::<MoveText>().is_err(), "{w} reads as a move");
        }
        let h = help(Lang::En, &Dialect::prefixed("!jungle"));
        for s in COMMANDS {
            assert!(h.contains(&s.usage()), "{h}");
        }
    }
}
