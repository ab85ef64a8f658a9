//! The fake REST API under `/api/v10`, reached through serenity's
//! `HttpBuilder::proxy`, which rewrites `https://discord.com` to the proxy URL.

// Handlers return early with a ready `Response` as the error; boxing it buys nothing here.
#![allow(clippy::result_large_err)]

use std::sync::Arc;

use axum::Router;
use axum::body::{Bytes, to_bytes};
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::payloads::{self, MessageParts};
use super::{Failure, RequestRecord, SentFile, SentKind, Shared, State as FakeState};

/// The router: every path goes through [`handle`].
pub(super) fn router(shared: Arc<Shared>) -> Router {
    Router::new().fallback(handle).with_state(shared)
}

/// A parsed request body: the JSON payload and any uploaded files.
struct Body {
    json: Value,
    files: Vec<SentFile>,
}

async fn handle(State(shared): State<Arc<Shared>>, request: Request) -> Response {
    let at = std::time::Instant::now();
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    let authorized = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("Bot "));
    let failure = if method == Method::GET {
        None
    } else {
        shared.with_state(|s| {
            let on_path = s
                .path_failures
                .iter()
                .position(|(suffix, _)| path.ends_with(suffix));
            match on_path {
                Some(index) => Some(s.path_failures.remove(index).1),
                None => s.failures.pop_front(),
            }
        })
    };
    let response = if !authorized {
        error(StatusCode::UNAUTHORIZED, "Unauthorized")
    } else if let Some(
        failure @ (Failure::Status429 { .. } | Failure::Status500 | Failure::Status403 { .. }),
    ) = failure
    {
        failure_response(failure)
    } else {
        match read_body(request).await {
            Ok(body) => {
                let answer = shared.with_state(|state| route(state, &method, &path, body));
                match failure {
                    Some(Failure::Status500AfterCommit) => failure_response(Failure::Status500),
                    _ => answer,
                }
            }
            Err(response) => response,
        }
    };
    let status = response.status().as_u16();
    shared.with_state(|state| state.requests.push(RequestRecord { path, status, at }));
    response
}

async fn read_body(request: Request) -> Result<Body, Response> {
    let is_multipart = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("multipart/form-data"));
    if is_multipart {
        let multipart = Multipart::from_request(request, &())
            .await
            .map_err(IntoResponse::into_response)?;
        return read_multipart(multipart).await;
    }
    let bytes = to_bytes(request.into_body(), 16 << 20)
        .await
        .map_err(|_| error(StatusCode::BAD_REQUEST, "Bad Request"))?;
    Ok(Body {
        json: parse_json(&bytes)?,
        files: Vec::new(),
    })
}

async fn read_multipart(mut multipart: Multipart) -> Result<Body, Response> {
    let bad = |_| error(StatusCode::BAD_REQUEST, "Bad multipart");
    let mut body = Body {
        json: Value::Null,
        files: Vec::new(),
    };
    while let Some(field) = multipart.next_field().await.map_err(bad)? {
        let name = field.name().unwrap_or_default().to_owned();
        let filename = field.file_name().map(str::to_owned);
        let content_type = field.content_type().map(str::to_owned);
        let bytes = field.bytes().await.map_err(bad)?;
        if name == "payload_json" {
            body.json = parse_json(&bytes)?;
        } else if let Some(filename) = filename {
            body.files.push(SentFile {
                field: name,
                filename,
                content_type,
                bytes: bytes.to_vec(),
            });
        }
    }
    Ok(body)
}

fn parse_json(bytes: &Bytes) -> Result<Value, Response> {
    if bytes.is_empty() {
        return Ok(Value::Null);
    }
    serde_json::from_slice(bytes).map_err(|_| error(StatusCode::BAD_REQUEST, "Invalid JSON"))
}

