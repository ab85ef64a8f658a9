//! Notices of a knock-out event (issue 40), to a match's players: its
//! games have started (or a tie-break pair's), and how it was decided,
//! with where the winner goes on.

use serde::{Deserialize, Serialize};

use crate::app::i18n::{Args, Lang, tr};
use crate::app::view::standings::points_text;
use crate::core::tournament::knockout::Decision;
use crate::store::EventId;

use super::StartedGame;

/// A stage of the bracket by how many rounds follow it (0: the final).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stage(pub u32);

impl Stage {
    /// The stage of `round` (from 1) of a bracket of `rounds` rounds.
    pub fn of(round: u32, rounds: u32) -> Self {
        Self(rounds.saturating_sub(round))
    }

    /// The stage's name, capitalized («Півфінал», "Semi-finals").
    pub fn title(self, lang: Lang) -> String {
        tr(lang, "knockout-stage", &self.args())
    }

    /// The stage's name within a sentence («півфінал», "the semi-finals").
    pub fn name(self, lang: Lang) -> String {
        tr(lang, "knockout-stage-in", &self.args())
    }

    /// Where a winner goes on to («до півфіналу», "to the semi-finals").
    pub fn onward(self, lang: Lang) -> String {
        tr(lang, "knockout-stage-to", &self.args())
    }

    fn args(self) -> Args<'static> {
        // 1/8 of the final: 2^(rounds after it) matches in the stage.
        let share = 1u64 << self.0.min(20);
        Args::new()
            .with("after", self.0)
            .with("share", share)
            .with("players", 2 * share)
    }
}

/// The event a notice is about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnockoutEvent {
    /// The event's number.
    pub event: EventId,
    /// The event's name.
    pub name: String,
    /// The match's stage.
    pub stage: Stage,
}

impl KnockoutEvent {
    fn args(&self, lang: Lang) -> Args<'_> {
        Args::new()
            .with("event", self.event)
            .with("name", self.name.as_str())
            .with("stage", self.stage.name(lang))
    }
}

/// What a match's player is told.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum KnockoutNotice {
    /// The match's games have started: all of them at once, or the
    /// tie-break pair of a level match.
    MatchStarted {
        /// The event and stage.
        #[serde(flatten)]
        of: KnockoutEvent,
        /// The opponent's name.
        opponent: String,
        /// The games started, with the recipient's colours.
        list: Vec<StartedGame>,
        /// A level match's score before its tie-break pair (`1:1`);
        /// `None` for the match's own games.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        level: Option<String>,
    },
    /// The match is decided.
    MatchDecided {
        /// The event and stage.
        #[serde(flatten)]
        of: KnockoutEvent,
        /// The opponent's name; `None` for a bye.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        opponent: Option<String>,
        /// The recipient's points and the opponent's, in half points.
        halves: (u32, u32),
        /// The recipient won the match.
        won: bool,
        /// How it was decided.
        by: Decision,
        /// The stage the winner goes on to; `None` after the final.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        next: Option<Stage>,
    },
}

impl KnockoutNotice {
    /// The stable snake_case name of this notice.
    pub fn kind(&self) -> &'static str {
        match self {
            KnockoutNotice::MatchStarted { .. } => "match_started",
            KnockoutNotice::MatchDecided { .. } => "match_decided",
        }
    }

    /// The event's number.
    pub fn event(&self) -> EventId {
        match self {
            KnockoutNotice::MatchStarted { of, .. } | KnockoutNotice::MatchDecided { of, .. } => {
                of.event
            }
        }
    }

    /// The text in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            KnockoutNotice::MatchStarted {
                of,
                opponent,
                list,
                level,
            } => {
                let args = of
                    .args(lang)
                    .with("opponent", opponent.as_str())
                    .with("games", list.len());
                let head = match level {
                    Some(score) => tr(
                        lang,
                        "notice-knockout-tie-pair",
                        &args.with("score", score.as_str()),
                    ),
                    None => tr(lang, "notice-knockout-match", &args),
                };
                std::iter::once(head)
                    .chain(list.iter().map(|game| game.text(lang)))
                    .collect::<Vec<_>>()
                    .join("\n")
            }
            KnockoutNotice::MatchDecided {
                of,
                opponent,
                halves,
                won,
                by,
                next,
            } => decided_text(lang, of, (opponent.as_deref(), *halves), (*won, *by, *next)),
        }
    }
}

/// [`KnockoutNotice::MatchDecided`]'s text: the score and how it was
/// decided, then where the recipient goes on, or that they are out.
fn decided_text(
    lang: Lang,
    of: &KnockoutEvent,
    (opponent, (own, other)): (Option<&str>, (u32, u32)),
    (won, by, next): (bool, Decision, Option<Stage>),
) -> String {
    let score = format!("{}:{}", points_text(own), points_text(other));
    let args = of.args(lang).with("score", score);
    let args = match opponent {
        Some(opponent) => args.with("opponent", opponent),
        None => args,
    };
    let head = match (opponent, by, won) {
        (None, _, _) => "notice-knockout-bye",
        // Told to the player going on.
        (Some(_), Decision::Walkover, _) => "notice-knockout-walkover",
        (Some(_), Decision::Seed, true) => "notice-knockout-won-seed",
        (Some(_), Decision::Seed, false) => "notice-knockout-lost-seed",
        (Some(_), Decision::Games, true) => "notice-knockout-won",
        (Some(_), Decision::Games, false) => "notice-knockout-lost",
    };
    let head = tr(lang, head, &args);
    let tail = match (won, next) {
        (true, Some(next)) => tr(
            lang,
            "notice-knockout-onward",
            &Args::new().with("next", next.onward(lang)),
        ),
        (true, None) => tr(lang, "notice-knockout-champion", &Args::new()),
        (false, _) => tr(lang, "notice-knockout-out", &Args::new()),
    };
    format!("{head} {tail}")
}
