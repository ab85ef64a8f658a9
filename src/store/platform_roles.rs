//! Installation-wide roles mirrored from a platform's own roles (Discord
//! role ids mapped in the configuration). Such grants carry the platform
//! as their `source`, so that losing the platform role revokes them, while
//! the app's own grants (no source) are never touched by the mirroring.

use chrono::{DateTime, Utc};

use super::ids::PlayerId;
use super::players::{Platform, Role};
use super::sql::{Record, args};
use super::{StoreResult, Tx};

impl Tx {
    /// The installation-wide roles `player` holds through `platform`'s roles.
    pub async fn platform_roles(
        &mut self,
        player: PlayerId,
        platform: Platform,
    ) -> StoreResult<Vec<Role>> {
        let sql = "SELECT id, role FROM roles WHERE player_id = $1 AND event_id IS NULL \
                   AND source = $2 ORDER BY id";
        self.fetch_all(sql, args![player, platform], |row| {
            Record::new(row, "roles")?.enumerated("role", Role::parse)
        })
        .await
    }

    /// Grants `role` everywhere on behalf of `platform`; `false` (and no
    /// change) if the player already holds it, whatever its source.
    pub async fn grant_platform_role(
        &mut self,
        player: PlayerId,
        role: Role,
        platform: Platform,
        at: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let sql = "INSERT INTO roles (player_id, role, event_id, granted_at, source) \
                   VALUES ($1, $2, NULL, $3, $4) ON CONFLICT DO NOTHING";
        let args = args![player, role.as_str(), at, platform.as_str()];
        Ok(self.execute(sql, args).await? > 0)
    }

    /// Revokes the installation-wide `role` if (and only if) `platform`
    /// granted it; `true` if it did.
    pub async fn revoke_platform_role(
        &mut self,
        player: PlayerId,
        role: Role,
        platform: Platform,
    ) -> StoreResult<bool> {
        let sql = "DELETE FROM roles WHERE player_id = $1 AND role = $2 \
                   AND event_id IS NULL AND source = $3";
        let args = args![player, role.as_str(), platform.as_str()];
        Ok(self.execute(sql, args).await? > 0)
    }
}
