//! The server rules (R3): the bot is the game server; each move is charged
//! whole days of thinking, 50 days per 10 moves, doubled past 20 days on one
//! move (R3.5), with reminders, silence notices and the flag as deadlines
//! (R3.3, R3.5.7).

use chrono::{DateTime, Utc};

use crate::app::deadline::{Due, GameDue};
use crate::app::failure::Failure;
use crate::app::view::clock::{MoveClock, move_clock, server_clock};
use crate::app::view::game::{clocks_of, first_mover, player_of, plies_of};
use crate::app::view::leave_time::{GameLeaves, game_leaves, game_leaves_with};
use crate::app::view::pgn::ply_charges;
use crate::core::clock::Clocks;
use crate::core::clock::server::{ServerClock, ServerDeadline, player_record_from};
use crate::core::regulation::Regulation;
use crate::store::{GameRecord, GameStatus, MoveRow, NewDeadline, Tx};

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
        let leaves =
            game_leaves_with(tx, game, regulation.rule_set.shares_leave(), offsets).await?;
        Ok(self.clocks_with(game, rows, &leaves, now))
    }

    /// The pending move's clock (of a running game) and both clocks
    /// (R3.4.2, R3.5) from the moves and both players' leave (R3.5.5, R3.6)
    /// already read.
    pub(super) fn clocks_with(
        &self,
        game: &GameRecord,
        rows: &[MoveRow],
        leaves: &GameLeaves,
        now: DateTime<Utc>,
    ) -> (Option<MoveClock>, Clocks) {
        let regulation = &self.regulation;
        let plies = plies_of(rows);
        let first = first_mover(game);
        let deadline = (game.status == GameStatus::Running).then(|| {
            let start = game.started_at.unwrap_or(now);
            move_clock(regulation, start, (&plies, first), now, leaves)
        });
        let at = game.finished_at.unwrap_or(now);
        let start = game.started_at.unwrap_or(at);
        let clocks = clocks_of(regulation, start, &plies, first, at, leaves);
        (deadline, clocks)
    }

    /// Both clocks of `game` as they stand at `now` (or when it finished),
    /// its players' leave counted (R3.4.2, R3.5, R3.6).
    pub(super) async fn game_clocks(
        &self,
        tx: &mut Tx,
        game: &GameRecord,
        now: DateTime<Utc>,
    ) -> Result<Clocks, Failure> {
        let plies = plies_of(&tx.moves(game.id).await?);
        let leaves = game_leaves(tx, game).await?;
        let at = game.finished_at.unwrap_or(now);
        let start = game.started_at.unwrap_or(at);
        let first = first_mover(game);
        Ok(clocks_of(
            &self.regulation,
            start,
            &plies,
            first,
            at,
            &leaves,
        ))
    }

    /// The whole days charged for each of the moves `rows` (R3.5.2,
    /// R3.5.3), its player's leave left out (R3.5.5, R3.6).
    pub(super) async fn ply_charges(
        &self,
        tx: &mut Tx,
        game: &GameRecord,
        rows: &[MoveRow],
        now: DateTime<Utc>,
    ) -> Result<Vec<i64>, Failure> {
        let leaves = game_leaves(tx, game).await?;
        let start = game.started_at.unwrap_or(now);
        let clock = ServerClock::new(&self.regulation);
        let plies = plies_of(rows);
        Ok(ply_charges(
            &clock,
            start,
            (&plies, first_mover(game)),
            &leaves,
        ))
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
        let read;
        let leaves = match leaves {
            Some(leaves) => leaves,
            None => {
                read = game_leaves(tx, game).await?;
                &read
            }
        };
        set_pending_deadlines_with(tx, game, &self.regulation, plies, leaves, now).await
    }
}

/// Replaces a server game's deadlines with those of the pending move:
/// reminders at 14/28/35 days (R3.3.1), the continuation notice at 35 and
/// the silence case at 40 days (R3.3.2), and the loss on time (R3.5.7),
/// each pushed back by the mover's leave (R3.5.5, R3.6). Only deadlines
/// still ahead of `now` are set: when a leave changes, those before it have
/// already fallen. Both players' leave and the arbiter's days (`leaves`) are
/// already read: the game's deadlines are replaced in two statements, a
/// DELETE and one INSERT of them all (issue 24).
async fn set_pending_deadlines_with(
    tx: &mut Tx,
    game: &GameRecord,
    regulation: &Regulation,
    plies: &[DateTime<Utc>],
    leaves: &GameLeaves,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let start = game.started_at.unwrap_or(now);
    let first = first_mover(game);
    let colour = if plies.len().is_multiple_of(2) {
        first
    } else {
        !first
    };
    let record = player_record_from(start, plies, colour, first);
    let since = record.pending_since.unwrap_or(now);
    let clock = ServerClock::new(regulation).with_offset(leaves.offset(colour));
    let due = clock.pending_deadlines(&record.moves, since, leaves.of(colour));
    // A deadline already past is dropped, except the flag: time run out
    // (after penalty days, say) is lost at once (R3.5.7).
    let due = due.into_iter().filter_map(|(what, at)| match what {
        ServerDeadline::Flag => Some((what, at.max(now))),
        _ => (at >= now).then_some((what, at)),
    });
    let mut deadlines = Vec::new();
    for (what, at) in due {
        let (key, due) = server_deadline(regulation, what);
        let ply = i64::try_from(plies.len()).map_err(anyhow::Error::from)?;
        let new = Due::Game { ply, due }.deadline(at)?;
        let new = NewDeadline {
            key: Some(format!("game:{}:{key}", game.id)),
            game_id: Some(game.id),
            event_id: Some(game.event_id),
            player_id: Some(player_of(game, colour)),
            ..new
        };
        deadlines.push(new);
    }
    tx.replace_deadlines_of_game(game.id, &deadlines, now)
        .await?;
    Ok(())
}

/// The key and the meaning of a deadline of the server clock: the
/// reminders (R3.3.1), the silence notice and case (R3.3.2), the loss on
/// time (R3.5.7).
fn server_deadline(regulation: &Regulation, what: ServerDeadline) -> (String, GameDue) {
    let days = |days: u32| i64::from(days);
    match what {
        ServerDeadline::Reminder(n) => {
            let reminder = regulation.reminder_days.get(usize::from(n) - 1).copied();
            let days = days(reminder.unwrap_or(0));
            (format!("reminder:{n}"), GameDue::Reminder { days })
        }
        ServerDeadline::SilenceNotice => {
            let days = days(regulation.silence.notice_after_days);
            ("continuation".to_owned(), GameDue::ContinuationDue { days })
        }
        ServerDeadline::SilenceCase => {
            let days = days(regulation.silence.case_after_days);
            ("silence".to_owned(), GameDue::SilenceCase { days })
        }
        ServerDeadline::TimeLeft { n, silent } => {
            (format!("reminder:{n}"), GameDue::Reminder { days: silent })
        }
        ServerDeadline::Flag => ("flag".to_owned(), GameDue::LossOnTime { days: 0 }),
    }
}
