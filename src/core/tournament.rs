//! Round-robin events: pairing by Berger tables and standings.
//!
//! Every game of an event is paired and started at once (R1.1). Standings are
//! ordered by points, then wins, then Sonneborn-Berger, then the points scored
//! in the games between the tied players; players still equal share a place.

pub mod knockout;
mod sections;
mod standings;

pub use sections::{FINAL, Sections, SectionsError, qualifiers, snake};
pub use standings::{GameScore, Standing, TournamentGame, standings};

use serde::{Deserialize, Serialize};

/// One pairing: `white` and `black` are seeds (0-based positions in the
/// event's player list), `round` counts from 1 across all cycles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// The round, from 1.
    pub round: u32,
    /// The seed who plays White.
    pub white: usize,
    /// The seed who plays Black.
    pub black: usize,
}

/// Pairs `players` in a round robin of `cycles` cycles (1 single, 2 double)
/// by the Berger tables. With an odd number of players the player who would
/// meet the phantom seed has a bye in that round (no pairing). In the second
/// cycle colours are reversed.
pub fn round_robin(players: usize, cycles: u32) -> Vec<Pairing> {
    if players < 2 {
        return Vec::new();
    }
    let seats = players + players % 2;
    let rounds_per_cycle = (seats - 1) as u32;
    let mut pairings = Vec::new();
    for cycle in 0..cycles {
        for round in 1..=rounds_per_cycle {
            for (white, black) in berger_round(seats, round) {
                if white >= players || black >= players {
                    continue;
                }
                let (white, black) = if cycle % 2 == 1 {
                    (black, white)
                } else {
                    (white, black)
                };
                pairings.push(Pairing {
                    round: cycle * rounds_per_cycle + round,
                    white,
                    black,
                });
            }
        }
    }
    pairings
}

/// The pairs (White, Black) of round `round` (from 1) of the Berger table
/// for an even number of `seats`, as 0-based seeds.
fn berger_round(seats: usize, round: u32) -> Vec<(usize, usize)> {
    let n = seats as i64;
    let r = i64::from(round);
    let last = n; // the fixed seat, numbered n
    // Seats 1..n-1 rotate; `wrap` maps any integer onto 1..=n-1.
    let wrap = |x: i64| (x - 1).rem_euclid(n - 1) + 1;
    let pivot = if r % 2 == 1 {
        (r + 1) / 2
    } else {
        wrap(r / 2 + n / 2)
    };
    let mut pairs = Vec::with_capacity(seats / 2);
    if r % 2 == 1 {
        pairs.push((pivot, last));
    } else {
        pairs.push((last, pivot));
    }
    for board in 1..n / 2 {
        pairs.push((wrap(pivot + board), wrap(pivot - board)));
    }
    pairs
        .into_iter()
        .map(|(white, black)| ((white - 1) as usize, (black - 1) as usize))
        .collect()
}

#[cfg(test)]
mod tests;
