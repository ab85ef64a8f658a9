//! The fake's HTTP side: routing, body parsing and the Bot API methods.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Path, Request, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::any;
use serde_json::{Map, Value, json};
use tokio::task::JoinHandle;
use tokio::time::Instant;

use super::{
    AnsweredCallback, Edit, FAKE_TOKEN, Failure, Inner, SentFile, SentKind, SentMessage, Shared,
    json,
};

/// A method's answer: HTTP status and JSON body.
type Answer = (StatusCode, Value);

/// Request parameters from a JSON or multipart body.
#[derive(Default)]
struct Params {
    fields: Map<String, Value>,
    /// Multipart file parts by part name: (file name, bytes).
    files: HashMap<String, (Option<String>, Vec<u8>)>,
}

impl Params {
    fn str(&self, key: &str) -> Option<&str> {
        self.fields.get(key).and_then(Value::as_str)
    }

    fn i64(&self, key: &str) -> Option<i64> {
        match self.fields.get(key)? {
            Value::Number(number) => number.as_i64(),
            Value::String(text) => text.parse().ok(),
            _ => None,
        }
    }

    fn reply_markup(&self) -> Option<&Value> {
        self.fields.get("reply_markup")
    }
}

/// Binds `127.0.0.1:0` and serves the fake until the handle is aborted.
pub async fn spawn(shared: Arc<Shared>) -> (SocketAddr, JoinHandle<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind fake telegram");
    let addr = listener.local_addr().expect("fake telegram address");
    let app = Router::new()
        .route("/{token}/{method}", any(handle))
        .with_state(shared);
    let server = tokio::spawn(async move {
        axum::serve(listener, app)
            .await
            .expect("fake telegram server");
    });
    (addr, server)
}

async fn handle(
    State(shared): State<Arc<Shared>>,
    Path((token, method)): Path<(String, String)>,
    request: Request,
) -> Response {
    let received_at = Instant::now();
    if token != format!("bot{FAKE_TOKEN}") {
        return reply((
            StatusCode::UNAUTHORIZED,
            json::error(401, "Unauthorized", None),
        ));
    }
    let params = match parse_params(request).await {
        Ok(params) => params,
        Err(problem) => return reply(bad_request(&problem)),
    };
    let method = canonical_method(&method);
    let answer = if method == "getUpdates" {
        get_updates(&shared, &params).await
    } else {
        call(&shared, &method, &params, received_at)
    };
    shared.recorded.notify_waiters();
    reply(answer)
}

fn reply((status, body): Answer) -> Response {
    (status, axum::Json(body)).into_response()
}

fn bad_request(problem: &str) -> Answer {
    let description = format!("Bad Request: {problem}");
    (
        StatusCode::BAD_REQUEST,
        json::error(400, &description, None),
    )
}

async fn parse_params(request: Request) -> Result<Params, String> {
    let content_type = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    if content_type.starts_with("multipart/form-data") {
        let multipart = Multipart::from_request(request, &())
            .await
            .map_err(|rejection| rejection.body_text())?;
        return parse_multipart(multipart).await;
    }
    let body = Bytes::from_request(request, &())
        .await
        .map_err(|rejection| rejection.body_text())?;
    if body.is_empty() {
        return Ok(Params::default());
    }
    match serde_json::from_slice(&body) {
        Ok(Value::Object(fields)) => Ok(Params {
            fields,
            ..Params::default()
        }),
        _ => Err("body is not a JSON object".to_owned()),
    }
}

async fn parse_multipart(mut multipart: Multipart) -> Result<Params, String> {
    let mut params = Params::default();
    while let Some(field) = multipart.next_field().await.map_err(|e| e.body_text())? {
        let name = field.name().unwrap_or_default().to_owned();
        let file_name = field.file_name().map(str::to_owned);
        let bytes = field.bytes().await.map_err(|e| e.body_text())?;
        if file_name.is_some() {
            params.files.insert(name, (file_name, bytes.to_vec()));
            continue;
        }
        let text = String::from_utf8_lossy(&bytes).into_owned();
        // teloxide serialises nested values (reply_markup, entities) as JSON text.
        let value = match text.chars().next() {
            Some('{' | '[') => serde_json::from_str(&text).unwrap_or(Value::String(text)),
            _ => Value::String(text),
        };
        params.fields.insert(name, value);
    }
    Ok(params)
}

