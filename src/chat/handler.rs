//! The synchronous heart of the chat layer: [`Core`] takes one event, recognises the command,
//! runs its handler with the store, and returns the replies. The async [`super::Service`] runs
//! it off the runtime. The handlers themselves live in `challenges`, `play`, `info` and
//! `timers`, and see only the [`Ctx`] they are given.

use std::sync::Mutex;

use crate::lang::{Lang, tr};
use crate::sync::lock;
use engine::Move;
use store::{ChallengeStatus, GameStatus, PlayerRow, Store};

use super::address;
use super::buttons::{self, Action};
use super::command::{AdminCommand, Command, CommandError};
use super::context::{ChatError, Ctx, Env, Handled, Result, language_set};
use super::dialect::Dialect;
use super::event::{Event, Input, Place, Reply};
use super::game::BotTurn;
use super::job::AnalysisJob;
use super::limits::{Limiter, Verdict};
use super::markup::plain_name;
use super::review;
use super::settings::Settings;
use super::timers::{self, Ticked};
use super::{admin, challenges, info, lifecycle, notify, play, record, table, takeback, touch};
use ai::analysis::Analysis;

/// The handler: the store, the settings and the rate limiter. Shared by the threads that run
/// commands at the same time (the store is, and the limiter is locked for its count only).
pub struct Core {
    store: Store,
    settings: Settings,
    limiter: Mutex<Limiter>,
}

impl Core {
    pub fn new(store: Store, settings: Settings) -> Core {
        Core {
            store,
            settings,
            limiter: Mutex::default(),
        }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    fn env(&self, now: i64, (lang, reader): (Lang, Lang)) -> Env<'_> {
        Env {
            store: &self.store,
            settings: &self.settings,
            now,
            lang,
            reader,
        }
    }

    /// The languages of an event's replies: (public, private). A language set here with `lang`
    /// wins; else public replies take the place's (a Discord server's preferred locale) and
    /// private ones the reader's (a Discord user's client); English when nothing says.
    pub fn languages(&self, place: &Place, reader: Option<&str>) -> (Lang, Lang) {
        let set = language_set(&self.store, &place.platform, &place.scope);
        languages_of(set, place, reader)
    }

    /// The place's language setting, whether the bot answers in its channel and the sender's
    /// player, read in one statement; on a store failure, no setting, on and no player (the
    /// command then meets the failure where it needs the store, and says so).
    fn arrival(&self, ev: &Event) -> (Option<Lang>, bool, Option<PlayerRow>) {
        let place = &ev.place;
        match self
            .store
            .arrival(&place.platform, &place.scope, &place.channel, &ev.sender.id)
        {
            Ok(a) => (
                a.language.as_deref().and_then(Lang::from_locale),
                a.enabled,
                a.sender,
            ),
            Err(e) => {
                tracing::error!(error = %e, "cannot read the place's settings");
                (None, true, None)
            }
        }
    }

