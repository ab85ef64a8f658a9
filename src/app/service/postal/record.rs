//! `/record` of a postal game (R2.3.6, R2.4): each move with the date it
//! was sent, the days it cost and its player's total.

use chrono::{DateTime, Utc};
use shakmaty::{CastlingMode, Chess, Color, Position};

use crate::app::actor::Actor;
use crate::app::i18n::{Args, Lang, days_text, tr, tr0};
use crate::app::notice::{NoticeMove, clocks_text, numbered};
use crate::app::outgoing::Outgoing;
use crate::core::clock::postal::PostalClock;
use crate::store::{ClockAdjustment, GameRecord, GameStatus};

use crate::app::failure::{Failure, Outcome};
use crate::app::service::Tx;
use crate::app::service::games::pick::game_args;
use crate::app::service::games::play::clock_line;
use crate::app::service::games::spectator::{held_line, spectator_limit};
use crate::app::view::game::{fen_of, replay};
use crate::app::view::postal_clock::{Loaded, date_text};

/// The record of a postal game, both totals under it.
pub(crate) async fn record(
    tx: &mut Tx,
    actor: &Actor,
    game: &GameRecord,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    // A spectator of a game whose event holds moves back sees the moves
    // the public sees, without the dates and clocks that would date the
    // rest (the card ledger is the players' and the arbiter's).
    let limit = spectator_limit(tx, actor, game).await?;
    if limit.is_none() && !tx.cards(game.id).await?.is_empty() {
        return crate::app::service::postal::ledger::chart(tx, actor, game, now).await;
    }
    let loaded = Loaded::of(tx, game, now).await?;
    let clock = PostalClock::new(&loaded.regulation);
    let start = game.started_at.unwrap_or(now);
    let postal = loaded.game(start);
    let costs = postal.costs();
    let played = replay(game, &loaded.rows)?;
    let mut position: Chess = played.start_position().clone();
    let mut lines = vec![tr(lang, "postal-reply-record-header", &game_args(game.id))];
    let mut totals = [0, 0];
    let mut adjustments = tx
        .clock_adjustments_of(game.id)
        .await?
        .into_iter()
        .peekable();
    let shown = limit.unwrap_or(usize::MAX);
    let moves = played.moves().iter().zip(&loaded.rows).zip(&costs);
    for ((mv, row), cost) in moves.take(shown) {
        // R2.4.1, R2.4.9: the arbiter's penalty days count in the totals
        // from when they were added.
        while let Some(days) = adjustments.next_if(|a| a.made_at <= row.received_at) {
            lines.push(penalty_line(tx, lang, game, &days, &mut totals).await?);
        }
        let side = usize::from(position.turn() == Color::Black);
        totals[side] += cost;
        let notice = NoticeMove {
            fen_before: fen_of(&position),
            uci: mv.to_uci(CastlingMode::Standard).to_string(),
        };
        let args = Args::new()
            .with("move", numbered(&notice, actor.notation()))
            .with("sent", date_text(&clock, row.received_at))
            .with("days", days_text(lang, *cost))
            .with("total", days_text(lang, totals[side]));
        lines.push(tr(lang, "postal-reply-record-line", &args));
        position.play_unchecked(*mv);
    }
    if lines.len() == 1 {
        lines.push(tr0(lang, "reply-record-empty"));
    }
    if let Some(shown) = limit {
        lines.push(held_line(lang, game, shown));
        return Ok(vec![Outgoing::text(lines.join("\n"))]);
    }
    for days in adjustments {
        lines.push(penalty_line(tx, lang, game, &days, &mut totals).await?);
    }
    let at = game.finished_at.unwrap_or(now);
    lines.push(clocks_text(lang, &postal.clocks(at)));
    if game.status == GameStatus::Running {
        let clock = postal.pending(now);
        lines.push(clock_line(tx, actor, game, &clock).await?);
    }
    Ok(vec![Outgoing::text(lines.join("\n"))])
}

/// The arbiter's days on one player's time, as a line of the record, with
/// that player's total after them (R2.4.1, R2.4.9).
async fn penalty_line(
    tx: &mut Tx,
    lang: Lang,
    game: &GameRecord,
    adjustment: &ClockAdjustment,
    totals: &mut [i64; 2],
) -> Result<String, Failure> {
    let side = usize::from(adjustment.player != game.white);
    totals[side] += adjustment.days;
    let player = tx.player(adjustment.player).await?.display_name;
    let args = Args::new()
        .with("player", player)
        .with("days", days_text(lang, adjustment.days.abs()))
        .with("sign", if adjustment.days < 0 { "back" } else { "added" })
        .with("case", adjustment.case.0)
        .with("total", days_text(lang, totals[side]));
    Ok(tr(lang, "postal-reply-record-penalty", &args))
}
