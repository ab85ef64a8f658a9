//! Silence in a postal game (R2.5), as deadlines: the bot repeats the move
//! after 20 days and reports to the arbiter after 20 more (R2.5.1), queries
//! White's missing first move after 20 days and tells the arbiter (R2.5.2),
//! and raises the two-month case (R2.5.3): each report is a case at the
//! arbiter's desk.

use chrono::{DateTime, Utc};

use crate::app::deadline::PostalDue;
use crate::app::notice::{Notice, NoticeMove, PostalMoveNotice, PostalNotice};
use crate::core::case::CaseKind;
use crate::core::clock::postal::PostalClock;
use crate::store::{GameRecord, Tx};

use crate::app::failure::Failure;
use crate::app::notify::{notify, notify_arbiters};
use crate::app::service::cases::{CaseContext, Opening, open_case};
use crate::app::view::game::{fen_of, player_of, replay, side_to_move};
use crate::app::view::postal_clock::{Loaded, date_text};

/// A due postal deadline of a running game whose move is still pending.
pub(crate) async fn fire(
    tx: &mut Tx,
    game: &GameRecord,
    due: PostalDue,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let silent = player_of(game, side_to_move(game));
    let number = game.id;
    match due {
        PostalDue::Repeat { .. } => repeat(tx, game, now).await,
        PostalDue::Report { .. } => open_silence_case(tx, game, CaseKind::PostalSilence, now).await,
        PostalDue::FirstMove { .. } => {
            let event = tx.event(game.event_id).await?.name;
            let query = PostalNotice::FirstMoveQuery {
                game: number,
                event,
            };
            notify(tx, silent, &Notice::Postal(query), now).await?;
            open_silence_case(tx, game, CaseKind::MissingFirstMove, now).await
        }
        PostalDue::Objection { case } => {
            let notice = PostalNotice::ObjectionClosed { game: number, case };
            notify_arbiters(tx, game.event_id, &Notice::Postal(notice), now).await
        }
        PostalDue::TwoMonths { .. } => {
            open_silence_case(tx, game, CaseKind::TwoMonthsWithoutMove, now).await
        }
        PostalDue::LeaveRepeat { from, until } => {
            repeat_leave_notice(tx, game, (from, until), now).await
        }
    }
}

/// The bot's case about a silent postal game (R2.5.1–R2.5.3), to the
/// arbiters' desk with the board and the clocks, as the server's 40-day case.
async fn open_silence_case(
    tx: &mut Tx,
    game: &GameRecord,
    kind: CaseKind,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let opening = Opening {
        kind,
        event: tx.event(game.event_id).await?,
        game: Some(game.clone()),
        raised_by: None,
        accused: vec![player_of(game, side_to_move(game))],
        opponent: Some(player_of(game, side_to_move(game).other())),
        statement: None,
        context: CaseContext::default(),
    };
    open_case(tx, opening, now).await.map(|_| ())
}

/// R2.7.3: the partner has not answered by the time the leave starts: the
/// leave notice goes to them again with the player's last move.
async fn repeat_leave_notice(
    tx: &mut Tx,
    game: &GameRecord,
    (from, until): (String, String),
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let rows = tx.moves(game.id).await?;
    let Some((last, earlier)) = rows.split_last() else {
        return Ok(());
    };
    let position = replay(game, earlier)?.position().clone();
    let mover = player_of(game, side_to_move(game).other());
    let notice = PostalNotice::LeaveRepeated {
        game: game.id,
        player: tx.player(mover).await?.display_name,
        from,
        until,
        mv: NoticeMove {
            fen_before: fen_of(&position),
            uci: last.uci.clone(),
        },
    };
    let silent = player_of(game, side_to_move(game));
    notify(tx, silent, &Notice::Postal(notice), now).await
}

/// The last move repeated to the silent partner, marked as a repeat
/// (R2.5.1).
async fn repeat(tx: &mut Tx, game: &GameRecord, now: DateTime<Utc>) -> Result<(), Failure> {
    let loaded = Loaded::of(tx, game, now).await?;
    let Some((last, earlier)) = loaded.rows.split_last() else {
        return Ok(());
    };
    let clock = PostalClock::new(&loaded.regulation);
    let position = replay(game, earlier)?.position().clone();
    let sender = player_of(game, side_to_move(game).other());
    let start = game.started_at.unwrap_or(now);
    let silent = player_of(game, side_to_move(game));
    let notice = PostalMoveNotice {
        game: game.id,
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
        deadline: crate::app::view::postal_clock::reply_deadline(tx, game.id, silent, now).await?,
    };
    let notice = Notice::Postal(PostalNotice::Move(Box::new(notice)));
    notify(tx, silent, &notice, now).await
}
