//! Telegram's command menus, scoped (`setMyCommands` with a
//! `BotCommandScope`): the default scope lists the players' commands; the
//! private chat of an arbiter, organizer, captain or administrator
//! (`BotCommandScopeChat`) lists also the groups of `/help` their roles
//! see. Each list comes in Ukrainian (`language_code` `uk`) and, for every
//! other client language, in English (no `language_code`).
//!
//! Role changes reach the menus through a post-commit hook: after each
//! update the Telegram handler has answered (its transaction committed),
//! [`RoleMenus::sync`] compares the roles' fingerprint with the one it last
//! saw and, if it changed, sets the menu of every private chat whose roles
//! changed. At start-up the same call sets the menus of every known role
//! holder, and the adapter repeats it every `menu_refresh` (a minute by
//! default), so a role changed on another platform or by another process
//! shows in the Telegram menus within that time without a Telegram update.

use std::collections::HashMap;
use std::sync::Arc;

use tokio::sync::Mutex;

use crate::app::command::CommandWord;
use crate::app::i18n::{Lang, message_ids, tr0};
use crate::app::service::{HelpGroup, group_seen_with};
use crate::store::{Db, Platform, Role};

use super::{CommandList, TelegramSender};

/// The languages of every menu: Ukrainian for `uk` clients, English for
/// all others (the default list).
const MENU_LANGUAGES: [(Lang, Option<&str>); 2] = [(Lang::Uk, Some("uk")), (Lang::En, None)];

/// The default scope's menus: the commands every player may use.
pub fn command_menus() -> Vec<CommandList> {
    menus(None, &[])
}

/// The menus of private chat `chat_id` of a holder of `roles` (no roles:
/// the players' commands, which undoes an earlier staff menu).
pub fn chat_menus(chat_id: i64, roles: &[Role]) -> Vec<CommandList> {
    menus(Some(chat_id), roles)
}

fn menus(chat: Option<i64>, roles: &[Role]) -> Vec<CommandList> {
    MENU_LANGUAGES
        .iter()
        .map(|(lang, code)| CommandList {
            language_code: code.map(str::to_owned),
            chat,
            commands: menu_entries(*lang, roles),
        })
        .collect()
}

/// `(command, description)` for each command a holder of `roles` sees in
/// `/help`, from the catalog's `help-*` lines (`/move [#game] MOVE — make
/// a move` gives `move` and `make a move`).
pub fn menu_entries(lang: Lang, roles: &[Role]) -> Vec<(String, String)> {
    message_ids(lang)
        .iter()
        .filter_map(|id| {
            let command = id.strip_prefix("help-")?;
            let valid = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_';
            if !command.chars().all(valid) {
                return None;
            }
            let word = CommandWord::from_word(command)?;
            if !group_seen_with(roles, HelpGroup::of(word)) {
                return None;
            }
            let line = tr0(lang, id);
            let (usage, description) = line.split_once(" — ")?;
            usage
                .starts_with(&format!("/{command}"))
                .then(|| (command.to_owned(), description.trim().to_owned()))
        })
        .collect()
}

/// What the menus were last set from.
#[derive(Default)]
struct Seen {
    fingerprint: Option<(i64, i64)>,
    /// Roles by private chat, as last set.
    chats: HashMap<String, Vec<Role>>,
}

/// Keeps the role holders' chat menus in step with their roles.
pub struct RoleMenus {
    sender: Arc<TelegramSender>,
    seen: Mutex<Seen>,
}

impl RoleMenus {
    /// Menus set through `sender`.
    pub fn new(sender: Arc<TelegramSender>) -> Self {
        Self {
            sender,
            seen: Mutex::new(Seen::default()),
        }
    }

    /// Sets the menu of every private chat whose roles changed since the
    /// last call (every role holder's on the first). A failure is logged
    /// and tried again at the next call.
    pub async fn sync(&self, db: &Db) {
        if let Err(error) = self.try_sync(db).await {
            tracing::warn!(error = %format_args!("{error:#}"), "telegram: menus not updated");
        }
    }

    async fn try_sync(&self, db: &Db) -> anyhow::Result<()> {
        let mut seen = self.seen.lock().await;
        let mut tx = db.read().await?;
        let fingerprint = tx.roles_fingerprint().await?;
        if seen.fingerprint == Some(fingerprint) {
            tx.commit().await?;
            return Ok(());
        }
        let holders: HashMap<String, Vec<Role>> = tx
            .role_holder_chats(Platform::Telegram)
            .await?
            .into_iter()
            .collect();
        tx.commit().await?;
        let dropped: Vec<String> = seen
            .chats
            .keys()
            .filter(|chat| !holders.contains_key(*chat))
            .cloned()
            .collect();
        for chat in dropped {
            self.set(&chat, &[]).await?;
            seen.chats.remove(&chat);
        }
        for (chat, roles) in holders {
            if seen.chats.get(&chat) != Some(&roles) {
                self.set(&chat, &roles).await?;
                seen.chats.insert(chat, roles);
            }
        }
        seen.fingerprint = Some(fingerprint);
        Ok(())
    }

    async fn set(&self, chat: &str, roles: &[Role]) -> anyhow::Result<()> {
        let Ok(chat_id) = chat.parse::<i64>() else {
            return Ok(());
        };
        self.sender
            .set_commands(&chat_menus(chat_id, roles))
            .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(menu: &CommandList) -> Vec<&str> {
        menu.commands
            .iter()
            .map(|(name, _)| name.as_str())
            .collect()
    }

    #[test]
    fn players_see_their_commands_and_staff_theirs_in_both_languages() {
        let players = command_menus();
        assert_eq!(players.len(), 2);
        assert_eq!(players[0].language_code.as_deref(), Some("uk"));
        assert_eq!(players[1].language_code, None);
        assert!(players.iter().all(|menu| menu.chat.is_none()));
        for menu in &players {
            assert!(names(menu).contains(&"move") && names(menu).contains(&"help"));
            assert!(!names(menu).contains(&"rule") && !names(menu).contains(&"organizer"));
        }
        assert_eq!(
            menu_entries(Lang::En, &[])
                .iter()
                .find(|(name, _)| name == "games")
                .map(|(_, text)| text.as_str()),
            Some("your games, those to move first")
        );
        let arbiter = chat_menus(77, &[Role::Arbiter]);
        assert!(arbiter.iter().all(|menu| menu.chat == Some(77)));
        assert!(names(&arbiter[0]).contains(&"rule"));
        assert!(!names(&arbiter[0]).contains(&"organizer"));
        let admin = chat_menus(78, &[Role::Administrator]);
        assert_eq!(admin[1].commands.len(), CommandWord::ALL.len());
    }
}
