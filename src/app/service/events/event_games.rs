//! `/event games [N]`: an event's games at a glance, for anyone: the
//! players, then the result, or whose move it is and for how many days.

use chrono::{DateTime, Utc};

use crate::app::actor::Actor;
use crate::app::i18n::{Args, Lang, days_text, tr};
use crate::app::outgoing::Outgoing;
use crate::store::EventId;
use crate::store::{GameRecord, GameStatus, Tx};

use crate::app::failure::{Failure, Outcome};
use crate::app::service::events::standings::named_or_only_event;
use crate::app::view::game::{player_of, side_to_move};

/// `/event games [N]`: the given event, or the one the actor plays in or
/// runs.
pub(super) async fn games(
    tx: &mut Tx,
    actor: &Actor,
    number: Option<EventId>,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let event = named_or_only_event(tx, actor, number).await?;
    let games = tx.games_of_event(event.id).await?;
    let finished = games
        .iter()
        .filter(|g| g.status == GameStatus::Finished)
        .count();
    let args = Args::new()
        .with("event", event.id)
        .with("name", event.name.clone())
        .with("finished", finished)
        .with("games", games.len());
    let mut lines = vec![tr(lang, "reply-event-games-header", &args)];
    for game in &games {
        lines.push(game_line(tx, lang, game, now).await?);
    }
    if games.is_empty() {
        lines.push(tr(lang, "reply-event-games-none", &args));
    }
    Ok(vec![Outgoing::text(lines.join("\n"))])
}

/// One game: `#3 Anna – Borys: 1-0`, or whose move and since when.
async fn game_line(
    tx: &mut Tx,
    lang: Lang,
    game: &GameRecord,
    now: DateTime<Utc>,
) -> Result<String, Failure> {
    let white = tx.player(game.white).await?.display_name;
    let black = tx.player(game.black).await?.display_name;
    let args = Args::new()
        .with("game", game.id)
        .with("white", white)
        .with("black", black);
    if game.status == GameStatus::Finished {
        let result = game.result_text().unwrap_or("—");
        return Ok(tr(
            lang,
            "reply-event-games-finished",
            &args.with("result", result),
        ));
    }
    let mover = tx
        .player(player_of(game, side_to_move(game)))
        .await?
        .display_name;
    let days = game
        .turn_since
        .map_or(0, |since| (now - since).num_days().max(0));
    let args = args
        .with("mover", mover)
        .with("days", days_text(lang, days));
    Ok(tr(lang, "reply-event-games-line", &args))
}
