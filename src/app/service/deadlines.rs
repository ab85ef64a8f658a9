//! What due deadlines mean: reminders (R3.3.1), the continuation notice and
//! the silence case (R3.3.2), the loss on time (R3.5.7).

use chrono::{DateTime, Utc};
use shakmaty::Color;

use crate::app::notice::Notice;
use crate::core::game::{GameResult, Termination};
use crate::scheduler::DueHandler;
use crate::store::{Deadline, GameStatus, GameUpdate, Role, Tx};

use super::game_state::{
    announce_end, clocks_of, finish_update, game_over_notice, plies_of, regulation_of, side_to_move,
};
use super::{Failure, notify};

/// The scheduler's handler of the app's deadlines.
#[derive(Debug, Clone, Copy, Default)]
pub struct DeadlineHandler;

impl DueHandler for DeadlineHandler {
    async fn handle(
        &self,
        tx: &mut Tx,
        deadline: &Deadline,
        now: DateTime<Utc>,
    ) -> anyhow::Result<()> {
        match fire(tx, deadline, now).await {
            Ok(()) | Err(Failure::Refused(_)) => Ok(()),
            Err(Failure::Internal(error)) => Err(error),
        }
    }
}

async fn fire(tx: &mut Tx, deadline: &Deadline, now: DateTime<Utc>) -> Result<(), Failure> {
    let Some(game_id) = deadline.game_id else {
        return Ok(());
    };
    let game = tx.game(game_id).await?;
    let ply = deadline.payload.get("ply").and_then(|v| v.as_i64());
    if game.status != GameStatus::Running || ply != Some(game.ply) {
        return Ok(()); // stale: the game moved on or ended
    }
    let days = deadline
        .payload
        .get("days")
        .and_then(|v| v.as_i64())
        .unwrap_or(0);
    let colour = side_to_move(&game);
    let (mover, other) = match colour {
        Color::White => (game.white, game.black),
        Color::Black => (game.black, game.white),
    };
    let event = tx.event(game.event_id).await?;
    match deadline.kind.as_str() {
        "reminder" => {
            let regulation = regulation_of(&event);
            let plies = plies_of(&tx.moves(game.id).await?);
            let clocks = clocks_of(&regulation, game.started_at.unwrap_or(now), &plies, now);
            let left = match colour {
                Color::White => clocks.white_left,
                Color::Black => clocks.black_left,
            };
            let notice = Notice::Reminder {
                game: game.id.0,
                days,
                left,
            };
            notify(tx, mover, &notice, now).await
        }
        "continuation_due" => {
            let notice = Notice::ContinuationDue {
                game: game.id.0,
                days,
            };
            notify(tx, mover, &notice, now).await
        }
        "silence_case" => {
            let notice = Notice::SilenceCase {
                game: game.id.0,
                player: tx.player(mover).await?.display_name,
                days,
            };
            for arbiter in tx.holders_of(Role::Arbiter, Some(event.id)).await? {
                notify(tx, arbiter, &notice, now).await?;
            }
            Ok(())
        }
        "loss_on_time" => {
            let result = GameResult::win(colour.other(), Termination::TimeForfeit);
            let mut update = GameUpdate::from_game(&game);
            finish_update(&mut update, &result, now);
            tx.update_game(game.id, game.version, &update).await?;
            let notice = game_over_notice(tx, &game, &result).await?;
            announce_end(tx, &game, &notice, &[mover, other], now).await
        }
        _ => Ok(()),
    }
}
