//! JSON shapes of the Bot API objects the fake returns.

use serde_json::{Value, json};

use super::{BOT_USER_ID, FakeUser, SentButton};

/// A fixed Unix time for every message (the fake keeps no calendar).
pub const DATE: i64 = 1_767_225_600;

/// A `User` object for a human user.
pub fn user(user: &FakeUser) -> Value {
    json!({
        "id": user.id,
        "is_bot": false,
        "first_name": user.first_name,
        "username": user.username,
        "language_code": user.language_code,
    })
}

/// The bot's own `User` object, with the extra fields of `getMe`.
pub fn me() -> Value {
    json!({
        "id": BOT_USER_ID,
        "is_bot": true,
        "first_name": "corrbot test",
        "username": "corrbot_test_bot",
        "can_join_groups": true,
        "can_read_all_group_messages": false,
        "supports_inline_queries": false,
        "can_connect_to_business": false,
        "has_main_web_app": false,
    })
}

fn bot_user() -> Value {
    json!({ "id": BOT_USER_ID, "is_bot": true, "first_name": "corrbot test", "username": "corrbot_test_bot" })
}

/// A `Chat` object: private for positive ids, a supergroup for ids below
/// -10^12 (Telegram's `-100…` form), a basic group otherwise.
pub fn chat(chat_id: i64) -> Value {
    if chat_id > 0 {
        json!({ "id": chat_id, "type": "private", "first_name": format!("user{chat_id}") })
    } else if chat_id < -1_000_000_000_000 {
        json!({ "id": chat_id, "type": "supergroup", "title": format!("supergroup{chat_id}") })
    } else {
        json!({ "id": chat_id, "type": "group", "title": format!("group{chat_id}") })
    }
}

/// A text message written by `from` in `chat_id`.
pub fn user_message(chat_id: i64, from: &FakeUser, message_id: i64, text: &str) -> Value {
    json!({
        "message_id": message_id,
        "date": DATE,
        "chat": chat(chat_id),
        "from": user(from),
        "text": text,
    })
}

/// A message the bot wrote; `text` is its text (or caption) and `extra`
/// holds further fields such as `photo`, `document`, `caption`.
pub fn bot_message(
    chat_id: i64,
    message_id: i64,
    text: Option<&str>,
    extra: Option<Value>,
) -> Value {
    let mut message = json!({
        "message_id": message_id,
        "date": DATE,
        "chat": chat(chat_id),
        "from": bot_user(),
    });
    if let Some(text) = text {
        message["text"] = json!(text);
    }
    if let Some(Value::Object(fields)) = extra {
        for (key, value) in fields {
            message[key] = value;
        }
    }
    message
}

/// The `PhotoSize` list for an uploaded image: a thumbnail and the full size.
pub fn photo_sizes(file_id: &str, bytes: &[u8]) -> Value {
    let (width, height) = png_size(bytes).unwrap_or((0, 0));
    json!([
        {
            "file_id": format!("{file_id}-thumb"),
            "file_unique_id": format!("u{file_id}-thumb"),
            "width": width.min(90),
            "height": height.min(90),
            "file_size": 1024,
        },
        {
            "file_id": file_id,
            "file_unique_id": format!("u{file_id}"),
            "width": width,
            "height": height,
            "file_size": bytes.len(),
        },
    ])
}

/// An `Animation` object for an uploaded GIF: its size from the logical
/// screen descriptor; the fake does not count the frames' duration.
pub fn animation(file_id: &str, file_name: Option<&str>, bytes: &[u8]) -> Value {
    let half = |at: usize| {
        bytes
            .get(at..at + 2)
            .map_or(0, |b| u16::from_le_bytes([b[0], b[1]]))
    };
    json!({
        "file_id": file_id,
        "file_unique_id": format!("u{file_id}"),
        "width": half(6),
        "height": half(8),
        "duration": 0,
        "file_name": file_name,
        "mime_type": "image/gif",
        "file_size": bytes.len(),
    })
}

/// A `Document` object.
pub fn document(file_id: &str, file_name: Option<&str>, size: usize) -> Value {
    json!({
        "file_id": file_id,
        "file_unique_id": format!("u{file_id}"),
        "file_name": file_name,
        "file_size": size,
    })
}

/// Width and height from a PNG's IHDR chunk.
fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    const SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
    if bytes.len() < 24 || !bytes.starts_with(SIGNATURE) {
        return None;
    }
    let width = u32::from_be_bytes(bytes[16..20].try_into().ok()?);
    let height = u32::from_be_bytes(bytes[20..24].try_into().ok()?);
    Some((width, height))
}

