//! `/ledger [#game]`: the correspondence chart of a game by post (R2.2,
//! R2.4, R2.6.2): every card as entered, its dates settled by the rules
//! (R2.2.2–R2.2.7), the days it cost, both totals with penalty days
//! (R2.4.9–R2.4.12), and oversteps flagged (R2.6.1).

use chrono::{DateTime, NaiveDate, Utc};
use shakmaty::{CastlingMode, Chess, Color, Position};

use crate::app::actor::Actor;
use crate::app::command::Number;
use crate::app::i18n::{Args, Lang, days_text, tr, tr0};
use crate::app::notice::{Clocks, NoticeMove, numbered};
use crate::app::outgoing::Outgoing;
use crate::core::clock::postal::{PenaltyError, PostalClock};
use crate::core::clock::{Days, allowance, control_index};
use crate::core::postal::ledger::{Card, Counted, ReceivedBy, SentBy, count};
use crate::core::regulation::Regulation;
use crate::store::{GameRecord, StoredCard, Tx};

use crate::app::failure::{Failure, Outcome};
use crate::app::service::games::pick::game_args;
use crate::app::service::games::state::{fen_of, regulation_of, replay};
use crate::app::service::games::turn_clock::MoveClock;
use crate::app::service::games::view::viewable_game;
use crate::app::service::leave::time::{GameLeaves, game_leaves};
use crate::app::service::postal::clock::PendingDates;

/// `/ledger [#game]`.
pub(crate) async fn ledger(
    tx: &mut Tx,
    actor: &Actor,
    number: Option<Number>,
    now: DateTime<Utc>,
) -> Outcome {
    let game = viewable_game(tx, actor, number, "/ledger").await?;
    chart(tx, actor, &game, now).await
}

fn date(text: &Option<String>) -> Option<NaiveDate> {
    text.as_deref()
        .and_then(|t| NaiveDate::parse_from_str(t, "%Y-%m-%d").ok())
}

fn core_card(stored: &StoredCard) -> Card {
    Card {
        written: date(&stored.written),
        postmarks: stored
            .postmarks
            .split(',')
            .filter_map(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok())
            .collect(),
        receipt: date(&stored.receipt),
        received: date(&stored.received),
        repeat_ok: stored.repeat.as_deref().map(|r| r == "right"),
        exempt_days: u8::try_from(stored.exempt_days).unwrap_or(0),
    }
}

/// A game's cards and what each cost.
struct CountedCards {
    cards: Vec<Card>,
    counts: Vec<Counted>,
    /// The days the arbiter added to White's and Black's time (R2.4.9).
    arbiters_days: [Days; 2],
}

/// A game's cards counted, or `None` if it has none.
async fn counted(
    tx: &mut Tx,
    game: &GameRecord,
    regulation: &Regulation,
    now: DateTime<Utc>,
) -> Result<Option<CountedCards>, Failure> {
    let stored = tx.cards(game.id).await?;
    if stored.is_empty() {
        return Ok(None);
    }
    let leaves = game_leaves(tx, game).await?;
    let cards: Vec<Card> = stored.iter().map(core_card).collect();
    let counts = count_cards(game, regulation, &cards, &leaves, now);
    Ok(Some(CountedCards {
        cards,
        counts,
        arbiters_days: leaves.offsets(),
    }))
}

/// Both players' time over `cards` (R2.4), White's first.
fn count_cards(
    game: &GameRecord,
    regulation: &Regulation,
    cards: &[Card],
    leaves: &GameLeaves,
    now: DateTime<Utc>,
) -> Vec<Counted> {
    let clock = PostalClock::new(regulation);
    let start = clock.date_of(game.started_at.unwrap_or(now));
    let registered = regulation.registered_mail_required;
    count(&clock, (start, registered), cards, leaves.pair())
}

