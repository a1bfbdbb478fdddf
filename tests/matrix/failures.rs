//! When the homeserver says no: rate limits and refusals (answered by a [`Front`] in front of
//! Synapse), and an access token that stops working.

use serde_json::json;

use super::room_with_bot;
use crate::front::Front;
use crate::harness::{self, Bot, BotOptions, Human};
use crate::synapse_or_skip;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limits_at_start_up_are_waited_out_and_a_refusal_stops_the_bot() {
    let env = synapse_or_skip!();
    harness::init_logs();
    let dir = tempfile::tempdir().unwrap();
    let front = Front::start(&env.url).await;
    // More rate-limited syncs than matrix-sdk's own retries (four tries a request) absorb, so
    // the adapter's back-off sees them too.
    let limited =
        json!({"errcode": "M_LIMIT_EXCEEDED", "error": "Too many requests", "retry_after_ms": 200});
    front.answer_syncs(6, 429, limited);
    let bot = Bot::start_with(
        &env,
        "bot10",
        dir.path(),
        BotOptions {
            homeserver: Some(&front.url),
            ..BotOptions::default()
        },
    )
    .await;
    assert_eq!(
        front.answered(),
        6,
        "every rate-limited sync was tried again"
    );
    let alice = Human::login(&env, "alice").await;
    let room = room_with_bot(&alice, &bot.id, false).await;
    alice.say(&room, "!jungle rules").await;
    alice
        .notice_with(&room, &bot.id, "Jungle (Dou Shou Qi) in brief")
        .await;

    // A refusal is not retried: the adapter stops and says what the homeserver answered.
    let forbidden = json!({"errcode": "M_FORBIDDEN", "error": "You are not allowed to sync"});
    front.answer_syncs(1, 403, forbidden);
    // A message ends the sync under way; the next one is refused.
    alice.say(&room, "!jungle help").await;
    alice
        .notice_with(&room, &bot.id, "Jungle (Dou Shou Qi) commands")
        .await;
    let error = bot.finished().await.expect_err("the refusal stops the bot");
    let shown = format!("{error:#}");
    assert!(
        shown.contains("refused to sync") && shown.contains("M_FORBIDDEN"),
        "{shown}"
    );
    assert_eq!(front.answered(), 7);
}
