//! `/card [#game] …`: a card of a game played by real post or e-mail, as
//! a player enters it (R2.2). The sender enters the move with the partner's
//! last move repeated (R2.3.6) and the dates written, postmarked and on the
//! registered-mail receipt; the recipient adds the date of receipt (R2.2.6)
//! and the postmarks seen. The bot settles the dates and counts the time
//! (`/ledger`).
//!
//! Keys (English or Ukrainian): `repeat=`/`повтор=` MOVE,
//! `written=`/`написано=`, `postmark=`/`штемпель=` (dates, comma
//! separated), `receipt=`/`квитанція=`, `received=`/`отримано=`; dates
//! `YYYY-MM-DD`; `exempt=`/`звільнено=` 0 to 3 (R2.4.7: days of the reply
//! spent asking about the partner's impossible or illegible move, or
//! repeating one's own move already sent). Words without `=` are the move.
//! Where the regulation requires registered mail (R2.2.1), a card without
//! a receipt draws R2.4.9's penalty and its sender is told. A card whose
//! move is impossible or illegible, or that has none (R2.3.9), is entered
//! with the word `impossible`/`неможливий` (see `impossible.rs`).

use anyhow::Context;
use chrono::{DateTime, NaiveDate, Utc};
use shakmaty::CastlingMode;

use crate::app::actor::Actor;
use crate::app::i18n::Args;
use crate::core::notation;
use crate::store::GameId;
use crate::store::{GameRecord, GameUpdate, StoredCard, Tx};

use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::rules::{Commit, Kept, Recorded, commit_move, settle_move};
use crate::app::service::games::pick::{Pick, game_args, pick_game};
use crate::app::service::games::play::{Turn, load_turn, read_move};
use crate::app::service::games::state::finish_update;
use crate::app::service::postal::card_input::{
    CardInput, check_sender_card, day, joined, read_input,
};
use crate::app::service::postal::impossible::{offer_impossible, send_impossible};
use crate::app::service::postal::ledger::chart;
use crate::app::view::game::{colour_of, fen_of, player_of, replay};

/// `/card [#game] …`.
pub(crate) async fn card(
    tx: &mut Tx,
    actor: &Actor,
    number: Option<GameId>,
    text: &str,
    now: DateTime<Utc>,
) -> Outcome {
    let input = read_input(actor, text)?;
    if input.impossible {
        let pick = Pick {
            suffix: text,
            ..Pick::to_move("/card")
        };
        let turn = load_turn(tx, actor, number, pick, now).await?;
        return send_impossible(tx, actor, turn, &input, now).await;
    }
    match &input.mv {
        Some(mv) => {
            let pick = Pick {
                suffix: text,
                mv: Some(mv),
                ..Pick::to_move("/card")
            };
            let turn = load_turn(tx, actor, number, pick, now).await?;
            send_card(tx, actor, turn, &input, now).await
        }
        None => {
            let pick = Pick {
                suffix: text,
                ..Pick::any("/card")
            };
            let game = pick_game(tx, actor, number, pick).await?;
            add_dates(tx, actor, &game, &input, now).await
        }
    }
}

/// The sender's card: the move, checked and recorded, with its dates.
async fn send_card(
    tx: &mut Tx,
    actor: &Actor,
    turn: Turn,
    input: &CardInput,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let game = turn.game.clone();
    check_sender_card(tx, lang, &turn, input).await?;
    let written = input.mv.as_deref().unwrap_or_default();
    let mv = read_move(actor, &turn, written)
        .map_err(|failure| offer_impossible(lang, &turn, &input.raw, failure))?;
    let repeat = repetition(&turn, input.repeat.as_deref())?;
    let mut record = turn.record;
    let result = record.play(mv).context("playing a read move")?;
    let mut update = GameUpdate::from_game(&game);
    update.fen = fen_of(record.position());
    update.turn_since = Some(now);
    if let Some(result) = &result {
        finish_update(&mut update, result, now);
    }
    let card = StoredCard {
        ply: game.ply + 1,
        written: day(input.written),
        postmarks: joined(&input.postmarks),
        receipt: day(input.receipt),
        received: None,
        repeat,
        exempt_days: i64::from(input.exempt.unwrap_or(0)),
    };
    let uci = mv.to_uci(CastlingMode::Standard).to_string();
    let commit = Commit {
        game: &game,
        ply: card.ply,
        uci: &uci,
        text: input.mv.as_deref().unwrap_or_default(),
        update: &update,
        recorded: Recorded::Card(&card),
    };
    commit_move(tx, lang, commit, now).await?;
    let game = tx.game(game.id).await?;
    let replies = chart(tx, actor, &game, now).await?;
    // R2.2: a game by cards keeps its own time; the bot sets no deadline.
    let partner = player_of(&game, turn.colour.other());
    settle_move(tx, &game, (result.as_ref(), partner), Kept::ByCards, now).await?;
    Ok(replies)
}

/// Whether the sender repeated the partner's last move right (R2.3.6);
/// `None` for White's first card. A missing repetition is a wrong one.
fn repetition(turn: &Turn, text: Option<&str>) -> Result<Option<String>, Failure> {
    let Some((last, earlier)) = turn.rows.split_last() else {
        return Ok(None);
    };
    let position = replay(&turn.game, earlier)?.position().clone();
    let right = text
        .and_then(|t| notation::parse(&position, t, &turn.regulation.notations).ok())
        .is_some_and(|p| p.mv.to_uci(CastlingMode::Standard).to_string() == last.uci);
    Ok(Some(if right { "right" } else { "wrong" }.to_owned()))
}

/// Dates added to the last card: by its recipient the date of receipt and
/// postmarks (R2.2.5, R2.2.6); by its sender the written date, postmarks
/// and receipt (R2.2.3, R2.2.4).
async fn add_dates(
    tx: &mut Tx,
    actor: &Actor,
    game: &GameRecord,
    input: &CardInput,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let cards = tx.cards(game.id).await?;
    let Some(mut card) = cards.last().cloned() else {
        return Err(refuse(lang, "postal-error-no-card", &game_args(game.id)));
    };
    let sender_is_white = card.ply % 2 == 1;
    let me_white = colour_of(game, actor.player.id) == Some(shakmaty::Color::White);
    let is_sender = sender_is_white == me_white;
    if is_sender && input.received.is_some() {
        return Err(refuse(lang, "postal-error-card-recipient", &Args::new()));
    }
    if !is_sender
        && (input.written.is_some()
            || input.receipt.is_some()
            || input.repeat.is_some()
            || input.exempt.is_some())
    {
        return Err(refuse(lang, "postal-error-card-sender", &Args::new()));
    }
    let mut postmarks: Vec<NaiveDate> = card
        .postmarks
        .split(',')
        .filter_map(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok())
        .collect();
    for date in &input.postmarks {
        if !postmarks.contains(date) {
            postmarks.push(*date);
        }
    }
    card.postmarks = joined(&postmarks);
    if input.written.is_some() {
        card.written = day(input.written);
    }
    if input.receipt.is_some() {
        card.receipt = day(input.receipt);
    }
    if input.received.is_some() {
        card.received = day(input.received);
    }
    if let Some(days) = input.exempt {
        card.exempt_days = i64::from(days);
    }
    tx.save_card(game.id, &card, now).await?;
    chart(tx, actor, game, now).await
}
