//! `/events`, `/event show N` and `/event withdraw N`.

use crate::app::actor::Actor;
use crate::app::i18n::{Args, Lang, tr, tr0};
use crate::app::outgoing::Outgoing;
use crate::app::view::event_status::status_word;
use crate::app::view::final_table::FinalTable;
use crate::store::EventId;
use crate::store::{Event, EventStatus, NoticeRecipient, PlayerId, Role, Tx};

use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::service::events::load_event;
use crate::app::view::game::regulation_of;

/// Players' display names, comma-separated.
pub(crate) async fn names(tx: &mut Tx, players: &[PlayerId]) -> Result<String, Failure> {
    let mut names = Vec::with_capacity(players.len());
    for player in players {
        names.push(tx.player(*player).await?.display_name);
    }
    Ok(names.join(", "))
}

/// One event as a line of the list.
async fn event_line(tx: &mut Tx, lang: Lang, event: &Event) -> Result<String, Failure> {
    let players = tx.entries(event.id).await?.len();
    let args = Args::new()
        .with("event", event.id)
        .with("name", event.name.clone())
        .with("players", players);
    Ok(tr(lang, "reply-event-line", &args))
}

/// `/events`: open for entry, running, finished.
pub(crate) async fn list(tx: &mut Tx, actor: &Actor) -> Outcome {
    let lang = actor.lang();
    let mut lines = Vec::new();
    let sections = [
        (EventStatus::Registration, "reply-events-open"),
        (EventStatus::Closed, "reply-events-closed"),
        (EventStatus::Running, "reply-events-running"),
        (EventStatus::Finished, "reply-events-finished"),
        (EventStatus::Cancelled, "reply-events-cancelled"),
    ];
    for (status, header) in sections {
        let events = tx.events_with_status(status).await?;
        if events.is_empty() {
            continue;
        }
        lines.push(tr0(lang, header));
        for event in &events {
            lines.push(event_line(tx, lang, event).await?);
        }
    }
    if lines.is_empty() {
        lines.push(tr0(lang, "reply-no-events"));
    }
    Ok(vec![Outgoing::text(lines.join("\n"))])
}

/// `/event show N`: settings, organizers, arbiters, players and progress.
pub(super) async fn show(tx: &mut Tx, actor: &Actor, number: EventId) -> Outcome {
    let lang = actor.lang();
    let event = load_event(tx, actor, number).await?;
    let settings = tx.event_settings(event.id).await?;
    let regulation = regulation_of(&event);
    // The entrants and games in the standings' three statements, the rest
    // one statement each: nothing grows with the players or games (issue 24).
    let table = crate::app::view::standings::whole_table_of(tx, event.clone()).await?;
    let organizers = role_names(tx, event.id, Role::Organizer).await?;
    let arbiters = role_names(tx, event.id, Role::Arbiter).await?;
    let channel = match &settings.arbiter_channel {
        Some(NoticeRecipient::Chat { platform, chat_id }) => {
            format!("{}:{chat_id}", platform.as_str())
        }
        _ => tr0(lang, "profile-not-set"),
    };
    let rounds = crate::app::service::events::knockout::rounds_key(&regulation, settings.cycles);
    let args = Args::new()
        .with("event", event.id)
        .with("name", event.name.clone())
        .with("status", tr0(lang, status_word(event.status)))
        .with(
            "rules",
            tr(
                lang,
                "rule-set-name",
                &Args::new().with("rules", event.rule_set.as_str()),
            ),
        )
        .with("rounds", tr0(lang, rounds))
        .with(
            "control",
            crate::app::view::control::control_text(lang, &regulation),
        )
        .with("organizers", organizers)
        .with("arbiters", arbiters)
        .with("channel", channel)
        .with("count", table.names.len())
        .with("players", players_text(lang, &event, &table))
        .with("games", table.games)
        .with("finished", table.finished);
    let committee = role_names(tx, event.id, Role::AppealsCommittee).await?;
    let committee = if committee.is_empty() {
        tr0(lang, "event-line-committee-none")
    } else {
        let args = Args::new().with("committee", committee);
        tr(lang, "event-line-committee", &args)
    };
    let details = details_line(lang, &regulation);
    let mut text = format!(
        "{}\n{committee}\n{details}",
        tr(lang, "reply-event-show", &args)
    );
    if event.is_team {
        text = format!("{text}\n{}", teams_line(tx, lang, &event).await?);
    }
    if let Some(line) =
        crate::app::service::events::opening::show_line(lang, actor.notation(), &regulation)
    {
        text = format!("{text}\n{line}");
    }
    if let Some(line) = crate::app::service::events::entry::show_line(lang, &regulation) {
        text = format!("{text}\n{line}");
    }
    if let Some(line) = crate::app::service::events::conditional::show_line(lang, &regulation) {
        text = format!("{text}\n{line}");
    }
    let rated = tx.event_rated(event.id).await?;
    if let Some(line) = crate::app::service::events::spectators::show_line(lang, &regulation, rated)
    {
        text = format!("{text}\n{line}");
    }
    if rated {
        // The formula its games are rated by (issue 40).
        let formula = tx.event_rating_formula(event.id).await?;
        let name = crate::app::service::events::setting_words::formula_name(lang, formula);
        let line = tr(
            lang,
            "event-line-rating-formula",
            &Args::new().with("formula", name),
        );
        text = format!("{text}\n{line}");
    }
    for line in crate::app::service::events::sections::show_lines(tx, lang, &event).await? {
        text = format!("{text}\n{line}");
    }
    for line in crate::app::service::events::knockout::show_lines(tx, lang, &event).await? {
        text = format!("{text}\n{line}");
    }
    // A finished event shows what its end announced (R1.1): the final
    // table with the crosstable, the actor's own result, the PGN; a team
    // event's with the teams (R3.1.3).
    if event.status == EventStatus::Finished {
        let staged = event.regulation.sections.is_some() || event.regulation.knockout.is_some();
        let table = match event.is_team || staged {
            true => FinalTable::of(tx, event).await?,
            false => FinalTable::Players(table),
        };
        let end = table.end_for(tx, actor.player.id).await?;
        let end = end.message(lang, Some(actor.player.id));
        return Ok(vec![Outgoing::text(text), end]);
    }
    Ok(vec![Outgoing::text(text)])
}

