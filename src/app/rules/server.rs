//! The server rules (R3): the bot is the game server; each move is charged
//! whole days of thinking, 50 days per 10 moves, doubled past 20 days on one
//! move (R3.5), with reminders, silence notices and the flag as deadlines
//! (R3.3, R3.5.7).

use chrono::{DateTime, Utc};

use crate::app::failure::Failure;
use crate::app::service::games::state::set_pending_deadlines_with;
use crate::app::view::clock::{MoveClock, move_clock, server_clock};
use crate::app::view::game::{clocks_of, first_mover, plies_of};
use crate::app::view::leave_time::{GameLeaves, game_leaves, game_leaves_with};
use crate::core::clock::Clocks;
use crate::core::regulation::Regulation;
use crate::store::{GameRecord, GameStatus, MoveRow, Tx};

/// The server rules of one event (R3), with its regulation.
#[derive(Debug, Clone)]
pub(crate) struct ServerRules {
    regulation: Regulation,
}

impl ServerRules {
    /// The server rules of `regulation`.
    pub(super) fn new(regulation: &Regulation) -> Self {
        Self {
            regulation: regulation.clone(),
        }
    }

    /// The server clock (R3.5.2–R3.5.7) of the move pending in `game`.
    pub(super) async fn pending_clock(
        &self,
        tx: &mut Tx,
        game: &GameRecord,
        now: DateTime<Utc>,
    ) -> Result<MoveClock, Failure> {
        server_clock(tx, game, &self.regulation, now).await
    }

    /// The pending move's clock (of a running game) and both clocks
    /// (R3.4.2) from the moves already read: the players' leave and the
    /// arbiter's days are read in two statements (issue 24).
    pub(super) async fn clocks_from(
        &self,
        tx: &mut Tx,
        game: &GameRecord,
        rows: &[MoveRow],
        now: DateTime<Utc>,
    ) -> Result<(Option<MoveClock>, Clocks), Failure> {
        let regulation = &self.regulation;
        let offsets = tx
            .clock_adjustments_pair(game.id, [game.white, game.black])
            .await?;
        let leaves = game_leaves_with(tx, game, false, offsets).await?;
        let plies = plies_of(rows);
        let first = first_mover(game);
        let deadline = (game.status == GameStatus::Running).then(|| {
            let start = game.started_at.unwrap_or(now);
            move_clock(regulation, start, (&plies, first), now, &leaves)
        });
        let at = game.finished_at.unwrap_or(now);
        let start = game.started_at.unwrap_or(at);
        let clocks = clocks_of(regulation, start, &plies, first, at, &leaves);
        Ok((deadline, clocks))
    }

    /// The deadlines of the pending move: reminders (R3.3.1), the
    /// continuation notice and silence case (R3.3.2) and the flag
    /// (R3.5.7), pushed back by leave (R3.5.5, R3.6).
    pub(super) async fn set_deadlines(
        &self,
        tx: &mut Tx,
        game: &GameRecord,
        (plies, leaves): (&[DateTime<Utc>], Option<&GameLeaves>),
        now: DateTime<Utc>,
    ) -> Result<(), Failure> {
        let regulation = &self.regulation;
        match leaves {
            Some(leaves) => {
                set_pending_deadlines_with(tx, game, regulation, plies, leaves, now).await
            }
            None => {
                let leaves = game_leaves(tx, game).await?;
                set_pending_deadlines_with(tx, game, regulation, plies, &leaves, now).await
            }
        }
    }
}