fn route(state: &mut FakeState, method: &Method, path: &str, body: Body) -> Response {
    for components in [&body.json["components"], &body.json["data"]["components"]] {
        if let Err(problem) = check_components(components) {
            return error(
                StatusCode::BAD_REQUEST,
                &format!("Invalid Form Body: {problem}"),
            );
        }
    }
    let Some(rest) = path.strip_prefix("/api/v10/") else {
        return error(StatusCode::NOT_FOUND, "Not Found");
    };
    let segments: Vec<&str> = rest.trim_end_matches('/').split('/').collect();
    let id = |index: usize| {
        segments
            .get(index)
            .and_then(|s| s.parse::<u64>().ok())
            .unwrap_or(0)
    };
    match (method.as_str(), segments.as_slice()) {
        ("GET", ["gateway"]) => ok(json!({ "url": state.gateway_url })),
        ("GET", ["gateway", "bot"]) => ok(json!({
            "url": state.gateway_url,
            "shards": state.recommended_shards,
            "session_start_limit": { "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1 },
        })),
        ("GET", ["users", "@me"]) => ok(payloads::user(payloads::BOT_USER_ID, true)),
        ("GET", ["oauth2", "applications", "@me"]) => ok(payloads::application()),
        ("POST", ["users", "@me", "channels"]) => create_dm(state, &body.json),
        ("POST", ["channels", _, "messages"]) => create_message(state, id(1), body),
        ("POST", ["channels", _, "messages", _, "threads"]) => {
            create_thread(state, id(1), Some(id(3)), &body.json)
        }
        ("POST", ["channels", _, "threads"]) => create_thread(state, id(1), None, &body.json),
        ("POST", ["interactions", _, token, "callback"]) => {
            interaction_callback(state, token, body)
        }
        ("GET", ["webhooks", _, token, "messages", "@original"]) => original(state, token),
        ("PATCH", ["webhooks", _, token, "messages", "@original"]) => {
            webhook_message(state, token, SentKind::EditOriginal, body)
        }
        ("POST", ["webhooks", _, token]) => webhook_message(state, token, SentKind::Followup, body),
        ("PUT", ["applications", _, "commands"]) => overwrite_commands(state, None, body.json),
        ("PUT", ["applications", _, "guilds", _, "commands"]) => {
            overwrite_commands(state, Some(id(3)), body.json)
        }
        _ => error(StatusCode::NOT_FOUND, "Not Found"),
    }
}

fn create_dm(state: &mut FakeState, json: &Value) -> Response {
    let Some(recipient) = json["recipient_id"]
        .as_str()
        .and_then(|s| s.parse::<u64>().ok())
    else {
        return error(StatusCode::BAD_REQUEST, "Invalid Form Body");
    };
    let next = state.next_id();
    let channel = *state.dm_channels.entry(recipient).or_insert(next);
    ok(payloads::dm_channel(channel, recipient))
}

fn create_message(state: &mut FakeState, channel_id: u64, body: Body) -> Response {
    let nonce = body.json["nonce"].as_str().map(str::to_owned);
    let enforced = body.json["enforce_nonce"].as_bool() == Some(true);
    if enforced && let Some(nonce) = &nonce {
        // Discord: with enforce_nonce, a repeated nonce returns the first message.
        if let Some(existing) = state.by_nonce.get(&(channel_id, nonce.clone())) {
            return ok(existing.clone());
        }
    }
    let message = record(state, SentKind::Message, channel_id, None, None, body);
    if let Some(nonce) = nonce {
        state.by_nonce.insert((channel_id, nonce), message.clone());
    }
    ok(message)
}

/// Records a message-like payload as sent and returns its message object;
/// `id` is the id of the message it edits, else a fresh one is given.
fn record(
    state: &mut FakeState,
    kind: SentKind,
    channel_id: u64,
    interaction: Option<u64>,
    id: Option<u64>,
    body: Body,
) -> Value {
    let data = &body.json;
    let id = id.unwrap_or_else(|| state.next_id());
    let attachments = body
        .files
        .iter()
        .map(|f| (id, f.filename.clone(), f.bytes.len()))
        .collect();
    let parts = MessageParts {
        id,
        channel_id,
        guild_id: None,
        author_id: payloads::BOT_USER_ID,
        author_bot: true,
        content: data["content"].as_str().unwrap_or_default().to_owned(),
        embeds: array(&data["embeds"]),
        components: array(&data["components"]),
        attachments,
        nonce: data["nonce"].as_str().map(str::to_owned),
        roles: Vec::new(),
        replied_to: None,
    };
    state.push_sent(super::Sent {
        kind,
        channel_id,
        message_id: Some(id),
        interaction_id: interaction,
        content: data["content"].as_str().map(str::to_owned),
        embeds: parts.embeds.clone(),
        attachments: body.files,
        components: parts.components.clone(),
        ephemeral: data["flags"].as_u64().is_some_and(|flags| flags & 64 != 0),
        choices: array(&data["choices"]),
        allowed_mentions: data["allowed_mentions"].clone(),
        nonce: parts.nonce.clone(),
    });
    payloads::message(&parts)
}

fn array(value: &Value) -> Vec<Value> {
    value.as_array().cloned().unwrap_or_default()
}

/// As on Discord, a thread started from a message takes the message's id,
/// and a message starts one thread at most (error code 160004).
fn create_thread(state: &mut FakeState, parent: u64, from: Option<u64>, json: &Value) -> Response {
    let name = json["name"].as_str().unwrap_or_default().to_owned();
    if from.is_some() && state.threads.iter().any(|t| t.from_message == from) {
        let body = json!({
            "message": "A thread has already been created for this message",
            "code": 160004,
        });
        return (StatusCode::BAD_REQUEST, axum::Json(body)).into_response();
    }
    let id = match from {
        Some(message) => message,
        None => state.next_id(),
    };
    state.threads.push(super::Thread {
        id,
        parent_id: parent,
        name: name.clone(),
        from_message: from,
    });
    (
        StatusCode::CREATED,
        axum::Json(payloads::thread(id, parent, &name)),
    )
        .into_response()
}

fn interaction_callback(state: &mut FakeState, token: &str, body: Body) -> Response {
    let Some(&(interaction_id, channel_id)) = state.interactions.get(token) else {
        return error(StatusCode::NOT_FOUND, "Unknown interaction");
    };
    if !state.answered.insert(interaction_id) {
        return error(
            StatusCode::BAD_REQUEST,
            "Interaction has already been acknowledged.",
        );
    }
    let callback_type = body.json["type"].as_u64().unwrap_or(0) as u8;
    let data = body.json["data"].clone();
    let body = Body {
        json: data,
        files: body.files,
    };
    let message = record(
        state,
        SentKind::InteractionResponse { callback_type },
        channel_id,
        Some(interaction_id),
        None,
        body,
    );
    // As on Discord, a message response (4) or a deferred one (5) is the
    // interaction's original response, which "Get Original Interaction
    // Response" returns; the callback itself answers 204 without it.
    if matches!(callback_type, 4 | 5) {
        state
            .originals
            .insert(token.to_owned(), webhook_made(message));
    }
    StatusCode::NO_CONTENT.into_response()
}

/// A message posted through the interaction's webhook, as Discord returns
/// it: `webhook_id` is the application's id.
fn webhook_made(mut message: Value) -> Value {
    message["webhook_id"] = json!(payloads::APPLICATION_ID.to_string());
    message
}

/// `GET /webhooks/{app}/{token}/messages/@original`: the original response
/// with its id, or 404 Unknown Message (code 10008) before there is one.
fn original(state: &mut FakeState, token: &str) -> Response {
    match state.originals.get(token) {
        Some(message) => ok(message.clone()),
        None => {
            let body = json!({ "message": "Unknown Message", "code": 10008 });
            (StatusCode::NOT_FOUND, axum::Json(body)).into_response()
        }
    }
}

/// A followup (a new message), or an edit of the original response, which
/// keeps the original's id as on Discord.
fn webhook_message(state: &mut FakeState, token: &str, kind: SentKind, body: Body) -> Response {
    let Some(&(interaction_id, channel_id)) = state.interactions.get(token) else {
        return error(StatusCode::NOT_FOUND, "Unknown Webhook");
    };
    let edited = match kind {
        SentKind::EditOriginal => state
            .originals
            .get(token)
            .and_then(|message| message["id"].as_str().and_then(|id| id.parse::<u64>().ok())),
        _ => None,
    };
    let message = webhook_made(record(
        state,
        kind,
        channel_id,
        Some(interaction_id),
        edited,
        body,
    ));
    if kind == SentKind::EditOriginal {
        state.originals.insert(token.to_owned(), message.clone());
    }
    ok(message)
}

fn overwrite_commands(state: &mut FakeState, guild: Option<u64>, json: Value) -> Response {
    let mut commands = Vec::new();
    for mut command in array(&json) {
        // `default_member_permissions` is a `?string`: a permission bit set
        // written in decimal, or null (everyone).
        let permissions = &command["default_member_permissions"];
        let valid = permissions.is_null()
            || permissions
                .as_str()
                .is_some_and(|bits| !bits.is_empty() && bits.parse::<u64>().is_ok());
        if !valid {
            return error(
                StatusCode::BAD_REQUEST,
                "Invalid Form Body: default_member_permissions",
            );
        }
        command["id"] = json!(state.next_id().to_string());
        command["application_id"] = json!(payloads::APPLICATION_ID.to_string());
        command["version"] = json!("1");
        if command["type"].is_null() {
            command["type"] = json!(1);
        }
        if command["description"].is_null() {
            command["description"] = json!("");
        }
        commands.push(command);
    }
    state.commands.insert(guild, commands.clone());
    ok(Value::Array(commands))
}

fn ok(value: Value) -> Response {
    let mut response = axum::Json(value).into_response();
    rate_limit_headers(response.headers_mut(), 4, 1.0);
    response
}

fn rate_limit_headers(headers: &mut HeaderMap, remaining: u32, reset_after: f64) {
    let mut put = |name: &'static str, value: String| {
        headers.insert(name, HeaderValue::from_str(&value).expect("ascii header"));
    };
    put("x-ratelimit-limit", "5".into());
    put("x-ratelimit-remaining", remaining.to_string());
    put("x-ratelimit-reset-after", format!("{reset_after:.3}"));
    put("x-ratelimit-bucket", "fake-bucket".into());
}

