//! `/leave add DATE DAYS [#event]`, `/leave [list]`, `/leave cancel N` (R3.6):
//! leaves within the yearly allowance of each event they cover (R3.6.1),
//! registered in advance (R3.6.2); each registration or cancellation moves
//! the deadlines of the player's pending moves and is announced to the
//! player's opponents.

use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};
use chrono_tz::Tz;

use crate::app::actor::Actor;
use crate::app::command::{LeaveCommand, example_date, read_date, shown_date};
use crate::app::i18n::{Args, Lang, days_text, tr, tr0};
use crate::app::notice::Notice;
use crate::app::outgoing::Outgoing;
use crate::app::zone::actor_zone;
use crate::core::leave::{LeaveAllowance, LeaveBook, LeaveError, LeaveKind, midnight};
use crate::store::{
    EntryStatus, Event, EventId, EventStatus, GameStatus, LeaveId, LeaveRecord, LeaveStatus,
    NewLeave, PlayerId, StoreError, Tx,
};

use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::notify::notify;
use crate::app::rules::Rules;
use crate::app::view::event_zone::{event_zone, zoned};
use crate::app::view::game::{colour_of, player_of, plies_of, regulation_of, side_to_move};
use crate::app::view::leave_time::{applies_to, leaves_of_player};

/// Dispatches `/leave …`.
pub(super) async fn handle(
    tx: &mut Tx,
    actor: &Actor,
    command: LeaveCommand,
    now: DateTime<Utc>,
) -> Outcome {
    match command {
        LeaveCommand::Add { start, days, event } => {
            add(tx, actor, (&start, &days), event, now).await
        }
        LeaveCommand::List => list(tx, actor, now).await,
        LeaveCommand::Cancel { leave } => cancel(tx, actor, leave, now).await,
    }
}

/// The events a leave covers: the given one (the actor must play in it),
/// or every event the actor has entered that has not finished.
async fn scope_events(
    tx: &mut Tx,
    actor: &Actor,
    event: Option<EventId>,
) -> Result<Vec<Event>, Failure> {
    let lang = actor.lang();
    let mine = entered_events(tx, actor.player.id).await?;
    match event {
        Some(number) => match mine.into_iter().find(|e| e.id == number) {
            Some(event) => Ok(vec![event]),
            None => Err(refuse(
                lang,
                "error-leave-not-in-event",
                &Args::new().with("event", number),
            )),
        },
        None if mine.is_empty() => Err(refuse(lang, "error-leave-no-events", &Args::new())),
        None => Ok(mine),
    }
}

/// Events open for entries or running in which `player` is entered.
async fn entered_events(tx: &mut Tx, player: PlayerId) -> Result<Vec<Event>, StoreError> {
    let mut out = Vec::new();
    for status in [
        EventStatus::Registration,
        EventStatus::Closed,
        EventStatus::Running,
    ] {
        for event in tx.events_with_status(status).await? {
            let entries = tx.entries(event.id).await?;
            if entries
                .iter()
                .any(|e| e.player_id == player && e.status == EntryStatus::Active)
            {
                out.push(event);
            }
        }
    }
    Ok(out)
}

/// The actor's leave book in `event`, with the stored leaves that count there.
fn book_of(event: &Event, leaves: &[LeaveRecord]) -> LeaveBook {
    let mut book = LeaveBook::new(LeaveAllowance::from_regulation(&regulation_of(event)));
    let shared = event.regulation.rule_set.shares_leave();
    for leave in leaves.iter().filter(|l| applies_to(l, event.id, shared)) {
        let length = leave.ends_at - leave.starts_at;
        let days =
            u32::try_from((length + Duration::days(1) - Duration::milliseconds(1)).num_days())
                .unwrap_or(0);
        let kind = if leave.extra {
            LeaveKind::Extra
        } else {
            LeaveKind::Regular
        };
        // Stored leaves were valid when registered; a start in the past is fine here.
        let _ = book.register(leave.starts_at, days, kind, leave.starts_at);
    }
    book
}

