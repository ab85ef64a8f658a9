//! One game, from the first move to the result: moves, resignation and the
//! time (`play`), draw offers and claims, which game a command means
//! (`pick`), looking at a game (`view`: board, record, PGN), a player's
//! private notes on it (`notes`) and conditional moves (`conditional`),
//! the lines both type (`line`), suggestions
//! for platforms that complete what a user types (`suggest`), and what
//! every game command shares (`state`: finishing a game's update,
//! concluding it by a player's act).

pub(crate) mod batch;
pub(super) mod claim;
pub(crate) mod conditional;
pub(super) mod confirm;
pub(super) mod draw;
pub(crate) mod line;
pub(crate) mod my_turn;
pub(crate) mod notes;
pub(super) mod pick;
pub(super) mod play;
mod signs;
pub(crate) mod spectator;
pub(crate) mod state;
pub(super) mod suggest;
pub(crate) mod talk;
pub(crate) mod view;
