//! The simulation's report: totals and rates, then each operation's mean
//! cost per tenth of the days.

use std::fmt;
use std::time::Duration;

use super::History;
use super::meter::{Meter, OPS};
use super::millis;
use crate::store::Backend;

/// What a simulation measured.
#[derive(Clone, Debug)]
pub struct Report {
    /// The backend it ran on.
    pub backend: Backend,
    /// Players in the pool.
    pub players: usize,
    /// Simulated days.
    pub days: u32,
    /// Commands run at once.
    pub concurrency: usize,
    /// The past written before the days.
    pub history: History,
    /// Games created.
    pub games: usize,
    /// Games finished by the end.
    pub finished: usize,
    /// The events' creation and entries.
    pub setup: Duration,
    /// The whole run.
    pub wall: Duration,
    /// The database's size at the end.
    pub db_bytes: i64,
    /// The process's peak resident set.
    pub peak_rss: Option<u64>,
    /// Counts and costs.
    pub meter: Meter,
}

impl Report {
    fn rate(&self, count: u64) -> f64 {
        count as f64 / self.wall.as_secs_f64().max(1e-9)
    }
}

fn mib(bytes: u64) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}

fn cost(value: Option<Duration>) -> String {
    value.map_or_else(|| "—".to_owned(), |d| format!("{:.2}", millis(d)))
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = &self.meter;
        writeln!(
            f,
            "simulation on {:?}: {} players, {} games, {} days, {} commands at once",
            self.backend, self.players, self.games, self.days, self.concurrency
        )?;
        if self.history.games > 0 {
            writeln!(
                f,
                "history        {} finished games, {} moves, written in {:.1} s",
                self.history.games,
                self.history.moves,
                self.history.took.as_secs_f64()
            )?;
        }
        writeln!(
            f,
            "wall time      {:.1} s (setup {:.1} s)",
            self.wall.as_secs_f64(),
            self.setup.as_secs_f64()
        )?;
        writeln!(
            f,
            "moves          {} ({:.0}/s); refused {}",
            m.moves,
            self.rate(m.moves),
            m.refused
        )?;
        if let Some(refusal) = &m.first_refusal {
            writeln!(f, "first refusal  {refusal}")?;
        }
        writeln!(
            f,
            "notices        {} ({:.0}/s)",
            m.notices,
            self.rate(m.notices)
        )?;
        writeln!(
            f,
            "scheduler      {} fires ({:.0}/s)",
            m.fires,
            self.rate(m.fires)
        )?;
        writeln!(
            f,
            "games finished {} of {}; agreed ends {}; leaves asked {}",
            self.finished, self.games, m.agreed_ends, m.leaves
        )?;
        let rss = self
            .peak_rss
            .map_or_else(|| "—".to_owned(), |b| format!("{:.1} MiB", mib(b)));
        writeln!(f, "peak RSS       {rss}")?;
        writeln!(
            f,
            "database       {:.1} MiB",
            mib(self.db_bytes.max(0) as u64)
        )?;
        write!(
            f,
            "mean cost, ms: {:>5} {:>7} {:>8}",
            "day", "games", "moves"
        )?;
        for op in OPS {
            write!(f, " {:>10}", op.name())?;
        }
        writeln!(f)?;
        for phase in m.closed() {
            write!(
                f,
                "               {:>5} {:>7} {:>8}",
                phase.day, phase.games_started, phase.moves
            )?;
            for op in OPS {
                write!(f, " {:>10}", cost(phase.mean(op)))?;
            }
            writeln!(f)?;
        }
        write!(f, "               {:>5} {:>7} {:>8}", "all", "", "")?;
        for op in OPS {
            write!(f, " {:>10}", cost(m.overall(op)))?;
        }
        Ok(())
    }
}
