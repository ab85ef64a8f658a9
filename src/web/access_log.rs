//! One log line per request served: method, path (never the query, which
//! may carry a token), status and milliseconds, at the info level.

use axum::extract::Request;
use axum::middleware::Next;
use axum::response::Response;

/// Logs the request once its response has been produced.
pub(super) async fn access_log(request: Request, next: Next) -> Response {
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    let started = std::time::Instant::now();
    let response = next.run(request).await;
    let millis = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    tracing::info!(
        %method,
        path,
        status = response.status().as_u16(),
        ms = millis,
        "web: served"
    );
    response
}
