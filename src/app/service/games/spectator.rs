//! What a member who is not in a game sees of it in chat while its event's
//! public delay (`public-delay=N`) holds its last moves back: `/board`,
//! `/gif`, `/record` and `/pgn` show them what the public pages show.

use crate::app::actor::Actor;
use crate::app::authz::{self, Action, Relation};
use crate::app::i18n::{Args, Lang, tr};
use crate::app::view::game::colour_of;
use crate::app::view::public_delay::public_ply_count;
use crate::store::{GameRecord, Tx};

use crate::app::failure::Failure;

/// How many of `game`'s moves `actor` may see: `None` for all of them (its
/// players, the event's arbiters and organizers, administrators, and
/// anyone when nothing is held back), else the public's count.
pub(crate) async fn spectator_limit(
    tx: &mut Tx,
    actor: &Actor,
    game: &GameRecord,
) -> Result<Option<usize>, Failure> {
    let event = tx.event(game.event_id).await?;
    let shown = public_ply_count(tx, &event, game).await?;
    if shown >= usize::try_from(game.ply).unwrap_or(0) {
        return Ok(None);
    }
    let mut relations = crate::app::service::events::relations(tx, actor, Some(event.id)).await?;
    if colour_of(game, actor.player.id).is_some() {
        relations.push(Relation::PlayerOfGame);
    }
    Ok((!authz::allows(Action::SeeHeldMoves, &relations)).then_some(shown))
}

/// The line saying how many of `game`'s moves are held back from a
/// spectator who sees `shown` of them.
pub(crate) fn held_line(lang: Lang, game: &GameRecord, shown: usize) -> String {
    let held = usize::try_from(game.ply).unwrap_or(0).saturating_sub(shown);
    tr(lang, "reply-moves-held", &Args::new().with("moves", held))
}
