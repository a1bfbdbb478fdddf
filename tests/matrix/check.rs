//! `jungle check` against the test homeserver: a password that works is tried without leaving a
//! device behind, a wrong one is named, and a device's access token is asked about.

use crate::ops::check;
use crate::synapse_or_skip;

use super::harness;

/// The display names of the account's devices, asked with `token`.
async fn device_names(url: &str, token: &str) -> Vec<String> {
    let answer = matrix_sdk::reqwest::Client::new()
        .get(format!("{url}/_matrix/client/v3/devices"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    let body: serde_json::Value = serde_json::from_slice(&answer).unwrap();
    body["devices"]
        .as_array()
        .expect("a device list")
        .iter()
        .map(|d| d["display_name"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_tries_the_login_and_leaves_no_device() {
    let env = synapse_or_skip!();
    let dir = tempfile::tempdir().unwrap();
    let user = env.user("bot14");
    let config = dir.path().join("config.toml");
    let write = |login: &str| {
        std::fs::write(
            &config,
            format!(
                "[store]\ndatabase = {:?}\n[matrix]\nhomeserver = \"{}\"\nuser_id = \"{user}\"\ndata_dir = {:?}\n{login}",
                dir.path().join("jungle.db").display().to_string(),
                env.url,
                dir.path().join("matrix").display().to_string()
            ),
        )
        .unwrap()
    };
    write("");
    let o = check(&config, &[("MATRIX_PASSWORD", &env.password)]).await;
    let (out, err) = (
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr),
    );
    assert_eq!(o.status.code(), Some(0), "{out}{err}");
    assert!(
        out.contains("the homeserver answers") && out.contains("the password is accepted"),
        "{out}"
    );
    assert!(!out.contains(&env.password));

    // The check's device is gone again.
    let (token, device) = harness::device_token(&env, "bot14").await;
    let names = device_names(&env.url, &token).await;
    assert!(
        !names.iter().any(|n| n.starts_with("jungle check")),
        "{names:?}"
    );

    // A device's access token is asked about, not used to log in.
    write(&format!("access_token = \"{token}\"\n"));
    let o = check(&config, &[]).await;
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        out.contains(&format!("the access token of device {device} is accepted")),
        "{out}"
    );
    assert!(!out.contains(&token));

    write("");
    let o = check(&config, &[("MATRIX_PASSWORD", "not-the-password")]).await;
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with(&format!(
            "matrix.password: the homeserver refused the password for {user}"
        )),
        "{err}"
    );

    // A saved session (the bot's, from its first start) is asked about instead of logging in.
    let bot = harness::Bot::start(&env, "bot14", dir.path()).await;
    let device = bot.client().device_id().unwrap().to_owned();
    bot.stop().await;
    let o = check(&config, &[("MATRIX_PASSWORD", &env.password)]).await;
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        out.contains(&format!("the saved session (device {device}) is valid")),
        "{out}"
    );
    // Once the homeserver forgets it, the check says so and tries the password.
    let saved = std::fs::read_to_string(dir.path().join("matrix/session.json")).unwrap();
    let saved: serde_json::Value = serde_json::from_str(&saved).unwrap();
    let logout = matrix_sdk::reqwest::Client::new()
        .post(format!("{}/_matrix/client/v3/logout", env.url))
        .bearer_auth(saved["access_token"].as_str().unwrap())
        .header("content-type", "application/json")
        .body("{}")
        .send()
        .await
        .unwrap();
    assert!(logout.status().is_success());
    let o = check(&config, &[("MATRIX_PASSWORD", &env.password)]).await;
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        out.contains("the saved session is no longer valid")
            && out.contains("the password is accepted"),
        "{out}"
    );
}
