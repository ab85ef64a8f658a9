//! `/organizer [remove] @name`: administrators grant or take away the
//! installation-wide organizer role, which allows creating events.

use chrono::{DateTime, Utc};

use crate::app::actor::Actor;
use crate::app::authz::{self, Action, Relation};
use crate::app::i18n::{Args, Lang, tr};
use crate::app::outgoing::Outgoing;
use crate::store::{PlayerId, Role, Tx};

use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::service::people::names::player_named;

/// The player `name` to be given a role (`/organizer`, `arbiter=`,
/// `committee=`); someone not yet registered is refused with the way to
/// register them (`/start`, or an event's invitation), not with an example
/// built from the name.
pub(super) async fn staff_named(tx: &mut Tx, lang: Lang, name: &str) -> Result<PlayerId, Failure> {
    let bare = name.trim().trim_start_matches('@');
    if tx.players_named(bare).await?.is_empty() {
        let args = Args::new().with("name", bare.to_owned());
        return Err(refuse(lang, "error-staff-unregistered", &args));
    }
    player_named(tx, lang, name).await
}

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
    let player = staff_named(tx, lang, name).await?;
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
