//! Players, their platform accounts and roles; inbound ids; the audit log.

use chrono::{DateTime, Utc};

use super::sql::{RowExt, RowRead, args};
use super::{StoreError, StoreResult, Tx, model::*};

fn player_row(row: &dyn RowExt) -> StoreResult<Player> {
    Ok(Player {
        id: PlayerId(row.int("id")?),
        display_name: row.text("display_name")?,
        language: row.text("language")?,
        notation: row.text("notation")?,
        contact: row.opt_text("contact")?,
        created_at: row.at("created_at")?,
    })
}

fn account_row(row: &dyn RowExt) -> StoreResult<Account> {
    Ok(Account {
        id: AccountId(row.int("id")?),
        player_id: PlayerId(row.int("player_id")?),
        platform: row.enumerated("platform", Platform::parse)?,
        platform_user_id: row.text("platform_user_id")?,
        username: row.opt_text("username")?,
        dm_chat_id: row.opt_text("dm_chat_id")?,
        linked_at: row.at("linked_at")?,
    })
}

fn role_row(row: &dyn RowExt) -> StoreResult<RoleGrant> {
    Ok(RoleGrant {
        player_id: PlayerId(row.int("player_id")?),
        role: row.enumerated("role", Role::parse)?,
        event_id: row.opt_int("event_id")?.map(EventId),
    })
}

fn audit_row(row: &dyn RowExt) -> StoreResult<AuditEntry> {
    Ok(AuditEntry {
        at: row.at("at")?,
        actor_id: row.opt_int("actor_id")?.map(PlayerId),
        action: row.text("action")?,
        event_id: row.opt_int("event_id")?.map(EventId),
        game_id: row.opt_int("game_id")?.map(GameId),
        case_id: row.opt_int("case_id")?.map(CaseId),
        details: row.json("details")?,
    })
}

impl Tx {
    /// Creates a player.
    pub async fn create_player(&mut self, new: &NewPlayer) -> StoreResult<Player> {
        let sql = concat!(
            "INSERT INTO players (display_name, language, notation, created_at) ",
            "VALUES ($1, $2, $3, $4) RETURNING id"
        );
        let args = args![&new.display_name, &new.language, &new.notation, new.at];
        let id = PlayerId(self.insert_returning_id("player", sql, args).await?);
        self.player(id).await
    }

    /// The player, or [`StoreError::NotFound`].
    pub async fn player(&mut self, id: PlayerId) -> StoreResult<Player> {
        let sql = "SELECT id, display_name, language, notation, contact, created_at \
                   FROM players WHERE id = $1";
        let player = self.fetch_optional(sql, args![id], player_row).await?;
        player.ok_or(StoreError::NotFound {
            what: "player",
            id: id.0,
        })
    }

    /// Changes a player's contact details (R2.1.2, R3.4.4), language or notation.
    pub async fn update_player(&mut self, player: &Player) -> StoreResult<()> {
        let sql = "UPDATE players SET display_name = $2, language = $3, notation = $4, \
                   contact = $5 WHERE id = $1";
        let args = args![
            player.id,
            &player.display_name,
            &player.language,
            &player.notation,
            player.contact.clone()
        ];
        match self.execute(sql, args).await? {
            0 => Err(StoreError::NotFound {
                what: "player",
                id: player.id.0,
            }),
            _ => Ok(()),
        }
    }

    /// Links a platform account to a player; [`super::Conflict::Duplicate`]
    /// when that account is already linked.
    pub async fn link_account(
        &mut self,
        player: PlayerId,
        platform: Platform,
        platform_user_id: &str,
        username: Option<&str>,
        dm_chat_id: Option<&str>,
        at: DateTime<Utc>,
    ) -> StoreResult<Account> {
        let sql = concat!(
            "INSERT INTO accounts (player_id, platform, platform_user_id, username, dm_chat_id, ",
            "linked_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING id"
        );
        let args = args![
            player,
            platform.as_str(),
            platform_user_id,
            username,
            dm_chat_id,
            at
        ];
        self.insert_returning_id("account", sql, args).await?;
        let account = self.account(platform, platform_user_id).await?;
        account.ok_or(StoreError::Corrupt("account vanished".into()))
    }

    /// The account with this platform id, if linked.
    pub async fn account(
        &mut self,
        platform: Platform,
        platform_user_id: &str,
    ) -> StoreResult<Option<Account>> {
        let sql = "SELECT a.id, a.player_id, a.platform, a.platform_user_id, a.username, \
                   a.dm_chat_id, a.linked_at FROM accounts a \
                   WHERE a.platform = $1 AND a.platform_user_id = $2";
        self.fetch_optional(sql, args![platform.as_str(), platform_user_id], account_row)
            .await
    }

    /// The accounts of a player, oldest first.
    pub async fn accounts_of(&mut self, player: PlayerId) -> StoreResult<Vec<Account>> {
        let sql = "SELECT a.id, a.player_id, a.platform, a.platform_user_id, a.username, \
                   a.dm_chat_id, a.linked_at FROM accounts a WHERE a.player_id = $1 ORDER BY a.id";
        self.fetch_all(sql, args![player], account_row).await
    }

