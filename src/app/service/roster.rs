//! A team event's roster as the core sees it: teams, captains and board
//! order (R3.1.3), read from the store.

use crate::core::team::{self, PlayerId as Person, Roster};
use crate::store::{EventId, PlayerId, Tx};

use super::Failure;

/// The core's id of a stored player.
pub(crate) fn person(player: PlayerId) -> Person {
    Person(player.0.unsigned_abs())
}

/// The captain of `player`'s team in a team event.
pub(crate) async fn captain_of(
    tx: &mut Tx,
    event: EventId,
    player: PlayerId,
) -> Result<Option<PlayerId>, Failure> {
    for team in tx.teams_of(event).await? {
        let members = tx.team_members(team.id).await?;
        if members.iter().any(|m| m.player_id == player) {
            return Ok(team.captain_id);
        }
    }
    Ok(None)
}

/// A team event's roster as the core sees it (empty if it does not check).
pub(crate) async fn roster_of(tx: &mut Tx, event: EventId) -> Result<Roster, Failure> {
    let mut teams = Vec::new();
    for stored in tx.teams_of(event).await? {
        let Some(captain) = stored.captain_id else {
            continue;
        };
        let mut members = tx.team_members(stored.id).await?;
        if members.is_empty() {
            continue;
        }
        members.sort_by_key(|m| m.board);
        teams.push(team::Team {
            id: team::TeamId(stored.id.0.unsigned_abs()),
            name: stored.name.clone(),
            captain: person(captain),
            deputy: None,
            boards: members.iter().map(|m| person(m.player_id)).collect(),
            reserves: Vec::new(),
        });
    }
    Ok(Roster::new(teams).unwrap_or_default())
}
