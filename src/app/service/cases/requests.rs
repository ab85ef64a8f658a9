//! The arbiter's requests to a player and the answers (R3.4.3): a request
//! unanswered for more than 20 days by a player present on the server
//! becomes the bot's case.

use chrono::{DateTime, Duration, Utc};

use crate::app::actor::Actor;
use crate::app::authz::{self, Action, Relation};
use crate::app::deadline::Due;
use crate::app::i18n::{Args, tr};
use crate::app::notice::{Notice, RequestNotice};
use crate::app::outgoing::Outgoing;
use crate::store::{EventId, NewDeadline, RequestId, Role, StoreError, Tx};

use crate::app::failure::{Outcome, refuse};
use crate::app::notify::{notify, notify_arbiters};
use crate::app::service::people::contacts::live_events;
use crate::app::service::people::names::player_named;
use crate::app::view::event_zone::{event_zone, zoned};

/// `/request @player [#event] text`: the arbiter asks a player of their
/// event; unanswered, it becomes a case after more than 20 days (R3.4.3).
pub(super) async fn request(
    tx: &mut Tx,
    actor: &Actor,
    (name, event): (&str, Option<EventId>),
    text: &str,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let player = player_named(tx, lang, name).await?;
    let me = actor.player.id;
    let mut chosen = None;
    for candidate in live_events(tx, player).await? {
        if event.is_some_and(|n| n != candidate.id) {
            continue;
        }
        if tx
            .holders_of(Role::Arbiter, Some(candidate.id))
            .await?
            .contains(&me)
        {
            chosen = Some(candidate);
            break;
        }
    }
    let relations: Vec<Relation> = chosen.iter().map(|_| Relation::Arbiter).collect();
    let Some(event) = chosen.filter(|_| authz::allows(Action::ArbiterDesk, &relations)) else {
        return Err(refuse(lang, "error-not-arbiter-of-player", &Args::new()));
    };
    let stored = tx.create_request(event.id, player, me, text, now).await?;
    let notice = RequestNotice {
        request: stored.id,
        event: event.name.clone(),
        from: actor.player.display_name.clone(),
        text: text.to_owned(),
        answer: false,
    };
    notify(tx, player, &Notice::Request(notice), now).await?;
    let due = now + Duration::days(20) + Duration::minutes(1);
    let deadline = NewDeadline {
        key: Some(format!("request:{}", stored.id)),
        event_id: Some(event.id),
        player_id: Some(player),
        ..Due::RequestUnanswered { request: stored.id }.deadline(due)?
    };
    tx.set_deadline(&deadline, now).await?;
    let args = Args::new()
        .with("request", stored.id)
        .with("player", tx.player(player).await?.display_name)
        .with("due", zoned(due, event_zone(&event)).text(lang));
    Ok(vec![Outgoing::text(tr(lang, "reply-request-sent", &args))])
}

/// `/answer N text`: the player answers the arbiter's request.
pub(super) async fn answer(
    tx: &mut Tx,
    actor: &Actor,
    number: RequestId,
    text: &str,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let args = Args::new().with("request", number);
    let request = match tx.request(number).await {
        Ok(request) if request.player_id == actor.player.id => request,
        Ok(_) | Err(StoreError::NotFound { .. }) => {
            return Err(refuse(lang, "error-unknown-request", &args));
        }
        Err(other) => return Err(other.into()),
    };
    if !tx.answer_request(request.id, text, now).await? {
        return Err(refuse(lang, "error-request-answered", &args));
    }
    tx.cancel_deadline(&format!("request:{}", request.id))
        .await?;
    let notice = RequestNotice {
        request: request.id,
        event: tx.event(request.event_id).await?.name,
        from: actor.player.display_name.clone(),
        text: text.to_owned(),
        answer: true,
    };
    notify_arbiters(tx, request.event_id, &Notice::Request(notice), now).await?;
    Ok(vec![Outgoing::text(tr(
        lang,
        "reply-request-answered",
        &args,
    ))])
}
