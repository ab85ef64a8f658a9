//! Shared game helpers: the regulation, replaying the record, clocks,
//! deadlines of the pending move, and ending a game.

use anyhow::Context;
use chrono::{DateTime, Utc};
use serde_json::json;
use shakmaty::fen::Fen;
use shakmaty::{Chess, Color, EnPassantMode};

use crate::app::actor::Actor;
use crate::app::notice::{Clocks, Notice};
use crate::app::outgoing::Outgoing;
use crate::core::clock::server::{ServerClock, ServerDeadline, player_record_from};
use crate::core::game::{ArbiterReason, Game, GameResult, Termination};
use crate::core::regulation::Regulation;
use crate::store::{
    Event, EventStatus, GameRecord, GameStatus, GameUpdate, MoveRow, NewDeadline, PlayerId, Role,
    Tx,
};

use crate::app::failure::{Failure, Outcome, or_conflict};
use crate::app::service::leave::time::{GameLeaves, game_leaves};
use crate::app::service::notify::{notify, notify_arbiter_channel};

/// The regulation of an event (decoded when the event was read: a stored
/// regulation that cannot be read is an error there, not a default).
pub(crate) fn regulation_of(event: &Event) -> Regulation {
    event.regulation.clone()
}

/// The side `player` plays in `game`, if any.
pub(crate) fn colour_of(game: &GameRecord, player: PlayerId) -> Option<Color> {
    if game.white == player {
        Some(Color::White)
    } else if game.black == player {
        Some(Color::Black)
    } else {
        None
    }
}

/// The player of `colour`.
pub(crate) fn player_of(game: &GameRecord, colour: Color) -> PlayerId {
    match colour {
        Color::White => game.white,
        Color::Black => game.black,
    }
}

/// Who makes the players' first move: White, or the side to move in the
/// game's start position (a thematic start ending with White's move,
/// issue 21). The clock counts from that move (R3.5.1).
pub(crate) fn first_mover(game: &GameRecord) -> Color {
    let start = game.initial_fen.as_deref().unwrap_or_default();
    if start.split_whitespace().nth(1) == Some("b") {
        Color::Black
    } else {
        Color::White
    }
}

/// The side to move, from the stored position.
pub(crate) fn side_to_move(game: &GameRecord) -> Color {
    if game.fen.split_whitespace().nth(1) == Some("b") {
        Color::Black
    } else {
        Color::White
    }
}

/// The game replayed from its start and stored UCI moves.
pub(crate) fn replay(game: &GameRecord, rows: &[MoveRow]) -> anyhow::Result<Game> {
    let start = match &game.initial_fen {
        Some(fen) => Game::from_fen(fen)
            .with_context(|| format!("game {}: the stored start position", game.id))?
            .start_position()
            .clone(),
        None => Chess::default(),
    };
    let uci: Vec<&str> = rows.iter().map(|row| row.uci.as_str()).collect();
    Game::replay(start, &uci).with_context(|| format!("game {}: the stored moves", game.id))
}

/// FEN of a position.
pub(crate) fn fen_of(position: &Chess) -> String {
    Fen::from_position(position, EnPassantMode::Legal).to_string()
}

/// Instants of the moves made, in order.
pub(crate) fn plies_of(rows: &[MoveRow]) -> Vec<DateTime<Utc>> {
    rows.iter().map(|row| row.received_at).collect()
}

/// Both clocks at `now`, each player's leave left out (R3.4.2, R3.5, R3.5.5).
pub(crate) fn clocks_of(
    regulation: &Regulation,
    start: DateTime<Utc>,
    plies: &[DateTime<Utc>],
    first: Color,
    now: DateTime<Utc>,
    leaves: &GameLeaves,
) -> Clocks {
    let [white, black] = ServerClock::new(regulation).game_clocks_from(
        start,
        (plies, first),
        now,
        leaves.pair(),
        leaves.offsets(),
    );
    Clocks {
        white_used: white.used,
        white_left: white.left,
        black_used: black.used,
        black_left: black.left,
    }
}

/// Both clocks of `game` as they stand at `now` (or when it finished), its
/// players' leaves counted (R3.4.2, R3.5, R3.6).
pub(crate) async fn game_clocks(
    tx: &mut Tx,
    game: &GameRecord,
    now: DateTime<Utc>,
) -> Result<Clocks, Failure> {
    let regulation = regulation_of(&tx.event(game.event_id).await?);
    if crate::app::service::postal::is_postal(&regulation) {
        return crate::app::service::postal::game_clocks(tx, game, now).await;
    }
    let plies = plies_of(&tx.moves(game.id).await?);
    let leaves = game_leaves(tx, game).await?;
    let at = game.finished_at.unwrap_or(now);
    let start = game.started_at.unwrap_or(at);
    Ok(clocks_of(
        &regulation,
        start,
        &plies,
        first_mover(game),
        at,
        &leaves,
    ))
}

/// The days left on `colour`'s clock.
pub(crate) fn days_left(clocks: &Clocks, colour: Color) -> crate::core::clock::Days {
    match colour {
        Color::White => clocks.white_left,
        Color::Black => clocks.black_left,
    }
}

