//! Player settings (board orientation, muted move notices, contact details),
//! one-time account-link codes, joining two players into one, and event
//! settings beside the regulation (round-robin cycles, the arbiters' channel).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::ids::{EventId, PlayerId};
use super::outbox::NoticeRecipient;
use super::players::{Platform, Role};
use super::sql::{Record, RowExt, args};
use super::{Corruption, StoreResult, Tx};
use crate::render::Theme;

/// The side a player's boards are shown from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Orientation {
    /// Their own side in their games, White's otherwise.
    #[default]
    Auto,
    /// Always White's side.
    White,
    /// Always Black's side.
    Black,
}

impl Orientation {
    /// The stored (and typed) word.
    pub fn as_str(self) -> &'static str {
        match self {
            Orientation::Auto => "auto",
            Orientation::White => "white",
            Orientation::Black => "black",
        }
    }

    /// Reads a stored or typed word (English or Ukrainian).
    pub fn parse(text: &str) -> Option<Self> {
        match text.trim().to_lowercase().as_str() {
            "auto" | "авто" => Some(Orientation::Auto),
            "white" | "білі" => Some(Orientation::White),
            "black" | "чорні" => Some(Orientation::Black),
            _ => None,
        }
    }
}

/// A player's settings; a player without a stored row has the defaults.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerSettings {
    /// The side boards are shown from.
    pub orientation: Orientation,
    /// Move notices are turned off (R3.2.3).
    pub muted: bool,
    /// Postal address (R2.1.2, R3.4.4).
    pub address: Option<String>,
    /// E-mail address (R3.4.4).
    pub email: Option<String>,
    /// The board theme of their images.
    #[serde(default)]
    pub theme: Theme,
}

/// An event's settings beside its regulation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventSettings {
    /// Round-robin cycles: 1 (single) or 2 (double, colours swapped).
    pub cycles: u32,
    /// The arbiters' channel, if any.
    pub arbiter_channel: Option<NoticeRecipient>,
    /// The appeals committee's channel, if any (R2.1.6).
    pub appeals_channel: Option<NoticeRecipient>,
    /// True if an excluded player's remaining games are annulled; false if
    /// they are scored as losses (R2.1.5).
    pub annul_on_exclusion: bool,
}

impl Default for EventSettings {
    fn default() -> Self {
        Self {
            cycles: 1,
            arbiter_channel: None,
            appeals_channel: None,
            annul_on_exclusion: false,
        }
    }
}

fn settings_row(row: &dyn RowExt) -> StoreResult<PlayerSettings> {
    let row = Record::keyed(row, "player_settings", &["player_id"])?;
    Ok(PlayerSettings {
        orientation: row.enumerated("orientation", Orientation::parse)?,
        muted: row.boolean("muted")?,
        address: row.opt_text("address")?,
        email: row.opt_text("email")?,
        theme: row.enumerated("theme", Theme::parse)?,
    })
}

/// A channel stored as two columns `{prefix}_platform` and `{prefix}_chat_id`.
fn channel_columns(row: &Record, prefix: &str) -> StoreResult<Option<NoticeRecipient>> {
    let platform = row.opt_enumerated(&format!("{prefix}_platform"), Platform::parse)?;
    let chat_id = row.opt_text(&format!("{prefix}_chat_id"))?;
    Ok(match (platform, chat_id) {
        (Some(platform), Some(chat_id)) => Some(NoticeRecipient::Chat { platform, chat_id }),
        _ => None,
    })
}

/// A channel as the two stored columns.
fn channel_values(channel: &Option<NoticeRecipient>) -> (Option<&'static str>, Option<String>) {
    match channel {
        Some(NoticeRecipient::Chat { platform, chat_id }) => {
            (Some(platform.as_str()), Some(chat_id.clone()))
        }
        _ => (None, None),
    }
}

fn event_settings_row(row: &dyn RowExt) -> StoreResult<EventSettings> {
    let row = Record::keyed(row, "event_settings", &["event_id"])?;
    let cycles = row.int("cycles")?;
    Ok(EventSettings {
        cycles: u32::try_from(cycles).map_err(|_| {
            row.corrupt(Corruption::OutOfRange {
                column: "cycles".into(),
                value: cycles,
            })
        })?,
        arbiter_channel: channel_columns(&row, "arbiter")?,
        appeals_channel: channel_columns(&row, "appeals")?,
        annul_on_exclusion: row.enumerated("exclusion", |exclusion| match exclusion {
            "annulled" => Some(true),
            "losses" => Some(false),
            _ => None,
        })?,
    })
}

