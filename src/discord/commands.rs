//! The `/jungle` slash command and the moderators' `/jungle-admin`: their definitions for
//! registration, and a received command's options turned into a chat [`Command`] (plus the
//! users it names).

use serenity::all::{
    CommandData, CommandOptionType, CreateCommand, CreateCommandOption, InstallationContext,
    InteractionContext, PartialMember, Permissions, ResolvedOption, ResolvedValue, Unresolved,
};

use chat::command::TOP_MAX;
use chat::lang::{Lang, language_name, time_control_name, tr};
use chat::table::{
    Arg, Args, COMMANDS, DEFAULT_TIME, Kind, SEASON_LENGTHS, Spec, TOURNAMENT_ACTION_LABELS,
    TOURNAMENT_ACTIONS, Value,
};
use chat::{Command, CommandError, Level, SideChoice, User};
use engine::{TimeControl, clock::DAY_PRESETS, clock::LIVE_PRESETS};

/// The languages besides English that the commands are described in, with Discord's locale
/// codes.
const LOCALIZED: [(Lang, &str); 2] = [(Lang::ZhCn, "zh-CN"), (Lang::ZhTw, "zh-TW")];

/// The players' command.
pub const NAME: &str = "jungle";

/// A text in English, and in each language of [`LOCALIZED`] by Discord's locale code.
fn in_each(text: impl Fn(Lang) -> String) -> (String, Vec<(&'static str, String)>) {
    let others = LOCALIZED.map(|(lang, code)| (code, text(lang)));
    (text(Lang::En), others.into())
}

/// The message `id` (an id the command table names), for [`in_each`].
fn message(id: &'static str) -> impl Fn(Lang) -> String {
    move |lang| lang.tr(id, &[])
}

/// An option (or subcommand) described in every language. Its name stays as it is: it is
/// what arrives, and what the replies' hints spell.
fn described(
    kind: CommandOptionType,
    name: &str,
    about: impl Fn(Lang) -> String,
) -> CreateCommandOption {
    let (en, others) = in_each(about);
    others.into_iter().fold(
        CreateCommandOption::new(kind, name, en),
        |o, (code, text)| o.description_localized(code, text),
    )
}

/// `o` with one more choice, labelled in every language.
fn choice(
    o: CreateCommandOption,
    label: impl Fn(Lang) -> String,
    value: &str,
) -> CreateCommandOption {
    let (en, others) = in_each(label);
    o.add_string_choice_localized(en, value, others)
}

/// The longest `from` of `/jungle move`: a step such as `elephant right`.
const STEP_MAX: u16 = 20;

/// A string option for a square, completed from the sender's legal moves.
fn square_option(name: &str, about: &'static str) -> CreateCommandOption {
    described(CommandOptionType::String, name, message(about))
        .required(true)
        .set_autocomplete(true)
        .max_length(8)
}

/// A side as a choice: Jade's label says that it moves first.
fn side_label(lang: Lang, side: SideChoice) -> String {
    match side {
        SideChoice::Jade => tr!(lang, "choice-jade"),
        SideChoice::Crimson => tr!(lang, "choice-crimson"),
        SideChoice::Random => tr!(lang, "choice-random"),
    }
}

/// The options one argument of the command table becomes.
fn options(arg: &Arg) -> Vec<CreateCommandOption> {
    let option = |kind| described(kind, arg.name, message(arg.about));
    let text = || option(CommandOptionType::String);
    let one = match arg.kind {
        Kind::User => option(CommandOptionType::User),
        Kind::Side => SideChoice::ALL.into_iter().fold(text(), |o, s| {
            choice(o, |lang| side_label(lang, s), s.as_str())
        }),
        // "2 (easy)": the number, with the name the levels that have one are known by.
        Kind::Level => Level::ALL.into_iter().fold(text(), |o, l| {
            choice(
                o,
                |lang| tr!(lang, "choice-level", n = l.number()),
                l.name(),
            )
        }),
        Kind::Square => square_option(arg.name, arg.about),
        // A move is two squares, each completed; or, in `from` alone, an animal and a
        // direction (`tiger up`, `虎上`), which is longer than a square.
        Kind::Move => {
            return vec![
                square_option("from", "option-from").max_length(STEP_MAX),
                square_option("to", "option-to").required(false),
            ];
        }
        Kind::Number => option(CommandOptionType::Integer).min_int_value(1),
        Kind::Count => option(CommandOptionType::Integer)
            .min_int_value(1)
            .max_int_value(TOP_MAX.into()),
        Kind::Flag {
            word,
            off_word,
            off,
            on,
        } => choice(choice(text(), message(off), off_word), message(on), word),
        // What a tournament command does, each by its name in the reader's language.
        Kind::Choice(words) if words == TOURNAMENT_ACTIONS => words
            .iter()
            .zip(TOURNAMENT_ACTION_LABELS)
            .fold(text(), |o, (w, label)| choice(o, message(label), w)),
        // The words themselves: they are what is typed in text.
        Kind::Choice(words) => words
            .iter()
            .fold(text(), |o, w| o.add_string_choice(*w, *w)),
        // Each language by its name in the reader's language (and in its own).
        Kind::Lang => Lang::ALL.into_iter().fold(text(), |o, l| {
            choice(o, |lang| language_name(lang, l), l.code())
        }),
        // The presets as lichess offers them, each by its name in the reader's language.
        Kind::Time => time_presets().fold(text(), |o, tc| {
            choice(o, |lang| time_control_name(lang, tc), &tc.to_string())
        }),
        // `90m`, `2h`: typed as text, as in a message.
        Kind::Span => text().max_length(8),
        Kind::Word(_) => return Vec::new(),
    };
    vec![one.required(arg.required)]
}

/// The clocks offered as choices: the live presets, then the days per move.
fn time_presets() -> impl Iterator<Item = TimeControl> {
    let live = LIVE_PRESETS
        .into_iter()
        .map(|(m, inc)| TimeControl::live(m, inc));
    live.chain(DAY_PRESETS.into_iter().map(TimeControl::days))
}

/// `/jungle` with one subcommand per players' command of the table.
pub fn definition() -> CreateCommand {
    let subs = COMMANDS
        .iter()
        .filter(|spec| !spec.moderators)
        .map(|spec| {
            let sub = described(CommandOptionType::SubCommand, spec.name, |lang| {
                slash_help(lang, spec)
            });
            spec.args
                .iter()
                .filter(|a| !a.text_only)
                .flat_map(options)
                .fold(sub, CreateCommandOption::add_sub_option)
        })
        .collect();
    LOCALIZED
        .into_iter()
        .fold(
            CreateCommand::new(NAME).description(tr!(Lang::En, "slash-description")),
            |c, (lang, code)| {
                c.name_localized(code, tr!(lang, "slash-name"))
                    .description_localized(code, tr!(lang, "slash-description"))
            },
        )
        .set_options(subs)
        // Installed by a server or by a user: friends can then play in a DM or a group DM,
        // where only the command's interactions reach the bot.
        .integration_types(vec![InstallationContext::Guild, InstallationContext::User])
        .contexts(vec![
            InteractionContext::Guild,
            InteractionContext::BotDm,
            InteractionContext::PrivateChannel,
        ])
}

/// The table's moderators' command, `admin <action> ...`.
fn admin_spec() -> &'static Spec {
    Spec::find("admin").expect("the command table has `admin`")
}