    /// Handles one event at time `now` (unix seconds).
    pub fn handle(&self, ev: &Event, now: i64) -> Handled {
        let (set, enabled, known) = self.arrival(ev);
        let langs = languages_of(set, &ev.place, ev.sender.locale.as_deref());
        let (lang, reader) = langs;
        let recognised = match &ev.input {
            Input::Text(text) => address::recognise(text, &self.settings.prefix, false),
            Input::Addressed(text) => address::recognise(text, &self.settings.prefix, true),
            Input::Command(cmd) => Some(Ok(cmd.clone())),
            Input::Unreadable(e) => Some(Err(e.clone())),
            Input::Button(id) => match Action::parse(id) {
                Some(action) => Some(Ok(action.command())),
                // Not an id of ours (forged, or from an older build): nothing changes, and the
                // message it was pressed on keeps its buttons.
                None => return Handled::reply(Reply::private(tr!(reader, "button-inactive"))),
            },
            Input::Joined => {
                let dialect = self.settings.dialect(&ev.place.platform, &ev.place.scope);
                return Handled::reply(Reply::text(super::text::welcome(lang, &dialect)));
            }
        };
        let cmd = match recognised {
            None => return Handled::default(),
            Some(Ok(cmd)) => cmd,
            Some(Err(e)) => {
                let dialect = self.settings.dialect(&ev.place.platform, &ev.place.scope);
                return Handled::reply(Reply::private(explain(reader, &e, &dialect)));
            }
        };
        metrics::counter!(crate::metrics::COMMANDS, "platform" => ev.place.platform.clone())
            .increment(1);
        // A channel a moderator switched off hears only the command that switches it on.
        if !enabled && !matches!(cmd, Command::Admin(AdminCommand::Channel { .. })) {
            return Handled::default();
        }
        let starts_game = matches!(
            cmd,
            Command::PlayBot { .. }
                | Command::Challenge { .. }
                | Command::Accept { .. }
                | Command::Rematch { .. }
        );
        let limits = &self.settings.limits;
        let verdict =
            lock(&self.limiter).check(limits, &ev.place.platform, &ev.sender.id, starts_game, now);
        match verdict {
            Verdict::Allow => {}
            Verdict::Warn(id) => return Handled::reply(Reply::private(reader.tr(id, &[]))),
            Verdict::Silent => return Handled::default(),
        }
        let name = plain_name(&ev.sender.name, &ev.sender.id);
        let me = self
            .store
            .refresh_player(known, &ev.place.platform, &ev.sender.id, &name, now);
        let result = me.map_err(ChatError::from).and_then(|me| {
            let mut cx = Ctx {
                env: self.env(now, langs),
                ev,
                me,
            };
            run(&mut cx, cmd)
        });
        match result {
            Ok(h) => h,
            Err(ChatError::Refuse(text)) => {
                let mut reply = Reply::private(text);
                if let Input::Button(id) = &ev.input {
                    reply.retired_buttons = self.dead_buttons(id, now);
                }
                Handled::reply(reply)
            }
            Err(ChatError::Store(e)) => {
                tracing::error!(error = %e, "store failure while handling a command");
                Handled::reply(Reply::private(tr!(reader, "store-failure")))
            }
        }
    }

    /// When a pressed button's challenge is closed or its game is over: the ids of every button
    /// for it, so the adapter can take them off the message. Empty while the button still works.
    fn dead_buttons(&self, id: &str, now: i64) -> Vec<String> {
        let dead = match Action::parse(id) {
            Some(Action::Accept(n) | Action::Decline(n) | Action::Cancel(n)) => {
                match self.store.challenge(n) {
                    Ok(Some(c)) => (c.status != ChallengeStatus::Open || c.expires_at <= now)
                        .then(|| buttons::challenge_button_ids(n)),
                    Ok(None) => Some(vec![id.to_string()]),
                    Err(_) => None,
                }
            }
            Some(
                Action::Resign(n)
                | Action::Draw(n)
                | Action::Takeback(n)
                | Action::ConfirmResign(n)
                | Action::Pick { game: n, .. }
                | Action::Go { game: n, .. },
            ) => match self.store.game(n) {
                Ok(Some(g)) => {
                    (g.status != GameStatus::Active).then(|| buttons::game_button_ids(n))
                }
                Ok(None) => Some(vec![id.to_string()]),
                Err(_) => None,
            },
            // A rematch is offered after the game, for as long as the message stays.
            Some(Action::Rematch(_)) | None => None,
        };
        dead.unwrap_or_default()
    }

