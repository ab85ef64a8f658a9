//! The simulation's day loop: events start on their day, the players whose
//! turn comes move (a seeded legal move, or the agreed end), then the
//! scheduler fires what fell due and the outbox is drained.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use chrono::{DateTime, TimeDelta, Utc};

use super::club::{ADMIN, Club, number_after_hash, player_name};
use super::meter::{Meter, Op};
use super::plan::PlannedEvent;
use super::rng::Rng;
use super::think::{Ending, think_time};
use crate::app::service::DeadlineHandler;
use crate::outbox::{Deliverer, Delivery, OutboxConfig, OutboxWorker};
use crate::scheduler::{Scheduler, SchedulerConfig};
use crate::store::{Db, EventId, OutboxNotice};
use crate::time::SimClock;

/// The span of simulated time whose due turns are played together, at its
/// first turn's instant.
const SLOT: TimeDelta = TimeDelta::hours(1);

/// The most outbox workers a simulation runs, as several processes would.
pub const OUTBOX_WORKERS: usize = 4;

/// A deliverer that sends nothing and counts.
#[derive(Debug, Default)]
pub struct CountingDeliverer(AtomicU64);

impl Deliverer for CountingDeliverer {
    async fn deliver(&self, _notice: &OutboxNotice) -> Delivery {
        self.0.fetch_add(1, Ordering::Relaxed);
        Delivery::Delivered
    }
}

/// A game the simulation plays.
pub(super) struct SimGame {
    pub(super) event: i64,
    pub(super) white: String,
    pub(super) black: String,
    pub(super) ending: Ending,
}

/// A span of simulated time, its end excluded.
#[derive(Clone, Copy, Debug)]
pub(super) struct Span {
    pub(super) from: DateTime<Utc>,
    pub(super) until: DateTime<Utc>,
}

impl Span {
    /// Whether `at` falls in it.
    pub(super) fn holds(&self, at: DateTime<Utc>) -> bool {
        self.from <= at && at < self.until
    }
}

/// The simulation in progress.
pub struct Federation {
    pub(super) club: Club,
    pub(super) db: Db,
    clock: Arc<SimClock>,
    scheduler: Scheduler<DeadlineHandler>,
    outboxes: Vec<OutboxWorker<CountingDeliverer>>,
    /// Commands and outbox workers run at once.
    pub(super) concurrency: usize,
    pub(super) rng: Rng,
    events: Vec<(PlannedEvent, i64)>,
    pub(super) started: Vec<i64>,
    pub(super) games: HashMap<i64, SimGame>,
    pub(super) queue: BinaryHeap<Reverse<(DateTime<Utc>, i64)>>,
    /// Each registered leave's span, by (player, event): the player does
    /// not move in that event's games then (R3.6.2).
    pub(super) leaves: HashMap<(String, i64), Span>,
    /// The figures so far.
    pub meter: Meter,
}

impl Federation {
    /// A federation on `club`'s app, its clock `clock`, seeded with `seed`,
    /// running up to `concurrency` commands at once and as many outbox
    /// workers (at most [`OUTBOX_WORKERS`]).
    pub fn new(club: Club, clock: Arc<SimClock>, seed: u64, concurrency: usize) -> Self {
        let db = club.app().db().clone();
        let scheduler = Scheduler::new(db.clone(), DeadlineHandler, SchedulerConfig::default());
        let concurrency = concurrency.max(1);
        let outboxes = (0..concurrency.min(OUTBOX_WORKERS))
            .map(|_| {
                let deliverer = CountingDeliverer::default();
                OutboxWorker::new(db.clone(), deliverer, OutboxConfig::default())
            })
            .collect();
        Self {
            club,
            db,
            clock,
            scheduler,
            outboxes,
            concurrency,
            rng: Rng::new(seed),
            events: Vec::new(),
            started: Vec::new(),
            games: HashMap::new(),
            queue: BinaryHeap::new(),
            leaves: HashMap::new(),
            meter: Meter::default(),
        }
    }

