//! Placeholder: the time source (`Clock`), filled by the [clock] issue.