/// The pending move's clock of a game by post from its cards (R2.2, R2.4,
/// R2.6.1): the move is pending from the date the partner's last card was
/// received, and oversteps the norm from the date the mover's total (penalty
/// and the arbiter's days included) would pass it; `None` while that card
/// has no date of receipt (it travels, or the recipient has not entered it).
pub(crate) async fn pending_clock(
    tx: &mut Tx,
    game: &GameRecord,
    stored: &[StoredCard],
    now: DateTime<Utc>,
) -> Result<Option<MoveClock>, Failure> {
    let regulation = regulation_of(&tx.event(game.event_id).await?);
    let leaves = game_leaves(tx, game).await?;
    let cards: Vec<Card> = stored.iter().map(core_card).collect();
    let counts = count_cards(game, &regulation, &cards, &leaves, now);
    let Some((received, _)) = counts.last().and_then(|last| last.settled.received) else {
        return Ok(None);
    };
    let colour = if counts.len().is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    let side = usize::from(colour == Color::Black);
    let made = counts.iter().skip(side).step_by(2).count();
    let total = counts
        .iter()
        .skip(side)
        .step_by(2)
        .next_back()
        .map_or(0, |c| c.total);
    let clock = PostalClock::new(&regulation);
    let start = clock.date_of(game.started_at.unwrap_or(now));
    let timeline = leaves.of(colour);
    let used_before = total + leaves.offset(colour);
    let made = u32::try_from(made).unwrap_or(u32::MAX);
    let due = clock.overstep_date_after(used_before, made, received, start, timeline);
    let pending = PendingDates {
        colour,
        since: clock.midnight(received),
        received,
        due,
        start,
        leaves: timeline,
    };
    Ok(Some(pending.clock(&clock, now)))
}

/// Both clocks of a game by post from its ledger, or `None` if it has no
/// card: each player's total, with the days the arbiter added (R2.4.9),
/// against the control of the next move.
pub(crate) async fn ledger_clocks(
    tx: &mut Tx,
    game: &GameRecord,
    now: DateTime<Utc>,
) -> Result<Option<Clocks>, Failure> {
    let regulation = regulation_of(&tx.event(game.event_id).await?);
    let Some(CountedCards {
        counts,
        arbiters_days,
        ..
    }) = counted(tx, game, &regulation, now).await?
    else {
        return Ok(None);
    };
    let side = |s: usize| {
        let made = counts.iter().skip(s).step_by(2).count();
        let used = counts
            .iter()
            .skip(s)
            .step_by(2)
            .map(|c| c.total)
            .next_back()
            .unwrap_or(0)
            + arbiters_days[s];
        let made = u32::try_from(made).unwrap_or(0);
        let limit = allowance(
            control_index(made + 1, regulation.control),
            regulation.control,
        );
        (used, limit - used)
    };
    let (white_used, white_left) = side(0);
    let (black_used, black_left) = side(1);
    Ok(Some(Clocks {
        white_used,
        white_left,
        black_used,
        black_left,
    }))
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
    let Some(CountedCards { cards, counts, .. }) = counted(tx, game, &regulation, now).await?
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
    for (index, (mv, (card, counted))) in played
        .moves()
        .iter()
        .zip(cards.iter().zip(&counts))
        .enumerate()
    {
        let notice = NoticeMove {
            fen_before: fen_of(&position),
            uci: mv.to_uci(CastlingMode::Standard).to_string(),
        };
        let sender = if index % 2 == 0 { &white } else { &black };
        let text = numbered(&notice, actor.notation());
        let registered = regulation.registered_mail_required;
        lines.push(card_line(lang, (&text, sender, registered), card, counted));
        position.play_unchecked(*mv);
    }
    if let Some(clocks) = ledger_clocks(tx, game, now).await? {
        lines.push(crate::app::notice::clocks_text(lang, &clocks));
    }
    Ok(vec![Outgoing::text(lines.join("\n"))])
}

fn shown(date: Option<NaiveDate>) -> String {
    date.map_or_else(|| "—".to_owned(), |d| d.format("%Y-%m-%d").to_string())
}

fn sent_rule(by: SentBy, postmarks: usize) -> &'static str {
    match by {
        SentBy::Receipt => "R2.2.4",
        SentBy::Postmark if postmarks >= 2 => "R2.2.5",
        SentBy::Postmark => "R2.2.3",
        SentBy::Written => "R2.2.6",
        SentBy::Reply => "R2.2.7",
    }
}

fn received_rule(by: ReceivedBy) -> &'static str {
    match by {
        ReceivedBy::Postmark => "R2.2.5",
        ReceivedBy::Recipient => "R2.2.6",
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
                sent_rule(by, card.postmarks.len())
            )
        },
    );
    let received = counted.settled.received.map_or_else(
        || tr0(lang, "postal-ledger-travelling"),
        |(d, by)| format!("{} ({})", shown(Some(d)), received_rule(by)),
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
