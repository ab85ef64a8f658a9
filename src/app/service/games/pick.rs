//! Which game a command means: the given number, or the actor's only
//! candidate game; with several, a question (with buttons for a move).
//! Also the checks that a move may be made now (turn, leave).

use chrono::{DateTime, Utc};
use shakmaty::Color;

use crate::app::actor::Actor;
use crate::app::authz::{self, Action, Relation};
use crate::app::command::Number;
use crate::app::i18n::{Args, tr};
use crate::app::outgoing::{Button, Outgoing};
use crate::app::user_error::Refusal;
use crate::core::leave::LeaveTimeline;
use crate::store::{GameId, GameRecord, GameStatus, StoreError, Tx};

use super::super::{Failure, refuse};
use super::state::{colour_of, side_to_move};

pub(crate) fn game_args<'a>(game: GameId) -> Args<'a> {
    Args::new().with("game", game.0)
}

/// The game `number`, which the actor must play (R3.2.1: only the players move).
pub(super) async fn own_game(
    tx: &mut Tx,
    actor: &Actor,
    number: Number,
) -> Result<GameRecord, Failure> {
    let lang = actor.lang();
    let game = match tx.game(GameId(number)).await {
        Ok(game) => game,
        Err(StoreError::NotFound { .. }) => {
            return Err(refuse(
                lang,
                "error-unknown-game",
                &game_args(GameId(number)),
            ));
        }
        Err(other) => return Err(other.into()),
    };
    let mut relations = vec![Relation::Outsider];
    if colour_of(&game, actor.player.id).is_some() {
        relations.push(Relation::PlayerOfGame);
    }
    if !authz::allows(Action::PlayGame, &relations) {
        return Err(refuse(lang, "error-not-your-game", &game_args(game.id)));
    }
    Ok(game)
}

/// The game a command is about: the given one, or the actor's only game
/// (for a move: the only game where it is the actor's turn); with several,
/// the bot asks which.
pub(crate) async fn pick_game(
    tx: &mut Tx,
    actor: &Actor,
    number: Option<Number>,
    to_move: bool,
) -> Result<GameRecord, Failure> {
    pick_game_or_ask(tx, actor, number, to_move, None).await
}

/// Like [`pick_game`], but when several games are candidates the question
/// carries one button per game that sends `/move #N MOVE` with `move_text`.
pub(super) async fn pick_game_or_ask(
    tx: &mut Tx,
    actor: &Actor,
    number: Option<Number>,
    to_move: bool,
    move_text: Option<&str>,
) -> Result<GameRecord, Failure> {
    if let Some(number) = number {
        return own_game(tx, actor, number).await;
    }
    let lang = actor.lang();
    let games = candidate_games(tx, actor, to_move).await?;
    match games.as_slice() {
        [] if to_move => {
            let refusal = Refusal::new(lang, "error-no-game-to-move", &Args::new());
            Err(refusal.generic().into())
        }
        [] => Err(refuse(lang, "error-no-games", &Args::new())),
        [game] => Ok(game.clone()),
        several => {
            let list: Vec<String> = several.iter().map(|g| format!("#{}", g.id)).collect();
            let args = Args::new().with("games", list.join(", "));
            let Some(text) = move_text else {
                return Err(refuse(lang, "reply-which-game", &args));
            };
            let buttons = several
                .iter()
                .map(|g| {
                    let label = tr(lang, "button-move-in-game", &game_args(g.id));
                    Button::new(label, format!("/move #{} {text}", g.id))
                })
                .collect();
            let question =
                Outgoing::text(tr(lang, "reply-which-game", &args)).with_buttons(buttons);
            Err(Failure::Ask(Box::new(question)))
        }
    }
}

/// The actor's running games a command could mean (for a move: those where
/// it is the actor's turn, or the only running game).
async fn candidate_games(
    tx: &mut Tx,
    actor: &Actor,
    to_move: bool,
) -> Result<Vec<GameRecord>, Failure> {
    let me = actor.player.id;
    let running: Vec<GameRecord> = tx
        .active_games_of(me)
        .await?
        .into_iter()
        .filter(|g| g.status == GameStatus::Running)
        .collect();
    let games: Vec<GameRecord> = running
        .iter()
        .filter(|g| !to_move || colour_of(g, me) == Some(side_to_move(g)))
        .cloned()
        .collect();
    if games.is_empty() && running.len() == 1 {
        return Ok(running); // its only game: the caller says whose turn it is
    }
    Ok(games)
}

/// Refuses unless the game is running and it is `actor`'s turn.
pub(super) fn ensure_turn(game: &GameRecord, actor: &Actor) -> Result<Color, Failure> {
    let lang = actor.lang();
    if game.status != GameStatus::Running {
        return Err(refuse(lang, "error-game-over", &game_args(game.id)));
    }
    let colour = colour_of(game, actor.player.id).unwrap_or(Color::White);
    if side_to_move(game) != colour {
        return Err(refuse(lang, "error-not-your-turn", &game_args(game.id)));
    }
    Ok(colour)
}

/// Refuses a move by a disqualified player (R2.1.5), whatever the path.
pub(super) async fn ensure_not_disqualified(tx: &mut Tx, actor: &Actor) -> Result<(), Failure> {
    let disqualified = crate::store::SanctionKind::Disqualification;
    if tx.has_sanction(actor.player.id, disqualified).await? {
        return Err(refuse(
            actor.lang(),
            "error-disqualified-play",
            &Args::new(),
        ));
    }
    Ok(())
}

/// Refuses a move during the mover's leave (R3.6.2).
pub(super) fn ensure_not_on_leave(
    actor: &Actor,
    leave: &LeaveTimeline,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    match leave.spans().iter().find(|span| span.contains(now)) {
        Some(span) => {
            let args = Args::new().with("until", date_text(span.end));
            Err(refuse(actor.lang(), "error-on-leave", &args))
        }
        None => Ok(()),
    }
}

/// An instant as a date and time (UTC) in messages.
pub(crate) fn date_text(at: DateTime<Utc>) -> String {
    at.format("%Y-%m-%d %H:%M UTC").to_string()
}
