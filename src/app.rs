//! The app layer: platform-neutral commands from known actors become changes
//! of state and typed notices, rendered through the message catalogs.

pub mod actor;
pub mod authz;
pub mod bad_input;
pub mod command;
pub(crate) mod deadline;
pub mod deliver;
pub mod failure;
pub mod i18n;
pub mod move_error;
pub mod notice;
pub(crate) mod notify;
pub mod outgoing;
mod privacy;
pub mod reply;
pub mod room;
pub(crate) mod rules;
pub mod service;
pub mod throttle;
pub mod touch;
pub mod user_error;
pub mod view;
pub mod web_link;
pub mod zone;
