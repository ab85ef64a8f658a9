//! The ledger of a game played by real post or e-mail (R2.2, R2.4): each
//! card's dates settled by R2.2.2–R2.2.7, both players' time counted by
//! R2.4 with penalty days (R2.4.9, R2.4.10, R2.4.12), oversteps flagged
//! (R2.6.1).

use chrono::NaiveDate;

use crate::core::clock::Days;
use crate::core::clock::postal::{Addition, PenaltyError, PostalClock, PostalMove, additions_days};
use crate::core::leave::LeaveTimeline;

/// Days left at or under which replies go by registered mail (R2.4.12).
pub const REGISTERED_MAIL_DAYS: Days = 5;

/// What the players entered about one card.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Card {
    /// The date the sender wrote on the card.
    pub written: Option<NaiveDate>,
    /// The legible postmarks on the card (either player may enter them).
    pub postmarks: Vec<NaiveDate>,
    /// The date on the registered-mail receipt, if sent registered.
    pub receipt: Option<NaiveDate>,
    /// The date of receipt the recipient states.
    pub received: Option<NaiveDate>,
    /// Whether the sender repeated the partner's last move correctly
    /// (R2.3.6); `None` if there was none to repeat.
    pub repeat_ok: Option<bool>,
    /// Days of the reply spent telling the partner that their move was
    /// impossible or illegible, or repeating one's own move already sent
    /// (R2.4.7): not thinking time, at most 3 count.
    pub exempt_days: u8,
}

/// Which rule gave a card's sending date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SentBy {
    /// The registered-mail receipt (R2.2.4).
    Receipt,
    /// The postmark, over the written date (R2.2.3); the earliest of several
    /// (R2.2.5).
    Postmark,
    /// No legible postmark: the sender's written date (R2.2.6).
    Written,
    /// Neither: settled in the reply, here the date of receipt (R2.2.7).
    Reply,
}

/// Which rule gave a card's date of receipt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReceivedBy {
    /// The latest of two or more postmarks (R2.2.5).
    Postmark,
    /// The recipient's own date (R2.2.6).
    Recipient,
}

/// A card's dates as the rules settle them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settled {
    /// The sending date and its rule; `None` until anything gives it.
    pub sent: Option<(NaiveDate, SentBy)>,
    /// The date of receipt and its rule; `None` while the card travels.
    pub received: Option<(NaiveDate, ReceivedBy)>,
}

/// Settles a card's dates (R2.2.2–R2.2.7).
pub fn settle(card: &Card) -> Settled {
    let received = if card.postmarks.len() >= 2 {
        card.postmarks
            .iter()
            .max()
            .map(|d| (*d, ReceivedBy::Postmark))
    } else {
        card.received.map(|d| (d, ReceivedBy::Recipient))
    };
    let sent = if let Some(receipt) = card.receipt {
        Some((receipt, SentBy::Receipt))
    } else if let Some(first) = card.postmarks.iter().min() {
        Some((*first, SentBy::Postmark))
    } else if let Some(written) = card.written {
        Some((written, SentBy::Written))
    } else {
        received.map(|(d, _)| (d, SentBy::Reply))
    };
    Settled { sent, received }
}

/// One card counted: its cost to the sender, the penalties it drew and
/// the sender's total after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counted {
    /// The card's dates.
    pub settled: Settled,
    /// Days of thinking it cost the sender (R2.4.4).
    pub cost: Days,
    /// Penalties the card drew (R2.4.9, R2.4.12).
    pub penalties: Vec<PenaltyError>,
    /// The sender's total after it, penalty days included (R2.4.1).
    pub total: Days,
    /// The sender's time exceeded the overstep norm with this card (R2.6.1).
    pub overstep: bool,
}

/// The cards counted, with the cards that carried an impossible move.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Ledger {
    /// Each card with a possible move, counted.
    pub counts: Vec<Counted>,
    /// The penalty days of each card with an impossible move, in the order
    /// given: 5, or 10 for each repetition of that error in the game (R2.4.9,
    /// R2.4.10).
    pub impossible_days: Vec<Days>,
    /// Penalty days of impossible cards sent after each side's last counted
    /// card (White's, Black's): the move they should have carried is still
    /// awaited, and the days already count in that player's time.
    pub awaiting_days: [Days; 2],
}

