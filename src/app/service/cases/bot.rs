//! Cases the bot opens by itself: 40 days of silence (R3.3.2), an arbiter's
//! request unanswered for more than 20 days by a player present on the
//! server (R3.4.3), an absence of internet access past 30 days and a second
//! absence in a calendar year (R3.1.5).

use chrono::{DateTime, Duration, Utc};

use crate::app::deadline::Due;
use crate::core::case::{ABSENCE_DAYS, Absence, CaseKind, arbiter_request_case_due};
use crate::store::{GameRecord, NewDeadline, PlayerId, RequestId, Tx};

use crate::app::failure::Failure;
use crate::app::service::cases::CaseContext;
use crate::app::service::cases::open::{Opening, open_case};
use crate::app::service::people::contacts::live_events;
use crate::app::view::game::{player_of, side_to_move};

/// A player's absences of internet access as the core counts them.
pub(crate) async fn absence_history(
    tx: &mut Tx,
    player: PlayerId,
) -> Result<Vec<Absence>, Failure> {
    let stored = tx.absences_of(player).await?;
    Ok(stored
        .iter()
        .map(|a| Absence {
            start: a.starts_at,
            withdrawal_at: a.starts_at + Duration::days(ABSENCE_DAYS),
            returned_at: a.returned_at,
        })
        .collect())
}

/// Sets the deadline at which an absence is past its 30 days (R3.1.5).
pub(crate) async fn set_absence_deadline(
    tx: &mut Tx,
    player: PlayerId,
    absence: i64,
    at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let new = NewDeadline {
        key: Some(format!("absence:{absence}")),
        player_id: Some(player),
        ..Due::AbsenceOverdue { absence }.deadline(at)?
    };
    tx.set_deadline(&new, now).await?;
    Ok(())
}

/// The 40-day case (R3.3.2): the player to move in `game` has neither
/// moved nor said they mean to continue.
pub async fn open_silence_case(
    tx: &mut Tx,
    game: &GameRecord,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let mover = player_of(game, side_to_move(game));
    let partner = player_of(game, side_to_move(game).other());
    let opening = Opening {
        kind: CaseKind::FortyDaysSilence,
        event: tx.event(game.event_id).await?,
        game: Some(game.clone()),
        raised_by: None,
        accused: vec![mover],
        opponent: Some(partner),
        statement: None,
        context: CaseContext::default(),
    };
    open_case(tx, opening, now).await.map(|_| ())
}

/// R3.4.3: more than 20 days without an answer from a player who has been
/// on the server since (the bot sees them move); a player who has not is
/// left to the silence rules.
pub(crate) async fn request_unanswered(
    tx: &mut Tx,
    id: RequestId,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let request = tx.request(id).await?;
    let last_seen = last_move_of(tx, request.player_id).await?;
    let due = arbiter_request_case_due(request.sent_at, request.answer.is_some(), last_seen, now);
    if !due {
        return Ok(());
    }
    let opening = Opening {
        kind: CaseKind::ArbiterRequestUnanswered,
        event: tx.event(request.event_id).await?,
        game: None,
        raised_by: None,
        accused: vec![request.player_id],
        opponent: None,
        statement: Some(request.text.clone()),
        context: CaseContext::default(),
    };
    open_case(tx, opening, now).await.map(|_| ())
}

/// When `player` last moved in any unfinished game.
async fn last_move_of(tx: &mut Tx, player: PlayerId) -> Result<Option<DateTime<Utc>>, Failure> {
    let mut last = None;
    for game in tx.active_games_of(player).await? {
        let parity = usize::from(game.white == player); // White's plies are odd

        for row in tx.moves(game.id).await? {
            let ply = usize::try_from(row.ply).unwrap_or(0);
            if ply % 2 == parity {
                last = last.max(Some(row.received_at));
            }
        }
    }
    Ok(last)
}

/// R3.1.5: a player not back within 30 days is withdrawn; the arbiter of
/// each event rules on it. `id` is the absence, `player` the one the
/// deadline names.
pub(crate) async fn absence_overdue(
    tx: &mut Tx,
    player: Option<PlayerId>,
    id: i64,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let Some(player) = player else {
        return Ok(());
    };
    let absences = tx.absences_of(player).await?;
    let Some(absence) = absences.iter().find(|a| a.id == id) else {
        return Ok(());
    };
    if absence.returned_at.is_some() {
        return Ok(());
    }
    for event in live_events(tx, player).await? {
        let opening = Opening {
            kind: CaseKind::InternetAbsenceOverdue,
            event,
            game: None,
            raised_by: None,
            accused: vec![player],
            opponent: None,
            statement: None,
            context: CaseContext::default(),
        };
        open_case(tx, opening, now).await?;
    }
    Ok(())
}
