//! `/claim repetition|fifty [#game] [MOVE]`: a draw claimed by threefold
//! repetition or the 50-move rule (FIDE Laws 9.2, 9.3), optionally with the
//! move that brings it about. The bot checks the claim itself; a wrong claim
//! is refused with the reason and changes nothing (the declared move is not
//! played either).

use chrono::{DateTime, Utc};

use crate::app::actor::Actor;
use crate::app::command::ClaimKind;
use crate::app::outgoing::Outgoing;
use crate::core::game::{GameError, GameResult};
use crate::store::GameId;
use crate::store::{GameUpdate, Tx};

use crate::app::failure::{Failure, Outcome, or_conflict, refuse};
use crate::app::rules::{announce_end, game_over_notice};
use crate::app::service::games::pick::{Pick, game_args};
use crate::app::service::games::play::{Turn, load_turn, play_committed, read_move};
use crate::app::service::games::state::finish_update;
use crate::app::view::game::player_of;

/// Checks and, when right, grants a draw claim.
pub(crate) async fn claim(
    tx: &mut Tx,
    actor: &Actor,
    (kind, number): (ClaimKind, Option<GameId>),
    declared: Option<&str>,
    now: DateTime<Utc>,
) -> Outcome {
    let prefix = match kind {
        ClaimKind::Repetition => "/claim repetition",
        ClaimKind::FiftyMoves => "/claim fifty",
    };
    let pick = Pick {
        suffix: declared.unwrap_or_default(),
        ..Pick::to_move(prefix)
    };
    let mut turn = load_turn(tx, actor, number, pick, now).await?;
    let mv = match declared {
        Some(text) => Some(read_move(actor, &turn, text)?),
        None => None,
    };
    let colour = turn.colour;
    let checked = match kind {
        ClaimKind::Repetition => turn.record.claim_threefold(colour, mv),
        ClaimKind::FiftyMoves => turn.record.claim_fifty_moves(colour, mv),
    };
    let result = checked.map_err(|error| wrong_claim(actor, &turn, &error))?;
    match (mv, declared) {
        (Some(mv), Some(text)) => {
            play_committed(tx, actor, turn, (mv, text), Some(result), now).await
        }
        _ => grant(tx, actor, turn, &result, now).await,
    }
}

/// The refusal of a wrong claim, with the reason.
fn wrong_claim(actor: &Actor, turn: &Turn, error: &GameError) -> Failure {
    let args = game_args(turn.game.id);
    match error {
        GameError::NotRepeated { occurrences } => refuse(
            actor.lang(),
            "error-claim-not-repeated",
            &args.with("count", *occurrences),
        ),
        GameError::FiftyMovesNotReached { halfmoves } => refuse(
            actor.lang(),
            "error-claim-fifty-not-reached",
            &args
                .with("moves", halfmoves / 2)
                .with("halfmoves", *halfmoves),
        ),
        other => {
            let error = anyhow::Error::new(other.clone());
            Failure::Internal(error.context(format!("claim in game {}", turn.game.id)))
        }
    }
}

/// Ends the game drawn by a claim without a move.
async fn grant(
    tx: &mut Tx,
    actor: &Actor,
    turn: Turn,
    result: &GameResult,
    now: DateTime<Utc>,
) -> Outcome {
    let game = turn.game;
    let mut update = GameUpdate::from_game(&game);
    finish_update(&mut update, result, now);
    or_conflict(
        actor.lang(),
        game.id,
        tx.update_game(game.id, game.version, &update).await,
    )?;
    let notice = game_over_notice(tx, &game, result).await?;
    let opponent = player_of(&game, turn.colour.other());
    announce_end(tx, &game, &notice, &[opponent], now).await?;
    Ok(vec![Outgoing::text(
        notice.text(actor.lang(), actor.notation()),
    )])
}
