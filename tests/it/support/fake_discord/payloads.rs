//! JSON bodies in the shape the real Discord API v10 sends them.
//!
//! Only the fields serenity 0.12 requires (plus a few that tests read) are
//! filled; snowflakes are strings, timestamps ISO 8601, as on the wire.

use serde_json::{Value, json};

/// The id of the fake bot's own user.
/// A user whose Discord client is in English (`locale` `en-US`); every
/// other user's is Ukrainian (`uk`).
pub const ENGLISH_USER: u64 = 7_777_777;
pub const BOT_USER_ID: u64 = 900_000_000_000_000_001;
/// The id of the fake bot's application.
pub const APPLICATION_ID: u64 = 900_000_000_000_000_002;
/// The id of the one guild the fake bot is in.
pub const GUILD_ID: u64 = 900_000_000_000_000_003;
/// The fixed timestamp every fake object carries.
pub const TIMESTAMP: &str = "2026-01-01T00:00:00.000000+00:00";

/// A user object for `id`; `bot` marks bot accounts.
pub fn user(id: u64, bot: bool) -> Value {
    json!({
        "id": id.to_string(),
        "username": format!("user{id}"),
        "global_name": null,
        "discriminator": "0",
        "avatar": null,
        "bot": bot,
    })
}

/// A guild member object wrapping [`user`], holding guild roles `roles`.
pub fn member(user_id: u64, roles: &[u64]) -> Value {
    let roles: Vec<String> = roles.iter().map(u64::to_string).collect();
    json!({
        "user": user(user_id, false),
        "roles": roles,
        "joined_at": TIMESTAMP,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "permissions": "2147483647",
    })
}

/// The READY dispatch payload for a fresh session of `shard` (`[id, total]`).
pub fn ready(session_id: &str, resume_url: &str, shard: [u32; 2]) -> Value {
    json!({
        "v": 10,
        "user": user(BOT_USER_ID, true),
        "guilds": [{ "id": GUILD_ID.to_string(), "unavailable": true }],
        "session_id": session_id,
        "resume_gateway_url": resume_url,
        "shard": shard,
        "application": { "id": APPLICATION_ID.to_string(), "flags": 0 },
    })
}

/// The fields of a message that the fake varies.
#[derive(Clone, Debug, Default)]
pub struct MessageParts {
    /// Message id.
    pub id: u64,
    /// Channel the message is in.
    pub channel_id: u64,
    /// Guild of the channel, if any.
    pub guild_id: Option<u64>,
    /// Author's user id.
    pub author_id: u64,
    /// Whether the author is a bot.
    pub author_bot: bool,
    /// Text content.
    pub content: String,
    /// Embeds as sent.
    pub embeds: Vec<Value>,
    /// Components (action rows) as sent.
    pub components: Vec<Value>,
    /// Attachments as `(id, filename, size)`.
    pub attachments: Vec<(u64, String, usize)>,
    /// The nonce the sender gave, if any.
    pub nonce: Option<String>,
    /// The author's guild roles (in a guild).
    pub roles: Vec<u64>,
    /// The message this one replies to (in the same channel), if any.
    pub replied_to: Option<u64>,
}

