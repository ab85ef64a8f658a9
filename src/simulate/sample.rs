//! The reads sampled at the end of each phase: a few players' `/games` and
//! a few started events' `/standings`, timed through the app.

use super::club::player_name;
use super::federation::Federation;
use super::meter::Op;

/// Reads of each kind sampled per phase.
const SAMPLES: usize = 5;

impl Federation {
    /// Times `/games` of [`SAMPLES`] random players and `/standings` of as
    /// many random started events.
    pub(super) async fn sample_reads(&mut self, players: usize) -> anyhow::Result<()> {
        for _ in 0..SAMPLES {
            let player = player_name(self.rng.below(players as u64) as usize);
            let (_, took) = self.club.say(&player, "/games".to_owned()).await?;
            self.meter.record(Op::Games, took, 1);
        }
        if self.started.is_empty() {
            return Ok(());
        }
        for _ in 0..SAMPLES {
            let event = self.started[self.rng.below(self.started.len() as u64) as usize];
            let text = format!("/standings {event}");
            let (_, took) = self.club.say(super::club::ADMIN, text).await?;
            self.meter.record(Op::Standings, took, 1);
        }
        Ok(())
    }
}
