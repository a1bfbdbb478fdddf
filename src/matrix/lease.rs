//! A lease an adapter holds while it runs, for what only one process may use at a time: the
//! Matrix account (one account has one sync stream). Taken in the database before the adapter
//! starts, so that a second process refuses to start with an error that says who holds it;
//! renewed every [`RENEW`] while the process runs; given up when it stops cleanly. A process
//! that died holds it until [`TTL_SECS`] after its last renewal, then another may take it.

use std::time::Duration;

use anyhow::anyhow;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use chat::Service;
use store::LeaseGrant;

/// How long a lease lasts after it was taken or last renewed.
pub const TTL_SECS: i64 = 60;
/// How often a running process renews its lease: several times within [`TTL_SECS`], so that
/// a slow database or a busy machine does not let it lapse.
const RENEW: Duration = Duration::from_secs(15);

/// A lease this process holds; [`Held::release`] gives it up.
pub struct Held {
    name: String,
    service: Service,
    /// Why the lease was lost, once it was (another process took it after it lapsed here).
    lost: watch::Receiver<Option<String>>,
    renewing: JoinHandle<()>,
}

impl Held {
    /// Takes the lease `name` for this process, or fails with an error that names `what` it
    /// guards, the process holding it and for how long.
    pub async fn take(service: &Service, name: &str, what: &str) -> anyhow::Result<Held> {
        let now = service.now();
        let (n, owner) = (name.to_string(), service.owner().to_string());
        let grant = service
            .with_store(move |store| store.take_lease(&n, &owner, now, now + TTL_SECS))
            .await
            .ok_or_else(|| anyhow!("taking the lease on {what} failed"))?
            .map_err(|e| anyhow!("cannot take the lease on {what}: {e}"))?;
        if let LeaseGrant::Held(holder) = grant {
            return Err(anyhow!(held_elsewhere(
                what,
                &holder.owner,
                holder.expires_at - now
            )));
        }
        tracing::info!(lease = name, "took the lease on {what}");
        let (tell, lost) = watch::channel(None);
        let renewing = tokio::spawn(renew(
            service.clone(),
            name.to_string(),
            what.to_string(),
            tell,
        ));
        Ok(Held {
            name: name.to_string(),
            service: service.clone(),
            lost,
            renewing,
        })
    }

    /// Resolves, with the error to stop with, when the lease was lost; never while it is held.
    pub fn lost(&self) -> impl Future<Output = anyhow::Error> + Send + 'static {
        let mut lost = self.lost.clone();
        async move {
            let why = lost
                .wait_for(Option::is_some)
                .await
                .map(|why| why.clone().unwrap_or_default());
            match why {
                Ok(why) => anyhow!(why),
                // The renewing task is gone only when the lease is being released.
                Err(_) => std::future::pending().await,
            }
        }
    }

    /// Stops renewing and gives the lease up, so that another process may take it at once.
    pub async fn release(self) {
        self.renewing.abort();
        let (name, owner) = (self.name.clone(), self.service.owner().to_string());
        match self
            .service
            .with_store(move |store| store.release_lease(&name, &owner))
            .await
        {
            Some(Ok(_)) => tracing::info!(lease = %self.name, "gave the lease up"),
            Some(Err(e)) => {
                tracing::warn!(lease = %self.name, error = %e, "cannot give the lease up; it lapses by itself")
            }
            None => {}
        }
    }
}

/// The refusal when another process holds the lease.
fn held_elsewhere(what: &str, holder: &str, left_secs: i64) -> String {
    format!(
        "{what} is in use by another jungle process ({holder}), whose lease runs for another {left_secs} s and is renewed while it runs; \
         run it in one process only (a stopped process's lease lapses {TTL_SECS} s after it stopped)"
    )
}

/// Renews the lease every [`RENEW`] until it is lost (then says why on `tell`). A database
/// that does not answer is logged and tried again: the lease is lost only when another
/// process took it.
async fn renew(service: Service, name: String, what: String, tell: watch::Sender<Option<String>>) {
    let mut every = tokio::time::interval(RENEW);
    every.tick().await;
    loop {
        every.tick().await;
        let until = service.now() + TTL_SECS;
        let (n, owner) = (name.clone(), service.owner().to_string());
        match service
            .with_store(move |store| store.renew_lease(&n, &owner, until))
            .await
        {
            Some(Ok(true)) => {}
            Some(Ok(false)) => {
                tracing::error!(lease = %name, "lost the lease on {what}");
                tell.send_replace(Some(format!(
                    "lost the lease on {what}: it lapsed while the database could not be reached, and another process took it"
                )));
                return;
            }
            Some(Err(e)) => {
                tracing::warn!(lease = %name, error = %e, "cannot renew the lease on {what}; trying again")
            }
            None => {}
        }
    }
}
