//! Setting a team event's teams up (R3.1.3): creating teams, naming the
//! captain and the deputy, putting players on boards or among the reserves,
//! and the captain's board order before the event starts.

use chrono::{DateTime, Utc};

use crate::app::actor::Actor;
use crate::app::authz::Action;
use crate::app::i18n::{Args, tr};
use crate::app::outgoing::Outgoing;
use crate::store::{Event, PlayerId, StoreError, TeamLine, TeamRecord, Tx};
use crate::store::{EventId, TeamId};

use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::service::teams::{
    DEFAULT_BOARDS, load_team, load_team_event, name_of, named, require, require_open,
};

fn team_args(team: &TeamRecord) -> Args<'static> {
    Args::new()
        .with("team", team.id)
        .with("name", team.name.clone())
}

/// `/team create EVENT NAME`.
pub(super) async fn create(tx: &mut Tx, actor: &Actor, event: EventId, name: &str) -> Outcome {
    let event = load_team_event(tx, actor, event).await?;
    require(tx, actor, Action::SetUpTeam, event.id, None).await?;
    require_open(actor, &event)?;
    let taken = tx.teams_of(event.id).await?.iter().any(|t| t.name == name);
    let args = Args::new()
        .with("event", event.id)
        .with("name", name.to_owned());
    if taken {
        return Err(refuse(actor.lang(), "error-team-name-taken", &args));
    }
    let team = tx.create_team(event.id, name, None).await?;
    let args = args.with("team", team.id);
    Ok(vec![Outgoing::text(tr(
        actor.lang(),
        "team-created",
        &args,
    ))])
}

/// `/team captain TEAM @name` (R3.1.3).
pub(super) async fn captain(tx: &mut Tx, actor: &Actor, number: TeamId, name: &str) -> Outcome {
    let (team, event) = load_team(tx, actor, number).await?;
    require(tx, actor, Action::SetUpTeam, event.id, Some(&team)).await?;
    let player = named(tx, actor, name).await?;
    refuse_if_elsewhere(tx, actor, &team, player).await?;
    if tx.deputy_of(team.id).await? == Some(player) {
        tx.set_deputy(team.id, None).await?;
    }
    tx.set_captain(team.id, Some(player)).await?;
    let args = team_args(&team).with("player", name_of(tx, player).await?);
    Ok(vec![Outgoing::text(tr(
        actor.lang(),
        "team-captain-set",
        &args,
    ))])
}

/// `/team deputy TEAM @name` or `/team deputy TEAM -`.
pub(super) async fn deputy(
    tx: &mut Tx,
    actor: &Actor,
    number: TeamId,
    name: Option<&str>,
) -> Outcome {
    let (team, event) = load_team(tx, actor, number).await?;
    require(tx, actor, Action::SetUpTeam, event.id, Some(&team)).await?;
    let Some(name) = name else {
        tx.set_deputy(team.id, None).await?;
        let text = tr(actor.lang(), "team-deputy-cleared", &team_args(&team));
        return Ok(vec![Outgoing::text(text)]);
    };
    let player = named(tx, actor, name).await?;
    refuse_if_elsewhere(tx, actor, &team, player).await?;
    if team.captain_id == Some(player) {
        return Err(refuse(
            actor.lang(),
            "error-team-deputy-is-captain",
            &team_args(&team),
        ));
    }
    tx.set_deputy(team.id, Some(player)).await?;
    let args = team_args(&team).with("player", name_of(tx, player).await?);
    Ok(vec![Outgoing::text(tr(
        actor.lang(),
        "team-deputy-set",
        &args,
    ))])
}

/// `/team add TEAM @name [reserve]`: the next board, or the next reserve
/// place; the player enters the event with the team.
pub(super) async fn add(
    tx: &mut Tx,
    actor: &Actor,
    number: TeamId,
    name: &str,
    reserve: bool,
    now: DateTime<Utc>,
) -> Outcome {
    let (team, event) = load_team(tx, actor, number).await?;
    require(tx, actor, Action::SetUpTeam, event.id, Some(&team)).await?;
    require_open(actor, &event)?;
    let player = named(tx, actor, name).await?;
    let player_name = name_of(tx, player).await?;
    refuse_if_elsewhere(tx, actor, &team, player).await?;
    refuse_if_in_a_team(tx, actor, &event, player, &player_name).await?;
    // The event's conditions on the player (issue events-2).
    let named = (player, Some(player_name.as_str()));
    crate::app::service::events::entry::admit(tx, actor.lang(), (&event, 0), named, now).await?;
    let lineup = tx.team_lineup(team.id).await?;
    let taken = lineup.iter().filter(|l| l.reserve == reserve).count() as i64;
    let boards = tx.team_boards(event.id).await?.unwrap_or(DEFAULT_BOARDS);
    let args = team_args(&team)
        .with("player", player_name)
        .with("boards", boards)
        .with("board", taken + 1);
    if !reserve && taken >= boards {
        return Err(refuse(actor.lang(), "error-team-full", &args));
    }
    tx.set_team_line(team.id, player, taken + 1, reserve)
        .await?;
    match tx.add_entry(event.id, player, Some(team.id), now).await {
        Ok(()) | Err(StoreError::Conflict(_)) => {}
        Err(other) => return Err(other.into()),
    }
    let id = if reserve {
        "team-reserve-added"
    } else {
        "team-player-added"
    };
    Ok(vec![Outgoing::text(tr(actor.lang(), id, &args))])
}

