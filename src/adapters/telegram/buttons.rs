//! Button commands as Telegram callback data (at most 64 bytes).
//!
//! A button stands for a command the user could type (`/draw accept #3`), so
//! a command that fits is sent as its own callback data: a forged press is
//! no more than typing the command, which the app authorizes as usual. A
//! longer command is replaced by a short code kept in memory; a press of
//! such a button after a restart is answered as expired.

use std::collections::HashMap;
use std::sync::Mutex;

use sha2::{Digest, Sha256};

/// Telegram's limit on `callback_data`, in bytes.
pub const MAX_CALLBACK_BYTES: usize = 64;
/// The prefix of a code standing for a longer command.
const CODE_PREFIX: &str = "~c:";
/// Codes remembered at most; the oldest half is dropped beyond it.
const MAX_CODES: usize = 10_000;

/// Encodes button commands as callback data and decodes them back.
#[derive(Debug, Default)]
pub struct ButtonCodes {
    long_commands: Mutex<HashMap<String, (u64, String)>>,
}

impl ButtonCodes {
    /// An empty code table.
    pub fn new() -> Self {
        Self::default()
    }

    /// The callback data for `command`.
    pub fn encode(&self, command: &str) -> String {
        if command.len() <= MAX_CALLBACK_BYTES && !command.starts_with(CODE_PREFIX) {
            return command.to_owned();
        }
        let digest = Sha256::digest(command.as_bytes());
        let hex: String = digest[..12].iter().map(|b| format!("{b:02x}")).collect();
        let code = format!("{CODE_PREFIX}{hex}");
        let mut table = self.lock();
        let serial = table.len() as u64;
        table
            .entry(code.clone())
            .or_insert_with(|| (serial, command.to_owned()));
        if table.len() > MAX_CODES {
            forget_oldest_half(&mut table);
        }
        code
    }

    /// The command behind callback `data`; `None` for a code this process
    /// does not know (the button is older than the last restart).
    pub fn decode(&self, data: &str) -> Option<String> {
        if !data.starts_with(CODE_PREFIX) {
            return Some(data.to_owned());
        }
        self.lock().get(data).map(|(_, command)| command.clone())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, (u64, String)>> {
        self.long_commands
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

fn forget_oldest_half(table: &mut HashMap<String, (u64, String)>) {
    let mut serials: Vec<u64> = table.values().map(|(serial, _)| *serial).collect();
    serials.sort_unstable();
    let cut = serials[serials.len() / 2];
    table.retain(|_, (serial, _)| *serial >= cut);
    let mut renumbered: Vec<(String, u64)> = table
        .iter()
        .map(|(k, (serial, _))| (k.clone(), *serial))
        .collect();
    renumbered.sort_by_key(|(_, serial)| *serial);
    for (index, (key, _)) in renumbered.into_iter().enumerate() {
        if let Some(entry) = table.get_mut(&key) {
            entry.0 = index as u64;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_command_is_its_own_callback_data() {
        let codes = ButtonCodes::new();
        assert_eq!(codes.encode("/draw accept #3"), "/draw accept #3");
        assert_eq!(
            codes.decode("/draw accept #3").as_deref(),
            Some("/draw accept #3")
        );
    }

    #[test]
    fn a_long_command_travels_as_a_code_of_at_most_64_bytes() {
        let codes = ButtonCodes::new();
        let command = format!("/event join 1 {}", "дуже довга назва ".repeat(5));
        let data = codes.encode(&command);
        assert!(data.len() <= MAX_CALLBACK_BYTES, "{data}");
        assert_ne!(data, command);
        assert_eq!(codes.decode(&data), Some(command.clone()));
        assert_eq!(
            codes.encode(&command),
            data,
            "the same command, the same code"
        );
        assert_eq!(
            ButtonCodes::new().decode(&data),
            None,
            "unknown after a restart"
        );
    }

    #[test]
    fn the_table_stays_bounded() {
        let codes = ButtonCodes::new();
        let long = |n: usize| format!("{n:0>70}");
        let first = codes.encode(&long(0));
        for n in 1..=MAX_CODES {
            codes.encode(&long(n));
        }
        let last = codes.encode(&long(MAX_CODES));
        assert!(codes.lock().len() <= MAX_CODES);
        assert_eq!(codes.decode(&first), None);
        assert_eq!(codes.decode(&last), Some(long(MAX_CODES)));
    }
}
