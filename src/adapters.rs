//! Chat adapters: translate platform updates into platform-neutral inbound
//! values and platform-neutral outbound messages into platform calls. No
//! rule logic lives here.

pub mod telegram;
