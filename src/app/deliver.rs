//! Delivery: a stored notice rendered for one reader (language, notation,
//! zone, links) and the image it refers to (the board of its move, an
//! event's table), ready for an adapter to send.

pub mod image;
pub mod notice;
