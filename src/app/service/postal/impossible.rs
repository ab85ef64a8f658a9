//! A card of a game by post that carried an impossible or illegible move,
//! or none (R2.3.9), entered by its sender with the word
//! `impossible`/`неможливий`: the card is recorded as sent, its move is
//! never played (R2.3.10: the sender replaces it with a possible move of
//! any piece), the sender's time gets 5 penalty days, 10 on each
//! repetition of the error in the game (R2.4.9, R2.4.10), and the partner
//! is told. Without the word, such a move is refused with its reason and
//! the offer to enter the card this way, so a typing slip costs nothing.
//! The same card entered twice in a row is recorded once.

use chrono::{DateTime, Utc};

use crate::app::actor::Actor;
use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::i18n::{Args, Lang, days_text, tr, tr0};
use crate::app::notice::{Notice, PostalNotice};
use crate::app::notify::notify;
use crate::app::outgoing::{Button, Outgoing};
use crate::app::service::games::pick::game_args;
use crate::app::service::games::play::{Turn, read_move};
use crate::app::service::postal::card_input::{
    CardInput, check_sender_card, day, impossible_word, joined,
};
use crate::app::service::postal::ledger::chart;
use crate::app::view::card_clock::counted;
use crate::app::view::game::player_of;
use crate::store::{StoredImpossibleCard, Tx};

/// A card's move refused as impossible or unreadable: the reason, and the
/// offer to enter the card as one with an impossible move (R2.4.9), with a
/// button that does. Other failures pass unchanged.
pub(super) fn offer_impossible(lang: Lang, turn: &Turn, text: &str, failure: Failure) -> Failure {
    let Failure::Refused(refusal) = failure else {
        return failure;
    };
    let command = format!(
        "/card #{} {} {}",
        turn.game.id.0,
        text.trim(),
        impossible_word(lang)
    );
    let args = Args::new().with("command", command.clone());
    let text = format!(
        "{}\n{}",
        refusal.text,
        tr(lang, "postal-card-impossible-offer", &args)
    );
    let button = Button::new(tr0(lang, "button-card-impossible"), command);
    let question = Outgoing::of_kind(refusal.kind, text).with_buttons(vec![button]);
    Failure::Ask(Box::new(question))
}

/// The sender's card with an impossible move, or none: recorded with its
/// dates and penalty, the partner told, the chart shown.
pub(super) async fn send_impossible(
    tx: &mut Tx,
    actor: &Actor,
    turn: Turn,
    input: &CardInput,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let game = turn.game.clone();
    check_sender_card(tx, lang, &turn, input).await?;
    let written = input.mv.clone().unwrap_or_default();
    if !written.is_empty() && read_move(actor, &turn, &written).is_ok() {
        let args = game_args(game.id).with("move", written.as_str());
        return Err(refuse(lang, "postal-error-card-possible", &args));
    }
    let card = StoredImpossibleCard {
        ply: game.ply + 1,
        text: written.clone(),
        written: day(input.written),
        postmarks: joined(&input.postmarks),
        receipt: day(input.receipt),
    };
    if tx.impossible_cards(game.id).await?.last() == Some(&card) {
        let args = game_args(game.id);
        return Err(refuse(lang, "postal-error-card-impossible-again", &args));
    }
    tx.add_impossible_card(game.id, &card, now).await?;
    let regulation = turn.regulation.clone();
    let days = counted(tx, &game, &regulation, now)
        .await?
        .and_then(|counted| counted.ledger.impossible_days.last().copied())
        .unwrap_or(0);
    let sender = actor.player.display_name.clone();
    let notice = Notice::Postal(PostalNotice::ImpossibleCard {
        game: game.id,
        sender,
        mv: written,
        days,
    });
    let partner = player_of(&game, turn.colour.other());
    notify(tx, partner, &notice, now).await?;
    let args = game_args(game.id).with("days", days_text(lang, days));
    let mut replies = vec![Outgoing::text(tr(
        lang,
        "postal-reply-card-impossible",
        &args,
    ))];
    replies.extend(chart(tx, actor, &game, now).await?);
    Ok(replies)
}
