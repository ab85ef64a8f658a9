//! A game written out: the days each move was charged, its moves in a
//! notation, and its PGN with the stored result.

use crate::app::failure::Failure;
use crate::app::view::game::{arbiter_reason_of, regulation_of, replay};
use crate::app::view::leave_time::GameLeaves;
use crate::app::view::public_delay::public_ply_count;
use crate::core::clock::server::{ServerClock, player_record_from};
use crate::core::game::{ArbiterReason, Game, Score};
use crate::core::notation::{self, Notation};
use crate::core::pgn::{self, PgnHeaders};
use crate::store::{Event, GameRecord, GameStatus, Tx};
use chrono::{DateTime, Utc};
use shakmaty::{Chess, Color, Position};

/// The days charged for each ply, its player's leave left out (R3.5.2–R3.5.5).
pub(crate) fn ply_charges(
    clock: &ServerClock,
    start: DateTime<Utc>,
    (plies, first): (&[DateTime<Utc>], Color),
    leaves: &GameLeaves,
) -> Vec<i64> {
    let mut charges = vec![0; plies.len()];
    for colour in [Color::White, Color::Black] {
        let spans = player_record_from(start, plies, colour, first).moves;
        let offset = usize::from(colour != first);
        for (n, span) in spans.iter().enumerate() {
            charges[offset + 2 * n] =
                clock.move_charge(span.received, span.sent, leaves.of(colour));
        }
    }
    charges
}

/// Each move as (move number, side, text in `notation`).
pub(crate) fn written_moves(played: &Game, notation: Notation) -> Vec<(u32, Color, String)> {
    let mut position: Chess = played.start_position().clone();
    let mut out = Vec::with_capacity(played.moves().len());
    for mv in played.moves() {
        let text = notation::write(&position, mv, notation);
        out.push((position.fullmoves().get(), position.turn(), text));
        position.play_unchecked(*mv);
    }
    out
}

/// One game's PGN with its stored result.
pub(crate) async fn game_pgn(tx: &mut Tx, game: &GameRecord) -> Result<String, Failure> {
    game_pgn_upto(tx, game, None).await
}

/// One game's PGN as the public sees it: a game in play without the moves
/// its event's `public-delay=N` holds back.
pub(crate) async fn public_game_pgn(tx: &mut Tx, game: &GameRecord) -> Result<String, Failure> {
    let event: Event = tx.event(game.event_id).await?;
    let shown = public_ply_count(tx, &event, game).await?;
    game_pgn_upto(tx, game, Some(shown)).await
}

/// One game's PGN with its first `plies` moves only, when given.
async fn game_pgn_upto(
    tx: &mut Tx,
    game: &GameRecord,
    plies: Option<usize>,
) -> Result<String, Failure> {
    let (played, headers) = pgn_game(tx, game, plies).await?;
    Ok(pgn::export(&played, &headers))
}

/// One game replayed (its first `plies` moves only, when given) with its
/// stored result, and its PGN tags.
pub(crate) async fn pgn_game(
    tx: &mut Tx,
    game: &GameRecord,
    plies: Option<usize>,
) -> Result<(Game, PgnHeaders), Failure> {
    let event: Event = tx.event(game.event_id).await?;
    let regulation = regulation_of(&event);
    let mut rows = tx.moves(game.id).await?;
    if let Some(plies) = plies {
        rows.truncate(plies);
    }
    let mut played = replay(game, &rows)?;
    apply_stored_result(&mut played, game);
    let (white_elo, black_elo) = tx.game_ratings(game).await?;
    let headers = PgnHeaders {
        event: event.name.clone(),
        site: "corrbot".to_owned(),
        date: game.started_at.map(|at| at.date_naive()),
        round: game.round.to_string(),
        white: tx.player(game.white).await?.display_name,
        black: tx.player(game.black).await?.display_name,
        correspondence_control: Some(format!(
            "{}/{}d",
            regulation.control.moves, regulation.control.days
        )),
        white_elo: white_elo.and_then(|r| u32::try_from(r.points()).ok()),
        black_elo: black_elo.and_then(|r| u32::try_from(r.points()).ok()),
        ..PgnHeaders::default()
    };
    Ok((played, headers))
}

/// Gives the replayed game the result stored for it when the moves alone do
/// not end it (resignation, agreement, claims, time, the arbiter).
fn apply_stored_result(played: &mut Game, game: &GameRecord) {
    if played.is_over() || game.status != GameStatus::Finished {
        return;
    }
    let reason = game.result_reason.as_deref().unwrap_or_default();
    if let Some(arbiter) = arbiter_reason_of(reason) {
        let score = game.result.unwrap_or(Score::Annulled);
        let _ = played.arbiter_decision(score, arbiter);
        return;
    }
    let _ = match game.result {
        Some(Score::Win(winner)) => {
            let loser = winner.other();
            if reason == "result-time-forfeit" {
                played.lose_on_time(loser)
            } else {
                played.resign(loser)
            }
        }
        Some(Score::Draw) => played.agree_draw(),
        Some(Score::DoubleLoss) => {
            played.arbiter_decision(Score::DoubleLoss, ArbiterReason::Default)
        }
        _ => return,
    };
}
