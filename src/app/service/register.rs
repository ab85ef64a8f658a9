//! Registration: a newcomer becomes a player on first contact, named by
//! their platform name when it can be taken, else by a placeholder
//! ([`names::placeholder`]), and told so.

use chrono::{DateTime, Utc};

use crate::app::actor::Inbound;
use crate::app::failure::Failure;
use crate::app::i18n::Lang;
use crate::app::outgoing::Outgoing;
use crate::store::{Account, NewPlayer, Player, Role, Tx};

use super::App;
use super::people::names::{self, NewcomerName};

impl App {
    /// The player of a known account, whose user name is brought up to
    /// date when the platform's has changed.
    async fn known(
        &self,
        tx: &mut Tx,
        account: &Account,
        inbound: &Inbound,
    ) -> anyhow::Result<Player> {
        if account.username != inbound.handle {
            tx.set_handle(account, inbound.handle.as_deref()).await?;
        }
        Ok(tx.player(account.player_id).await?)
    }

    /// Registers a newcomer; newcomers register one at a time, so when two
    /// processes see the same newcomer at once, the second finds the
    /// account the first made instead of failing on it. With a newcomer's
    /// player comes the note on their name, when it is not their
    /// platform's ([`names::name_note`]).
    pub(super) async fn register_or_find(
        &self,
        tx: &mut Tx,
        inbound: &Inbound,
        now: DateTime<Utc>,
    ) -> anyhow::Result<(Player, Option<Outgoing>)> {
        tx.lock_registration().await?;
        match tx.account(inbound.platform, &inbound.user_id).await? {
            Some(account) => Ok((self.known(tx, &account, inbound).await?, None)),
            None => self.register(tx, inbound, now).await,
        }
    }

    async fn register(
        &self,
        tx: &mut Tx,
        inbound: &Inbound,
        now: DateTime<Utc>,
    ) -> anyhow::Result<(Player, Option<Outgoing>)> {
        let name = match names::registered_name(tx, inbound).await {
            Ok(name) => name,
            Err(Failure::Internal(error)) => return Err(error),
            Err(_) => NewcomerName::Placeholder,
        };
        // A new player's language and notation follow their client until
        // they choose (`/lang`, `/notation`).
        let lang = inbound.client_lang.unwrap_or(Lang::Uk);
        let new = NewPlayer {
            display_name: match &name {
                NewcomerName::Platform(name) | NewcomerName::Cleaned(name) => name.clone(),
                NewcomerName::Placeholder => String::new(),
            },
            language: lang.code().to_owned(),
            notation: lang.default_notation().to_owned(),
            at: now,
        };
        let mut player = tx.create_player(&new).await?;
        if name == NewcomerName::Placeholder {
            player.display_name = names::placeholder(lang, player.id);
            tx.update_player(&player).await?;
        }
        self.link_newcomer(tx, &player, inbound, now).await?;
        let note = name
            .differs()
            .then(|| names::name_note(lang, &player.display_name));
        Ok((player, note))
    }

    /// Links the newcomer's account, making the configured or, when none is
    /// configured, the first user administrator.
    async fn link_newcomer(
        &self,
        tx: &mut Tx,
        player: &Player,
        inbound: &Inbound,
        now: DateTime<Utc>,
    ) -> anyhow::Result<()> {
        let user = inbound.user_id.as_str();
        let account = tx
            .link_account(player.id, inbound.platform, user, None, None, now)
            .await?;
        tx.set_handle(&account, inbound.handle.as_deref()).await?;
        let key = format!("{}:{user}", inbound.platform.as_str());
        // Registration is locked (above), so of two first users at once
        // only one becomes the administrator.
        let first = tx.holders_of(Role::Administrator, None).await?.is_empty();
        if self.config.admins.contains(&key) || (self.config.admins.is_empty() && first) {
            tx.grant_role(player.id, Role::Administrator, None, now)
                .await?;
        }
        Ok(())
    }
}
