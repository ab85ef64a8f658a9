//! What the bot answers the sender of a command.

/// One answer to the sender, already rendered in their language: the same
/// shape as every outgoing message.
pub use crate::app::outgoing::Outgoing as Reply;

/// The replies as stored for redeliveries.
pub fn to_stored(replies: &[Reply]) -> String {
    serde_json::to_string(replies).unwrap_or_else(|_| "[]".to_owned())
}

/// The stored replies of a redelivered update.
pub fn from_stored(stored: Option<&str>) -> Vec<Reply> {
    stored
        .and_then(|text| serde_json::from_str(text).ok())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_round_trip_through_storage() {
        let replies = vec![Reply::text("a"), Reply::text("б")];
        assert_eq!(from_stored(Some(&to_stored(&replies))), replies);
        assert!(from_stored(None).is_empty());
    }
}
