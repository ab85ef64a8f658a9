//! Leave in postal events (R2.7): in all the player's postal games at once
//! (R2.7.1), announced to every partner and the arbiter (R2.7.2); a leave
//! announced after it started counts from the day of the notice (R2.7.6).

use chrono::{DateTime, Duration, NaiveDate, Utc};

use crate::app::actor::Actor;
use crate::app::command::Number;
use crate::app::i18n::{Args, days_text, tr};
use crate::app::notice::{Notice, PostalNotice};
use crate::app::outgoing::Outgoing;
use crate::core::leave::{LeaveAllowance, LeaveBook, LeaveKind, midnight};
use crate::store::{Event, EventId, GameRecord, NewLeave, PlayerId, Tx};

use super::super::games::state::{colour_of, player_of, regulation_of};
use super::super::leave::leave_refusal;
use super::super::leave::time::{applies_to, leaves_of_player};
use super::super::{Failure, notify, notify_arbiters};
use super::deadlines::set_deadlines;
use super::is_postal;

/// `/leave add DATE DAYS [#event]` for a player with running postal games:
/// `None` (the server-rule path goes on) when the text does not read or the
/// player has no postal game in scope.
pub(crate) async fn add_leave(
    tx: &mut Tx,
    actor: &Actor,
    (start, days): (&str, &str),
    event: Option<Number>,
    now: DateTime<Utc>,
) -> Result<Option<Vec<Outgoing>>, Failure> {
    let (Ok(date), Ok(days)) = (
        NaiveDate::parse_from_str(start, "%Y-%m-%d"),
        days.parse::<u32>(),
    ) else {
        return Ok(None);
    };
    let games = postal_games(tx, actor.player.id, event).await?;
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
        for leave in existing.iter().filter(|l| applies_to(l, event.id)) {
            let first = leave.starts_at.with_timezone(&zone).date_naive();
            let length = u32::try_from((leave.ends_at - leave.starts_at).num_days()).unwrap_or(0);
            let _ = book.register_postal(first, length.max(1), LeaveKind::Regular, first);
        }
        book.register_postal(date, days, LeaveKind::Regular, today)
            .map_err(|error| leave_refusal(actor.lang(), event, &error))?;
    }
    let first_day = date.max(today);
    let end_day = date + Duration::days(i64::from(days));
    let mut leave_id = 0;
    for event in &events {
        let new = NewLeave {
            player_id: actor.player.id,
            event_id: Some(event.id),
            starts_at: midnight(first_day, zone),
            ends_at: midnight(end_day, zone),
            extra: false,
            granted_by: None,
            at: now,
        };
        leave_id = tx.create_leave(&new).await?.id.0;
    }
    let text = |d: NaiveDate| d.format("%Y-%m-%d").to_string();
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

/// The player's running games in postal events (in `event` only, if given).
async fn postal_games(
    tx: &mut Tx,
    player: PlayerId,
    event: Option<Number>,
) -> Result<Vec<(Event, GameRecord)>, Failure> {
    let mut out = Vec::new();
    for game in tx.active_games_of(player).await? {
        if event.is_some_and(|n| EventId(n) != game.event_id) {
            continue;
        }
        let event = tx.event(game.event_id).await?;
        if is_postal(&regulation_of(&event)) {
            out.push((event, game));
        }
    }
    Ok(out)
}

/// Moves the silence deadlines of every game and tells every partner and
/// the arbiters of each event (R2.7.2).
async fn announce(
    tx: &mut Tx,
    me: PlayerId,
    games: &[(Event, GameRecord)],
    notice: &Notice,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let mut told: Vec<PlayerId> = Vec::new();
    let mut events: Vec<EventId> = Vec::new();
    for (event, game) in games {
        let game = tx.game(game.id).await?;
        set_deadlines(tx, &game, now).await?;
        let Some(colour) = colour_of(&game, me) else {
            continue;
        };
        let partner = player_of(&game, colour.other());
        if !told.contains(&partner) {
            told.push(partner);
            notify(tx, partner, notice, now).await?;
        }
        if !events.contains(&event.id) {
            events.push(event.id);
            notify_arbiters(tx, event.id, notice, now).await?;
        }
    }
    Ok(())
}
