//! Looking at games: `/board` (the image), `/gif` (the game animated),
//! `/record` (moves with both time
//! counts, R3.4.2) and `/pgn` (a game or a whole event as a PGN document).

use chrono::{DateTime, Utc};
use shakmaty::Color;

use crate::app::actor::Actor;
use crate::app::authz::{self, Action, Relation};
use crate::app::command::PgnTarget;
use crate::app::i18n::{Args, days_text, tr, tr0};
use crate::app::notice::clocks_text;
use crate::app::outgoing::{Document, ImageRef, Outgoing};
use crate::core::clock::server::ServerClock;
use crate::store::{GameId, GameRecord, GameStatus, StoreError, Tx};

use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::service::games::notes;
use crate::app::service::games::pick::{Pick, game_args, pick_game};
use crate::app::service::games::spectator::{held_line, spectator_limit};
use crate::app::view::game::{
    clocks_of, first_mover, plies_of, regulation_of, replay, side_to_move,
};
use crate::app::view::leave_time::game_leaves;
use crate::app::view::pgn::{game_pgn, ply_charges, public_game_pgn, written_moves};

/// The game a viewing command is about: any game by number (everyone may
/// look), or the actor's only game.
pub(crate) async fn viewable_game(
    tx: &mut Tx,
    actor: &Actor,
    number: Option<GameId>,
    command: &str,
) -> Result<GameRecord, Failure> {
    // A reply to a message about a game shows that game, whoever plays it.
    let number = number.or(actor.replied_game);
    let Some(number) = number else {
        return pick_game(tx, actor, None, Pick::any(command)).await;
    };
    match tx.game(number).await {
        Ok(game) if authz::allows(Action::ViewGame, &[Relation::Outsider]) => Ok(game),
        Ok(game) => Err(refuse(
            actor.lang(),
            "error-not-your-game",
            &game_args(game.id),
        )),
        Err(StoreError::NotFound { .. }) => Err(refuse(
            actor.lang(),
            "error-unknown-game",
            &game_args(number),
        )),
        Err(other) => Err(other.into()),
    }
}

/// `/board [#game]`: the position as an image, from the actor's side.
pub(crate) async fn board(tx: &mut Tx, actor: &Actor, number: Option<GameId>) -> Outcome {
    let lang = actor.lang();
    let game = viewable_game(tx, actor, number, "/board").await?;
    let white = tx.player(game.white).await?.display_name;
    let black = tx.player(game.black).await?.display_name;
    let turn = match (game.status, side_to_move(&game)) {
        (GameStatus::Finished, _) => tr0(lang, "board-finished"),
        (_, Color::White) => tr0(lang, "board-white-to-move"),
        (_, Color::Black) => tr0(lang, "board-black-to-move"),
    };
    let args = game_args(game.id)
        .with("white", white)
        .with("black", black)
        .with("turn", turn);
    let limit = spectator_limit(tx, actor, &game).await?;
    let image = ImageRef::Board {
        game: game.id,
        viewer: Some(actor.player.id),
        lang,
        ply: limit.map(|shown| i64::try_from(shown).unwrap_or(i64::MAX)),
    };
    let mut caption = tr(lang, "reply-board", &args);
    if let Some(line) = opening_line(tx, actor, &game).await? {
        caption = format!("{caption}\n{line}");
    }
    if let Some(shown) = limit {
        caption = format!("{caption}\n{}", held_line(lang, &game, shown));
    }
    Ok(vec![Outgoing::text(caption).with_image(image)])
}

/// How a thematic event's game began (its opening, in the actor's
/// notation), for `/board`'s caption and `/record`; `None` otherwise.
async fn opening_line(
    tx: &mut Tx,
    actor: &Actor,
    game: &crate::store::GameRecord,
) -> Result<Option<String>, Failure> {
    let regulation = regulation_of(&tx.event(game.event_id).await?);
    Ok(crate::app::service::events::opening::show_line(
        actor.lang(),
        actor.notation(),
        &regulation,
    ))
}

/// `/gif [#game]`: the game from its start (or thematic start) to now as an
/// animated GIF, from the actor's side, in the actor's theme.
pub(crate) async fn gif(tx: &mut Tx, actor: &Actor, number: Option<GameId>) -> Outcome {
    let lang = actor.lang();
    let game = viewable_game(tx, actor, number, "/gif").await?;
    let limit = spectator_limit(tx, actor, &game).await?;
    let plies = tx.moves(game.id).await?.len();
    let args = game_args(game.id)
        .with("white", tx.player(game.white).await?.display_name)
        .with("black", tx.player(game.black).await?.display_name)
        .with("plies", limit.unwrap_or(plies));
    let image = ImageRef::Gif {
        game: game.id,
        viewer: Some(actor.player.id),
        lang,
        plies: limit.map(|shown| i64::try_from(shown).unwrap_or(i64::MAX)),
    };
    let mut text = tr(lang, "reply-gif", &args);
    if let Some(shown) = limit {
        text = format!("{text}\n{}", held_line(lang, &game, shown));
    }
    Ok(vec![Outgoing::text(text).with_image(image)])
}

