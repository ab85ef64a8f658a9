//! `/standings [#event]`: the crosstable (score, wins, Sonneborn-Berger,
//! games left, place; ordered by points, wins, Sonneborn-Berger, then the
//! games between tied players) as text and as an image.

use crate::app::actor::Actor;
use crate::app::i18n::Args;
use crate::app::outgoing::{ImageRef, Outgoing};
use crate::store::{Event, EventId, EventStatus, Tx};

use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::view::knockout::KnockoutTable;
use crate::app::view::standings::{stage_tables, stages_text, table_of};
use crate::core::tournament::FINAL;

/// `/standings [#event]`: the given event, or the actor's only running one;
/// with none running, the last event the actor played to its end.
pub(crate) async fn show(tx: &mut Tx, actor: &Actor, number: Option<EventId>) -> Outcome {
    let lang = actor.lang();
    let event = match number {
        Some(_) => named_or_only_event(tx, actor, number).await?,
        None => {
            let current = current_events(tx, actor).await?;
            // After the last game, the final table of the last event played.
            let finished = match current.is_empty() {
                true => last_finished(tx, actor).await?,
                false => None,
            };
            match finished {
                Some(event) => event,
                None => one_event(tx, actor, &current).await?,
            }
        }
    };
    if event.status.before_start() || event.status == EventStatus::Cancelled {
        let args = Args::new()
            .with("event", event.id)
            .with("name", event.name.clone());
        return Err(refuse(lang, "error-standings-not-started", &args));
    }
    if event.is_team {
        return crate::app::service::teams::standings::show(tx, actor, event).await;
    }
    if event.regulation.sections.is_some() {
        return stages(tx, actor, event).await;
    }
    if let Some(table) = KnockoutTable::of(tx, event.clone()).await? {
        // A knock-out (issue 40): the rounds in words, the bracket drawn.
        let image = ImageRef::Crosstable {
            event: event.id,
            viewer: Some(actor.player.id),
            lang,
        };
        return Ok(vec![Outgoing::text(table.text(lang)).with_image(image)]);
    }
    let table = table_of(tx, event).await?;
    let image = ImageRef::Crosstable {
        event: table.event.id,
        viewer: Some(actor.player.id),
        lang,
    };
    Ok(vec![Outgoing::text(table.text(lang)).with_image(image)])
}

/// An event played in sections (issue 40): each section's standings, then
/// the final's; the crosstable image is the final's, once it has started.
async fn stages(tx: &mut Tx, actor: &Actor, event: Event) -> Outcome {
    let lang = actor.lang();
    let tables = stage_tables(tx, event.clone()).await?;
    let text = stages_text(lang, &tables).unwrap_or_default();
    let reply = Outgoing::text(text);
    if !tables.iter().any(|table| table.stage == Some(FINAL)) {
        return Ok(vec![reply]);
    }
    let image = ImageRef::Crosstable {
        event: event.id,
        viewer: Some(actor.player.id),
        lang,
    };
    Ok(vec![reply.with_image(image)])
}

/// The latest finished event the actor played in.
async fn last_finished(tx: &mut Tx, actor: &Actor) -> Result<Option<Event>, Failure> {
    let mut events: Vec<EventId> = tx
        .games_of_player(actor.player.id)
        .await?
        .iter()
        .map(|g| g.event_id)
        .collect();
    events.sort_by_key(|e| std::cmp::Reverse(e.0));
    events.dedup();
    for id in events {
        let event = tx.event(id).await?;
        if event.status == EventStatus::Finished {
            return Ok(Some(event));
        }
    }
    Ok(None)
}

/// Event `number`, or without it the actor's only event ([`only_event`]);
/// an unknown number is refused.
pub(super) async fn named_or_only_event(
    tx: &mut Tx,
    actor: &Actor,
    number: Option<EventId>,
) -> Result<Event, Failure> {
    match number {
        Some(number) => crate::app::service::events::event_numbered(tx, actor, number).await,
        None => only_event(tx, actor).await,
    }
}

/// The event of the actor's running games, when there is exactly one; for
/// an organizer or arbiter who does not play, the running event they run.
pub(super) async fn only_event(tx: &mut Tx, actor: &Actor) -> Result<Event, Failure> {
    let current = current_events(tx, actor).await?;
    one_event(tx, actor, &current).await
}

/// The one event of `events`, or the refusal that there is none or that
/// the actor must choose.
async fn one_event(tx: &mut Tx, actor: &Actor, events: &[EventId]) -> Result<Event, Failure> {
    match events {
        [only] => Ok(tx.event(*only).await?),
        [] => Err(refuse(actor.lang(), "error-no-games", &Args::new())),
        several => {
            let list: Vec<String> = several.iter().map(|e| format!("#{}", e.0)).collect();
            let args = Args::new().with("events", list.join(", "));
            Err(refuse(actor.lang(), "error-standings-which-event", &args))
        }
    }
}

/// The events of the actor's running games; for an organizer or arbiter
/// who does not play, the running events they run. Sorted, no repeats.
async fn current_events(tx: &mut Tx, actor: &Actor) -> Result<Vec<EventId>, Failure> {
    let mut events: Vec<EventId> = tx
        .active_games_of(actor.player.id)
        .await?
        .iter()
        .map(|game| game.event_id)
        .collect();
    if events.is_empty() {
        events = crate::app::service::events::run_events(tx, actor.player.id).await?;
    }
    events.sort_by_key(|e| e.0);
    events.dedup();
    Ok(events)
}
