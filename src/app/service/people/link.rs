//! `/link [CODE]`: one player on several platforms. Without a code the bot
//! issues a one-time code (random, valid for [`LINK_CODE_MINUTES`], stored
//! only as a SHA-256); sending `/link CODE` from another account asks the
//! account that got the code to confirm (a notice with a one-time
//! confirmation code, bound to that player), and `/link confirm CODE`
//! from it joins the two accounts into one player. A leaked code alone
//! takes over nobody. Codes are read only in private chats
//! (`Privacy::PrivateChatOnly` in the command table).
//!
//! Which player remains: the one that asked for the code, unless only the
//! other one has a history (games, entries, leaves, cases …), whose records
//! then stay with it. If both have a history the join is refused and
//! nothing changes: records of two players are never merged.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};

use chrono::{DateTime, Duration, Utc};
use sha2::{Digest, Sha256};

use crate::app::actor::Actor;
use crate::app::i18n::{Args, tr};
use crate::app::notice::{LinkNotice, Notice};
use crate::app::outgoing::Outgoing;
use crate::store::{PlayerId, Tx};

use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::notify::notify;

/// How long a link code stays valid.
pub const LINK_CODE_MINUTES: i64 = 15;

/// Code symbols: no 0/O or 1/I to confuse.
const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/// Symbols per code: 32^10 = 2^50 codes.
const CODE_LENGTH: usize = 10;

/// Random bits from the standard library's per-process random hash keys
/// (seeded by the operating system), mixed with a counter and the time.
fn random_u64(now: DateTime<Utc>) -> u64 {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut hasher = RandomState::new().build_hasher();
    hasher.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    hasher.write_i64(now.timestamp_nanos_opt().unwrap_or_default());
    hasher.finish()
}

/// A fresh code of [`CODE_LENGTH`] symbols.
fn new_code(now: DateTime<Utc>) -> String {
    let mut bits = random_u64(now);
    (0..CODE_LENGTH)
        .map(|_| {
            let symbol = ALPHABET[(bits % ALPHABET.len() as u64) as usize];
            bits /= ALPHABET.len() as u64;
            char::from(symbol)
        })
        .collect()
}

