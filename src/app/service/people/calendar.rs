//! `/calendar`: a private, revocable link to the player's calendar feed of
//! deadlines (an ICS file a phone's calendar subscribes to, served by the
//! web site at `/calendar/TOKEN.ics`), so that the phone reminds them of
//! their moves (R3.5.7: the player stays responsible for the time). The
//! token is random (128 bits), stored as its SHA-256 only and bound to the
//! player; a new `/calendar` replaces it, `/calendar off` revokes it. The
//! answer is private (the command table's `Privacy::Private`).

use chrono::{DateTime, Utc};

use crate::app::actor::Actor;
use crate::app::failure::{Outcome, refuse};
use crate::app::i18n::{Args, tr, tr0};
use crate::app::outgoing::Outgoing;
use crate::app::service::events::invite::{new_token, token_hash};
use crate::store::Tx;

/// `/calendar [off]` with the site's address `base`, if it has one.
pub(crate) async fn calendar(
    tx: &mut Tx,
    actor: &Actor,
    (off, base): (bool, Option<&url::Url>),
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let me = actor.player.id;
    if off {
        let id = match tx.revoke_calendar_feed(me).await? {
            true => "reply-calendar-off",
            false => "reply-calendar-none",
        };
        return Ok(vec![Outgoing::text(tr0(lang, id))]);
    }
    let Some(base) = base else {
        return Err(refuse(lang, "error-calendar-no-site", &Args::new()));
    };
    let token = new_token()?;
    tx.set_calendar_feed(me, &token_hash(&token), now).await?;
    let url = crate::app::web_link::calendar_url(base, &token);
    let args = Args::new().with("url", url);
    Ok(vec![Outgoing::text(tr(lang, "reply-calendar", &args))])
}

/// The hash a feed's token is stored under (for the web site's lookup).
pub fn feed_hash(token: &str) -> String {
    token_hash(token)
}