    /// Games created so far.
    pub fn games(&self) -> usize {
        self.games.len()
    }

    /// Creates the planned events and enters their players.
    pub async fn create_events(&mut self, plan: Vec<PlannedEvent>) -> anyhow::Result<()> {
        for (n, event) in plan.into_iter().enumerate() {
            let text = format!("/event create Sim{n} rounds={}", event.cycles);
            let (reply, _) = self.club.say(ADMIN, text).await?;
            let number = number_after_hash(&reply)
                .ok_or_else(|| anyhow::anyhow!("no event number in {reply:?}"))?;
            for &player in &event.players {
                let text = format!("/event join {number}");
                self.club.say(&player_name(player), text).await?;
            }
            self.events.push((event, number));
        }
        Ok(())
    }

    /// Simulates day `day` (from `start`): starts, moves, fires, sends.
    pub async fn run_day(&mut self, start: DateTime<Utc>, day: u32) -> anyhow::Result<()> {
        let morning = start + TimeDelta::days(i64::from(day));
        self.clock.set(morning);
        self.start_events(day, morning).await?;
        let evening = morning + TimeDelta::days(1);
        while let Some(Reverse((due, _))) = self.queue.peek().copied() {
            if due >= evening {
                break;
            }
            let now = due.max(morning);
            let slot_end = (now + SLOT).min(evening);
            let mut games = Vec::new();
            while let Some(Reverse((due, game))) = self.queue.peek().copied() {
                if due >= slot_end {
                    break;
                }
                self.queue.pop();
                games.push(game);
            }
            self.clock.set(now);
            self.play_slot(games, now).await?;
        }
        self.clock.set(evening);
        self.fire_and_send(evening).await
    }

    async fn fire_and_send(&mut self, now: DateTime<Utc>) -> anyhow::Result<()> {
        let started = Instant::now();
        let fired = self.scheduler.poll_due(now).await?;
        let fires = (fired.handled + fired.failed) as u64;
        // A poll that finds nothing is not a fire's cost: counting its time
        // with no fire would raise the mean as the days grow quiet.
        if fires > 0 {
            self.meter.record(Op::Fire, started.elapsed(), fires);
        }
        self.meter.fires += fires;
        let started = Instant::now();
        let polls = self.outboxes.iter().map(|outbox| outbox.poll(now));
        let mut sends = 0;
        for sent in futures_util::future::try_join_all(polls).await? {
            sends += (sent.delivered + sent.parked + sent.retried) as u64;
            self.meter.notices += sent.delivered as u64;
        }
        if sends > 0 {
            self.meter.record(Op::Send, started.elapsed(), sends);
        }
        Ok(())
    }

    async fn start_events(&mut self, day: u32, now: DateTime<Utc>) -> anyhow::Result<()> {
        let today: Vec<i64> = (self.events.iter())
            .filter(|(event, _)| event.start_day == day)
            .map(|(_, number)| *number)
            .collect();
        for number in today {
            self.club
                .say(ADMIN, format!("/event start {number}"))
                .await?;
            let mut tx = self.db.read().await?;
            let mut names = HashMap::new();
            for game in tx.games_of_event(EventId(number)).await? {
                for id in [game.white, game.black] {
                    if let std::collections::hash_map::Entry::Vacant(slot) = names.entry(id) {
                        slot.insert(tx.player(id).await?.display_name);
                    }
                }
                let (white, black) = (names[&game.white].clone(), names[&game.black].clone());
                let sim = SimGame {
                    event: number,
                    white,
                    black,
                    ending: Ending::draw_from(&mut self.rng),
                };
                self.games.insert(game.id.0, sim);
                let due = now + think_time(&mut self.rng);
                self.queue.push(Reverse((due, game.id.0)));
            }
            tx.commit().await?;
            self.started.push(number);
        }
        Ok(())
    }
}
