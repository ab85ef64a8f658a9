//! Moving by touch (issue [touch]): the signed pass a board link carries,
//! the per-page guard against cross-site requests, and the line `/board`
//! ends with. The web page ([`crate::web::touch`]) turns a tap into the
//! very command a player would type, through [`crate::app::service::App`].
//!
//! A pass is `player.game.expires.signature`: HMAC-SHA256 under the
//! installation's secret ([`TouchKey`]) of the player, the game and the
//! instant it expires. It moves only that player's pieces in that game,
//! expires after [`PASS_LIFETIME`], and is void once the game has ended
//! (the page reads the game's state at every use). `/board` gives a fresh
//! one. Passes and the secret are never logged.

pub mod buttons;
pub mod init_data;

use chrono::{DateTime, Duration, Utc};
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

use crate::app::actor::Actor;
use crate::app::i18n::{Args, tr, tr0};
use crate::app::outgoing::{Button, ImageRef, Outgoing};
use crate::store::{Db, GameId, GameRecord, GameStatus, PlayerId, StoreResult, Tx};

/// How long a board link moves: long enough to think over a move, short
/// enough that a forwarded link soon goes dead.
pub const PASS_LIFETIME: Duration = Duration::days(3);

/// The environment variable holding the installation's secret.
pub const SECRET_VAR: &str = "CORRBOT_SECRET";

/// The installation's secret: `CORRBOT_SECRET`, or one generated on first
/// start and kept in the database (`server_keys`), so that every process
/// on one database signs and checks alike.
#[derive(Clone)]
pub struct TouchKey {
    secret: Vec<u8>,
}

impl std::fmt::Debug for TouchKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TouchKey(…)")
    }
}

/// Why a pass is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassError {
    /// Not a pass at all, or its signature does not hold.
    Forged,
    /// Past its lifetime.
    Expired,
}

/// What a valid pass allows: `player` moves in `game`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardPass {
    /// The player it was given to.
    pub player: PlayerId,
    /// The one game it moves in.
    pub game: GameId,
}

impl TouchKey {
    /// A key of `secret`'s bytes.
    pub fn new(secret: impl AsRef<[u8]>) -> Self {
        Self {
            secret: secret.as_ref().to_vec(),
        }
    }

    /// `CORRBOT_SECRET` when set, else the secret stored in `db`, made and
    /// stored now when there is none (the first process to store it wins).
    pub async fn load(db: &Db) -> anyhow::Result<Self> {
        if let Ok(secret) = std::env::var(SECRET_VAR)
            && !secret.trim().is_empty()
        {
            return Ok(Self::new(secret.trim()));
        }
        let mut fresh = [0u8; 32];
        getrandom::fill(&mut fresh).map_err(|error| anyhow::anyhow!("random secret: {error}"))?;
        let mut tx = db.begin().await?;
        let stored = tx.server_key("touch", &hex(&fresh)).await?;
        tx.commit().await?;
        Ok(Self::new(stored))
    }

    fn mac(&self, parts: &[&str]) -> Hmac<Sha256> {
        let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(&self.secret)
            .expect("HMAC takes a key of any length");
        for part in parts {
            mac.update(part.as_bytes());
            mac.update(b"|");
        }
        mac
    }

    fn signature(&self, parts: &[&str]) -> String {
        hex(&self.mac(parts).finalize().into_bytes())
    }

    fn holds(&self, parts: &[&str], signature: &str) -> bool {
        unhex(signature).is_some_and(|bytes| self.mac(parts).verify_slice(&bytes).is_ok())
    }

    /// A pass for `player` to move in `game`, valid until
    /// [`PASS_LIFETIME`] after `now`.
    pub fn issue(&self, player: PlayerId, game: GameId, now: DateTime<Utc>) -> String {
        let expires = (now + PASS_LIFETIME).timestamp().to_string();
        let (player, game) = (player.0.to_string(), game.0.to_string());
        let signature = self.signature(&["pass", &player, &game, &expires]);
        format!("{player}.{game}.{expires}.{signature}")
    }

    /// What `pass` allows at `now`.
    pub fn read(&self, pass: &str, now: DateTime<Utc>) -> Result<BoardPass, PassError> {
        let parts: Vec<&str> = pass.split('.').collect();
        let [player, game, expires, signature] = parts[..] else {
            return Err(PassError::Forged);
        };
        if !self.holds(&["pass", player, game, expires], signature) {
            return Err(PassError::Forged);
        }
        let number = |text: &str| text.parse::<i64>().map_err(|_| PassError::Forged);
        if number(expires)? <= now.timestamp() {
            return Err(PassError::Expired);
        }
        Ok(BoardPass {
            player: PlayerId(number(player)?),
            game: GameId(number(game)?),
        })
    }