/// The moderators' command, `/jungle-admin`: its own command, so that Discord shows it only to
/// members with Manage Server (server admins can widen that in Integrations). Its subcommands
/// are the actions of the table's `admin`, each with the option it needs.
pub fn admin_definition() -> CreateCommand {
    let needed = |name: &str| -> Vec<CreateCommandOption> {
        admin_spec()
            .args
            .iter()
            .filter(|a| a.name == name)
            .flat_map(options)
            .map(|o| o.required(true))
            .collect()
    };
    // Left out, the clock chosen here is shown; `default` goes back to the configured one.
    let clock = || -> Vec<CreateCommandOption> {
        admin_spec()
            .args
            .iter()
            .filter(|a| a.kind == Kind::Time)
            .flat_map(options)
            .map(|o| choice(o, message("choice-time-default"), DEFAULT_TIME))
            .collect()
    };
    let sub = |name: &str, about: &'static str, opts| {
        described(CommandOptionType::SubCommand, name, message(about)).set_sub_options(opts)
    };
    LOCALIZED
        .into_iter()
        .fold(
            CreateCommand::new(ADMIN_NAME).description(tr!(Lang::En, "slash-admin-description")),
            |c, (lang, code)| c.description_localized(code, tr!(lang, "slash-admin-description")),
        )
        .default_member_permissions(Permissions::MANAGE_GUILD)
        .integration_types(vec![InstallationContext::Guild])
        .contexts(vec![InteractionContext::Guild])
        .set_options(vec![
            sub("abort", "slash-admin-abort", needed("game")),
            sub("channel", "slash-admin-channel", needed("state")),
            sub("settings", "slash-admin-settings", Vec::new()),
            sub("time", "slash-admin-time", clock()),
            sub(
                "threads",
                "slash-admin-threads",
                options(&THREADS_STATE)
                    .into_iter()
                    .map(|o| o.required(true))
                    .collect(),
            ),
            sub("season", "slash-admin-season", season_options()),
            sub(
                "bots",
                "slash-admin-bots",
                options(&BOTS_STATE)
                    .into_iter()
                    .map(|o| o.required(true))
                    .collect(),
            ),
        ])
}

