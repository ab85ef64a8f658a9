//! Players, their platform accounts and roles.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::ids::{AccountId, EventId, PlayerId};
use super::sql::{Record, RowExt, args, text_enum};
use super::{Corruption, StoreError, StoreResult, Tx};

text_enum! {
    /// A chat platform (or the console), through which accounts talk to the bot.
    Platform {
        /// Telegram.
        Telegram = "telegram",
        /// Discord.
        Discord = "discord",
        /// The local console or a script transcript.
        Console = "console",
    }
}

text_enum! {
    /// A role beside "player" (see RULES.md's preamble).
    Role {
        /// Runs the bot installation; receives delivery alerts.
        Administrator = "administrator",
        /// An event's arbiter (R3.1.2).
        Arbiter = "arbiter",
        /// Member of the appeals committee (R2.1.6).
        AppealsCommittee = "appeals_committee",
        /// The office in charge of leave (R3.6.3).
        LeaveOffice = "leave_office",
        /// A team's captain (R3.1.3).
        Captain = "captain",
        /// Organizes events: for one event (its creator) or, granted by an
        /// administrator for every event, may create events.
        Organizer = "organizer",
    }
}

/// A person known to the bot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Player {
    /// Key.
    pub id: PlayerId,
    /// Name shown to others.
    pub display_name: String,
    /// Language of the messages ("uk", "en").
    pub language: String,
    /// Preferred move notation (R2.3.2).
    pub notation: String,
    /// Contact details (R2.1.2, R3.4.4), free text.
    pub contact: Option<String>,
    /// When the player was first seen.
    pub created_at: DateTime<Utc>,
}

/// What it takes to create a player.
#[derive(Clone, Debug)]
pub struct NewPlayer {
    /// Name shown to others.
    pub display_name: String,
    /// Language of the messages.
    pub language: String,
    /// Preferred move notation.
    pub notation: String,
    /// Now.
    pub at: DateTime<Utc>,
}

/// A platform account linked to a player; one player may have several.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Account {
    /// Key.
    pub id: AccountId,
    /// The owner.
    pub player_id: PlayerId,
    /// The platform.
    pub platform: Platform,
    /// The platform's user id, as text.
    pub platform_user_id: String,
    /// The platform's user name, if any.
    pub username: Option<String>,
    /// Where direct messages go (the private chat or DM channel), if known.
    pub dm_chat_id: Option<String>,
    /// When the account was linked.
    pub linked_at: DateTime<Utc>,
}

/// A role held by a player, for one event or everywhere.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoleGrant {
    /// The holder.
    pub player_id: PlayerId,
    /// The role.
    pub role: Role,
    /// The event, or `None` for every event.
    pub event_id: Option<EventId>,
}

pub(super) fn player_row(row: &dyn RowExt) -> StoreResult<Player> {
    let row = Record::new(row, "players")?;
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
    let row = Record::new(row, "accounts")?;
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
    let row = Record::new(row, "roles")?;
    Ok(RoleGrant {
        player_id: PlayerId(row.int("player_id")?),
        role: row.enumerated("role", Role::parse)?,
        event_id: row.opt_int("event_id")?.map(EventId),
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
        let id = self.insert_returning_id("account", sql, args).await?;
        let account = self.account(platform, platform_user_id).await?;
        account.ok_or(StoreError::Corrupt {
            table: "accounts",
            id: id.to_string(),
            reason: Corruption::Missing,
        })
    }

    /// Records `handle` as the user name of `account` (`None`: it has
    /// none now), taking it from any other account of the same platform
    /// that still had it: Telegram and Discord user names are unique on
    /// the platform at any moment but move between accounts, so `@name`
    /// must find only the account that holds it today. Their user names
    /// are ASCII, which SQL's `lower()` folds alike on both backends; the
    /// console's names are its user ids and never move.
    pub async fn set_handle(&mut self, account: &Account, handle: Option<&str>) -> StoreResult<()> {
        if let Some(handle) = handle.filter(|_| account.platform != Platform::Console) {
            let sql = "UPDATE accounts SET username = NULL \
                       WHERE platform = $1 AND id <> $2 AND lower(username) = lower($3)";
            let args = args![account.platform.as_str(), account.id, handle];
            self.execute(sql, args).await?;
        }
        let sql = "UPDATE accounts SET username = $1 WHERE id = $2";
        self.execute(sql, args![handle, account.id]).await?;
        Ok(())
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

    /// Every registered player (one with a linked account), by name.
    pub async fn registered_players(&mut self) -> StoreResult<Vec<PlayerId>> {
        let sql = "SELECT id FROM players WHERE EXISTS \
                   (SELECT 1 FROM accounts WHERE accounts.player_id = players.id) \
                   ORDER BY LOWER(display_name), id";
        self.fetch_all(sql, args![], |row| Ok(PlayerId(row.int("id")?)))
            .await
    }

    /// The roles a player holds.
    pub async fn roles_of(&mut self, player: PlayerId) -> StoreResult<Vec<RoleGrant>> {
        let sql =
            "SELECT id, player_id, role, event_id FROM roles WHERE player_id = $1 ORDER BY id";
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
}
