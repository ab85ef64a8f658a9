//! The people the bot knows, each with their own settings: the profile
//! commands (name, language, notation), settings (orientation, mute),
//! contact details (R3.4.4), accounts linked across platforms, players named
//! in commands (`@name`), and the roles mirrored from a platform's own.

pub(super) mod calendar;
pub(super) mod chatter;
pub(super) mod clock_prefs;
pub(super) mod contacts;
pub(super) mod help;
pub(super) mod link;
pub(super) mod names;
mod platform_roles;
pub(super) mod profile;
pub(super) mod settings;
