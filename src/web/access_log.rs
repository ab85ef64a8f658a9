//! One log line per request served: method, path (never the query, which
//! may carry a token, nor a calendar feed's token, which is in its path),
//! status and milliseconds, at the info level.

use axum::extract::Request;
use axum::middleware::Next;
use axum::response::Response;

/// Logs the request once its response has been produced.
pub(super) async fn access_log(request: Request, next: Next) -> Response {
    let method = request.method().clone();
    let path = logged_path(request.uri().path());
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

/// The path as logged: a calendar feed's token (a secret) is left out.
fn logged_path(path: &str) -> String {
    match path.strip_prefix("/calendar/") {
        Some(_) => "/calendar/…".to_owned(),
        None => path.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_calendar_token_is_never_logged() {
        assert_eq!(super::logged_path("/calendar/abc123.ics"), "/calendar/…");
        assert_eq!(super::logged_path("/game/1"), "/game/1");
    }
}
