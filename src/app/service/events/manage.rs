//! Managing an event: `/event rename`, `/event set`, `/event close`,
//! `/event remove`, `/event readmit` and `/event cancel`, for the event's
//! organizer and administrators. Before the start every setting may change; after it only
//! who rules and where (arbiters, committee, channels), never the sporting
//! conditions.

use chrono::{DateTime, Utc};

use crate::app::actor::Actor;
use crate::app::authz::{self, Action};
use crate::app::command::CommandWord;
use crate::app::i18n::{Args, tr};
use crate::app::notice::Notice;
use crate::app::outgoing::Outgoing;
use crate::store::{Event, EventId, EventStatus, PlayerId, Role, Tx};

use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::notify::notify;
use crate::app::service::events::setup::{EventSetup, apply_settings, set_channel_language};
use crate::app::service::events::{deny, list, load_event, relations};
use crate::app::service::people::names::player_named;

/// The settings that may still change once the event has started: who
/// rules and where, not the sporting conditions.
pub(crate) const AFTER_START: &[&str] = &[
    "arbiter",
    "committee",
    "arbiter-channel",
    "appeals-channel",
    "channel",
    "channel-lang",
];

/// The longest event name, in characters.
const MAX_NAME: usize = 100;

/// The event's number and name, for messages.
fn event_args(event: &Event) -> Args<'static> {
    Args::new()
        .with("event", event.id)
        .with("name", event.name.clone())
}

/// Refuses anything in a cancelled or finished event.
pub(super) fn refuse_if_over(actor: &Actor, event: &Event) -> Result<(), Failure> {
    let id = match event.status {
        EventStatus::Cancelled => "error-event-cancelled",
        EventStatus::Finished => "error-event-finished",
        _ => return Ok(()),
    };
    Err(refuse(actor.lang(), id, &event_args(event)))
}

/// The event `number`, locked, if the actor may manage it and it is not
/// over.
pub(super) async fn managed_event(
    tx: &mut Tx,
    actor: &Actor,
    number: EventId,
) -> Result<Event, Failure> {
    let event = load_event(tx, actor, number).await?;
    let relations = relations(tx, actor, Some(event.id)).await?;
    if !authz::allows(Action::ManageEvent, &relations) {
        return Err(deny(actor));
    }
    refuse_if_over(actor, &event)?;
    Ok(event)
}

/// Refuses when the event has started.
fn before_start(actor: &Actor, event: &Event) -> Result<(), Failure> {
    if event.status.before_start() {
        Ok(())
    } else {
        Err(refuse(
            actor.lang(),
            "error-event-edit-started",
            &event_args(event),
        ))
    }
}

/// `/event rename N NAME`.
pub(super) async fn rename(tx: &mut Tx, actor: &Actor, number: EventId, name: &str) -> Outcome {
    let event = managed_event(tx, actor, number).await?;
    let name = name.trim();
    if name.chars().count() > MAX_NAME {
        let args = event_args(&event).with("max", MAX_NAME);
        return Err(refuse(actor.lang(), "error-event-name-long", &args));
    }
    tx.rename_event(event.id, name).await?;
    let args = event_args(&event).with("new", name.to_owned());
    Ok(vec![Outgoing::text(tr(
        actor.lang(),
        "reply-event-renamed",
        &args,
    ))])
}

/// `/event set N key=value…`: every setting before the start, only
/// [`AFTER_START`] ones after it; `type=` never (cancel and create anew).
pub(super) async fn set(
    tx: &mut Tx,
    actor: &Actor,
    number: EventId,
    settings: &[(String, String)],
    now: DateTime<Utc>,
) -> Outcome {
    let event = managed_event(tx, actor, number).await?;
    let lang = actor.lang();
    for (key, value) in settings {
        let args = event_args(&event).with("key", key.clone());
        if key == "type" {
            return Err(refuse(lang, "error-event-set-type", &args));
        }
        if crate::app::service::events::sections::KEYS.contains(&key.as_str()) && event.is_team {
            // Team events keep their rules (issue 40).
            return Err(refuse(lang, "error-sections-team", &Args::new()));
        }
        if crate::app::service::events::knockout::KEYS.contains(&key.as_str()) && event.is_team {
            // Team events keep their rules (issue 40).
            return Err(refuse(lang, "error-knockout-team", &Args::new()));
        }
        if key == "boards" && !event.is_team {
            return Err(refuse(lang, "error-event-set-boards", &args));
        }
        if key == "match-points" && !event.is_team {
            // Match points only mean something in a team event, as at creation.
            let args = args
                .with("value", value.clone())
                .with("help", actor.help_word(CommandWord::Event));
            return Err(refuse(lang, "error-event-setting", &args));
        }
        if !event.status.before_start() && !AFTER_START.contains(&key.as_str()) {
            return Err(refuse(lang, "error-event-set-started", &args));
        }
    }
    let mut setup = EventSetup {
        regulation: event.regulation.clone(),
        settings: tx.event_settings(event.id).await?,
        arbiters: Vec::new(),
        committee: Vec::new(),
        team_boards: None,
        game_channel: tx.game_channel(event.id).await?,
        channel_lang: None,
        rated: None,
        rating: None,
    };
    apply_settings(tx, actor, &mut setup, settings).await?;
    save(tx, event.id, &setup, now).await?;
    // The settings by their names and values in the reader's language
    // (issue 19: no raw keys or codes in Ukrainian text).
    let written: Vec<String> = settings
        .iter()
        .map(|(key, value)| {
            let line =
                crate::app::service::events::setting_words::setting_text(lang, &setup, key, value);
            format!("• {line}")
        })
        .collect();
    let args = event_args(&event).with("settings", written.join("\n"));
    Ok(vec![Outgoing::text(tr(lang, "reply-event-set", &args))])
}

