//! The sporting rules as pure functions and values: no I/O, no system time.
//!
//! Every instant a rule needs comes in as an argument. Each rule names its ID
//! from `RULES.md` (for example R3.5.3) in a doc comment or a test.

pub mod case;
pub mod clock;
pub mod entry;
pub mod game;
pub mod leave;
pub mod notation;
pub mod opening;
pub mod pgn;
pub mod postal;
pub mod rating;
pub mod regulation;
pub mod team;
pub mod tournament;
