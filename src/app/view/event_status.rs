//! An event's state in words: the catalog id that names it, the same in
//! the bot's events list and on the event's web page.

use crate::store::EventStatus;

/// The catalog id of an event state.
pub(crate) fn status_word(status: EventStatus) -> &'static str {
    match status {
        EventStatus::Draft => "event-status-draft",
        EventStatus::Registration => "event-status-registration",
        EventStatus::Closed => "event-status-closed",
        EventStatus::Cancelled => "event-status-cancelled",
        EventStatus::Running => "event-status-running",
        EventStatus::Finished => "event-status-finished",
    }
}
