//! A team event's table read from its games: match and board points
//! (R3.1.3).

use crate::app::i18n::{Args, Lang, tr};
use crate::app::view::standings::{place_text, points_text};
use crate::core::game::Score;
use crate::core::team::{BoardScore, MatchPoints, TeamMatchScore, TeamStanding, team_standings};
use crate::render::{Language, TeamMatchCell, TeamTableInput, TeamTableRow, Theme};
use crate::store::{Event, GameRecord, GameStatus, StoreError, TeamId, TeamRecord, Tx};

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
    let matches = match_scores(tx, event, &ids).await?;
    let points = event.regulation.match_points.unwrap_or_default();
    let lines = team_standings(ids.len(), &matches, points);
    Ok(TeamTable {
        event: event.clone(),
        teams,
        matches,
        points,
        lines,
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

/// The event's matches with their boards' scores, seeds by `ids`' order.
async fn match_scores(
    tx: &mut Tx,
    event: &Event,
    ids: &[TeamId],
) -> Result<Vec<TeamMatchScore>, StoreError> {
    let seed = |team: TeamId| ids.iter().position(|id| *id == team).unwrap_or(0);
    let mut matches: Vec<(i64, TeamMatchScore)> = Vec::new();
    for board in tx.team_match_games(event.id).await? {
        let game = tx.game(board.game_id).await?;
        let score = BoardScore {
            first_has_white: board.first_has_white,
            score: score_of(&game),
        };
        let (first, second) = (seed(board.first_team), seed(board.second_team));
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

/// A board game's score, `None` while it goes on.
fn score_of(game: &GameRecord) -> Option<Score> {
    if game.status != GameStatus::Finished {
        return None;
    }
    Some(game.result.unwrap_or(Score::Annulled))
}
