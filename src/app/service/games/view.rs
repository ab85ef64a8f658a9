//! Looking at games: `/board` (the image), `/gif` (the game animated),
//! `/record` (moves with both time
//! counts, R3.4.2) and `/pgn` (a game or a whole event as a PGN document).

use chrono::{DateTime, Utc};
use shakmaty::{Chess, Color, Position};

use crate::app::actor::Actor;
use crate::app::authz::{self, Action, Relation};
use crate::app::command::{Number, PgnTarget};
use crate::app::i18n::{Args, days_text, tr, tr0};
use crate::app::notice::clocks_text;
use crate::app::outgoing::{Document, ImageRef, Outgoing};
use crate::core::clock::server::{ServerClock, player_record_from};
use crate::core::game::{ArbiterReason, Game, Score};
use crate::core::notation::{self, Notation};
use crate::core::pgn::{self, PgnHeaders};
use crate::store::{Event, EventId, GameId, GameRecord, GameStatus, StoreError, Tx};

use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::service::games::pick::{Pick, game_args, pick_game};
use crate::app::service::games::state::{
    arbiter_reason_of, clocks_of, first_mover, plies_of, regulation_of, replay, side_to_move,
};
use crate::app::service::leave::time::{GameLeaves, game_leaves};

/// The game a viewing command is about: any game by number (everyone may
/// look), or the actor's only game.
pub(crate) async fn viewable_game(
    tx: &mut Tx,
    actor: &Actor,
    number: Option<Number>,
    command: &str,
) -> Result<GameRecord, Failure> {
    // A reply to a message about a game shows that game, whoever plays it.
    let number = number.or(actor.replied_game.map(|game| game.0));
    let Some(number) = number else {
        return pick_game(tx, actor, None, Pick::any(command)).await;
    };
    match tx.game(GameId(number)).await {
        Ok(game) if authz::allows(Action::ViewGame, &[Relation::Outsider]) => Ok(game),
        Ok(game) => Err(refuse(
            actor.lang(),
            "error-not-your-game",
            &game_args(game.id),
        )),
        Err(StoreError::NotFound { .. }) => Err(refuse(
            actor.lang(),
            "error-unknown-game",
            &game_args(GameId(number)),
        )),
        Err(other) => Err(other.into()),
    }
}

/// `/board [#game]`: the position as an image, from the actor's side.
pub(crate) async fn board(tx: &mut Tx, actor: &Actor, number: Option<Number>) -> Outcome {
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
    let image = ImageRef::Board {
        game: game.id.0,
        viewer: Some(actor.player.id.0),
        lang,
    };
    Ok(vec![
        Outgoing::text(tr(lang, "reply-board", &args)).with_image(image),
    ])
}

/// `/gif [#game]`: the game from its start (or thematic start) to now as an
/// animated GIF, from the actor's side, in the actor's theme.
pub(crate) async fn gif(tx: &mut Tx, actor: &Actor, number: Option<Number>) -> Outcome {
    let lang = actor.lang();
    let game = viewable_game(tx, actor, number, "/gif").await?;
    let plies = tx.moves(game.id).await?.len();
    let args = game_args(game.id)
        .with("white", tx.player(game.white).await?.display_name)
        .with("black", tx.player(game.black).await?.display_name)
        .with("plies", plies);
    let image = ImageRef::Gif {
        game: game.id.0,
        viewer: Some(actor.player.id.0),
        lang,
    };
    Ok(vec![
        Outgoing::text(tr(lang, "reply-gif", &args)).with_image(image),
    ])
}

