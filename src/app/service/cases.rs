//! The arbiter's desk: cases opened by players and by the bot, the case
//! file, rulings and their effects, appeals to the committee (R2.1.4–R2.1.6,
//! R3.1.4, R3.1.5, R3.3.2, R3.4.3, R3.4.5, R3.6.3).

use chrono::{DateTime, Utc};

use crate::app::actor::Actor;
use crate::app::command::CaseCommand;
use crate::app::i18n::tr0;

use super::{Failure, Outcome};

/// Runs one desk command.
pub(super) async fn handle(
    _tx: &mut crate::store::Tx,
    actor: &Actor,
    _command: CaseCommand,
    _now: DateTime<Utc>,
) -> Outcome {
    Err(Failure::Refused(tr0(actor.lang(), "error-not-yet")))
}
