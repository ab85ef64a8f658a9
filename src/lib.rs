//! corrbot: a chat bot that runs correspondence-chess club events on Telegram
//! and Discord under the Ukrainian federation's rules for «заочні шахи».
//!
//! The crate follows `ARCHITECTURE` in the README: a pure [`core`] of sporting
//! rules, and around it the time source ([`time`]), the app layer, the store,
//! the scheduler, the outbox, image rendering and the chat adapters.

pub mod adapters;
pub mod app;
pub mod check;
pub mod core;
pub mod export;
pub mod ops;
pub mod outbox;
pub mod ratebudget;
pub mod render;
pub mod retention;
pub mod scheduler;
pub mod shutdown;
pub mod simulate;
pub mod store;
pub mod time;
pub mod web;
