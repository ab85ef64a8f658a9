//! Silence in a postal game (R2.5), as deadlines: the bot repeats the move
//! after 20 days and reports to the arbiter after 20 more (R2.5.1), queries
//! White's missing first move after 20 days and tells the arbiter (R2.5.2),
//! and shows the arbiter a game without a move for two months (R2.5.3).

use chrono::{DateTime, NaiveDate, Utc};
use serde_json::json;

use crate::app::notice::{Notice, NoticeMove, PostalMove, PostalNotice};
use crate::core::clock::postal::PostalClock;
use crate::store::{Deadline, Game, NewDeadline, Tx};

use super::super::game_state::{fen_of, player_of, replay, side_to_move};
use super::super::{Failure, notify, notify_arbiters};
use super::clock::{Loaded, date_text};

/// Replaces the game's deadlines with those of the pending move (R2.5),
/// each pushed back by the silent player's leave (R2.7.4).
pub(crate) async fn set_deadlines(
    tx: &mut Tx,
    game: &Game,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    tx.cancel_deadlines_of_game(game.id).await?;
    let loaded = Loaded::of(tx, game, now).await?;
    let clock = PostalClock::new(&loaded.regulation);
    let start = game.started_at.unwrap_or(now);
    let silent = side_to_move(game);
    let since = clock.date_of(loaded.rows.last().map_or(start, |row| row.received_at));
    let mut due: Vec<(&str, NaiveDate)> = Vec::new();
    if loaded.rows.is_empty() {
        due.push((
            "postal_first_move",
            PostalClock::first_move_query_date(since),
        ));
    } else {
        let leave = loaded.leaves.of(silent);
        let repeat = clock.repeat_date(since, leave);
        due.push(("postal_repeat", repeat));
        due.push(("postal_report", clock.report_date(repeat, leave)));
    }
    due.push(("postal_two_months", PostalClock::no_move_case_date(since)));
    for (kind, date) in due {
        let at = clock.midnight(date);
        if at < now {
            continue;
        }
        let new = NewDeadline {
            due_at: at,
            kind: kind.to_owned(),
            key: Some(format!("game:{}:{kind}", game.id)),
            game_id: Some(game.id),
            event_id: Some(game.event_id),
            player_id: Some(player_of(game, silent)),
            payload: json!({ "ply": game.ply, "since": since.to_string() }),
            ..NewDeadline::default()
        };
        tx.set_deadline(&new, now).await?;
    }
    Ok(())
}

/// A due postal deadline of a running game whose move is still pending.
pub(crate) async fn fire(
    tx: &mut Tx,
    game: &Game,
    deadline: &Deadline,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let silent = player_of(game, side_to_move(game));
    let name = tx.player(silent).await?.display_name;
    let since = deadline
        .payload
        .get("since")
        .and_then(|v| v.as_str())
        .unwrap_or_default()
        .to_owned();
    let number = game.id.0;
    match deadline.kind.as_str() {
        "postal_repeat" => repeat(tx, game, now).await,
        "postal_report" => {
            let loaded = Loaded::of(tx, game, now).await?;
            let sent = loaded.rows.last().map_or(now, |row| row.received_at);
            let clock = PostalClock::new(&loaded.regulation);
            let days = (clock.date_of(now) - clock.date_of(sent)).num_days();
            let notice = PostalNotice::SilenceReport {
                game: number,
                player: name,
                days,
            };
            notify_arbiters(tx, game.event_id, &Notice::Postal(notice), now).await
        }
        "postal_first_move" => {
            let event = tx.event(game.event_id).await?.name;
            let query = PostalNotice::FirstMoveQuery {
                game: number,
                event,
            };
            notify(tx, silent, &Notice::Postal(query), now).await?;
            let missing = PostalNotice::FirstMoveMissing {
                game: number,
                player: name,
            };
            notify_arbiters(tx, game.event_id, &Notice::Postal(missing), now).await
        }
        "postal_objection" => {
            let case = deadline.payload.get("case").and_then(|v| v.as_i64());
            let notice = PostalNotice::ObjectionClosed {
                game: number,
                case: case.unwrap_or_default(),
            };
            notify_arbiters(tx, game.event_id, &Notice::Postal(notice), now).await
        }
        "postal_two_months" => {
            let notice = PostalNotice::TwoMonths {
                game: number,
                player: name,
                since,
            };
            notify_arbiters(tx, game.event_id, &Notice::Postal(notice), now).await
        }
        _ => Ok(()),
    }
}

/// The last move repeated to the silent partner, marked as a repeat
/// (R2.5.1).
async fn repeat(tx: &mut Tx, game: &Game, now: DateTime<Utc>) -> Result<(), Failure> {
    let loaded = Loaded::of(tx, game, now).await?;
    let Some((last, earlier)) = loaded.rows.split_last() else {
        return Ok(());
    };
    let clock = PostalClock::new(&loaded.regulation);
    let position = replay(game, earlier)?.position().clone();
    let sender = player_of(game, side_to_move(game).other());
    let start = game.started_at.unwrap_or(now);
    let notice = PostalMove {
        game: game.id.0,
        event: tx.event(game.event_id).await?.name,
        mover: tx.player(sender).await?.display_name,
        answered: None,
        accepted: Vec::new(),
        mv: NoticeMove {
            fen_before: fen_of(&position),
            uci: last.uci.clone(),
        },
        sent: date_text(&clock, last.received_at),
        variant: Vec::new(),
        clocks: loaded.game(start).clocks(now),
        repeat: true,
        ends_game: false,
    };
    let silent = player_of(game, side_to_move(game));
    let notice = Notice::Postal(PostalNotice::Move(Box::new(notice)));
    notify(tx, silent, &notice, now).await
}
