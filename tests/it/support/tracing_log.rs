//! The test binary's one tracing subscriber (a process has one global
//! subscriber, so every test that looks at what is logged shares it):
//!
//! * warnings and errors written as text into a buffer
//!   ([`warnings_with`]), for the error boundary's tests;
//! * the SQL statements sqlx runs, counted per scope ([`statements`]),
//!   for the tests that bound the statements of a command (issue 24).
//!
//! sqlx logs every statement it runs as an event of target `sqlx::query`
//! (on SQLite from its worker thread, inside the span of the caller that
//! sent the statement there), so a statement belongs to the scope whose span
//! encloses it. Transaction control is left out: sqlx logs PostgreSQL's
//! `COMMIT` (not its `BEGIN`) and neither on SQLite, so `BEGIN`, `COMMIT`
//! and `ROLLBACK` are not counted on either backend.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::future::Future;
use std::io;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use tracing::field::{Field, Visit};
use tracing::{Event, Instrument, Subscriber, span};
use tracing_subscriber::filter::{LevelFilter, filter_fn};
use tracing_subscriber::layer::{Context, SubscriberExt};
use tracing_subscriber::registry::LookupSpan;
use tracing_subscriber::{Layer, Registry};

/// The name of a counting scope's span.
const SCOPE: &str = "counted_statements";

/// sqlx's target for the statements it runs.
const SQLX_QUERY: &str = "sqlx::query";

#[derive(Clone)]
struct Capture(Arc<Mutex<Vec<u8>>>);

impl io::Write for Capture {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

static WARNINGS: OnceLock<Capture> = OnceLock::new();

/// The statements of each open or finished scope, by its tag.
static STATEMENTS: Mutex<Option<HashMap<u64, Vec<String>>>> = Mutex::new(None);

static NEXT_TAG: AtomicU64 = AtomicU64::new(1);

/// Installs the subscriber (once per test binary).
pub fn install() {
    WARNINGS.get_or_init(|| {
        let capture = Capture(Arc::new(Mutex::new(Vec::new())));
        let writer = capture.clone();
        let text = tracing_subscriber::fmt::layer()
            .with_writer(move || writer.clone())
            .with_ansi(false)
            .with_filter(LevelFilter::WARN);
        let counter = StatementCounter.with_filter(filter_fn(|meta| {
            meta.target() == SQLX_QUERY || meta.name() == SCOPE
        }));
        let subscriber = Registry::default().with(text).with(counter);
        tracing::subscriber::set_global_default(subscriber)
            .expect("no other subscriber in this test binary");
        capture
    });
}

/// The warning and error lines logged so far that contain `needle`.
pub fn warnings_with(needle: &str) -> Vec<String> {
    let capture = WARNINGS.get().expect("the subscriber is installed");
    let bytes = capture.0.lock().unwrap_or_else(|e| e.into_inner()).clone();
    String::from_utf8_lossy(&bytes)
        .lines()
        .filter(|line| line.contains(needle))
        .map(str::to_owned)
        .collect()
}

/// Runs `future` and returns its output with the SQL statements sqlx ran
/// for it (each as its text, whitespace collapsed), in order. Work the
/// future hands to other tasks (`tokio::spawn`) is not counted.
pub async fn statements<F: Future>(future: F) -> (F::Output, Vec<String>) {
    install();
    let tag = NEXT_TAG.fetch_add(1, Ordering::Relaxed);
    let span = tracing::info_span!(SCOPE, tag);
    let output = future.instrument(span).await;
    let mut map = STATEMENTS.lock().unwrap_or_else(|e| e.into_inner());
    let ran = map
        .get_or_insert_with(HashMap::new)
        .remove(&tag)
        .unwrap_or_default();
    (output, ran)
}

/// The statements as a numbered list, for an assertion's message.
pub fn listed(statements: &[String]) -> String {
    let mut text = String::new();
    for (n, sql) in statements.iter().enumerate() {
        let _ = writeln!(text, "{:>3}. {sql}", n + 1);
    }
    text
}

/// Whether `sql` only begins or ends a transaction.
fn is_transaction_control(sql: &str) -> bool {
    let word = sql.split_whitespace().next().unwrap_or_default();
    ["BEGIN", "COMMIT", "ROLLBACK", "END"]
        .iter()
        .any(|control| word.eq_ignore_ascii_case(control))
}

/// A scope's tag, kept on its span.
struct Tag(u64);

struct StatementCounter;

impl<S> Layer<S> for StatementCounter
where
    S: Subscriber + for<'a> LookupSpan<'a>,
{
    fn on_new_span(&self, attrs: &span::Attributes<'_>, id: &span::Id, ctx: Context<'_, S>) {
        if attrs.metadata().name() != SCOPE {
            return;
        }
        let mut fields = Fields::default();
        attrs.record(&mut fields);
        if let (Some(tag), Some(span)) = (fields.tag, ctx.span(id)) {
            span.extensions_mut().insert(Tag(tag));
        }
    }

    fn on_event(&self, event: &Event<'_>, ctx: Context<'_, S>) {
        if event.metadata().target() != SQLX_QUERY {
            return;
        }
        let Some(scope) = ctx.event_scope(event) else {
            return;
        };
        for span in scope {
            let Some(tag) = span.extensions().get::<Tag>().map(|tag| tag.0) else {
                continue;
            };
            let mut fields = Fields::default();
            event.record(&mut fields);
            let sql = if fields.statement.trim().is_empty() {
                fields.summary
            } else {
                fields.statement
            };
            let sql = sql.split_whitespace().collect::<Vec<_>>().join(" ");
            if is_transaction_control(&sql) {
                return;
            }
            let mut map = STATEMENTS.lock().unwrap_or_else(|e| e.into_inner());
            map.get_or_insert_with(HashMap::new)
                .entry(tag)
                .or_default()
                .push(sql);
            return;
        }
    }
}

/// The fields this layer reads: a scope's tag, a statement's text.
#[derive(Default)]
struct Fields {
    tag: Option<u64>,
    summary: String,
    statement: String,
}

impl Visit for Fields {
    fn record_u64(&mut self, field: &Field, value: u64) {
        if field.name() == "tag" {
            self.tag = Some(value);
        }
    }

    fn record_str(&mut self, field: &Field, value: &str) {
        match field.name() {
            "summary" => value.clone_into(&mut self.summary),
            "db.statement" => value.clone_into(&mut self.statement),
            _ => {}
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        match field.name() {
            "summary" => self.summary = format!("{value:?}"),
            "db.statement" => self.statement = format!("{value:?}"),
            _ => {}
        }
    }
}
