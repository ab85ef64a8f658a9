//! Leave in postal events (R2.7): one leave in all the player's postal games
//! at once (R2.7.1), stored once, announced to every partner and once to
//! the arbiters of each event concerned (R2.7.2), and likewise when it is
//! cancelled or ended early; a leave announced after it started counts from
//! the day of the notice (R2.7.6). The allowance is read and spent under the
//! player's row lock (`/leave add` takes it first).

use chrono::{DateTime, Duration, NaiveDate, Utc};

use crate::app::actor::Actor;
use crate::app::i18n::{Args, days_text, tr};
use crate::app::notice::{Notice, PostalNotice};
use crate::app::outgoing::Outgoing;
use crate::core::leave::{LeaveAllowance, LeaveBook, LeaveKind, midnight};
use crate::store::{
    Event, EventId, GameRecord, LeaveRecord, LeaveStatus, NewLeave, NoticeRecipient, PlayerId,
    Role, Tx,
};

use crate::app::failure::{Failure, refuse};
use crate::app::notify::notify;
use crate::app::rules::Rules;
use crate::app::service::leave::leave_refusal;
use crate::app::view::game::{colour_of, player_of, regulation_of};
use crate::app::view::leave_time::{applies_to, leaves_of_player};

/// `/leave add DATE DAYS [#event]` for a player with running postal games:
/// `None` (the server-rule path goes on) when the player has no postal game
/// in scope.
pub(crate) async fn add_leave(
    tx: &mut Tx,
    actor: &Actor,
    (date, days): (NaiveDate, u32),
    event: Option<EventId>,
    now: DateTime<Utc>,
) -> Result<Option<Vec<Outgoing>>, Failure> {
    // R2.7.1: a postal leave is in all postal games; naming a postal event
    // only says that the leave is a postal one.
    if let Some(number) = event
        && !postal_games(tx, actor.player.id)
            .await?
            .iter()
            .any(|(e, _)| e.id == number)
    {
        return Ok(None);
    }
    let games = postal_games(tx, actor.player.id).await?;
    let Some((first_event, _)) = games.first() else {
        return Ok(None);
    };
    let zone = regulation_of(first_event).date_zone();
    let today = now.with_timezone(&zone).date_naive();
    let mut events: Vec<Event> = Vec::new();
    for (event, _) in &games {
        if !events.iter().any(|e| e.id == event.id) {
            events.push(event.clone());
        }
    }
    let existing = leaves_of_player(tx, actor.player.id).await?;
    for event in &events {
        let mut book = LeaveBook::new(LeaveAllowance::from_regulation(&regulation_of(event)));
        for leave in existing.iter().filter(|l| applies_to(l, event.id, true)) {
            let first = leave.starts_at.with_timezone(&zone).date_naive();
            let last = leave.ends_at.with_timezone(&zone).date_naive();
            // Calendar days: a day of 23 or 25 hours is one day (R2.7.1).
            let length = u32::try_from((last - first).num_days()).unwrap_or(0);
            let _ = book.register_postal(first, length.max(1), LeaveKind::Regular, first);
        }
        book.register_postal(date, days, LeaveKind::Regular, today)
            .map_err(|error| leave_refusal(actor.lang(), event, &error))?;
    }
    let first_day = date.max(today);
    let end_day = date + Duration::days(i64::from(days));
    let new = NewLeave {
        player_id: actor.player.id,
        event_id: None,
        postal: true,
        starts_at: midnight(first_day, zone),
        ends_at: midnight(end_day, zone),
        extra: false,
        granted_by: None,
        at: now,
    };
    let leave_id = tx.create_leave(&new).await?.id.0;
    let text = crate::app::command::shown_date;
    let late_from = (date < today).then(|| text(date));
    let notice = Notice::Postal(PostalNotice::Leave {
        player: actor.player.display_name.clone(),
        from: text(first_day),
        until: text(end_day),
        late_from: late_from.clone(),
    });
    announce(tx, actor.player.id, &games, &notice, now).await?;
    let counted = u32::try_from((end_day - first_day).num_days()).unwrap_or(0);
    let args = Args::new()
        .with("leave", leave_id)
        .with("from", text(first_day))
        .with("until", text(end_day))
        .with("days", days_text(actor.lang(), i64::from(counted)));
    let id = match late_from {
        Some(planned) => {
            let args = args.with("planned", planned);
            return Ok(Some(vec![Outgoing::text(tr(
                actor.lang(),
                "postal-reply-leave-late",
                &args,
            ))]));
        }
        None => "postal-reply-leave",
    };
    Ok(Some(vec![Outgoing::text(tr(actor.lang(), id, &args))]))
}