/// Why a leave cannot be registered (server or postal rules), as a refusal.
pub(super) fn leave_refusal(lang: Lang, event: &Event, error: &LeaveError) -> Failure {
    let args = Args::new()
        .with("event", event.id.0)
        .with("name", event.name.clone());
    match error {
        LeaveError::ZeroDays => refuse(lang, "error-leave-days", &args),
        LeaveError::TooLong { max, .. } => {
            refuse(lang, "error-leave-too-long", &args.with("max", *max))
        }
        LeaveError::StartsInPast { .. } => refuse(lang, "error-leave-in-past", &args),
        LeaveError::NoticeAfterLeave => refuse(lang, "postal-error-leave-over", &args),
        LeaveError::Overlaps { .. } => refuse(lang, "error-leave-overlaps", &args),
        LeaveError::ExceedsYearlyAllowance {
            year, remaining, ..
        } => refuse(
            lang,
            // R2.7.1: a postal leave is one leave in all postal games.
            if event.regulation.rule_set.shares_leave() {
                "postal-error-leave-allowance"
            } else {
                "error-leave-allowance"
            },
            &args
                .with("year", *year)
                .with("left", days_text(lang, i64::from(*remaining))),
        ),
        other => Failure::Internal(anyhow::Error::new(other.clone()).context("leave")),
    }
}

/// The last first day a leave registered on `today` may have: the end of next
/// calendar year. R3.6.1 counts leave per calendar year and asks only that it
/// be registered in advance, so next year's leave can be booked all this year;
/// further ahead no allowance is known yet.
pub fn leave_horizon(today: NaiveDate) -> NaiveDate {
    NaiveDate::from_ymd_opt(today.year() + 1, 12, 31).unwrap_or(NaiveDate::MAX)
}

/// A leave's first day (as the bot shows dates, `ДД.ММ` or ISO, read in
/// `zone`, the player's; at most [`leave_horizon`] of today) and its days
/// (at least one), or the refusal that says which is unreadable or out of
/// reach, with an example from today.
pub(super) fn read_leave_dates(
    lang: Lang,
    start: &str,
    days: &str,
    (now, zone): (DateTime<Utc>, Tz),
) -> Result<(NaiveDate, u32), Failure> {
    let today = now.with_timezone(&zone).date_naive();
    let example = example_date(today);
    let date = read_date(start, today).ok_or_else(|| {
        let args = Args::new()
            .with("value", start.to_owned())
            .with("example", example.clone());
        refuse(lang, "error-leave-date", &args)
    })?;
    let last = leave_horizon(today);
    if date > last {
        let args = Args::new()
            .with("value", start.to_owned())
            .with("last", shown_date(last));
        return Err(refuse(lang, "error-leave-too-far", &args));
    }
    match days.parse() {
        Ok(days) if days > 0 => Ok((date, days)),
        _ => {
            let args = Args::new()
                .with("value", days.to_owned())
                .with("example", example);
            Err(refuse(lang, "error-leave-days-unreadable", &args))
        }
    }
}

/// `/leave add DATE DAYS [#event]`. Without an event, a player in postal
/// and server events gets the leave in both kinds at once (R2.7.1, R3.6.1),
/// and is told so.
async fn add(
    tx: &mut Tx,
    actor: &Actor,
    (start, days): (&str, &str),
    event: Option<EventId>,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let zone = actor_zone(tx, actor).await?;
    let dates = read_leave_dates(lang, start, days, (now, zone))?;
    // The allowance (R3.6.1) is read and then spent: one command at a time.
    tx.lock_player(actor.player.id).await?;
    let postal = crate::app::service::postal::add_leave(tx, actor, dates, event, now).await?;
    let Some(postal) = postal else {
        let events = scope_events(tx, actor, event).await?;
        return add_server(tx, actor, dates, (event, &events), now).await;
    };
    let server: Vec<Event> = match event {
        Some(_) => Vec::new(),
        None => entered_events(tx, actor.player.id)
            .await?
            .into_iter()
            .filter(|e| !e.regulation.rule_set.shares_leave())
            .collect(),
    };
    if server.is_empty() {
        return Ok(postal);
    }
    let mut replies = vec![Outgoing::text(tr0(lang, "reply-leave-both"))];
    replies.extend(postal);
    replies.extend(add_server(tx, actor, dates, (None, &server), now).await?);
    Ok(replies)
}