/// The entrants, with their club rating in a rated event; once the event
/// has started, in order of place with their points.
fn players_text(lang: Lang, event: &Event, table: &crate::app::view::standings::Table) -> String {
    // An event played in sections: its stages' lines say (issue 40).
    let staged = event.regulation.sections.is_some() || event.regulation.knockout.is_some();
    if event.status.before_start() || event.is_team || staged {
        return table.names.join(", ");
    }
    let lines: Vec<String> = table
        .lines
        .iter()
        .map(|line| {
            let args = Args::new()
                .with("player", table.names[line.seed].clone())
                .with(
                    "points",
                    crate::app::view::standings::points_text(line.halves),
                );
            tr(lang, "event-player-points", &args)
        })
        .collect();
    lines.join(", ")
}

/// A team event's teams with their captains.
async fn teams_line(tx: &mut Tx, lang: Lang, event: &Event) -> Result<String, Failure> {
    let mut teams = Vec::new();
    for (team, captain) in tx.teams_with_captains(event.id).await? {
        let text = match captain {
            Some(captain) => {
                let args = Args::new().with("team", team.name).with("captain", captain);
                tr(lang, "event-team-captain", &args)
            }
            None => tr(
                lang,
                "event-team-no-captain",
                &Args::new().with("team", team.name),
            ),
        };
        teams.push(text);
    }
    if teams.is_empty() {
        return Ok(tr0(lang, "event-line-teams-none"));
    }
    let args = Args::new().with("teams", teams.join("; "));
    Ok(tr(lang, "event-line-teams", &args))
}

/// The allowed notations, the yearly leave allowance and the zone.
fn details_line(lang: Lang, regulation: &crate::core::regulation::Regulation) -> String {
    let zone = crate::app::zone::zone_label(lang, regulation.date_zone());
    let args = Args::new()
        .with("notations", notation_names(lang, regulation))
        .with(
            "leave",
            crate::app::i18n::days_text(lang, i64::from(regulation.leave_days_per_year)),
        )
        .with("zone", zone);
    tr(lang, "event-line-details", &args)
}

/// The notations `regulation` allows, by name, in the catalog's order.
pub(super) fn notation_names(
    lang: Lang,
    regulation: &crate::core::regulation::Regulation,
) -> String {
    let names: Vec<String> = crate::app::actor::NOTATION_CODES
        .iter()
        .filter(|(_, notation)| regulation.notations.contains(notation))
        .map(|(_, notation)| crate::app::move_error::notation_name(lang, *notation))
        .collect();
    names.join("; ")
}

/// Holders of `role` granted for exactly this event (one statement).
pub(super) async fn event_role(
    tx: &mut Tx,
    event: crate::store::EventId,
    role: Role,
) -> Result<Vec<PlayerId>, Failure> {
    let holders = tx.event_role_holders(event, role).await?;
    Ok(holders.into_iter().map(|(player, _)| player).collect())
}

/// The names of the holders of `role` granted for exactly this event,
/// joined by commas (one statement).
async fn role_names(
    tx: &mut Tx,
    event: crate::store::EventId,
    role: Role,
) -> Result<String, Failure> {
    let holders = tx.event_role_holders(event, role).await?;
    let names: Vec<String> = holders.into_iter().map(|(_, name)| name).collect();
    Ok(names.join(", "))
}

/// `/event withdraw N`: leave an event before it starts.
pub(super) async fn withdraw(tx: &mut Tx, actor: &Actor, number: EventId) -> Outcome {
    let lang = actor.lang();
    let event = load_event(tx, actor, number).await?;
    let args = Args::new()
        .with("event", event.id)
        .with("name", event.name.clone());
    crate::app::service::events::manage::refuse_if_over(actor, &event)?;
    if !event.status.before_start() {
        return Err(refuse(lang, "error-event-started", &args));
    }
    if !tx.remove_entry(event.id, actor.player.id).await? {
        return Err(refuse(lang, "error-not-entered", &args));
    }
    Ok(vec![Outgoing::text(tr(
        lang,
        "reply-event-withdrawn",
        &args,
    ))])
}
