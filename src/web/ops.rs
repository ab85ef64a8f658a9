//! `GET /healthz` and `GET /metrics`: what an operator's load balancer and
//! Prometheus read ([`crate::ops`]).
//!
//! `/healthz` answers 200 when the database answers a query and every chat
//! adapter this process started is connected, 503 otherwise, with a small
//! JSON body saying which part is down. `/metrics` is Prometheus text: this
//! process's counters, and the shared backlog read from the database.

use std::fmt::Write as _;
use std::sync::Arc;

use axum::Extension;
use axum::extract::State;
use axum::http::StatusCode;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};

use super::Site;
use crate::ops::Connections;
use crate::store::OpsFigures;

/// `GET /healthz`: the database and the adapters.
/// The adapters' state comes from the process's [`Connections`], or from
/// the one a test layered on the router as an `Extension`.
pub(crate) async fn health(
    State(site): State<Arc<Site>>,
    connections: Option<Extension<Connections>>,
) -> Response {
    let database = figures(&site).await.is_ok();
    let adapters = match connections {
        Some(Extension(connections)) => connections.snapshot(),
        None => Connections::global().snapshot(),
    };
    let healthy = database && adapters.values().all(|&connected| connected);
    let body = serde_json::json!({
        "status": if healthy { "ok" } else { "unavailable" },
        "database": if database { "ok" } else { "unreachable" },
        "adapters": adapters
            .iter()
            .map(|(name, &up)| (*name, if up { "connected" } else { "disconnected" }))
            .collect::<std::collections::BTreeMap<_, _>>(),
    });
    let status = if healthy {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    let headers = [
        (CONTENT_TYPE, "application/json"),
        (CACHE_CONTROL, "no-store"),
    ];
    (status, headers, body.to_string()).into_response()
}

/// `GET /metrics`: Prometheus text exposition.
pub(crate) async fn metrics(State(site): State<Arc<Site>>) -> Response {
    let mut text = crate::ops::prometheus().render();
    let up = match figures(&site).await {
        Ok(figures) => {
            shared(&mut text, &figures);
            1
        }
        Err(error) => {
            tracing::warn!(error = %error, "metrics: the database did not answer");
            0
        }
    };
    gauge(
        &mut text,
        "corrbot_database_up",
        "1 if the database answers.",
        up,
    );
    let headers = [
        (CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8"),
        (CACHE_CONTROL, "no-store"),
    ];
    (headers, text).into_response()
}

async fn figures(site: &Site) -> crate::store::StoreResult<OpsFigures> {
    let mut tx = site.db.read().await?;
    let figures = tx.ops_figures(site.clock.now()).await?;
    tx.commit().await?;
    Ok(figures)
}

/// The figures every process shares, as gauges.
fn shared(text: &mut String, figures: &OpsFigures) {
    gauge(
        text,
        "corrbot_notices_pending",
        "Notices waiting to be sent or retried.",
        figures.notices_pending,
    );
    gauge(
        text,
        "corrbot_notices_parked",
        "Notices given up on after too many failures.",
        figures.notices_parked,
    );
    gauge(
        text,
        "corrbot_notices_claimed",
        "Notices being sent now (claimed by a worker).",
        figures.notices_claimed,
    );
    let lag = figures.outbox_lag_ms as f64 / 1000.0;
    let _ = writeln!(
        text,
        "# HELP corrbot_outbox_lag_seconds How long the oldest sendable notice has waited.\n\
         # TYPE corrbot_outbox_lag_seconds gauge\ncorrbot_outbox_lag_seconds {lag}"
    );
    gauge(
        text,
        "corrbot_deadlines_due",
        "Deadlines due and not yet handled.",
        figures.deadlines_due,
    );
}

fn gauge(text: &mut String, name: &str, help: &str, value: i64) {
    let _ = writeln!(
        text,
        "# HELP {name} {help}\n# TYPE {name} gauge\n{name} {value}"
    );
}