/// Reads `reply_markup.inline_keyboard` into button rows.
pub fn buttons(reply_markup: Option<&Value>) -> Vec<Vec<SentButton>> {
    let Some(rows) = reply_markup
        .and_then(|markup| markup.get("inline_keyboard"))
        .and_then(Value::as_array)
    else {
        return Vec::new();
    };
    rows.iter()
        .map(|row| {
            row.as_array()
                .map(|buttons| buttons.iter().map(button).collect())
                .unwrap_or_default()
        })
        .collect()
}

fn button(value: &Value) -> SentButton {
    SentButton {
        text: value["text"].as_str().unwrap_or_default().to_owned(),
        callback_data: value["callback_data"].as_str().map(str::to_owned),
        url: value["url"].as_str().map(str::to_owned),
        web_app: value["web_app"]["url"].as_str().map(str::to_owned),
    }
}

/// The optional fields of Telegram's `InlineKeyboardButton` (aiogram's
/// model), of which a button uses exactly one.
const BUTTON_KINDS: [&str; 10] = [
    "url",
    "callback_data",
    "web_app",
    "login_url",
    "switch_inline_query",
    "switch_inline_query_current_chat",
    "switch_inline_query_chosen_chat",
    "copy_text",
    "callback_game",
    "pay",
];

/// Checks an inline keyboard as the Bot API does: every button has a text
/// and exactly one kind; `callback_data` of 1 to 64 bytes; a `url` that is
/// an http, https or tg address; a `web_app` (`WebAppInfo`) with an https
/// `url`, and only in a private chat (`private`).
pub fn check_keyboard(reply_markup: Option<&Value>, private: bool) -> Result<(), String> {
    let Some(rows) = reply_markup.and_then(|markup| markup.get("inline_keyboard")) else {
        return Ok(());
    };
    let rows = rows.as_array().ok_or("can't parse inline keyboard")?;
    for button in rows
        .iter()
        .flat_map(|row| row.as_array().cloned().unwrap_or_default())
    {
        if button["text"].as_str().is_none_or(str::is_empty) {
            return Err("can't parse inline keyboard button: text is empty".into());
        }
        let kinds = BUTTON_KINDS
            .iter()
            .filter(|kind| button.get(**kind).is_some())
            .count();
        if kinds != 1 {
            return Err("can't parse inline keyboard button: exactly one of the optional fields must be used".into());
        }
        if let Some(data) = button.get("callback_data") {
            let bytes = data.as_str().map_or(0, str::len);
            if !(1..=64).contains(&bytes) {
                return Err("BUTTON_DATA_INVALID".into());
            }
        }
        if let Some(url) = button.get("url") {
            let ok = url
                .as_str()
                .and_then(|url| url::Url::parse(url).ok())
                .is_some_and(|url| matches!(url.scheme(), "http" | "https" | "tg"));
            if !ok {
                return Err("BUTTON_URL_INVALID".into());
            }
        }
        if let Some(web_app) = button.get("web_app") {
            let https = web_app["url"]
                .as_str()
                .is_some_and(|url| url.starts_with("https://"));
            if !https {
                return Err("BUTTON_URL_INVALID".into());
            }
            if !private {
                return Err("BUTTON_TYPE_INVALID".into());
            }
        }
    }
    Ok(())
}

/// A successful response envelope.
pub fn ok(result: Value) -> Value {
    json!({ "ok": true, "result": result })
}

/// An error response envelope.
pub fn error(code: u16, description: &str, retry_after: Option<u32>) -> Value {
    let mut body = json!({ "ok": false, "error_code": code, "description": description });
    if let Some(seconds) = retry_after {
        body["parameters"] = json!({ "retry_after": seconds });
    }
    body
}

/// The fake refuses the keyboards the Bot API refuses (issue [touch]).
#[test]
fn keyboards_are_checked_like_the_bot_api() {
    let markup = |button: Value| json!({ "inline_keyboard": [[button]] });
    let web_app =
        markup(json!({ "text": "Board", "web_app": { "url": "https://b.example/touch/1" } }));
    assert_eq!(check_keyboard(Some(&web_app), true), Ok(()));
    let in_group = check_keyboard(Some(&web_app), false);
    assert_eq!(in_group, Err("BUTTON_TYPE_INVALID".to_owned()));
    let plain =
        markup(json!({ "text": "Board", "web_app": { "url": "http://b.example/touch/1" } }));
    assert_eq!(
        check_keyboard(Some(&plain), true),
        Err("BUTTON_URL_INVALID".to_owned())
    );
    let link = markup(json!({ "text": "Board", "url": "http://b.example/touch/1" }));
    assert_eq!(check_keyboard(Some(&link), false), Ok(()));
    let two =
        markup(json!({ "text": "Board", "url": "https://b.example", "callback_data": "/board" }));
    assert!(check_keyboard(Some(&two), true).is_err());
    let none = markup(json!({ "text": "Board" }));
    assert!(check_keyboard(Some(&none), true).is_err());
}
