//! Leave on the clocks (R3.5.5, R3.6): each player's registered leave in an
//! event as a [`LeaveTimeline`], so that clocks, move charges and the
//! deadlines of the pending move all skip it.

use chrono::{DateTime, TimeZone, Utc};

use crate::core::leave::{LeaveTimeline, Span};
use crate::store::{EventId, Game, Leave, LeaveStatus, PlayerId, StoreError, Tx};

/// Both players' leave in one game: White's, then Black's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct GameLeaves(pub [LeaveTimeline; 2]);

impl GameLeaves {
    /// No leave for either player.
    pub(crate) fn none() -> Self {
        Self::default()
    }

    /// The timelines as the clock takes them.
    pub(crate) fn pair(&self) -> [&LeaveTimeline; 2] {
        [&self.0[0], &self.0[1]]
    }

    /// The leave of the player of `colour`.
    pub(crate) fn of(&self, colour: shakmaty::Color) -> &LeaveTimeline {
        &self.0[usize::from(colour == shakmaty::Color::Black)]
    }
}

/// The earliest instant a leave lookup considers (the store keeps instants
/// as milliseconds, so the far ends stay well inside its range).
pub(crate) fn beginning_of_time() -> DateTime<Utc> {
    Utc.timestamp_opt(0, 0).single().unwrap_or_default()
}

/// The latest instant a leave lookup considers.
pub(crate) fn end_of_time() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(9999, 1, 1, 0, 0, 0)
        .single()
        .unwrap_or_default()
}

/// Whether a stored leave counts in `event`: not cancelled, and either
/// registered for that event (R3.6.1) or for all the player's events.
pub(crate) fn applies_to(leave: &Leave, event: EventId) -> bool {
    leave.status != LeaveStatus::Cancelled && leave.event_id.is_none_or(|e| e == event)
}

/// A player's leaves (not cancelled), all of them, by start.
pub(crate) async fn leaves_of_player(
    tx: &mut Tx,
    player: PlayerId,
) -> Result<Vec<Leave>, StoreError> {
    tx.leaves_of(player, beginning_of_time(), end_of_time())
        .await
}

/// A player's leave in `event` as a timeline.
pub(crate) async fn timeline_of(
    tx: &mut Tx,
    player: PlayerId,
    event: EventId,
) -> Result<LeaveTimeline, StoreError> {
    let leaves = leaves_of_player(tx, player).await?;
    Ok(LeaveTimeline::from_spans(
        leaves
            .iter()
            .filter(|leave| applies_to(leave, event))
            .map(|leave| Span::new(leave.starts_at, leave.ends_at)),
    ))
}

/// Both players' leave in `game`'s event.
pub(crate) async fn game_leaves(tx: &mut Tx, game: &Game) -> Result<GameLeaves, StoreError> {
    let white = timeline_of(tx, game.white, game.event_id).await?;
    let black = timeline_of(tx, game.black, game.event_id).await?;
    Ok(GameLeaves([white, black]))
}
