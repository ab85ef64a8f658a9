//! `/contact` and `/contacts`: postal address and e-mail (R3.4.4), changes
//! announced to the arbiters and current partners (R2.1.2), and shown only
//! to whom R3.4.4 allows.

use std::collections::BTreeSet;

use chrono::{DateTime, Utc};

use crate::app::actor::Actor;
use crate::app::authz::{self, ContactScope};
use crate::app::command::ContactField;
use crate::app::i18n::{Args, Lang, tr, tr0};
use crate::app::notice::Notice;
use crate::app::outgoing::Outgoing;
use crate::core::team::{ContactContext, PersonKey};
use crate::store::{Event, EventId, EventStatus, GameStatus, PlayerId, Role, Tx};

use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::notify::notify;
use crate::app::service::keys::person_key;
use crate::app::service::people::settings::shown;
use crate::app::service::teams::roster::{captain_of, roster_of};

/// The longest contact detail.
const MAX_CONTACT_CHARS: usize = 200;

/// Checks a new value: not too long; an e-mail looks like one.
fn check_value(lang: Lang, field: ContactField, value: &str) -> Result<(), Failure> {
    if value.chars().count() > MAX_CONTACT_CHARS {
        let args = Args::new().with("max", MAX_CONTACT_CHARS);
        return Err(refuse(lang, "error-contact-too-long", &args));
    }
    let looks_like_email = value
        .split_once('@')
        .is_some_and(|(user, host)| !user.is_empty() && host.contains('.') && !host.ends_with('.'))
        && !value.contains(char::is_whitespace);
    if field == ContactField::Email && !looks_like_email {
        let args = Args::new().with("value", value.to_owned());
        return Err(refuse(lang, "error-bad-email", &args));
    }
    Ok(())
}

/// `/contact address|email TEXT` (`None` clears): stores the detail and
/// tells the arbiters of the player's events and every current partner
/// (R2.1.2); in a team event the player's captain instead of the partner
/// (R3.4.4 keeps the details from the other team).
pub(crate) async fn set_contact(
    tx: &mut Tx,
    actor: &Actor,
    field: ContactField,
    value: Option<String>,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let value = value.map(|v| v.trim().to_owned());
    if let Some(value) = &value {
        check_value(lang, field, value)?;
    }
    let me = actor.player.id;
    let mut settings = tx.player_settings(me).await?;
    match field {
        ContactField::Address => settings.address = value,
        ContactField::Email => settings.email = value,
    }
    tx.save_player_settings(me, &settings).await?;
    let notice = Notice::ContactChanged {
        player: actor.player.display_name.clone(),
        details: details_text(&settings.address, &settings.email),
    };
    let told = to_be_told(tx, me).await?;
    for recipient in &told {
        notify(tx, *recipient, &notice, now).await?;
    }
    let args = Args::new().with("count", told.len());
    Ok(vec![Outgoing::text(tr(lang, "reply-contact-set", &args))])
}

/// Both details, language-neutral (the notice is rendered for each recipient).
fn details_text(address: &Option<String>, email: &Option<String>) -> String {
    let dash = || "—".to_owned();
    format!(
        "📮 {}\n📧 {}",
        address.clone().unwrap_or_else(dash),
        email.clone().unwrap_or_else(dash)
    )
}

/// The events a player is in that are not over.
pub(crate) async fn live_events(tx: &mut Tx, player: PlayerId) -> Result<Vec<Event>, Failure> {
    let mut ids: BTreeSet<EventId> = tx.events_entered(player).await?.into_iter().collect();
    ids.extend(tx.active_games_of(player).await?.iter().map(|g| g.event_id));
    let mut events = Vec::new();
    for id in ids {
        let event = tx.event(id).await?;
        if event.status != EventStatus::Finished {
            events.push(event);
        }
    }
    Ok(events)
}

/// Who hears of a change of `player`'s details (R2.1.2, R3.4.4).
async fn to_be_told(tx: &mut Tx, player: PlayerId) -> Result<BTreeSet<PlayerId>, Failure> {
    let mut told = BTreeSet::new();
    for event in live_events(tx, player).await? {
        told.extend(tx.holders_of(Role::Arbiter, Some(event.id)).await?);
        if event.is_team {
            told.extend(captain_of(tx, event.id, player).await?);
        }
    }
    for game in tx.active_games_of(player).await? {
        if !tx.event(game.event_id).await?.is_team {
            told.insert(if game.white == player {
                game.black
            } else {
                game.white
            });
        }
    }
    told.remove(&player);
    Ok(told)
}

/// Whether the actor may see `subject`'s details (see [`authz::may_see_contacts`]).
async fn may_see(tx: &mut Tx, actor: &Actor, subject: PlayerId) -> Result<bool, Failure> {
    let (viewer, me) = (person_key(actor.player.id), actor.player.id);
    if viewer == person_key(subject) || actor.is_admin {
        return Ok(true);
    }
    for event in live_events(tx, subject).await? {
        let arbiter = tx
            .holders_of(Role::Arbiter, Some(event.id))
            .await?
            .contains(&me);
        let (roster, partners);
        let context = if event.is_team {
            roster = roster_of(tx, event.id).await?;
            ContactContext::Team(&roster)
        } else {
            partners = current_partners(tx, event.id, subject).await?;
            ContactContext::Individual {
                current_partners: &partners,
            }
        };
        let scope = ContactScope { arbiter, context };
        if authz::may_see_contacts(viewer, false, person_key(subject), &[scope]) {
            return Ok(true);
        }
    }
    Ok(false)
}

/// `subject`'s partners in the unfinished games of `event`.
async fn current_partners(
    tx: &mut Tx,
    event: EventId,
    subject: PlayerId,
) -> Result<Vec<PersonKey>, Failure> {
    Ok(tx
        .active_games_of(subject)
        .await?
        .iter()
        .filter(|g| g.event_id == event && g.status != GameStatus::Finished)
        .map(|g| person_key(if g.white == subject { g.black } else { g.white }))
        .collect())
}

/// One player's details as a reply line.
async fn contact_line(tx: &mut Tx, lang: Lang, subject: PlayerId) -> Result<String, Failure> {
    let name = tx.player(subject).await?.display_name;
    let settings = tx.player_settings(subject).await?;
    let args = Args::new()
        .with("name", name)
        .with("address", shown(lang, &settings.address))
        .with("email", shown(lang, &settings.email));
    Ok(tr(lang, "reply-contact-line", &args))
}

/// `/contacts [player]`: one player's details, or one's own and those of
/// every current partner whose details one may see.
pub(crate) async fn contacts(tx: &mut Tx, actor: &Actor, name: Option<&str>) -> Outcome {
    let lang = actor.lang();
    let subjects = match name {
        Some(name) => {
            let subject = crate::app::service::people::names::player_named(tx, lang, name).await?;
            if !may_see(tx, actor, subject).await? {
                let args = Args::new().with("name", name.trim_start_matches('@').to_owned());
                return Err(refuse(lang, "error-contacts-hidden", &args));
            }
            vec![subject]
        }
        None => {
            let mut subjects = vec![actor.player.id];
            for game in tx.active_games_of(actor.player.id).await? {
                let other = if game.white == actor.player.id {
                    game.black
                } else {
                    game.white
                };
                if !subjects.contains(&other) && may_see(tx, actor, other).await? {
                    subjects.push(other);
                }
            }
            subjects
        }
    };
    let mut lines = vec![tr0(lang, "reply-contacts-header")];
    for subject in subjects {
        lines.push(contact_line(tx, lang, subject).await?);
    }
    Ok(vec![Outgoing::text(lines.join("\n"))])
}