    /// Grants a role (for one event, or everywhere); granting it twice changes nothing.
    pub async fn grant_role(
        &mut self,
        player: PlayerId,
        role: Role,
        event: Option<EventId>,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let sql = "INSERT INTO roles (player_id, role, event_id, granted_at) \
                   VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING";
        self.execute(sql, args![player, role.as_str(), event, at])
            .await?;
        // Granted in the app, the role is the app's now: a platform's role
        // mirroring (store/platform_roles.rs) no longer revokes it.
        let sql = "UPDATE roles SET source = NULL WHERE player_id = $1 AND role = $2 \
                   AND COALESCE(event_id, 0) = COALESCE($3, 0) AND source IS NOT NULL";
        self.execute(sql, args![player, role.as_str(), event])
            .await?;
        Ok(())
    }

    /// Revokes a role; `true` if it was held.
    pub async fn revoke_role(
        &mut self,
        player: PlayerId,
        role: Role,
        event: Option<EventId>,
    ) -> StoreResult<bool> {
        let sql = "DELETE FROM roles WHERE player_id = $1 AND role = $2 \
                   AND COALESCE(event_id, 0) = COALESCE($3, 0)";
        Ok(self
            .execute(sql, args![player, role.as_str(), event])
            .await?
            > 0)
    }

    /// The roles a player holds.
    pub async fn roles_of(&mut self, player: PlayerId) -> StoreResult<Vec<RoleGrant>> {
        let sql = "SELECT player_id, role, event_id FROM roles WHERE player_id = $1 ORDER BY id";
        self.fetch_all(sql, args![player], role_row).await
    }

    /// Who holds `role` for `event` (including holders for every event).
    pub async fn holders_of(
        &mut self,
        role: Role,
        event: Option<EventId>,
    ) -> StoreResult<Vec<PlayerId>> {
        let sql = "SELECT player_id FROM roles WHERE role = $1 \
                   AND (event_id IS NULL OR event_id = $2) ORDER BY player_id";
        self.fetch_all(sql, args![role.as_str(), event], |row| {
            Ok(PlayerId(row.int("player_id")?))
        })
        .await
    }

    /// Marks an inbound platform id (an update or interaction) as being
    /// processed in this transaction. [`Inbound::New`]: process the command
    /// and call [`Tx::finish_inbound`] before committing. [`Inbound::Seen`]:
    /// a redelivery; answer with the stored response and change nothing. On
    /// PostgreSQL a concurrent redelivery waits here for the first to commit.
    pub async fn begin_inbound(
        &mut self,
        platform: Platform,
        update_id: &str,
        at: DateTime<Utc>,
    ) -> StoreResult<Inbound> {
        let sql = "INSERT INTO inbound (platform, update_id, processed_at) VALUES ($1, $2, $3) \
                   ON CONFLICT DO NOTHING";
        if self
            .execute(sql, args![platform.as_str(), update_id, at])
            .await?
            == 1
        {
            return Ok(Inbound::New);
        }
        let sql = "SELECT response FROM inbound WHERE platform = $1 AND update_id = $2";
        let args = args![platform.as_str(), update_id];
        let response = self
            .fetch_one(sql, args, |row| row.opt_text("response"))
            .await?;
        Ok(Inbound::Seen(response))
    }

    /// Stores the answer given to an inbound id, for redeliveries.
    pub async fn finish_inbound(
        &mut self,
        platform: Platform,
        update_id: &str,
        response: &str,
    ) -> StoreResult<()> {
        let sql = "UPDATE inbound SET response = $3 WHERE platform = $1 AND update_id = $2";
        self.execute(sql, args![platform.as_str(), update_id, response])
            .await?;
        Ok(())
    }

    /// Forgets inbound ids processed before `before` (platforms stop
    /// redelivering after a day or so).
    pub async fn prune_inbound(&mut self, before: DateTime<Utc>) -> StoreResult<u64> {
        self.execute("DELETE FROM inbound WHERE processed_at < $1", args![before])
            .await
    }

    /// Appends to the audit log.
    pub async fn audit(&mut self, entry: &AuditEntry) -> StoreResult<AuditId> {
        let sql = concat!(
            "INSERT INTO audit_log (at, actor_id, action, event_id, game_id, case_id, details) ",
            "VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id"
        );
        let args = args![
            entry.at,
            entry.actor_id,
            &entry.action,
            entry.event_id,
            entry.game_id,
            entry.case_id,
            &entry.details
        ];
        Ok(AuditId(
            self.insert_returning_id("audit entry", sql, args).await?,
        ))
    }

    /// The audit log of a game, oldest first.
    pub async fn audit_of_game(&mut self, game: GameId) -> StoreResult<Vec<AuditEntry>> {
        let sql = "SELECT at, actor_id, action, event_id, game_id, case_id, details \
                   FROM audit_log WHERE game_id = $1 ORDER BY id";
        self.fetch_all(sql, args![game], audit_row).await
    }
}
