//! The delay against outside help (after ICCF's delayed public games): an
//! event's `public-delay=N` holds the last N moves of a game in play back
//! from everything the public sees (the public pages and their live
//! stream, the PGN downloads, the game threads, another member's `/pgn`),
//! until the game ends. The players and the arbiters still see every move
//! in chat.

use crate::core::regulation::public_plies;
use crate::store::{Event, GameRecord, GameStatus, Tx};

use crate::app::failure::Failure;

/// How many of the last moves of `event`'s games in play the public does
/// not see: its `public-delay=N`, else three for a rated event and none
/// for a friendly one.
pub(crate) async fn event_delay(tx: &mut Tx, event: &Event) -> Result<u32, Failure> {
    let rated = tx.event_rated(event.id).await?;
    Ok(event.regulation.public_delay(rated))
}

/// How many of `game`'s `plies` the public sees under `delay`.
pub(crate) fn shown_plies(game: &GameRecord, plies: usize, delay: u32) -> usize {
    public_plies(plies, delay, game.status != GameStatus::Finished)
}

/// How many of `game`'s moves the public sees now.
pub(crate) async fn public_ply_count(
    tx: &mut Tx,
    event: &Event,
    game: &GameRecord,
) -> Result<usize, Failure> {
    let plies = usize::try_from(game.ply).unwrap_or(0);
    let delay = event_delay(tx, event).await?;
    Ok(shown_plies(game, plies, delay))
}
