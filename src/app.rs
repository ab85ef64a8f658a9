//! The app layer: platform-neutral commands from known actors become changes
//! of state and typed notices, rendered through the message catalogs.

pub mod command;
pub mod i18n;
pub mod move_error;
pub mod notice;