/// Long polling: confirms updates below `offset`, then answers with queued
/// updates at once or waits on the fake's notification until `timeout`.
async fn get_updates(shared: &Shared, params: &Params) -> Answer {
    let offset = params.i64("offset").unwrap_or(0);
    let limit = params.i64("limit").unwrap_or(100).clamp(1, 100) as usize;
    let timeout = params.i64("timeout").unwrap_or(0).max(0) as u64;
    let deadline = Instant::now() + Duration::from_secs(timeout);
    loop {
        let notified = shared.updates_ready.notified();
        let mut notified = std::pin::pin!(notified);
        notified.as_mut().enable();
        let batch = {
            let mut inner = shared.lock();
            inner.method_calls.push("getUpdates".to_owned());
            inner
                .pending
                .retain(|update| update["update_id"].as_i64().unwrap_or(0) >= offset);
            let mut batch: Vec<Value> = inner.redeliveries.drain(..).collect();
            batch.extend(inner.pending.iter().take(limit).cloned());
            batch
        };
        shared.recorded.notify_waiters();
        if !batch.is_empty() {
            return (StatusCode::OK, json::ok(Value::Array(batch)));
        }
        if tokio::time::timeout_at(deadline, notified).await.is_err() {
            return (StatusCode::OK, json::ok(json!([])));
        }
    }
}

/// Methods the fake knows, in the Bot API's spelling.
const KNOWN_METHODS: [&str; 14] = [
    "getMe",
    "getWebhookInfo",
    "deleteWebhook",
    "setWebhook",
    "getUpdates",
    "sendMessage",
    "sendPhoto",
    "sendAnimation",
    "sendDocument",
    "editMessageText",
    "editMessageReplyMarkup",
    "answerCallbackQuery",
    "setMyCommands",
    "getChat",
];

/// Telegram matches method names case-insensitively (teloxide sends
/// `GetMe`); the fake records them in the Bot API's spelling.
fn canonical_method(method: &str) -> String {
    KNOWN_METHODS
        .iter()
        .find(|known| known.eq_ignore_ascii_case(method))
        .map_or_else(|| method.to_owned(), |known| (*known).to_owned())
}

const SEND_METHODS: [&str; 4] = ["sendMessage", "sendPhoto", "sendAnimation", "sendDocument"];
const NEVER_FAILING: [&str; 3] = ["getMe", "getWebhookInfo", "deleteWebhook"];

/// Every method but `getUpdates`: records arrival, applies injected
/// failures, then runs the method.
fn call(shared: &Shared, method: &str, params: &Params, received_at: Instant) -> Answer {
    let mut inner = shared.lock();
    inner.method_calls.push(method.to_owned());
    if SEND_METHODS.contains(&method) {
        let chat_id = params.i64("chat_id").unwrap_or(0);
        inner.send_receipts.push((received_at, chat_id));
    }
    if !NEVER_FAILING.contains(&method)
        && let Some(failure) = inner.failures.pop_front()
    {
        inner.failed_attempts += 1;
        return failure_answer(failure);
    }
    match method {
        "getMe" => (StatusCode::OK, json::ok(json::me())),
        "getWebhookInfo" => (
            StatusCode::OK,
            json::ok(
                json!({ "url": "", "has_custom_certificate": false, "pending_update_count": 0 }),
            ),
        ),
        "deleteWebhook" | "setWebhook" => (StatusCode::OK, json::ok(json!(true))),
        "sendMessage" => send(&mut inner, SentKind::Text, params),
        "sendPhoto" => send(&mut inner, SentKind::Photo, params),
        "sendAnimation" => send(&mut inner, SentKind::Animation, params),
        "sendDocument" => send(&mut inner, SentKind::Document, params),
        "editMessageText" | "editMessageReplyMarkup" => edit(&mut inner, params),
        "answerCallbackQuery" => answer_callback(&mut inner, params),
        "setMyCommands" => set_commands(&mut inner, params),
        _ => (StatusCode::NOT_FOUND, json::error(404, "Not Found", None)),
    }
}

fn failure_answer(failure: Failure) -> Answer {
    match failure {
        Failure::Status429 { retry_after } => (
            StatusCode::TOO_MANY_REQUESTS,
            json::error(
                429,
                &format!("Too Many Requests: retry after {retry_after}"),
                Some(retry_after),
            ),
        ),
        Failure::Status500 => (
            StatusCode::INTERNAL_SERVER_ERROR,
            json::error(500, "Internal Server Error", None),
        ),
    }
}