/// A Discord-shaped answer for an injected failure.
fn failure_response(failure: Failure) -> Response {
    match failure {
        Failure::Status429 { retry_after } => {
            let body = json!({ "message": "You are being rate limited.", "retry_after": retry_after, "global": false });
            let mut response = (StatusCode::TOO_MANY_REQUESTS, axum::Json(body)).into_response();
            let headers = response.headers_mut();
            rate_limit_headers(headers, 0, retry_after);
            headers.insert(
                "retry-after",
                HeaderValue::from_str(&format!("{retry_after}")).expect("ascii"),
            );
            headers.insert("x-ratelimit-scope", HeaderValue::from_static("user"));
            response
        }
        Failure::Status403 { code } => {
            let body = json!({ "message": "Cannot send messages to this user", "code": code });
            (StatusCode::FORBIDDEN, axum::Json(body)).into_response()
        }
        Failure::Status500 | Failure::Status500AfterCommit => {
            error(StatusCode::INTERNAL_SERVER_ERROR, "Internal Server Error")
        }
    }
}

fn error(status: StatusCode, message: &str) -> Response {
    (
        status,
        axum::Json(payloads::error(status.as_u16(), message)),
    )
        .into_response()
}

/// Discord's model of message components: at most five action rows (of
/// type one) of at most five buttons (of type two) each; a button's label
/// at most 80 characters; a link button (style 5) has a `url` (http or
/// https) and no `custom_id`, every other style a `custom_id` of at most
/// 100 characters and no `url`.
fn check_components(components: &Value) -> Result<(), String> {
    let Some(rows) = components.as_array() else {
        return Ok(());
    };
    if rows.len() > 5 {
        return Err("components: at most 5 rows".into());
    }
    for row in rows {
        let buttons = row["components"].as_array().cloned().unwrap_or_default();
        if row["type"] != 1 || buttons.len() > 5 {
            return Err("components: an action row of at most 5".into());
        }
        for button in &buttons {
            check_button(button)?;
        }
    }
    Ok(())
}

