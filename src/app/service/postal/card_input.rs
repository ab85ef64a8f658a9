//! What one `/card` text says, read into its parts, and what any sender's
//! card needs (R2.2): shared by the cards with a possible move (`card.rs`)
//! and those with an impossible one (`impossible.rs`).

use chrono::NaiveDate;

use crate::app::actor::Actor;
use crate::app::command::read_full_date;
use crate::app::failure::{Failure, refuse};
use crate::app::i18n::{Args, Lang};
use crate::app::rules::Rules;
use crate::app::service::games::pick::game_args;
use crate::app::service::games::play::Turn;
use crate::store::Tx;

/// What one `/card` text says.
#[derive(Debug, Default)]
pub(super) struct CardInput {
    /// The card as typed after the game number.
    pub(super) raw: String,
    /// The move as written (the words without `=`).
    pub(super) mv: Option<String>,
    /// The sender says the card carried an impossible or illegible move,
    /// or none (R2.3.9).
    pub(super) impossible: bool,
    /// The partner's last move as repeated on the card (R2.3.6).
    pub(super) repeat: Option<String>,
    /// The date the sender wrote on it.
    pub(super) written: Option<NaiveDate>,
    /// The postmarks seen.
    pub(super) postmarks: Vec<NaiveDate>,
    /// The registered-mail receipt's date.
    pub(super) receipt: Option<NaiveDate>,
    /// The date of receipt the recipient states (R2.2.6).
    pub(super) received: Option<NaiveDate>,
    /// Days of the reply not counted as thinking time (R2.4.7).
    pub(super) exempt: Option<u8>,
}

/// The word that marks a card's move impossible, in `lang`.
pub(super) fn impossible_word(lang: Lang) -> &'static str {
    match lang {
        Lang::Uk => "неможливий",
        Lang::En => "impossible",
    }
}

fn is_impossible_word(word: &str) -> bool {
    let word = word.to_lowercase();
    [Lang::Uk, Lang::En]
        .iter()
        .any(|lang| impossible_word(*lang) == word)
}

pub(super) fn read_input(actor: &Actor, text: &str) -> Result<CardInput, Failure> {
    let mut input = CardInput {
        raw: text.trim().to_owned(),
        ..CardInput::default()
    };
    let mut words: Vec<&str> = Vec::new();
    for token in text.split_whitespace() {
        let Some((key, value)) = token.split_once('=') else {
            if is_impossible_word(token) {
                input.impossible = true;
            } else {
                words.push(token);
            }
            continue;
        };
        let bad = || {
            let args = Args::new()
                .with("key", key.to_owned())
                .with("value", value.to_owned());
            refuse(actor.lang(), "postal-error-card-field", &args)
        };
        let date = |v: &str| read_full_date(v).ok_or_else(bad);
        match key.to_lowercase().as_str() {
            "repeat" | "повтор" => input.repeat = Some(value.to_owned()),
            "written" | "написано" => input.written = Some(date(value)?),
            "postmark" | "штемпель" => {
                for part in value.split(',').filter(|p| !p.is_empty()) {
                    input.postmarks.push(date(part)?);
                }
            }
            "receipt" | "квитанція" => input.receipt = Some(date(value)?),
            "received" | "отримано" => input.received = Some(date(value)?),
            // R2.4.7: at most 3 days are not counted.
            "exempt" | "звільнено" => match value.parse::<u8>() {
                Ok(days @ 0..=3) => input.exempt = Some(days),
                _ => return Err(bad()),
            },
            _ => return Err(bad()),
        }
    }
    input.mv = (!words.is_empty()).then(|| words.join(" "));
    Ok(input)
}

pub(super) fn day(date: Option<NaiveDate>) -> Option<String> {
    date.map(|d| d.format("%Y-%m-%d").to_string())
}

/// What any sender's card needs: a game by post kept by cards, every move
/// of it on a card, and no date of receipt, which is the recipient's
/// (R2.2.6).
pub(super) async fn check_sender_card(
    tx: &mut Tx,
    lang: Lang,
    turn: &Turn,
    input: &CardInput,
) -> Result<(), Failure> {
    let game = &turn.game;
    // R3.1.1, R3.2.1: under server rules the bot is the server; a move made
    // anywhere else (a card by post) does not count.
    if !Rules::of(&turn.regulation).keeps_cards() {
        return Err(refuse(lang, "postal-error-not-postal", &game_args(game.id)));
    }
    if tx.cards(game.id).await?.len() != turn.rows.len() {
        return Err(refuse(lang, "postal-error-not-ledger", &game_args(game.id)));
    }
    if input.received.is_some() {
        return Err(refuse(lang, "postal-error-card-recipient", &Args::new()));
    }
    Ok(())
}

pub(super) fn joined(dates: &[NaiveDate]) -> String {
    let texts: Vec<String> = dates
        .iter()
        .map(|d| d.format("%Y-%m-%d").to_string())
        .collect();
    texts.join(",")
}