fn send(inner: &mut Inner, kind: SentKind, params: &Params) -> Answer {
    let Some(chat_id) = params.i64("chat_id") else {
        return bad_request("chat not found");
    };
    if inner.closed_chats.contains(&chat_id) {
        let forbidden = "Forbidden: bot can't initiate conversation with a user";
        return (StatusCode::FORBIDDEN, json::error(403, forbidden, None));
    }
    if let Err(problem) = json::check_keyboard(params.reply_markup(), chat_id > 0) {
        return bad_request(&problem);
    }
    let (text, file, extra) = match kind {
        SentKind::Text => match params.str("text") {
            Some(text) if text.chars().count() > MAX_TEXT_CHARS => {
                return bad_request("message is too long");
            }
            Some(text) if !text.is_empty() => (Some(text.to_owned()), None, None),
            _ => return bad_request("message text is empty"),
        },
        SentKind::Photo | SentKind::Animation | SentKind::Document => {
            match media(inner, kind, params) {
                Ok((file, extra)) => (params.str("caption").map(str::to_owned), Some(file), extra),
                Err(problem) => return bad_request(&problem),
            }
        }
    };
    let message_id = inner.take_message_id();
    let mut extra = extra.unwrap_or_else(|| json!({}));
    if let Some(markup) = params.reply_markup() {
        extra["reply_markup"] = markup.clone();
    }
    let body_text = if kind == SentKind::Text {
        text.as_deref()
    } else {
        None
    };
    if kind != SentKind::Text
        && let Some(caption) = &text
    {
        extra["caption"] = json!(caption);
    }
    let message = json::bot_message(chat_id, message_id, body_text, Some(extra));
    inner.sent.push(SentMessage {
        kind,
        chat_id,
        message_id,
        text,
        file,
        buttons: json::buttons(params.reply_markup()),
        parse_mode: params.str("parse_mode").map(str::to_owned),
    });
    (StatusCode::OK, json::ok(message))
}

/// Resolves the `photo` / `document` field: an `attach://` reference, a
/// part named like the field, or a file id the fake issued earlier.
fn media(
    inner: &mut Inner,
    kind: SentKind,
    params: &Params,
) -> Result<(SentFile, Option<Value>), String> {
    let field = match kind {
        SentKind::Photo => "photo",
        SentKind::Animation => "animation",
        _ => "document",
    };
    let value = params.str(field);
    let upload = match value.and_then(|v| v.strip_prefix("attach://")) {
        Some(part) => Some(params.files.get(part).ok_or("attached part is missing")?),
        None => params.files.get(field),
    };
    let Some((file_name, bytes)) = upload else {
        let file_id = value.ok_or("there is no file in the request")?;
        if !inner.files.contains_key(file_id) {
            return Err("wrong file identifier/HTTP URL specified".to_owned());
        }
        let bytes = inner.files[file_id].clone();
        let extra = media_json(kind, file_id, None, &bytes);
        return Ok((
            SentFile::Reused {
                file_id: file_id.to_owned(),
            },
            Some(extra),
        ));
    };
    let prefix = match kind {
        SentKind::Photo => "photo",
        SentKind::Animation => "anim",
        _ => "doc",
    };
    let file_id = inner.issue_file_id(prefix, bytes);
    if kind == SentKind::Photo {
        inner
            .files
            .insert(format!("{file_id}-thumb"), bytes.clone());
    }
    let extra = media_json(kind, &file_id, file_name.as_deref(), bytes);
    let file = SentFile::Uploaded {
        bytes: bytes.clone(),
        file_name: file_name.clone(),
        file_id,
    };
    Ok((file, Some(extra)))
}

fn media_json(kind: SentKind, file_id: &str, file_name: Option<&str>, bytes: &[u8]) -> Value {
    match kind {
        SentKind::Photo => json!({ "photo": json::photo_sizes(file_id, bytes) }),
        // The Bot API sets `document` beside `animation` for compatibility.
        SentKind::Animation => json!({
            "animation": json::animation(file_id, file_name, bytes),
            "document": json::document(file_id, file_name, bytes.len()),
        }),
        _ => json!({ "document": json::document(file_id, file_name, bytes.len()) }),
    }
}

fn edit(inner: &mut Inner, params: &Params) -> Answer {
    let (Some(chat_id), Some(message_id)) = (params.i64("chat_id"), params.i64("message_id"))
    else {
        return bad_request("message to edit not found");
    };
    let text = params.str("text").map(str::to_owned);
    inner.edits.push(Edit {
        chat_id,
        message_id,
        text: text.clone(),
        buttons: json::buttons(params.reply_markup()),
    });
    let extra = params
        .reply_markup()
        .map(|markup| json!({ "reply_markup": markup }));
    let message = json::bot_message(chat_id, message_id, text.as_deref(), extra);
    (StatusCode::OK, json::ok(message))
}

