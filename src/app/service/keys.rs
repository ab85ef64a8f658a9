//! The core's keys of stored records, and back: the core names a person, a
//! game or a team by an unsigned key ([`PersonKey`], [`GameKey`],
//! [`TeamKey`]) and never sees the store's ids; these are the only
//! conversions between the two.

use crate::core::team::{GameKey, PersonKey, TeamKey};
use crate::store::{GameId, PlayerId, TeamId};

/// The core's key of a stored player.
pub(crate) fn person_key(player: PlayerId) -> PersonKey {
    PersonKey(player.0.unsigned_abs())
}

/// The stored player of a core person.
pub(crate) fn player_id(person: PersonKey) -> PlayerId {
    PlayerId(i64::try_from(person.0).unwrap_or(i64::MAX))
}

/// The core's key of a stored game.
pub(crate) fn game_key(game: GameId) -> GameKey {
    GameKey(game.0.unsigned_abs())
}

/// The stored game of a core game.
pub(crate) fn game_id(game: GameKey) -> GameId {
    GameId(i64::try_from(game.0).unwrap_or(i64::MAX))
}

/// The core's key of a stored team.
pub(crate) fn team_key(team: TeamId) -> TeamKey {
    TeamKey(team.0.unsigned_abs())
}

/// The stored team of a core team.
pub(crate) fn team_id(team: TeamKey) -> TeamId {
    TeamId(i64::try_from(team.0).unwrap_or(i64::MAX))
}