/// Stores a changed set-up; arbiters and committee named replace those of
/// the event.
async fn save(
    tx: &mut Tx,
    event: EventId,
    setup: &EventSetup,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    tx.set_regulation(event, &setup.regulation).await?;
    tx.save_event_settings(event, &setup.settings).await?;
    tx.set_game_channel(event, setup.game_channel.as_ref())
        .await?;
    if let Some(boards) = setup.team_boards {
        tx.set_team_boards(event, boards).await?;
    }
    if setup.rated.is_some() {
        tx.set_event_rated(event, setup.rated).await?;
    }
    if let Some(formula) = setup.rating {
        tx.set_event_rating_formula(event, formula).await?;
    }
    replace_role(tx, event, Role::Arbiter, &setup.arbiters, now).await?;
    replace_role(tx, event, Role::AppealsCommittee, &setup.committee, now).await?;
    set_channel_language(tx, setup).await
}

/// Makes `holders` the holders of `role` in `event` (nothing when empty).
async fn replace_role(
    tx: &mut Tx,
    event: EventId,
    role: Role,
    holders: &[PlayerId],
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    if holders.is_empty() {
        return Ok(());
    }
    for holder in list::event_role(tx, event, role).await? {
        if !holders.contains(&holder) {
            tx.revoke_role(holder, role, Some(event)).await?;
        }
    }
    for holder in holders {
        tx.grant_role(*holder, role, Some(event), now).await?;
    }
    Ok(())
}

/// `/event close N`: no more entries; the organizer starts it later.
pub(super) async fn close(
    tx: &mut Tx,
    actor: &Actor,
    number: EventId,
    now: DateTime<Utc>,
) -> Outcome {
    let event = managed_event(tx, actor, number).await?;
    if event.status != EventStatus::Registration {
        let args = event_args(&event);
        return Err(refuse(actor.lang(), "error-event-not-open", &args));
    }
    tx.set_event_status(event.id, EventStatus::Closed, now)
        .await?;
    let players = tx.active_players(event.id).await?.len();
    let args = event_args(&event).with("players", players);
    Ok(vec![Outgoing::text(tr(
        actor.lang(),
        "reply-event-closed",
        &args,
    ))])
}

/// `/event remove N @name`: takes an entrant out before the start; the
/// entrant is told, and cannot enter again (by `/event join` or an
/// invitation) until [`readmit`].
pub(super) async fn remove(
    tx: &mut Tx,
    actor: &Actor,
    number: EventId,
    name: &str,
    now: DateTime<Utc>,
) -> Outcome {
    let event = managed_event(tx, actor, number).await?;
    before_start(actor, &event)?;
    if event.is_team {
        let args = event_args(&event);
        return Err(refuse(actor.lang(), "error-event-remove-team", &args));
    }
    let player = player_named(tx, actor.lang(), name).await?;
    let shown = tx.player(player).await?.display_name;
    let args = event_args(&event).with("player", shown);
    if !tx.remove_entry(event.id, player).await? {
        return Err(refuse(actor.lang(), "error-event-remove-absent", &args));
    }
    tx.record_removal(event.id, player, actor.player.id, now)
        .await?;
    let notice = Notice::EntryRemoved {
        event: event.id,
        name: event.name.clone(),
    };
    notify(tx, player, &notice, now).await?;
    Ok(vec![Outgoing::text(tr(
        actor.lang(),
        "reply-event-removed",
        &args,
    ))])
}

/// `/event readmit N @name`: undoes a removal; the player is told that
/// they may enter again, and enters (or not) themselves.
pub(super) async fn readmit(
    tx: &mut Tx,
    actor: &Actor,
    number: EventId,
    name: &str,
    now: DateTime<Utc>,
) -> Outcome {
    let event = managed_event(tx, actor, number).await?;
    let player = player_named(tx, actor.lang(), name).await?;
    let shown = tx.player(player).await?.display_name;
    let args = event_args(&event).with("player", shown);
    if !tx.undo_removal(event.id, player).await? {
        return Err(refuse(actor.lang(), "error-event-readmit-absent", &args));
    }
    let notice = Notice::EntryReadmitted {
        event: event.id,
        name: event.name.clone(),
    };
    notify(tx, player, &notice, now).await?;
    Ok(vec![Outgoing::text(tr(
        actor.lang(),
        "reply-event-readmitted",
        &args,
    ))])
}

/// `/event cancel N`: before the start; every entrant is told, and nothing
/// more can be done in the event.
pub(super) async fn cancel(
    tx: &mut Tx,
    actor: &Actor,
    number: EventId,
    now: DateTime<Utc>,
) -> Outcome {
    let event = managed_event(tx, actor, number).await?;
    before_start(actor, &event)?;
    tx.set_event_status(event.id, EventStatus::Cancelled, now)
        .await?;
    let entrants: Vec<PlayerId> = tx
        .entries(event.id)
        .await?
        .iter()
        .map(|entry| entry.player_id)
        .collect();
    let notice = Notice::EventCancelled {
        event: event.id,
        name: event.name.clone(),
    };
    for entrant in &entrants {
        notify(tx, *entrant, &notice, now).await?;
    }
    let args = event_args(&event).with("players", entrants.len());
    Ok(vec![Outgoing::text(tr(
        actor.lang(),
        "reply-event-cancelled",
        &args,
    ))])
}
