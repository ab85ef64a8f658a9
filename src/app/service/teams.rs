//! `/team …`: a team event's teams (R3.1.3). Organizers, arbiters and
//! administrators create teams, name captains and deputies and put players
//! on boards or among the reserves; a captain (or deputy) may set the board
//! order until the event starts. Everyone may see a team (names only:
//! contact details stay behind `/contacts`, R3.4.4).

mod games;
pub(super) mod roster;
mod setup;
pub(crate) mod standings;
pub(super) mod start;
mod substitute;

use chrono::{DateTime, Utc};

use crate::app::actor::Actor;
use crate::app::authz::{self, Action, Relation};
use crate::app::command::TeamCommand;
use crate::app::i18n::{Args, tr};
use crate::app::outgoing::Outgoing;
use crate::store::{Event, EventId, PlayerId, Role, StoreError, TeamId, TeamLine, TeamRecord, Tx};

use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::service::events::load_event;
use crate::app::service::people::names::player_named;

/// Boards of a team event created without `boards=`.
pub(super) const DEFAULT_BOARDS: i64 = 4;

/// Dispatches `/team …`.
pub(super) async fn handle(
    tx: &mut Tx,
    actor: &Actor,
    command: TeamCommand,
    now: DateTime<Utc>,
) -> Outcome {
    match command {
        TeamCommand::Create { event, name } => setup::create(tx, actor, event, &name).await,
        TeamCommand::Captain { team, player } => setup::captain(tx, actor, team, &player).await,
        TeamCommand::Deputy { team, player } => {
            setup::deputy(tx, actor, team, player.as_deref()).await
        }
        TeamCommand::Add {
            team,
            player,
            reserve,
        } => setup::add(tx, actor, team, &player, reserve, now).await,
        TeamCommand::Order { team, players } => setup::order(tx, actor, team, &players).await,
        TeamCommand::Show { team } => show(tx, actor, team).await,
        TeamCommand::Games { team } => games::games(tx, actor, team, now).await,
        TeamCommand::Substitute {
            team,
            board,
            player,
        } => substitute::substitute(tx, actor, (team, board), &player, now).await,
    }
}

/// The team `number` and its event (locked for this transaction, then the
/// team read again), or a refusal.
pub(super) async fn load_team(
    tx: &mut Tx,
    actor: &Actor,
    number: TeamId,
) -> Result<(TeamRecord, Event), Failure> {
    let lookup = tx.team(number).await;
    match lookup {
        Ok(Some(team)) => {
            tx.lock_event(team.event_id).await?;
            let event = tx.event(team.event_id).await?;
            let team = tx.team(team.id).await?.unwrap_or(team);
            Ok((team, event))
        }
        Ok(None) | Err(StoreError::NotFound { .. }) => {
            let args = Args::new().with("team", number);
            Err(refuse(actor.lang(), "error-team-unknown", &args))
        }
        Err(other) => Err(other.into()),
    }
}

/// The team event `number`, or a refusal if it is unknown or individual.
pub(super) async fn load_team_event(
    tx: &mut Tx,
    actor: &Actor,
    number: EventId,
) -> Result<Event, Failure> {
    let event = load_event(tx, actor, number).await?;
    if !event.is_team {
        return Err(refuse(
            actor.lang(),
            "error-team-not-team-event",
            &event_args(&event),
        ));
    }
    Ok(event)
}

/// `event` and `name` of an event, for messages.
pub(super) fn event_args(event: &Event) -> Args<'static> {
    Args::new()
        .with("event", event.id)
        .with("name", event.name.clone())
}

/// The actor's relations towards `event` and, if given, one of its teams:
/// administrator, organizer, arbiter, the team's captain or deputy.
pub(super) async fn relations_to(
    tx: &mut Tx,
    actor: &Actor,
    event: EventId,
    team: Option<&TeamRecord>,
) -> Result<Vec<Relation>, Failure> {
    let me = actor.player.id;
    let mut relations = vec![Relation::Outsider];
    if actor.is_admin {
        relations.push(Relation::Administrator);
    }
    if tx.holds_role(me, Role::Organizer, Some(event)).await? {
        relations.push(Relation::Organizer);
    }
    if tx
        .holders_of(Role::Arbiter, Some(event))
        .await?
        .contains(&me)
    {
        relations.push(Relation::Arbiter);
    }
    if let Some(team) = team {
        if team.captain_id == Some(me) {
            relations.push(Relation::Captain);
        }
        if tx.deputy_of(team.id).await? == Some(me) {
            relations.push(Relation::Deputy);
        }
    }
    Ok(relations)
}

/// Refuses unless the actor's relations allow `action`.
pub(super) async fn require(
    tx: &mut Tx,
    actor: &Actor,
    action: Action,
    event: EventId,
    team: Option<&TeamRecord>,
) -> Result<(), Failure> {
    if authz::allows(action, &relations_to(tx, actor, event, team).await?) {
        Ok(())
    } else {
        Err(refuse(actor.lang(), "error-not-allowed", &Args::new()))
    }
}

/// Refuses once the event has started: line-ups are fixed then.
pub(super) fn require_open(actor: &Actor, event: &Event) -> Result<(), Failure> {
    if event.status.before_start() {
        Ok(())
    } else {
        Err(refuse(
            actor.lang(),
            "error-team-started",
            &event_args(event),
        ))
    }
}

/// A player's display name.
pub(super) async fn name_of(tx: &mut Tx, player: PlayerId) -> Result<String, Failure> {
    Ok(tx.player(player).await?.display_name)
}

/// The one player called `name`.
pub(super) async fn named(tx: &mut Tx, actor: &Actor, name: &str) -> Result<PlayerId, Failure> {
    player_named(tx, actor.lang(), name).await
}

/// `/team show N`: captain, deputy, boards and reserves, by name.
async fn show(tx: &mut Tx, actor: &Actor, number: TeamId) -> Outcome {
    let lang = actor.lang();
    let (team, event) = load_team(tx, actor, number).await?;
    let args = Args::new()
        .with("team", team.id)
        .with("name", team.name.clone())
        .with("event", event.id)
        .with("event_name", event.name.clone());
    let mut lines = vec![tr(lang, "team-show-header", &args)];
    let captain = match team.captain_id {
        Some(captain) => name_of(tx, captain).await?,
        None => "—".to_owned(),
    };
    let args = Args::new().with("captain", captain);
    lines.push(tr(lang, "team-show-captain", &args));
    if let Some(deputy) = tx.deputy_of(team.id).await? {
        let args = Args::new().with("deputy", name_of(tx, deputy).await?);
        lines.push(tr(lang, "team-show-deputy", &args));
    }
    for line in tx.team_lineup(team.id).await? {
        lines.push(lineup_line(tx, actor, &line).await?);
    }
    Ok(vec![Outgoing::text(lines.join("\n"))])
}

async fn lineup_line(tx: &mut Tx, actor: &Actor, line: &TeamLine) -> Result<String, Failure> {
    let args = Args::new()
        .with("board", line.board)
        .with("player", name_of(tx, line.player_id).await?);
    let id = if line.reserve {
        "team-show-reserve"
    } else {
        "team-show-board"
    };
    Ok(tr(actor.lang(), id, &args))
}
