//! Events, entries, teams and leaves.

use chrono::{DateTime, Utc};

use super::sql::{RowExt, RowRead, args};
use super::{StoreError, StoreResult, Tx, model::*};

fn event_row(row: &dyn RowExt) -> StoreResult<Event> {
    Ok(Event {
        id: EventId(row.int("id")?),
        name: row.text("name")?,
        rule_set: row.enumerated("rule_set", RuleSet::parse)?,
        regulation: row.json("regulation")?,
        status: row.enumerated("status", EventStatus::parse)?,
        is_team: row.boolean("is_team")?,
        starts_at: row.opt_at("starts_at")?,
        ended_at: row.opt_at("ended_at")?,
        created_at: row.at("created_at")?,
    })
}

fn entry_row(row: &dyn RowExt) -> StoreResult<Entry> {
    Ok(Entry {
        event_id: EventId(row.int("event_id")?),
        player_id: PlayerId(row.int("player_id")?),
        team_id: row.opt_int("team_id")?.map(TeamId),
        status: row.text("status")?,
        joined_at: row.at("joined_at")?,
    })
}

fn team_row(row: &dyn RowExt) -> StoreResult<Team> {
    Ok(Team {
        id: TeamId(row.int("id")?),
        event_id: EventId(row.int("event_id")?),
        name: row.text("name")?,
        captain_id: row.opt_int("captain_id")?.map(PlayerId),
    })
}

fn leave_row(row: &dyn RowExt) -> StoreResult<Leave> {
    Ok(Leave {
        id: LeaveId(row.int("id")?),
        player_id: PlayerId(row.int("player_id")?),
        event_id: row.opt_int("event_id")?.map(EventId),
        starts_at: row.at("starts_at")?,
        ends_at: row.at("ends_at")?,
        status: row.enumerated("status", LeaveStatus::parse)?,
        extra: row.boolean("extra")?,
        granted_by: row.opt_int("granted_by")?.map(PlayerId),
        created_at: row.at("created_at")?,
    })
}

impl Tx {
    /// Creates an event (a draft) with its regulation.
    pub async fn create_event(&mut self, new: &NewEvent) -> StoreResult<Event> {
        let sql = "INSERT INTO events (name, rule_set, regulation, is_team, created_at) \
                   VALUES ($1, $2, $3, $4, $5) RETURNING id";
        let args = args![
            &new.name,
            new.rule_set.as_str(),
            &new.regulation,
            new.is_team,
            new.at
        ];
        let id = EventId(self.insert_returning_id("event", sql, args).await?);
        self.event(id).await
    }

    /// The event, or [`StoreError::NotFound`].
    pub async fn event(&mut self, id: EventId) -> StoreResult<Event> {
        let sql = "SELECT id, name, rule_set, regulation, status, is_team, starts_at, ended_at, \
                   created_at FROM events WHERE id = $1";
        let event = self.fetch_optional(sql, args![id], event_row).await?;
        event.ok_or(StoreError::NotFound {
            what: "event",
            id: id.0,
        })
    }

    /// Events in a state, oldest first.
    pub async fn events_with_status(&mut self, status: EventStatus) -> StoreResult<Vec<Event>> {
        let sql = "SELECT id, name, rule_set, regulation, status, is_team, starts_at, ended_at, \
                   created_at FROM events WHERE status = $1 ORDER BY id";
        self.fetch_all(sql, args![status.as_str()], event_row).await
    }

    /// Moves an event to `status`; `at` becomes its start (Running) or end (Finished).
    pub async fn set_event_status(
        &mut self,
        id: EventId,
        status: EventStatus,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let sql = "UPDATE events SET status = $2, \
                   starts_at = CASE WHEN $2 = 'running' THEN $3 ELSE starts_at END, \
                   ended_at = CASE WHEN $2 = 'finished' THEN $3 ELSE ended_at END WHERE id = $1";
        match self.execute(sql, args![id, status.as_str(), at]).await? {
            0 => Err(StoreError::NotFound {
                what: "event",
                id: id.0,
            }),
            _ => Ok(()),
        }
    }

