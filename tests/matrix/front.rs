//! An HTTP proxy in front of the test homeserver that passes requests on, except those a test
//! told it to answer itself: a rate limit, a refusal, a soft logout, as a homeserver would send
//! them. The bot under test points at it instead of at Synapse.

use std::sync::{Arc, Mutex, MutexGuard};

use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderName, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::Value;
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// Answers the next `times` requests whose path starts with `path`.
struct Rule {
    path: String,
    times: u32,
    status: StatusCode,
    body: Value,
}

struct Shared {
    upstream: String,
    http: matrix_sdk::reqwest::Client,
    rules: Mutex<Vec<Rule>>,
    /// How many requests the rules answered so far.
    answered: watch::Sender<u32>,
}

impl Shared {
    fn rules(&self) -> MutexGuard<'_, Vec<Rule>> {
        jungle::sync::lock(&self.rules)
    }
}

pub struct Front {
    pub url: String,
    shared: Arc<Shared>,
    task: JoinHandle<()>,
}

impl Drop for Front {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Front {
    pub async fn start(upstream: &str) -> Front {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let shared = Arc::new(Shared {
            upstream: upstream.trim_end_matches('/').to_string(),
            http: matrix_sdk::reqwest::Client::new(),
            rules: Mutex::new(Vec::new()),
            answered: watch::channel(0).0,
        });
        let app = Router::new().fallback(forward).with_state(shared.clone());
        let task = tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        Front { url, shared, task }
    }

    /// Answers the next `times` requests to paths starting with `path` with `status` and the
    /// JSON `body` instead of passing them on.
    pub fn answer(&self, path: &str, times: u32, status: u16, body: Value) {
        self.shared.rules().push(Rule {
            path: path.to_string(),
            times,
            status: StatusCode::from_u16(status).unwrap(),
            body,
        });
    }

    /// Answers the next `times` sync requests (see [`Front::answer`]).
    pub fn answer_syncs(&self, times: u32, status: u16, body: Value) {
        self.answer("/_matrix/client/v3/sync", times, status, body);
    }

    /// How many requests the front answered itself so far.
    pub fn answered(&self) -> u32 {
        *self.shared.answered.borrow()
    }
}

/// Hop-by-hop headers, which a proxy does not pass on, and those the new request or answer
/// sets itself.
fn hop_by_hop(name: &HeaderName) -> bool {
    matches!(
        name.as_str(),
        "connection"
            | "keep-alive"
            | "transfer-encoding"
            | "te"
            | "upgrade"
            | "host"
            | "content-length"
    )
}

async fn forward(State(s): State<Arc<Shared>>, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let canned = {
        let mut rules = s.rules();
        let hit = rules
            .iter_mut()
            .find(|r| r.times > 0 && parts.uri.path().starts_with(&r.path));
        hit.map(|r| {
            r.times -= 1;
            (r.status, r.body.clone())
        })
    };
    if let Some((status, body)) = canned {
        s.answered.send_modify(|n| *n += 1);
        return (status, axum::Json(body)).into_response();
    }
    let Ok(bytes) = axum::body::to_bytes(body, usize::MAX).await else {
        return StatusCode::BAD_REQUEST.into_response();
    };
    let path = parts.uri.path_and_query().map_or("/", |p| p.as_str());
    let method = matrix_sdk::reqwest::Method::from_bytes(parts.method.as_str().as_bytes()).unwrap();
    let mut upstream = s
        .http
        .request(method, format!("{}{path}", s.upstream))
        .body(bytes.to_vec());
    for (name, value) in &parts.headers {
        if !hop_by_hop(name) {
            upstream = upstream.header(name.as_str(), value.as_bytes());
        }
    }
    let answer = match upstream.send().await {
        Ok(answer) => answer,
        Err(_) => return StatusCode::BAD_GATEWAY.into_response(),
    };
    let mut response = Response::builder().status(answer.status().as_u16());
    for (name, value) in answer.headers() {
        let name = HeaderName::from_bytes(name.as_str().as_bytes()).unwrap();
        if !hop_by_hop(&name) {
            response = response.header(name, value.as_bytes());
        }
    }
    match answer.bytes().await {
        Ok(bytes) => response.body(Body::from(bytes)).unwrap(),
        Err(_) => StatusCode::BAD_GATEWAY.into_response(),
    }
}
