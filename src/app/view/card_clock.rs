//! The clocks of a game kept by postal cards (R2.2, R2.4, R2.6.1): the
//! cards counted by the rules, both totals with penalty and the arbiter's
//! days (R2.4.9), and the pending move's clock.

use crate::app::failure::Failure;
use crate::app::view::clock::MoveClock;
use crate::app::view::game::regulation_of;
use crate::app::view::leave_time::{GameLeaves, game_leaves};
use crate::app::view::postal_clock::PendingDates;
use crate::core::clock::Clocks;
use crate::core::clock::postal::PostalClock;
use crate::core::clock::{Days, allowance, control_index};
use crate::core::postal::ledger::{Card, Ledger, count_ledger};
use crate::core::regulation::Regulation;
use crate::store::{GameRecord, StoredCard, StoredImpossibleCard, Tx};
use chrono::{DateTime, NaiveDate, Utc};
use shakmaty::Color;

pub(crate) fn date(text: &Option<String>) -> Option<NaiveDate> {
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
pub(crate) struct CountedCards {
    /// The cards with a possible move, as entered.
    pub(crate) cards: Vec<Card>,
    /// The cards with an impossible move (R2.3.9, R2.3.10), as entered.
    pub(crate) impossible: Vec<StoredImpossibleCard>,
    /// Each card with a possible move counted (its dates and days as the
    /// rules settle them), the penalty days of each impossible one (R2.4.9,
    /// R2.4.10) and those still awaiting their possible move.
    pub(crate) ledger: Ledger,
    /// Both players' leave and the days the arbiter added (R2.4.9).
    leaves: GameLeaves,
}

impl CountedCards {
    /// White's (`0`) or Black's (`1`) cards with a possible move, and their
    /// total time with every penalty and the arbiter's days (R2.4.1).
    fn side(&self, side: usize) -> (u32, Days) {
        let counts = &self.ledger.counts;
        let made = counts.iter().skip(side).step_by(2).count();
        let total = counts
            .iter()
            .skip(side)
            .step_by(2)
            .next_back()
            .map_or(0, |c| c.total);
        let used = total + self.ledger.awaiting_days[side] + self.leaves.offsets()[side];
        (u32::try_from(made).unwrap_or(u32::MAX), used)
    }
}

/// A game's cards counted, or `None` if it has none.
pub(crate) async fn counted(
    tx: &mut Tx,
    game: &GameRecord,
    regulation: &Regulation,
    now: DateTime<Utc>,
) -> Result<Option<CountedCards>, Failure> {
    let stored = tx.cards(game.id).await?;
    let impossible = tx.impossible_cards(game.id).await?;
    if stored.is_empty() && impossible.is_empty() {
        return Ok(None);
    }
    let leaves = game_leaves(tx, game).await?;
    let cards: Vec<Card> = stored.iter().map(core_card).collect();
    let at: Vec<usize> = impossible
        .iter()
        .map(|card| usize::try_from(card.ply - 1).unwrap_or(0))
        .collect();
    let ledger = count_cards(game, regulation, (&cards, &at), &leaves, now);
    Ok(Some(CountedCards {
        cards,
        impossible,
        ledger,
        leaves,
    }))
}

/// Both players' time over `cards` (R2.4), White's first, with the cards
/// that carried an impossible move (R2.4.9).
fn count_cards(
    game: &GameRecord,
    regulation: &Regulation,
    cards: (&[Card], &[usize]),
    leaves: &GameLeaves,
    now: DateTime<Utc>,
) -> Ledger {
    let clock = PostalClock::new(regulation);
    let start = clock.date_of(game.started_at.unwrap_or(now));
    let registered = regulation.registered_mail_required;
    count_ledger(&clock, (start, registered), cards, leaves.pair())
}

/// The pending move's clock of a game by post from its cards (R2.2, R2.4,
/// R2.6.1): the move is pending from the date the partner's last card was
/// received (the start for White's first), and oversteps the norm from the
/// date the mover's total (penalty and the arbiter's days included) would
/// pass it; `None` while that card has no date of receipt (it travels, or
/// the recipient has not entered it).
pub(crate) async fn pending_clock(
    tx: &mut Tx,
    game: &GameRecord,
    now: DateTime<Utc>,
) -> Result<Option<MoveClock>, Failure> {
    let regulation = regulation_of(&tx.event(game.event_id).await?);
    let Some(counted) = counted(tx, game, &regulation, now).await? else {
        return Ok(None);
    };
    let clock = PostalClock::new(&regulation);
    let start = clock.date_of(game.started_at.unwrap_or(now));
    let counts = &counted.ledger.counts;
    let received = match counts.last() {
        Some(last) => match last.settled.received {
            Some((received, _)) => received,
            None => return Ok(None),
        },
        None => start,
    };
    let colour = if counts.len().is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    let (made, used_before) = counted.side(usize::from(colour == Color::Black));
    let timeline = counted.leaves.of(colour);
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
    let Some(counted) = counted(tx, game, &regulation, now).await? else {
        return Ok(None);
    };
    let side = |s: usize| {
        let (made, used) = counted.side(s);
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
