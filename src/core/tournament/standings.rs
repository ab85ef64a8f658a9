//! Standings of a round robin: score, wins, Sonneborn-Berger, games left and
//! place, exact in half-points (no floating point).

use serde::{Deserialize, Serialize};

/// A game's score in half-points for White and Black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameScore {
    /// White's half-points (0, 1 or 2).
    pub white_halves: u8,
    /// Black's half-points (0, 1 or 2).
    pub black_halves: u8,
}

impl GameScore {
    /// 1-0.
    pub const WHITE_WINS: GameScore = GameScore {
        white_halves: 2,
        black_halves: 0,
    };
    /// ½-½.
    pub const DRAW: GameScore = GameScore {
        white_halves: 1,
        black_halves: 1,
    };
    /// 0-1.
    pub const BLACK_WINS: GameScore = GameScore {
        white_halves: 0,
        black_halves: 2,
    };
    /// 0-0: both players lose (an arbiter's decision).
    pub const DOUBLE_LOSS: GameScore = GameScore {
        white_halves: 0,
        black_halves: 0,
    };
}

/// A game as the standings see it: seeds and the score, if it has one.
/// Annulled games are left out by the caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentGame {
    /// White's seed.
    pub white: usize,
    /// Black's seed.
    pub black: usize,
    /// The score, or `None` while the game goes on.
    pub score: Option<GameScore>,
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// The player's seed.
    pub seed: usize,
    /// Points in half-points (7 = 3½).
    pub halves: u32,
    /// Games won.
    pub wins: u32,
    /// Sonneborn-Berger in quarter-points (exact).
    pub sonneborn_berger_quarters: u32,
    /// Games not finished yet.
    pub games_left: u32,
    /// Half-points scored against the players tied with this one on points,
    /// wins and Sonneborn-Berger (0 when nobody is tied).
    pub direct_halves: u32,
    /// The place, shared as `first..=last` when players are still equal.
    pub place: (u32, u32),
}

/// Computes the ordered standings of `players` seeds from `games`: by points,
/// then wins, then Sonneborn-Berger, then the games between the tied players.
pub fn standings(players: usize, games: &[TournamentGame]) -> Vec<Standing> {
    let mut lines: Vec<Standing> = (0..players).map(empty_line).collect();
    for game in games {
        add_game(&mut lines, game);
    }
    let points: Vec<u32> = lines.iter().map(|line| line.halves).collect();
    for game in games {
        let Some(score) = game.score else { continue };
        lines[game.white].sonneborn_berger_quarters +=
            u32::from(score.white_halves) * points[game.black];
        lines[game.black].sonneborn_berger_quarters +=
            u32::from(score.black_halves) * points[game.white];
    }
    lines.sort_by_key(|line| std::cmp::Reverse(primary_key(line)));
    settle_ties_by_direct_games(&mut lines, games);
    assign_places(&mut lines);
    lines
}

fn empty_line(seed: usize) -> Standing {
    Standing {
        seed,
        halves: 0,
        wins: 0,
        sonneborn_berger_quarters: 0,
        games_left: 0,
        direct_halves: 0,
        place: (0, 0),
    }
}

fn add_game(lines: &mut [Standing], game: &TournamentGame) {
    match game.score {
        None => {
            lines[game.white].games_left += 1;
            lines[game.black].games_left += 1;
        }
        Some(score) => {
            lines[game.white].halves += u32::from(score.white_halves);
            lines[game.black].halves += u32::from(score.black_halves);
            lines[game.white].wins += u32::from(score.white_halves == 2);
            lines[game.black].wins += u32::from(score.black_halves == 2);
        }
    }
}

fn primary_key(line: &Standing) -> (u32, u32, u32) {
    (line.halves, line.wins, line.sonneborn_berger_quarters)
}

fn full_key(line: &Standing) -> (u32, u32, u32, u32) {
    (
        line.halves,
        line.wins,
        line.sonneborn_berger_quarters,
        line.direct_halves,
    )
}

/// Within each group equal on the primary key, orders by the points scored
/// in the games among the group's players: one pass over the games per
/// group (not one per player and group member).
fn settle_ties_by_direct_games(lines: &mut [Standing], games: &[TournamentGame]) {
    let mut in_group = vec![false; lines.len()];
    let mut start = 0;
    while start < lines.len() {
        let key = primary_key(&lines[start]);
        let end = start
            + lines[start..]
                .iter()
                .take_while(|l| primary_key(l) == key)
                .count();
        if end - start > 1 {
            for line in &lines[start..end] {
                in_group[line.seed] = true;
            }
            let direct = direct_halves(&in_group, games);
            for line in &mut lines[start..end] {
                in_group[line.seed] = false;
                line.direct_halves = direct[line.seed];
            }
            lines[start..end].sort_by_key(|line| std::cmp::Reverse(line.direct_halves));
        }
        start = end;
    }
}

/// Each seed's half-points in the finished games between two members of
/// the group (`in_group[seed]`), by seed.
fn direct_halves(in_group: &[bool], games: &[TournamentGame]) -> Vec<u32> {
    let mut halves = vec![0; in_group.len()];
    for game in games {
        let Some(score) = game.score else { continue };
        if in_group[game.white] && in_group[game.black] {
            halves[game.white] += u32::from(score.white_halves);
            halves[game.black] += u32::from(score.black_halves);
        }
    }
    halves
}

fn assign_places(lines: &mut [Standing]) {
    let mut start = 0;
    while start < lines.len() {
        let key = full_key(&lines[start]);
        let end = start
            + lines[start..]
                .iter()
                .take_while(|l| full_key(l) == key)
                .count();
        for line in &mut lines[start..end] {
            line.place = (start as u32 + 1, end as u32);
        }
        start = end;
    }
}
