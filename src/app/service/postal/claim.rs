//! Overstep claims (R2.6): `/overstep [#game] MOVE` files a claim of the
//! partner's overstep with the claimant's next move, which the arbiter
//! holds (R2.6.2); the time count and the correspondence chart go with it;
//! the partner is told and may object within 7 days (R2.6.4); the game is
//! suspended (R2.6.6). The arbiter upholds (`/rule N score … time`: a loss,
//! R2.6.5) or rejects (`/rule N resume; penalty @claimant N`: the held move
//! is delivered and play goes on, R2.6.7, R2.6.8). A claim after the reply
//! to the partner's control move is refused (R2.6.3).

use chrono::{DateTime, Duration, Utc};
use shakmaty::CastlingMode;
use shakmaty::uci::UciMove;

use crate::app::actor::Actor;
use crate::app::deadline::{Due, GameDue, PostalDue};
use crate::app::i18n::{Args, days_text, tr};
use crate::app::notice::{Notice, NoticeMove, PostalNotice, numbered};
use crate::app::outgoing::Outgoing;
use crate::core::case::{CaseKind, objection_deadline};
use crate::core::postal::variant::Answer;

use crate::store::{CaseId, GameId, GameStatus, NewDeadline, StoredClaim, Tx};

use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::notify::notify;
use crate::app::service::cases::{CaseContext, Opening, open_case};
use crate::app::service::games::pick::{Pick, game_args};
use crate::app::service::games::play::{Turn, load_turn, read_move};
use crate::app::service::postal::play::{Message, deliver};
use crate::app::service::postal::record;
use crate::app::view::event_zone::last_minute_in;
use crate::app::view::game::{colour_of, fen_of, player_of, regulation_of, replay};
use crate::app::view::leave_time::game_leaves;
use crate::app::view::postal_clock::Loaded;

/// `/overstep [#game] MOVE`.
pub(crate) async fn overstep(
    tx: &mut Tx,
    actor: &Actor,
    number: Option<GameId>,
    text: &str,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let turn = load_turn(tx, actor, number, Pick::moving("/overstep", text), now).await?;
    let game = turn.game.clone();
    if !turn.regulation.rule_set.claims_oversteps() {
        return Err(refuse(lang, "postal-error-not-postal", &game_args(game.id)));
    }
    if !tx.cards(game.id).await?.is_empty() {
        return Err(refuse(
            lang,
            "postal-error-claim-ledger",
            &game_args(game.id),
        ));
    }
    if let Some(claim) = tx.pending_claim(game.id).await? {
        let args = game_args(game.id).with("case", claim.case_id.0);
        return Err(refuse(lang, "postal-error-suspended", &args));
    }
    let mv = read_move(actor, &turn, text)?;
    let count = count_text(tx, actor, &turn, now).await?;
    let partner = player_of(&game, turn.colour.other());
    let chart = record(tx, actor, &game, now).await?;
    let chart = chart.first().map(|r| r.text.clone()).unwrap_or_default();
    let opening = Opening {
        kind: CaseKind::OverstepClaim,
        event: turn.event.clone(),
        game: Some(game.clone()),
        raised_by: Some(actor.player.id),
        accused: vec![partner],
        opponent: None,
        statement: Some(format!("{count}\n{chart}")),
        context: CaseContext::default(),
    };
    let file = open_case(tx, opening, now).await?;
    let claim = StoredClaim {
        case_id: file.row.id,
        claimant: actor.player.id,
        uci: mv.to_uci(CastlingMode::Standard).to_string(),
        text: text.to_owned(),
        made_at: now,
        pending: true,
    };
    tx.add_claim(game.id, &claim).await?;
    tx.cancel_deadlines_of_game(game.id).await?;
    let zone = turn.regulation.date_zone();
    let closes = objection_deadline(now, zone);
    objection_deadline_set(tx, &game, file.number(), (now, closes)).await?;
    // R2.6.4: the last moment that still counts, 23:59 of the 7th day in the
    // event's zone (the window closes at the next midnight).
    let notice = PostalNotice::ClaimFiled {
        game: game.id,
        claimant: actor.player.display_name.clone(),
        case: file.number(),
        until: last_minute_in(closes, zone).into(),
    };
    notify(tx, partner, &Notice::Postal(notice), now).await?;
    let held = NoticeMove {
        fen_before: fen_of(&turn.before),
        uci: claim.uci,
    };
    let args = game_args(game.id)
        .with("case", file.number())
        .with("move", numbered(&held, actor.notation()));
    let reply = format!("{}\n{count}", tr(lang, "postal-reply-claim", &args));
    Ok(vec![Outgoing::text(reply)])
}

