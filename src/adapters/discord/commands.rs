//! The `/jungle` slash command and the moderators' `/jungle-admin`: their definitions for
//! registration, and a received command's options turned into a chat [`Command`] (plus the
//! users it names).

use serenity::all::{
    CommandData, CommandOptionType, CreateCommand, CreateCommandOption, InteractionContext,
    PartialMember, Permissions, ResolvedOption, ResolvedValue, Unresolved,
};

use crate::chat::command::TOP_MAX;
use crate::chat::table::{Arg, Args, COMMANDS, Kind, Spec, Value};
use crate::chat::{AdminCommand, Command, Level, SideChoice, User};
use crate::lang::{Lang, tr};

/// The languages besides English that `/jungle` is described in, with Discord's locale codes.
const LOCALIZED: [(Lang, &str); 2] = [(Lang::ZhCn, "zh-CN"), (Lang::ZhTw, "zh-TW")];

/// The players' command.
pub const NAME: &str = "jungle";

/// A string option for a square, completed from the sender's legal moves.
fn square_option(name: &str, about: &str) -> CreateCommandOption {
    CreateCommandOption::new(CommandOptionType::String, name, about)
        .required(true)
        .set_autocomplete(true)
        .max_length(8)
}

/// The options one argument of the command table becomes.
fn options(arg: &Arg) -> Vec<CreateCommandOption> {
    let option = |kind| CreateCommandOption::new(kind, arg.name, arg.about);
    let one = match arg.kind {
        Kind::User => option(CommandOptionType::User),
        Kind::Side => {
            SideChoice::ALL
                .into_iter()
                .fold(option(CommandOptionType::String), |o, s| {
                    let label = match s {
                        SideChoice::Jade => "Jade (moves first)",
                        SideChoice::Crimson => "Crimson",
                        SideChoice::Random => "Random",
                    };
                    o.add_string_choice(label, s.as_str())
                })
        }
        Kind::Level => Level::ALL
            .into_iter()
            .fold(option(CommandOptionType::String), |o, l| {
                let name = match l.word() {
                    Some(word) => format!("{} ({word})", l.number()),
                    None => l.number().to_string(),
                };
                o.add_string_choice(name, l.name())
            }),
        Kind::Square => square_option(arg.name, arg.about),
        // A move is two squares, each completed.
        Kind::Move => {
            return vec![
                square_option("from", "Square it stands on"),
                square_option("to", "Square it goes to"),
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
        } => option(CommandOptionType::String)
            .add_string_choice(off, off_word)
            .add_string_choice(on, word),
        Kind::Choice(words) => words
            .iter()
            .fold(option(CommandOptionType::String), |o, w| {
                o.add_string_choice(label(w), *w)
            }),
        // Each language named in its own words.
        Kind::Lang => Lang::ALL
            .into_iter()
            .fold(option(CommandOptionType::String), |o, l| {
                o.add_string_choice(tr!(l, "language-own-name"), l.code())
            }),
        Kind::Word(_) => return Vec::new(),
    };
    vec![one.required(arg.required)]
}

/// A choice's label: the word with a capital letter.
fn label(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// `/jungle` with one subcommand per players' command of the table.
pub fn definition() -> CreateCommand {
    let subs = COMMANDS
        .iter()
        .filter(|spec| !spec.moderators)
        .map(|spec| {
            let sub = LOCALIZED.into_iter().fold(
                CreateCommandOption::new(
                    CommandOptionType::SubCommand,
                    spec.name,
                    slash_help(Lang::En, spec),
                ),
                |o, (lang, code)| o.description_localized(code, slash_help(lang, spec)),
            );
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
        .contexts(vec![InteractionContext::Guild, InteractionContext::BotDm])
}

/// The moderators' command, `/jungle-admin`: its own command, so that Discord shows it only to
/// members with Manage Server (server admins can widen that in Integrations).
pub fn admin_definition() -> CreateCommand {
    let sub = |name: &str, about: &str| {
        CreateCommandOption::new(CommandOptionType::SubCommand, name, about)
    };
    CreateCommand::new(ADMIN_NAME)
        .description("Moderate the Jungle bot here")
        .default_member_permissions(Permissions::MANAGE_GUILD)
        .contexts(vec![InteractionContext::Guild])
        .set_options(vec![
            sub("abort", "End a game here without rating it").add_sub_option(
                CreateCommandOption::new(CommandOptionType::Integer, "game", "The game number")
                    .min_int_value(1)
                    .required(true),
            ),
            sub(
                "channel",
                "Make the bot ignore this channel, or answer here again",
            )
            .add_sub_option(
                CreateCommandOption::new(CommandOptionType::String, "state", "On or off")
                    .add_string_choice("Off: ignore this channel", "off")
                    .add_string_choice("On: answer here", "on")
                    .required(true),
            ),
            sub("settings", "What is set for this server and channel"),
        ])
}

/// The name of the moderators' command.
pub const ADMIN_NAME: &str = "jungle-admin";

/// Turns `/jungle-admin <sub> ...` into a chat command.
fn parse_admin(data: &CommandData) -> Result<Parsed, String> {
    let (name, o) = subcommand(data)?;
    let admin = match name {
        "abort" => AdminCommand::Abort {
            game: o
                .int("game")
                .filter(|n| *n > 0)
                .ok_or("Please fill in `game`.")?,
        },
        "channel" => AdminCommand::Channel {
            on: match o.text("state").as_deref() {
                Some("on") => true,
                Some("off") => false,
                _ => return Err("Please choose `on` or `off`.".into()),
            },
        },
        "settings" => AdminCommand::Settings,
        other => return Err(format!("I don't know `/{ADMIN_NAME} {other}`.")),
    };
    Ok(Parsed {
        command: Command::Admin(admin),
        mentions: Vec::new(),
    })
}

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

/// The subcommand and its options.
pub(super) fn subcommand(data: &CommandData) -> Result<(&str, Options<'_>), String> {
    let mut options = data.options();
    match options.pop() {
        Some(ResolvedOption {
            name,
            value: ResolvedValue::SubCommand(opts),
            ..
        }) => Ok((
            name,
            Options {
                opts,
                mentions: Vec::new(),
            },
        )),
        _ => Err(format!(
            "`/{}` needs a subcommand, e.g. `/{} help`.",
            NAME, NAME
        )),
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

    /// The value of one argument of the command table, if it was given.
    fn value(&mut self, arg: &Arg) -> Result<Option<Value>, String> {
        let word = |o: &Self, name: &str| o.text(name).filter(|t| !t.is_empty());
        let read = |kind: Kind, text: &str| kind.read(text).map_err(|e| e.to_string());
        Ok(match arg.kind {
            Kind::User => self.user(arg.name).map(Value::User),
            Kind::Move => match (word(self, "from"), word(self, "to")) {
                (Some(from), Some(to)) => Some(read(Kind::Move, &format!("{from} {to}"))?),
                _ => None,
            },
            // Any count: the leaderboard keeps it in range.
            Kind::Count => self
                .int(arg.name)
                .map(|n| Value::Count(u32::try_from(n.max(0)).unwrap_or(u32::MAX))),
            Kind::Number => match self.int(arg.name) {
                Some(n) => Some(read(Kind::Number, &n.to_string())?),
                None => None,
            },
            Kind::Flag { word: on, .. } => {
                Some(Value::Flag(word(self, arg.name).as_deref() == Some(on)))
            }
            Kind::Side | Kind::Level | Kind::Square | Kind::Lang => match word(self, arg.name) {
                Some(t) => Some(read(arg.kind, &t)?),
                None => None,
            },
            Kind::Word(_) | Kind::Choice(_) => None,
        })
    }
}

/// Turns `/jungle <sub> ...` into a chat command, through the same table as typed commands.
pub fn parse(data: &CommandData) -> Result<Parsed, String> {
    if data.name == ADMIN_NAME {
        return parse_admin(data);
    }
    if data.name != NAME {
        return Err(format!("I only know `/{NAME}` and `/{ADMIN_NAME}`."));
    }
    let (name, mut o) = subcommand(data)?;
    let Some(spec) = COMMANDS.iter().find(|s| s.name == name) else {
        return Err(format!(
            "I don't know `/{NAME} {name}`. Try `/{NAME} help`."
        ));
    };
    let mut args = Args::default();
    for arg in spec.args.iter().filter(|a| !a.text_only) {
        match o.value(arg)? {
            Some(v) => args.set(arg.name, v),
            None if arg.required => return Err(format!("Please fill in `{}`.", arg.name)),
            None => {}
        }
    }
    let command: Command = (spec.build)(&args)
        .ok_or_else(|| format!("Please fill in every option of `/{NAME} {name}`."))?;
    Ok(Parsed {
        command,
        mentions: o.mentions,
    })
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use serenity::all::CommandInteraction;

    /// A realistic interaction of this type (2 command, 4 autocomplete) around `data`.
    pub(in crate::adapters::discord) fn interaction(
        kind: u8,
        data: serde_json::Value,
    ) -> CommandInteraction {
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
                casual: false
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
                casual: false
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
                                   {"name": "mode", "type": 3, "value": "casual"}]),
                empty.clone()
            )
            .command,
            Command::PlayBot {
                level: Some(crate::chat::Level::EASY),
                side: SideChoice::Crimson,
                casual: true
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
                    limit: Some(limit)
                }
            );
        }
        assert_eq!(
            slash("top", none.clone(), empty.clone()).command,
            Command::Top {
                global: false,
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
            ("rating", Command::Rating { user: None }),
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
    fn the_definition_lists_every_subcommand() {
        let json = serde_json::to_value(definition()).unwrap();
        assert_eq!(json["name"], NAME);
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
                "games",
                "rating",
                "top",
                "history",
                "analyze",
                "export",
                "rules",
                "help",
                "lang"
            ]
        );
        let mv = &json["options"][5]["options"];
        assert_eq!(mv[0]["autocomplete"], true);
        assert_eq!(mv[1]["autocomplete"], true);
    }

    #[test]
    fn bad_options_get_a_reason() {
        let i = interaction(
            2,
            serde_json::json!({
                "id": "1200000000000000001", "name": "jungle", "type": 1,
                "options": [{"name": "play", "type": 1, "options": [
                    {"name": "level", "type": 3, "value": "insane"}
                ]}]
            }),
        );
        assert_eq!(
            parse(&i.data).unwrap_err(),
            "`insane` is not a level: say a number from 1 to 8, or easy, medium or hard"
        );
        let i = interaction(
            2,
            serde_json::json!({"id": "1200000000000000001", "name": "jungle", "type": 1}),
        );
        assert!(parse(&i.data).unwrap_err().contains("needs a subcommand"));
    }
}
