//! Team events (R3.1.3): teams and their captains and deputies, members
//! and line-ups with reserves, the boards a team fields, and the board
//! games of team matches.

use serde::{Deserialize, Serialize};

use super::ids::{EventId, GameId, PlayerId, TeamId};
use super::sql::{RowExt, args};
use super::{StoreResult, Tx};

/// A team of a team event (R3.1.3), as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TeamRecord {
    /// Key.
    pub id: TeamId,
    /// The event.
    pub event_id: EventId,
    /// Name.
    pub name: String,
    /// The captain.
    pub captain_id: Option<PlayerId>,
}

/// A team's member on a board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TeamMember {
    /// The team.
    pub team_id: TeamId,
    /// The player.
    pub player_id: PlayerId,
    /// Board number, from 1.
    pub board: i64,
}

/// One line of a team's line-up: a board's player or a reserve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamLine {
    /// The player.
    pub player_id: PlayerId,
    /// The board (from 1), or the reserve's place among the reserves.
    pub board: i64,
    /// True for a reserve.
    pub reserve: bool,
}

/// A game of a team match: the two teams, the board and the colours.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TeamMatchGame {
    /// The game.
    pub game_id: GameId,
    /// The round, from 1.
    pub round: i64,
    /// The board, from 1.
    pub board: i64,
    /// The first-named team.
    pub first_team: TeamId,
    /// The second-named team.
    pub second_team: TeamId,
    /// True if the first-named team has White on this board.
    pub first_has_white: bool,
}

fn team_row(row: &dyn RowExt) -> StoreResult<TeamRecord> {
    Ok(TeamRecord {
        id: TeamId(row.int("id")?),
        event_id: EventId(row.int("event_id")?),
        name: row.text("name")?,
        captain_id: row.opt_int("captain_id")?.map(PlayerId),
    })
}

fn line_row(row: &dyn RowExt) -> StoreResult<TeamLine> {
    Ok(TeamLine {
        player_id: PlayerId(row.int("player_id")?),
        board: row.int("board")?,
        reserve: row.boolean("reserve")?,
    })
}

fn match_game_row(row: &dyn RowExt) -> StoreResult<TeamMatchGame> {
    Ok(TeamMatchGame {
        game_id: GameId(row.int("game_id")?),
        round: row.int("round")?,
        board: row.int("board")?,
        first_team: TeamId(row.int("first_team_id")?),
        second_team: TeamId(row.int("second_team_id")?),
        first_has_white: row.boolean("first_has_white")?,
    })
}

impl Tx {
    /// Creates a team (R3.1.3).
    pub async fn create_team(
        &mut self,
        event: EventId,
        name: &str,
        captain: Option<PlayerId>,
    ) -> StoreResult<TeamRecord> {
        let sql = "INSERT INTO teams (event_id, name, captain_id) VALUES ($1, $2, $3) \
                   ON CONFLICT DO NOTHING RETURNING id";
        let id = self
            .insert_returning_id("team", sql, args![event, name, captain])
            .await?;
        Ok(TeamRecord {
            id: TeamId(id),
            event_id: event,
            name: name.to_owned(),
            captain_id: captain,
        })
    }

    /// Sets a team's captain.
    pub async fn set_captain(
        &mut self,
        team: TeamId,
        captain: Option<PlayerId>,
    ) -> StoreResult<()> {
        self.execute(
            "UPDATE teams SET captain_id = $2 WHERE id = $1",
            args![team, captain],
        )
        .await?;
        Ok(())
    }

    /// The teams of an event.
    pub async fn teams_of(&mut self, event: EventId) -> StoreResult<Vec<TeamRecord>> {
        let sql =
            "SELECT id, event_id, name, captain_id FROM teams WHERE event_id = $1 ORDER BY id";
        self.fetch_all(sql, args![event], team_row).await
    }

    /// Puts a player on a team's board.
    pub async fn add_team_member(
        &mut self,
        team: TeamId,
        player: PlayerId,
        board: i64,
    ) -> StoreResult<()> {
        let sql = "INSERT INTO team_members (team_id, player_id, board) VALUES ($1, $2, $3) \
                   ON CONFLICT DO NOTHING RETURNING team_id AS id";
        self.insert_returning_id("team member", sql, args![team, player, board])
            .await?;
        Ok(())
    }

    /// A team's members, by board.
    pub async fn team_members(&mut self, team: TeamId) -> StoreResult<Vec<TeamMember>> {
        let sql = "SELECT team_id, player_id, board FROM team_members WHERE team_id = $1 \
                   ORDER BY board";
        self.fetch_all(sql, args![team], |row| {
            Ok(TeamMember {
                team_id: TeamId(row.int("team_id")?),
                player_id: PlayerId(row.int("player_id")?),
                board: row.int("board")?,
            })
        })
        .await
    }

    /// Every member of every team of `event` (boards and reserves), by
    /// team, then boards before reserves: one statement.
    pub async fn event_team_members(
        &mut self,
        event: EventId,
    ) -> StoreResult<Vec<(TeamId, PlayerId)>> {
        let sql = "SELECT m.team_id, m.player_id FROM team_members m \
                   JOIN teams t ON t.id = m.team_id WHERE t.event_id = $1 \
                   ORDER BY m.team_id, m.reserve, m.board";
        self.fetch_all(sql, args![event], |row| {
            Ok((TeamId(row.int("team_id")?), PlayerId(row.int("player_id")?)))
        })
        .await
    }

