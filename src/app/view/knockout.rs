//! A knock-out event's bracket read from its seeding and games (issue 40):
//! what `/standings`, `/event show`, the event page, the bracket image and
//! the end announcement show, and what the event starts next.

use std::collections::HashMap;

use crate::app::i18n::{Args, Lang, tr, tr0};
use crate::app::notice::{EventEnd, OwnResult, Stage};
use crate::app::view::standings::{final_line, place_text, points_text};
use crate::core::game::Score;
use crate::core::tournament::knockout::{
    Bracket, Decision, Knockout, MatchGame, MatchState, MatchView, bracket,
};
use crate::render::{BracketInput, BracketMatch, BracketRound, BracketSide, Language, Theme};
use crate::store::{Event, KnockoutGame, PlayerId, StoreError, Tx};
use shakmaty::Color;

/// A started knock-out event's bracket with the names it shows.
pub struct KnockoutTable {
    /// The event.
    pub event: Event,
    /// The players by seed (0 the best).
    pub players: Vec<PlayerId>,
    /// Their names, by seed.
    pub names: Vec<String>,
    /// The bracket.
    pub bracket: Bracket,
    /// Each player's points over all their games, in half points, by seed.
    pub halves: Vec<u32>,
}

/// White's and Black's half points of a finished game's `score`.
fn game_halves(score: Score) -> (u32, u32) {
    match score {
        Score::Win(Color::White) => (2, 0),
        Score::Win(Color::Black) => (0, 2),
        Score::Draw => (1, 1),
        Score::DoubleLoss | Score::Annulled => (0, 0),
    }
}

impl KnockoutTable {
    /// The bracket of `event`; `None` for an event that is not a knock-out
    /// or has not started (no seeding yet).
    pub async fn of(tx: &mut Tx, event: Event) -> Result<Option<Self>, StoreError> {
        let Some(format) = event.regulation.knockout else {
            return Ok(None);
        };
        let players = tx.knockout_seeds(event.id).await?;
        if players.is_empty() {
            return Ok(None);
        }
        let games = tx.knockout_games(event.id).await?;
        let active = tx.active_players(event.id).await?;
        let left: Vec<bool> = players.iter().map(|p| !active.contains(p)).collect();
        let names = tx
            .event_entrants(event.id)
            .await?
            .into_iter()
            .map(|entrant| (entrant.player, entrant.name))
            .collect::<HashMap<_, _>>();
        let names = players
            .iter()
            .map(|p| names.get(p).cloned().unwrap_or_default())
            .collect();
        let (bracket, halves) = read(format, &players, &games, &left);
        Ok(Some(Self {
            event,
            players,
            names,
            bracket,
            halves,
        }))
    }

    /// The seed of `player`, if seeded.
    pub(crate) fn seed_of(&self, player: PlayerId) -> Option<usize> {
        self.players.iter().position(|p| *p == player)
    }

    /// The number of rounds.
    pub(crate) fn rounds(&self) -> u32 {
        self.bracket.rounds.len() as u32
    }

    /// The stage of `round` (from 1).
    pub(crate) fn stage(&self, round: u32) -> Stage {
        Stage::of(round, self.rounds())
    }

    /// The name of `seed`, or the words for a player not known yet.
    fn name_or_unknown(&self, lang: Lang, seed: Option<usize>) -> String {
        match seed {
            Some(seed) => self.names[seed].clone(),
            None => tr0(lang, "knockout-side-unknown"),
        }
    }

    /// One match in words: its players, score and state.
    pub(crate) fn match_text(&self, lang: Lang, view: &MatchView) -> String {
        let args = Args::new()
            .with("top", self.name_or_unknown(lang, view.top))
            .with("bottom", self.name_or_unknown(lang, view.bottom))
            .with("score", score_text(view.top_halves, view.bottom_halves));
        let args = match view.winner() {
            Some(winner) => args.with("winner", self.names[winner].clone()),
            None => args,
        };
        let key = match view.state {
            _ if view.is_bye() => "knockout-line-bye",
            MatchState::Waiting => "knockout-line-waiting",
            MatchState::Due { .. } | MatchState::Playing => "knockout-line-playing",
            MatchState::Won {
                by: Decision::Games,
                ..
            } => "knockout-line-won",
            MatchState::Won {
                by: Decision::Seed, ..
            } => "knockout-line-seed",
            MatchState::Won {
                by: Decision::Walkover,
                ..
            } => "knockout-line-walkover",
        };
        tr(lang, key, &args)
    }

    /// Each round's heading and matches, one line a round («Півфінал:
    /// Олена Коваленко — Андрій Шевчук: 1½:½, …»).
    pub(crate) fn round_lines(&self, lang: Lang) -> Vec<String> {
        self.bracket
            .rounds
            .iter()
            .enumerate()
            .map(|(index, matches)| {
                let texts: Vec<String> = matches
                    .iter()
                    .map(|view| self.match_text(lang, view))
                    .collect();
                let args = Args::new()
                    .with("stage", self.stage(index as u32 + 1).title(lang))
                    .with("matches", texts.join("; "));
                tr(lang, "event-line-round", &args)
            })
            .collect()
    }