/// Counts both players' time over the cards, White's first (R2.4): a card
/// costs its sending date less the date the partner's card was received
/// (the start for White's first); an unsettled date costs nothing yet. A
/// wrong repetition adds 5 penalty days, 10 on each repetition (R2.4.9,
/// R2.4.10); a card not registered when the sender had 5 days or fewer
/// left adds the same (R2.4.12), as does every card not registered when
/// the regulation requires registered mail (`registered`, R2.2.1, R2.4.9).
pub fn count(
    clock: &PostalClock,
    dates: (NaiveDate, bool),
    cards: &[Card],
    leaves: [&LeaveTimeline; 2],
) -> Vec<Counted> {
    count_ledger(clock, dates, (cards, &[]), leaves).counts
}

/// [`count`] with the cards that carried an impossible or illegible move,
/// or none (R2.3.9), each given by the index of the card it should have
/// been (`cards.len()` while the replacement is awaited): each adds
/// R2.4.9's 5 penalty days to its sender's time, 10 on each repetition
/// (R2.4.10). The time of the move runs on until the possible move is
/// sent (R2.3.10), so the impossible card changes no date.
pub fn count_ledger(
    clock: &PostalClock,
    (start, registered): (NaiveDate, bool),
    (cards, impossible): (&[Card], &[usize]),
    leaves: [&LeaveTimeline; 2],
) -> Ledger {
    let mut moves: [Vec<PostalMove>; 2] = [Vec::new(), Vec::new()];
    let mut additions: [Vec<Addition>; 2] = [Vec::new(), Vec::new()];
    let mut flagged = [false, false];
    let mut ledger = Ledger::default();
    let mut out = Vec::new();
    let mut previous_received = start;
    let mut impossible_cards = impossible.iter().copied().peekable();
    for (index, card) in cards.iter().enumerate() {
        let side = index % 2;
        while impossible_cards.next_if(|at| *at <= index).is_some() {
            ledger.impossible_days.push(add_penalty(
                &mut additions[side],
                PenaltyError::ImpossibleMove,
            ));
        }
        let settled = settle(card);
        let received = previous_received;
        let sent = settled.sent.map_or(received, |(d, _)| d.max(received));
        let before = clock.time_state(
            &moves[side],
            &additions[side],
            Some(received),
            sent,
            start,
            leaves[side],
        );
        let mut penalties = Vec::new();
        if card.repeat_ok == Some(false) {
            penalties.push(PenaltyError::WrongRepeat);
        }
        if card.receipt.is_none() && (registered || before.left <= REGISTERED_MAIL_DAYS) {
            penalties.push(PenaltyError::NoRegisteredMail);
        }
        additions[side].extend(penalties.iter().map(|p| Addition::Penalty(*p)));
        let mut mv = PostalMove::new(received, sent);
        mv.exempt_days = card.exempt_days;
        let cost = clock.move_cost(&mv, start, leaves[side]);
        moves[side].push(mv);
        let total = clock.used(&moves[side], &additions[side], start, leaves[side]);
        let over = clock
            .overstep(&moves[side], &additions[side], start, leaves[side])
            .is_some();
        out.push(Counted {
            settled,
            cost,
            penalties,
            total,
            overstep: over && !flagged[side],
        });
        flagged[side] |= over;
        previous_received = settled.received.map_or(sent, |(d, _)| d);
    }
    let side = cards.len() % 2;
    for _ in impossible_cards {
        let days = add_penalty(&mut additions[side], PenaltyError::ImpossibleMove);
        ledger.impossible_days.push(days);
        ledger.awaiting_days[side] += days;
    }
    ledger.counts = out;
    ledger
}

/// Adds a penalty for `error` and returns its days (R2.4.9, R2.4.10).
fn add_penalty(additions: &mut Vec<Addition>, error: PenaltyError) -> Days {
    let before = additions_days(additions);
    additions.push(Addition::Penalty(error));
    additions_days(additions) - before
}

#[cfg(test)]
mod tests;