/// A server leave (R3.6) over `events`: for the one event named, or for all
/// the player's server events.
async fn add_server(
    tx: &mut Tx,
    actor: &Actor,
    (date, days): (NaiveDate, u32),
    (event, events): (Option<EventId>, &[Event]),
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let zone = regulation_of(&events[0]).date_zone();
    let starts_at = midnight(date, zone);
    let existing = leaves_of_player(tx, actor.player.id).await?;
    for event in events {
        book_of(event, &existing)
            .register(starts_at, days, LeaveKind::Regular, now)
            .map_err(|error| leave_refusal(lang, event, &error))?;
    }
    let new = NewLeave {
        player_id: actor.player.id,
        event_id: event,
        postal: false,
        starts_at,
        ends_at: starts_at + Duration::days(i64::from(days)),
        extra: false,
        granted_by: None,
        at: now,
    };
    let leave = tx.create_leave(&new).await?;
    let notice = Notice::LeaveRegistered {
        player: actor.player.display_name.clone(),
        from: zoned(leave.starts_at, zone).into(),
        until: zoned(leave.ends_at, zone).into(),
        event: event.map(|_| events[0].name.clone()),
    };
    after_change(tx, actor.player.id, events, &notice, now).await?;
    let args = Args::new()
        .with("leave", leave.id.0)
        .with("from", zoned(leave.starts_at, zone).day_text())
        .with("until", zoned(leave.ends_at, zone).last_day_text())
        .with("days", days_text(lang, i64::from(days)));
    Ok(vec![Outgoing::text(tr(lang, "reply-leave-added", &args))])
}

/// After `me`'s leave changed: the deadlines of their pending moves in the
/// covered events move with it (R3.5.5), and the opponents are told.
pub(super) async fn after_change(
    tx: &mut Tx,
    me: PlayerId,
    events: &[Event],
    notice: &Notice,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let mut opponents: Vec<PlayerId> = Vec::new();
    for event in events {
        let regulation = regulation_of(event);
        for game in tx.games_of_event(event.id).await? {
            let Some(colour) = colour_of(&game, me) else {
                continue;
            };
            if game.status != GameStatus::Running {
                continue;
            }
            if side_to_move(&game) == colour {
                let plies = plies_of(&tx.moves(game.id).await?);
                let rules = Rules::of(&regulation);
                rules.set_deadlines(tx, &game, (&plies, None), now).await?;
            }
            let opponent = player_of(&game, colour.other());
            if !opponents.contains(&opponent) {
                opponents.push(opponent);
            }
        }
    }
    for opponent in opponents {
        notify(tx, opponent, notice, now).await?;
    }
    Ok(())
}

/// `/leave` or `/leave list`: the actor's leaves and the days left this year.
async fn list(tx: &mut Tx, actor: &Actor, now: DateTime<Utc>) -> Outcome {
    let lang = actor.lang();
    let leaves = leaves_of_player(tx, actor.player.id).await?;
    let mut lines = vec![tr0(lang, "reply-leave-header")];
    for leave in leaves.iter().filter(|l| l.status != LeaveStatus::Cancelled) {
        lines.push(leave_line(tx, lang, leave, now).await?);
    }
    if lines.len() == 1 {
        lines.push(tr0(lang, "reply-leave-none"));
    }
    for event in entered_events(tx, actor.player.id).await? {
        let book = book_of(&event, &leaves);
        let year = now.with_timezone(&regulation_of(&event).date_zone()).year();
        let left = book.remaining_in_year(year, LeaveKind::Regular);
        let args = Args::new()
            .with("event", event.id.0)
            .with("name", event.name.clone())
            .with("year", year)
            .with("left", days_text(lang, i64::from(left)));
        lines.push(tr(lang, "reply-leave-left", &args));
    }
    Ok(vec![Outgoing::text(lines.join("\n"))])
}