/// `/leave cancel N` of a postal leave (R2.7.1): cancelled before its first
/// day (or on it), else ended from today, in all postal games at once; the
/// partners and, once per event, the arbiters are told, and the silence
/// deadlines move back.
pub(crate) async fn cancel_leave(
    tx: &mut Tx,
    actor: &Actor,
    leave: &LeaveRecord,
    now: DateTime<Utc>,
) -> Result<Vec<Outgoing>, Failure> {
    let lang = actor.lang();
    let games = postal_games(tx, actor.player.id).await?;
    let zone = games
        .first()
        .map_or(chrono_tz::Tz::UTC, |(e, _)| regulation_of(e).date_zone());
    let today = now.with_timezone(&zone).date_naive();
    let day = |at: DateTime<Utc>| at.with_timezone(&zone).date_naive();
    let text = crate::app::command::shown_date;
    let args = Args::new().with("leave", leave.id.0);
    let (first, end) = (day(leave.starts_at), day(leave.ends_at));
    let ended = if today <= first {
        tx.set_leave_status(leave.id, LeaveStatus::Cancelled)
            .await?;
        None
    } else if today < end {
        tx.set_leave_end(leave.id, midnight(today, zone), LeaveStatus::Ended)
            .await?;
        Some(text(today))
    } else {
        return Err(refuse(lang, "error-leave-over", &args));
    };
    let notice = Notice::Postal(PostalNotice::LeaveCancelled {
        player: actor.player.display_name.clone(),
        from: text(first),
        ended: ended.clone(),
    });
    announce(tx, actor.player.id, &games, &notice, now).await?;
    let id = match ended {
        Some(_) => "postal-reply-leave-ended",
        None => "reply-leave-cancelled",
    };
    Ok(vec![Outgoing::text(tr(
        lang,
        id,
        &args.with("at", text(today)),
    ))])
}

/// The player's running games in postal events.
async fn postal_games(tx: &mut Tx, player: PlayerId) -> Result<Vec<(Event, GameRecord)>, Failure> {
    let mut out = Vec::new();
    for game in tx.active_games_of(player).await? {
        let event = tx.event(game.event_id).await?;
        if event.regulation.rule_set.shares_leave() {
            out.push((event, game));
        }
    }
    Ok(out)
}

/// Moves the silence deadlines of every game and tells every partner once
/// and the arbiters of each event concerned (R2.7.2): each arbiters'
/// channel, or each arbiter of an event without one, once, even when it
/// serves several of the events (the leave is one, R2.7.1).
async fn announce(
    tx: &mut Tx,
    me: PlayerId,
    games: &[(Event, GameRecord)],
    notice: &Notice,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let mut told: Vec<PlayerId> = vec![me];
    let mut events: Vec<EventId> = Vec::new();
    for (event, game) in games {
        let game = tx.game(game.id).await?;
        // Postal deadlines read the game's own dates (R2.5, R2.7.4).
        let rules = Rules::of_event(event);
        rules.set_deadlines(tx, &game, (&[], None), now).await?;
        if !events.contains(&event.id) {
            events.push(event.id);
        }
        let Some(colour) = colour_of(&game, me) else {
            continue;
        };
        let partner = player_of(&game, colour.other());
        if !told.contains(&partner) {
            told.push(partner);
            notify(tx, partner, notice, now).await?;
        }
    }
    let mut channels: Vec<NoticeRecipient> = Vec::new();
    let mut arbiters: Vec<PlayerId> = Vec::new();
    for event in events {
        match tx.event_settings(event).await?.arbiter_channel {
            Some(channel) if !channels.contains(&channel) => channels.push(channel),
            Some(_) => {}
            None => {
                for arbiter in tx.holders_of(Role::Arbiter, Some(event)).await? {
                    if !told.contains(&arbiter) && !arbiters.contains(&arbiter) {
                        arbiters.push(arbiter);
                    }
                }
            }
        }
    }
    let payload = serde_json::to_value(notice).map_err(|e| Failure::Internal(e.into()))?;
    for channel in channels {
        tx.enqueue_notice(&channel, notice.kind(), &payload, now)
            .await?;
    }
    for arbiter in arbiters {
        notify(tx, arbiter, notice, now).await?;
    }
    Ok(())
}
