//! When the homeserver says no: rate limits and refusals (answered by a [`Front`] in front of
//! Synapse), and an access token that stops working (a logged-out device, a soft logout).

use std::time::Duration;

use matrix_sdk::ruma::{DeviceId, UserId};
use serde_json::json;

use super::front::Front;
use super::harness::{self, Bot, Human, within};
use super::{device_ids, room_with_bot};
use crate::synapse_or_skip;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limits_and_outages_at_start_up_are_waited_out_and_a_refusal_stops_the_bot() {
    let env = synapse_or_skip!();
    harness::init_logs();
    let dir = tempfile::tempdir().unwrap();
    let front = Front::start(&env.url).await;
    // More rate-limited syncs than matrix-sdk's own retries (four tries a request) absorb, so
    // the adapter's back-off sees them too.
    let limited =
        json!({"errcode": "M_LIMIT_EXCEEDED", "error": "Too many requests", "retry_after_ms": 200});
    front.answer_syncs(6, 429, limited);
    // The login request is retried alike while the homeserver is overloaded.
    let overloaded = json!({"errcode": "M_UNKNOWN", "error": "Service unavailable"});
    front.answer("/_matrix/client/v3/login", 5, 503, overloaded);
    let bot = Bot::start_at(&env, "bot10", dir.path(), &front.url).await;
    assert_eq!(front.answered(), 11, "every failed request was tried again");
    let alice = Human::login(&env, "alice").await;
    let room = room_with_bot(&alice, &bot.id, false).await;
    alice.say(&room, "!jungle rules").await;
    alice
        .notice_with(&room, &bot.id, "Jungle (Dou Shou Qi) in brief")
        .await;

    // A refusal is not retried: the adapter stops and says what the homeserver answered.
    let forbidden = json!({"errcode": "M_FORBIDDEN", "error": "You are not allowed to sync"});
    front.answer_syncs(1, 403, forbidden);
    // A message ends the sync under way, if one is; the next sync is refused. (Whether the
    // message is answered first depends on which sync it comes with.)
    alice.say(&room, "!jungle help").await;
    let error = bot.finished().await.expect_err("the refusal stops the bot");
    let shown = format!("{error:#}");
    assert!(
        shown.contains("refused to sync") && shown.contains("M_FORBIDDEN"),
        "{shown}"
    );
    assert_eq!(front.answered(), 12);
}

/// Waits until `human`'s client knows `device` of `user`, so that what the human writes in an
/// encrypted room is encrypted for that device too.
async fn wait_for_device(human: &Human, user: &UserId, device: &DeviceId) {
    within(
        &format!("{} to see {user}'s device {device}", human.id),
        async {
            let encryption = human.client.encryption();
            while encryption.get_device(user, device).await.unwrap().is_none() {
                // Device list changes arrive with the human's syncs; look again shortly.
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        },
    )
    .await
}

/// The device the bot saved its session for.
fn saved_device(bot: &Bot) -> String {
    let text = std::fs::read_to_string(bot.dir.join("matrix/session.json")).unwrap();
    let saved: serde_json::Value = serde_json::from_str(&text).unwrap();
    saved["device_id"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_logged_out_device_is_replaced_by_a_new_one() {
    let env = synapse_or_skip!();
    harness::init_logs();
    let dir = tempfile::tempdir().unwrap();
    let mut bot = Bot::start(&env, "bot11", dir.path()).await;
    let alice = Human::login(&env, "alice").await;
    let plain = room_with_bot(&alice, &bot.id, false).await;
    let secret = room_with_bot(&alice, &bot.id, true).await;
    alice.say(&secret, "!jungle rules").await;
    let answer = alice
        .notice_with(&secret, &bot.id, "Jungle (Dou Shou Qi) in brief")
        .await;
    assert!(answer.encrypted);
    let old = bot.client();
    let old_device = old.device_id().unwrap().to_owned();
    let token = old.access_token().unwrap();
    drop(old);

    // The device is logged out, as from another client or by an admin: the homeserver deletes
    // it with its keys and revokes its token.
    let logout = matrix_sdk::reqwest::Client::new()
        .post(format!("{}/_matrix/client/v3/logout", env.url))
        .bearer_auth(&token)
        .header("content-type", "application/json")
        .body("{}")
        .send()
        .await
        .unwrap();
    assert!(logout.status().is_success(), "{logout:?}");

    let client = bot
        .wait_client("the bot on a new device", |c| {
            c.device_id().is_some_and(|d| d != old_device)
        })
        .await;
    let device = client.device_id().unwrap().to_owned();
    assert_eq!(
        saved_device(&bot),
        device.as_str(),
        "the new session is saved"
    );
    let devices: Vec<_> = client
        .devices()
        .await
        .unwrap()
        .devices
        .into_iter()
        .map(|d| d.device_id)
        .collect();
    assert!(devices.contains(&device), "{devices:?}");
    assert!(!devices.contains(&old_device), "{devices:?}");

    alice.say(&plain, "!jungle rules").await;
    let answer = alice
        .notice_with(&plain, &bot.id, "Jungle (Dou Shou Qi) in brief")
        .await;
    assert!(!answer.encrypted);
    // The new device uploaded keys: alice's client encrypts for it, and it decrypts.
    wait_for_device(&alice, &bot.id, &device).await;
    alice.say(&secret, "!jungle help").await;
    let answer = alice
        .notice_with(&secret, &bot.id, "Jungle (Dou Shou Qi) commands")
        .await;
    assert!(answer.encrypted);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_soft_logout_logs_in_again_on_the_same_device() {
    let env = synapse_or_skip!();
    harness::init_logs();
    let dir = tempfile::tempdir().unwrap();
    let front = Front::start(&env.url).await;
    let mut bot = Bot::start_at(&env, "bot12", dir.path(), &front.url).await;
    let alice = Human::login(&env, "alice").await;
    let secret = room_with_bot(&alice, &bot.id, true).await;
    alice.say(&secret, "!jungle rules").await;
    alice
        .notice_with(&secret, &bot.id, "Jungle (Dou Shou Qi) in brief")
        .await;
    let old = bot.client();
    let device = old.device_id().unwrap().to_owned();
    let token = old.access_token().unwrap();
    let devices = device_ids(&bot).await;
    drop(old);

    // Synapse soft-logs-out only expired tokens; the front answers one sync as it would.
    let expired = json!({"errcode": "M_UNKNOWN_TOKEN", "error": "Access token has expired", "soft_logout": true});
    front.answer_syncs(1, 401, expired);
    // A message ends the sync under way, if one is; the next sync meets the soft logout.
    // (Whether the message is answered depends on which sync it comes with: after logging in
    // again, what was said meanwhile is history.)
    alice.say(&secret, "!jungle help").await;
    let client = bot
        .wait_client("the bot logged in again", |c| {
            c.access_token().is_some_and(|t| t != token)
        })
        .await;
    assert_eq!(front.answered(), 1);
    assert_eq!(client.device_id(), Some(&*device), "the same device");
    assert_eq!(saved_device(&bot), device.as_str());
    assert_eq!(device_ids(&bot).await, devices, "no new device");
    drop(client);

    // Its keys and store were kept: it still reads and writes the encrypted room.
    alice.say(&secret, "!jungle rules").await;
    let answer = alice
        .notice_with(&secret, &bot.id, "Jungle (Dou Shou Qi) in brief")
        .await;
    assert!(answer.encrypted);
    bot.stop().await;
}
