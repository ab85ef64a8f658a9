//! Move confirmation (`/confirm on|off`): a player who turns it on has each
//! move held with «Confirm / Cancel» buttons and made only when confirmed,
//! because a sent move cannot be taken back (R2.3.8). The clock runs until
//! the move is confirmed: a held move is no move.

use chrono::{DateTime, Utc};
use shakmaty::Move;

use crate::app::actor::Actor;
use crate::app::command::ConfirmCommand;
use crate::app::i18n::{Args, tr, tr0};
use crate::app::outgoing::{Button, Outgoing};
use crate::core::notation::{self, SignConflict};
use crate::store::{CONFIRM_MOVES, GameId, GameRecord, GameStatus, HeldMove, Tx};

use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::service::games::pick::{Pick, game_args, own_game};
use crate::app::service::games::play::{Turn, play_move};
use crate::app::service::games::{signs, talk};

/// Holds the actor's read move `mv` (written `text`, with any message) and
/// asks to confirm it, warning of a sign the board contradicts (R2.3.4).
pub(super) async fn hold(
    tx: &mut Tx,
    actor: &Actor,
    turn: &Turn,
    (mv, text): (&Move, &str),
    conflict: Option<SignConflict>,
    now: DateTime<Utc>,
) -> Outcome {
    let game = &turn.game;
    let held = HeldMove {
        ply: game.ply,
        move_text: text.to_owned(),
        held_at: now,
    };
    tx.hold_move(game.id, actor.player.id, &held).await?;
    let lang = actor.lang();
    let written = notation::write(&turn.before, mv, actor.notation());
    let args = game_args(game.id).with("move", written.as_str());
    let buttons = vec![
        Button::new(
            tr(lang, "button-move-confirm", &args),
            format!("/confirm #{}", game.id),
        ),
        Button::new(
            tr0(lang, "button-move-cancel"),
            format!("/confirm cancel #{}", game.id),
        ),
    ];
    let mut question = tr(lang, "reply-move-held", &args);
    if let Some(conflict) = conflict {
        let (mv_text, _) = talk::split_message(text);
        let warning = signs::warning(lang, conflict, (mv_text, &written), true);
        question = format!("{warning}\n{question}");
    }
    let question = Outgoing::text(question)
        .with_buttons(buttons)
        .about(game.id);
    Ok(vec![question])
}

/// `/confirm on|off`, `/confirm [#game]`, `/confirm cancel [#game]`.
pub(crate) async fn handle(
    tx: &mut Tx,
    actor: &Actor,
    command: ConfirmCommand,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    match command {
        ConfirmCommand::Setting { on } => {
            tx.set_switch(actor.player.id, CONFIRM_MOVES, on).await?;
            let id = if on {
                "reply-confirm-on"
            } else {
                "reply-confirm-off"
            };
            Ok(vec![Outgoing::text(tr0(lang, id))])
        }
        ConfirmCommand::Confirm { game } => {
            let (game, held) = held_move(tx, actor, game, "/confirm").await?;
            tx.drop_held_move(game.id, actor.player.id).await?;
            if held.ply != game.ply || game.status != GameStatus::Running {
                return Err(refuse(lang, "error-held-move-stale", &game_args(game.id)));
            }
            play_move(tx, actor, Some(game.id), &held.move_text, now, true).await
        }
        ConfirmCommand::Cancel { game } => {
            let (game, _) = held_move(tx, actor, game, "/confirm cancel").await?;
            tx.drop_held_move(game.id, actor.player.id).await?;
            let reply = tr(lang, "reply-move-cancelled", &game_args(game.id));
            Ok(vec![Outgoing::text(reply)])
        }
    }
}

/// The actor's held move in game `number`, or in the only game with one;
/// with several, the bot asks which.
async fn held_move(
    tx: &mut Tx,
    actor: &Actor,
    number: Option<GameId>,
    prefix: &str,
) -> Result<(GameRecord, HeldMove), Failure> {
    let me = actor.player.id;
    let lang = actor.lang();
    let replied = match number {
        Some(_) => None,
        None => crate::app::service::games::pick::replied_own_game(tx, actor).await?,
    };
    let games = match (number, replied) {
        (Some(number), _) => vec![own_game(tx, actor, number).await?],
        (None, Some(game)) => vec![game],
        (None, None) => tx.active_games_of(me).await?,
    };
    let mut held = Vec::new();
    for game in games {
        if let Some(found) = tx.held_move(game.id, me).await? {
            held.push((game, found));
        }
    }
    match held.len() {
        0 => {
            let args = number.map_or_else(Args::new, game_args);
            Err(refuse(lang, "error-no-held-move", &args))
        }
        1 => Ok(held.remove(0)),
        _ => {
            let games: Vec<GameRecord> = held.into_iter().map(|(game, _)| game).collect();
            Err(crate::app::service::games::pick::which_game(
                lang,
                &games,
                &Pick::any(prefix),
            ))
        }
    }
}
