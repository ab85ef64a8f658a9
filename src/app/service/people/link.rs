//! `/link [CODE]`: one player on several platforms. Without a code the bot
//! issues a one-time code (random, valid for [`LINK_CODE_MINUTES`], stored
//! only as a SHA-256); sending `/link CODE` from another account joins the
//! two accounts into one player.
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
use crate::app::outgoing::Outgoing;
use crate::store::Tx;

use super::super::{Outcome, refuse};

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

/// `/link` and `/link CODE`.
pub(crate) async fn link(
    tx: &mut Tx,
    actor: &Actor,
    code: Option<&str>,
    now: DateTime<Utc>,
) -> Outcome {
    match code {
        None => issue(tx, actor, now).await,
        Some(code) => join(tx, actor, code, now).await,
    }
}

async fn issue(tx: &mut Tx, actor: &Actor, now: DateTime<Utc>) -> Outcome {
    let code = new_code(now);
    let expires = now + Duration::minutes(LINK_CODE_MINUTES);
    tx.store_link_code(actor.player.id, &code_hash(&code), expires, now)
        .await?;
    let args = Args::new()
        .with("code", code)
        .with("minutes", LINK_CODE_MINUTES);
    Ok(vec![Outgoing::text(tr(
        actor.lang(),
        "reply-link-code",
        &args,
    ))])
}

async fn join(tx: &mut Tx, actor: &Actor, code: &str, now: DateTime<Utc>) -> Outcome {
    let lang = actor.lang();
    let Some(issuer) = tx.take_link_code(&code_hash(code), now).await? else {
        return Err(refuse(lang, "error-link-code", &Args::new()));
    };
    let joiner = actor.player.id;
    if issuer == joiner {
        return Err(refuse(lang, "error-link-same", &Args::new()));
    }
    let kept = match (tx.has_history(issuer).await?, tx.has_history(joiner).await?) {
        (true, true) => return Err(refuse(lang, "error-link-both-played", &Args::new())),
        (false, true) => {
            tx.join_players(issuer, joiner).await?;
            joiner
        }
        _ => {
            tx.join_players(joiner, issuer).await?;
            issuer
        }
    };
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
