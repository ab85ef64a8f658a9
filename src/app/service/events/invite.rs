//! Invitations: `/event invite N` gives the organizer a Telegram deep link
//! (`https://t.me/<bot>?start=join-<token>`) or, on Discord, a message with
//! a "Join" button; `/start join-<token>` (what both send) registers the
//! follower if needed (the app registers every newcomer by their platform
//! profile) and enters them in the event in one step. A token is random
//! (128 bits from the operating system), stored as its SHA-256 only, and
//! enters only while the event is open for entries: closing the entries or
//! starting the event ends every invitation; `/event invite N off` revokes
//! them.

use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};

use crate::app::actor::Actor;
use crate::app::i18n::{Args, Lang, tr};
use crate::app::outgoing::{Button, Outgoing};
use crate::store::EventId;
use crate::store::{Event, EventStatus, Platform, Tx};

use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::service::events::load_event;
use crate::app::service::events::manage::{managed_event, refuse_if_over};

/// Token symbols: lower-case letters and digits without `l`, `o`, `0`, `1`
/// (Telegram start parameters allow `A-Za-z0-9_-`).
const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";

/// Symbols per token: 26 × 5 bits ≥ the 128 random bits.
const TOKEN_LENGTH: usize = 26;

/// A fresh token from the operating system's random source.
pub(crate) fn new_token() -> Result<String, Failure> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|error| anyhow::anyhow!("random token: {error}"))?;
    let mut bits = u128::from_le_bytes(bytes);
    let token = (0..TOKEN_LENGTH)
        .map(|_| {
            let symbol = ALPHABET[(bits % 32) as usize];
            bits /= 32;
            char::from(symbol)
        })
        .collect();
    Ok(token)
}

/// What is stored of a token: its SHA-256, in hex.
pub(crate) fn token_hash(token: &str) -> String {
    Sha256::digest(token.trim().as_bytes())
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// The event's number and name, for messages.
fn event_args(event: &Event) -> Args<'static> {
    Args::new()
        .with("event", event.id)
        .with("name", event.name.clone())
}

/// `/event invite N [off]`, for the event's organizers and administrators:
/// a new invitation, or (`off`) every invitation to the event revoked.
/// `telegram_bot` is the bot's user name on Telegram, when the command came
/// through the Telegram adapter.
pub(in crate::app::service) async fn invite(
    tx: &mut Tx,
    actor: &Actor,
    (number, off): (EventId, bool),
    telegram_bot: Option<&str>,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let event = managed_event(tx, actor, number).await?;
    let args = event_args(&event);
    if off {
        let revoked = tx.revoke_invitations(event.id).await?;
        let args = args.with("count", revoked);
        return Ok(vec![Outgoing::text(tr(lang, "reply-invite-off", &args))]);
    }
    if event.is_team {
        return Err(refuse(lang, "error-invite-team", &args));
    }
    if event.status != EventStatus::Registration {
        return Err(refuse(lang, "error-invite-not-open", &args));
    }
    let token = new_token()?;
    tx.create_invitation(&token_hash(&token), event.id, actor.player.id, now)
        .await?;
    Ok(vec![invitation(
        lang,
        &event,
        &token,
        actor.platform,
        telegram_bot,
    )])
}

/// The invitation as the platform shows it: a deep link on Telegram, a
/// "Join" button on Discord, the command to type elsewhere.
fn invitation(
    lang: Lang,
    event: &Event,
    token: &str,
    platform: Option<Platform>,
    telegram_bot: Option<&str>,
) -> Outgoing {
    let command = format!("/start join-{token}");
    let args = event_args(event).with("command", command.clone());
    // Of kind `invitation`: never stored ([`Outgoing::holds_secret`]).
    let reply = |text: String| Outgoing::of_kind("invitation", text);
    match (platform, telegram_bot) {
        (Some(Platform::Telegram), Some(bot)) => {
            let link = format!("https://t.me/{bot}?start=join-{token}");
            reply(tr(lang, "reply-invite-telegram", &args.with("link", link)))
        }
        (Some(Platform::Discord), _) => {
            let button = Button::new(tr(lang, "button-invite-join", &Args::new()), command);
            reply(tr(lang, "reply-invite-discord", &args)).with_buttons(vec![button])
        }
        _ => reply(tr(lang, "reply-invite-command", &args)),
    }
}

/// `/start join-TOKEN`: enters the (just registered, if new) sender in the
/// invitation's event, or says why not and what to do instead.
pub(in crate::app::service) async fn join(
    tx: &mut Tx,
    actor: &Actor,
    token: &str,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let Some(event) = tx.invitation_event(&token_hash(token)).await? else {
        return Err(refuse(lang, "error-invite-unknown", &Args::new()));
    };
    let event = load_event(tx, actor, event).await?;
    refuse_if_over(actor, &event)?;
    let args = event_args(&event);
    match event.status {
        EventStatus::Registration => {}
        EventStatus::Running => return Err(refuse(lang, "error-invite-started", &args)),
        _ => return Err(refuse(lang, "error-invite-closed", &args)),
    }
    let joined = crate::app::service::events::join(tx, actor, event.id, now).await?;
    let args = args.with("player", actor.player.display_name.clone());
    let mut reply = Outgoing::text(tr(lang, "reply-invite-joined", &args));
    reply.private = true;
    // The event's start when this entry filled it (`start=full`).
    let started = joined.into_iter().skip(1).map(|mut started| {
        started.private = true;
        started
    });
    Ok(std::iter::once(reply).chain(started).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_distinct_and_fit_a_telegram_start_parameter() {
        let first = new_token().unwrap();
        let second = new_token().unwrap();
        assert_ne!(first, second);
        assert_eq!(first.len(), TOKEN_LENGTH);
        let allowed = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
        assert!(format!("join-{first}").chars().all(allowed));
        assert!(format!("join-{first}").len() <= 64);
    }

    #[test]
    fn only_the_hash_is_stored() {
        let hash = token_hash("abc");
        assert_eq!(hash.len(), 64);
        assert_ne!(hash, "abc");
        assert_eq!(hash, token_hash(" abc "));
    }
}
