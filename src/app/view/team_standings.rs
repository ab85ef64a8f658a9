//! A team event's table read from its games: match and board points
//! (R3.1.3), and each player's own board points.

use shakmaty::Color;

use crate::app::i18n::{Args, Lang, tr};
use crate::app::notice::{EventEnd, FinalLine, OwnResult, OwnTeam};
use crate::app::view::standings::{place_text, points_text};
use crate::core::team::{BoardScore, MatchPoints, TeamMatchScore, TeamStanding, team_standings};
use crate::render::{Language, TeamMatchCell, TeamTableInput, TeamTableRow, Theme};
use crate::store::{
    Event, GameRecord, PlayerId, StoreError, TeamId, TeamMatchGame, TeamRecord, Tx,
};

/// A team event's standings with what the text and the image show.
pub(crate) struct TeamTable {
    /// The event.
    pub event: Event,
    /// The teams by seed.
    pub teams: Vec<TeamRecord>,
    /// The matches with their boards' scores.
    pub matches: Vec<TeamMatchScore>,
    /// The event's match points for a match won, drawn and lost.
    pub points: MatchPoints,
    /// The standings lines, in order of place.
    pub lines: Vec<TeamStanding>,
    /// The teams' players: their members (boards, then reserves), their
    /// captains and deputies who are not members, then anyone else who
    /// played a board for a team.
    pub players: Vec<TeamPlayer>,
}

/// A player of a team event and their own board points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TeamPlayer {
    /// The player.
    pub player: PlayerId,
    /// Their team's seed.
    pub seed: usize,
    /// The half-points of their finished games.
    pub halves: u32,
    /// Their games with a result (an annulled one has none).
    pub games: u32,
}

impl TeamTable {
    /// The standings as text: a line per team and the order's rule.
    pub(crate) fn text(&self, lang: Lang) -> String {
        let args = Args::new()
            .with("event", self.event.id.0)
            .with("name", self.event.name.clone());
        let mut text = vec![tr(lang, "team-standings-header", &args)];
        for line in &self.lines {
            text.push(standing_line(lang, &self.teams[line.seed].name, line));
        }
        let args = Args::new()
            .with("win", self.points.win)
            .with("draw", self.points.draw)
            .with("loss", self.points.loss);
        text.push(tr(lang, "team-standings-footer", &args));
        text.join("\n")
    }

    /// The final table as the end-of-event notice shows it (R1.1): the
    /// teams with match and board points, and how a first place equal on
    /// match points was decided.
    pub(crate) fn event_end(&self) -> EventEnd {
        let lines = self
            .lines
            .iter()
            .map(|line| FinalLine {
                place: place_text(line.place),
                first: line.place.0 == 1,
                name: self.teams[line.seed].name.clone(),
                points: line.match_points.to_string(),
                board_points: Some(points_text(line.board_halves)),
            })
            .collect();
        EventEnd {
            event: self.event.id,
            name: self.event.name.clone(),
            lines,
            tie_break: tie_break(&self.lines).map(str::to_owned),
            own: None,
            team: true,
        }
    }

    /// `player`'s team's place and their own board points, if they are a
    /// player of a team.
    pub(crate) fn own_result(&self, player: PlayerId, rating: Option<i64>) -> Option<OwnResult> {
        let own = self.players.iter().find(|p| p.player == player)?;
        let line = self.lines.iter().find(|line| line.seed == own.seed)?;
        Some(OwnResult {
            place: place_text(line.place),
            points: points_text(own.halves),
            rating,
            team: Some(OwnTeam {
                name: self.teams[own.seed].name.clone(),
                games: own.games,
            }),
        })
    }

    /// The table as the renderer takes it, rows in order of place, cells
    /// the matches between the two teams from the row team's side.
    pub(crate) fn image_input(&self, lang: Lang, theme: Theme) -> TeamTableInput {
        let order: Vec<usize> = self.lines.iter().map(|line| line.seed).collect();
        let cells = |own: usize, other: usize| self.cells(own, other);
        let teams = self
            .lines
            .iter()
            .map(|line| TeamTableRow {
                name: self.teams[line.seed].name.clone(),
                place: place_text(line.place),
                match_points: line.match_points,
                board_halves: line.board_halves,
                matches: order.iter().map(|other| cells(line.seed, *other)).collect(),
            })
            .collect();
        TeamTableInput {
            title: self.event.name.clone(),
            teams,
            language: match lang {
                Lang::Uk => Language::Ukrainian,
                Lang::En => Language::English,
            },
            theme,
        }
    }

    /// The matches between seeds `own` and `other`, from `own`'s side.
    pub(crate) fn cells(&self, own: usize, other: usize) -> Vec<TeamMatchCell> {
        self.matches
            .iter()
            .filter_map(|game| {
                let (first, second) = game.halves();
                let complete = game.is_complete();
                if (game.first, game.second) == (own, other) {
                    Some((first, second, complete))
                } else if (game.first, game.second) == (other, own) {
                    Some((second, first, complete))
                } else {
                    None
                }
            })
            .map(|(own_halves, other_halves, complete)| TeamMatchCell {
                own_halves,
                other_halves,
                complete,
            })
            .collect()
    }
}

/// The standings of a started team event from the store, under the
/// event's `match-points=` (2/1/0 unless set).
pub(crate) async fn team_table_of(tx: &mut Tx, event: &Event) -> Result<TeamTable, StoreError> {
    let teams = tx.teams_of(event.id).await?;
    let ids: Vec<TeamId> = teams.iter().map(|team| team.id).collect();
    let mut players = members(tx, event, &ids).await?;
    let matches = match_scores(tx, event, &ids, &mut players).await?;
    let points = event.regulation.match_points.unwrap_or_default();
    let lines = team_standings(ids.len(), &matches, points);
    Ok(TeamTable {
        event: event.clone(),
        teams,
        matches,
        points,
        lines,
        players,
    })
}