/// Whether a player appears in any record that a join would orphan.
const HISTORY_SQL: &str = "SELECT CASE WHEN \
    EXISTS (SELECT 1 FROM games WHERE white_id = $1 OR black_id = $1) \
    OR EXISTS (SELECT 1 FROM entries WHERE player_id = $1) \
    OR EXISTS (SELECT 1 FROM event_removals WHERE player_id = $1 OR removed_by = $1) \
    OR EXISTS (SELECT 1 FROM team_members WHERE player_id = $1) \
    OR EXISTS (SELECT 1 FROM teams WHERE captain_id = $1) \
    OR EXISTS (SELECT 1 FROM teams WHERE deputy_id = $1) \
    OR EXISTS (SELECT 1 FROM leaves WHERE player_id = $1 OR granted_by = $1) \
    OR EXISTS (SELECT 1 FROM cases WHERE opened_by = $1 OR respondent_id = $1) \
    OR EXISTS (SELECT 1 FROM case_notes WHERE author_id = $1) \
    OR EXISTS (SELECT 1 FROM rulings WHERE arbiter_id = $1) \
    OR EXISTS (SELECT 1 FROM appeals WHERE appellant_id = $1 OR decided_by = $1) \
    THEN CAST(1 AS BIGINT) ELSE CAST(0 AS BIGINT) END AS found";

impl Tx {
    /// A player's settings (the defaults when none are stored).
    pub async fn player_settings(&mut self, player: PlayerId) -> StoreResult<PlayerSettings> {
        let sql = "SELECT player_id, orientation, muted, address, email, theme \
                   FROM player_settings WHERE player_id = $1";
        let found = self
            .fetch_optional(sql, args![player], settings_row)
            .await?;
        Ok(found.unwrap_or_default())
    }

    /// Stores a player's settings.
    pub async fn save_player_settings(
        &mut self,
        player: PlayerId,
        settings: &PlayerSettings,
    ) -> StoreResult<()> {
        let sql = "INSERT INTO player_settings \
                   (player_id, orientation, muted, address, email, theme) \
                   VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (player_id) DO UPDATE SET \
                   orientation = excluded.orientation, muted = excluded.muted, \
                   address = excluded.address, email = excluded.email, theme = excluded.theme";
        let args = args![
            player,
            settings.orientation.as_str(),
            settings.muted,
            settings.address.clone(),
            settings.email.clone(),
            settings.theme.as_str()
        ];
        self.execute(sql, args).await?;
        Ok(())
    }

