//! `jungle bench --load`: what a user feels while many play at once. Through the service, as
//! the adapters call it: 10,000 quiet active games in the store, 200 channels whose two humans
//! each move as soon as the last move is answered, and 20 games against level 8, whose human
//! moves at once and whose bot thinks meanwhile, for 30 seconds. The figure is the reply time
//! of the humans' moves (the board image included, the bot's thinking not), and moves a second.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::chat::{Event, Input, Place, Service, Settings, SystemClock, User};
use crate::engine::{Level, Move, Position, TimeControl};
use crate::store::{Finish, Location, NewGame, Store};

/// How big a run is.
#[derive(Clone, Copy)]
pub struct Load {
    pub quiet_games: usize,
    pub channels: usize,
    pub bot_games: usize,
    pub seconds: f64,
}

impl Load {
    pub fn new(quick: bool) -> Load {
        if quick {
            Load {
                quiet_games: 200,
                channels: 10,
                bot_games: 2,
                seconds: 2.0,
            }
        } else {
            Load {
                quiet_games: 10_000,
                channels: 200,
                bot_games: 20,
                seconds: 30.0,
            }
        }
    }
}

/// What one run measured: each human move's reply time (seconds), and how long it ran.
pub struct Figures {
    pub replies: Vec<f64>,
    pub seconds: f64,
}

impl Figures {
    /// `p50 …, p99 …, max …` in milliseconds, and moves a second.
    pub fn line(&self) -> String {
        let mut r = self.replies.clone();
        r.sort_by(f64::total_cmp);
        let at = |q: f64| {
            r.get(((r.len().max(1) - 1) as f64 * q).round() as usize)
                .map_or(0.0, |s| s * 1000.0)
        };
        format!(
            "p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms; {:.0} moves/s ({} moves)",
            at(0.5),
            at(0.99),
            at(1.0),
            r.len() as f64 / self.seconds,
            r.len()
        )
    }
}

/// Runs the load on `at` with the games of platform `load-<tag>` (so that runs and processes
/// side by side do not meet). `ready` is called once the games are set up, before the clock.
pub fn run(
    at: &Location,
    tag: &str,
    load: Load,
    ready: &mut dyn FnMut(),
) -> anyhow::Result<Figures> {
    let store = Store::connect(at)?;
    let platform = format!("load-{tag}");
    quiet_games(&store, &platform, load.quiet_games)?;
    let mut settings = Settings::default();
    // Everyone moves as fast as answered: far past the per-user limit, which is not measured.
    settings.limits.commands = u32::MAX;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let service = Service::new(store, settings, Arc::new(SystemClock));
        ready();
        let replies = Arc::new(Mutex::new(Vec::new()));
        let started = Instant::now();
        let until = started + Duration::from_secs_f64(load.seconds);
        let mut tasks = Vec::new();
        for c in 0..load.channels {
            let (s, p, r) = (service.clone(), platform.clone(), replies.clone());
            tasks.push(tokio::spawn(async move {
                humans(&s, &p, &format!("c{c}"), c as u64, until, &r).await
            }));
        }
        for b in 0..load.bot_games {
            let (s, p, r) = (service.clone(), platform.clone(), replies.clone());
            tasks.push(tokio::spawn(async move {
                against_the_bot(&s, &p, &format!("b{b}"), until, &r).await
            }));
        }
        for t in tasks {
            t.await??;
        }
        let seconds = started.elapsed().as_secs_f64();
        let replies = std::mem::take(&mut *crate::chat::sync::lock(&replies));
        Ok(Figures { replies, seconds })
    })
}

/// `n` active games nobody moves in, written in one statement each for players and games.
fn quiet_games(store: &Store, platform: &str, n: usize) -> anyhow::Result<()> {
    let start = Position::start().to_string();
    let numbers =
        format!("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {n})");
    store.raw_execute(&format!(
        "{numbers} INSERT INTO players (platform, user_id, display_name, created_at)
         SELECT '{platform}', 'q' || i || side, 'q' || i || side, 0
         FROM n, (SELECT 'a' AS side UNION ALL SELECT 'b') AS sides"
    ))?;
    store.raw_execute(&format!(
        "{numbers} INSERT INTO games (platform, scope, channel, jade_id, crimson_id, start_position,
                                      position, rated, created_at, last_move_at, bot_to_move,
                                      deadline)
         SELECT '{platform}', 'load', 'quiet' || i,
                (SELECT id FROM players WHERE platform = '{platform}' AND user_id = 'q' || i || 'a'),
                (SELECT id FROM players WHERE platform = '{platform}' AND user_id = 'q' || i || 'b'),
                '{start}', '{start}', TRUE, {now}, {now}, FALSE, {deadline}
         FROM n",
        now = now(),
        deadline = now() + 86_400
    ))?;
    Ok(())
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

fn event(platform: &str, channel: &str, who: &str, text: String) -> Event {
    Event {
        place: Place {
            platform: platform.to_string(),
            scope: "load".to_string(),
            channel: channel.to_string(),
            locale: None,
        },
        sender: User::new(who, who),
        input: Input::Text(text),
        mentions: Vec::new(),
    }
}

