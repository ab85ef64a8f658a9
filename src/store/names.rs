//! Names that `@name` finds: account user names (handles) and display
//! names, matched case-insensitively with Unicode case rules (`@Olena`
//! finds `olena`, `@ОЛЕНА` finds `Олена`). The matching is done here, not
//! in SQL, because SQLite's `lower()` knows ASCII only.

use super::ids::PlayerId;
use super::sql::args;
use super::{StoreResult, Tx};

/// The form names are compared in: trimmed, lower case (Unicode).
pub fn name_key(name: &str) -> String {
    name.trim().to_lowercase()
}

/// One name of a player: a handle of one of its accounts, or its display name.
struct NameRow {
    player: PlayerId,
    name: String,
    handle: bool,
}

impl Tx {
    /// The players `@name` finds: those with an account whose user name is
    /// `name`; only when none has, those whose display name is `name`
    /// (user names win over display names). Case-insensitive.
    pub async fn players_named(&mut self, name: &str) -> StoreResult<Vec<PlayerId>> {
        let key = name_key(name);
        let rows = self.name_rows().await?;
        let matching = |handle: bool| {
            let mut found: Vec<PlayerId> = rows
                .iter()
                .filter(|row| row.handle == handle && name_key(&row.name) == key)
                .map(|row| row.player)
                .collect();
            found.sort_by_key(|player| player.0);
            found.dedup();
            found
        };
        let handles = matching(true);
        Ok(if handles.is_empty() {
            matching(false)
        } else {
            handles
        })
    }

    /// The players other than `except` with an account whose user name is
    /// `name` (case-insensitive).
    pub async fn handle_owners(
        &mut self,
        name: &str,
        except: Option<PlayerId>,
    ) -> StoreResult<Vec<PlayerId>> {
        let key = name_key(name);
        let rows = self.name_rows().await?;
        Ok(rows
            .into_iter()
            .filter(|row| row.handle && Some(row.player) != except)
            .filter(|row| name_key(&row.name) == key)
            .map(|row| row.player)
            .collect())
    }

    async fn name_rows(&mut self) -> StoreResult<Vec<NameRow>> {
        let sql = "SELECT player_id AS id, username AS name, CAST(1 AS BIGINT) AS handle FROM accounts \
                   WHERE username IS NOT NULL \
                   UNION ALL SELECT id, display_name AS name, CAST(0 AS BIGINT) AS handle FROM players";
        self.fetch_all(sql, args![], |row| {
            Ok(NameRow {
                player: PlayerId(row.int("id")?),
                name: row.text("name")?,
                handle: row.int("handle")? == 1,
            })
        })
        .await
    }
}
