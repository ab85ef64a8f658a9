//! An event's table read from its games: points, places and each pair's
//! marks (R1.1).

use crate::app::i18n::{Args, Lang, tr};
use crate::app::notice::{EventEnd, FinalLine, OwnResult};
use crate::core::game::Score;
use crate::core::rating::Rating;
use crate::core::tournament::{FINAL, GameScore, Standing, TournamentGame, standings};
use crate::render::{CrosstableGame, CrosstableInput, CrosstableRow, GameMark, Language, Theme};
use crate::store::{Entrant, Event, GameStatus, PlayerId, StoreError, TableGame, Tx};
use std::collections::HashMap;

/// An event's standings with what the text and the image show.
pub(crate) struct Table {
    /// The event.
    pub event: Event,
    /// The section (from 1) or the final ([`FINAL`]) the table is of, in an
    /// event played in sections (issue 40); `None`: the whole event.
    pub stage: Option<i64>,
    /// The players by seed (join order).
    pub names: Vec<String>,
    /// Their keys, by seed.
    pub players: Vec<PlayerId>,
    /// Their club ratings (points), by seed; a newcomer's is the starting
    /// rating.
    pub ratings: Vec<Option<i64>>,
    /// The standings lines, in order of place.
    pub lines: Vec<Standing>,
    /// `marks[seed_a][seed_b]`: games of `a` against `b`, from `a`'s side.
    pub marks: Vec<Vec<Vec<CrosstableGame>>>,
    /// The event's games.
    pub games: usize,
    /// Of them, the finished ones.
    pub finished: usize,
}

impl Table {
    /// The crosstable as the renderer takes it, rows in order of place.
    pub(crate) fn crosstable_input(&self, lang: Lang, theme: Theme) -> CrosstableInput {
        let order: Vec<usize> = self.lines.iter().map(|line| line.seed).collect();
        let players = self
            .lines
            .iter()
            .map(|line| CrosstableRow {
                name: self.names[line.seed].clone(),
                place: place_text(line.place),
                score_halves: line.halves,
                wins: line.wins,
                sonneborn_berger_quarters: line.sonneborn_berger_quarters,
                games: order
                    .iter()
                    .map(|other| self.marks[line.seed][*other].clone())
                    .collect(),
            })
            .collect();
        CrosstableInput {
            title: self.event.name.clone(),
            players,
            language: match lang {
                Lang::Uk => Language::Ukrainian,
                Lang::En => Language::English,
            },
            theme,
        }
    }

    /// The final table as the end-of-event notice shows it (R1.1): the
    /// lines, and how a first place equal on points was decided.
    pub(crate) fn event_end(&self) -> EventEnd {
        let lines = self
            .lines
            .iter()
            .map(|line| final_line(line.place, self.names[line.seed].clone(), line.halves))
            .collect();
        EventEnd {
            event: self.event.id,
            name: self.event.name.clone(),
            lines,
            tie_break: tie_break(&self.lines).map(str::to_owned),
            own: None,
            team: false,
        }
    }

    /// `player`'s own place and points, if they played in the event.
    pub(crate) fn own_result(&self, player: PlayerId, rating: Option<i64>) -> Option<OwnResult> {
        let seed = self.players.iter().position(|p| *p == player)?;
        let line = self.lines.iter().find(|line| line.seed == seed)?;
        Some(OwnResult {
            place: place_text(line.place),
            points: points_text(line.halves),
            rating,
            team: None,
        })
    }

    /// The standings as text, one line per player.
    pub(crate) fn text(&self, lang: Lang) -> String {
        let args = Args::new()
            .with("event", self.event.id.0)
            .with("name", self.event.name.clone());
        let mut lines = vec![tr(lang, "reply-standings-header", &args)];
        lines.extend(self.player_lines(lang));
        lines.join("\n")
    }

    /// One line per player, in order of place.
    fn player_lines(&self, lang: Lang) -> Vec<String> {
        self.lines
            .iter()
            .map(|line| {
                let args = Args::new()
                    .with("place", place_text(line.place))
                    .with("player", self.names[line.seed].clone())
                    .with("points", points_text(line.halves))
                    .with("wins", line.wins)
                    .with("sb", quarters_text(line.sonneborn_berger_quarters))
                    .with("left", line.games_left);
                tr(lang, "reply-standings-line", &args)
            })
            .collect()
    }

    /// The stage's title (`Section 2`, `Final`), in an event played in
    /// sections (issue 40).
    pub(crate) fn stage_title(&self, lang: Lang) -> Option<String> {
        self.stage.map(|stage| stage_title(lang, stage))
    }
}

