//! What adapters hand the chat layer (an [`Event`]) and what they get back ([`Reply`]).
//! Nothing here is specific to one platform.

use crate::lang::Lang;
use engine::{BySide, Move, Outcome, Piece, Position, Square};

use super::command::{Command, CommandError};

/// A chat user as the platform knows them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct User {
    /// Stable platform id: a Discord snowflake, a Matrix user id, a console name.
    pub id: String,
    /// What to call them in replies.
    pub name: String,
    /// May moderate where the event happened (Discord: Manage Server or the configured role;
    /// Matrix: power level 50 or more; the console: everyone). Only set on a sender.
    pub moderator: bool,
    /// The language of the sender's client where the platform says it (a Discord
    /// interaction's `locale`, e.g. `zh-CN`): private replies use it.
    pub locale: Option<String>,
}

impl User {
    pub fn new(id: impl Into<String>, name: impl Into<String>) -> User {
        User {
            id: id.into(),
            name: name.into(),
            moderator: false,
            locale: None,
        }
    }

    /// The same user, as one who may (or may not) moderate here.
    pub fn moderating(self, moderator: bool) -> User {
        User { moderator, ..self }
    }

    /// The same user, whose client speaks `locale`.
    pub fn speaking(self, locale: Option<String>) -> User {
        User { locale, ..self }
    }
}

/// Where an event happened.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    /// `console`, `discord`, `matrix`.
    pub platform: String,
    /// The community whose leaderboard counts: a Discord server, a Matrix room.
    pub scope: String,
    /// The conversation games live in: a Discord channel, a Matrix room.
    pub channel: String,
    /// The community's language where the platform says it (a Discord server's preferred
    /// locale): public replies use it unless a moderator chose one with `lang`.
    pub locale: Option<String>,
}

/// The start of a scope that is one conversation, not a community: a direct message with the
/// bot.
pub const DIRECT_SCOPE: &str = "dm:";
/// The start of a scope the bot reaches only through its commands (a Discord group DM, or a
/// server where a user installed the app without the bot joining).
pub const GROUP_SCOPE: &str = "group:";

impl Place {
    /// One conversation rather than a community: it has no server leaderboard.
    pub fn is_private(&self) -> bool {
        self.scope.starts_with(DIRECT_SCOPE) || self.commands_only()
    }

    /// Only commands reach the bot here: neither typed moves nor mentions.
    pub fn commands_only(&self) -> bool {
        scope_commands_only(&self.scope)
    }
}

/// Whether only commands reach the bot in places of `scope` (see [`GROUP_SCOPE`]).
pub fn scope_commands_only(scope: &str) -> bool {
    scope.starts_with(GROUP_SCOPE)
}

/// What the user did.
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    /// A chat message: a prefixed command, a plain move, or anything else (ignored).
    Text(String),
    /// A message said to the bot (a mention, with the mention taken out, or a direct message):
    /// a command needs no prefix.
    Addressed(String),
    /// A command the platform already structured (e.g. a Discord slash command).
    Command(Command),
    /// A structured command the adapter could not read (an option missing, or a value that is
    /// not one): the reply says why, in the reader's language.
    Unreadable(CommandError),
    /// A button press, by the button's id.
    Button(String),
    /// The bot has just joined this place (the sender invited it): it says hello.
    Joined,
}

/// One incoming event.
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    pub place: Place,
    pub sender: User,
    pub input: Input,
    /// Users the message mentions, resolved by the adapter (used to find a challenged user).
    pub mentions: Vec<User>,
}

/// A PNG (or GIF) ready to upload.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    pub bytes: Vec<u8>,
    pub file_name: String,
    pub mime: &'static str,
    pub width: u32,
    pub height: u32,
    /// What the image shows, in words, for readers who cannot see it (Discord's attachment
    /// description, Matrix's image body).
    pub alt: String,
}

/// What a board picture shows; the service renders it into [`Reply::image`].
#[derive(Clone, Debug, PartialEq)]
pub struct BoardView {
    pub game_id: i64,
    pub position: Position,
    pub last_move: Option<Move>,
    /// What the last move captured.
    pub captured: Option<Piece>,
    /// With `moves <square>`: the square whose destinations are marked.
    pub selected: Option<Square>,
    /// Crimson at the bottom.
    pub flip: bool,
    pub jade_name: String,
    pub crimson_name: String,
    /// The result line once the game is over.
    pub result: Option<String>,
    /// How the game ended, when it has (also endings the position cannot show, like resignation).
    pub outcome: Option<Outcome>,
    /// Each side's time in its bar, as of the move shown (`4:05`, or `2d 5h` to move in a
    /// correspondence game); none for a side with nothing to show.
    pub clocks: BySide<Option<String>>,
    /// The language of the picture's words and of its description.
    pub lang: Lang,
}