/// When the 7 days to object are over, the arbiters hear that the claim is
/// ready for their ruling (R2.6.4).
async fn objection_deadline_set(
    tx: &mut Tx,
    game: &crate::store::GameRecord,
    case: CaseId,
    (now, closes): (DateTime<Utc>, DateTime<Utc>),
) -> Result<(), Failure> {
    let due = Due::Game {
        ply: game.ply,
        due: GameDue::Postal(PostalDue::Objection { case }),
    };
    let new = due.deadline(closes)?;
    let new = NewDeadline {
        key: Some(format!("game:{}:{}", game.id, new.kind)),
        game_id: Some(game.id),
        event_id: Some(game.event_id),
        ..new
    };
    tx.set_deadline(&new, now).await?;
    Ok(())
}

/// The partner's time count proving the overstep (R2.6.1, R2.6.2), or the
/// refusal: no overstep, or the claim too late (R2.6.3).
async fn count_text(
    tx: &mut Tx,
    actor: &Actor,
    turn: &Turn,
    now: DateTime<Utc>,
) -> Result<String, Failure> {
    let lang = actor.lang();
    let game = &turn.game;
    let loaded = Loaded::of(tx, game, now).await?;
    let start = game.started_at.unwrap_or(now);
    let postal = loaded.game(start);
    let partner = turn.colour.other();
    let name = tx.player(player_of(game, partner)).await?.display_name;
    let Some(over) = postal.overstep_of(partner) else {
        let time = postal.time_of(partner, now);
        let args = game_args(game.id)
            .with("player", name)
            .with("used", days_text(lang, time.used));
        return Err(refuse(lang, "postal-error-no-overstep", &args));
    };
    let per = turn.regulation.control.moves.max(1);
    let control = over.move_number.div_ceil(per) * per;
    let made = u32::try_from(loaded.entries.len().div_ceil(2)).unwrap_or(0);
    let made = if partner == shakmaty::Color::White {
        made
    } else {
        u32::try_from(loaded.entries.len() / 2).unwrap_or(0)
    };
    if made > control {
        let args = game_args(game.id).with("control", control);
        return Err(refuse(lang, "postal-error-claim-late", &args));
    }
    let args = Args::new()
        .with("player", name)
        .with("moves", over.move_number)
        .with("used", days_text(lang, over.used))
        .with("limit", days_text(lang, over.limit));
    Ok(tr(lang, "postal-claim-count", &args))
}

/// The arbiter rejected a claim and the game goes on (R2.6.7): the held
/// move is delivered now; the suspension is not the claimant's time.
pub(crate) async fn resume_claim(
    tx: &mut Tx,
    game_id: GameId,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let Some(claim) = tx.pending_claim(game_id).await? else {
        return Ok(());
    };
    tx.deliver_claim(game_id, claim.case_id).await?;
    let game = tx.game(game_id).await?;
    if game.status != GameStatus::Running {
        return Ok(());
    }
    let player = tx.player(claim.claimant).await?;
    let actor = Actor {
        player,
        is_admin: false,
        replied_game: None,
        platform: None,
        typed: None,
        home_zone: chrono_tz::UTC,
    };
    let event = tx.event(game.event_id).await?;
    let rows = tx.moves(game.id).await?;
    let record = replay(&game, &rows)?;
    let before = record.position().clone();
    let own = claim
        .uci
        .parse::<UciMove>()
        .ok()
        .and_then(|u| u.to_move(&before).ok())
        .ok_or_else(|| Failure::Internal(anyhow::anyhow!("held move {}", claim.uci)))?;
    let turn = Turn {
        colour: colour_of(&game, claim.claimant).unwrap_or(shakmaty::Color::White),
        leaves: game_leaves(tx, &game).await?,
        regulation: regulation_of(&event),
        event,
        rows,
        before,
        record,
        game,
        game_channel: None,
        confirms: false,
    };
    let message = Message {
        text: claim.text.clone(),
        answer: Answer {
            accepted: Vec::new(),
            own: Some(own),
        },
        open: None,
        proposal: Vec::new(),
        shift: (now - claim.made_at).max(Duration::zero()),
    };
    deliver(tx, &actor, turn, &message, now).await.map(|_| ())
}