/// A stage's title: `Section N` (from 1) or `Final` ([`FINAL`]).
pub(crate) fn stage_title(lang: Lang, stage: i64) -> String {
    if stage == FINAL {
        tr(lang, "standings-final", &Args::new())
    } else {
        tr(
            lang,
            "standings-section",
            &Args::new().with("section", stage),
        )
    }
}

/// The standings of an event played in sections (issue 40): the event's
/// header, then each section's title and lines, then the final's.
pub(crate) fn stages_text(lang: Lang, tables: &[Table]) -> Option<String> {
    let first = tables.first()?;
    let args = Args::new()
        .with("event", first.event.id.0)
        .with("name", first.event.name.clone());
    let mut lines = vec![tr(lang, "reply-standings-header", &args)];
    for table in tables {
        lines.extend(table.stage_title(lang));
        lines.extend(table.player_lines(lang));
    }
    Some(lines.join("\n"))
}

/// The standings of `event` from the store: every entrant, an excluded
/// player too (R2.1.5: the games scored by default count for the partners).
/// Three statements, whatever the number of players and games (issue 24).
/// An event played in sections (issue 40) has its final's table once the
/// final has started (the end announces it), every game's before.
pub(crate) async fn table_of(tx: &mut Tx, event: Event) -> Result<Table, StoreError> {
    let (entrants, rated, games) = load(tx, &event).await?;
    let stage = games
        .iter()
        .any(|game| game.section == Some(FINAL))
        .then_some(FINAL);
    Ok(build(event, (&entrants, rated), &games, stage))
}

/// Every game and entrant of `event`, whatever its stages (`/event show`'s
/// players and progress).
pub(crate) async fn whole_table_of(tx: &mut Tx, event: Event) -> Result<Table, StoreError> {
    let (entrants, rated, games) = load(tx, &event).await?;
    Ok(build(event, (&entrants, rated), &games, None))
}

/// An event played in sections (issue 40): each section's table, from
/// section 1, then the final's once it has started; none for other events.
pub(crate) async fn stage_tables(tx: &mut Tx, event: Event) -> Result<Vec<Table>, StoreError> {
    let (entrants, rated, games) = load(tx, &event).await?;
    let mut stages: Vec<i64> = games.iter().filter_map(|game| game.section).collect();
    stages.sort_by_key(|stage| (*stage == FINAL, *stage));
    stages.dedup();
    Ok(stages
        .into_iter()
        .map(|stage| build(event.clone(), (&entrants, rated), &games, Some(stage)))
        .collect())
}

async fn load(
    tx: &mut Tx,
    event: &Event,
) -> Result<(Vec<Entrant>, bool, Vec<TableGame>), StoreError> {
    let entrants = tx.event_entrants(event.id).await?;
    let rated = tx.event_rated(event.id).await?;
    let games = tx.event_table_games(event.id).await?;
    Ok((entrants, rated, games))
}

/// The table of `stage`'s games and players (`None`: every game and
/// entrant).
fn build(
    event: Event,
    (entrants, rated): (&[Entrant], bool),
    games: &[TableGame],
    stage: Option<i64>,
) -> Table {
    let games: Vec<&TableGame> = games
        .iter()
        .filter(|game| stage.is_none() || game.section == stage)
        .collect();
    let plays = |player: PlayerId| games.iter().any(|g| g.white == player || g.black == player);
    let entrants: Vec<&Entrant> = entrants
        .iter()
        .filter(|entrant| stage.is_none() || plays(entrant.player))
        .collect();
    let seeds: Vec<_> = entrants.iter().map(|entrant| entrant.player).collect();
    let ratings = entrants
        .iter()
        .map(|entrant| Some(entrant.rating.unwrap_or(Rating::START).points()))
        .collect();
    let names = entrants
        .iter()
        // The club rating beside the name, in a rated event (issue #21).
        .map(|entrant| match entrant.rating.filter(|_| rated) {
            Some(rating) => format!("{} ({})", entrant.name, rating.points()),
            None => entrant.name.clone(),
        })
        .collect();
    let finished = games
        .iter()
        .filter(|game| game.status == GameStatus::Finished)
        .count();
    let seed_index: HashMap<PlayerId, usize> = seeds
        .iter()
        .enumerate()
        .map(|(seed, p)| (*p, seed))
        .collect();
    let seed_of = |p: PlayerId| seed_index.get(&p).copied();
    let latest = games.iter().filter_map(|g| g.finished_at).max();
    let mut scored = Vec::new();
    let mut marks = vec![vec![Vec::new(); seeds.len()]; seeds.len()];
    for game in &games {
        let (Some(white), Some(black)) = (seed_of(game.white), seed_of(game.black)) else {
            continue;
        };
        let score = game.result.and_then(Score::game_score);
        if game.status == GameStatus::Finished && score.is_none() {
            continue; // annulled: no sporting result
        }
        scored.push(TournamentGame {
            white,
            black,
            score,
        });
        let is_latest = latest.is_some() && game.finished_at == latest;
        let forfeit = game.result_reason.as_deref() == Some("result-time-forfeit");
        let (white_mark, black_mark) = marks_of(score, forfeit);
        marks[white][black].push(CrosstableGame {
            mark: white_mark,
            latest: is_latest,
        });
        marks[black][white].push(CrosstableGame {
            mark: black_mark,
            latest: is_latest,
        });
    }
    let lines = standings(seeds.len(), &scored);
    Table {
        event,
        stage,
        names,
        players: seeds,
        ratings,
        lines,
        marks,
        games: games.len(),
        finished,
    }
}