fn check_button(button: &Value) -> Result<(), String> {
    if button["type"] != 2 {
        return Err("components.type: a button is expected".into());
    }
    if button["label"]
        .as_str()
        .is_some_and(|label| label.chars().count() > 80)
    {
        return Err("label: at most 80 characters".into());
    }
    let custom_id = button["custom_id"].as_str();
    let url = button["url"].as_str();
    match button["style"].as_u64() {
        Some(5) => {
            let web =
                url.is_some_and(|url| url.starts_with("https://") || url.starts_with("http://"));
            if !web || custom_id.is_some() {
                return Err("a link button needs a url and no custom_id".into());
            }
        }
        Some(1..=4) => {
            let fits = custom_id.is_some_and(|id| !id.is_empty() && id.chars().count() <= 100);
            if !fits || url.is_some() {
                return Err("a button needs a custom_id of 1 to 100 characters and no url".into());
            }
        }
        _ => return Err("style: 1 to 5".into()),
    }
    Ok(())
}

/// The fake refuses the components Discord refuses (issue [touch]).
#[test]
fn components_are_checked_like_discord() {
    let row = |button: Value| json!([{ "type": 1, "components": [button] }]);
    let link =
        row(json!({ "type": 2, "style": 5, "label": "Board", "url": "https://b.example/touch/1" }));
    assert_eq!(check_components(&link), Ok(()));
    let link_with_id = row(
        json!({ "type": 2, "style": 5, "label": "Board", "url": "https://b.example", "custom_id": "x" }),
    );
    assert!(check_components(&link_with_id).is_err());
    let link_without_url = row(json!({ "type": 2, "style": 5, "label": "Board" }));
    assert!(check_components(&link_without_url).is_err());
    let command = row(json!({ "type": 2, "style": 1, "label": "Board", "custom_id": "/board 1" }));
    assert_eq!(check_components(&command), Ok(()));
    let command_with_url = row(
        json!({ "type": 2, "style": 1, "label": "Board", "custom_id": "/board 1", "url": "https://b.example" }),
    );
    assert!(check_components(&command_with_url).is_err());
}
