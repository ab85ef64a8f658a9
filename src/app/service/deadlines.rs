//! What due deadlines mean: reminders (R3.3.1), the continuation notice and
//! the silence case (R3.3.2), the loss on time (R3.5.7).

use anyhow::anyhow;
use chrono::{DateTime, Utc};

use crate::app::deadline::{Due, GameDue};
use crate::app::notice::{Notice, Window};
use crate::app::rules::Rules;
use crate::app::zone::{ShownInstant, player_zone};
use crate::core::game::{GameResult, Termination};
use crate::scheduler::DueHandler;
use crate::store::{Deadline, GameRecord, GameStatus, GameUpdate, Tx};

use crate::app::failure::Failure;
use crate::app::notify::notify;
use crate::app::rules::pending_clock;
use crate::app::rules::{announce_end, game_over_notice};
use crate::app::service::cases;
use crate::app::service::games::state::finish_update;
use crate::app::view::game::{days_left, player_of, side_to_move};

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
            Ok(()) | Err(Failure::Refused(_) | Failure::Ask(_)) => Ok(()),
            Err(Failure::Internal(error)) => Err(error),
        }
    }
}

/// Fires `deadline` by its typed meaning, every kind matched by name: a row
/// of an unknown kind or a payload that does not fit it is an error naming
/// the row, which the scheduler logs and keeps for a retry, so that no
/// deadline (a loss on time, R3.5.7, least of all) is dropped in silence.
async fn fire(tx: &mut Tx, deadline: &Deadline, now: DateTime<Utc>) -> Result<(), Failure> {
    match Due::of(deadline)? {
        Due::Game { ply, due } => fire_in_game(tx, deadline, ply, due, now).await,
        Due::RequestUnanswered { request } => cases::request_unanswered(tx, request, now).await,
        Due::AbsenceOverdue { absence } => {
            cases::absence_overdue(tx, deadline.player_id, absence, now).await
        }
        Due::Digest => {
            crate::app::service::people::clock_prefs::fire_digest(tx, deadline, now).await
        }
    }
}

/// A deadline of a game set at `ply`: stale, and done, if the game has
/// moved on or ended since.
async fn fire_in_game(
    tx: &mut Tx,
    deadline: &Deadline,
    ply: i64,
    due: GameDue,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let Some(game_id) = deadline.game_id else {
        let (id, kind) = (deadline.id, &deadline.kind);
        return Err(anyhow!("deadline {id} of kind {kind:?} names no game").into());
    };
    let game = tx.game(game_id).await?;
    if game.status != GameStatus::Running || ply != game.ply {
        return Ok(()); // stale: the game moved on or ended
    }
    if flag_has_fallen(tx, &game, &due, now).await? {
        // The loss wins over a reminder, notice or case due at the same
        // instant: the game is scored, nothing else is said (R3.5.7).
        return lose_on_time(tx, &game, now).await;
    }
    let mover = player_of(&game, side_to_move(&game));
    match due {
        GameDue::Reminder { days } => remind(tx, &game, days, now).await,
        GameDue::ContinuationDue { days } => {
            if tx.event(game.event_id).await?.is_team {
                return captains_continuation(tx, &game, mover, days, now).await;
            }
            let window = continuation_window(tx, &game, mover, now).await?;
            let notice = Notice::ContinuationDue {
                game: game.id,
                days,
                window: Some(window),
            };
            notify(tx, mover, &notice, now).await
        }
        // R3.3.2: no case for a silence the player gave notice of.
        GameDue::SilenceCase { .. } => {
            if crate::app::service::games::talk::continuation_given(tx, &game).await? {
                return Ok(());
            }
            cases::open_silence_case(tx, &game, now).await
        }
        GameDue::LossOnTime { .. } => lose_on_time(tx, &game, now).await,
        GameDue::Postal(due) => crate::app::service::postal::fire(tx, &game, due, now).await,
    }
}