    /// The bracket as the renderer takes it, in `lang` and `theme`.
    pub fn bracket_input(&self, lang: Lang, theme: Theme) -> BracketInput {
        let rounds = self
            .bracket
            .rounds
            .iter()
            .enumerate()
            .map(|(index, matches)| BracketRound {
                title: self.stage(index as u32 + 1).title(lang),
                matches: matches.iter().map(|view| self.image_match(view)).collect(),
            })
            .collect();
        BracketInput {
            title: self.event.name.clone(),
            rounds,
            champion: self.bracket.champion().map(|seed| self.names[seed].clone()),
            language: match lang {
                Lang::Uk => Language::Ukrainian,
                Lang::En => Language::English,
            },
            theme,
        }
    }

    fn image_match(&self, view: &MatchView) -> BracketMatch {
        let side = |seed: Option<usize>, halves: u32| BracketSide {
            name: seed.map(|seed| self.names[seed].clone()),
            seed: seed.map(|seed| seed as u32 + 1),
            score_halves: (view.games > 0 && seed.is_some()).then_some(halves),
            winner: seed.is_some() && view.winner() == seed,
        };
        BracketMatch {
            top: side(view.top, view.top_halves),
            bottom: side(view.bottom, view.bottom_halves),
            bye: view.is_bye(),
        }
    }

    /// `/standings`' text: the heading, the rounds, and the first place
    /// once decided.
    pub(crate) fn text(&self, lang: Lang) -> String {
        let args = Args::new()
            .with("event", self.event.id)
            .with("name", self.event.name.clone());
        let mut lines = vec![tr(lang, "knockout-standings-head", &args)];
        lines.extend(self.round_lines(lang));
        if let Some(champion) = self.bracket.champion() {
            let args = Args::new().with("name", self.names[champion].clone());
            lines.push(tr(lang, "knockout-standings-first", &args));
        }
        lines.join("\n")
    }

    /// The places: the champion first, then by the round each went out
    /// in, the later the better; those out in one round share a place
    /// (`3–4`). Seeds in order within a place.
    pub(crate) fn places(&self) -> Vec<(usize, (u32, u32))> {
        let rounds = self.rounds();
        // How far each got: rounds + 1 for the champion.
        let reach = |seed: usize| match self.bracket.out_in(seed) {
            Some(round) => round,
            None => rounds + 1,
        };
        let mut seeds: Vec<usize> = (0..self.players.len()).collect();
        seeds.sort_by_key(|&seed| (std::cmp::Reverse(reach(seed)), seed));
        seeds
            .iter()
            .map(|&seed| {
                let better = seeds.iter().filter(|&&s| reach(s) > reach(seed)).count() as u32;
                let equal = seeds.iter().filter(|&&s| reach(s) == reach(seed)).count() as u32;
                (seed, (better + 1, better + equal))
            })
            .collect()
    }

    /// The end announcement's table (R1.1): the places and each player's
    /// points over the event.
    pub(crate) fn event_end(&self) -> EventEnd {
        let lines = self
            .places()
            .into_iter()
            .map(|(seed, place)| final_line(place, self.names[seed].clone(), self.halves[seed]))
            .collect();
        EventEnd {
            event: self.event.id,
            name: self.event.name.clone(),
            lines,
            tie_break: None,
            own: None,
            team: false,
        }
    }

    /// `player`'s own place and points, if they played.
    pub(crate) fn own_result(&self, player: PlayerId, rating: Option<i64>) -> Option<OwnResult> {
        let seed = self.seed_of(player)?;
        let (_, place) = self.places().into_iter().find(|(s, _)| *s == seed)?;
        Some(OwnResult {
            place: place_text(place),
            points: points_text(self.halves[seed]),
            rating,
            team: None,
        })
    }
}

/// `1½:½`.
pub(crate) fn score_text(own: u32, other: u32) -> String {
    format!("{}:{}", points_text(own), points_text(other))
}

/// The bracket and each seed's points from the stored games.
fn read(
    format: Knockout,
    players: &[PlayerId],
    games: &[KnockoutGame],
    left: &[bool],
) -> (Bracket, Vec<u32>) {
    let seed_of: HashMap<PlayerId, usize> = players
        .iter()
        .enumerate()
        .map(|(seed, player)| (*player, seed))
        .collect();
    let mut matches: HashMap<(u32, u32), Vec<MatchGame>> = HashMap::new();
    let mut halves = vec![0u32; players.len()];
    for game in games {
        let (Some(&white), Some(&black)) = (seed_of.get(&game.white), seed_of.get(&game.black))
        else {
            continue;
        };
        let result = game.result.map(game_halves);
        if let Some((w, b)) = result {
            halves[white] += w;
            halves[black] += b;
        }
        let key = (game.round as u32, game.slot as u32);
        matches.entry(key).or_default().push(MatchGame {
            white,
            halves: result,
        });
    }
    (bracket(format, players.len(), &matches, left), halves)
}