/// The catalog id of the tie-break that put the sole first place above a
/// player equal on points: wins, then Sonneborn-Berger, then the games
/// between them (the order [`standings`] applies).
fn tie_break(lines: &[Standing]) -> Option<&'static str> {
    let [first, second, ..] = lines else {
        return None;
    };
    if first.place != (1, 1) || first.halves != second.halves {
        return None;
    }
    Some(if first.wins != second.wins {
        "tie-break-wins"
    } else if first.sonneborn_berger_quarters != second.sonneborn_berger_quarters {
        "tie-break-sb"
    } else {
        "tie-break-direct"
    })
}

/// White's and Black's marks of a game.
fn marks_of(score: Option<GameScore>, forfeit: bool) -> (GameMark, GameMark) {
    let Some(score) = score else {
        return (GameMark::Pending, GameMark::Pending);
    };
    let mark = |own: u8, other: u8| match (own.cmp(&other), forfeit) {
        (std::cmp::Ordering::Greater, false) => GameMark::Win,
        (std::cmp::Ordering::Greater, true) => GameMark::ForfeitWin,
        (std::cmp::Ordering::Less, false) => GameMark::Loss,
        (std::cmp::Ordering::Less, true) => GameMark::ForfeitLoss,
        (std::cmp::Ordering::Equal, _) if own == 0 => GameMark::Loss,
        (std::cmp::Ordering::Equal, _) => GameMark::Draw,
    };
    (
        mark(score.white_halves, score.black_halves),
        mark(score.black_halves, score.white_halves),
    )
}

/// Half-points as text: `3½`, `½`, `0`.
/// A player's line of a final table: the place (`2` or `3–4`), the name
/// and the points.
pub(crate) fn final_line(place: (u32, u32), name: String, halves: u32) -> FinalLine {
    FinalLine {
        place: place_text(place),
        first: place.0 == 1,
        name,
        points: points_text(halves),
        board_points: None,
    }
}

pub(crate) fn points_text(halves: u32) -> String {
    match (halves / 2, halves % 2) {
        (0, 1) => "½".to_owned(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}

/// Quarter-points as text: `2¾`, `¼`, `0`.
pub(crate) fn quarters_text(quarters: u32) -> String {
    let fraction = ["", "¼", "½", "¾"][(quarters % 4) as usize];
    match quarters / 4 {
        0 if !fraction.is_empty() => fraction.to_owned(),
        whole => format!("{whole}{fraction}"),
    }
}

/// A place as text: `1` or `2–3` when shared.
pub(crate) fn place_text((first, last): (u32, u32)) -> String {
    if first == last {
        first.to_string()
    } else {
        format!("{first}–{last}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_and_sonneborn_berger_are_written_with_fractions() {
        assert_eq!(points_text(0), "0");
        assert_eq!(points_text(1), "½");
        assert_eq!(points_text(7), "3½");
        assert_eq!(quarters_text(0), "0");
        assert_eq!(quarters_text(1), "¼");
        assert_eq!(quarters_text(11), "2¾");
        assert_eq!(quarters_text(8), "2");
    }

    #[test]
    fn shared_places_read_as_a_range() {
        assert_eq!(place_text((1, 1)), "1");
        assert_eq!(place_text((2, 3)), "2–3");
    }

    #[test]
    fn a_forfeit_is_marked_as_such_and_a_double_loss_as_two_losses() {
        assert_eq!(
            marks_of(Some(GameScore::WHITE_WINS), true),
            (GameMark::ForfeitWin, GameMark::ForfeitLoss)
        );
        assert_eq!(
            marks_of(Some(GameScore::DRAW), false),
            (GameMark::Draw, GameMark::Draw)
        );
        assert_eq!(
            marks_of(Some(GameScore::DOUBLE_LOSS), false),
            (GameMark::Loss, GameMark::Loss)
        );
        assert_eq!(
            marks_of(None, false),
            (GameMark::Pending, GameMark::Pending)
        );
    }
}
