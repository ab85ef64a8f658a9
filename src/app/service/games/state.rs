//! Shared game helpers: the regulation, replaying the record, clocks,
//! deadlines of the pending move, and ending a game.

use chrono::{DateTime, Utc};

use crate::app::actor::Actor;
use crate::app::deadline::{Due, GameDue};
use crate::app::notice::Notice;
use crate::app::outgoing::Outgoing;
use crate::core::clock::server::{ServerClock, ServerDeadline, player_record_from};
use crate::core::game::GameResult;
use crate::core::regulation::Regulation;
use crate::store::{
    EventStatus, GameRecord, GameStatus, GameUpdate, NewDeadline, PlayerId, Role, Tx,
};

use crate::app::failure::{Failure, Outcome, or_conflict};
use crate::app::service::notify::{notify, notify_arbiter_channel};
use crate::app::view::game::{first_mover, player_of, reason_id};
use crate::app::view::leave_time::GameLeaves;

/// Replaces a server game's deadlines with those of the pending move:
/// reminders at 14/28/35 days (R3.3.1), the continuation notice at 35 and
/// the silence case at 40 days (R3.3.2), and the loss on time (R3.5.7),
/// each pushed back by the mover's leave (R3.5.5, R3.6). Only deadlines
/// still ahead of `now` are set: when a leave changes, those before it have
/// already fallen. Both players' leave and the arbiter's days (`leaves`) are
/// already read: the game's deadlines are replaced in two statements, a
/// DELETE and one INSERT of them all (issue 24). Asked through
/// [`crate::app::rules::Rules::set_deadlines`].
pub(crate) async fn set_pending_deadlines_with(
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
        ServerDeadline::Flag => ("flag".to_owned(), GameDue::LossOnTime { days: 0 }),
    }
}

/// Marks `update` as the end of the game with `result`.
pub(crate) fn finish_update(update: &mut GameUpdate, result: &GameResult, now: DateTime<Utc>) {
    update.status = GameStatus::Finished;
    update.result = Some(result.score);
    update.result_reason = Some(reason_id(result.termination).to_owned());
    update.turn_since = None;
    update.finished_at = Some(now);
}

/// The game-over notice (R3.1.6).
pub(crate) async fn game_over_notice(
    tx: &mut Tx,
    game: &GameRecord,
    result: &GameResult,
) -> Result<Notice, Failure> {
    let white = tx.player(game.white).await?.display_name;
    let black = tx.player(game.black).await?.display_name;
    Ok(Notice::GameOver {
        game: game.id,
        white,
        black,
        score: result.score.as_score_str().to_owned(),
        reason: reason_id(result.termination).to_owned(),
    })
}

/// Ends `game` with `result` by the actor's own act (a resignation, an
/// agreed draw): the game is written, `to` and the arbiters are told, and the
/// actor gets the game-over text.
pub(crate) async fn conclude(
    tx: &mut Tx,
    actor: &Actor,
    game: &GameRecord,
    result: &GameResult,
    to: &[PlayerId],
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let mut update = GameUpdate::from_game(game);
    finish_update(&mut update, result, now);
    or_conflict(
        lang,
        game.id,
        tx.update_game(game.id, game.version, &update).await,
    )?;
    let notice = game_over_notice(tx, game, result).await?;
    announce_end(tx, game, &notice, to, now).await?;
    Ok(vec![Outgoing::text(notice.text(lang, actor.notation()))])
}

/// After a game ended: no deadlines left; `notice` to the listed players.
pub(crate) async fn announce_end(
    tx: &mut Tx,
    game: &GameRecord,
    notice: &Notice,
    to: &[PlayerId],
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    tx.cancel_deadlines_of_game(game.id).await?;
    for player in to {
        notify(tx, *player, notice, now).await?;
    }
    // R3.1.6, R3.5.7: the arbiter is told every result: in the arbiters'
    // channel, else each arbiter privately (unless already told as a player).
    if !notify_arbiter_channel(tx, game.event_id, notice, now).await? {
        for arbiter in tx.holders_of(Role::Arbiter, Some(game.event_id)).await? {
            if !to.contains(&arbiter) && arbiter != game.white && arbiter != game.black {
                notify(tx, arbiter, notice, now).await?;
            }
        }
    }
    crate::app::service::games::channel::game_ended(tx, game, notice, now).await?;
    if tx.unfinished_games_in_event(game.event_id).await? == 0 {
        tx.set_event_status(game.event_id, EventStatus::Finished, now)
            .await?;
    }
    Ok(())
}
