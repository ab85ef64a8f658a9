//! What the bot answers the sender of a command: [`Outgoing`] messages,
//! already rendered in their language (the same shape as every outgoing
//! message), stored against the update for redeliveries.

use crate::app::i18n::{Lang, tr0};
use crate::app::outgoing::Outgoing;

/// The replies as stored for redeliveries, in `lang`: a reply that shows a
/// one-time secret ([`Outgoing::holds_secret`]) is stored as a neutral
/// answer instead, so no invitation token or `/link` code is kept in clear
/// (a redelivery asks the player to send the command again).
pub fn to_stored(lang: Lang, replies: &[Outgoing]) -> String {
    let kept: Vec<Outgoing> = replies
        .iter()
        .map(|reply| match reply.holds_secret() {
            true => Outgoing {
                private: reply.private,
                ..Outgoing::text(tr0(lang, "reply-secret-not-kept"))
            },
            false => reply.clone(),
        })
        .collect();
    serde_json::to_string(&kept).unwrap_or_else(|_| "[]".to_owned())
}

/// The stored replies of a redelivered update.
pub fn from_stored(stored: Option<&str>) -> Vec<Outgoing> {
    stored
        .and_then(|text| serde_json::from_str(text).ok())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_round_trip_through_storage() {
        let replies = vec![Outgoing::text("a"), Outgoing::text("б")];
        assert_eq!(from_stored(Some(&to_stored(Lang::Uk, &replies))), replies);
        assert!(from_stored(None).is_empty());
    }

    #[test]
    fn a_secret_is_not_stored() {
        let code = Outgoing::of_kind("link_code", "Your code: SECRET2345");
        let stored = to_stored(Lang::En, &[Outgoing::text("a"), code]);
        assert!(!stored.contains("SECRET2345"), "{stored}");
        assert_eq!(from_stored(Some(&stored)).len(), 2);
    }
}
