//! Postal time of a game (R2.4): calendar dates, each move costing the date
//! sent less the date received (R2.4.4), a variant's continuation free
//! (R2.4.8), leave left out (R2.7.4, R2.7.5), the arbiter's days added
//! (R2.4.9–R2.4.11, R2.6.8).

use chrono::{DateTime, NaiveDate, Utc};
use shakmaty::Color;

use crate::app::view::clock::MoveClock;
use crate::app::zone::{ShownInstant, player_zone};
use crate::core::clock::Clocks;
use crate::core::clock::postal::{Addition, Charge, Overstep, PostalClock, PostalMove};
use crate::core::clock::{Days, PlayerTime};
use crate::core::leave::LeaveTimeline;
use crate::core::regulation::Regulation;
use crate::store::{GameId, GameRecord, GameStatus, MoveRow, PlayerId, PostalPly, StoreError, Tx};
use serde::{Deserialize, Serialize};

use crate::app::failure::Failure;
use crate::app::i18n::Args;
use crate::app::i18n::Lang;
use crate::app::i18n::days_text;
use crate::app::i18n::tr;
use crate::app::view::game::regulation_of;
use crate::app::view::leave_time::{GameLeaves, game_leaves};

/// One move of a postal game as the clock counts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ClockedMove {
    /// When the move it answers was received.
    pub received: DateTime<Utc>,
    /// When it was delivered (the postmark, R2.2).
    pub sent: DateTime<Utc>,
    /// An uncharged move of a variant (R2.4.8).
    pub continuation: bool,
}

/// The stored moves of a game as the clock counts them: the postal dates
/// where recorded, else the previous move's delivery (or the start) as
/// received.
pub(crate) fn clocked_moves(
    start: DateTime<Utc>,
    rows: &[MoveRow],
    plies: &[PostalPly],
) -> Vec<ClockedMove> {
    let mut previous = start;
    rows.iter()
        .map(|row| {
            let postal = plies.iter().find(|p| p.ply == row.ply);
            let entry = ClockedMove {
                received: postal.map_or(previous, |p| p.received_at),
                sent: row.received_at,
                continuation: postal.is_some_and(|p| p.continuation),
            };
            previous = row.received_at;
            entry
        })
        .collect()
}

/// The clock's inputs of one game.
pub(crate) struct PostalGame<'a> {
    /// The clock of the event's regulation.
    pub clock: PostalClock,
    /// The game's start.
    pub start: DateTime<Utc>,
    /// The moves, in order (White's first).
    pub entries: &'a [ClockedMove],
    /// Both players' leave and the arbiter's days.
    pub leaves: &'a GameLeaves,
}

impl PostalGame<'_> {
    fn start_date(&self) -> NaiveDate {
        self.clock.date_of(self.start)
    }

    fn moves_of(&self, colour: Color) -> Vec<PostalMove> {
        let side = usize::from(colour == Color::Black);
        self.entries
            .iter()
            .enumerate()
            .filter(|(index, _)| index % 2 == side)
            .map(|(_, entry)| self.postal_move(entry))
            .collect()
    }

    fn postal_move(&self, entry: &ClockedMove) -> PostalMove {
        let mut mv = PostalMove::new(
            self.clock.date_of(entry.received),
            self.clock.date_of(entry.sent),
        );
        if entry.continuation {
            mv.charge = Charge::VariantContinuation;
        }
        mv
    }

    /// The days each move cost (R2.4.4, R2.4.8), in order.
    pub(crate) fn costs(&self) -> Vec<Days> {
        self.entries
            .iter()
            .enumerate()
            .map(|(index, entry)| {
                let colour = if index % 2 == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                let mv = self.postal_move(entry);
                self.clock
                    .move_cost(&mv, self.start_date(), self.leaves.of(colour))
            })
            .collect()
    }

    /// The player of `colour`'s time on `now`'s date (R2.4.1).
    pub(crate) fn time_of(&self, colour: Color, now: DateTime<Utc>) -> PlayerTime {
        let moves = self.moves_of(colour);
        let to_move = self.entries.len() % 2 == usize::from(colour == Color::Black);
        let pending = to_move.then(|| {
            let received = self.entries.last().map_or(self.start, |e| e.sent);
            self.clock.date_of(received)
        });
        let mut time = self.clock.time_state(
            &moves,
            &[],
            pending,
            self.clock.date_of(now),
            self.start_date(),
            self.leaves.of(colour),
        );
        let offset = self.leaves.offset(colour);
        time.used += offset;
        time.left -= offset;
        time
    }

    /// The first move of `colour`'s over the overstep norm (R2.6.1), the
    /// arbiter's penalty days counted.
    pub(crate) fn overstep_of(&self, colour: Color) -> Option<Overstep> {
        let offset = self.leaves.offset(colour);
        let added: Vec<Addition> = u32::try_from(offset)
            .ok()
            .filter(|d| *d > 0)
            .map(Addition::Days)
            .into_iter()
            .collect();
        self.clock.overstep(
            &self.moves_of(colour),
            &added,
            self.start_date(),
            self.leaves.of(colour),
        )
    }

    /// The pending move's clock on `now`'s date: who is to move, since when,
    /// the days it has cost so far (R2.4.4), and the midnight (in the
    /// regulation's zone) from which sending it oversteps the norm (R2.6.1),
    /// leave (R2.7.4) and the arbiter's days (R2.4.9) counted.
    pub(crate) fn pending(&self, now: DateTime<Utc>) -> MoveClock {
        let colour = if self.entries.len().is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        let since = self.entries.last().map_or(self.start, |e| e.sent);
        let received = self.clock.date_of(since);
        let leaves = self.leaves.of(colour);
        let due = self.clock.overstep_date_with_offset(
            &self.moves_of(colour),
            self.leaves.offset(colour),
            received,
            self.start_date(),
            leaves,
        );
        PendingDates {
            colour,
            since,
            received,
            due,
            start: self.start_date(),
            leaves,
        }
        .clock(&self.clock, now)
    }

    /// Both clocks on `now`'s date.
    pub(crate) fn clocks(&self, now: DateTime<Utc>) -> Clocks {
        let white = self.time_of(Color::White, now);
        let black = self.time_of(Color::Black, now);
        Clocks {
            white_used: white.used,
            white_left: white.left,
            black_used: black.used,
            black_left: black.left,
        }
    }
}

