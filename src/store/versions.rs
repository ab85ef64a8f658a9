//! Cheap version stamps of what the public web pages show: a page is cached
//! under its stamp and its live updates fire when the stamp changes, whichever
//! process on the database made the change. Each stamp is one indexed query.

use super::ids::{EventId, GameId, PlayerId};
use super::sql::args;
use super::{StoreResult, Tx};

/// A version stamp: equal stamps mean the page's data is unchanged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Version(pub [i64; 3]);

/// Games (how many, the sum of their versions) and entries (how many): a
/// move, a result or a new game bumps a game's `version` or the count.
const EVENT_VERSION: &str = "SELECT \
     (SELECT COUNT(*) FROM games WHERE event_id = $1) AS a, \
     (SELECT CAST(COALESCE(SUM(version), 0) AS BIGINT) FROM games WHERE event_id = $1) AS b, \
     (SELECT COUNT(*) FROM entries WHERE event_id = $1) AS c";

const GAME_VERSION: &str = "SELECT id AS a, version AS b, ply AS c FROM games WHERE id = $1";

const PLAYER_VERSION: &str = "SELECT \
     (SELECT COUNT(*) FROM games WHERE white_id = $1 OR black_id = $1) AS a, \
     (SELECT CAST(COALESCE(SUM(version), 0) AS BIGINT) FROM games \
      WHERE white_id = $1 OR black_id = $1) AS b, \
     (SELECT COUNT(*) FROM entries WHERE player_id = $1) AS c";

const SITE_VERSION: &str = "SELECT \
     (SELECT COUNT(*) FROM events) AS a, \
     (SELECT COUNT(*) FROM games WHERE status = 'finished') AS b, \
     (SELECT COUNT(*) FROM entries) + (SELECT COUNT(*) FROM games) AS c";

fn stamp(row: &dyn super::sql::RowExt) -> StoreResult<Version> {
    Ok(Version([row.int("a")?, row.int("b")?, row.int("c")?]))
}

impl Tx {
    /// The stamp of an event's page (its games and entries).
    pub async fn event_version(&mut self, event: EventId) -> StoreResult<Version> {
        self.fetch_one(EVENT_VERSION, args![event], stamp).await
    }

    /// The stamp of a game's page; the default stamp for an unknown game.
    pub async fn game_version(&mut self, game: GameId) -> StoreResult<Version> {
        let found = self
            .fetch_optional(GAME_VERSION, args![game], stamp)
            .await?;
        Ok(found.unwrap_or_default())
    }

    /// The stamp of a player's page (their games and entries).
    pub async fn player_version(&mut self, player: PlayerId) -> StoreResult<Version> {
        self.fetch_one(PLAYER_VERSION, args![player], stamp).await
    }

    /// The stamp of the list of events.
    pub async fn site_version(&mut self) -> StoreResult<Version> {
        self.fetch_one(SITE_VERSION, args![], stamp).await
    }
}