/// `/record [#game]`: every move with the days it took and its player's
/// total, then both clocks now (R3.4.2).
pub(crate) async fn record(
    tx: &mut Tx,
    actor: &Actor,
    number: Option<GameId>,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let game = viewable_game(tx, actor, number, "/record").await?;
    let regulation = regulation_of(&tx.event(game.event_id).await?);
    if regulation.rule_set.records_dates() {
        return crate::app::service::postal::record(tx, actor, &game, now).await;
    }
    let rows = tx.moves(game.id).await?;
    let played = replay(&game, &rows)?;
    let leaves = game_leaves(tx, &game).await?;
    let start = game.started_at.unwrap_or(now);
    let plies = plies_of(&rows);
    let first = first_mover(&game);
    let clock = ServerClock::new(&regulation);
    let charges = ply_charges(&clock, start, (&plies, first), &leaves);
    let mut moves = written_moves(&played, actor.notation());
    let limit = spectator_limit(tx, actor, &game).await?;
    if let Some(shown) = limit {
        moves.truncate(shown);
    }
    let moves_empty = moves.is_empty();
    let mut lines = vec![tr(lang, "reply-record-header", &game_args(game.id))];
    lines.extend(opening_line(tx, actor, &game).await?);
    let mut totals = [0, 0];
    for (index, (number, colour, text)) in moves.into_iter().enumerate() {
        let side = usize::from(colour == Color::Black);
        totals[side] += charges[index];
        let args = Args::new()
            .with("number", number)
            .with("dots", if colour == Color::White { "." } else { "..." })
            .with("move", text)
            .with("days", days_text(lang, charges[index]))
            .with("total", days_text(lang, totals[side]));
        lines.push(tr(lang, "reply-record-line", &args));
    }
    if moves_empty && limit.is_none() {
        lines.push(tr0(lang, "reply-record-empty"));
    }
    if let Some(shown) = limit {
        // The clocks and the deadline now would date the held moves.
        lines.push(held_line(lang, &game, shown));
        return Ok(vec![Outgoing::text(lines.join("\n")).about(game.id)]);
    }
    let at = game.finished_at.unwrap_or(now);
    lines.push(clocks_text(
        lang,
        &clocks_of(&regulation, start, &plies, first, at, &leaves),
    ));
    if let Some(line) =
        crate::app::service::games::play::deadline_line(tx, actor, &game, now).await?
    {
        lines.push(line);
    }
    Ok(vec![Outgoing::text(lines.join("\n")).about(game.id)])
}

/// `/pgn [#game]` or `/pgn event N`: PGN as a document.
pub(crate) async fn pgn(tx: &mut Tx, actor: &Actor, target: PgnTarget) -> Outcome {
    let lang = actor.lang();
    let (games, file_name, args) = match target {
        PgnTarget::Game(number) => {
            let game = viewable_game(tx, actor, number, "/pgn").await?;
            let name = format!("game-{}.pgn", game.id);
            (vec![game.clone()], name, game_args(game.id))
        }
        PgnTarget::Mine(number) => return notes::own_pgn(tx, actor, number).await,
        PgnTarget::Event(number) => {
            let event = match tx.event(number).await {
                Ok(event) => event,
                Err(StoreError::NotFound { .. }) => {
                    let args = Args::new().with("event", number);
                    return Err(refuse(lang, "error-unknown-event", &args));
                }
                Err(other) => return Err(other.into()),
            };
            let games = tx.games_of_event(event.id).await?;
            let args = Args::new().with("event", number).with("name", event.name);
            (games, format!("event-{number}.pgn"), args)
        }
    };
    if games.is_empty() {
        return Err(refuse(lang, "error-pgn-no-games", &args));
    }
    let mut parts = Vec::with_capacity(games.len());
    for game in &games {
        let pgn = match spectator_limit(tx, actor, game).await? {
            Some(_) => public_game_pgn(tx, game).await?,
            None => game_pgn(tx, game).await?,
        };
        parts.push(pgn);
    }
    let document = Document {
        file_name,
        content: parts.join("\n"),
    };
    let mut reply = Outgoing::text(tr(lang, "reply-pgn", &args.with("games", games.len())));
    reply.document = Some(document);
    Ok(vec![reply])
}