fn answer_callback(inner: &mut Inner, params: &Params) -> Answer {
    let Some(id) = params.str("callback_query_id") else {
        return bad_request("query is too old and response timeout expired or query ID is invalid");
    };
    inner.answered.push(AnsweredCallback {
        callback_query_id: id.to_owned(),
        text: params.str("text").map(str::to_owned),
    });
    (StatusCode::OK, json::ok(json!(true)))
}

/// Telegram's longest message text (after entities parsing), in characters.
const MAX_TEXT_CHARS: usize = 4096;

/// `setMyCommands` as the Bot API documents it: 1–100 commands, each
/// `command` 1–32 characters of `a-z`, `0-9` and `_`, each `description`
/// 1–256 characters; an optional `scope` (a `BotCommandScope` object:
/// `default`, `all_private_chats`, `all_group_chats`,
/// `all_chat_administrators`, or `chat` / `chat_administrators` with a
/// `chat_id`, or `chat_member` with `chat_id` and `user_id`) and an
/// optional `language_code` (two-letter ISO 639-1, or empty).
fn set_commands(inner: &mut Inner, params: &Params) -> Answer {
    let Some(commands) = params.fields.get("commands").and_then(Value::as_array) else {
        return bad_request("commands must be an array");
    };
    if let Err(problem) = validate_commands(commands) {
        return bad_request(&problem);
    }
    let scope = match scope_key(params.fields.get("scope")) {
        Ok(scope) => scope,
        Err(problem) => return bad_request(&problem),
    };
    let language = params.str("language_code").unwrap_or_default().to_owned();
    let valid_language = language.is_empty()
        || (language.len() == 2 && language.chars().all(|c| c.is_ascii_lowercase()));
    if !valid_language {
        return bad_request("language_code must be a two-letter ISO 639-1 code");
    }
    let list = commands
        .iter()
        .map(|command| {
            let name = command["command"].as_str().unwrap_or_default().to_owned();
            let description = command["description"]
                .as_str()
                .unwrap_or_default()
                .to_owned();
            (name, description)
        })
        .collect();
    inner
        .scoped_commands
        .insert((scope.clone(), language.clone()), list);
    if scope == "default" {
        let list = inner.scoped_commands[&(scope, language.clone())].clone();
        inner.commands.insert(language, list);
    }
    (StatusCode::OK, json::ok(json!(true)))
}

fn validate_commands(commands: &[Value]) -> Result<(), String> {
    if commands.is_empty() || commands.len() > 100 {
        return Err("BOT_COMMANDS_TOO_MUCH".to_owned());
    }
    for command in commands {
        let name = command["command"].as_str().unwrap_or_default();
        let name_ok = (1..=32).contains(&name.len())
            && name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        if !name_ok {
            return Err(format!("BOT_COMMAND_INVALID: {name:?}"));
        }
        let description = command["description"].as_str().unwrap_or_default();
        if !(1..=256).contains(&description.chars().count()) {
            return Err(format!("BOT_COMMAND_DESCRIPTION_INVALID: {name}"));
        }
    }
    Ok(())
}

/// The recorded key of a `BotCommandScope`: `default` (also when absent),
/// `all_private_chats` …, `chat:ID`, `chat_administrators:ID`,
/// `chat_member:ID:USER`.
fn scope_key(scope: Option<&Value>) -> Result<String, String> {
    let Some(scope) = scope else {
        return Ok("default".to_owned());
    };
    // Sent as a multipart or form field, the object arrives as JSON text.
    let scope: Value = match scope {
        Value::String(text) => serde_json::from_str(text).map_err(|e| format!("scope: {e}"))?,
        other => other.clone(),
    };
    let id = |field: &str| {
        scope[field]
            .as_i64()
            .ok_or_else(|| format!("scope {field} must be an integer"))
    };
    match scope["type"].as_str().unwrap_or_default() {
        kind
        @ ("default" | "all_private_chats" | "all_group_chats" | "all_chat_administrators") => {
            Ok(kind.to_owned())
        }
        kind @ ("chat" | "chat_administrators") => Ok(format!("{kind}:{}", id("chat_id")?)),
        "chat_member" => Ok(format!("chat_member:{}:{}", id("chat_id")?, id("user_id")?)),
        other => Err(format!("unknown BotCommandScope type {other:?}")),
    }
}
