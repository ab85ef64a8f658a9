//! Team standings: match points and board points, exact in half-points.
//!
//! **Order and tie-break.** Teams are ordered by match points, then by board
//! points, then by the match points they scored in the matches among the
//! teams still tied (for two teams: their match, or both matches in a double
//! round robin); teams still equal share a place (`place = (first, last)`).
//!
//! A match earns match points only once every board has a score; an
//! annulled board ([`Score::Annulled`]) counts as finished and scores for
//! neither team. Board points count as each game finishes.

use serde::{Deserialize, Serialize};

use crate::core::game::Score;
use shakmaty::Color;

/// Match points for a match won, drawn and lost (default 2, 1, 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchPoints {
    /// For a match won (more board points than the other team).
    pub win: u32,
    /// For a drawn match.
    pub draw: u32,
    /// For a match lost.
    pub loss: u32,
}

impl Default for MatchPoints {
    fn default() -> MatchPoints {
        MatchPoints {
            win: 2,
            draw: 1,
            loss: 0,
        }
    }
}

/// One board of a match as the standings see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardScore {
    /// True if the first-named team has White on this board.
    pub first_has_white: bool,
    /// The game's score, or `None` while it goes on.
    pub score: Option<Score>,
}

/// A match as the standings see it: seeds of the two teams and the boards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamMatchScore {
    /// The first-named team's seed.
    pub first: usize,
    /// The second-named team's seed.
    pub second: usize,
    /// The boards, board 1 first.
    pub boards: Vec<BoardScore>,
}

impl TeamMatchScore {
    /// Board half-points so far of the first and the second team.
    pub fn halves(&self) -> (u32, u32) {
        self.boards.iter().fold((0, 0), |(first, second), board| {
            let Some(score) = board.score else {
                return (first, second);
            };
            let first_colour = if board.first_has_white {
                Color::White
            } else {
                Color::Black
            };
            let of = |colour| u32::from(score.half_points(colour).unwrap_or(0));
            (first + of(first_colour), second + of(!first_colour))
        })
    }

    /// True once every board has a score.
    pub fn is_complete(&self) -> bool {
        self.boards.iter().all(|board| board.score.is_some())
    }

    /// Match points of the first and the second team, once complete.
    pub fn match_points(&self, points: MatchPoints) -> Option<(u32, u32)> {
        if !self.is_complete() {
            return None;
        }
        let (first, second) = self.halves();
        Some(match first.cmp(&second) {
            std::cmp::Ordering::Greater => (points.win, points.loss),
            std::cmp::Ordering::Equal => (points.draw, points.draw),
            std::cmp::Ordering::Less => (points.loss, points.win),
        })
    }
}

/// One line of the team standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamStanding {
    /// The team's seed.
    pub seed: usize,
    /// Match points.
    pub match_points: u32,
    /// Board points in half-points (7 = 3½).
    pub board_halves: u32,
    /// Matches won, drawn and lost.
    pub won: u32,
    /// Matches drawn.
    pub drawn: u32,
    /// Matches lost.
    pub lost: u32,
    /// Matches not complete yet.
    pub matches_left: u32,
    /// Match points scored against the teams tied with this one on match
    /// and board points (0 when nobody is tied).
    pub direct_match_points: u32,
    /// The place, shared as `first..=last` when teams are still equal.
    pub place: (u32, u32),
}

/// The ordered standings of `teams` seeds from `matches` (see the module
/// documentation for the order and the tie-break).
pub fn team_standings(
    teams: usize,
    matches: &[TeamMatchScore],
    points: MatchPoints,
) -> Vec<TeamStanding> {
    let mut lines: Vec<TeamStanding> = (0..teams).map(empty_line).collect();
    for game in matches {
        add_match(&mut lines, game, points);
    }
    lines.sort_by_key(|line| std::cmp::Reverse(primary_key(line)));
    let mut start = 0;
    while start < lines.len() {
        let end = group_end(&lines, start, primary_key);
        if end - start > 1 {
            let group: Vec<usize> = lines[start..end].iter().map(|l| l.seed).collect();
            for line in &mut lines[start..end] {
                line.direct_match_points = direct_points(line.seed, &group, matches, points);
            }
            lines[start..end].sort_by_key(|line| std::cmp::Reverse(line.direct_match_points));
        }
        start = end;
    }
    let mut start = 0;
    while start < lines.len() {
        let end = group_end(&lines, start, full_key);
        for line in &mut lines[start..end] {
            line.place = (start as u32 + 1, end as u32);
        }
        start = end;
    }
    lines
}

fn empty_line(seed: usize) -> TeamStanding {
    TeamStanding {
        seed,
        match_points: 0,
        board_halves: 0,
        won: 0,
        drawn: 0,
        lost: 0,
        matches_left: 0,
        direct_match_points: 0,
        place: (0, 0),
    }
}

fn add_match(lines: &mut [TeamStanding], game: &TeamMatchScore, points: MatchPoints) {
    let (first_halves, second_halves) = game.halves();
    lines[game.first].board_halves += first_halves;
    lines[game.second].board_halves += second_halves;
    let Some((first_points, second_points)) = game.match_points(points) else {
        lines[game.first].matches_left += 1;
        lines[game.second].matches_left += 1;
        return;
    };
    lines[game.first].match_points += first_points;
    lines[game.second].match_points += second_points;
    let (first, second) = match first_halves.cmp(&second_halves) {
        std::cmp::Ordering::Greater => (MatchOutcome::Won, MatchOutcome::Lost),
        std::cmp::Ordering::Equal => (MatchOutcome::Drawn, MatchOutcome::Drawn),
        std::cmp::Ordering::Less => (MatchOutcome::Lost, MatchOutcome::Won),
    };
    count(&mut lines[game.first], first);
    count(&mut lines[game.second], second);
}

#[derive(Clone, Copy)]
enum MatchOutcome {
    Won,
    Drawn,
    Lost,
}

fn count(line: &mut TeamStanding, outcome: MatchOutcome) {
    match outcome {
        MatchOutcome::Won => line.won += 1,
        MatchOutcome::Drawn => line.drawn += 1,
        MatchOutcome::Lost => line.lost += 1,
    }
}

fn primary_key(line: &TeamStanding) -> (u32, u32) {
    (line.match_points, line.board_halves)
}

fn full_key(line: &TeamStanding) -> (u32, u32, u32) {
    (
        line.match_points,
        line.board_halves,
        line.direct_match_points,
    )
}

fn group_end<K: Eq>(lines: &[TeamStanding], start: usize, key: fn(&TeamStanding) -> K) -> usize {
    let first = key(&lines[start]);
    start
        + lines[start..]
            .iter()
            .take_while(|l| key(l) == first)
            .count()
}

fn direct_points(
    seed: usize,
    group: &[usize],
    matches: &[TeamMatchScore],
    points: MatchPoints,
) -> u32 {
    matches
        .iter()
        .filter_map(|game| {
            let (first, second) = game.match_points(points)?;
            if game.first == seed && group.contains(&game.second) {
                Some(first)
            } else if game.second == seed && group.contains(&game.first) {
                Some(second)
            } else {
                None
            }
        })
        .sum()
}
