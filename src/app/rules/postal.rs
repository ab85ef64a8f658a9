//! The postal rules (R2): moves by cards or by messages through the bot,
//! with variants (R2.3), time counted by dates (R2.4) from postmarks and
//! receipts (R2.2), and oversteps rather than a flag (R2.6).

use chrono::{DateTime, Utc};

use crate::app::failure::Failure;
use crate::app::view::clock::MoveClock;
use crate::app::view::postal_clock::{game_clocks, pending_postal_clock};
use crate::core::clock::Clocks;
use crate::core::regulation::Regulation;
use crate::store::{GameRecord, Tx};

/// The postal rules of one event (R2).
#[derive(Debug, Clone)]
pub(crate) struct PostalRules;

impl PostalRules {
    /// The postal rules of `regulation` (its clock is read from the game's
    /// own dates, R2.4).
    pub(super) fn new(_regulation: &Regulation) -> Self {
        Self
    }

    /// The postal clock of the pending move (R2.4, R2.6.1); `None` for a
    /// finished game or one kept by cards.
    pub(super) async fn shown_clock(
        &self,
        tx: &mut Tx,
        game: &GameRecord,
        now: DateTime<Utc>,
    ) -> Result<Option<MoveClock>, Failure> {
        pending_postal_clock(tx, game, now).await
    }

    /// The pending move's postal clock and both postal clocks (R2.4).
    pub(super) async fn clocks_from(
        &self,
        tx: &mut Tx,
        game: &GameRecord,
        now: DateTime<Utc>,
    ) -> Result<(Option<MoveClock>, Clocks), Failure> {
        let deadline = pending_postal_clock(tx, game, now).await?;
        Ok((deadline, game_clocks(tx, game, now).await?))
    }

    /// The silence and overstep deadlines of the pending move (R2.5,
    /// R2.6).
    pub(super) async fn set_deadlines(
        &self,
        tx: &mut Tx,
        game: &GameRecord,
        now: DateTime<Utc>,
    ) -> Result<(), Failure> {
        crate::app::service::postal::set_deadlines(tx, game, now).await
    }
}
