//! The core's keys of stored records, and back: the core names a person, a
//! game or a team by an unsigned key ([`PersonKey`], [`GameKey`],
//! [`TeamKey`]) and never sees the store's ids; these are the only
//! conversions between the two.
//!
//! The store's ids are positive and every key the core holds was made from
//! one here, so both directions always fit: a conversion that does not is a
//! broken invariant, and it panics naming the key rather than standing in
//! another record's id.

use crate::core::team::{GameKey, PersonKey, TeamKey};
use crate::store::{GameId, PlayerId, TeamId};

/// The unsigned key of store id `id`, of a `what` record.
fn key_of(id: i64, what: &str) -> u64 {
    u64::try_from(id).unwrap_or_else(|_| panic!("{what} id {id} is negative: no core key"))
}

/// The store id of core key `key`, of a `what` record.
fn id_of(key: u64, what: &str) -> i64 {
    i64::try_from(key).unwrap_or_else(|_| panic!("core {what} key {key} is past any store id"))
}

/// The core's key of a stored player.
pub(crate) fn person_key(player: PlayerId) -> PersonKey {
    PersonKey(key_of(player.0, "player"))
}

/// The stored player of a core person.
pub(crate) fn player_id(person: PersonKey) -> PlayerId {
    PlayerId(id_of(person.0, "person"))
}

/// The core's key of a stored game.
pub(crate) fn game_key(game: GameId) -> GameKey {
    GameKey(key_of(game.0, "game"))
}

/// The stored game of a core game.
pub(crate) fn game_id(game: GameKey) -> GameId {
    GameId(id_of(game.0, "game"))
}

/// The core's key of a stored team.
pub(crate) fn team_key(team: TeamId) -> TeamKey {
    TeamKey(key_of(team.0, "team"))
}

/// The stored team of a core team.
pub(crate) fn team_id(team: TeamKey) -> TeamId {
    TeamId(id_of(team.0, "team"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_keys_round_trip() {
        assert_eq!(player_id(person_key(PlayerId(7))), PlayerId(7));
        assert_eq!(game_id(game_key(GameId(12))), GameId(12));
        assert_eq!(team_id(team_key(TeamId(3))), TeamId(3));
    }

    #[test]
    #[should_panic(expected = "core game key 9223372036854775808")]
    fn a_key_past_every_id_fails_loudly() {
        game_id(GameKey(1 << 63));
    }

    #[test]
    #[should_panic(expected = "player id -4 is negative")]
    fn a_negative_id_fails_loudly() {
        person_key(PlayerId(-4));
    }
}
