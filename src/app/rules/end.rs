//! The end of a game, the same under every rule set: the game-over notice
//! (R3.1.6) to the players and the arbiters, no deadline left, and the
//! event finished with its last game.

use chrono::{DateTime, Utc};

use crate::app::failure::Failure;
use crate::app::notice::Notice;
use crate::app::notify::{channel, follow, notify, notify_arbiter_channel};
use crate::app::view::final_table::FinalTable;
use crate::app::view::game::reason_id;
use crate::core::game::GameResult;
use crate::store::{EventId, EventStatus, GameRecord, PlayerId, Role, Tx};

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
    let mut told = to.to_vec();
    // R3.1.6, R3.5.7: the arbiter is told every result: in the arbiters'
    // channel, else each arbiter privately (unless already told as a player).
    if !notify_arbiter_channel(tx, game.event_id, notice, now).await? {
        for arbiter in tx.holders_of(Role::Arbiter, Some(game.event_id)).await? {
            if !to.contains(&arbiter) && arbiter != game.white && arbiter != game.black {
                notify(tx, arbiter, notice, now).await?;
                told.push(arbiter);
            }
        }
    }
    channel::game_ended(tx, game, notice, now).await?;
    follow::game_ended(tx, game, notice, &told, now).await?;
    // Sections over: the final starts now (issue 40), and the event goes on.
    let goes_on = crate::app::service::events::sections::event_goes_on(tx, game.event_id, now);
    if goes_on.await? {
        return Ok(());
    }
    // A knock-out: the next matches start, and the event goes on until its
    // final is decided (issue 40).
    let goes_on = crate::app::service::events::knockout::event_goes_on(tx, game, now);
    if goes_on.await? {
        return Ok(());
    }
    // R1.1: two last results committing at once are ordered, so the
    // second sees the first and the event ends exactly once.
    tx.lock_event_results(game.event_id).await?;
    if tx.unfinished_games_in_event(game.event_id).await? == 0 {
        tx.set_event_status(game.event_id, EventStatus::Finished, now)
            .await?;
        announce_event_end(tx, game.event_id, now).await?;
    }
    Ok(())
}

/// The event's last game ended (R1.1): its final table to every player
/// (with their own place, score and rating change), to the arbiters (their
/// channel, else each arbiter who did not play) and to the event's channel.
/// A team event's table is the teams' (R3.1.3), and every player of every
/// team reads their team's place and their own board score.
async fn announce_event_end(
    tx: &mut Tx,
    event: EventId,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let event = tx.event(event).await?;
    let event_id = event.id;
    let sectioned = event.regulation.sections.is_some();
    let table = FinalTable::of(tx, event).await?;
    let mut players = table.players();
    if sectioned {
        // The final's table, to every entrant of the sections too (issue 40).
        for entrant in tx.active_players(event_id).await? {
            if !players.contains(&entrant) {
                players.push(entrant);
            }
        }
    }
    for player in &players {
        let notice = Notice::EventFinished(table.end_for(tx, *player).await?);
        notify(tx, *player, &notice, now).await?;
    }
    let notice = Notice::EventFinished(table.end());
    if !notify_arbiter_channel(tx, event_id, &notice, now).await? {
        for arbiter in tx.holders_of(Role::Arbiter, Some(event_id)).await? {
            if !players.contains(&arbiter) {
                notify(tx, arbiter, &notice, now).await?;
            }
        }
    }
    channel::event_ended(tx, event_id, &notice, now).await
}
