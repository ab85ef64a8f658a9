//! Knock-out matches (issue 40): `format=knockout games=N` pairs the
//! entrants by seeding in a bracket (the best seed meets the worst, the two
//! best only in the final), each match N games with colours alternating;
//! the winner of a match goes on, a tied match is decided by a further
//! pair of games (`tie=games`) or at once by the better seed (`tie=seed`).
//! With fewer entrants than the bracket's places, the best seeds go on to
//! the second round without a game (byes).
//!
//! Everything here is pure: the app stores the seeding and each game's
//! match, and reads the bracket's state back from the games' results.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

/// How a match tied after its games is decided.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieRule {
    /// A further pair of games, colours swapped; still level after it, the
    /// better seed goes on.
    #[default]
    Games,
    /// The better seed goes on at once.
    Seed,
}

/// An event's knock-out format (`format=knockout`, `games=N`, `tie=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Knockout {
    /// Games in a match (even, so that each player has White as often).
    pub games: u32,
    /// How a tied match is decided.
    pub tie: TieRule,
}

impl Default for Knockout {
    fn default() -> Self {
        Self {
            games: 2,
            tie: TieRule::Games,
        }
    }
}

impl Knockout {
    /// The most games a match may have.
    pub const MAX_GAMES: u32 = 8;
    /// The most entrants a knock-out event may have (six rounds).
    pub const MAX_PLAYERS: usize = 64;
    /// The games of a tie-break pair.
    pub const TIE_GAMES: usize = 2;
}

/// The rounds of a bracket for `players` entrants (at least one round).
pub fn rounds(players: usize) -> u32 {
    let mut rounds = 1;
    while (1usize << rounds) < players {
        rounds += 1;
    }
    rounds
}

/// The seeds (from 0, the best first) in bracket order for a bracket of
/// `size` places (a power of two): places 2i and 2i+1 meet in the first
/// round, and seeds 0 and 1 can meet only in the final.
pub fn bracket_order(size: usize) -> Vec<usize> {
    let mut order = vec![0];
    while order.len() < size {
        let doubled = order.len() * 2;
        order = order
            .iter()
            .flat_map(|&seed| [seed, doubled - 1 - seed])
            .collect();
    }
    order
}

/// One game of a match, as the bracket reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchGame {
    /// The seed who has White.
    pub white: usize,
    /// White's and Black's points in half points (a double loss scores
    /// none to either); `None` while in play.
    pub halves: Option<(u32, u32)>,
}

impl MatchGame {
    /// `seed`'s points in this game, in half points (none while in play).
    fn halves_of(&self, seed: usize) -> u32 {
        match self.halves {
            Some((white, _)) if self.white == seed => white,
            Some((_, black)) => black,
            None => 0,
        }
    }
}

/// How a decided match was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    /// On the points of its games (a tie-break pair's included).
    Games,
    /// Level after its games: the better seed went on.
    Seed,
    /// No game: a bye, or the opponent left the event.
    Walkover,
}

/// A match's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchState {
    /// A player is not known yet (an earlier match is undecided).
    Waiting,
    /// Both players known; `games` of the match are to be started first.
    Due {
        /// How many games to start now: the match's, or a tie-break pair.
        games: usize,
    },
    /// Games in play.
    Playing,
    /// Decided.
    Won {
        /// The top player won.
        top: bool,
        /// How.
        by: Decision,
    },
}

/// A match of the bracket, read from its games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchView {
    /// The top player's seed, when known (the better seed in round 1).
    pub top: Option<usize>,
    /// The bottom player's seed, when known; `None` in round 1 for a bye.
    pub bottom: Option<usize>,
    /// The match's state.
    pub state: MatchState,
    /// The top player's points over the match's games, in half points.
    pub top_halves: u32,
    /// The bottom player's.
    pub bottom_halves: u32,
    /// Games of the match started.
    pub games: usize,
}

impl MatchView {
    /// The winner's seed, once decided.
    pub fn winner(&self) -> Option<usize> {
        match self.state {
            MatchState::Won { top: true, .. } => self.top,
            MatchState::Won { top: false, .. } => self.bottom,
            _ => None,
        }
    }

    /// The loser's seed, once decided (none for a bye).
    pub fn loser(&self) -> Option<usize> {
        match self.state {
            MatchState::Won { top: true, .. } => self.bottom,
            MatchState::Won { top: false, .. } => self.top,
            _ => None,
        }
    }

    /// Whether this is a first-round bye: the top player goes on without
    /// an opponent.
    pub fn is_bye(&self) -> bool {
        let walkover = matches!(
            self.state,
            MatchState::Won {
                by: Decision::Walkover,
                ..
            }
        );
        walkover && self.bottom.is_none()
    }
}

/// The whole bracket: `rounds[r][i]` is match i of round r + 1; match i of
/// a round is fed by matches 2i (its top) and 2i + 1 of the round before.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bracket {
    /// The rounds, the first first.
    pub rounds: Vec<Vec<MatchView>>,
}

impl Bracket {
    /// The event's winner's seed, once the final is decided.
    pub fn champion(&self) -> Option<usize> {
        self.rounds.last()?.first()?.winner()
    }