/// The most rated games `/jungle-admin season` can ask of a season's players.
const SEASON_GAMES_MAX: u16 = 100;

/// `/jungle-admin season`'s options, both left out to see what is set: how long a season
/// runs (the table's `length`, each choice by its name in the reader's language) and the
/// rated games that put a player on a season's leaderboard.
fn season_options() -> Vec<CreateCommandOption> {
    let labels = [
        "choice-season-month",
        "choice-season-quarter",
        "choice-season-off",
    ];
    let length = SEASON_LENGTHS.iter().zip(labels).fold(
        described(
            CommandOptionType::String,
            "length",
            message("option-season"),
        ),
        |o, (word, label)| choice(o, message(label), word),
    );
    let games = described(
        CommandOptionType::Integer,
        "games",
        message("option-season-games"),
    )
    .min_int_value(1)
    .max_int_value(SEASON_GAMES_MAX.into());
    vec![length, games]
}

/// `/jungle-admin bots`'s option: on or off, as `admin bots on|off` is typed.
const BOTS_STATE: Arg = Arg {
    name: "state",
    kind: Kind::Flag {
        word: "on",
        off_word: "off",
        off: "choice-bots-off",
        on: "choice-bots-on",
    },
    required: true,
    about: "option-bots",
    text_only: false,
};

/// `/jungle-admin threads`'s option: on or off, as `admin threads off|on` is typed (the
/// table's `state`), with its own labels.
const THREADS_STATE: Arg = Arg {
    name: "state",
    kind: Kind::Flag {
        word: "on",
        off_word: "off",
        off: "choice-threads-off",
        on: "choice-threads-on",
    },
    required: true,
    about: "option-threads",
    text_only: false,
};

/// The name of the moderators' command.
pub const ADMIN_NAME: &str = "jungle-admin";

/// A command's help line as a subcommand description: Discord takes up to 100 characters and
/// no markup.
fn slash_help(lang: Lang, spec: &Spec) -> String {
    let plain = lang.tr(spec.help, &[]).replace('`', "");
    match plain.char_indices().nth(100) {
        Some((cut, _)) => plain[..cut].to_string(),
        None => plain,
    }
}

/// A received `/jungle` command as the chat layer takes it.
#[derive(Clone, Debug, PartialEq)]
pub struct Parsed {
    pub command: Command,
    /// The users its options name, so the chat layer can match them.
    pub mentions: Vec<User>,
}

/// The name a member or user goes by here: server nickname, then display name, then username.
pub fn display_name(user: &serenity::all::User, nick: Option<&str>) -> String {
    nick.filter(|n| !n.is_empty())
        .map(str::to_string)
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone())
}

/// The subcommand and its options, if there is one.
pub(super) fn subcommand(data: &CommandData) -> Option<(&str, Options<'_>)> {
    match data.options().pop()? {
        ResolvedOption {
            name,
            value: ResolvedValue::SubCommand(opts),
            ..
        } => Some((
            name,
            Options {
                opts,
                mentions: Vec::new(),
            },
        )),
        _ => None,
    }
}