/// Refuses to give `player` a place in `team` (captain, deputy, board or
/// reserve) if they are disqualified (R2.1.5) or hold any place in another
/// team of the event: a player belongs to one team of an event (R3.1.3),
/// before and after the start.
pub(super) async fn refuse_if_elsewhere(
    tx: &mut Tx,
    actor: &Actor,
    team: &TeamRecord,
    player: PlayerId,
) -> Result<(), Failure> {
    let disqualified = crate::store::SanctionKind::Disqualification;
    if tx.has_sanction(player, disqualified).await? {
        let args = Args::new().with("player", name_of(tx, player).await?);
        return Err(refuse(actor.lang(), "error-team-disqualified", &args));
    }
    for other in tx.teams_of(team.event_id).await? {
        if other.id == team.id {
            continue;
        }
        let member = other.captain_id == Some(player)
            || tx.deputy_of(other.id).await? == Some(player)
            || tx
                .team_lineup(other.id)
                .await?
                .iter()
                .any(|line| line.player_id == player);
        if member {
            let args = Args::new()
                .with("player", name_of(tx, player).await?)
                .with("team", other.name.clone());
            return Err(refuse(actor.lang(), "error-team-one-team", &args));
        }
    }
    Ok(())
}

/// Refuses a player already in a team of the event.
async fn refuse_if_in_a_team(
    tx: &mut Tx,
    actor: &Actor,
    event: &Event,
    player: PlayerId,
    player_name: &str,
) -> Result<(), Failure> {
    for other in tx.teams_of(event.id).await? {
        let lineup = tx.team_lineup(other.id).await?;
        if lineup.iter().any(|line| line.player_id == player) {
            let args = Args::new()
                .with("player", player_name.to_owned())
                .with("team", other.name.clone());
            return Err(refuse(actor.lang(), "error-team-in-other-team", &args));
        }
    }
    Ok(())
}

/// `/team order TEAM @a @b …`: the named players play boards 1, 2, … in
/// that order; the rest of the line-up become reserves (R3.1.3: the
/// captain's board order, until the event starts).
pub(super) async fn order(tx: &mut Tx, actor: &Actor, number: TeamId, names: &[String]) -> Outcome {
    let (team, event) = load_team(tx, actor, number).await?;
    require(tx, actor, Action::SetBoardOrder, event.id, Some(&team)).await?;
    require_open(actor, &event)?;
    let boards = tx.team_boards(event.id).await?.unwrap_or(DEFAULT_BOARDS);
    let lineup = tx.team_lineup(team.id).await?;
    let mut ordered = Vec::new();
    for name in names {
        let player = named(tx, actor, name).await?;
        if !lineup.iter().any(|line| line.player_id == player) || ordered.contains(&player) {
            let args = team_args(&team).with("player", name_of(tx, player).await?);
            return Err(refuse(actor.lang(), "error-team-not-member", &args));
        }
        ordered.push(player);
    }
    if ordered.len() as i64 != boards {
        let args = team_args(&team).with("boards", boards);
        return Err(refuse(actor.lang(), "error-team-order-count", &args));
    }
    let reserves: Vec<&TeamLine> = lineup
        .iter()
        .filter(|line| !ordered.contains(&line.player_id))
        .collect();
    tx.clear_team_lineup(team.id).await?;
    let mut order_names = Vec::new();
    for (index, player) in ordered.iter().enumerate() {
        tx.set_team_line(team.id, *player, index as i64 + 1, false)
            .await?;
        order_names.push(format!("{}. {}", index + 1, name_of(tx, *player).await?));
    }
    for (index, line) in reserves.iter().enumerate() {
        tx.set_team_line(team.id, line.player_id, index as i64 + 1, true)
            .await?;
    }
    let args = team_args(&team).with("order", order_names.join(", "));
    Ok(vec![Outgoing::text(tr(
        actor.lang(),
        "team-order-set",
        &args,
    ))])
}
