//! What the bot answers the sender of a command: [`Outgoing`] messages,
//! already rendered in their language (the same shape as every outgoing
//! message), stored against the update for redeliveries.

use crate::app::outgoing::Outgoing;

/// The replies as stored for redeliveries.
pub fn to_stored(replies: &[Outgoing]) -> String {
    serde_json::to_string(replies).unwrap_or_else(|_| "[]".to_owned())
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
        assert_eq!(from_stored(Some(&to_stored(&replies))), replies);
        assert!(from_stored(None).is_empty());
    }
}