/// Both clocks before any leave (a game's start).
pub(crate) fn clocks_without_leaves(
    regulation: &Regulation,
    start: DateTime<Utc>,
    plies: &[DateTime<Utc>],
    now: DateTime<Utc>,
) -> Clocks {
    let first = regulation
        .opening
        .as_ref()
        .map_or(Color::White, |opening| opening.first_to_move());
    clocks_of(regulation, start, plies, first, now, &GameLeaves::none())
}

/// Replaces the game's deadlines with those of the pending move: reminders
/// at 14/28/35 days (R3.3.1), the continuation notice at 35 and the silence
/// case at 40 days (R3.3.2), and the loss on time (R3.5.7), each pushed
/// back by the mover's leave (R3.5.5, R3.6). Only deadlines still ahead of
/// `now` are set: when a leave changes, those before it have already fallen.
pub(crate) async fn set_pending_deadlines(
    tx: &mut Tx,
    game: &GameRecord,
    regulation: &Regulation,
    plies: &[DateTime<Utc>],
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    if crate::app::service::postal::is_postal(regulation) {
        return crate::app::service::postal::set_deadlines(tx, game, now).await;
    }
    let leaves = game_leaves(tx, game).await?;
    set_pending_deadlines_with(tx, game, regulation, plies, &leaves, now).await
}

/// [`set_pending_deadlines`] when both players' leave and the arbiter's
/// days (`leaves`) are already read: the game's deadlines are replaced in
/// two statements, a DELETE and one INSERT of them all (issue 24).
pub(crate) async fn set_pending_deadlines_with(
    tx: &mut Tx,
    game: &GameRecord,
    regulation: &Regulation,
    plies: &[DateTime<Utc>],
    leaves: &GameLeaves,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    if crate::app::service::postal::is_postal(regulation) {
        return crate::app::service::postal::set_deadlines(tx, game, now).await;
    }
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
        let (kind, key, days) = match what {
            ServerDeadline::Reminder(n) => {
                let days = regulation.reminder_days.get(usize::from(n) - 1).copied();
                ("reminder", format!("reminder:{n}"), days.unwrap_or(0))
            }
            ServerDeadline::SilenceNotice => (
                "continuation_due",
                "continuation".to_owned(),
                regulation.silence.notice_after_days,
            ),
            ServerDeadline::SilenceCase => (
                "silence_case",
                "silence".to_owned(),
                regulation.silence.case_after_days,
            ),
            ServerDeadline::Flag => ("loss_on_time", "flag".to_owned(), 0),
        };
        let new = NewDeadline {
            due_at: at,
            kind: kind.to_owned(),
            key: Some(format!("game:{}:{key}", game.id)),
            game_id: Some(game.id),
            event_id: Some(game.event_id),
            player_id: Some(player_of(game, colour)),
            payload: json!({ "ply": plies.len(), "days": days }),
            ..NewDeadline::default()
        };
        deadlines.push(new);
    }
    tx.replace_deadlines_of_game(game.id, &deadlines, now)
        .await?;
    Ok(())
}

/// The catalog id of why a game ended.
pub(crate) fn reason_id(termination: Termination) -> &'static str {
    match termination {
        Termination::Checkmate => "result-checkmate",
        Termination::Stalemate => "result-stalemate",
        Termination::InsufficientMaterial => "result-insufficient-material",
        Termination::ThreefoldRepetition => "result-threefold",
        Termination::FiftyMoveRule => "result-fifty-moves",
        Termination::FivefoldRepetition => "result-fivefold",
        Termination::SeventyFiveMoveRule => "result-seventy-five-moves",
        Termination::Agreement => "result-agreement",
        Termination::Resignation => "result-resignation",
        Termination::TimeForfeit => "result-time-forfeit",
        Termination::Arbiter(reason) => arbiter_reason_id(reason),
    }
}

/// The arbiter's reasons (R3.1.6) and their catalog ids, which the store
/// keeps as a game's result reason.
const ARBITER_REASONS: [(ArbiterReason, &str); 5] = [
    (ArbiterReason::Adjudicated, "result-arbiter-adjudicated"),
    (ArbiterReason::Default, "result-arbiter-default"),
    (ArbiterReason::RulesInfraction, "result-arbiter-infraction"),
    (ArbiterReason::TimeExceeded, "result-arbiter-time"),
    (ArbiterReason::Annulled, "result-arbiter-annulled"),
];

/// The catalog id of an arbiter's reason.
pub(crate) fn arbiter_reason_id(reason: ArbiterReason) -> &'static str {
    ARBITER_REASONS
        .iter()
        .find(|(r, _)| *r == reason)
        .map_or("result-arbiter", |(_, id)| id)
}

/// The arbiter's reason behind a stored result reason, if it is one.
pub(crate) fn arbiter_reason_of(id: &str) -> Option<ArbiterReason> {
    ARBITER_REASONS
        .iter()
        .find(|(_, known)| *known == id)
        .map(|(reason, _)| *reason)
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
        game: game.id.0,
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
