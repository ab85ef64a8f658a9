//! Team events (R3.1.3): deputies, line-ups with reserves, the boards a
//! team fields, and the board games of team matches.

use super::sql::{RowExt, args};
use super::{StoreResult, Tx, model::*};

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
    /// The team with id `team`, if any.
    pub async fn team(&mut self, team: TeamId) -> StoreResult<Option<Team>> {
        let sql = "SELECT id, event_id, name, captain_id FROM teams WHERE id = $1";
        self.fetch_optional(sql, args![team], |row| {
            Ok(Team {
                id: TeamId(row.int("id")?),
                event_id: EventId(row.int("event_id")?),
                name: row.text("name")?,
                captain_id: row.opt_int("captain_id")?.map(PlayerId),
            })
        })
        .await
    }

    /// The teams `player` captains or deputises for, in any event.
    pub async fn teams_led_by(&mut self, player: PlayerId) -> StoreResult<Vec<Team>> {
        let sql = "SELECT id, event_id, name, captain_id FROM teams \
                   WHERE captain_id = $1 OR deputy_id = $1 ORDER BY id";
        self.fetch_all(sql, args![player], |row| {
            Ok(Team {
                id: TeamId(row.int("id")?),
                event_id: EventId(row.int("event_id")?),
                name: row.text("name")?,
                captain_id: row.opt_int("captain_id")?.map(PlayerId),
            })
        })
        .await
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