    /// The captains and deputy captains of the teams of `event`, by team
    /// (one statement).
    pub async fn event_team_leaders(
        &mut self,
        event: EventId,
    ) -> StoreResult<Vec<(TeamId, PlayerId)>> {
        let sql = "SELECT id, captain_id, deputy_id FROM teams WHERE event_id = $1 ORDER BY id";
        let rows = self
            .fetch_all(sql, args![event], |row| {
                let team = TeamId(row.int("id")?);
                let captain = row.opt_int("captain_id")?.map(PlayerId);
                let deputy = row.opt_int("deputy_id")?.map(PlayerId);
                Ok([captain, deputy].map(|leader| leader.map(|leader| (team, leader))))
            })
            .await?;
        Ok(rows.into_iter().flatten().flatten().collect())
    }

    /// The team with id `team`, if any.
    pub async fn team(&mut self, team: TeamId) -> StoreResult<Option<TeamRecord>> {
        let sql = "SELECT id, event_id, name, captain_id FROM teams WHERE id = $1";
        self.fetch_optional(sql, args![team], team_row).await
    }

    /// The teams `player` captains or deputises for, in any event.
    pub async fn teams_led_by(&mut self, player: PlayerId) -> StoreResult<Vec<TeamRecord>> {
        let sql = "SELECT id, event_id, name, captain_id FROM teams \
                   WHERE captain_id = $1 OR deputy_id = $1 ORDER BY id";
        self.fetch_all(sql, args![player], team_row).await
    }

    /// Sets (or with `None` clears) a team's deputy captain.
    pub async fn set_deputy(&mut self, team: TeamId, deputy: Option<PlayerId>) -> StoreResult<()> {
        self.execute(
            "UPDATE teams SET deputy_id = $2 WHERE id = $1",
            args![team, deputy],
        )
        .await?;
        Ok(())
    }

    /// A team's deputy captain, if it has one.
    pub async fn deputy_of(&mut self, team: TeamId) -> StoreResult<Option<PlayerId>> {
        let sql = "SELECT deputy_id FROM teams WHERE id = $1";
        let found = self
            .fetch_optional(sql, args![team], |row| {
                Ok(row.opt_int("deputy_id")?.map(PlayerId))
            })
            .await?;
        Ok(found.flatten())
    }

    /// A team's line-up: boards in order, then reserves in order.
    pub async fn team_lineup(&mut self, team: TeamId) -> StoreResult<Vec<TeamLine>> {
        let sql = "SELECT player_id, board, reserve FROM team_members WHERE team_id = $1 \
                   ORDER BY reserve, board";
        self.fetch_all(sql, args![team], line_row).await
    }

    /// Puts a player in a team's line-up (a board or a reserve place).
    pub async fn set_team_line(
        &mut self,
        team: TeamId,
        player: PlayerId,
        board: i64,
        reserve: bool,
    ) -> StoreResult<()> {
        let sql = "INSERT INTO team_members (team_id, player_id, board, reserve) \
                   VALUES ($1, $2, $3, $4) ON CONFLICT (team_id, player_id) \
                   DO UPDATE SET board = excluded.board, reserve = excluded.reserve";
        self.execute(sql, args![team, player, board, reserve])
            .await?;
        Ok(())
    }

    /// Empties a team's line-up (before it is set again in a new order).
    pub async fn clear_team_lineup(&mut self, team: TeamId) -> StoreResult<()> {
        self.execute("DELETE FROM team_members WHERE team_id = $1", args![team])
            .await?;
        Ok(())
    }

    /// Sets the number of boards every team of a team event fields.
    pub async fn set_team_boards(&mut self, event: EventId, boards: i64) -> StoreResult<()> {
        let sql = "INSERT INTO team_events (event_id, boards) VALUES ($1, $2) \
                   ON CONFLICT (event_id) DO UPDATE SET boards = excluded.boards";
        self.execute(sql, args![event, boards]).await?;
        Ok(())
    }

    /// The number of boards of a team event, if set.
    pub async fn team_boards(&mut self, event: EventId) -> StoreResult<Option<i64>> {
        let sql = "SELECT boards FROM team_events WHERE event_id = $1";
        self.fetch_optional(sql, args![event], |row| row.int("boards"))
            .await
    }

    /// Records that `game` is a board of a team match of `event`.
    pub async fn add_team_match_game(
        &mut self,
        event: EventId,
        game: &TeamMatchGame,
    ) -> StoreResult<()> {
        let sql = "INSERT INTO team_match_games (game_id, event_id, round, board, \
                   first_team_id, second_team_id, first_has_white) \
                   VALUES ($1, $2, $3, $4, $5, $6, $7)";
        let args = args![
            game.game_id,
            event,
            game.round,
            game.board,
            game.first_team,
            game.second_team,
            game.first_has_white
        ];
        self.execute(sql, args).await?;
        Ok(())
    }

    /// The board games of an event's team matches, by round, teams and board.
    pub async fn team_match_games(&mut self, event: EventId) -> StoreResult<Vec<TeamMatchGame>> {
        let sql = "SELECT game_id, round, board, first_team_id, second_team_id, \
                   first_has_white FROM team_match_games WHERE event_id = $1 \
                   ORDER BY round, first_team_id, board";
        self.fetch_all(sql, args![event], match_game_row).await
    }

    /// Hands `outgoing`'s side of a game to `incoming` (a substitution
    /// ruled by the arbiter, before the game's first move).
    pub async fn reassign_game(
        &mut self,
        game: GameId,
        outgoing: PlayerId,
        incoming: PlayerId,
    ) -> StoreResult<()> {
        let sql = "UPDATE games SET \
                   white_id = CASE WHEN white_id = $2 THEN $3 ELSE white_id END, \
                   black_id = CASE WHEN black_id = $2 THEN $3 ELSE black_id END, \
                   version = version + 1 WHERE id = $1";
        self.execute(sql, args![game, outgoing, incoming]).await?;
        Ok(())
    }
}