/// What is stored of a code: the SHA-256 of its normalized form.
pub(crate) fn code_hash(code: &str) -> String {
    let normal: String = code
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .flat_map(char::to_uppercase)
        .collect();
    Sha256::digest(normal.as_bytes())
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// `/link`, `/link CODE` and `/link confirm CODE`.
pub(crate) async fn link(
    tx: &mut Tx,
    actor: &Actor,
    code: Option<&str>,
    now: DateTime<Utc>,
) -> Outcome {
    match code.map(split_confirm) {
        None => issue(tx, actor, now).await,
        Some((true, code)) => confirm(tx, actor, code, now).await,
        Some((false, code)) => request(tx, actor, code, now).await,
    }
}

/// Whether the text starts with the word `confirm` (in either language),
/// and the code.
fn split_confirm(text: &str) -> (bool, &str) {
    let text = text.trim();
    let (word, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    let word = word.to_lowercase();
    match CONFIRM_WORDS.contains(&word.as_str()) {
        true => (true, rest.trim()),
        false => (false, text),
    }
}

/// The word that confirms a join request.
const CONFIRM_WORDS: [&str; 2] = ["confirm", "підтвердити"];

async fn issue(tx: &mut Tx, actor: &Actor, now: DateTime<Utc>) -> Outcome {
    let code = new_code(now);
    let expires = now + Duration::minutes(LINK_CODE_MINUTES);
    tx.store_link_code(actor.player.id, &code_hash(&code), expires, now)
        .await?;
    let args = Args::new()
        .with("code", code)
        .with("minutes", LINK_CODE_MINUTES);
    // Of kind `link_code`: never stored ([`Outgoing::holds_secret`]).
    let text = tr(actor.lang(), "reply-link-code", &args);
    Ok(vec![Outgoing::of_kind("link_code", text)])
}

/// What a confirmation code is stored as: bound to the player who must
/// confirm, so nobody else can use it.
fn confirmation_hash(confirmer: PlayerId, code: &str) -> String {
    code_hash(&format!("{}:{code}", confirmer.0))
}

/// `/link CODE` from the new account: the code's owner is asked to
/// confirm; nothing is joined yet.
async fn request(tx: &mut Tx, actor: &Actor, code: &str, now: DateTime<Utc>) -> Outcome {
    let lang = actor.lang();
    let Some(issuer) = tx.take_link_code(&code_hash(code), now).await? else {
        return Err(refuse(lang, "error-link-code", &Args::new()));
    };
    let joiner = actor.player.id;
    kept_player(tx, actor, issuer, joiner).await?;
    let confirmation = new_code(now);
    let expires = now + Duration::minutes(LINK_CODE_MINUTES);
    tx.store_link_code(
        joiner,
        &confirmation_hash(issuer, &confirmation),
        expires,
        now,
    )
    .await?;
    let notice = Notice::Link(LinkNotice {
        platform: platform_of(tx, joiner).await?,
        name: actor.player.display_name.clone(),
        code: confirmation,
        minutes: LINK_CODE_MINUTES,
    });
    notify(tx, issuer, &notice, now).await?;
    let args = Args::new().with("minutes", LINK_CODE_MINUTES);
    Ok(vec![Outgoing::text(tr(
        lang,
        "reply-link-requested",
        &args,
    ))])
}

/// The platform of the player's first account.
async fn platform_of(tx: &mut Tx, player: PlayerId) -> Result<String, Failure> {
    let accounts = tx.accounts_of(player).await?;
    Ok(accounts
        .first()
        .map(|account| account.platform.as_str().to_owned())
        .unwrap_or_default())
}

/// Which of the two players remains: the code's owner, unless only the
/// other has a history; refused when both have one, or they are one.
async fn kept_player(
    tx: &mut Tx,
    actor: &Actor,
    issuer: PlayerId,
    joiner: PlayerId,
) -> Result<(PlayerId, PlayerId), Failure> {
    let lang = actor.lang();
    if issuer == joiner {
        return Err(refuse(lang, "error-link-same", &Args::new()));
    }
    match (tx.has_history(issuer).await?, tx.has_history(joiner).await?) {
        (true, true) => Err(refuse(lang, "error-link-both-played", &Args::new())),
        (false, true) => Ok((issuer, joiner)),
        _ => Ok((joiner, issuer)),
    }
}

/// `/link confirm CODE` from the original account: the join goes through.
async fn confirm(tx: &mut Tx, actor: &Actor, code: &str, now: DateTime<Utc>) -> Outcome {
    let lang = actor.lang();
    let issuer = actor.player.id;
    let hash = confirmation_hash(issuer, code);
    let Some(joiner) = tx.take_link_code(&hash, now).await? else {
        return Err(refuse(lang, "error-link-confirm-code", &Args::new()));
    };
    let (from, kept) = kept_player(tx, actor, issuer, joiner).await?;
    tx.join_players(from, kept).await?;
    let player = tx.player(kept).await?;
    let accounts: Vec<String> = tx
        .accounts_of(kept)
        .await?
        .iter()
        .map(|a| a.platform.as_str().to_owned())
        .collect();
    let args = Args::new()
        .with("name", player.display_name)
        .with("platforms", accounts.join(", "));
    Ok(vec![Outgoing::text(tr(lang, "reply-linked", &args))])
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn codes_differ_and_hash_the_same_however_typed() {
        let now = Utc.with_ymd_and_hms(2026, 1, 5, 9, 0, 0).unwrap();
        let (a, b) = (new_code(now), new_code(now));
        assert_ne!(a, b);
        assert_eq!(a.chars().count(), CODE_LENGTH);
        assert!(a.bytes().all(|c| ALPHABET.contains(&c)));
        assert_eq!(code_hash(&a), code_hash(&a.to_lowercase()));
        assert_eq!(code_hash("ABC-DEF"), code_hash(" abcdef "));
        assert_ne!(code_hash(&a), code_hash(&b));
        assert_eq!(code_hash(&a).len(), 64);
    }
}
