//! The async face of the chat layer that adapters call. Store work, rendering, the bot's
//! search and analyses all run on tokio's blocking pool, never on the reactor. Commands run
//! side by side: those of one channel in the order they came (see [`Queues`]), those of
//! different channels at once; the bot's searches and analyses take a thinking permit first,
//! of which there are one fewer than cores, so that a human's move never waits for them.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};

use crate::lang::{Lang, tr};
use crate::sync::lock;
use store::Store;

use super::apart;
use super::bot;
use super::context::Handled;
use super::event::{Event, Outgoing, Place, Reply};
use super::game::BotTurn;
use super::handler::Core;
use super::job::AnalysisJob;
use super::picture;
use super::settings::Settings;

/// Where the service gets the time (unix seconds); tests use a [`ManualClock`].
pub trait Clock: Send + Sync {
    fn now(&self) -> i64;
}

pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs() as i64)
            .unwrap_or(0)
    }
}

/// A clock that moves only when told to.
pub struct ManualClock(AtomicI64);

impl ManualClock {
    pub fn new(start: i64) -> ManualClock {
        ManualClock(AtomicI64::new(start))
    }
    pub fn advance(&self, secs: i64) {
        self.0.fetch_add(secs, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// A bot turn being searched by one task of one process: no other task (the timers) takes it
/// meanwhile, and no other process sharing the database (the game's bot claim, see
/// [`Store::claim_bot_turn`]). Dropping it ends the claim in this process; in the database a
/// committed move ends it, or else its expiry.
pub struct Claim {
    turn: BotTurn,
    thinking: Arc<Mutex<HashSet<i64>>>,
}

impl Drop for Claim {
    fn drop(&mut self) {
        lock(&self.thinking).remove(&self.turn.game_id);
    }
}

/// Work a command leaves for later: the bot's answer (claimed), or an analysis.
pub enum Pending {
    Bot(Claim),
    Analysis(AnalysisJob),
}

/// Analyses searched at the same time; more wait their turn (each keeps a core busy for
/// seconds, and the bot's own moves must not starve).
const ANALYSES_AT_ONCE: usize = 1;

/// How long a command may take before [`Service::handle_staged_with`] calls its
/// `before_thinking` even without a bot to answer.
const SLOW_COMMAND: std::time::Duration = std::time::Duration::from_secs(2);

/// How many searches (the bot's moves and analyses) think at once: a core is left for
/// commands, whatever the machine (one at least).
fn thinkers() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get().saturating_sub(1))
        .max(1)
}

/// How many commands' handlers run at once. More than the cores, so that a command waiting for
/// the database leaves the processor to others; bounded, and taken in the order asked for, so
/// that under load each command waits its turn instead of some waiting far longer than the
/// rest (the blocking threads' scheduling is not fair). Under `jungle bench --load` on 2 cores,
/// 16 at once kept the slowest replies at two thirds of what unbounded gave.
fn commands() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get()) * 8
}

/// A channel: its platform and its id there.
type ChannelKey = (String, String);

/// The queue of one channel's commands.
type Queue = Arc<tokio::sync::Mutex<()>>;

/// One queue per channel: a command waits for the one before it in its channel (so that two
/// commands about the same game apply in the order they came), not for other channels'.
#[derive(Default)]
struct Queues {
    channels: Mutex<HashMap<ChannelKey, Queue>>,
}

impl Queues {
    /// Waits for the channel's turn; the channel's queue is gone once nobody waits in it.
    async fn turn(&self, place: &Place) -> ChannelTurn<'_> {
        let key = (place.platform.clone(), place.channel.clone());
        let queue = lock(&self.channels).entry(key.clone()).or_default().clone();
        let guard = queue.clone().lock_owned().await;
        ChannelTurn {
            queues: self,
            key,
            queue,
            guard: Some(guard),
        }
    }
}

/// A channel's turn to run a command; the next command there runs when it is dropped.
struct ChannelTurn<'q> {
    queues: &'q Queues,
    key: ChannelKey,
    queue: Queue,
    guard: Option<tokio::sync::OwnedMutexGuard<()>>,
}