/// The seed of `team` among `ids`.
fn seed_of(ids: &[TeamId], team: TeamId) -> usize {
    ids.iter().position(|id| *id == team).unwrap_or(0)
}

/// The members of the event's teams, then their captains and deputies
/// who are not members, no game counted yet (two statements).
async fn members(
    tx: &mut Tx,
    event: &Event,
    ids: &[TeamId],
) -> Result<Vec<TeamPlayer>, StoreError> {
    let mut players: Vec<TeamPlayer> = Vec::new();
    let members = tx.event_team_members(event.id).await?;
    let leaders = tx.event_team_leaders(event.id).await?;
    for (team, player) in members.into_iter().chain(leaders) {
        if players.iter().all(|known| known.player != player) {
            players.push(TeamPlayer {
                player,
                seed: seed_of(ids, team),
                halves: 0,
                games: 0,
            });
        }
    }
    Ok(players)
}

/// The event's matches with their boards' scores, seeds by `ids`' order;
/// every board's game counted for its two `players`.
async fn match_scores(
    tx: &mut Tx,
    event: &Event,
    ids: &[TeamId],
    players: &mut Vec<TeamPlayer>,
) -> Result<Vec<TeamMatchScore>, StoreError> {
    let mut matches: Vec<(i64, TeamMatchScore)> = Vec::new();
    for board in tx.team_match_games(event.id).await? {
        let game = tx.game(board.game_id).await?;
        let seeds = (
            seed_of(ids, board.first_team),
            seed_of(ids, board.second_team),
        );
        count_board(players, &board, &game, seeds);
        let score = BoardScore {
            first_has_white: board.first_has_white,
            score: game.final_score(),
        };
        let (first, second) = seeds;
        let found = matches
            .iter_mut()
            .find(|(round, m)| *round == board.round && m.first == first && m.second == second);
        match found {
            Some((_, existing)) => existing.boards.push(score),
            None => matches.push((
                board.round,
                TeamMatchScore {
                    first,
                    second,
                    boards: vec![score],
                },
            )),
        }
    }
    Ok(matches.into_iter().map(|(_, m)| m).collect())
}

/// Adds a board's game to its two players' own points; `seeds` are the
/// first- and the second-named team's.
fn count_board(
    players: &mut Vec<TeamPlayer>,
    board: &TeamMatchGame,
    game: &GameRecord,
    (first, second): (usize, usize),
) {
    let (first_colour, second_colour) = match board.first_has_white {
        true => (Color::White, Color::Black),
        false => (Color::Black, Color::White),
    };
    for (seed, colour) in [(first, first_colour), (second, second_colour)] {
        let player = match colour {
            Color::White => game.white,
            Color::Black => game.black,
        };
        let index = match players.iter().position(|p| p.player == player) {
            Some(index) => index,
            None => {
                players.push(TeamPlayer {
                    player,
                    seed,
                    halves: 0,
                    games: 0,
                });
                players.len() - 1
            }
        };
        let halves = game
            .final_score()
            .and_then(|score| score.half_points(colour));
        if let Some(halves) = halves {
            players[index].halves += u32::from(halves);
            players[index].games += 1;
        }
    }
}

/// The catalog id of the tie-break that put the sole first place above a
/// team equal on match points: the board points, else the match points
/// among the tied teams (the order of [`team_standings`]).
fn tie_break(lines: &[TeamStanding]) -> Option<&'static str> {
    let [first, second, ..] = lines else {
        return None;
    };
    if first.place != (1, 1) || first.match_points != second.match_points {
        return None;
    }
    Some(if first.board_halves != second.board_halves {
        "tie-break-team-board"
    } else {
        "tie-break-team-direct"
    })
}

fn standing_line(lang: Lang, name: &str, line: &TeamStanding) -> String {
    let args = Args::new()
        .with("place", place_text(line.place))
        .with("team", name.to_owned())
        .with("mp", line.match_points)
        .with("bp", points_text(line.board_halves))
        .with("won", line.won)
        .with("drawn", line.drawn)
        .with("lost", line.lost)
        .with("left", line.matches_left);
    tr(lang, "team-standings-line", &args)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(seed: usize, place: (u32, u32), match_points: u32, board_halves: u32) -> TeamStanding {
        TeamStanding {
            seed,
            match_points,
            board_halves,
            won: 0,
            drawn: 0,
            lost: 0,
            matches_left: 0,
            direct_match_points: 0,
            place,
        }
    }

    /// The first place equal on match points names what decided it: the
    /// board points, else the match points among the tied teams; a shared
    /// or a clear first place names nothing.
    #[test]
    fn the_tie_break_that_decided_the_first_place_is_named() {
        let board = [line(0, (1, 1), 2, 5), line(1, (2, 2), 2, 3)];
        assert_eq!(tie_break(&board), Some("tie-break-team-board"));
        let direct = [line(0, (1, 1), 2, 4), line(1, (2, 2), 2, 4)];
        assert_eq!(tie_break(&direct), Some("tie-break-team-direct"));
        let clear = [line(0, (1, 1), 4, 4), line(1, (2, 2), 2, 4)];
        assert_eq!(tie_break(&clear), None);
        let shared = [line(0, (1, 2), 2, 4), line(1, (1, 2), 2, 4)];
        assert_eq!(tie_break(&shared), None);
    }
}
