//! `/ledger [#game]`: the correspondence chart of a game by post (R2.2,
//! R2.4, R2.6.2): every card as entered, its dates settled by the rules
//! (R2.2.2–R2.2.7), the days it cost, both totals with penalty days
//! (R2.4.9–R2.4.12), and oversteps flagged (R2.6.1).

use crate::app::command::shown_date_text;
use chrono::{DateTime, NaiveDate, Utc};
use shakmaty::{CastlingMode, Chess, Position};

use crate::app::actor::Actor;
use crate::app::i18n::{Args, Lang, days_text, tr, tr0};
use crate::app::notice::{NoticeMove, numbered};
use crate::app::outgoing::Outgoing;
use crate::core::clock::Days;
use crate::core::clock::postal::PenaltyError;
use crate::core::postal::ledger::{Card, Counted, ReceivedBy, SentBy};
use crate::store::GameId;
use crate::store::{GameRecord, StoredImpossibleCard, Tx};

use crate::app::failure::Outcome;
use crate::app::service::games::pick::game_args;
use crate::app::service::games::view::viewable_game;
use crate::app::view::card_clock::{CountedCards, counted, ledger_clocks};
use crate::app::view::game::{fen_of, regulation_of, replay};

/// `/ledger [#game]`.
pub(crate) async fn ledger(
    tx: &mut Tx,
    actor: &Actor,
    number: Option<GameId>,
    now: DateTime<Utc>,
) -> Outcome {
    let game = viewable_game(tx, actor, number, "/ledger").await?;
    chart(tx, actor, &game, now).await
}

/// The chart of `game` for `actor`.
pub(crate) async fn chart(
    tx: &mut Tx,
    actor: &Actor,
    game: &GameRecord,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let regulation = regulation_of(&tx.event(game.event_id).await?);
    let Some(CountedCards {
        cards,
        impossible,
        ledger,
        ..
    }) = counted(tx, game, &regulation, now).await?
    else {
        let text = tr(lang, "postal-ledger-empty", &game_args(game.id));
        return Ok(vec![Outgoing::text(text)]);
    };
    let white = tx.player(game.white).await?.display_name;
    let black = tx.player(game.black).await?.display_name;
    let head = game_args(game.id)
        .with("white", white.clone())
        .with("black", black.clone());
    let mut lines = vec![tr(lang, "postal-ledger-header", &head)];
    let rows = tx.moves(game.id).await?;
    let played = replay(game, &rows)?;
    let mut position: Chess = played.start_position().clone();
    let names = [white.as_str(), black.as_str()];
    let mut voided = impossible.iter().zip(&ledger.impossible_days).peekable();
    for (index, (mv, (card, counted))) in played
        .moves()
        .iter()
        .zip(cards.iter().zip(&ledger.counts))
        .enumerate()
    {
        let notice = NoticeMove {
            fen_before: fen_of(&position),
            uci: mv.to_uci(CastlingMode::Standard).to_string(),
        };
        while let Some((card, days)) = voided.next_if(|(card, _)| card.ply <= index as i64 + 1) {
            lines.push(impossible_line(lang, card, names, *days));
        }
        let sender = names[index % 2];
        let text = numbered(&notice, actor.notation());
        let registered = regulation.registered_mail_required;
        lines.push(card_line(lang, (&text, sender, registered), card, counted));
        position.play_unchecked(*mv);
    }
    for (card, days) in voided {
        lines.push(impossible_line(lang, card, names, *days));
    }
    if let Some(clocks) = ledger_clocks(tx, game, now).await? {
        lines.push(crate::app::notice::clocks_text(lang, &clocks));
    }
    Ok(vec![Outgoing::text(lines.join("\n"))])
}

fn shown(date: Option<NaiveDate>) -> String {
    date.map_or_else(|| "—".to_owned(), crate::app::command::shown_date)
}