impl Drop for ChannelTurn<'_> {
    fn drop(&mut self) {
        drop(self.guard.take());
        let mut channels = lock(&self.queues.channels);
        // Held by the map and this turn only: nobody else waits.
        if Arc::strong_count(&self.queue) == 2 {
            channels.remove(&self.key);
        }
    }
}

/// How long a claim on the bot's move lasts in the database. The search stops at its level's
/// thinking time (seconds at most), so this is only reached when the process that claimed the
/// move died: another process then plays it this much later.
pub const BOT_CLAIM_SECS: i64 = 60;

/// This process among others on the same database: its host, process id and start time (to
/// the nanosecond, so that a restarted process with a reused id is another owner). Operators
/// read it in the error that says a lease is held.
fn process_owner() -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "localhost".to_string());
    let started = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    format!(
        "{host} pid {} started {}.{:09}",
        std::process::id(),
        started.as_secs(),
        started.subsec_nanos()
    )
}

/// The game service shared by every adapter. Cheap to clone.
#[derive(Clone)]
pub struct Service {
    core: Arc<Core>,
    clock: Arc<dyn Clock>,
    /// Games whose bot move is being searched right now.
    thinking: Arc<Mutex<HashSet<i64>>>,
    analyses: Arc<tokio::sync::Semaphore>,
    /// Permits to search (bot moves and analyses): one fewer than cores.
    thinkers: Arc<tokio::sync::Semaphore>,
    /// Permits to run a command's handler: a few per core, taken in turn (see [`commands`]).
    commands: Arc<tokio::sync::Semaphore>,
    queues: Arc<Queues>,
    /// Who this process is in the database's claims and leases.
    owner: Arc<str>,
    /// What a remembering level learned in each of its games so far.
    memories: Arc<Mutex<bot::Memories>>,
}

impl Service {
    pub fn new(store: Store, settings: Settings, clock: Arc<dyn Clock>) -> Service {
        Service {
            core: Arc::new(Core::new(store, settings)),
            clock,
            thinking: Arc::new(Mutex::new(HashSet::new())),
            analyses: Arc::new(tokio::sync::Semaphore::new(ANALYSES_AT_ONCE)),
            thinkers: Arc::new(tokio::sync::Semaphore::new(thinkers())),
            commands: Arc::new(tokio::sync::Semaphore::new(commands())),
            queues: Arc::default(),
            owner: process_owner().into(),
            memories: Arc::default(),
        }
    }

    /// Who this process is in the database's claims and leases.
    pub fn owner(&self) -> &str {
        &self.owner
    }

