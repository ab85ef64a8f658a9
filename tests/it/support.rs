//! What the tests share: test databases and [`db::on_both`], the console
//! [`world::World`], the fakes of the chat platforms with the bots wired
//! against them, simulated time for the background loops, and the crash
//! test's driver of the real binary.

pub mod crash;
pub mod db;
pub mod discord_bot;
pub mod fake_discord;
pub mod fake_telegram;
pub mod telegram_bot;
pub mod time;
pub mod tracing_log;
pub mod web;
pub mod world;
