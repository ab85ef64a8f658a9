//! Shared game helpers: a game's update at its end, and ending a game by a
//! player's own act.

use chrono::{DateTime, Utc};

use crate::app::actor::Actor;
use crate::app::outgoing::Outgoing;
use crate::app::rules::{announce_end, game_over_notice};
use crate::core::game::GameResult;
use crate::store::{GameRecord, GameStatus, GameUpdate, PlayerId, Tx};

use crate::app::failure::{Outcome, or_conflict};
use crate::app::view::game::reason_id;

/// Marks `update` as the end of the game with `result`.
pub(crate) fn finish_update(update: &mut GameUpdate, result: &GameResult, now: DateTime<Utc>) {
    update.status = GameStatus::Finished;
    update.result = Some(result.score);
    update.result_reason = Some(reason_id(result.termination).to_owned());
    update.turn_since = None;
    update.finished_at = Some(now);
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
