//! The arbiter's requests to a player and the answers (R3.4.3): a request
//! unanswered for more than 20 days by a player present on the server
//! becomes the bot's case.

use chrono::{DateTime, Duration, Utc};

use crate::app::actor::Actor;
use crate::app::authz::{self, Action, Relation};
use crate::app::deadline::Due;
use crate::app::failure::Failure;
use crate::app::i18n::{Args, tr};
use crate::app::notice::{Notice, RequestNotice, Window};
use crate::app::outgoing::Outgoing;
use crate::app::rules::first_loss_on_move;
use crate::app::zone::{ShownInstant, player_zone};
use crate::store::{Event, EventId, NewDeadline, PlayerId, RequestId, Role, StoreError, Tx};

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
    let due = now + Duration::days(20) + Duration::minutes(1);
    let notice = RequestNotice {
        request: stored.id,
        event: event.name.clone(),
        from: actor.player.display_name.clone(),
        text: text.to_owned(),
        answer: false,
        window: Some(answer_window(tx, &event, player, due, now).await?),
    };
    notify(tx, player, &Notice::Request(notice), now).await?;
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

/// The window to answer a request (R3.4.3), up to `due`, in the player's
/// zone, with the first loss on time the player faces in a running game
/// of the event (their move, R3.5.7) when it comes before.
async fn answer_window(
    tx: &mut Tx,
    event: &Event,
    player: PlayerId,
    due: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<Window, Failure> {
    let zone = player_zone(tx, player, Some(event)).await?;
    let mut games = tx.active_games_of(player).await?;
    games.retain(|game| game.event_id == event.id);
    let loss = first_loss_on_move(tx, &games, player, now).await?;
    let loss = loss.map(|(game, at)| (game, ShownInstant::new(at, zone)));
    Ok(Window::with_loss_in(ShownInstant::new(due, zone), loss))
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
        window: None,
    };
    notify_arbiters(tx, request.event_id, &Notice::Request(notice), now).await?;
    Ok(vec![Outgoing::text(tr(
        lang,
        "reply-request-answered",
        &args,
    ))])
}