async fn leave_line(
    tx: &mut Tx,
    lang: Lang,
    leave: &LeaveRecord,
    now: DateTime<Utc>,
) -> Result<String, Failure> {
    let zone = leave_zone(tx, leave).await?;
    let scope = match leave.event_id {
        None if leave.postal => tr0(lang, "leave-scope-postal"),
        Some(event) => {
            let name = tx.event(event).await?.name;
            tr(lang, "leave-scope-event", &Args::new().with("event", name))
        }
        None => tr0(lang, "leave-scope-all"),
    };
    let state = if now < leave.starts_at {
        "leave-state-planned"
    } else if now < leave.ends_at {
        "leave-state-running"
    } else {
        "leave-state-over"
    };
    let args = Args::new()
        .with("leave", leave.id.0)
        .with("from", zoned(leave.starts_at, zone).day_text())
        .with("until", zoned(leave.ends_at, zone).last_day_text())
        .with("scope", scope)
        .with("state", tr0(lang, state));
    Ok(tr(lang, "reply-leave-line", &args))
}

/// The zone a leave's dates are shown in (R3.5.6): its event's, else that
/// of the first event its player entered, else UTC.
async fn leave_zone(tx: &mut Tx, leave: &LeaveRecord) -> Result<chrono_tz::Tz, Failure> {
    let event = match leave.event_id {
        Some(event) => Some(tx.event(event).await?),
        None => entered_events(tx, leave.player_id)
            .await?
            .into_iter()
            .next(),
    };
    Ok(event.map_or(chrono_tz::Tz::UTC, |e| event_zone(&e)))
}

/// `/leave cancel N`: cancels a leave that has not started, or ends a
/// running one now.
async fn cancel(tx: &mut Tx, actor: &Actor, number: LeaveId, now: DateTime<Utc>) -> Outcome {
    let lang = actor.lang();
    let args = Args::new().with("leave", number);
    // Read-then-write on the player's leaves: one command at a time.
    tx.lock_player(actor.player.id).await?;
    let leave = leaves_of_player(tx, actor.player.id)
        .await?
        .into_iter()
        .find(|l| l.id == number && l.status != LeaveStatus::Cancelled)
        .ok_or_else(|| refuse(lang, "error-leave-unknown", &args))?;
    if leave.postal {
        return crate::app::service::postal::cancel_leave(tx, actor, &leave, now).await;
    }
    let zone = leave_zone(tx, &leave).await?;
    let ended_at = if now < leave.starts_at {
        tx.set_leave_status(leave.id, LeaveStatus::Cancelled)
            .await?;
        None
    } else if now < leave.ends_at {
        tx.set_leave_end(leave.id, now, LeaveStatus::Ended).await?;
        Some(zoned(now, zone))
    } else {
        return Err(refuse(lang, "error-leave-over", &args));
    };
    let events: Vec<Event> = match leave.event_id {
        Some(event) => vec![tx.event(event).await?],
        None => entered_events(tx, actor.player.id).await?,
    };
    let notice = Notice::LeaveWithdrawn {
        player: actor.player.display_name.clone(),
        from: zoned(leave.starts_at, zone).into(),
        ended_at: ended_at.clone().map(Into::into),
    };
    after_change(tx, actor.player.id, &events, &notice, now).await?;
    let id = if ended_at.is_some() {
        "reply-leave-ended"
    } else {
        "reply-leave-cancelled"
    };
    Ok(vec![Outgoing::text(tr(lang, id, &args))])
}
