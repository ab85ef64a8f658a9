//! The simulated federation's events: about one event per ten players, each
//! a round robin (single or double) sized to give the games asked for, its
//! entrants taken in turn from the pool of players, its start spread over
//! the first half of the simulated days.

/// One planned event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedEvent {
    /// Indices of the entrants in the pool of players.
    pub players: Vec<usize>,
    /// 1 or 2 cycles.
    pub cycles: u32,
    /// The simulated day of its start.
    pub start_day: u32,
}

impl PlannedEvent {
    /// Its games: each pair once per cycle.
    #[cfg(test)]
    pub fn games(&self) -> usize {
        let n = self.players.len();
        n * (n - 1) / 2 * self.cycles as usize
    }
}

/// The events for `players` players, about `games` games, over `days` days.
pub fn plan(players: usize, games: usize, days: u32) -> Vec<PlannedEvent> {
    let count = (players / 10).max(1);
    let per_event = games.div_ceil(count).max(1);
    let (size, cycles) = event_shape(per_event, players);
    let spread = (days / 2).max(1) as usize;
    (0..count)
        .map(|event| PlannedEvent {
            players: (0..size).map(|i| (event * size + i) % players).collect(),
            cycles,
            start_day: (event * spread / count) as u32,
        })
        .collect()
}

/// The round robin nearest `games` games with at most `players` entrants:
/// (entrants, cycles).
fn event_shape(games: usize, players: usize) -> (usize, u32) {
    let single = smallest_size(games, 1).min(players);
    let double = smallest_size(games, 2).min(players);
    let miss = |size: usize, cycles: usize| (size * (size - 1) / 2 * cycles).abs_diff(games);
    if miss(double, 2) < miss(single, 1) {
        (double, 2)
    } else {
        (single, 1)
    }
}

/// The fewest entrants whose round robin of `cycles` has at least `games` games.
fn smallest_size(games: usize, cycles: usize) -> usize {
    let mut size = 2;
    while size * (size - 1) / 2 * cycles < games {
        size += 1;
    }
    size
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_federation_of_the_issue_has_a_thousand_events_of_about_a_hundred_games() {
        let events = plan(10_000, 100_000, 730);
        assert_eq!(events.len(), 1000);
        let games: usize = events.iter().map(PlannedEvent::games).sum();
        assert!((95_000..=115_000).contains(&games), "{games}");
        assert!(events.iter().all(|e| e.start_day < 365));
        let mut entrants = events[999].players.clone();
        entrants.dedup();
        assert_eq!(entrants.len(), events[999].players.len());
    }

    #[test]
    fn a_small_club_gets_double_round_robins() {
        let events = plan(20, 40, 120);
        assert_eq!(events.len(), 2);
        assert_eq!((events[0].players.len(), events[0].cycles), (5, 2));
        assert_eq!(events[1].start_day, 30);
    }
}