    /// Plays the bot's chosen move if the game is still where the bot looked at it. The game
    /// the turn carries is not read again: the commit is refused if it moved on meanwhile.
    pub fn apply_bot_move(&self, turn: &BotTurn, mv: Move, now: i64) -> Handled {
        if let Some(game) = turn.game.as_deref().filter(|g| g.row.ply == turn.ply) {
            let row = &game.row;
            let lang = language_set(&self.store, &row.platform, &row.scope).unwrap_or_default();
            let mut env = self.env(now, (lang, lang));
            return match lifecycle::apply_move(&mut env, game.clone(), mv) {
                Ok(h) => h,
                // Taken back, resigned or timed out while the bot thought.
                Err(ChatError::Refuse(why)) => {
                    tracing::debug!(game = turn.game_id, %why, "the bot's move came too late");
                    Handled::default()
                }
                Err(e) => {
                    tracing::error!(game = turn.game_id, error = %e, "the bot's move was not applied");
                    Handled::default()
                }
            };
        }
        let row = match self.store.game(turn.game_id) {
            Ok(row) => row,
            Err(e) => {
                tracing::error!(game = turn.game_id, error = %e, "the bot's game cannot be read");
                return Handled::default();
            }
        };
        let lang = row
            .as_ref()
            .and_then(|r| language_set(&self.store, &r.platform, &r.scope))
            .unwrap_or_default();
        let mut env = self.env(now, (lang, lang));
        let result = (|| -> Result<Handled> {
            let Some(row) = row else {
                return Ok(Handled::default());
            };
            if row.ply != turn.ply || row.status != GameStatus::Active {
                return Ok(Handled::default());
            }
            let game = super::game::Game::load(env.store, row)?;
            lifecycle::apply_move(&mut env, game, mv)
        })();
        match result {
            Ok(h) => h,
            Err(e) => {
                tracing::error!(game = turn.game_id, error = %e, "the bot's move was not applied");
                Handled::default()
            }
        }
    }

    /// Expires challenges, ends timed-out games, and lists bot moves still owed; notes how
    /// many games each status holds for the metrics.
    pub fn tick(&self, now: i64) -> Ticked {
        self.tick_for(now, &|_| true)
    }

    /// [`Core::tick`] for the games and challenges of the platforms `serves` accepts (those
    /// this process runs an adapter for, so that it can post what happens).
    pub fn tick_for(&self, now: i64, serves: &dyn Fn(&str) -> bool) -> Ticked {
        let mut out = Ticked::default();
        if let Err(e) = timers::tick(&mut self.env(now, Default::default()), &mut out, serves) {
            tracing::error!(error = %e, "timer pass failed");
        }
        match self.store.game_counts() {
            Ok(counts) => {
                // Every status is set, a status no game has any more to 0 (its last count
                // would stay on the dashboard otherwise).
                for status in GameStatus::ALL.map(GameStatus::as_str) {
                    let n = counts
                        .iter()
                        .find(|(s, _)| s == status)
                        .map_or(0, |(_, n)| *n);
                    metrics::gauge!(crate::metrics::GAMES, "status" => status).set(n as f64);
                }
            }
            Err(e) => tracing::error!(error = %e, "cannot count the games"),
        }
        out
    }

    /// The reply of an analysis that is stored already, if it is.
    pub fn stored_analysis(&self, job: &AnalysisJob) -> Option<Vec<Reply>> {
        let done = self.store.analysis(job.game_id).ok()??;
        let dialect = self.settings.dialect(&job.platform, &job.scope);
        Some(vec![review::result_reply(job, &done, &dialect)])
    }

    /// Keeps a finished analysis and makes its reply for the place the job came from.
    pub fn finish_analysis(&self, job: &AnalysisJob, analysis: &Analysis, now: i64) -> Vec<Reply> {
        let dialect = self.settings.dialect(&job.platform, &job.scope);
        match review::finished(&self.store, &dialect, job, analysis, now) {
            Ok(reply) => vec![reply],
            Err(e) => {
                tracing::error!(error = %e, game = job.game_id, "cannot keep an analysis");
                vec![Reply::text(tr!(job.lang, "internal-failure"))]
            }
        }
    }

    /// The database answers.
    pub fn ping(&self) -> std::result::Result<(), String> {
        self.store.ping().map_err(|e| e.to_string())
    }
}

