//! Events and their entries.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::ids::{EventId, PlayerId, TeamId};
use super::sql::{QueryArg, Record, RowExt, args, json_arg, text_enum};
use super::{StoreError, StoreResult, Tx};
use crate::core::regulation::{Regulation, RuleSet};

/// A rule set is stored as its word (`server`, `postal`).
impl From<RuleSet> for QueryArg {
    fn from(rule_set: RuleSet) -> Self {
        QueryArg::Text(Some(rule_set.as_str().to_owned()))
    }
}

text_enum! {
    /// The life of an event.
    EventStatus {
        /// Being set up.
        Draft = "draft",
        /// Taking entries.
        Registration = "registration",
        /// Entries closed by the organizer; not started yet.
        Closed = "closed",
        /// Cancelled before the start: nothing more happens in it.
        Cancelled = "cancelled",
        /// Games under way (R1.1: all start together).
        Running = "running",
        /// All games over.
        Finished = "finished",
    }
}

impl EventStatus {
    /// Not started yet and not cancelled: set-up may still change it.
    pub fn before_start(self) -> bool {
        matches!(
            self,
            EventStatus::Draft | EventStatus::Registration | EventStatus::Closed
        )
    }
}

text_enum! {
    /// Whether an entrant still plays in an event.
    EntryStatus {
        /// Playing.
        Active = "active",
        /// Withdrawn (R3.1.5).
        Withdrawn = "withdrawn",
        /// Excluded by a ruling (R2.1.5).
        Excluded = "excluded",
    }
}

/// An event and its regulation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// Key.
    pub id: EventId,
    /// Name, number or code (R2.3.6).
    pub name: String,
    /// Server or postal.
    pub rule_set: RuleSet,
    /// The regulation (stored as JSON).
    pub regulation: Regulation,
    /// Life state.
    pub status: EventStatus,
    /// A team event.
    pub is_team: bool,
    /// Official start (R2.4.5).
    pub starts_at: Option<DateTime<Utc>>,
    /// End.
    pub ended_at: Option<DateTime<Utc>>,
    /// Creation.
    pub created_at: DateTime<Utc>,
}

/// What it takes to create an event.
#[derive(Clone, Debug)]
pub struct NewEvent {
    /// Name.
    pub name: String,
    /// Server or postal.
    pub rule_set: RuleSet,
    /// The regulation.
    pub regulation: Regulation,
    /// A team event.
    pub is_team: bool,
    /// Now.
    pub at: DateTime<Utc>,
}

/// A player's entry in an event, as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EntryRecord {
    /// The event.
    pub event_id: EventId,
    /// The player.
    pub player_id: PlayerId,
    /// The team, in a team event.
    pub team_id: Option<TeamId>,
    /// Playing, withdrawn or excluded.
    pub status: EntryStatus,
    /// When the player joined.
    pub joined_at: DateTime<Utc>,
}

pub(super) fn event_row(row: &dyn RowExt) -> StoreResult<Event> {
    let row = Record::new(row, "events")?;
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

fn entry_row(row: &dyn RowExt) -> StoreResult<EntryRecord> {
    let row = Record::keyed(row, "entries", &["event_id", "player_id"])?;
    Ok(EntryRecord {
        event_id: EventId(row.int("event_id")?),
        player_id: PlayerId(row.int("player_id")?),
        team_id: row.opt_int("team_id")?.map(TeamId),
        status: row.enumerated("status", EntryStatus::parse)?,
        joined_at: row.at("joined_at")?,
    })
}

impl Tx {
    /// Creates an event (a draft) with its regulation.
    pub async fn create_event(&mut self, new: &NewEvent) -> StoreResult<Event> {
        let sql = "INSERT INTO events (name, rule_set, regulation, is_team, created_at) \
                   VALUES ($1, $2, $3, $4, $5) RETURNING id";
        let args = args![
            &new.name,
            new.rule_set,
            json_arg("regulation", &new.regulation)?,
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

    /// Replaces an event's regulation (and its rule set, which the
    /// regulation names).
    pub async fn set_regulation(
        &mut self,
        id: EventId,
        regulation: &Regulation,
    ) -> StoreResult<()> {
        let sql = "UPDATE events SET regulation = $2, rule_set = $3 WHERE id = $1";
        let args = args![id, json_arg("regulation", regulation)?, regulation.rule_set];
        self.execute(sql, args).await?;
        Ok(())
    }

    /// Renames an event.
    pub async fn rename_event(&mut self, id: EventId, name: &str) -> StoreResult<()> {
        let sql = "UPDATE events SET name = $2 WHERE id = $1";
        self.execute(sql, args![id, name]).await?;
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

    /// Sets an entry's status (withdrawn — R3.1.5, excluded — R2.1.5, active again).
    pub async fn set_entry_status(
        &mut self,
        event: EventId,
        player: PlayerId,
        status: EntryStatus,
    ) -> StoreResult<()> {
        let sql = "UPDATE entries SET status = $3 WHERE event_id = $1 AND player_id = $2";
        self.execute(sql, args![event, player, status]).await?;
        Ok(())
    }

    /// The entries of an event, in order of joining.
    pub async fn entries(&mut self, event: EventId) -> StoreResult<Vec<EntryRecord>> {
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
            .filter(|entry| entry.status == EntryStatus::Active)
            .map(|entry| entry.player_id)
            .collect())
    }
}