    /// A fresh per-page guard for `player`'s page of `game`: a random
    /// nonce and its signature. Only a page the server wrote carries one,
    /// so another site cannot make a request that passes.
    pub fn page_guard(&self, player: PlayerId, game: GameId) -> String {
        let mut nonce = [0u8; 16];
        // Without randomness the guard is still signed, only not unique.
        let _ = getrandom::fill(&mut nonce);
        let nonce = hex(&nonce);
        let signature =
            self.signature(&["guard", &player.0.to_string(), &game.0.to_string(), &nonce]);
        format!("{nonce}.{signature}")
    }

    /// Whether `guard` is one [`TouchKey::page_guard`] gave for this page.
    pub fn guard_holds(&self, player: PlayerId, game: GameId, guard: &str) -> bool {
        let Some((nonce, signature)) = guard.split_once('.') else {
            return false;
        };
        let (player, game) = (player.0.to_string(), game.0.to_string());
        self.holds(&["guard", &player, &game, nonce], signature)
    }
}

/// Whether `player` may move in `game` by touch: they play in it and it
/// is not over (a pass is void once its game has ended).
pub fn moves_in(game: &GameRecord, player: PlayerId) -> bool {
    (game.white == player || game.black == player) && game.status == GameStatus::Running
}

/// The address of `player`'s touch board of `game` under the site's
/// public `base`, with a fresh pass.
pub fn board_url(
    base: &url::Url,
    key: &TouchKey,
    player: PlayerId,
    game: GameId,
    now: DateTime<Utc>,
) -> String {
    let mut text = base.as_str().to_owned();
    if !text.ends_with('/') {
        text.push('/');
    }
    format!("{text}touch/{game}?t={}", key.issue(player, game, now))
}

/// The private message that follows a `/board` answer about a running
/// game of the actor's: the link to their touch board with a button that
/// opens it («Зробити хід на дошці»), when the site's address and the key
/// are known. It carries a pass, so it goes to the player's private chat
/// only and is never stored (kind `board_link`).
pub async fn board_link_reply(
    tx: &mut Tx,
    site: Option<(&url::Url, &TouchKey)>,
    actor: &Actor,
    answer: &Outgoing,
    now: DateTime<Utc>,
) -> StoreResult<Option<Outgoing>> {
    let Some((base, key)) = site else {
        return Ok(None);
    };
    let Some(ImageRef::Board { game, .. }) = answer.image else {
        return Ok(None);
    };
    let record = tx.game(game).await?;
    if !moves_in(&record, actor.player.id) {
        return Ok(None);
    }
    let lang = actor.lang();
    let url = board_url(base, key, actor.player.id, game, now);
    let text = tr(lang, "touch-link", &Args::new().with("url", url.as_str()));
    let button = Button::link(tr0(lang, "touch-button"), url);
    let mut reply = Outgoing::of_kind("board_link", text)
        .with_buttons(vec![button])
        .about(game);
    reply.private = true;
    Ok(Some(reply))
}

/// Lower-case hexadecimal of `bytes`.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// The bytes of hexadecimal `text`, if it is that.
pub(crate) fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.is_ascii() {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|at| u8::from_str_radix(&text[at..at + 2], 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 3, 1, 12, 0, 0).unwrap()
    }

    #[test]
    fn a_pass_moves_its_player_in_its_game_until_it_expires() {
        let key = TouchKey::new("secret");
        let pass = key.issue(PlayerId(3), GameId(7), now());
        let allowed = BoardPass {
            player: PlayerId(3),
            game: GameId(7),
        };
        assert_eq!(key.read(&pass, now()), Ok(allowed));
        let later = now() + PASS_LIFETIME;
        assert_eq!(key.read(&pass, later), Err(PassError::Expired));
    }

    #[test]
    fn a_changed_or_foreign_pass_is_forged() {
        let key = TouchKey::new("secret");
        let pass = key.issue(PlayerId(3), GameId(7), now());
        let other_game = pass.replacen("3.7.", "3.8.", 1);
        assert_eq!(key.read(&other_game, now()), Err(PassError::Forged));
        let other_key = TouchKey::new("another");
        assert_eq!(other_key.read(&pass, now()), Err(PassError::Forged));
        for junk in ["", "1.2.3", "a.b.c.d", "3.7.9999999999.zz"] {
            assert_eq!(key.read(junk, now()), Err(PassError::Forged), "{junk}");
        }
    }

    #[test]
    fn a_page_guard_holds_only_for_its_page() {
        let key = TouchKey::new("secret");
        let guard = key.page_guard(PlayerId(3), GameId(7));
        assert!(key.guard_holds(PlayerId(3), GameId(7), &guard));
        assert!(!key.guard_holds(PlayerId(3), GameId(8), &guard));
        assert!(!key.guard_holds(PlayerId(4), GameId(7), &guard));
        assert!(!key.guard_holds(PlayerId(3), GameId(7), "00.00"));
        assert!(!key.guard_holds(PlayerId(3), GameId(7), ""));
    }

    #[test]
    fn hex_goes_both_ways() {
        assert_eq!(hex(&[0, 15, 255]), "000fff");
        assert_eq!(unhex("000fff"), Some(vec![0, 15, 255]));
        assert_eq!(unhex("0f0"), None);
        assert_eq!(unhex("zz"), None);
    }
}