/// A subcommand's options by name, read in the types the subcommand gives them.
pub(super) struct Options<'a> {
    opts: Vec<ResolvedOption<'a>>,
    mentions: Vec<User>,
}

impl<'a> Options<'a> {
    fn get(&self, name: &str) -> Option<&ResolvedValue<'a>> {
        self.opts.iter().find(|o| o.name == name).map(|o| &o.value)
    }

    /// A string option's text, trimmed (also while it is being autocompleted).
    pub(super) fn text(&self, name: &str) -> Option<String> {
        match self.get(name)? {
            ResolvedValue::String(s) => Some(s.trim().to_string()),
            ResolvedValue::Autocomplete { value, .. } => Some(value.trim().to_string()),
            _ => None,
        }
    }

    fn int(&self, name: &str) -> Option<i64> {
        match self.get(name)? {
            ResolvedValue::Integer(n) => Some(*n),
            _ => None,
        }
    }

    /// A user option, as the id the chat layer resolves (and noted as a mention).
    fn user(&mut self, name: &str) -> Option<String> {
        let user = match self.get(name)? {
            ResolvedValue::User(user, member) => {
                let nick = member.and_then(|m: &PartialMember| m.nick.as_deref());
                User::new(user.id.to_string(), display_name(user, nick))
            }
            ResolvedValue::Unresolved(Unresolved::User(id)) => {
                User::new(id.to_string(), id.to_string())
            }
            _ => return None,
        };
        let id = user.id.clone();
        self.mentions.push(user);
        Some(id)
    }

    /// The value of one argument of the command table, if it was given; a value that is not
    /// one says why, as the same text typed would.
    fn value(&mut self, arg: &Arg) -> Result<Option<Value>, CommandError> {
        let word = |o: &Self, name: &str| o.text(name).filter(|t| !t.is_empty());
        Ok(match arg.kind {
            Kind::User => self.user(arg.name).map(Value::User),
            Kind::Move => match (word(self, "from"), word(self, "to")) {
                (Some(from), Some(to)) => Some(Kind::Move.read(&format!("{from} {to}"))?),
                (Some(from), None) => {
                    chat::parse_step(&from).map(|s| Value::Move(chat::MoveText::Step(s)))
                }
                _ => None,
            },
            // Any count: the leaderboard keeps it in range.
            Kind::Count => self
                .int(arg.name)
                .map(|n| Value::Count(u32::try_from(n.max(0)).unwrap_or(u32::MAX))),
            Kind::Number => match self.int(arg.name) {
                Some(n) => Some(Kind::Number.read(&n.to_string())?),
                None => None,
            },
            Kind::Side
            | Kind::Level
            | Kind::Square
            | Kind::Lang
            | Kind::Time
            | Kind::Span
            | Kind::Flag { .. }
            | Kind::Choice(_) => match word(self, arg.name) {
                Some(t) => Some(arg.kind.read(&t)?),
                None => None,
            },
            Kind::Word(_) => None,
        })
    }
}