/// In a team event the notice of continuing goes to the arbiter through
/// the captain (R3.3.2): the silent player is told so, and the player's
/// captain and deputy hear of the silence.
async fn captains_continuation(
    tx: &mut Tx,
    game: &GameRecord,
    mover: crate::store::PlayerId,
    days: i64,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let leaders = crate::app::service::teams::roster::leaders_of(tx, game.event_id, mover).await?;
    let captain = match leaders.first() {
        Some(captain) => tx.player(*captain).await?.display_name,
        None => "—".to_owned(),
    };
    let window = continuation_window(tx, game, mover, now).await?;
    let to_player = Notice::ContinuationDueViaCaptain {
        game: game.id,
        days,
        captain,
        window: Some(window),
    };
    notify(tx, mover, &to_player, now).await?;
    let player = tx.player(mover).await?.display_name;
    let notice = Notice::CaptainContinuationDue {
        game: game.id,
        player,
        days,
    };
    for leader in leaders {
        notify(tx, leader, &notice, now).await?;
    }
    Ok(())
}

/// The window of the 35-day notice (R3.3.2): it ends when the silence case
/// goes to the arbiter (the game's `silence` deadline, leave counted), or 5
/// days on where the loss on time drops that case; the loss on time is
/// named when it comes first (R3.5.7).
async fn continuation_window(
    tx: &mut Tx,
    game: &GameRecord,
    mover: crate::store::PlayerId,
    now: DateTime<Utc>,
) -> Result<Window, Failure> {
    let event = tx.event(game.event_id).await?;
    let zone = player_zone(tx, mover, Some(&event)).await?;
    let silence_key = format!("game:{}:silence", game.id);
    let case_at = tx
        .deadlines_of_game(game.id)
        .await?
        .into_iter()
        .find(|deadline| deadline.key.as_deref() == Some(silence_key.as_str()))
        .map(|deadline| deadline.due_at);
    let regulation = crate::app::view::game::regulation_of(&event);
    let silence = &regulation.silence;
    let span = silence
        .case_after_days
        .saturating_sub(silence.notice_after_days);
    let ends = case_at.unwrap_or(now + chrono::Duration::days(i64::from(span)));
    let loses_at = pending_clock(tx, game, now)
        .await?
        .map(|clock| clock.loses_at);
    Ok(Window::new(
        ShownInstant::new(ends, zone),
        loses_at.map(|at| ShownInstant::new(at, zone)),
    ))
}

/// Whether the time of the player to move has already run out at `now`
/// when another of the game's deadlines (a reminder, the 35-day notice, the
/// 40-day case) falls due: then the loss on time comes first (R3.5.7).
async fn flag_has_fallen(
    tx: &mut Tx,
    game: &GameRecord,
    due: &GameDue,
    now: DateTime<Utc>,
) -> Result<bool, Failure> {
    let on_server_clock = match due {
        GameDue::Reminder { .. }
        | GameDue::ContinuationDue { .. }
        | GameDue::SilenceCase { .. } => true,
        GameDue::LossOnTime { .. } | GameDue::Postal(_) => false,
    };
    if !on_server_clock {
        return Ok(false);
    }
    let clock = pending_clock(tx, game, now).await?;
    Ok(clock.is_some_and(|clock| clock.loses_at <= now))
}

/// A reminder to the player to move, with the instant of the loss on time
/// (R3.3.1, R3.5.7).
async fn remind(
    tx: &mut Tx,
    game: &GameRecord,
    days: i64,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let colour = side_to_move(game);
    let left = days_left(&Rules::game_clocks(tx, game, now).await?, colour);
    let player = player_of(game, colour);
    let event = tx.event(game.event_id).await?;
    let zone = player_zone(tx, player, Some(&event)).await?;
    let clock = pending_clock(tx, game, now).await?;
    let loses_at = clock.map(|clock| ShownInstant::new(clock.loses_at, zone));
    let opponent = tx.player(player_of(game, colour.other())).await?;
    let notice = Notice::Reminder {
        game: game.id,
        days,
        left,
        loses_at,
        room: clock.and_then(|clock| clock.room),
        opponent: Some(opponent.display_name),
    };
    notify(tx, player, &notice, now).await
}

/// The player to move ran out of time: the game is lost (R3.5.7).
async fn lose_on_time(tx: &mut Tx, game: &GameRecord, now: DateTime<Utc>) -> Result<(), Failure> {
    let loser = side_to_move(game);
    let result = GameResult::win(loser.other(), Termination::TimeForfeit);
    let mut update = GameUpdate::from_game(game);
    finish_update(&mut update, &result, now);
    tx.update_game(game.id, game.version, &update).await?;
    let notice = game_over_notice(tx, game, &result).await?;
    announce_end(tx, game, &notice, &[game.white, game.black], now).await
}
