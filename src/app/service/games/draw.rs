//! Draw offers: offer, accept, decline. An offer stands until its receiver
//! answers it or makes a move; offers are kept in the game's audit log.

use chrono::{DateTime, Utc};
use serde_json::json;

use crate::app::actor::Actor;
use crate::app::command::DrawAction;
use crate::app::i18n::{Args, tr};
use crate::app::notice::Notice;
use crate::app::outgoing::Outgoing;
use crate::core::entry::{next_offer_move, offer_move_number};
use crate::core::game::{GameResult, Termination};
use crate::store::GameId;
use crate::store::{AuditEntry, GameRecord, GameStatus, PlayerId, Tx};

use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::notify::notify;
use crate::app::service::games::pick::{
    Pick, ensure_not_disqualified, pick_game, replied_own_game, which_game,
};
use crate::app::service::games::state::conclude;
use crate::app::view::game::{colour_of, player_of, side_to_move};

const OFFERED: &str = "draw_offered";
const ANSWERED: [&str; 2] = ["draw_declined", "draw_accepted"];

/// `/draw offer|accept|decline [#game]`.
pub(crate) async fn handle(
    tx: &mut Tx,
    actor: &Actor,
    action: DrawAction,
    number: Option<GameId>,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let prefix = match action {
        DrawAction::Offer => "/draw offer",
        DrawAction::Accept => "/draw accept",
        DrawAction::Decline => "/draw decline",
    };
    let game = match action {
        DrawAction::Accept | DrawAction::Decline if number.is_none() => {
            offered_game(tx, actor, prefix).await?
        }
        _ => pick_game(tx, actor, number, Pick::any(prefix)).await?,
    };
    if action != DrawAction::Decline {
        // R2.1.5: a disqualified player takes no part in play.
        ensure_not_disqualified(tx, actor).await?;
    }
    let args = Args::new().with("game", game.id);
    if game.status != GameStatus::Running {
        return Err(refuse(lang, "error-game-over", &args));
    }
    let me = actor.player.id;
    let colour = colour_of(&game, me).unwrap_or(shakmaty::Color::White);
    let opponent = player_of(&game, colour.other());
    let open = open_offer_by(tx, &game, opponent).await?;
    match action {
        DrawAction::Offer => {
            // One open offer per player and game: a repeated one is refused.
            tx.lock_player(me).await?;
            if open_offer_by(tx, &game, me).await? {
                return Err(refuse(lang, "error-draw-already-offered", &args));
            }
            refuse_if_too_soon(tx, actor, &game, colour).await?;
            record(tx, &game, me, OFFERED, now).await?;
            let by = actor.player.display_name.clone();
            let notice = Notice::DrawOffered { game: game.id, by };
            notify(tx, opponent, &notice, now).await?;
            Ok(vec![Outgoing::text(tr(lang, "reply-draw-offered", &args))])
        }
        _ if !open => Err(refuse(lang, "error-no-draw-offer", &args)),
        DrawAction::Decline => {
            record(tx, &game, me, ANSWERED[0], now).await?;
            let by = actor.player.display_name.clone();
            let notice = Notice::DrawDeclined { game: game.id, by };
            notify(tx, opponent, &notice, now).await?;
            Ok(vec![Outgoing::text(tr(lang, "reply-draw-declined", &args))])
        }
        DrawAction::Accept => {
            record(tx, &game, me, ANSWERED[1], now).await?;
            let result = GameResult::draw(Termination::Agreement);
            conclude(tx, actor, &game, &result, &[opponent], now).await
        }
    }
}