/// The dates of a pending postal move, from which its clock follows.
pub(crate) struct PendingDates<'a> {
    /// Who is to move.
    pub colour: Color,
    /// Since when (the partner's move sent, or the start).
    pub since: DateTime<Utc>,
    /// The date the partner's move was received (R2.4.4).
    pub received: NaiveDate,
    /// The first date on which sending the move oversteps the norm (R2.6.1).
    pub due: NaiveDate,
    /// The game's start date.
    pub start: NaiveDate,
    /// The mover's leave (R2.7.4).
    pub leaves: &'a LeaveTimeline,
}

impl PendingDates<'_> {
    /// The move's clock on `now`'s date: the days it has cost so far
    /// (R2.4.4), the midnight (in the regulation's zone) from which sending
    /// it oversteps the norm, and the days over it once past (R2.6.1).
    pub(crate) fn clock(&self, clock: &PostalClock, now: DateTime<Utc>) -> MoveClock {
        let today = clock.date_of(now);
        let over = if today >= self.due {
            let last_free = self.due - chrono::Duration::days(1);
            clock
                .days_between(last_free, today, self.start, self.leaves)
                .max(1)
        } else {
            0
        };
        MoveClock {
            colour: self.colour,
            since: self.since,
            days_on_move: clock.days_between(self.received, today, self.start, self.leaves),
            loses_at: clock.midnight(self.due),
            postal: true,
            over,
            room: None,
        }
    }
}

/// The stored inputs of a game's postal clock.
pub(crate) struct Loaded {
    /// The regulation.
    pub regulation: Regulation,
    /// The moves.
    pub rows: Vec<MoveRow>,
    /// The moves as the clock counts them.
    pub entries: Vec<ClockedMove>,
    /// Leave and the arbiter's days.
    pub leaves: GameLeaves,
}

impl Loaded {
    /// Reads a game's clock inputs.
    pub(crate) async fn of(
        tx: &mut Tx,
        game: &GameRecord,
        now: DateTime<Utc>,
    ) -> Result<Self, Failure> {
        let regulation = regulation_of(&tx.event(game.event_id).await?);
        let rows = tx.moves(game.id).await?;
        let plies = tx.postal_plies(game.id).await?;
        let entries = clocked_moves(game.started_at.unwrap_or(now), &rows, &plies);
        let leaves = game_leaves(tx, game).await?;
        Ok(Self {
            regulation,
            rows,
            entries,
            leaves,
        })
    }

    /// The clock over these inputs.
    pub(crate) fn game(&self, start: DateTime<Utc>) -> PostalGame<'_> {
        PostalGame {
            clock: PostalClock::new(&self.regulation),
            start,
            entries: &self.entries,
            leaves: &self.leaves,
        }
    }
}

/// Both postal clocks of `game` at `now` (or when it finished).
pub(crate) async fn game_clocks(
    tx: &mut Tx,
    game: &GameRecord,
    now: DateTime<Utc>,
) -> Result<Clocks, Failure> {
    if let Some(clocks) = crate::app::view::card_clock::ledger_clocks(tx, game, now).await? {
        return Ok(clocks);
    }
    let loaded = Loaded::of(tx, game, now).await?;
    let at = game.finished_at.unwrap_or(now);
    let start = game.started_at.unwrap_or(at);
    Ok(loaded.game(start).clocks(at))
}

