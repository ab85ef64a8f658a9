//! Placeholder: the game record, filled by the [foundation] issue.
