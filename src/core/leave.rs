//! Placeholder: filled by the [clock] issue.
