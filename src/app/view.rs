//! The read models: what the stored state says, computed and never changed.
//! A game replayed with its clocks and PGN, an event's and a team's table,
//! leave time and an event's zone. The command handlers, the notices, the
//! images, the web pages and the export read through here; nothing here
//! imports a command handler or the delivery.

pub mod card_clock;
pub mod clock;
pub mod control;
pub mod event_status;
pub mod event_zone;
pub mod final_table;
pub mod game;
pub mod knockout;
pub mod leave_time;
pub mod pgn;
pub mod postal_clock;
pub mod public_delay;
pub mod standings;
pub mod team_standings;