/// The game an answer to a draw offer without a number is about (issue 18:
/// the only relevant game): the replied one, else the only game where the
/// opponent's offer is open; with several such, the bot asks which of them.
/// With none, the actor's games are picked as for any command (so that the
/// refusal names the game).
async fn offered_game(tx: &mut Tx, actor: &Actor, prefix: &str) -> Result<GameRecord, Failure> {
    if let Some(game) = replied_own_game(tx, actor).await? {
        return Ok(game);
    }
    let me = actor.player.id;
    let mut offered = Vec::new();
    for game in tx.active_games_of(me).await? {
        let Some(colour) = colour_of(&game, me) else {
            continue;
        };
        let opponent = player_of(&game, colour.other());
        if game.status == GameStatus::Running && open_offer_by(tx, &game, opponent).await? {
            offered.push(game);
        }
    }
    match offered.len() {
        0 => pick_game(tx, actor, None, Pick::any(prefix)).await,
        1 => Ok(offered.remove(0)),
        _ => Err(which_game(actor.lang(), &offered, &Pick::any(prefix))),
    }
}

/// Whether `offerer` has an open offer: the last draw entry is their offer
/// and the receiver has not moved since it.
async fn open_offer_by(tx: &mut Tx, game: &GameRecord, offerer: PlayerId) -> Result<bool, Failure> {
    let log = tx.audit_of_game(game.id).await?;
    let Some(last) = log
        .iter()
        .rev()
        .find(|e| e.action == OFFERED || ANSWERED.contains(&e.action.as_str()))
    else {
        return Ok(false);
    };
    if last.action != OFFERED || last.actor_id != Some(offerer) {
        return Ok(false);
    }
    let ply = last
        .details
        .get("ply")
        .and_then(|v| v.as_i64())
        .unwrap_or(-1);
    let offerer_to_move = last
        .details
        .get("offerer_to_move")
        .and_then(|v| v.as_bool());
    Ok(match game.ply - ply {
        0 => true,
        1 => offerer_to_move == Some(true),
        _ => false,
    })
}

/// `draw-offers=N` (issue events-2, after ICCF): at most one offer per N
/// moves of the offering player, refused with the move from which the next
/// is allowed.
async fn refuse_if_too_soon(
    tx: &mut Tx,
    actor: &Actor,
    game: &GameRecord,
    colour: shakmaty::Color,
) -> Result<(), Failure> {
    let regulation = tx.event(game.event_id).await?.regulation;
    let Some(every) = regulation.draw_offer_moves else {
        return Ok(());
    };
    let log = tx.audit_of_game(game.id).await?;
    let last = log
        .iter()
        .rev()
        .find(|e| e.action == OFFERED && e.actor_id == Some(actor.player.id));
    let Some(last) = last else {
        return Ok(());
    };
    let Some(ply) = last.details.get("ply").and_then(|v| v.as_i64()) else {
        return Ok(());
    };
    let last = offer_move(game, ply, colour);
    let now = offer_move(game, game.ply, colour);
    let next = next_offer_move(last, every);
    if now >= next {
        return Ok(());
    }
    let args = Args::new()
        .with("game", game.id)
        .with("every", every)
        .with("last", last)
        .with("next", next);
    Err(refuse(actor.lang(), "error-draw-offer-too-soon", &args))
}

/// The number of the offerer's move at half-move `ply` of `game`.
fn offer_move(game: &GameRecord, ply: i64, colour: shakmaty::Color) -> u32 {
    let start = game.initial_fen.as_deref().unwrap_or_default();
    let mut fields = start.split_whitespace().skip(1);
    let black_first = fields.next() == Some("b");
    let number = fields.nth(3).and_then(|n| n.parse().ok()).unwrap_or(1);
    let ply = u32::try_from(ply).unwrap_or(0);
    offer_move_number(number, black_first, ply, colour == shakmaty::Color::White)
}

async fn record(
    tx: &mut Tx,
    game: &GameRecord,
    actor: PlayerId,
    action: &str,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let to_move = colour_of(game, actor) == Some(side_to_move(game));
    let entry = AuditEntry {
        at: now,
        actor_id: Some(actor),
        action: action.to_owned(),
        event_id: Some(game.event_id),
        game_id: Some(game.id),
        case_id: None,
        details: json!({ "ply": game.ply, "offerer_to_move": to_move }),
    };
    tx.audit(&entry).await?;
    Ok(())
}
