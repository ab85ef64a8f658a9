//! Who stands behind a touch request, and whether it may be heard: the
//! pass or Telegram `initData` that names the player, the game's state,
//! the request's origin, and the player's request budget (kept in the
//! database, so that several processes share it).

use axum::http::header::{CONTENT_TYPE, HOST, ORIGIN};
use axum::http::{HeaderMap, StatusCode};
use chrono::{DateTime, Duration, Utc};

use crate::app::touch::init_data::telegram_user;
use crate::app::touch::{PassError, moves_in};
use crate::store::{Account, GameId, GameRecord, Platform, Player, PlayerId, StoreError};

use super::TouchSite;

/// Requests one player may make in [`WINDOW`]: far more than anyone
/// taps, far fewer than a script would send.
pub(crate) const PER_WINDOW: i64 = 12;

/// The window [`PER_WINDOW`] counts in.
pub(crate) const WINDOW: Duration = Duration::minutes(1);

/// The player behind a request, the account their command comes from, and
/// the game, which they play and which is not over.
pub(crate) struct Entrant {
    pub(crate) player: Player,
    pub(crate) account: Account,
    pub(crate) game: GameRecord,
}

/// Why a request is refused: its status and the catalog message.
pub(crate) type Refused = (StatusCode, &'static str);

/// What names the player: the link's pass, or the Mini App's `initData`
/// (with the pass, when both come, naming the same player).
pub(crate) struct Credentials<'a> {
    pub(crate) pass: Option<&'a str>,
    pub(crate) init_data: Option<&'a str>,
}

/// The entrant of `game` by `credentials` at `now`; `Ok(Err(…))` when
/// refused, `Err` when the store failed.
pub(crate) async fn entrant(
    site: &TouchSite,
    game: GameId,
    credentials: Credentials<'_>,
    now: DateTime<Utc>,
) -> Result<Result<Entrant, Refused>, StoreError> {
    const PASS: Refused = (StatusCode::FORBIDDEN, "touch-refused-pass");
    let mut tx = site.app.db().read().await?;
    let pass = credentials
        .pass
        .filter(|pass| !pass.is_empty())
        .map(|pass| site.key.read(pass, now));
    let account = if let Some(data) = credentials.init_data.filter(|data| !data.is_empty()) {
        let account = match telegram_account(site, &mut tx, data, now).await? {
            Ok(account) => account,
            Err(refused) => return Ok(Err(refused)),
        };
        match pass {
            None => {}
            Some(Ok(pass)) if pass.player == account.player_id && pass.game == game => {}
            Some(_) => return Ok(Err(PASS)),
        }
        account
    } else {
        let pass = match pass {
            Some(Ok(pass)) if pass.game == game => pass,
            Some(Err(PassError::Expired)) => {
                return Ok(Err((StatusCode::FORBIDDEN, "touch-refused-expired")));
            }
            _ => return Ok(Err(PASS)),
        };
        match tx.accounts_of(pass.player).await?.into_iter().next() {
            Some(account) => account,
            None => return Ok(Err(PASS)),
        }
    };
    let record = match tx.game(game).await {
        Ok(record) => record,
        Err(StoreError::NotFound { .. }) => {
            return Ok(Err((StatusCode::NOT_FOUND, PASS.1)));
        }
        Err(other) => return Err(other),
    };
    if !(record.white == account.player_id || record.black == account.player_id) {
        return Ok(Err(PASS));
    }
    if !moves_in(&record, account.player_id) {
        return Ok(Err((StatusCode::GONE, "touch-refused-over")));
    }
    let player = tx.player(account.player_id).await?;
    tx.rollback().await?;
    Ok(Ok(Entrant {
        player,
        account,
        game: record,
    }))
}

/// The Telegram account `init_data` vouches for, if it holds and the
/// account is known.
async fn telegram_account(
    site: &TouchSite,
    tx: &mut crate::store::Tx,
    init_data: &str,
    now: DateTime<Utc>,
) -> Result<Result<Account, Refused>, StoreError> {
    const REFUSED: Refused = (StatusCode::FORBIDDEN, "touch-refused-telegram");
    let Some(token) = site.telegram_token.as_deref() else {
        return Ok(Err(REFUSED));
    };
    let Ok(user) = telegram_user(init_data, token, now) else {
        return Ok(Err(REFUSED));
    };
    Ok(tx
        .account(Platform::Telegram, &user.to_string())
        .await?
        .ok_or(REFUSED))
}

/// Whether a state-changing request may come from the board page: JSON
/// (which an HTML form of another site cannot send without the browser
/// asking first, and this server answers no such question), not marked
/// cross-site by the browser, and from this host when it names an origin.
pub(crate) fn same_site(headers: &HeaderMap) -> bool {
    let text = |name| headers.get(name).and_then(|value| value.to_str().ok());
    let json = text(CONTENT_TYPE)
        .is_some_and(|kind| kind.split(';').next().map(str::trim) == Some("application/json"));
    let fetched_from = text(axum::http::HeaderName::from_static("sec-fetch-site"));
    let not_cross = !matches!(fetched_from, Some("cross-site"));
    let origin_ok = match text(ORIGIN) {
        None => true,
        Some(origin) => {
            let authority = url::Url::parse(origin).ok().map(|url| {
                let host = url.host_str().unwrap_or_default().to_owned();
                match url.port() {
                    Some(port) => format!("{host}:{port}"),
                    None => host,
                }
            });
            authority.is_some() && authority.as_deref() == text(HOST)
        }
    };
    json && not_cross && origin_ok
}

/// Whether `player` may make another request at `now`, counting it in
/// the budget all processes on the database share (`touch_budget`).
pub(crate) async fn admit(
    db: &crate::store::Db,
    player: PlayerId,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let mut tx = db.begin().await?;
    let used = tx.count_touch_request(player, now, WINDOW).await?;
    tx.commit().await?;
    Ok(used <= PER_WINDOW)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(*name, HeaderValue::from_static(value));
        }
        map
    }

    #[test]
    fn only_json_from_this_host_is_heard() {
        let json = ("content-type", "application/json");
        assert!(same_site(&headers(&[json, ("host", "b.example")])));
        let own = headers(&[
            json,
            ("host", "b.example:8080"),
            ("origin", "https://b.example:8080"),
        ]);
        assert!(same_site(&own));
        let form = headers(&[("content-type", "application/x-www-form-urlencoded")]);
        assert!(!same_site(&form));
        let foreign = headers(&[
            json,
            ("host", "b.example"),
            ("origin", "https://evil.example"),
        ]);
        assert!(!same_site(&foreign));
        let marked = headers(&[json, ("sec-fetch-site", "cross-site")]);
        assert!(!same_site(&marked));
        let null = headers(&[json, ("host", "b.example"), ("origin", "null")]);
        assert!(!same_site(&null));
    }
}
