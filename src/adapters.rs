//! Chat adapters: translate platform updates into platform-neutral inbound
//! values and outbound notices into platform messages. No rule logic here.

pub mod console;
pub mod discord;
pub mod router;
pub mod script;
pub mod telegram;
pub mod workers;