    /// Replaces an event's regulation.
    pub async fn set_regulation(
        &mut self,
        id: EventId,
        regulation: &serde_json::Value,
    ) -> StoreResult<()> {
        let sql = "UPDATE events SET regulation = $2 WHERE id = $1";
        self.execute(sql, args![id, regulation]).await?;
        Ok(())
    }

    /// Enters a player in an event; [`super::Conflict::Duplicate`] if already in.
    pub async fn add_entry(
        &mut self,
        event: EventId,
        player: PlayerId,
        team: Option<TeamId>,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let sql = "INSERT INTO entries (event_id, player_id, team_id, joined_at) \
                   VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING event_id AS id";
        self.insert_returning_id("entry", sql, args![event, player, team, at])
            .await?;
        Ok(())
    }

    /// Sets an entry's status ("active", "withdrawn" — R3.1.5).
    pub async fn set_entry_status(
        &mut self,
        event: EventId,
        player: PlayerId,
        status: &str,
    ) -> StoreResult<()> {
        let sql = "UPDATE entries SET status = $3 WHERE event_id = $1 AND player_id = $2";
        self.execute(sql, args![event, player, status]).await?;
        Ok(())
    }

    /// The entries of an event, in order of joining.
    pub async fn entries(&mut self, event: EventId) -> StoreResult<Vec<Entry>> {
        let sql = "SELECT event_id, player_id, team_id, status, joined_at FROM entries \
                   WHERE event_id = $1 ORDER BY joined_at, player_id";
        self.fetch_all(sql, args![event], entry_row).await
    }

    /// The players with an active entry in an event, in entry order (the
    /// seeding of the pairing tables).
    pub async fn active_players(&mut self, event: EventId) -> StoreResult<Vec<PlayerId>> {
        let entries = self.entries(event).await?;
        Ok(entries
            .into_iter()
            .filter(|entry| entry.status == "active")
            .map(|entry| entry.player_id)
            .collect())
    }

    /// Creates a team (R3.1.3).
    pub async fn create_team(
        &mut self,
        event: EventId,
        name: &str,
        captain: Option<PlayerId>,
    ) -> StoreResult<Team> {
        let sql = "INSERT INTO teams (event_id, name, captain_id) VALUES ($1, $2, $3) \
                   ON CONFLICT DO NOTHING RETURNING id";
        let id = self
            .insert_returning_id("team", sql, args![event, name, captain])
            .await?;
        Ok(Team {
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
    pub async fn teams_of(&mut self, event: EventId) -> StoreResult<Vec<Team>> {
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

    /// Registers a leave (R2.7, R3.6).
    pub async fn create_leave(&mut self, new: &NewLeave) -> StoreResult<Leave> {
        let sql = "INSERT INTO leaves (player_id, event_id, starts_at, ends_at, extra, granted_by, \
                   created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id";
        let args = args![
            new.player_id,
            new.event_id,
            new.starts_at,
            new.ends_at,
            new.extra,
            new.granted_by,
            new.at
        ];
        let id = LeaveId(self.insert_returning_id("leave", sql, args).await?);
        let sql = "SELECT id, player_id, event_id, starts_at, ends_at, status, extra, granted_by, \
                   created_at FROM leaves WHERE id = $1";
        self.fetch_one(sql, args![id], leave_row).await
    }

    /// A player's leaves overlapping `[from, to)`, by start.
    pub async fn leaves_of(
        &mut self,
        player: PlayerId,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> StoreResult<Vec<Leave>> {
        let sql = "SELECT id, player_id, event_id, starts_at, ends_at, status, extra, granted_by, \
                   created_at FROM leaves WHERE player_id = $1 AND starts_at < $3 AND ends_at > $2 \
                   ORDER BY starts_at, id";
        self.fetch_all(sql, args![player, from, to], leave_row)
            .await
    }

    /// Sets a leave's state.
    pub async fn set_leave_status(&mut self, id: LeaveId, status: LeaveStatus) -> StoreResult<()> {
        let sql = "UPDATE leaves SET status = $2 WHERE id = $1";
        match self.execute(sql, args![id, status.as_str()]).await? {
            0 => Err(StoreError::NotFound {
                what: "leave",
                id: id.0,
            }),
            _ => Ok(()),
        }
    }
}
