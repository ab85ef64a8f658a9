//! The keys of the store's records: newtypes over the database's 64-bit
//! keys, so that a game's id is never taken for a player's.

use serde::{Deserialize, Serialize};

macro_rules! id_type {
    ($($(#[$doc:meta])* $name:ident;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }
    )*};
}

id_type! {
    /// A person known to the bot, whatever platforms they use.
    PlayerId;
    /// A linked platform account.
    AccountId;
    /// An event (tournament, match, team event).
    EventId;
    /// A team in a team event.
    TeamId;
    /// A game.
    GameId;
    /// A leave (R2.7, R3.6).
    LeaveId;
    /// An arbitration case: a dispute, a claim, a silence or absence report.
    CaseId;
    /// A note (message, evidence) attached to a case.
    CaseNoteId;
    /// An arbiter's ruling on a case.
    RulingId;
    /// An appeal against a ruling (R2.1.6).
    AppealId;
    /// An arbiter's request to a player (R3.4.3), answered by its number.
    RequestId;
    /// A notice in the outbox.
    NoticeId;
    /// A deadline the scheduler will hand to the app.
    DeadlineId;
    /// An entry of the audit log.
    AuditId;
}
