//! `/organizer [remove] @name`: administrators grant or take away the
//! installation-wide organizer role, which allows creating events.

use chrono::{DateTime, Utc};

use crate::app::actor::Actor;
use crate::app::authz::{self, Action, Relation};
use crate::app::i18n::{Args, tr};
use crate::app::outgoing::Outgoing;
use crate::store::{Role, Tx};

use super::super::people::names::player_named;
use super::super::{Outcome, refuse};

/// Grants (`grant`) or revokes the organizer role of the player `name`.
pub(crate) async fn set_organizer(
    tx: &mut Tx,
    actor: &Actor,
    name: &str,
    grant: bool,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let relation = if actor.is_admin {
        Relation::Administrator
    } else {
        Relation::Outsider
    };
    if !authz::allows(Action::GrantOrganizer, &[relation]) {
        return Err(refuse(lang, "error-not-allowed", &Args::new()));
    }
    let player = player_named(tx, lang, name).await?;
    let display = tx.player(player).await?.display_name;
    let args = Args::new().with("name", display);
    if grant {
        tx.grant_role(player, Role::Organizer, None, now).await?;
        Ok(vec![Outgoing::text(tr(
            lang,
            "reply-organizer-granted",
            &args,
        ))])
    } else if tx.revoke_role(player, Role::Organizer, None).await? {
        Ok(vec![Outgoing::text(tr(
            lang,
            "reply-organizer-revoked",
            &args,
        ))])
    } else {
        Err(refuse(lang, "error-not-organizer", &args))
    }
}
