//! A team event's roster as the core sees it: teams, captains, deputies,
//! board order and reserves (R3.1.3), read from the store.

use crate::core::team::{self, PersonKey, Roster};
use crate::store::{EventId, PlayerId, Tx};

use crate::app::failure::Failure;
use crate::app::service::keys::{person_key, team_key};

/// The captain of `player`'s team in a team event.
pub(crate) async fn captain_of(
    tx: &mut Tx,
    event: EventId,
    player: PlayerId,
) -> Result<Option<PlayerId>, Failure> {
    Ok(leaders_of(tx, event, player).await?.first().copied())
}

/// The captain and the deputy (if any) of `player`'s team in a team event
/// (R3.1.3, R3.3.2): whoever speaks for the player's team.
pub(crate) async fn leaders_of(
    tx: &mut Tx,
    event: EventId,
    player: PlayerId,
) -> Result<Vec<PlayerId>, Failure> {
    for stored in tx.teams_of(event).await? {
        let lineup = tx.team_lineup(stored.id).await?;
        if lineup.iter().any(|line| line.player_id == player) {
            let mut leaders: Vec<PlayerId> = stored.captain_id.into_iter().collect();
            leaders.extend(tx.deputy_of(stored.id).await?);
            return Ok(leaders);
        }
    }
    Ok(Vec::new())
}

/// One stored team as the core sees it, if it has a captain and a board.
pub(crate) async fn team_of(
    tx: &mut Tx,
    stored: &crate::store::TeamRecord,
) -> Result<Option<team::Team>, Failure> {
    let Some(captain) = stored.captain_id else {
        return Ok(None);
    };
    let lineup = tx.team_lineup(stored.id).await?;
    let boards: Vec<PersonKey> = lineup
        .iter()
        .filter(|line| !line.reserve)
        .map(|line| person_key(line.player_id))
        .collect();
    if boards.is_empty() {
        return Ok(None);
    }
    let deputy = tx
        .deputy_of(stored.id)
        .await?
        .map(person_key)
        .filter(|d| *d != person_key(captain));
    Ok(Some(team::Team {
        id: team_key(stored.id),
        name: stored.name.clone(),
        captain: person_key(captain),
        deputy,
        boards,
        reserves: lineup
            .iter()
            .filter(|line| line.reserve)
            .map(|line| person_key(line.player_id))
            .collect(),
    }))
}

/// A team event's roster as the core sees it (empty if it does not check).
pub(crate) async fn roster_of(tx: &mut Tx, event: EventId) -> Result<Roster, Failure> {
    let mut teams = Vec::new();
    for stored in tx.teams_of(event).await? {
        teams.extend(team_of(tx, &stored).await?);
    }
    Ok(Roster::new(teams).unwrap_or_default())
}
