//! Placeholder: PGN export, filled by the [foundation] issue.
