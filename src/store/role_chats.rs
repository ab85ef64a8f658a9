//! Who holds which roles, by private chat on a platform: what a platform's
//! per-chat command menu (Telegram's `BotCommandScopeChat`) follows.

use super::players::{Platform, Role};
use super::sql::{Record, args};
use super::{StoreResult, Tx};

impl Tx {
    /// Every private chat on `platform` whose player holds a role (for any
    /// event, or everywhere), with the roles held, by chat id: the stored
    /// DM chat, else the user id (a Telegram private chat's id).
    pub async fn role_holder_chats(
        &mut self,
        platform: Platform,
    ) -> StoreResult<Vec<(String, Vec<Role>)>> {
        let sql = "SELECT r.id, COALESCE(a.dm_chat_id, a.platform_user_id) AS chat, r.role \
                   FROM roles r JOIN accounts a ON a.player_id = r.player_id \
                   WHERE a.platform = $1 ORDER BY chat, r.id";
        let rows = self
            .fetch_all(sql, args![platform], |row| {
                let record = Record::new(row, "roles")?;
                Ok((
                    record.text("chat")?,
                    record.enumerated("role", Role::parse)?,
                ))
            })
            .await?;
        let mut chats: Vec<(String, Vec<Role>)> = Vec::new();
        for (chat, role) in rows {
            match chats.last_mut() {
                Some((last, roles)) if *last == chat => {
                    if !roles.contains(&role) {
                        roles.push(role);
                    }
                }
                _ => chats.push((chat, vec![role])),
            }
        }
        Ok(chats)
    }

    /// A value that changes whenever a role is granted or revoked (the
    /// number of grants and the newest grant's id).
    pub async fn roles_fingerprint(&mut self) -> StoreResult<(i64, i64)> {
        let sql = "SELECT COUNT(*) AS grants, COALESCE(MAX(id), 0) AS newest FROM roles";
        let rows = self
            .fetch_all(sql, args![], |row| {
                Ok((row.int("grants")?, row.int("newest")?))
            })
            .await?;
        Ok(rows.first().copied().unwrap_or_default())
    }
}
