//! The simulation's measurements: totals, and each operation's mean cost in
//! each tenth of the simulated days (so its growth with the data shows).

use std::time::Duration;

/// The operations whose cost is sampled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// A `/move` command through the app.
    Move,
    /// One deadline fired by the scheduler.
    Fire,
    /// One notice sent by the outbox worker.
    Send,
    /// A player's `/games`.
    Games,
    /// An event's `/standings`.
    Standings,
}

/// Every [`Op`], in report order.
pub const OPS: [Op; 5] = [Op::Move, Op::Fire, Op::Send, Op::Games, Op::Standings];

impl Op {
    fn index(self) -> usize {
        self as usize
    }

    /// Its name in the report.
    pub fn name(self) -> &'static str {
        match self {
            Op::Move => "move",
            Op::Fire => "fire",
            Op::Send => "send",
            Op::Games => "/games",
            Op::Standings => "/standings",
        }
    }
}

/// The figures of one phase (a tenth of the days).
#[derive(Clone, Debug, Default)]
pub struct Phase {
    /// The last simulated day of the phase.
    pub day: u32,
    /// Games started by its end.
    pub games_started: usize,
    /// Moves stored by its end.
    pub moves: u64,
    /// (total time, count) per [`Op`].
    pub costs: [(Duration, u64); 5],
}

impl Phase {
    /// The mean cost of `op` in this phase, if it was sampled.
    pub fn mean(&self, op: Op) -> Option<Duration> {
        let (total, count) = self.costs[op.index()];
        (count > 0).then(|| total / count as u32)
    }
}

/// The whole run's figures.
#[derive(Clone, Debug, Default)]
pub struct Meter {
    /// Moves made.
    pub moves: u64,
    /// Moves refused (none expected: a refusal is a finding).
    pub refused: u64,
    /// The first refused move and the app's answer.
    pub first_refusal: Option<String>,
    /// Deadlines fired.
    pub fires: u64,
    /// Notices sent.
    pub notices: u64,
    /// Leaves registered.
    pub leaves: u64,
    /// Resignations and agreed draws.
    pub agreed_ends: u64,
    /// The phases so far; the last is the current one.
    pub phases: Vec<Phase>,
}

impl Meter {
    /// Adds `count` operations of `op` that took `took` in all.
    pub fn record(&mut self, op: Op, took: Duration, count: u64) {
        if self.phases.is_empty() {
            self.phases.push(Phase::default());
        }
        let phase = self.phases.last_mut().expect("a phase");
        let cost = &mut phase.costs[op.index()];
        cost.0 += took;
        cost.1 += count;
    }

    /// Closes the current phase at `day` and opens the next.
    pub fn close_phase(&mut self, day: u32, games_started: usize) {
        if self.phases.is_empty() {
            self.phases.push(Phase::default());
        }
        let phase = self.phases.last_mut().expect("a phase");
        phase.day = day;
        phase.games_started = games_started;
        phase.moves = self.moves;
        self.phases.push(Phase::default());
    }

    /// The closed phases.
    pub fn closed(&self) -> &[Phase] {
        &self.phases[..self.phases.len().saturating_sub(1)]
    }

    /// The mean cost of `op` over the whole run.
    pub fn overall(&self, op: Op) -> Option<Duration> {
        let (total, count) = self
            .phases
            .iter()
            .map(|p| p.costs[op.index()])
            .fold((Duration::ZERO, 0), |(t, c), (pt, pc)| (t + pt, c + pc));
        (count > 0).then(|| total / count as u32)
    }
}

/// The process's peak resident set (`VmHWM` of `/proc/self/status`), in
/// bytes; `None` where there is no such file.
pub fn peak_rss() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phases_keep_their_own_means() {
        let mut meter = Meter::default();
        meter.record(Op::Move, Duration::from_millis(4), 2);
        meter.close_phase(10, 5);
        meter.record(Op::Move, Duration::from_millis(9), 3);
        meter.close_phase(20, 6);
        let phases = meter.closed();
        assert_eq!(phases.len(), 2);
        assert_eq!(phases[0].mean(Op::Move), Some(Duration::from_millis(2)));
        assert_eq!(phases[1].mean(Op::Move), Some(Duration::from_millis(3)));
        assert_eq!(phases[1].mean(Op::Fire), None);
        assert_eq!(meter.overall(Op::Move), Some(Duration::from_millis(13) / 5));
    }
}
