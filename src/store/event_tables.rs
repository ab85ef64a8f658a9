//! What an event's tables (`/standings`, `/event show`, the crosstable)
//! read, each kind in one statement keyed by the event, so the number of
//! statements does not grow with its players or games (issue 24: no N+1).

use chrono::{DateTime, Utc};

use super::games::stored_result;
use super::ids::{EventId, GameId, PlayerId, TeamId};
use super::players::Role;
use super::sql::{Record, RowExt, args};
use super::{GameStatus, StoreResult, TeamRecord, Tx};
use crate::core::game::Score;
use crate::core::rating::Rating;

/// A game as an event's tables read it: the players and the result only
/// (no position, clocks or moves to decode: issue 24, `/standings` of a
/// 100-player round robin under 50 ms).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableGame {
    /// White.
    pub white: PlayerId,
    /// Black.
    pub black: PlayerId,
    /// Life state.
    pub status: GameStatus,
    /// The score, once finished.
    pub result: Option<Score>,
    /// Why it ended: the catalog id of the reason.
    pub result_reason: Option<String>,
    /// When it ended.
    pub finished_at: Option<DateTime<Utc>>,
    /// In an event played in sections (issue 40): the game's section (from
    /// 1), or 0 for the final; `None` in other events.
    pub section: Option<i64>,
}

fn table_game_row(row: &dyn RowExt) -> StoreResult<TableGame> {
    let row = Record::new(row, "games")?;
    Ok(TableGame {
        white: PlayerId(row.int("white_id")?),
        black: PlayerId(row.int("black_id")?),
        status: row.enumerated("status", GameStatus::parse)?,
        result: stored_result(&row)?,
        result_reason: row.opt_text("result_reason")?,
        finished_at: row.opt_at("finished_at")?,
        section: row.opt_int("section")?,
    })
}

/// An entrant as an event's tables show them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    /// The player.
    pub player: PlayerId,
    /// Their display name.
    pub name: String,
    /// Their club rating, once they have a rated game.
    pub rating: Option<Rating>,
}

fn entrant_row(row: &dyn RowExt) -> StoreResult<Entrant> {
    let record = Record::keyed(row, "entries", &["player_id"])?;
    Ok(Entrant {
        player: PlayerId(record.int("player_id")?),
        name: record.text("display_name")?,
        rating: record.opt_int("rating")?.map(Rating),
    })
}

fn named_row(row: &dyn RowExt) -> StoreResult<(PlayerId, String)> {
    let record = Record::new(row, "players")?;
    Ok((PlayerId(record.int("id")?), record.text("display_name")?))
}

fn team_captain_row(row: &dyn RowExt) -> StoreResult<(TeamRecord, Option<String>)> {
    let record = Record::new(row, "teams")?;
    let team = TeamRecord {
        id: TeamId(record.int("id")?),
        event_id: EventId(record.int("event_id")?),
        name: record.text("name")?,
        captain_id: record.opt_int("captain_id")?.map(PlayerId),
    };
    Ok((team, record.opt_text("captain_name")?))
}

impl Tx {
    /// The entrants of `event` in entry order (the seeding), every one of
    /// them (withdrawn and excluded too), with their names and club ratings.
    pub async fn event_entrants(&mut self, event: EventId) -> StoreResult<Vec<Entrant>> {
        let sql = "SELECT e.player_id, p.display_name, r.rating FROM entries e \
                   JOIN players p ON p.id = e.player_id \
                   LEFT JOIN ratings r ON r.player_id = e.player_id AND r.games > 0 \
                   WHERE e.event_id = $1 ORDER BY e.joined_at, e.player_id";
        self.fetch_all(sql, args![event], entrant_row).await
    }

    /// The games of `event` as its tables read them, by round and board.
    pub async fn event_table_games(&mut self, event: EventId) -> StoreResult<Vec<TableGame>> {
        let sql = "SELECT g.id, g.white_id, g.black_id, g.status, g.result, g.result_reason, \
                   g.finished_at, s.section FROM games g \
                   LEFT JOIN game_sections s ON s.game_id = g.id \
                   WHERE g.event_id = $1 ORDER BY g.round, g.board, g.id";
        self.fetch_all(sql, args![event], table_game_row).await
    }

    /// Records that `game` is played in `section` of its event (issue 40;
    /// 0: the final).
    pub async fn set_game_section(&mut self, game: GameId, section: i64) -> StoreResult<()> {
        let sql = "INSERT INTO game_sections (game_id, section) VALUES ($1, $2)";
        self.execute(sql, args![game, section]).await?;
        Ok(())
    }

    /// The holders of `role` granted for exactly `event` (not those holding
    /// it everywhere), with their names, by player.
    pub async fn event_role_holders(
        &mut self,
        event: EventId,
        role: Role,
    ) -> StoreResult<Vec<(PlayerId, String)>> {
        let sql = "SELECT p.id, p.display_name FROM players p WHERE p.id IN \
                   (SELECT player_id FROM roles WHERE role = $1 AND event_id = $2) \
                   ORDER BY p.id";
        self.fetch_all(sql, args![role.as_str(), event], named_row)
            .await
    }

    /// The teams of `event` with their captains' names, by team.
    pub async fn teams_with_captains(
        &mut self,
        event: EventId,
    ) -> StoreResult<Vec<(TeamRecord, Option<String>)>> {
        let sql = "SELECT t.id, t.event_id, t.name, t.captain_id, p.display_name AS captain_name \
                   FROM teams t LEFT JOIN players p ON p.id = t.captain_id \
                   WHERE t.event_id = $1 ORDER BY t.id";
        self.fetch_all(sql, args![event], team_captain_row).await
    }
}