    /// Runs `f` on the store off the runtime (the leases adapters hold); `None` if it panicked.
    pub async fn with_store<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Store) -> T + Send + 'static,
    ) -> Option<T> {
        let core = self.core.clone();
        tokio::task::spawn_blocking(move || f(core.store()))
            .await
            .ok()
    }

    pub fn now(&self) -> i64 {
        self.clock.now()
    }

    /// Handles one event; the replies are complete (images rendered, the bot's answer included).
    pub async fn handle(&self, event: Event) -> Vec<Reply> {
        let (mut replies, pending) = self.handle_staged(event).await;
        if let Some(pending) = pending {
            replies.extend(self.answer(pending).await);
        }
        replies
    }

    /// The database answers (for health checks).
    pub async fn ping(&self) -> Result<(), String> {
        let core = self.core.clone();
        tokio::task::spawn_blocking(move || core.ping())
            .await
            .map_err(|e| e.to_string())?
    }

    /// Handles one event, the bot's answer included, but leaves an analysis to
    /// [`Service::answer`]: the replies (rendered) say it has started, so that an adapter can
    /// post them before the result.
    pub async fn handle_staged(&self, event: Event) -> (Vec<Reply>, Option<Pending>) {
        self.handle_staged_with(event, async || {}).await
    }

    /// [`Service::handle_staged`], calling `before_thinking` once the command is done when
    /// the bot is to answer it, before it searches (a Discord adapter acknowledges the
    /// interaction then), or when the command itself takes longer than two seconds: the game
    /// is loaded once, by the command itself.
    pub async fn handle_staged_with(
        &self,
        event: Event,
        before_thinking: impl AsyncFnOnce(),
    ) -> (Vec<Reply>, Option<Pending>) {
        let started = std::time::Instant::now();
        let lang = failure_language(&event);
        let mut before_thinking = Some(before_thinking);
        // Without a bot to answer, the boards are drawn in the handler's own thread.
        let handler = self.run_handler(event, Render::UnlessTheBotAnswers);
        tokio::pin!(handler);
        // A command that waits long for its channel's turn or the database is acknowledged
        // meanwhile too (Discord's 3-second deadline).
        let handled = tokio::select! {
            h = &mut handler => h,
            () = tokio::time::sleep(SLOW_COMMAND) => {
                if let Some(f) = before_thinking.take() {
                    f().await;
                }
                handler.await
            }
        };
        let Some(h) = handled else {
            return (vec![went_wrong(lang)], None);
        };
        let mut replies = h.replies;
        if let Some(turn) = h.bot_turn {
            if let Some(f) = before_thinking.take() {
                f().await;
            }
            let answer = self.bot_move(turn).await;
            replies = merge_bot_answer(replies, answer);
        }
        let replies = render_all(replies).await;
        metrics::histogram!(crate::metrics::COMMAND_SECONDS).record(started.elapsed());
        (replies, h.analysis.map(Pending::Analysis))
    }

    /// Handles one event but leaves the bot's answer, if one is owed, and an analysis to
    /// [`Service::answer`]: the replies (rendered) come back at once with the bot's turn
    /// already claimed (the timers leave it alone), so that a caller can go on with other
    /// people's commands while the bot thinks.
    pub async fn handle_first(&self, event: Event) -> (Vec<Reply>, Option<Pending>) {
        let started = std::time::Instant::now();
        let lang = failure_language(&event);
        match self.run_handler(event, Render::Always).await {
            Some(h) => {
                let pending = match (h.bot_turn, h.analysis) {
                    (Some(turn), _) => self.claim(turn).await.map(Pending::Bot),
                    (None, job) => job.map(Pending::Analysis),
                };
                let replies = render_all(h.replies).await;
                metrics::histogram!(crate::metrics::COMMAND_SECONDS).record(started.elapsed());
                (replies, pending)
            }
            None => (vec![went_wrong(lang)], None),
        }
    }

    /// What [`Service::handle_first`] or [`Service::handle_staged`] left for later, done
    /// (rendered).
    pub async fn answer(&self, pending: Pending) -> Vec<Reply> {
        self.answer_with_progress(pending, None).await
    }

    /// [`Service::answer`], telling `progress` how far an analysis has come (positions
    /// searched, positions in all).
    pub async fn answer_with_progress(
        &self,
        pending: Pending,
        progress: Option<tokio::sync::watch::Sender<(usize, usize)>>,
    ) -> Vec<Reply> {
        match pending {
            Pending::Bot(claim) => render_all(self.play_claimed(claim).await).await,
            Pending::Analysis(job) => self.analyse(job, progress).await,
        }
    }

    /// Runs an analysis when its turn comes, keeps it and returns its reply. A game analysed
    /// meanwhile (asked twice at once) is not searched again.
    async fn analyse(
        &self,
        job: AnalysisJob,
        progress: Option<tokio::sync::watch::Sender<(usize, usize)>>,
    ) -> Vec<Reply> {
        let Ok(_turn) = self.analyses.acquire().await else {
            return vec![went_wrong(job.lang)];
        };
        let core = self.core.clone();
        let j = job.clone();
        if let Ok(Some(done)) = tokio::task::spawn_blocking(move || core.stored_analysis(&j)).await
        {
            return done;
        }
        let Ok(_thinking) = self.thinkers.acquire().await else {
            return vec![went_wrong(job.lang)];
        };
        let started = std::time::Instant::now();
        let j = job.clone();
        let result = apart::think(move || {
            j.run(&mut |done, total| {
                if let Some(tx) = &progress {
                    tx.send_replace((done, total));
                }
            })
        })
        .await;
        metrics::histogram!(crate::metrics::ANALYSIS_SECONDS).record(started.elapsed());
        match result {
            Ok(Ok(analysis)) => {
                let core = self.core.clone();
                let now = self.clock.now();
                let lang = job.lang;
                tokio::task::spawn_blocking(move || core.finish_analysis(&job, &analysis, now))
                    .await
                    .unwrap_or_else(|_| vec![went_wrong(lang)])
            }
            Ok(Err(e)) => {
                tracing::error!(error = %e, game = job.game_id, "a stored game cannot be analysed");
                vec![went_wrong(job.lang)]
            }
            Err(e) => {
                tracing::error!(error = %e, game = job.game_id, "the analysis failed");
                vec![went_wrong(job.lang)]
            }
        }
    }

    /// The handler's result, run off the runtime in its channel's turn, its boards drawn in the
    /// same thread as `render` says (one hand-off between threads fewer); `None` if it failed.
    async fn run_handler(&self, event: Event, render: Render) -> Option<Handled> {
        let _turn = self.queues.turn(&event.place).await;
        // Closed only if the service is dropped; the command runs all the same.
        let _running = self.commands.acquire().await;
        let core = self.core.clone();
        let now = self.clock.now();
        let handled = tokio::task::spawn_blocking(move || {
            let mut h = core.handle(&event, now);
            if render == Render::Always || h.bot_turn.is_none() {
                // The command is committed: a drawing that panics must not turn its replies
                // into an apology. What is left undrawn gets another try in `render_all`.
                let replies = &mut h.replies;
                let drawn = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    render_in_place(replies)
                }));
                if drawn.is_err() {
                    tracing::error!("drawing a reply's board panicked");
                }
            }
            h
        });
        match handled.await {
            Ok(h) => Some(h),
            Err(e) => {
                tracing::error!(error = %e, "the handler failed");
                None
            }
        }
    }

    /// Searches and plays the bot's move; empty if another task or process is already on it.
    async fn bot_move(&self, turn: BotTurn) -> Vec<Reply> {
        match self.claim(turn).await {
            Some(claim) => self.play_claimed(claim).await,
            None => Vec::new(),
        }
    }

    /// Claims the bot's turn in a game, unless another task of this process or another process
    /// on the database is already on it (or the game has moved on); the claim ends when the
    /// returned value is dropped, in the database when the move is committed.
    async fn claim(&self, turn: BotTurn) -> Option<Claim> {
        if !lock(&self.thinking).insert(turn.game_id) {
            return None;
        }
        let claim = Claim {
            turn,
            thinking: self.thinking.clone(),
        };
        let (game, ply) = (claim.turn.game_id, claim.turn.ply);
        let owner = self.owner.clone();
        let now = self.clock.now();
        let claimed = self
            .with_store(move |store| {
                store.claim_bot_turn(game, ply, &owner, now, now + BOT_CLAIM_SECS)
            })
            .await;
        match claimed {
            Some(Ok(true)) => Some(claim),
            Some(Ok(false)) => {
                tracing::debug!(game, ply, "the bot's move is claimed elsewhere or was made");
                None
            }
            Some(Err(e)) => {
                // Left owed: the timers try again.
                tracing::error!(game, error = %e, "cannot claim the bot's move");
                None
            }
            None => None,
        }
    }

    /// Searches and plays a claimed bot move. When nothing was played (the game moved on, the
    /// search failed), the claim in the database is given up at once rather than at its expiry.
    async fn play_claimed(&self, claim: Claim) -> Vec<Reply> {
        let replies = self.search_and_play(&claim.turn).await;
        if replies.is_empty() {
            let game = claim.turn.game_id;
            let owner = self.owner.clone();
            if let Some(Err(e)) = self
                .with_store(move |store| store.release_bot_turn(game, &owner))
                .await
            {
                tracing::warn!(game, error = %e, "cannot give up the claim on the bot's move");
            }
        }
        drop(claim);
        replies
    }

    async fn search_and_play(&self, turn: &BotTurn) -> Vec<Reply> {
        let seed = (turn.game_id as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(turn.ply);
        let (pos, history) = (turn.position, turn.history.clone());
        let mut settings = *self.core.settings().level(turn.level);
        if let Some((deadline, increment)) = turn.clock {
            let left_ms = (deadline - self.clock.now()).saturating_mul(1000);
            settings.movetime_ms = bot::clock_budget(settings.movetime_ms, left_ms, increment);
        }
        tracing::debug!(game = turn.game_id, ply = turn.ply, level = ?turn.level, "the bot searches its move");
        let started = std::time::Instant::now();
        let Ok(thinking) = self.thinkers.clone().acquire_owned().await else {
            return Vec::new();
        };
        // Only once it may think: a table waiting for a permit would serve no one meanwhile.
        let (mut memory, spare) = if settings.remembers {
            let mut memories = lock(&self.memories);
            match memories.take(turn.game_id) {
                Some(m) => (Some(m), None),
                None => (None, memories.spare(settings.hash_mb)),
            }
        } else {
            (None, None)
        };
        let chosen = apart::think(move || {
            let _thinking = thinking;
            if memory.is_none() {
                memory = spare.map(|mut m| {
                    m.clear();
                    m
                });
            }
            let mv = bot::choose_move(&pos, &settings, &history, seed, &mut memory);
            // A game the move ends needs no memory.
            let over = mv.is_none_or(|mv| {
                let mut after = pos;
                after.play(mv).is_err() || after.outcome().is_some()
            });
            (mv, memory, over)
        })
        .await
        .map(|(mv, memory, over)| {
            if let Some(memory) = memory {
                let mut memories = lock(&self.memories);
                match over {
                    true => memories.recycle(memory),
                    false => memories.put(turn.game_id, memory),
                }
            }
            mv
        });
        metrics::histogram!(crate::metrics::BOT_SEARCH_SECONDS).record(started.elapsed());
        match chosen {
            Ok(Some(mv)) => {
                let core = self.core.clone();
                let now = self.clock.now();
                let t = turn.clone();
                tokio::task::spawn_blocking(move || core.apply_bot_move(&t, mv, now).replies)
                    .await
                    .unwrap_or_default()
            }
            Ok(None) => Vec::new(),
            Err(e) => {
                tracing::error!(error = %e, game = turn.game_id, "the bot's search failed");
                Vec::new()
            }
        }
    }

    /// Runs the timers: expired challenges, timed-out games, bot moves owed since a restart
    /// (each claimed before it is searched: of several processes, one plays it). Adapters call
    /// this every few seconds and post what belongs to their platform.
    pub async fn tick(&self) -> Vec<Outgoing> {
        self.tick_for(None).await
    }

    /// [`Service::tick`] for these platforms only (`None`: all): a process leaves alone the
    /// games of a platform it does not run, whose messages it could not post.
    pub async fn tick_for(&self, platforms: Option<Vec<String>>) -> Vec<Outgoing> {
        let core = self.core.clone();
        let now = self.clock.now();
        let tick = move || {
            let serves = |platform: &str| {
                platforms
                    .as_ref()
                    .is_none_or(|ps| ps.iter().any(|p| p == platform))
            };
            core.tick_for(now, &serves)
        };
        let ticked = match tokio::task::spawn_blocking(tick).await {
            Ok(t) => t,
            Err(e) => {
                tracing::error!(error = %e, "the timer pass failed");
                return Vec::new();
            }
        };
        let mut out = ticked.messages;
        for (place, turn) in ticked.bot_turns {
            for reply in self.bot_move(turn).await {
                out.push(Outgoing {
                    place: place.clone(),
                    reply,
                });
            }
        }
        let places: Vec<Place> = out.iter().map(|o| o.place.clone()).collect();
        let replies = render_all(out.into_iter().map(|o| o.reply).collect()).await;
        places
            .into_iter()
            .zip(replies)
            .map(|(place, reply)| Outgoing { place, reply })
            .collect()
    }

    /// The languages of replies here: (public, private to `reader`, whose client speaks that
    /// locale), as the handler would choose them; for what an adapter says itself.
    pub async fn languages(&self, place: Place, reader: Option<String>) -> (Lang, Lang) {
        let core = self.core.clone();
        tokio::task::spawn_blocking(move || core.languages(&place, reader.as_deref()))
            .await
            .unwrap_or_default()
    }

    /// The sender's legal moves in their game here, as canonical text starting with `prefix`
    /// (for autocompletion); empty when they have no game or it is not their turn.
    pub async fn move_suggestions(
        &self,
        place: Place,
        user_id: String,
        prefix: String,
    ) -> Vec<String> {
        let core = self.core.clone();
        tokio::task::spawn_blocking(move || {
            let Some(game) = game_to_move(&core, &place, &user_id) else {
                return Vec::new();
            };
            let want = prefix.to_ascii_uppercase().replace(['-', ' '], "");
            let mut moves: Vec<String> = game
                .pos()
                .legal_moves()
                .iter()
                .map(|m| m.to_string())
                .filter(|m| m.replace(' ', "").starts_with(&want))
                .collect();
            moves.sort();
            moves
        })
        .await
        .unwrap_or_default()
    }

    /// The sender's legal moves here as steps (`虎上`, `tiger up`) whose words begin with
    /// `typed`, in any language: (the step as its reader writes it, the move `G9 G8`), the
    /// step in `typed`'s language when that is not the reader's. Empty for empty `typed`.
    pub async fn step_suggestions(
        &self,
        place: Place,
        user_id: String,
        reader: Option<String>,
        typed: String,
    ) -> Vec<(String, String)> {
        let core = self.core.clone();
        tokio::task::spawn_blocking(move || {
            let want = squeeze(&typed);
            if want.is_empty() {
                return Vec::new();
            }
            let Some(game) = game_to_move(&core, &place, &user_id) else {
                return Vec::new();
            };
            let (_, lang) = core.languages(&place, reader.as_deref());
            let langs = std::iter::once(lang).chain(Lang::ALL.into_iter().filter(|&l| l != lang));
            let langs: Vec<Lang> = langs.collect();
            let pos = game.pos();
            let mut out: Vec<(String, String)> = Vec::new();
            for mv in pos.legal_moves().iter() {
                let Some(step) = super::step::Step::of(pos, *mv, game.flipped()) else {
                    continue;
                };
                let written = langs
                    .iter()
                    .map(|&l| step.text(l))
                    .find(|t| squeeze(t).starts_with(&want));
                if let Some(text) = written {
                    out.push((text, mv.to_string()));
                }
            }
            out.sort();
            out
        })
        .await
        .unwrap_or_default()
    }
}

