//! How long a simulated player thinks over a move, and when a game ends by
//! agreement: the seeded distributions of the simulation.

use chrono::TimeDelta;

use super::rng::Rng;

/// A think time: most moves in 1–5 days, some in 6–20, a few within the
/// day, and now and then a silence of 36–60 days, which brings the
/// reminders (R3.3.1), the continuation notice and the silence case
/// (R3.3.2) and often the loss on time (R3.5.7).
pub fn think_time(rng: &mut Rng) -> TimeDelta {
    let roll = rng.unit();
    let minutes = if roll < 0.005 {
        rng.between(36 * DAY, 60 * DAY)
    } else if roll < 0.045 {
        rng.between(DAY / 10, DAY)
    } else if roll < 0.145 {
        rng.between(6 * DAY, 20 * DAY)
    } else {
        rng.between(DAY, 5 * DAY)
    };
    TimeDelta::minutes(minutes as i64)
}

/// Minutes in a day.
const DAY: u64 = 24 * 60;

/// How a game that does not end over the board ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The side to move resigns at this ply.
    Resign(i64),
    /// The side to move offers a draw at this ply and the partner accepts.
    Draw(i64),
}

impl Ending {
    /// A seeded ending between ply 20 and 120.
    pub fn draw_from(rng: &mut Rng) -> Self {
        let ply = rng.between(20, 120) as i64;
        if rng.chance(0.5) {
            Self::Resign(ply)
        } else {
            Self::Draw(ply)
        }
    }

    /// The ply at which it happens.
    pub fn ply(self) -> i64 {
        match self {
            Self::Resign(ply) | Self::Draw(ply) => ply,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn most_think_times_are_one_to_five_days_and_some_are_silences() {
        let mut rng = Rng::new(3);
        let times: Vec<_> = (0..20_000).map(|_| think_time(&mut rng)).collect();
        let usual = times
            .iter()
            .filter(|t| (1..=5).contains(&t.num_days()))
            .count();
        let silences = times.iter().filter(|t| t.num_days() >= 36).count();
        assert!(usual > 16_000, "{usual}");
        assert!((40..200).contains(&silences), "{silences}");
        assert!(times.iter().all(|t| t.num_days() <= 60));
    }
}
