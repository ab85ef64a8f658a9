//! Installation-wide roles mirrored from a platform's own roles: the
//! configuration maps, say, Discord role ids to organizer, arbiter, appeals
//! committee or captain, and before each command the adapter tells the app
//! which of those the member holds. Grants made this way carry the platform
//! as their source, so losing the platform role revokes them; a role the
//! app granted itself (`/organizer add`, `/event create … arbiter=@x`) is
//! never revoked by the mirroring. Administration is never mirrored.

use std::collections::BTreeSet;

use crate::app::actor::Inbound;
use crate::store::{PlayerId, Role, Tx};

use crate::app::service::App;

/// What the mirroring has to change for one player.
#[derive(Debug, Default, PartialEq, Eq)]
struct Changes {
    grant: Vec<Role>,
    revoke: Vec<Role>,
}

impl Changes {
    fn is_empty(&self) -> bool {
        self.grant.is_empty() && self.revoke.is_empty()
    }
}

impl App {
    /// Mirrors the platform roles of the sender of `inbound` (registering a
    /// newcomer first): of the roles in `mapped` (everything the platform's
    /// mapping can give), those in `held` are granted everywhere and the
    /// others revoked where the platform had granted them. Changes nothing
    /// (and writes nothing) when the grants already match.
    pub async fn sync_platform_roles(
        &self,
        inbound: &Inbound,
        held: &[Role],
        mapped: &[Role],
    ) -> anyhow::Result<()> {
        let mut tx = self.db.read().await?;
        let account = tx.account(inbound.platform, &inbound.user_id).await?;
        let needed = match &account {
            Some(account) => !changes_for(&mut tx, account.player_id, inbound, held, mapped)
                .await?
                .is_empty(),
            // A newcomer without mapped roles is registered by the command.
            None => held.iter().any(|role| mapped.contains(role)),
        };
        tx.commit().await?;
        if !needed {
            return Ok(());
        }
        let now = self.clock.now();
        let mut tx = self.db.begin().await?;
        // A newcomer registered here is not told about a placeholder name:
        // the note goes with a command's replies only.
        let (actor, _) = self.resolve_actor(&mut tx, inbound, now).await?;
        let player = actor.player.id;
        let changes = changes_for(&mut tx, player, inbound, held, mapped).await?;
        for role in changes.grant {
            tx.grant_platform_role(player, role, inbound.platform, now)
                .await?;
        }
        for role in changes.revoke {
            tx.revoke_platform_role(player, role, inbound.platform)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }
}

/// The grants and revocations that make `player`'s installation-wide roles
/// match `held` (within `mapped`; never administration).
async fn changes_for(
    tx: &mut Tx,
    player: PlayerId,
    inbound: &Inbound,
    held: &[Role],
    mapped: &[Role],
) -> anyhow::Result<Changes> {
    let mirrorable = |role: &&Role| **role != Role::Administrator;
    let everywhere: BTreeSet<&str> = tx
        .roles_of(player)
        .await?
        .iter()
        .filter(|grant| grant.event_id.is_none())
        .map(|grant| grant.role.as_str())
        .collect();
    let mirrored = tx.platform_roles(player, inbound.platform).await?;
    let mut changes = Changes::default();
    for role in mapped.iter().filter(mirrorable) {
        let holds = held.contains(role);
        if holds && !everywhere.contains(role.as_str()) && !changes.grant.contains(role) {
            changes.grant.push(*role);
        }
        if !holds && mirrored.contains(role) && !changes.revoke.contains(role) {
            changes.revoke.push(*role);
        }
    }
    Ok(changes)
}