/// The game the user is to move in here, if any.
fn game_to_move(core: &Core, place: &Place, user_id: &str) -> Option<super::game::Game> {
    let store = core.store();
    let me = store.find_player(&place.platform, user_id).ok()??;
    let row = store
        .active_game_of(&place.platform, &place.channel, me.id)
        .ok()??;
    let game = super::game::Game::load(store, row).ok()?;
    (game.side_of(me.id) == Some(game.pos().turn())).then_some(game)
}

/// Text as compared for completion: no spaces, lower case.
fn squeeze(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The reply when something failed on the bot's side (the log says what).
fn went_wrong(lang: Lang) -> Reply {
    Reply::private(tr!(lang, "internal-failure"))
}

/// The bot's answer follows the player's move: one message, showing the board after both.
fn merge_bot_answer(mut replies: Vec<Reply>, answer: Vec<Reply>) -> Vec<Reply> {
    let mut answer = answer.into_iter();
    match (replies.last_mut(), answer.next()) {
        (Some(last), Some(mut first)) => {
            first.text = format!("{}\n{}", last.text, first.text);
            if first.retired_buttons.is_empty() {
                first.retired_buttons = std::mem::take(&mut last.retired_buttons);
            }
            *last = first;
        }
        (None, Some(first)) => replies.push(first),
        (_, None) => {}
    }
    replies.extend(answer);
    replies
}

/// When the handler's thread draws the boards of its replies.
#[derive(Clone, Copy, PartialEq)]
enum Render {
    Always,
    /// Not when the bot is to answer: its move joins the replies, and they are drawn after.
    UnlessTheBotAnswers,
}

/// Draws every board not drawn yet. Blocking: call it off the runtime.
fn render_in_place(replies: &mut [Reply]) {
    for r in replies.iter_mut().filter(|r| r.image.is_none()) {
        if let Some(view) = &r.board {
            r.image = picture::render(view);
        }
    }
}

/// Renders every reply's board not drawn yet, off the runtime.
async fn render_all(replies: Vec<Reply>) -> Vec<Reply> {
    if replies
        .iter()
        .all(|r| r.board.is_none() || r.image.is_some())
    {
        return replies;
    }
    let backup = replies.clone();
    tokio::task::spawn_blocking(move || {
        let mut replies = replies;
        render_in_place(&mut replies);
        replies
    })
    .await
    .unwrap_or(backup)
}

/// The language of the apology when the handler itself failed (the store may be what failed,
/// so only the event's locales are asked).
fn failure_language(event: &Event) -> Lang {
    Lang::first_of([
        event.sender.locale.as_deref(),
        event.place.locale.as_deref(),
    ])
    .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_core_is_left_for_commands() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let n = thinkers();
        assert!(n >= 1);
        if cores > 1 {
            assert!(n < cores, "{n} searches on {cores} cores");
        }
    }

    fn place(channel: &str) -> Place {
        Place {
            platform: "test".into(),
            scope: "s".into(),
            channel: channel.into(),
            locale: None,
        }
    }

    #[tokio::test]
    async fn a_channel_waits_for_its_own_commands_only_and_its_queue_goes_when_idle() {
        let queues = Queues::default();
        let first = queues.turn(&place("a")).await;
        // Another channel's turn comes at once while channel a's command runs.
        let other = queues.turn(&place("b")).await;
        drop(other);
        // Channel a's next command waits for the first.
        let a = place("a");
        let next = queues.turn(&a);
        tokio::pin!(next);
        assert!(
            futures_poll_once(next.as_mut()).await.is_none(),
            "the second command of a channel ran beside the first"
        );
        drop(first);
        drop(next.await);
        assert!(lock(&queues.channels).is_empty(), "idle queues stay");
    }

    /// The future's output if it is ready at its first poll.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn commands_past_the_bound_wait_until_a_running_one_ends() {
        let store = Store::open_in_memory().unwrap();
        let service = Service::new(store, Settings::default(), Arc::new(SystemClock));
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert_eq!(service.commands.available_permits(), 8 * cores);
        // As many commands running as may: their permits held here.
        let mut held = service
            .commands
            .clone()
            .acquire_many_owned(commands() as u32)
            .await
            .unwrap();
        let ask = |channel: &str| {
            let (service, place) = (service.clone(), place(channel));
            tokio::spawn(async move {
                let ev = Event {
                    place,
                    sender: crate::event::User::new("u1", "Ann"),
                    input: crate::event::Input::Command(crate::command::Command::Help),
                    mentions: Vec::new(),
                };
                service.handle(ev).await
            })
        };
        let (a, b) = (ask("a"), ask("b"));
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        assert!(
            !a.is_finished() && !b.is_finished(),
            "a command ran past the bound"
        );
        // One running command ends: one waiting command runs, then the other in its place.
        drop(held.split(1));
        let replies = tokio::time::timeout(std::time::Duration::from_secs(20), a)
            .await
            .expect("a freed place was not taken")
            .unwrap();
        assert!(replies.iter().any(|r| !r.text.is_empty()), "{replies:?}");
        let replies = tokio::time::timeout(std::time::Duration::from_secs(20), b)
            .await
            .expect("the place was not passed on")
            .unwrap();
        assert!(replies.iter().any(|r| !r.text.is_empty()), "{replies:?}");
        // Still one free place: the others are held.
        assert_eq!(service.commands.available_permits(), 1);
        drop(held);
        assert_eq!(service.commands.available_permits(), commands());
    }

    async fn futures_poll_once<F: std::future::Future + Unpin>(mut f: F) -> Option<F::Output> {
        std::future::poll_fn(|cx| {
            std::task::Poll::Ready(match std::pin::Pin::new(&mut f).poll(cx) {
                std::task::Poll::Ready(v) => Some(v),
                std::task::Poll::Pending => None,
            })
        })
        .await
    }
}