/// `/record [#game]`: every move with the days it took and its player's
/// total, then both clocks now (R3.4.2).
pub(crate) async fn record(
    tx: &mut Tx,
    actor: &Actor,
    number: Option<Number>,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let game = viewable_game(tx, actor, number, "/record").await?;
    let regulation = regulation_of(&tx.event(game.event_id).await?);
    if crate::app::service::postal::is_postal(&regulation) {
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
    let moves = written_moves(&played, actor.notation());
    let mut lines = vec![tr(lang, "reply-record-header", &game_args(game.id))];
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
    if lines.len() == 1 {
        lines.push(tr0(lang, "reply-record-empty"));
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
    Ok(vec![Outgoing::text(lines.join("\n")).about(game.id.0)])
}

/// The days charged for each ply, its player's leave left out (R3.5.2–R3.5.5).
pub(crate) fn ply_charges(
    clock: &ServerClock,
    start: DateTime<Utc>,
    (plies, first): (&[DateTime<Utc>], Color),
    leaves: &GameLeaves,
) -> Vec<i64> {
    let mut charges = vec![0; plies.len()];
    for colour in [Color::White, Color::Black] {
        let spans = player_record_from(start, plies, colour, first).moves;
        let offset = usize::from(colour != first);
        for (n, span) in spans.iter().enumerate() {
            charges[offset + 2 * n] =
                clock.move_charge(span.received, span.sent, leaves.of(colour));
        }
    }
    charges
}

/// Each move as (move number, side, text in `notation`).
pub(crate) fn written_moves(played: &Game, notation: Notation) -> Vec<(u32, Color, String)> {
    let mut position: Chess = played.start_position().clone();
    let mut out = Vec::with_capacity(played.moves().len());
    for mv in played.moves() {
        let text = notation::write(&position, mv, notation);
        out.push((position.fullmoves().get(), position.turn(), text));
        position.play_unchecked(*mv);
    }
    out
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
        PgnTarget::Event(number) => {
            let event = match tx.event(EventId(number)).await {
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
        parts.push(game_pgn(tx, game).await?);
    }
    let document = Document {
        file_name,
        content: parts.join("\n"),
    };
    let mut reply = Outgoing::text(tr(lang, "reply-pgn", &args.with("games", games.len())));
    reply.document = Some(document);
    Ok(vec![reply])
}

/// One game's PGN with its stored result.
pub(crate) async fn game_pgn(tx: &mut Tx, game: &GameRecord) -> Result<String, Failure> {
    let event: Event = tx.event(game.event_id).await?;
    let regulation = regulation_of(&event);
    let rows = tx.moves(game.id).await?;
    let mut played = replay(game, &rows)?;
    apply_stored_result(&mut played, game);
    let (white_elo, black_elo) = tx.game_ratings(game).await?;
    let headers = PgnHeaders {
        event: event.name.clone(),
        site: "corrbot".to_owned(),
        date: game.started_at.map(|at| at.date_naive()),
        round: game.round.to_string(),
        white: tx.player(game.white).await?.display_name,
        black: tx.player(game.black).await?.display_name,
        correspondence_control: Some(format!(
            "{}/{}d",
            regulation.control.moves, regulation.control.days
        )),
        white_elo: white_elo.and_then(|r| u32::try_from(r.points()).ok()),
        black_elo: black_elo.and_then(|r| u32::try_from(r.points()).ok()),
        ..PgnHeaders::default()
    };
    Ok(pgn::export(&played, &headers))
}

/// Gives the replayed game the result stored for it when the moves alone do
/// not end it (resignation, agreement, claims, time, the arbiter).
fn apply_stored_result(played: &mut Game, game: &GameRecord) {
    if played.is_over() || game.status != GameStatus::Finished {
        return;
    }
    let reason = game.result_reason.as_deref().unwrap_or_default();
    if let Some(arbiter) = arbiter_reason_of(reason) {
        let score = game.result.unwrap_or(Score::Annulled);
        let _ = played.arbiter_decision(score, arbiter);
        return;
    }
    let _ = match game.result {
        Some(Score::Win(winner)) => {
            let loser = winner.other();
            if reason == "result-time-forfeit" {
                played.lose_on_time(loser)
            } else {
                played.resign(loser)
            }
        }
        Some(Score::Draw) => played.agree_draw(),
        Some(Score::DoubleLoss) => {
            played.arbiter_decision(Score::DoubleLoss, ArbiterReason::Default)
        }
        _ => return,
    };
}