impl BoardView {
    /// Game 3 at the start, alice (Jade) vs bob (Crimson): a fixture for the adapters' unit tests.
    #[doc(hidden)]
    pub fn example() -> BoardView {
        BoardView {
            game_id: 3,
            position: Position::start(),
            last_move: None,
            captured: None,
            selected: None,
            flip: false,
            jade_name: "alice".into(),
            crimson_name: "bob".into(),
            result: None,
            outcome: None,
            clocks: BySide::default(),
            lang: Lang::En,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonStyle {
    Primary,
    Secondary,
    Danger,
}

/// A button that belongs to a reply (Discord components; other platforms show the text command).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    /// Routing id, e.g. `accept:17` or `resign:42`; stable across restarts.
    pub id: String,
    pub label: String,
    pub style: ButtonStyle,
}

/// One choice of a [`Picker`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// What the platform hands back when it is chosen (a square: `G9`).
    pub value: String,
    /// What the reader sees: "Tiger G9".
    pub label: String,
    /// A picture beside the label (an animal's emoji).
    pub emoji: Option<String>,
}

/// A menu of choices under a message (a Discord select menu): the pieces the side to move can
/// move. Its id is like a button's; the choice's value is appended (`pick:12:4:G9`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picker {
    pub id: String,
    /// Shown before anything is chosen.
    pub placeholder: String,
    pub choices: Vec<Choice>,
}

impl Picker {
    /// The id a choice of this picker comes back as, for [`Input::Button`].
    pub fn chosen(id: &str, value: &str) -> String {
        format!("{id}:{value}")
    }
}

/// One message to send back.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reply {
    /// The message text (plain text with `**bold**` and `` `code` `` markup).
    pub text: String,
    /// The board this reply shows, if any (console adapters may print it as text).
    pub board: Option<BoardView>,
    /// The rendered board or replay, filled in by the service.
    pub image: Option<Image>,
    /// Users to notify (the player to move, the challenged player).
    pub mentions: Vec<User>,
    pub buttons: Vec<Button>,
    /// A menu above the buttons (platforms without menus leave it out).
    pub picker: Option<Box<Picker>>,
    /// Only for the sender's eyes where the platform can (Discord ephemeral replies).
    pub private: bool,
    /// Ids of buttons sent earlier that no longer do anything (game over, challenge closed).
    pub retired_buttons: Vec<String>,
    /// The game this reply is about when neither its board nor its controls say so (a
    /// reminder): see [`Reply::game_id`].
    pub game: Option<i64>,
    /// What this reply does to its game's own conversation, where the platform has one.
    pub thread: Option<Thread>,
    /// What the channel itself reads when this reply goes into its game's thread: the start
    /// of the game, its result.
    pub headline: Option<String>,
}

/// A game's own conversation (a Discord thread, a Matrix `m.thread`): opened when a game
/// between people starts, closed (archived) when it ends. Platforms without threads, places
/// where they are off and games that have none leave every reply in the channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Thread {
    /// Open one for the reply's game, named `name`, from the message of challenge
    /// `challenge` where that is known (else from the headline), and post the reply there.
    Open {
        name: String,
        challenge: Option<i64>,
    },
    /// The reply is the game's last: post it in the thread, the headline in the channel, and
    /// archive the thread.
    Close,
}

impl Reply {
    pub fn text(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }

    /// A refusal or error only the sender needs to see.
    pub fn private(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            private: true,
            ..Reply::default()
        }
    }

    /// The game this reply belongs to: the one it names, else its board's, else the game of
    /// its controls (`resign:12`, a draw offer's buttons). A challenge's reply has none.
    pub fn game_id(&self) -> Option<i64> {
        if let Some(g) = self.game.or(self.board.as_ref().map(|b| b.game_id)) {
            return Some(g);
        }
        let picked = self.picker.as_ref().map(|p| Picker::chosen(&p.id, "A1"));
        picked
            .iter()
            .map(String::as_str)
            .chain(self.buttons.iter().map(|b| b.id.as_str()))
            .find_map(|id| super::buttons::Action::parse(id)?.game())
    }
}

/// A message the service sends on its own (time-outs, expiries), addressed to a place.
#[derive(Clone, Debug, PartialEq)]
pub struct Outgoing {
    pub place: Place,
    pub reply: Reply,
}