/// Starts a game in `channel` (`crimson: None`: against the bot at level 8); its id.
async fn new_game(
    service: &Service,
    platform: &str,
    channel: &str,
    players: [String; 2],
    bot: bool,
) -> anyhow::Result<i64> {
    let (platform, channel) = (platform.to_string(), channel.to_string());
    let made = service
        .with_store(move |store| -> anyhow::Result<i64> {
            let now = now();
            let jade = store.upsert_player(&platform, &players[0], &players[0], now)?;
            let crimson = match bot {
                true => None,
                false => Some(
                    store
                        .upsert_player(&platform, &players[1], &players[1], now)?
                        .id,
                ),
            };
            let game = store.create_game(&NewGame {
                platform: &platform,
                scope: "load",
                channel: &channel,
                jade_id: Some(jade.id),
                crimson_id: crimson,
                bot_level: bot.then_some(Level::STRONGEST),
                position: &Position::start(),
                rated: false,
                time_control: TimeControl::DEFAULT,
                now,
            })?;
            Ok(game.id)
        })
        .await;
    made.unwrap_or_else(|| Err(anyhow::anyhow!("setting up a game panicked")))
}

/// Ends a game nobody finished (a line ran out) so that the channel can start another.
async fn abort(service: &Service, game: i64) -> anyhow::Result<()> {
    let done = service
        .with_store(move |store| -> anyhow::Result<()> {
            if let Some(row) = store.game(game)? {
                store.finish_game(game, row.ply, &Finish::aborted(), now())?;
            }
            Ok(())
        })
        .await;
    done.unwrap_or_else(|| Err(anyhow::anyhow!("ending a game panicked")))
}

/// A random line of `plies` moves from the start that does not end the game.
fn line(seed: &mut u64, plies: usize) -> Vec<Move> {
    'again: loop {
        let mut pos = Position::start();
        let mut moves = Vec::with_capacity(plies);
        while moves.len() < plies {
            let legal = pos.legal_moves();
            let mut tries = 0;
            loop {
                *seed ^= *seed << 13;
                *seed ^= *seed >> 7;
                *seed ^= *seed << 17;
                let mv = legal[(*seed % legal.len() as u64) as usize];
                let mut next = pos;
                next.play_unchecked(mv);
                if next.outcome().is_none() {
                    pos = next;
                    moves.push(mv);
                    break;
                }
                tries += 1;
                if tries > 50 {
                    continue 'again;
                }
            }
        }
        return moves;
    }
}

/// Two humans in one channel, each moving as soon as the other's move is answered.
async fn humans(
    service: &Service,
    platform: &str,
    channel: &str,
    n: u64,
    until: Instant,
    out: &Mutex<Vec<f64>>,
) -> anyhow::Result<()> {
    let names = [format!("{channel}a"), format!("{channel}b")];
    let mut seed = 0x9e37_79b9_7f4a_7c15u64 ^ (n + 1).wrapping_mul(0x1234_5678_9abc_def1);
    while Instant::now() < until {
        let game = new_game(service, platform, channel, names.clone(), false).await?;
        for (ply, mv) in line(&mut seed, 80).into_iter().enumerate() {
            if Instant::now() >= until {
                break;
            }
            let ev = event(platform, channel, &names[ply % 2], mv.to_string());
            let t = Instant::now();
            let replies = service.handle(ev).await;
            let took = t.elapsed().as_secs_f64();
            anyhow::ensure!(
                replies
                    .first()
                    .is_some_and(|r| !r.private && r.image.is_some()),
                "{mv} in {channel} was not played: {:?}",
                replies.first().map(|r| &r.text)
            );
            crate::chat::sync::lock(out).push(took);
        }
        abort(service, game).await?;
    }
    Ok(())
}

/// A human against level 8: the human's move is answered first (timed), then the bot thinks
/// (not timed), and the human moves again at once.
async fn against_the_bot(
    service: &Service,
    platform: &str,
    channel: &str,
    until: Instant,
    out: &Mutex<Vec<f64>>,
) -> anyhow::Result<()> {
    let me = format!("{channel}h");
    let mut seed = 0x2545_f491_4f6c_dd1du64 ^ channel.len() as u64;
    while Instant::now() < until {
        let game = new_game(
            service,
            platform,
            channel,
            [me.clone(), String::new()],
            true,
        )
        .await?;
        let mut pos = Position::start();
        while Instant::now() < until && pos.outcome().is_none() {
            let legal = pos.legal_moves();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mv = legal[(seed % legal.len() as u64) as usize];
            let t = Instant::now();
            let (replies, pending) = service
                .handle_first(event(platform, channel, &me, mv.to_string()))
                .await;
            let took = t.elapsed().as_secs_f64();
            anyhow::ensure!(
                replies.first().is_some_and(|r| !r.private),
                "{mv} in {channel} was not played: {:?}",
                replies.first().map(|r| &r.text)
            );
            crate::chat::sync::lock(out).push(took);
            if let Some(pending) = pending {
                service.answer(pending).await;
            }
            let row = service.with_store(move |s| s.game(game)).await;
            match row {
                Some(Ok(Some(row))) if row.status == crate::store::GameStatus::Active => {
                    pos = row.position
                }
                _ => break,
            }
        }
        abort(service, game).await?;
    }
    Ok(())
}
