//! Postal play beyond the clock (R2): conditional variants and their
//! acceptance (R2.3.7, R2.3.8, R2.4.8).
//!
//! The clock itself is [`crate::core::clock::postal`].

pub mod ledger;
pub mod variant;
