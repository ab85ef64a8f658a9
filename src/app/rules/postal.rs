//! The postal rules (R2): moves by cards or by messages through the bot,
//! with variants (R2.3), time counted by dates (R2.4) from postmarks and
//! receipts (R2.2), and oversteps rather than a flag (R2.6).

use chrono::{DateTime, Utc};

use crate::app::deadline::{Due, GameDue, PostalDue};
use crate::app::failure::Failure;
use crate::app::rules::ReadClocks;
use crate::app::view::clock::MoveClock;
use crate::app::view::game::{player_of, side_to_move};
use crate::app::view::postal_clock::{
    Loaded, clocked_moves, date_text, game_clocks, pending_postal_clock,
};
use crate::core::clock::Clocks;
use crate::core::clock::postal::PostalClock;
use crate::core::regulation::Regulation;
use crate::store::{GameRecord, GameStatus, NewDeadline, Tx};

/// The postal rules of one event (R2), with its regulation.
#[derive(Debug, Clone)]
pub(crate) struct PostalRules {
    regulation: Regulation,
}

impl PostalRules {
    /// The postal rules of `regulation` (its clock is read from the game's
    /// own dates, R2.4).
    pub(super) fn new(regulation: &Regulation) -> Self {
        Self {
            regulation: regulation.clone(),
        }
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

    /// Both postal clocks of `game` at `now` (or when it finished): from
    /// its cards (R2.2) or its moves through the bot (R2.4).
    pub(super) async fn game_clocks(
        &self,
        tx: &mut Tx,
        game: &GameRecord,
        now: DateTime<Utc>,
    ) -> Result<Clocks, Failure> {
        game_clocks(tx, game, now).await
    }

    /// [`PostalRules::clocks_from`] from what a list of games already read
    /// (`read`); a game kept by cards reads its own (R2.2, R2.4).
    pub(super) async fn clocks_read(
        &self,
        tx: &mut Tx,
        game: &GameRecord,
        read: ReadClocks<'_>,
        now: DateTime<Utc>,
    ) -> Result<(Option<MoveClock>, Clocks), Failure> {
        if read.by_cards {
            return self.clocks_from(tx, game, now).await;
        }
        let loaded = Loaded {
            entries: clocked_moves(game.started_at.unwrap_or(now), read.rows, read.plies),
            regulation: self.regulation.clone(),
            rows: read.rows.to_vec(),
            leaves: read.leaves,
        };
        let at = game.finished_at.unwrap_or(now);
        let postal = loaded.game(game.started_at.unwrap_or(at));
        let running = game.status == GameStatus::Running;
        Ok((running.then(|| postal.pending(now)), postal.clocks(at)))
    }

    /// The silence and overstep deadlines of the pending move (R2.5,
    /// R2.6).
    pub(super) async fn set_deadlines(
        &self,
        tx: &mut Tx,
        game: &GameRecord,
        now: DateTime<Utc>,
    ) -> Result<(), Failure> {
        set_postal_deadlines(tx, game, now).await
    }
}

/// Replaces the game's deadlines with those of the pending move (R2.5),
/// each pushed back by the silent player's leave (R2.7.4).
async fn set_postal_deadlines(
    tx: &mut Tx,
    game: &GameRecord,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    tx.cancel_deadlines_of_game(game.id).await?;
    let loaded = Loaded::of(tx, game, now).await?;
    let clock = PostalClock::new(&loaded.regulation);
    let start = game.started_at.unwrap_or(now);
    let silent = side_to_move(game);
    let since = clock.date_of(loaded.rows.last().map_or(start, |row| row.received_at));
    let mut due = Vec::new();
    if loaded.rows.is_empty() {
        let date = PostalClock::first_move_query_date(since);
        due.push((PostalDue::FirstMove { since }, date));
    } else {
        let leave = loaded.leaves.of(silent);
        let repeat = clock.repeat_date(since, leave);
        due.push((PostalDue::Repeat { since }, repeat));
        let report = clock.report_date(repeat, leave);
        due.push((PostalDue::Report { since }, report));
        set_leave_repeat(tx, game, &loaded, now).await?;
    }
    let two_months = PostalClock::no_move_case_date(since);
    due.push((PostalDue::TwoMonths { since }, two_months));
    for (due, date) in due {
        let at = clock.midnight(date);
        if at < now {
            continue;
        }
        let new = game_deadline(game, due, at)?;
        let new = NewDeadline {
            player_id: Some(player_of(game, silent)),
            ..new
        };
        tx.set_deadline(&new, now).await?;
    }
    Ok(())
}

/// R2.7.3: the mover's next leave starting after their last move was sent
/// is announced again with that move at the leave's first midnight, if the
/// partner has still not answered then.
async fn set_leave_repeat(
    tx: &mut Tx,
    game: &GameRecord,
    loaded: &Loaded,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let mover = side_to_move(game).other();
    let Some(sent) = loaded.rows.last().map(|row| row.received_at) else {
        return Ok(());
    };
    let next = loaded
        .leaves
        .of(mover)
        .spans()
        .iter()
        .find(|span| span.start > sent && span.start >= now)
        .copied();
    let Some(span) = next else {
        return Ok(());
    };
    let clock = PostalClock::new(&loaded.regulation);
    let due = PostalDue::LeaveRepeat {
        from: date_text(&clock, span.start),
        until: date_text(&clock, span.end),
    };
    let new = NewDeadline {
        player_id: Some(player_of(game, side_to_move(game))),
        ..game_deadline(game, due, span.start)?
    };
    tx.set_deadline(&new, now).await?;
    Ok(())
}

/// The deadline `due` of `game` at its present ply, keyed by game and kind
/// (setting it again replaces it).
fn game_deadline(
    game: &GameRecord,
    due: PostalDue,
    at: DateTime<Utc>,
) -> anyhow::Result<NewDeadline> {
    let due = Due::Game {
        ply: game.ply,
        due: GameDue::Postal(due),
    };
    let new = due.deadline(at)?;
    Ok(NewDeadline {
        key: Some(format!("game:{}:{}", game.id, new.kind)),
        game_id: Some(game.id),
        event_id: Some(game.event_id),
        ..new
    })
}
