//! `/standings` of a team event: match points (2 for a match won, 1 drawn,
//! 0 lost unless the event's `match-points=` says otherwise, e.g. 3/1/0;
//! once every board has finished), board points (as each game
//! finishes), then the tie-break of `core::team::standings`: the match
//! points scored in the matches among the teams still tied; teams still
//! equal share the place.

use crate::app::actor::Actor;
use crate::app::outgoing::{ImageRef, Outgoing};
use crate::store::{Event, Tx};

use crate::app::failure::Outcome;
use crate::app::view::team_standings::team_table_of;

/// The standings of a started team event: the text, and the table as an
/// image in the reader's theme.
pub(crate) async fn show(tx: &mut Tx, actor: &Actor, event: Event) -> Outcome {
    let lang = actor.lang();
    let table = team_table_of(tx, &event).await?;
    let image = ImageRef::Crosstable {
        event: event.id,
        viewer: Some(actor.player.id),
        lang,
    };
    Ok(vec![Outgoing::text(table.text(lang)).with_image(image)])
}