/// A card with an impossible move, or none, in the chart (R2.3.9,
/// R2.4.9): the move as written, numbered like the others, with its dates
/// and penalty; `names`: White's and Black's.
fn impossible_line(
    lang: Lang,
    card: &StoredImpossibleCard,
    names: [&str; 2],
    days: Days,
) -> String {
    let number = (card.ply + 1) / 2;
    let dots = if card.ply % 2 == 1 { "." } else { "..." };
    let mv = if card.text.is_empty() {
        tr0(lang, "postal-ledger-no-move")
    } else {
        card.text.clone()
    };
    let postmarks: Vec<String> = card
        .postmarks
        .split(',')
        .filter(|d| !d.is_empty())
        .map(shown_date_text)
        .collect();
    let postmarks = if postmarks.is_empty() {
        "—".to_owned()
    } else {
        postmarks.join(", ")
    };
    let args = Args::new()
        .with("move", format!("{number}{dots} {mv}"))
        .with("sender", names[usize::from(card.ply % 2 == 0)])
        .with(
            "written",
            card.written
                .as_deref()
                .map_or_else(|| "—".to_owned(), shown_date_text),
        )
        .with("postmarks", postmarks)
        .with(
            "receipt",
            card.receipt
                .as_deref()
                .map_or_else(|| "—".to_owned(), shown_date_text),
        )
        .with("days", days_text(lang, days));
    tr(lang, "postal-ledger-impossible-line", &args)
}

/// How the date of sending was settled, in the catalog's words (R2.2.3 to
/// R2.2.7: receipt, the earlier of several postmarks, the postmark, the
/// date written, the date given in the reply).
fn sent_basis(by: SentBy, postmarks: usize) -> &'static str {
    match by {
        SentBy::Receipt => "postal-ledger-by-receipt",
        SentBy::Postmark if postmarks >= 2 => "postal-ledger-by-earlier-postmark",
        SentBy::Postmark => "postal-ledger-by-postmark",
        SentBy::Written => "postal-ledger-by-written",
        SentBy::Reply => "postal-ledger-by-reply",
    }
}

/// How the date of receipt was settled (R2.2.5, R2.2.6).
fn received_basis(by: ReceivedBy) -> &'static str {
    match by {
        ReceivedBy::Postmark => "postal-ledger-by-later-postmark",
        ReceivedBy::Recipient => "postal-ledger-by-recipient",
    }
}

/// One card of the chart; `registered`: the regulation requires registered
/// mail (R2.2.1), so a card without a receipt is the reason of its penalty.
fn card_line(
    lang: Lang,
    (mv, sender, registered): (&str, &str, bool),
    card: &Card,
    counted: &Counted,
) -> String {
    let postmarks: Vec<String> = card.postmarks.iter().map(|d| shown(Some(*d))).collect();
    let sent = counted.settled.sent.map_or_else(
        || tr0(lang, "postal-ledger-unsettled"),
        |(d, by)| {
            format!(
                "{} ({})",
                shown(Some(d)),
                tr0(lang, sent_basis(by, card.postmarks.len()))
            )
        },
    );
    let received = counted.settled.received.map_or_else(
        || tr0(lang, "postal-ledger-travelling"),
        |(d, by)| format!("{} ({})", shown(Some(d)), tr0(lang, received_basis(by))),
    );
    let repeat = match card.repeat_ok {
        None => "—".to_owned(),
        Some(true) => tr0(lang, "postal-ledger-repeat-right"),
        Some(false) => tr0(lang, "postal-ledger-repeat-wrong"),
    };
    let args = Args::new()
        .with("move", mv.to_owned())
        .with("sender", sender.to_owned())
        .with("repeat", repeat)
        .with("written", shown(card.written))
        .with(
            "postmarks",
            if postmarks.is_empty() {
                "—".to_owned()
            } else {
                postmarks.join(", ")
            },
        )
        .with("receipt", shown(card.receipt))
        .with("stated", shown(card.received))
        .with("sent", sent)
        .with("received", received)
        .with("days", days_text(lang, counted.cost))
        .with("total", days_text(lang, counted.total));
    let mut line = tr(lang, "postal-ledger-line", &args);
    for penalty in &counted.penalties {
        let id = match penalty {
            PenaltyError::WrongRepeat => "postal-ledger-penalty-repeat",
            PenaltyError::NoRegisteredMail if registered => {
                "postal-ledger-penalty-registered-required"
            }
            PenaltyError::NoRegisteredMail => "postal-ledger-penalty-registered",
            PenaltyError::ImpossibleMove => "postal-ledger-penalty-impossible",
            PenaltyError::WrongAddress => "postal-ledger-penalty-address",
        };
        line = format!("{line}\n   {}", tr0(lang, id));
    }
    if card.exempt_days > 0 {
        let args = Args::new().with("days", days_text(lang, i64::from(card.exempt_days)));
        line = format!("{line}\n   {}", tr(lang, "postal-ledger-exempt", &args));
    }
    if counted.overstep {
        line = format!("{line}\n   {}", tr0(lang, "postal-ledger-overstep"));
    }
    line
}
