//! What members follow (issue 41): a game, an event, a player or a team.
//! A member is told privately when a followed game ends, and of each move
//! of it when the follow asks for moves. How many a member keeps is bounded
//! ([`Tx::follow`] counts under the member's row lock).

use chrono::{DateTime, Utc};

use super::ids::{EventId, GameId, PlayerId, TeamId};
use super::sql::{Record, args, text_enum};
use super::teams::TeamRecord;
use super::{StoreResult, Tx};

text_enum! {
    /// What kind of thing a member follows.
    FollowTarget {
        /// One game.
        Game = "game",
        /// Every game of an event.
        Event = "event",
        /// Every game a player plays.
        Player = "player",
        /// Every game of a team of a team event.
        Team = "team",
    }
}

/// One thing a member follows, as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Follow {
    /// What kind of thing.
    pub target: FollowTarget,
    /// Its key (a game's, an event's, a player's or a team's).
    pub target_id: i64,
    /// Whether each move is told too, not only the end.
    pub moves: bool,
}

/// What [`Tx::follow`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Followed {
    /// A new follow.
    Added,
    /// It was followed already, as asked (moves or not).
    Already,
    /// It was followed already; now with (or without) moves.
    Changed,
    /// The member follows `limit` things already: nothing changed.
    Full,
}

/// The followers of a game: each member once, with whether they follow
/// its moves (through any follow of theirs that asks for them).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameFollowers(pub Vec<(PlayerId, bool)>);

impl Tx {
    /// `player` follows `follow`, unless they already follow `limit`
    /// things. The count and the insert run under the member's row lock, so
    /// the bound holds with several processes.
    pub async fn follow(
        &mut self,
        player: PlayerId,
        follow: Follow,
        limit: i64,
        at: DateTime<Utc>,
    ) -> StoreResult<Followed> {
        self.lock_player(player).await?;
        let find = "SELECT moves FROM follows WHERE player_id = $1 AND target = $2 \
                    AND target_id = $3";
        let key = args![player, follow.target, follow.target_id];
        let found = self
            .fetch_optional(find, key.clone(), |row| row.boolean("moves"))
            .await?;
        if let Some(moves) = found {
            if moves == follow.moves {
                return Ok(Followed::Already);
            }
            let set = "UPDATE follows SET moves = $4 WHERE player_id = $1 AND target = $2 \
                       AND target_id = $3";
            let mut changed = key;
            changed.extend(args![follow.moves]);
            self.execute(set, changed).await?;
            return Ok(Followed::Changed);
        }
        if self.follow_count(player).await? >= limit {
            return Ok(Followed::Full);
        }
        let add = "INSERT INTO follows (player_id, target, target_id, moves, created_at) \
                   VALUES ($1, $2, $3, $4, $5)";
        let row = args![player, follow.target, follow.target_id, follow.moves, at];
        self.execute(add, row).await?;
        Ok(Followed::Added)
    }

    /// How many things `player` follows.
    pub async fn follow_count(&mut self, player: PlayerId) -> StoreResult<i64> {
        let sql = "SELECT COUNT(*) AS n FROM follows WHERE player_id = $1";
        self.fetch_one(sql, args![player], |row| row.int("n")).await
    }

    /// Stops `player` following `target` (`None`: everything); how many
    /// follows ended.
    pub async fn unfollow(
        &mut self,
        player: PlayerId,
        target: Option<(FollowTarget, i64)>,
    ) -> StoreResult<u64> {
        match target {
            Some((target, id)) => {
                let sql =
                    "DELETE FROM follows WHERE player_id = $1 AND target = $2 AND target_id = $3";
                self.execute(sql, args![player, target, id]).await
            }
            None => {
                let sql = "DELETE FROM follows WHERE player_id = $1";
                self.execute(sql, args![player]).await
            }
        }
    }

    /// What `player` follows, oldest first.
    pub async fn follows_of(&mut self, player: PlayerId) -> StoreResult<Vec<Follow>> {
        let sql = "SELECT id, target, target_id, moves FROM follows WHERE player_id = $1 \
                   ORDER BY id";
        self.fetch_all(sql, args![player], |row| {
            let record = Record::new(row, "follows")?;
            Ok(Follow {
                target: record.enumerated("target", FollowTarget::parse)?,
                target_id: record.int("target_id")?,
                moves: record.boolean("moves")?,
            })
        })
        .await
    }

    /// The teams `player` plays for (boards or reserves), captains or
    /// deputises for, in any event, oldest first.
    pub async fn teams_of_member(&mut self, player: PlayerId) -> StoreResult<Vec<TeamRecord>> {
        let sql = "SELECT id, event_id, name, captain_id FROM teams \
                   WHERE captain_id = $1 OR deputy_id = $1 \
                   OR id IN (SELECT team_id FROM team_members WHERE player_id = $1) ORDER BY id";
        self.fetch_all(sql, args![player], |row| {
            Ok(TeamRecord {
                id: TeamId(row.int("id")?),
                event_id: EventId(row.int("event_id")?),
                name: row.text("name")?,
                captain_id: row.opt_int("captain_id")?.map(PlayerId),
            })
        })
        .await
    }

    /// The followers of game `game` of event `event` between `white` and
    /// `black`: of the game, the event, either player, or either team of
    /// its team match; one statement. The game's players are left out.
    pub async fn game_followers(
        &mut self,
        game: GameId,
        event: EventId,
        (white, black): (PlayerId, PlayerId),
    ) -> StoreResult<GameFollowers> {
        let sql = "SELECT player_id, moves FROM follows \
                   WHERE player_id <> $3 AND player_id <> $4 AND ( \
                   (target = 'game' AND target_id = $1) \
                   OR (target = 'event' AND target_id = $2) \
                   OR (target = 'player' AND target_id IN ($3, $4)) \
                   OR (target = 'team' AND target_id IN ( \
                       SELECT first_team_id FROM team_match_games WHERE game_id = $1 \
                       UNION SELECT second_team_id FROM team_match_games WHERE game_id = $1))) \
                   ORDER BY player_id";
        let rows = self
            .fetch_all(sql, args![game, event, white, black], |row| {
                Ok((PlayerId(row.int("player_id")?), row.boolean("moves")?))
            })
            .await?;
        let mut followers: Vec<(PlayerId, bool)> = Vec::new();
        for (player, moves) in rows {
            match followers.last_mut() {
                Some((last, any)) if *last == player => *any |= moves,
                _ => followers.push((player, moves)),
            }
        }
        Ok(GameFollowers(followers))
    }
}
