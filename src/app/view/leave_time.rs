//! Leave on the clocks (R3.5.5, R3.6): each player's registered leave in an
//! event as a [`LeaveTimeline`], so that clocks, move charges and the
//! deadlines of the pending move all skip it.

use chrono::{DateTime, TimeZone, Utc};

use crate::core::clock::Days;
use crate::core::leave::{LeaveTimeline, Span};
use crate::store::{EventId, GameRecord, LeaveRecord, LeaveStatus, PlayerId, StoreError, Tx};

/// What stops or changes both players' clocks in one game beyond the moves:
/// their leave (R3.5.5) and the days the arbiter added or gave back
/// (penalty days, clock adjustments); White's first, then Black's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct GameLeaves {
    timelines: [LeaveTimeline; 2],
    offsets: [Days; 2],
}

impl GameLeaves {
    /// No leave and no adjustment for either player.
    pub(crate) fn none() -> Self {
        Self::default()
    }

    /// The timelines as the clock takes them.
    pub(crate) fn pair(&self) -> [&LeaveTimeline; 2] {
        [&self.timelines[0], &self.timelines[1]]
    }

    /// The days the arbiter added to each player's time used.
    pub(crate) fn offsets(&self) -> [Days; 2] {
        self.offsets
    }

    /// The leave of the player of `colour`.
    pub(crate) fn of(&self, colour: shakmaty::Color) -> &LeaveTimeline {
        &self.timelines[usize::from(colour == shakmaty::Color::Black)]
    }

    /// The same leave with other arbiter's days (White's, Black's): the
    /// days made by some moment, for the clocks as they stood then.
    pub(crate) fn with_offsets(&self, offsets: [Days; 2]) -> Self {
        Self {
            timelines: self.timelines.clone(),
            offsets,
        }
    }

    /// The days the arbiter added to the time used by the player of `colour`.
    pub(crate) fn offset(&self, colour: shakmaty::Color) -> Days {
        self.offsets[usize::from(colour == shakmaty::Color::Black)]
    }
}

/// [`game_leaves`] from leave records already read (`records`: White's and
/// Black's, cancelled ones included) and the arbiter's days (`offsets`).
pub(crate) fn game_leaves_from(
    game: &GameRecord,
    shared: bool,
    records: [&[LeaveRecord]; 2],
    offsets: [Days; 2],
) -> GameLeaves {
    let timeline = |records: &[LeaveRecord]| {
        LeaveTimeline::from_spans(
            records
                .iter()
                .filter(|leave| applies_to(leave, game.event_id, shared))
                .map(|leave| Span::new(leave.starts_at, leave.ends_at)),
        )
    };
    GameLeaves {
        timelines: [timeline(records[0]), timeline(records[1])],
        offsets,
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

/// Whether a stored leave counts in `event` (`shared` when its rules count
/// one leave in all games of their kind, R2.7.1): not cancelled, and
/// registered for that event (R3.6.1), for all the player's events, or — a
/// postal leave — for all the player's postal games (R2.7.1), which no
/// server event counts.
pub(crate) fn applies_to(leave: &LeaveRecord, event: EventId, shared: bool) -> bool {
    if leave.status == LeaveStatus::Cancelled {
        return false;
    }
    if leave.postal {
        return shared;
    }
    // A server leave for all events is no postal leave (R2.7.1 counts those
    // apart): it covers the player's server events only.
    leave.event_id.map_or(!shared, |e| e == event)
}

/// A player's leaves (not cancelled), all of them, by start.
pub(crate) async fn leaves_of_player(
    tx: &mut Tx,
    player: PlayerId,
) -> Result<Vec<LeaveRecord>, StoreError> {
    tx.leaves_of(player, beginning_of_time(), end_of_time())
        .await
}

/// Both players' leave in `game`'s event and the arbiter's adjustments of
/// their time in the game (three statements).
pub(crate) async fn game_leaves(tx: &mut Tx, game: &GameRecord) -> Result<GameLeaves, StoreError> {
    let shared = tx
        .event(game.event_id)
        .await?
        .regulation
        .rule_set
        .shares_leave();
    let offsets = tx
        .clock_adjustments_pair(game.id, [game.white, game.black])
        .await?;
    game_leaves_with(tx, game, shared, offsets).await
}

/// [`game_leaves`] when the event's rules (`shared`:
/// [`crate::core::regulation::RuleSet::shares_leave`]) and the arbiter's days
/// (`offsets`: White's, Black's) are known: both players' leave in one
/// statement.
pub(crate) async fn game_leaves_with(
    tx: &mut Tx,
    game: &GameRecord,
    shared: bool,
    offsets: [Days; 2],
) -> Result<GameLeaves, StoreError> {
    let records = tx.leaves_of_pair([game.white, game.black]).await?;
    let (white, black): (Vec<LeaveRecord>, Vec<LeaveRecord>) = records
        .into_iter()
        .filter(|leave| leave.player_id == game.white || leave.player_id == game.black)
        .partition(|leave| leave.player_id == game.white);
    Ok(game_leaves_from(game, shared, [&white, &black], offsets))
}
