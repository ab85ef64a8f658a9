//! Postal events played through the bot (R2): the bot is the post office
//! and its delivery instant the postmark (R2.2). Moves with variants
//! (R2.3.7, R2.3.8), date-based time (R2.4), silence (R2.5) and leave
//! across all postal games (R2.7).
//!
//! The server-rule code branches here for postal events: `games/play.rs`
//! (moves), `games/state.rs` (clocks, deadlines), `games/view.rs` (the
//! record), `deadlines.rs` (what a due postal deadline does), `leave.rs`
//! (leave), `events/setup.rs` (`rules=postal`).

mod card;
mod card_input;
mod claim;
mod deadlines;
mod impossible;
mod leave;
mod ledger;
mod play;
mod record;
mod refusal;

use crate::core::regulation::{Regulation, RuleSet};

pub(crate) use card::card;
pub(crate) use claim::{overstep, resume_claim};
pub(crate) use deadlines::fire;
pub(crate) use leave::{add_leave, cancel_leave};
pub(crate) use ledger::ledger;
pub(super) use play::make_move;
pub(crate) use record::record;

/// `rules=server` or `rules=postal` of `/event create`; `false` if unknown.
pub(crate) fn apply_rules(regulation: &mut Regulation, value: &str) -> bool {
    match RuleSet::parse(value) {
        Some(rule_set) => {
            regulation.rule_set = rule_set;
            true
        }
        None => false,
    }
}
