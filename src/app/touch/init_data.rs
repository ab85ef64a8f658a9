//! Telegram Mini App `initData`, checked by Telegram's published algorithm
//! (core.telegram.org/bots/webapps, "Validating data received via the Mini
//! App"): every field but `hash`, sorted by name, `name=value` joined by
//! line feeds, signed with HMAC-SHA256 under the key
//! HMAC-SHA256(key "WebAppData", message bot token); `auth_date` no older
//! than a bound. What it yields is the Telegram user's id.

use chrono::{DateTime, Duration, Utc};
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

use super::unhex;

/// How old a Mini App's `initData` may be: a page opened from the chat
/// moves for this long, then the player opens it again.
pub const INIT_DATA_LIFETIME: Duration = Duration::hours(24);

/// Why `initData` is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InitDataError {
    /// No hash, or one that does not match: not from Telegram for this bot.
    BadHash,
    /// `auth_date` missing, in the future, or older than the bound.
    Stale,
    /// No `user` with a numeric `id`.
    NoUser,
}

/// The Telegram user id `init_data` (the query string Telegram gives the
/// Mini App) vouches for, checked against `bot_token` at `now`.
pub fn telegram_user(
    init_data: &str,
    bot_token: &str,
    now: DateTime<Utc>,
) -> Result<i64, InitDataError> {
    let mut fields: Vec<(String, String)> = url::form_urlencoded::parse(init_data.as_bytes())
        .map(|(name, value)| (name.into_owned(), value.into_owned()))
        .collect();
    let hash = fields
        .iter()
        .position(|(name, _)| name == "hash")
        .map(|at| fields.remove(at).1)
        .ok_or(InitDataError::BadHash)?;
    fields.sort();
    let check: Vec<String> = fields.iter().map(|(n, v)| format!("{n}={v}")).collect();
    let check = check.join("\n");
    let secret = hmac_of(b"WebAppData", bot_token.as_bytes())
        .finalize()
        .into_bytes();
    let expected = unhex(&hash).ok_or(InitDataError::BadHash)?;
    hmac_of(&secret, check.as_bytes())
        .verify_slice(&expected)
        .map_err(|_| InitDataError::BadHash)?;
    let field = |name: &str| fields.iter().find(|(n, _)| n == name).map(|(_, v)| v);
    let auth = field("auth_date")
        .and_then(|text| text.parse::<i64>().ok())
        .and_then(|secs| DateTime::<Utc>::from_timestamp(secs, 0))
        .ok_or(InitDataError::Stale)?;
    if auth > now + Duration::minutes(5) || now - auth > INIT_DATA_LIFETIME {
        return Err(InitDataError::Stale);
    }
    let user: serde_json::Value = field("user")
        .and_then(|text| serde_json::from_str(text).ok())
        .ok_or(InitDataError::NoUser)?;
    user["id"].as_i64().ok_or(InitDataError::NoUser)
}

fn hmac_of(key: &[u8], message: &[u8]) -> Hmac<Sha256> {
    let mut mac =
        <Hmac<Sha256> as KeyInit>::new_from_slice(key).expect("HMAC takes a key of any length");
    mac.update(message);
    mac
}

/// `initData` for `user` at `auth_date`, signed for `bot_token` as
/// Telegram signs it: what the tests' fake Telegram client sends.
pub fn sign_for_test(user: i64, auth_date: DateTime<Utc>, bot_token: &str) -> String {
    let user_json = format!(r#"{{"id":{user},"first_name":"Test"}}"#);
    let auth = auth_date.timestamp().to_string();
    let mut fields = [
        ("auth_date", auth.as_str()),
        ("query_id", "AAHdF6IQAAAAAN0XohDhrOrc"),
        ("user", user_json.as_str()),
    ];
    fields.sort();
    let check: Vec<String> = fields.iter().map(|(n, v)| format!("{n}={v}")).collect();
    let secret = hmac_of(b"WebAppData", bot_token.as_bytes())
        .finalize()
        .into_bytes();
    let hash = super::hex(
        &hmac_of(&secret, check.join("\n").as_bytes())
            .finalize()
            .into_bytes(),
    );
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    for (name, value) in fields {
        query.append_pair(name, value);
    }
    query.append_pair("hash", &hash);
    query.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    const TOKEN: &str = "123456:ABC-DEF";

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 3, 1, 12, 0, 0).unwrap()
    }

    #[test]
    fn signed_init_data_names_its_user() {
        let data = sign_for_test(42, now() - Duration::minutes(1), TOKEN);
        assert_eq!(telegram_user(&data, TOKEN, now()), Ok(42));
    }

    #[test]
    fn a_wrong_hash_another_bot_or_a_changed_user_is_refused() {
        let data = sign_for_test(42, now(), TOKEN);
        assert_eq!(
            telegram_user(&data, "999:OTHER", now()),
            Err(InitDataError::BadHash)
        );
        let changed = data.replace("%22id%22%3A42", "%22id%22%3A43");
        assert_ne!(changed, data);
        assert_eq!(
            telegram_user(&changed, TOKEN, now()),
            Err(InitDataError::BadHash)
        );
        let no_hash = data.split("&hash=").next().unwrap().to_owned();
        assert_eq!(
            telegram_user(&no_hash, TOKEN, now()),
            Err(InitDataError::BadHash)
        );
    }

    #[test]
    fn an_old_auth_date_is_refused() {
        let data = sign_for_test(42, now() - INIT_DATA_LIFETIME - Duration::seconds(1), TOKEN);
        assert_eq!(
            telegram_user(&data, TOKEN, now()),
            Err(InitDataError::Stale)
        );
    }

    /// The example of Telegram's algorithm computed independently: the
    /// hash of a known data-check-string under a known token.
    #[test]
    fn the_data_check_string_is_sorted_and_joined_by_line_feeds() {
        let data = "user=%7B%22id%22%3A7%7D&auth_date=1772366400&hash=00";
        let check = "auth_date=1772366400\nuser={\"id\":7}";
        let secret = hmac_of(b"WebAppData", TOKEN.as_bytes())
            .finalize()
            .into_bytes();
        let hash = super::super::hex(&hmac_of(&secret, check.as_bytes()).finalize().into_bytes());
        let signed = data.replace("hash=00", &format!("hash={hash}"));
        assert_eq!(telegram_user(&signed, TOKEN, now()), Ok(7));
    }
}
