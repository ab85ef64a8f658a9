//! The start of a team event (R1.1): a match when two teams play, a team
//! round robin when more do; every board plays its counterpart, colours
//! alternating by board (`core::team::pairing`), and every game starts at
//! once.

use chrono::{DateTime, Utc};

use crate::app::actor::Actor;
use crate::app::i18n::{Args, tr};
use crate::app::notice::Notice;
use crate::app::outgoing::Outgoing;
use crate::core::team::{self, team_round_robin};
use crate::store::{Event, EventStatus, PlayerId, TeamMatchGame, Tx};

use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::notify::notify;
use crate::app::service::events::start_game_on;
use crate::app::service::keys::{player_id, team_id};
use crate::app::service::teams::roster::team_of;
use crate::app::service::teams::{DEFAULT_BOARDS, event_args};
use crate::app::view::game::regulation_of;

/// Starts team event `event` (authorized and open: checked by the caller).
pub(crate) async fn start(
    tx: &mut Tx,
    actor: &Actor,
    event: &Event,
    now: DateTime<Utc>,
) -> Outcome {
    let teams = ready_teams(tx, actor, event).await?;
    let cycles = tx.event_settings(event.id).await?.cycles;
    let matches = team_round_robin(&teams, cycles)
        .map_err(|_| refuse(actor.lang(), "error-team-too-few", &event_args(event)))?;
    let regulation = regulation_of(event);
    let mut counts: Vec<(PlayerId, u32)> = Vec::new();
    let mut games = 0;
    for pairing in &matches {
        for board in &pairing.boards {
            let players = (player_id(board.white), player_id(board.black));
            let round = (pairing.round, Some(i64::from(board.board)));
            let game = start_game_on(tx, event, &regulation, round, players, now).await?;
            let record = TeamMatchGame {
                game_id: game,
                round: i64::from(pairing.round),
                board: i64::from(board.board),
                first_team: team_id(pairing.first_team),
                second_team: team_id(pairing.second_team),
                first_has_white: board.first_has_white,
            };
            tx.add_team_match_game(event.id, &record).await?;
            count(&mut counts, players.0);
            count(&mut counts, players.1);
            games += 1;
        }
    }
    tx.set_event_status(event.id, EventStatus::Running, now)
        .await?;
    for (player, games) in counts {
        let notice = Notice::EventStarted {
            event: event.name.clone(),
            event_id: Some(event.id),
            games,
            list: crate::app::service::games::my_turn::started_list(tx, event.id, player).await?,
            opening: regulation.opening.clone(),
            section: None,
        };
        notify(tx, player, &notice, now).await?;
    }
    tell_captains(tx, event, &teams, &matches, now).await?;
    let args = event_args(event)
        .with("matches", matches.len())
        .with("games", games);
    Ok(vec![Outgoing::text(tr(
        actor.lang(),
        "team-event-started",
        &args,
    ))])
}

/// Tells each team's captain and deputy that the team's games began.
async fn tell_captains(
    tx: &mut Tx,
    event: &Event,
    teams: &[team::Team],
    matches: &[team::TeamMatch],
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    for team in teams {
        let games: usize = matches
            .iter()
            .filter(|m| m.first_team == team.id || m.second_team == team.id)
            .map(|m| m.boards.len())
            .sum();
        let notice = Notice::TeamStarted {
            event: event.name.clone(),
            team: team.name.clone(),
            number: team_id(team.id),
            games: u32::try_from(games).unwrap_or(u32::MAX),
        };
        let leaders = std::iter::once(team.captain).chain(team.deputy);
        for leader in leaders {
            notify(tx, player_id(leader), &notice, now).await?;
        }
    }
    Ok(())
}

fn count(counts: &mut Vec<(PlayerId, u32)>, player: PlayerId) {
    match counts.iter_mut().find(|(p, _)| *p == player) {
        Some((_, games)) => *games += 1,
        None => counts.push((player, 1)),
    }
}

/// The event's teams as the core sees them, each with a captain and its
/// boards full; refuses naming the first team that is not ready.
async fn ready_teams(
    tx: &mut Tx,
    actor: &Actor,
    event: &Event,
) -> Result<Vec<team::Team>, Failure> {
    let boards = tx.team_boards(event.id).await?.unwrap_or(DEFAULT_BOARDS);
    let mut teams = Vec::new();
    for stored_team in tx.teams_of(event.id).await? {
        let team = team_of(tx, &stored_team).await?;
        match team {
            Some(team) if team.boards.len() as i64 == boards => teams.push(team),
            _ => {
                let args = Args::new()
                    .with("team", stored_team.id)
                    .with("name", stored_team.name.clone())
                    .with("boards", boards);
                return Err(refuse(actor.lang(), "error-team-not-ready", &args));
            }
        }
    }
    if teams.len() < 2 {
        return Err(refuse(
            actor.lang(),
            "error-team-too-few",
            &event_args(event),
        ));
    }
    team::Roster::new(teams.clone())
        .map_err(|_| refuse(actor.lang(), "error-team-too-few", &event_args(event)))?;
    Ok(teams)
}