/// A message object; a reply is of type 19 (REPLY) with its
/// `message_reference` (type 0, DEFAULT).
pub fn message(parts: &MessageParts) -> Value {
    let attachments: Vec<Value> = parts
        .attachments
        .iter()
        .map(|(id, filename, size)| {
            json!({
                "id": id.to_string(),
                "filename": filename,
                "size": size,
                "url": format!("https://cdn.invalid/{id}/{filename}"),
                "proxy_url": format!("https://media.invalid/{id}/{filename}"),
            })
        })
        .collect();
    let mut value = json!({
        "id": parts.id.to_string(),
        "channel_id": parts.channel_id.to_string(),
        "author": user(parts.author_id, parts.author_bot),
        "content": parts.content,
        "timestamp": TIMESTAMP,
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": parts.embeds,
        "components": parts.components,
        "pinned": false,
        "type": 0,
        "nonce": parts.nonce,
    });
    if let Some(replied) = parts.replied_to {
        value["type"] = json!(19);
        let mut reference = json!({
            "type": 0,
            "message_id": replied.to_string(),
            "channel_id": parts.channel_id.to_string(),
        });
        if let Some(guild_id) = parts.guild_id {
            reference["guild_id"] = json!(guild_id.to_string());
        }
        value["message_reference"] = reference;
    }
    if let Some(guild_id) = parts.guild_id {
        value["guild_id"] = json!(guild_id.to_string());
        let roles: Vec<String> = parts.roles.iter().map(u64::to_string).collect();
        value["member"] = json!({ "roles": roles, "joined_at": TIMESTAMP, "deaf": false, "mute": false, "flags": 0 });
    }
    value
}

/// A DM channel with `recipient`.
pub fn dm_channel(id: u64, recipient: u64) -> Value {
    json!({
        "id": id.to_string(),
        "type": 1,
        "recipients": [user(recipient, false)],
        "last_message_id": null,
    })
}

/// A public thread channel under `parent_id`.
pub fn thread(id: u64, parent_id: u64, name: &str) -> Value {
    json!({
        "id": id.to_string(),
        "guild_id": GUILD_ID.to_string(),
        "parent_id": parent_id.to_string(),
        "type": 11,
        "name": name,
        "owner_id": BOT_USER_ID.to_string(),
        "thread_metadata": {
            "archived": false,
            "auto_archive_duration": 1440,
            "archive_timestamp": TIMESTAMP,
            "locked": false,
        },
        "message_count": 0,
        "member_count": 1,
    })
}

/// The fields common to every interaction object.
pub struct InteractionParts {
    /// Interaction id.
    pub id: u64,
    /// Interaction type: 2 command, 3 component, 4 autocomplete.
    pub kind: u8,
    /// The `data` object.
    pub data: Value,
    /// Channel it was used in.
    pub channel_id: u64,
    /// Guild it was used in; `None` for a DM.
    pub guild_id: Option<u64>,
    /// The user who used it.
    pub user_id: u64,
    /// The continuation token.
    pub token: String,
    /// The user's guild roles (in a guild).
    pub roles: Vec<u64>,
}

/// An interaction object; in a guild the user comes as `member`, in a DM as `user`.
pub fn interaction(parts: InteractionParts) -> Value {
    let mut value = json!({
        "id": parts.id.to_string(),
        "application_id": APPLICATION_ID.to_string(),
        "type": parts.kind,
        "data": parts.data,
        "channel_id": parts.channel_id.to_string(),
        "channel": { "id": parts.channel_id.to_string(), "type": if parts.guild_id.is_some() { 0 } else { 1 } },
        "token": parts.token,
        "version": 1,
        "app_permissions": "2147483647",
        "locale": if parts.user_id == ENGLISH_USER { "en-US" } else { "uk" },
        "entitlements": [],
        "authorizing_integration_owners": {},
        "attachment_size_limit": 10_485_760,
    });
    match parts.guild_id {
        Some(guild_id) => {
            value["guild_id"] = json!(guild_id.to_string());
            value["guild_locale"] = json!("uk");
            value["member"] = member(parts.user_id, &parts.roles);
        }
        None => value["user"] = user(parts.user_id, false),
    }
    value
}

/// The application object for `GET /oauth2/applications/@me`.
pub fn application() -> Value {
    json!({
        "id": APPLICATION_ID.to_string(),
        "name": "corrbot-test",
        "icon": null,
        "description": "",
        "bot_public": false,
        "bot_require_code_grant": false,
        "verify_key": "00",
        "flags": 0,
        "owner": user(1, false),
    })
}

/// A Discord error body, as for 4xx and 5xx answers.
pub fn error(status: u16, message: &str) -> Value {
    json!({ "message": format!("{status}: {message}"), "code": 0 })
}