/// Runs one command's handler.
fn run(cx: &mut Ctx<'_>, cmd: Command) -> Result<Handled> {
    match cmd {
        Command::Challenge {
            opponent,
            side,
            casual,
            time,
        } => challenges::challenge(cx, opponent.as_deref(), side, casual, time),
        Command::Accept { challenge, from } => challenges::accept(cx, challenge, from.as_deref()),
        Command::Decline { challenge, from } => challenges::decline(cx, challenge, from.as_deref()),
        Command::Cancel { challenge } => challenges::cancel(cx, challenge),
        Command::PlayBot {
            level,
            side,
            casual,
            time,
        } => challenges::play_bot(cx, level, side, casual, time),
        Command::Move { mv, plain } => play::play_move(cx, mv, plain),
        Command::Board => play::board(cx),
        Command::Moves { square } => play::moves(cx, square),
        Command::Pick { game, ply, from } => touch::pick(cx, game, ply, from),
        Command::Go { game, ply, mv } => touch::go(cx, game, ply, mv),
        Command::Resign { game, confirmed } => play::resign(cx, game, confirmed),
        Command::Draw { game } => play::draw(cx, game),
        Command::Takeback { game } => takeback::takeback(cx, game),
        Command::Rematch { game } => challenges::rematch(cx, game),
        Command::Notify { on } => notify::notify(cx, on),
        Command::Games => info::games(cx),
        Command::Rating { user, opponent } => {
            record::rating(cx, user.as_deref(), opponent.as_deref())
        }
        Command::Versus { user } => record::versus(cx, &user),
        Command::Top { global, all, limit } => info::top(cx, global, all, limit),
        Command::History { user } => info::history(cx, user.as_deref()),
        Command::Tournament(t) => super::tournament::commands::tournament(cx, t),
        Command::Join => super::tournament::commands::join(cx),
        Command::Withdraw => super::tournament::commands::withdraw(cx),
        Command::Export { game } => info::export(cx, game),
        Command::Analyze { game } => review::analyze(cx, game),
        // Answers to one reader's question speak the reader's language; what a game does
        // (moves, endings, challenges) speaks the channel's.
        Command::Rules => Ok(Handled::reply(Reply::text(tr!(cx.reader(), "rules")))),
        Command::Help => Ok(Handled::reply(Reply::text(table::help(
            cx.reader(),
            &cx.dialect(),
        )))),
        Command::Lang { code } => admin::language(cx, code),
        Command::Admin(cmd) => admin::admin(cx, cmd),
    }
}

/// The languages of an event's replies, (public, private), given the place's setting: see
/// [`Core::languages`].
fn languages_of(set: Option<Lang>, place: &Place, reader: Option<&str>) -> (Lang, Lang) {
    let here = place.locale.as_deref();
    (
        set.or_else(|| Lang::first_of([here, reader]))
            .unwrap_or_default(),
        set.or_else(|| Lang::first_of([reader, here]))
            .unwrap_or_default(),
    )
}

/// Why a command was not understood, with the command that helps spelt for the platform.
pub(crate) fn explain(lang: Lang, e: &CommandError, dialect: &Dialect) -> String {
    use super::markup::verbatim;
    match e {
        CommandError::Usage(usage) => {
            // The usage line in the reader's words: `move <起点> <终点>` in Chinese.
            let shown = usage
                .split_whitespace()
                .next()
                .and_then(super::table::Spec::find)
                .map_or_else(|| usage.clone(), |spec| spec.usage_in(lang));
            tr!(lang, "usage", command = dialect.cmd(lang, &shown))
        }
        CommandError::Unknown(word) => tr!(
            lang,
            "unknown-command",
            word = verbatim(word),
            help = dialect.cmd(lang, "help")
        ),
        CommandError::BadSide(word) => tr!(lang, "bad-side", word = verbatim(word)),
        CommandError::BadLevel(word) => tr!(lang, "bad-level", word = verbatim(word)),
        CommandError::BadGame(word) => tr!(lang, "bad-game", word = verbatim(word)),
        CommandError::BadSquare(word) => tr!(lang, "bad-square", word = verbatim(word)),
        CommandError::BadMove(word) => tr!(lang, "bad-move", word = verbatim(word)),
        CommandError::BadLang(word) => tr!(lang, "bad-lang", word = verbatim(word)),
        CommandError::BadTime(word) => tr!(lang, "bad-time", word = verbatim(word)),
        CommandError::TimeRange(word) => tr!(lang, "time-out-of-range", word = verbatim(word)),
    }
}