    /// The matches whose games are to start now: (round from 1, match
    /// index, top seed, bottom seed, games to start, games already started).
    pub fn due(&self) -> Vec<DueMatch> {
        let mut due = Vec::new();
        for (round, matches) in self.rounds.iter().enumerate() {
            for (slot, view) in matches.iter().enumerate() {
                if let (MatchState::Due { games }, Some(top), Some(bottom)) =
                    (view.state, view.top, view.bottom)
                {
                    due.push(DueMatch {
                        round: round as u32 + 1,
                        slot: slot as u32,
                        top,
                        bottom,
                        games,
                        started: view.games,
                    });
                }
            }
        }
        due
    }

    /// The round (from 1) in which `seed` went out, or `None` while still
    /// in (or the champion).
    pub fn out_in(&self, seed: usize) -> Option<u32> {
        self.rounds.iter().enumerate().find_map(|(round, matches)| {
            matches
                .iter()
                .any(|view| view.loser() == Some(seed))
                .then_some(round as u32 + 1)
        })
    }
}

/// A match whose games are to start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DueMatch {
    /// The round, from 1.
    pub round: u32,
    /// The match's index in its round, from 0.
    pub slot: u32,
    /// The top player's seed.
    pub top: usize,
    /// The bottom player's seed.
    pub bottom: usize,
    /// How many games to start.
    pub games: usize,
    /// How many games the match already has (their colours go on
    /// alternating).
    pub started: usize,
}

impl DueMatch {
    /// Whether the top player has White in the match's game `index` (from
    /// 0): the first game, then alternately.
    pub fn top_white(index: usize) -> bool {
        index.is_multiple_of(2)
    }
}

/// Reads the bracket of `players` seeds (0 the best) under `format` from
/// each match's games, keyed by (round from 1, match index), in the order
/// started; `left[seed]` is true for a player who has left the event: no
/// game of theirs starts, and a match that would start games goes to the
/// opponent without them.
pub fn bracket(
    format: Knockout,
    players: usize,
    games: &HashMap<(u32, u32), Vec<MatchGame>>,
    left: &[bool],
) -> Bracket {
    let rounds_count = rounds(players);
    let size = 1usize << rounds_count;
    let order = bracket_order(size);
    let mut rounds: Vec<Vec<MatchView>> = Vec::new();
    for round in 1..=rounds_count {
        let count = size >> round;
        let mut matches = Vec::with_capacity(count);
        for slot in 0..count {
            let (top, bottom) = match rounds.last() {
                None => (
                    Some(order[2 * slot]).filter(|&s| s < players),
                    Some(order[2 * slot + 1]).filter(|&s| s < players),
                ),
                Some(before) => (before[2 * slot].winner(), before[2 * slot + 1].winner()),
            };
            let played = games
                .get(&(round, slot as u32))
                .map_or(&[][..], Vec::as_slice);
            let first_round = round == 1;
            matches.push(read_match(format, (top, bottom), played, left, first_round));
        }
        rounds.push(matches);
    }
    Bracket { rounds }
}

/// One match's view from its players and games.
fn read_match(
    format: Knockout,
    (top, bottom): (Option<usize>, Option<usize>),
    games: &[MatchGame],
    left: &[bool],
    first_round: bool,
) -> MatchView {
    let points =
        |seed: Option<usize>| seed.map_or(0, |seed| games.iter().map(|g| g.halves_of(seed)).sum());
    let (top_halves, bottom_halves) = (points(top), points(bottom));
    let mut view = MatchView {
        top,
        bottom,
        state: MatchState::Waiting,
        top_halves,
        bottom_halves,
        games: games.len(),
    };
    view.state = match (top, bottom) {
        // A first-round place without an entrant: the other goes on.
        (Some(_), None) if first_round => walkover(true),
        (Some(top), Some(bottom)) => {
            let gone = |seed: usize| left.get(seed).copied().unwrap_or(false);
            match score_state(format, &view, games, top < bottom) {
                // No game starts for a player who has left: the other goes
                // on (games annulled by the exclusion leave a match level).
                MatchState::Due { .. } if gone(top) || gone(bottom) => {
                    walkover(!gone(top) || gone(bottom))
                }
                state => state,
            }
        }
        _ => MatchState::Waiting,
    };
    view
}

fn walkover(top: bool) -> MatchState {
    MatchState::Won {
        top,
        by: Decision::Walkover,
    }
}

/// The state of a match with both players known, from its games.
fn score_state(
    format: Knockout,
    view: &MatchView,
    games: &[MatchGame],
    top_is_better_seed: bool,
) -> MatchState {
    let regular = format.games as usize;
    if games.len() < regular {
        return MatchState::Due {
            games: regular - games.len(),
        };
    }
    if games.iter().any(|game| game.halves.is_none()) {
        return MatchState::Playing;
    }
    if view.top_halves != view.bottom_halves {
        return MatchState::Won {
            top: view.top_halves > view.bottom_halves,
            by: Decision::Games,
        };
    }
    let tie_pairs_played = (games.len() - regular) / Knockout::TIE_GAMES;
    if format.tie == TieRule::Games && tie_pairs_played == 0 {
        return MatchState::Due {
            games: Knockout::TIE_GAMES,
        };
    }
    MatchState::Won {
        top: top_is_better_seed,
        by: Decision::Seed,
    }
}

#[cfg(test)]
mod tests;