/// Turns `/jungle <sub> ...` (or `/jungle-admin <action> ...`) into a chat command, through
/// the same table as typed commands. What cannot be read comes back as the chat layer's
/// [`CommandError`], which it explains in the reader's language.
pub fn parse(data: &CommandData) -> Result<Parsed, CommandError> {
    let admin = match data.name.as_str() {
        NAME => false,
        ADMIN_NAME => true,
        other => return Err(CommandError::Unknown(format!("/{other}"))),
    };
    // The command alone asks for help, as the prefix alone does in text.
    let Some((sub, mut o)) = subcommand(data) else {
        return Ok(Parsed {
            command: Command::Help,
            mentions: Vec::new(),
        });
    };
    let mut args = Args::default();
    let spec = if admin {
        // `/jungle-admin abort ...` is the table's `admin abort ...`.
        let spec = admin_spec();
        let action = spec
            .args
            .iter()
            .find(|a| matches!(a.kind, Kind::Choice(_)))
            .expect("`admin` takes its action as a choice");
        let chosen = action
            .kind
            .read(sub)
            .map_err(|_| CommandError::Unknown(format!("admin {sub}")))?;
        args.set(action.name, chosen);
        spec
    } else {
        COMMANDS
            .iter()
            .find(|s| s.name == sub && !s.moderators)
            .ok_or_else(|| CommandError::Unknown(sub.to_string()))?
    };
    let usage = || CommandError::Usage(spec.usage());
    for arg in spec.args.iter().filter(|a| !a.text_only) {
        if args.contains(arg.name) {
            continue;
        }
        match o.value(arg) {
            Ok(Some(v)) => args.set(arg.name, v),
            Ok(None) if arg.required => return Err(usage()),
            Ok(None) => {}
            // A word no choice has: the usage line shows the choices.
            Err(CommandError::Usage(_)) => return Err(usage()),
            Err(e) => return Err(e),
        }
    }
    let command = (spec.build)(&args).ok_or_else(usage)?;
    Ok(Parsed {
        command,
        mentions: o.mentions,
    })
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use chat::AdminCommand;
    use serenity::all::CommandInteraction;

    /// A realistic interaction of this type (2 command, 4 autocomplete) around `data`.
    pub(crate) fn interaction(kind: u8, data: serde_json::Value) -> CommandInteraction {
        let payload = serde_json::json!({
            "id": "1250000000000000001",
            "application_id": "1100000000000000001",
            "type": kind,
            "token": "aW50ZXJhY3Rpb246MTI1MDAwMDAwMDAwMDAwMDAwMTp0b2tlbg",
            "version": 1,
            "guild_id": "1000000000000000001",
            "channel_id": "1000000000000000002",
            "channel": {"id": "1000000000000000002", "type": 0, "name": "games",
                        "guild_id": "1000000000000000001", "permissions": "2251799813685247"},
            "member": {
                "user": {"id": "2000000000000000001", "username": "alice", "global_name": "Alice",
                         "discriminator": "0", "avatar": null},
                "nick": null, "roles": [], "joined_at": "2024-01-01T00:00:00.000000+00:00",
                "deaf": false, "mute": false, "flags": 0, "permissions": "2251799813685247",
                "pending": false, "premium_since": null, "avatar": null
            },
            "app_permissions": "2251799813685247",
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": "1000000000000000001"},
            "context": 0,
            "attachment_size_limit": 10485760,
            "data": data
        });
        serde_json::from_value(payload).expect("a realistic interaction deserializes")
    }

    fn slash(sub: &str, options: serde_json::Value, resolved: serde_json::Value) -> Parsed {
        let i = interaction(
            2,
            serde_json::json!({
                "id": "1200000000000000001", "name": "jungle", "type": 1,
                "guild_id": "1000000000000000001",
                "options": [{"name": sub, "type": 1, "options": options}],
                "resolved": resolved
            }),
        );
        assert_eq!(i.user.name, "alice", "member.user fills in the user");
        parse(&i.data).unwrap()
    }

    #[test]
    fn challenge_with_a_resolved_user() {
        let p = slash(
            "challenge",
            serde_json::json!([
                {"name": "user", "type": 6, "value": "2000000000000000002"},
                {"name": "side", "type": 3, "value": "jade"}
            ]),
            serde_json::json!({
                "users": {"2000000000000000002": {"id": "2000000000000000002", "username": "bob",
                    "global_name": "Bobby", "discriminator": "0", "avatar": null}},
                "members": {"2000000000000000002": {"nick": "Bob the Builder", "roles": [],
                    "joined_at": "2024-02-02T00:00:00.000000+00:00", "flags": 0,
                    "permissions": "0", "pending": false, "premium_since": null, "avatar": null}}
            }),
        );
        assert_eq!(
            p.command,
            Command::Challenge {
                opponent: Some("2000000000000000002".into()),
                side: SideChoice::Jade,
                casual: false,
                time: None
            }
        );
        assert_eq!(
            p.mentions,
            vec![User::new("2000000000000000002", "Bob the Builder")]
        );
    }

    #[test]
    fn every_subcommand_maps_to_a_chat_command() {
        let none = serde_json::json!([]);
        let empty = serde_json::json!({});
        assert_eq!(
            slash("challenge", none.clone(), empty.clone()).command,
            Command::Challenge {
                opponent: None,
                side: SideChoice::Random,
                casual: false,
                time: None
            }
        );
        assert_eq!(
            slash(
                "move",
                serde_json::json!([{"name": "from", "type": 3, "value": "g7"},
                                   {"name": "to", "type": 3, "value": " G6 "}]),
                empty.clone()
            )
            .command,
            Command::Move {
                mv: "G7 G6".parse().unwrap(),
                plain: false
            }
        );
        assert_eq!(
            slash(
                "play",
                serde_json::json!([{"name": "level", "type": 3, "value": "easy"},
                                   {"name": "side", "type": 3, "value": "crimson"},
                                   {"name": "mode", "type": 3, "value": "casual"},
                                   {"name": "time", "type": 3, "value": "3+2"}]),
                empty.clone()
            )
            .command,
            Command::PlayBot {
                level: Some(chat::Level::EASY),
                side: SideChoice::Crimson,
                casual: true,
                time: Some(TimeControl::live(3, 2))
            }
        );
        assert_eq!(
            slash(
                "top",
                serde_json::json!([{"name": "scope", "type": 3, "value": "global"},
                                   {"name": "count", "type": 4, "value": 5}]),
                empty.clone()
            )
            .command,
            Command::Top {
                global: true,
                all: false,
                limit: Some(5)
            }
        );
        // Out of range counts go through as they are: the leaderboard clamps them.
        for (count, limit) in [(99, 99), (-5, 0), (1i64 << 40, u32::MAX)] {
            assert_eq!(
                slash(
                    "top",
                    serde_json::json!([{"name": "count", "type": 4, "value": count}]),
                    empty.clone()
                )
                .command,
                Command::Top {
                    global: false,
                    all: false,
                    limit: Some(limit)
                }
            );
        }
        assert_eq!(
            slash("top", none.clone(), empty.clone()).command,
            Command::Top {
                global: false,
                all: false,
                limit: None
            }
        );
        assert_eq!(
            slash(
                "top",
                serde_json::json!([{"name": "period", "type": 3, "value": "all"}]),
                empty.clone()
            )
            .command,
            Command::Top {
                global: false,
                all: true,
                limit: None
            }
        );
        assert_eq!(
            slash(
                "export",
                serde_json::json!([{"name": "game", "type": 4, "value": 12}]),
                empty.clone()
            )
            .command,
            Command::Export { game: 12 }
        );
        assert_eq!(
            slash(
                "moves",
                serde_json::json!([{"name": "square", "type": 3, "value": "A1"}]),
                empty.clone()
            )
            .command,
            Command::Moves {
                square: "A1".parse().unwrap()
            }
        );
        for (sub, want) in [
            (
                "accept",
                Command::Accept {
                    challenge: None,
                    from: None,
                },
            ),
            (
                "decline",
                Command::Decline {
                    challenge: None,
                    from: None,
                },
            ),
            ("cancel", Command::Cancel { challenge: None }),
            ("board", Command::Board),
            (
                "resign",
                Command::Resign {
                    game: None,
                    confirmed: true,
                },
            ),
            ("draw", Command::Draw { game: None }),
            ("takeback", Command::Takeback { game: None }),
            ("games", Command::Games),
            (
                "rating",
                Command::Rating {
                    user: None,
                    opponent: None,
                },
            ),
            ("history", Command::History { user: None }),
            ("rules", Command::Rules),
            ("help", Command::Help),
        ] {
            assert_eq!(
                slash(sub, none.clone(), empty.clone()).command,
                want,
                "{sub}"
            );
        }
    }

    #[test]
    fn clocks_are_offered_as_choices_a_player_can_read() {
        let json = serde_json::to_value(definition()).unwrap();
        let challenge = json["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == "challenge")
            .unwrap();
        let time = challenge["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == "time")
            .unwrap();
        let values: Vec<&str> = time["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["value"].as_str().unwrap())
            .collect();
        assert_eq!(
            values,
            [
                "1+0", "3+2", "5+3", "10+5", "15+10", "1d", "2d", "3d", "5d", "7d", "10d", "14d"
            ]
        );
        let three = &time["choices"][1];
        assert_eq!(three["name"], "3 min + 2 s a move");
        assert_eq!(three["name_localizations"]["zh-TW"], "3 分鐘，每步加 2 秒");
        // Each value is one the parser reads back.
        for v in values {
            assert!(Kind::Time.read(v).is_ok(), "{v}");
        }
    }

    #[test]
    fn the_definition_lists_every_subcommand() {
        let json = serde_json::to_value(definition()).unwrap();
        assert_eq!(json["name"], NAME);
        // Server and user installs; servers, the bot's DM, and DMs and group DMs between users.
        assert_eq!(json["integration_types"], serde_json::json!([0, 1]));
        assert_eq!(json["contexts"], serde_json::json!([0, 1, 2]));
        let admin = serde_json::to_value(admin_definition()).unwrap();
        assert_eq!(admin["integration_types"], serde_json::json!([0]));
        assert_eq!(admin["contexts"], serde_json::json!([0]));
        let names: Vec<&str> = json["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            names,
            [
                "challenge",
                "accept",
                "decline",
                "cancel",
                "play",
                "move",
                "board",
                "moves",
                "resign",
                "draw",
                "takeback",
                "rematch",
                "games",
                "rating",
                "vs",
                "top",
                "history",
                "analyze",
                "export",
                "rules",
                "help",
                "lang",
                "notify",
                "tournament",
                "join",
                "withdraw"
            ]
        );
        let mv = &json["options"][5]["options"];
        assert_eq!(mv[0]["autocomplete"], true);
        assert_eq!(mv[1]["autocomplete"], true);
        // `from` alone may hold a step such as `elephant right`; `to` is then left out.
        assert_eq!(
            (&mv[0]["required"], &mv[0]["max_length"]),
            (&true.into(), &20.into())
        );
        assert_eq!(mv[1]["required"], false);
    }

    /// `/<command> <sub> <options>` as it arrives; no subcommand with `sub` `None`.
    fn received(
        command: &str,
        sub: Option<&str>,
        options: serde_json::Value,
    ) -> Result<Command, CommandError> {
        let mut data = serde_json::json!({"id": "1200000000000000001", "name": command, "type": 1});
        if let Some(sub) = sub {
            data["options"] = serde_json::json!([{"name": sub, "type": 1, "options": options}]);
        }
        parse(&interaction(2, data).data).map(|p| p.command)
    }

    #[test]
    fn bad_options_get_a_reason() {
        let none = serde_json::json!([]);
        let level = serde_json::json!([{"name": "level", "type": 3, "value": "insane"}]);
        assert_eq!(
            received("jungle", Some("play"), level),
            Err(CommandError::BadLevel("insane".into()))
        );
        let game = serde_json::json!([{"name": "game", "type": 4, "value": 0}]);
        assert_eq!(
            received("jungle", Some("export"), game),
            Err(CommandError::BadGame("0".into()))
        );
        let step = serde_json::json!([{"name": "from", "type": 3, "value": "獅 左"}]);
        assert_eq!(
            received("jungle", Some("move"), step),
            Ok(Command::Move {
                mv: "獅左".parse().unwrap(),
                plain: false
            })
        );
        let half = serde_json::json!([{"name": "from", "type": 3, "value": "G7"}]);
        assert_eq!(
            received("jungle", Some("move"), half),
            Err(CommandError::Usage("move <from> <to>".into()))
        );
        let wrong_type = serde_json::json!([{"name": "game", "type": 3, "value": "twelve"}]);
        assert_eq!(
            received("jungle", Some("export"), wrong_type),
            Err(CommandError::Usage("export <game>".into()))
        );
        assert_eq!(
            received("jungle", Some("dance"), none.clone()),
            Err(CommandError::Unknown("dance".into()))
        );
        // The moderators' commands are `/jungle-admin`, not `/jungle admin`.
        assert_eq!(
            received("jungle", Some("admin"), none.clone()),
            Err(CommandError::Unknown("admin".into()))
        );
        assert_eq!(
            received("chess", Some("board"), none.clone()),
            Err(CommandError::Unknown("/chess".into()))
        );
        // The command alone asks for help, as the prefix alone does in text.
        assert_eq!(received("jungle", None, none), Ok(Command::Help));
    }

    #[test]
    fn the_moderators_command_reads_through_the_table() {
        let none = serde_json::json!([]);
        let state = |s: &str| serde_json::json!([{"name": "state", "type": 3, "value": s}]);
        let game = serde_json::json!([{"name": "game", "type": 4, "value": 3}]);
        assert_eq!(
            received(ADMIN_NAME, Some("abort"), game),
            Ok(Command::Admin(AdminCommand::Abort { game: 3 }))
        );
        assert_eq!(
            received(ADMIN_NAME, Some("channel"), state("off")),
            Ok(Command::Admin(AdminCommand::Channel { on: false }))
        );
        assert_eq!(
            received(ADMIN_NAME, Some("channel"), state("on")),
            Ok(Command::Admin(AdminCommand::Channel { on: true }))
        );
        assert_eq!(
            received(ADMIN_NAME, Some("settings"), none.clone()),
            Ok(Command::Admin(AdminCommand::Settings))
        );
        let clock = |v: &str| serde_json::json!([{"name": "clock", "type": 3, "value": v}]);
        assert_eq!(
            received(ADMIN_NAME, Some("time"), clock("3d")),
            Ok(Command::Admin(AdminCommand::Time {
                clock: Some(TimeControl::days(3)),
                reset: false
            }))
        );
        assert_eq!(
            received(ADMIN_NAME, Some("time"), clock("default")),
            Ok(Command::Admin(AdminCommand::Time {
                clock: None,
                reset: true
            }))
        );
        assert_eq!(
            received(ADMIN_NAME, Some("time"), none.clone()),
            Ok(Command::Admin(AdminCommand::Time {
                clock: None,
                reset: false
            }))
        );
        assert_eq!(
            received(ADMIN_NAME, Some("threads"), state("off")),
            Ok(Command::Admin(AdminCommand::Threads { on: Some(false) }))
        );
        assert_eq!(
            received(ADMIN_NAME, Some("bots"), state("on")),
            Ok(Command::Admin(AdminCommand::Bots { on: Some(true) }))
        );
        let season = |v: serde_json::Value| received(ADMIN_NAME, Some("season"), v);
        assert_eq!(
            season(
                serde_json::json!([{"name": "length", "type": 3, "value": "quarter"},
                                      {"name": "games", "type": 4, "value": 8}])
            ),
            Ok(Command::Admin(AdminCommand::Season {
                length: Some(Some(store::SeasonLength::Quarter)),
                min_games: Some(8)
            }))
        );
        assert_eq!(
            season(serde_json::json!([{"name": "length", "type": 3, "value": "off"}])),
            Ok(Command::Admin(AdminCommand::Season {
                length: Some(None),
                min_games: None
            }))
        );
        assert_eq!(
            season(none.clone()),
            Ok(Command::Admin(AdminCommand::Season {
                length: None,
                min_games: None
            }))
        );
        let usage = Err(CommandError::Usage(admin_spec().usage()));
        assert_eq!(received(ADMIN_NAME, Some("channel"), state("maybe")), usage);
        assert_eq!(received(ADMIN_NAME, Some("abort"), none.clone()), usage);
        assert_eq!(
            received(ADMIN_NAME, Some("purge"), none),
            Err(CommandError::Unknown("admin purge".into()))
        );
        // Every subcommand the definition registers is one the parser reads.
        let json = serde_json::to_value(admin_definition()).unwrap();
        for sub in json["options"].as_array().unwrap() {
            let name = sub["name"].as_str().unwrap();
            let given: Vec<serde_json::Value> = sub["options"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|o| match o["type"].as_u64() {
                    Some(4) => serde_json::json!({"name": o["name"], "type": 4, "value": 1}),
                    _ => serde_json::json!({"name": o["name"], "type": 3,
                                            "value": o["choices"][0]["value"]}),
                })
                .collect();
            let read = received(ADMIN_NAME, Some(name), serde_json::json!(given));
            assert!(matches!(read, Ok(Command::Admin(_))), "{name}: {read:?}");
        }
    }
}
