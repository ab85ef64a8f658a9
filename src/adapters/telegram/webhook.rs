//! Webhook mode: Telegram posts each update to a URL; a small HTTP server
//! (axum) hands it to the same dispatcher as polling
//! ([`TelegramDispatch`]). `setWebhook` asks for one connection at a time,
//! so updates arrive in order as with polling, and an update is answered
//! `200` once the app has committed it: its replies are sent afterwards, in
//! its chat's own pace, so they never hold the next update.

use std::fmt;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use teloxide::Bot;
use teloxide::payloads::setters::*;
use teloxide::requests::{Request, Requester};
use teloxide::types::{AllowedUpdate, Update};

use super::dispatch::TelegramDispatch;
use super::polling::to_inbound;

/// The header Telegram puts the webhook secret in.
pub const SECRET_HEADER: &str = "x-telegram-bot-api-secret-token";

/// Webhook settings.
#[derive(Clone)]
pub struct WebhookConfig {
    /// The public HTTPS URL Telegram posts to (its path is served).
    pub url: url::Url,
    /// The local address to listen on (behind a TLS-terminating proxy).
    pub listen: SocketAddr,
    /// The secret Telegram sends in `X-Telegram-Bot-Api-Secret-Token`.
    pub secret: String,
}

impl fmt::Debug for WebhookConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WebhookConfig")
            .field("url", &self.url.as_str())
            .field("listen", &self.listen)
            .finish_non_exhaustive()
    }
}

/// What the webhook's listener lets clients take: Telegram opens one
/// connection (`max_connections(1)`), so a few dozen slots are plenty and a
/// flood of idle or slow sockets is closed rather than exhausting the
/// descriptors (the oldest connection that has not sent a request yet
/// gives its slot to a new one).
pub const WEBHOOK_LIMITS: crate::web::Limits = crate::web::Limits {
    connections: 64,
    header_timeout: std::time::Duration::from_secs(10),
    request_timeout: std::time::Duration::from_secs(60),
    live_streams: 1,
    live_per_address: 1,
    live_for: std::time::Duration::from_secs(1),
    poll: std::time::Duration::from_secs(2),
};

struct Hook {
    dispatch: TelegramDispatch,
    secret: String,
}

/// Listens on `config.listen`, registers the webhook with Telegram and
/// serves updates until `shutdown` completes.
pub async fn run_webhook(
    bot: &Bot,
    dispatch: TelegramDispatch,
    config: &WebhookConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind(config.listen).await?;
    bot.set_webhook(config.url.clone())
        .secret_token(config.secret.clone())
        .max_connections(1)
        .allowed_updates([AllowedUpdate::Message, AllowedUpdate::CallbackQuery])
        .send()
        .await?;
    tracing::info!(listen = %config.listen, "telegram: webhook set");
    let hook = Arc::new(Hook {
        dispatch,
        secret: config.secret.clone(),
    });
    let path = match config.url.path() {
        "" => "/",
        path => path,
    };
    let routes = axum::Router::new()
        .route(path, post(receive))
        .with_state(hook);
    crate::web::serve_on(listener, routes, WEBHOOK_LIMITS, shutdown).await?;
    Ok(())
}

/// One posted update: refused without the secret, skipped when it is not
/// one the bot reads, otherwise committed by the app before the answer.
async fn receive(State(hook): State<Arc<Hook>>, headers: HeaderMap, body: Bytes) -> StatusCode {
    let secret = headers.get(SECRET_HEADER).and_then(|v| v.to_str().ok());
    if secret != Some(hook.secret.as_str()) {
        return StatusCode::UNAUTHORIZED;
    }
    let update: Update = match serde_json::from_slice(&body) {
        Ok(update) => update,
        Err(error) => {
            tracing::warn!(%error, "telegram: an unreadable webhook update was skipped");
            return StatusCode::OK;
        }
    };
    if let Some(inbound) = to_inbound(update) {
        let committed = hook.dispatch.submit(inbound).await.wait().await;
        if !committed {
            // Stopping: Telegram posts it again, to the next process.
            return StatusCode::SERVICE_UNAVAILABLE;
        }
    }
    StatusCode::OK
}