/// The pending move's postal clock of a running game at `now`: played
/// through the bot, or by post with cards (from the dates the players
/// entered, R2.2; `None` while the partner's last card has no date of
/// receipt); `None` for a finished game.
pub(crate) async fn pending_postal_clock(
    tx: &mut Tx,
    game: &GameRecord,
    now: DateTime<Utc>,
) -> Result<Option<MoveClock>, Failure> {
    if game.status != GameStatus::Running {
        return Ok(None);
    }
    if tx.kept_by_cards(game.id).await? {
        return crate::app::view::card_clock::pending_clock(tx, game, now).await;
    }
    let loaded = Loaded::of(tx, game, now).await?;
    let start = game.started_at.unwrap_or(now);
    Ok(Some(loaded.game(start).pending(now)))
}

/// The deadline of the reply to the move just sent in game `id` (read
/// afresh), as `recipient` sees it (R2.6.1); `None` for a game over, or
/// kept by cards whose last has no date of receipt yet.
pub(crate) async fn reply_deadline(
    tx: &mut Tx,
    id: GameId,
    recipient: PlayerId,
    now: DateTime<Utc>,
) -> Result<Option<PostalDeadline>, Failure> {
    let game = tx.game(id).await?;
    let Some(clock) = pending_postal_clock(tx, &game, now).await? else {
        return Ok(None);
    };
    let event = tx.event(game.event_id).await?;
    let zone = player_zone(tx, recipient, Some(&event)).await?;
    Ok(Some(PostalDeadline {
        at: ShownInstant::new(clock.loses_at, zone),
        over: clock.over,
    }))
}

/// The date text of an instant in the regulation's zone.
pub(crate) fn date_text(clock: &PostalClock, at: DateTime<Utc>) -> String {
    crate::app::command::shown_date(clock.date_of(at))
}

/// One move of a postal game as the audit export shows it: its postal
/// dates, the days it cost (R2.4.4, R2.4.8) and both clocks after it, the
/// arbiter's days made by then counted (R2.4.1, R2.4.9).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct AuditedMove {
    /// The date the move it answers was received.
    pub received: NaiveDate,
    /// The date it was sent.
    pub sent: NaiveDate,
    /// The days it cost its player.
    pub cost: Days,
    /// A variant's uncharged move (R2.4.8).
    pub continuation: bool,
    /// White's and Black's time just after it.
    pub clocks: [PlayerTime; 2],
}

/// A postal game's moves by the postal clock, and both clocks at `as_of`
/// for a running game (the export, R2.1.3, R2.4).
pub(crate) async fn audited_moves(
    tx: &mut Tx,
    game: &GameRecord,
    as_of: DateTime<Utc>,
) -> Result<(Vec<AuditedMove>, Option<[PlayerTime; 2]>), StoreError> {
    let regulation = tx.event(game.event_id).await?.regulation;
    let rows = tx.moves(game.id).await?;
    let plies = tx.postal_plies(game.id).await?;
    let loaded = Loaded {
        entries: clocked_moves(game.started_at.unwrap_or(as_of), &rows, &plies),
        leaves: game_leaves(tx, game).await?,
        regulation,
        rows,
    };
    let adjustments = tx.clock_adjustments_of(game.id).await?;
    let start = game.started_at.unwrap_or(as_of);
    let clock = PostalClock::new(&loaded.regulation);
    let costs = loaded.game(start).costs();
    let offsets_at = |at: DateTime<Utc>| {
        let mut offsets = [0, 0];
        for a in adjustments.iter().filter(|a| a.made_at <= at) {
            offsets[usize::from(a.player != game.white)] += a.days;
        }
        offsets
    };
    let mut out = Vec::new();
    for (index, (entry, cost)) in loaded.entries.iter().zip(costs).enumerate() {
        let leaves = loaded.leaves.with_offsets(offsets_at(entry.sent));
        let after = PostalGame {
            clock,
            start,
            entries: &loaded.entries[..=index],
            leaves: &leaves,
        };
        out.push(AuditedMove {
            received: clock.date_of(entry.received),
            sent: clock.date_of(entry.sent),
            cost,
            continuation: entry.continuation,
            clocks: [
                after.time_of(Color::White, entry.sent),
                after.time_of(Color::Black, entry.sent),
            ],
        });
    }
    let now = (game.status == GameStatus::Running && game.started_at.is_some()).then(|| {
        let postal = loaded.game(start);
        [
            postal.time_of(Color::White, as_of),
            postal.time_of(Color::Black, as_of),
        ]
    });
    Ok((out, now))
}

/// When a postal reply oversteps the norm (R2.4, R2.6.1), as its recipient
/// sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PostalDeadline {
    /// The first instant sending the reply oversteps the norm, in the
    /// recipient's zone.
    pub at: ShownInstant,
    /// Leave-free days the time is already over the norm; 0 when it is not.
    pub over: Days,
}

impl PostalDeadline {
    /// «Надішліть хід до …» or «Час перевищено на …» (never a negative count).
    pub fn text(&self, lang: Lang) -> String {
        if self.over > 0 {
            let args = Args::new().with("over", days_text(lang, self.over));
            tr(lang, "postal-notice-over", &args)
        } else {
            let args = Args::new().with("at", self.at.deadline_text(lang));
            tr(lang, "postal-notice-deadline", &args)
        }
    }
}