    /// Stores a link code's hash for `player`, replacing the player's older
    /// codes and dropping everyone's expired ones.
    pub async fn store_link_code(
        &mut self,
        player: PlayerId,
        code_hash: &str,
        expires_at: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> StoreResult<()> {
        let sql = "DELETE FROM link_codes WHERE player_id = $1 OR expires_at <= $2";
        self.execute(sql, args![player, now]).await?;
        let sql = "INSERT INTO link_codes (code_hash, player_id, expires_at, created_at) \
                   VALUES ($1, $2, $3, $4)";
        self.execute(sql, args![code_hash, player, expires_at, now])
            .await?;
        Ok(())
    }

    /// Uses up a link code: the player who asked for it, if the code is
    /// known and not expired at `now`. A used code is gone.
    pub async fn take_link_code(
        &mut self,
        code_hash: &str,
        now: DateTime<Utc>,
    ) -> StoreResult<Option<PlayerId>> {
        let sql = "DELETE FROM link_codes WHERE code_hash = $1 AND expires_at > $2 \
                   RETURNING player_id";
        self.fetch_optional(sql, args![code_hash, now], |row| {
            Ok(PlayerId(row.int("player_id")?))
        })
        .await
    }

    /// Whether a player has played, entered, captained, ruled … anything.
    pub async fn has_history(&mut self, player: PlayerId) -> StoreResult<bool> {
        let found = self
            .fetch_one(HISTORY_SQL, args![player], |row| row.int("found"))
            .await?;
        Ok(found == 1)
    }

    /// Joins player `from` (who must have no history, see
    /// [`Tx::has_history`]) into `into`: accounts, roles and pending notices
    /// move over, `into` keeps its own settings (taking `from`'s when it has
    /// none) and its own switches, and `from` is deleted.
    pub async fn join_players(&mut self, from: PlayerId, into: PlayerId) -> StoreResult<()> {
        let moves: [&'static str; 5] = [
            "UPDATE accounts SET player_id = $2 WHERE player_id = $1",
            "INSERT INTO roles (player_id, role, event_id, granted_at) \
             SELECT $2, role, event_id, granted_at FROM roles WHERE player_id = $1 \
             ON CONFLICT DO NOTHING",
            "INSERT INTO player_settings (player_id, orientation, muted, address, email, theme) \
             SELECT $2, orientation, muted, address, email, theme FROM player_settings \
             WHERE player_id = $1 ON CONFLICT DO NOTHING",
            "DELETE FROM link_codes WHERE player_id = $1",
            // `into` keeps its own switches (its notation chosen or not).
            "DELETE FROM player_switches WHERE player_id = $1",
        ];
        for sql in moves {
            self.execute(sql, args![from, into]).await?;
        }
        let sql = "UPDATE outbox SET recipient = $2 WHERE recipient = $1";
        let keys = args![
            NoticeRecipient::Player(from).key(),
            NoticeRecipient::Player(into).key()
        ];
        self.execute(sql, keys).await?;
        self.execute("DELETE FROM players WHERE id = $1", args![from])
            .await?;
        Ok(())
    }

    /// Takes a player out of an event before it starts; `true` if entered.
    pub async fn remove_entry(&mut self, event: EventId, player: PlayerId) -> StoreResult<bool> {
        let sql = "DELETE FROM entries WHERE event_id = $1 AND player_id = $2";
        Ok(self.execute(sql, args![event, player]).await? > 0)
    }

    /// The events a player is entered in.
    pub async fn events_entered(&mut self, player: PlayerId) -> StoreResult<Vec<EventId>> {
        let sql = "SELECT event_id FROM entries WHERE player_id = $1 ORDER BY event_id";
        self.fetch_all(sql, args![player], |row| Ok(EventId(row.int("event_id")?)))
            .await
    }

    /// An event's settings (the defaults when none are stored).
    pub async fn event_settings(&mut self, event: EventId) -> StoreResult<EventSettings> {
        let sql = "SELECT event_id, cycles, arbiter_platform, arbiter_chat_id, appeals_platform, \
                   appeals_chat_id, exclusion FROM event_settings WHERE event_id = $1";
        let found = self
            .fetch_optional(sql, args![event], event_settings_row)
            .await?;
        Ok(found.unwrap_or_default())
    }

    /// Stores an event's settings.
    pub async fn save_event_settings(
        &mut self,
        event: EventId,
        settings: &EventSettings,
    ) -> StoreResult<()> {
        let (platform, chat_id) = channel_values(&settings.arbiter_channel);
        let (appeals_platform, appeals_chat_id) = channel_values(&settings.appeals_channel);
        let exclusion = if settings.annul_on_exclusion {
            "annulled"
        } else {
            "losses"
        };
        let sql = "INSERT INTO event_settings (event_id, cycles, arbiter_platform, \
                   arbiter_chat_id, appeals_platform, appeals_chat_id, exclusion) \
                   VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (event_id) DO UPDATE SET \
                   cycles = excluded.cycles, arbiter_platform = excluded.arbiter_platform, \
                   arbiter_chat_id = excluded.arbiter_chat_id, \
                   appeals_platform = excluded.appeals_platform, \
                   appeals_chat_id = excluded.appeals_chat_id, exclusion = excluded.exclusion";
        let args = args![
            event,
            i64::from(settings.cycles),
            platform,
            chat_id,
            appeals_platform,
            appeals_chat_id,
            exclusion
        ];
        self.execute(sql, args).await?;
        Ok(())
    }

    /// Whether `player` holds `role` for exactly `event` (`None`: the
    /// installation-wide grant), unlike [`Tx::holders_of`], which counts
    /// installation-wide holders for every event.
    pub async fn holds_role(
        &mut self,
        player: PlayerId,
        role: Role,
        event: Option<EventId>,
    ) -> StoreResult<bool> {
        let grants = self.roles_of(player).await?;
        Ok(grants
            .iter()
            .any(|grant| grant.role == role && grant.event_id == event))
    }
}
