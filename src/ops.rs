//! What an operator watches: the process's counters for `GET /metrics`
//! (Prometheus text, through the `metrics` facade and
//! `metrics-exporter-prometheus`'s recorder, without its HTTP listener: the
//! web site serves the text) and the adapters' connection state for
//! `GET /healthz`.
//!
//! Counters are this process's since it started (Prometheus sums them over
//! processes); figures that several processes share — notices pending and
//! parked, the outbox's lag, deadlines due — are read from the database at
//! each scrape ([`crate::store::OpsFigures`]), so every process reports the
//! same, true value.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, OnceLock};

use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};

/// The process's Prometheus recorder, installed as the `metrics` facade's
/// global recorder on first use (once per process).
pub fn prometheus() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        let recorder = PrometheusBuilder::new().build_recorder();
        let handle = recorder.handle();
        if metrics::set_global_recorder(recorder).is_err() {
            tracing::warn!("metrics: another recorder is installed; /metrics shows no counters");
        }
        handle
    })
}

/// Counts one handled command of `kind`; `refused` when the user was told
/// no (a refusal or a question), `moved` when it was an accepted move.
pub fn command_handled(kind: &'static str, refused: bool, moved: bool) {
    prometheus();
    metrics::counter!("corrbot_commands_total", "kind" => kind).increment(1);
    if refused {
        metrics::counter!("corrbot_refusals_total", "kind" => kind).increment(1);
    }
    if moved {
        metrics::counter!("corrbot_moves_total").increment(1);
    }
}

/// What became of one attempt to send a notice.
#[derive(Clone, Copy, Debug)]
pub enum NoticeOutcome {
    /// Sent.
    Sent,
    /// Failed for now; tried again later.
    Retried,
    /// Given up.
    Parked,
}

/// Counts one outbox attempt's outcome.
pub fn notice(outcome: NoticeOutcome) {
    prometheus();
    let name = match outcome {
        NoticeOutcome::Sent => "corrbot_notices_sent_total",
        NoticeOutcome::Retried => "corrbot_notices_retried_total",
        NoticeOutcome::Parked => "corrbot_notices_parked_total",
    };
    metrics::counter!(name).increment(1);
}

/// Counts one failed request to a chat platform; `code` is the HTTP status
/// where the platform gave one, else a short kind (`network`, `io`).
pub fn platform_error(platform: &'static str, code: String) {
    prometheus();
    metrics::counter!("corrbot_platform_errors_total", "platform" => platform, "code" => code)
        .increment(1);
}

/// The chat adapters' connection state, by name (`telegram`, `discord`):
/// what `/healthz` reports. The process has one ([`Connections::global`]),
/// which the adapters update; a test may serve its own.
#[derive(Clone, Debug, Default)]
pub struct Connections(Arc<Mutex<BTreeMap<&'static str, bool>>>);

impl Connections {
    /// The process's.
    pub fn global() -> &'static Connections {
        static GLOBAL: OnceLock<Connections> = OnceLock::new();
        GLOBAL.get_or_init(Connections::default)
    }

    /// Records whether adapter `name` is connected to its platform now.
    pub fn set(&self, name: &'static str, connected: bool) {
        let mut state = self.0.lock().unwrap_or_else(|e| e.into_inner());
        state.insert(name, connected);
    }

    /// Every adapter started, and whether it is connected.
    pub fn snapshot(&self) -> BTreeMap<&'static str, bool> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

/// Records in the process's [`Connections`] whether adapter `name` is
/// connected now.
pub fn set_connected(name: &'static str, connected: bool) {
    Connections::global().set(name, connected);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_show_in_the_prometheus_text() {
        command_handled("games", true, false);
        platform_error("telegram", "429".to_owned());
        let text = prometheus().render();
        assert!(
            text.contains("corrbot_commands_total{kind=\"games\"}"),
            "{text}"
        );
        assert!(
            text.contains("corrbot_refusals_total{kind=\"games\"}"),
            "{text}"
        );
        assert!(
            text.contains("corrbot_platform_errors_total{platform=\"telegram\",code=\"429\"}"),
            "{text}"
        );
    }
}
