//! How a player sees the clock: the time zone of shown instants and the
//! daily digest (table `player_clock`).

use serde::{Deserialize, Serialize};

use super::ids::PlayerId;
use super::sql::{Record, RowExt, args};
use super::{StoreResult, Tx};

/// A player's clock preferences; a player without a stored row has the
/// defaults (the default zone, per-move notices).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockPrefs {
    /// The IANA time zone instants are shown in; `None` for the default.
    pub zone: Option<String>,
    /// One message a day with the games to move, instead of one per move.
    pub digest: bool,
}

fn prefs_row(row: &dyn RowExt) -> StoreResult<ClockPrefs> {
    let row = Record::keyed(row, "player_clock", &["player_id"])?;
    Ok(ClockPrefs {
        zone: row.opt_text("zone")?,
        digest: row.boolean("digest")?,
    })
}

impl Tx {
    /// A player's clock preferences (the defaults when none are stored).
    pub async fn clock_prefs(&mut self, player: PlayerId) -> StoreResult<ClockPrefs> {
        let sql = "SELECT player_id, zone, digest FROM player_clock WHERE player_id = $1";
        let found = self.fetch_optional(sql, args![player], prefs_row).await?;
        Ok(found.unwrap_or_default())
    }

    /// Stores a player's clock preferences.
    pub async fn save_clock_prefs(
        &mut self,
        player: PlayerId,
        prefs: &ClockPrefs,
    ) -> StoreResult<()> {
        let sql = "INSERT INTO player_clock (player_id, zone, digest) VALUES ($1, $2, $3) \
                   ON CONFLICT (player_id) DO UPDATE SET zone = excluded.zone, \
                   digest = excluded.digest";
        self.execute(sql, args![player, prefs.zone.clone(), prefs.digest])
            .await?;
        Ok(())
    }
}
