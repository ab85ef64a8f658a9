//! `/standings` of a team event: match points (2 for a match won, 1 drawn,
//! 0 lost, once every board has finished), board points (as each game
//! finishes), then the tie-break of `core::team::standings`: the match
//! points scored in the matches among the teams still tied; teams still
//! equal share the place.

use crate::app::actor::Actor;
use crate::app::i18n::{Args, Lang, tr};
use crate::app::outgoing::Outgoing;
use crate::core::game::Score;
use crate::core::team::{BoardScore, MatchPoints, TeamMatchScore, TeamStanding, team_standings};
use crate::store::{Event, GameRecord, GameStatus, TeamId, Tx};

use super::super::events::standings::{place_text, points_text};
use super::super::{Failure, Outcome};

/// The standings of a started team event, as text.
pub(crate) async fn show(tx: &mut Tx, actor: &Actor, event: Event) -> Outcome {
    let lang = actor.lang();
    let teams = tx.teams_of(event.id).await?;
    let ids: Vec<TeamId> = teams.iter().map(|team| team.id).collect();
    let matches = match_scores(tx, &event, &ids).await?;
    let lines = team_standings(ids.len(), &matches, MatchPoints::default());
    let args = Args::new()
        .with("event", event.id.0)
        .with("name", event.name.clone());
    let mut text = vec![tr(lang, "team-standings-header", &args)];
    for line in &lines {
        text.push(standing_line(lang, &teams[line.seed].name, line));
    }
    text.push(tr(lang, "team-standings-footer", &Args::new()));
    Ok(vec![Outgoing::text(text.join("\n"))])
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
) -> Result<Vec<TeamMatchScore>, Failure> {
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
