//! Notices to a member who follows a game (issue 41), privately: a move of
//! it (when they follow its moves) and its end, with the players' names,
//! the event and the result in words. Nothing private of the players: no
//! clocks' deadlines, no contact details.

use serde::{Deserialize, Serialize};

use crate::app::i18n::{Args, Lang, tr};
use crate::core::notation::Notation;
use crate::store::GameId;

use crate::app::notice::NoticeMove;

/// Which game, between whom, in which event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FollowedGame {
    /// The game's number.
    pub game: GameId,
    /// The event's name.
    pub event: String,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
}

impl FollowedGame {
    fn args(&self) -> Args<'_> {
        Args::new()
            .with("game", self.game)
            .with("event", self.event.as_str())
            .with("white", self.white.as_str())
            .with("black", self.black.as_str())
    }
}

/// What a follower is told.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum FollowNotice {
    /// A move of a followed game.
    Moved {
        /// The game.
        #[serde(flatten)]
        of: FollowedGame,
        /// The mover's move number.
        move_number: u32,
        /// The move.
        mv: NoticeMove,
        /// The move's half-move number (from 1), whose position the board
        /// shows; absent: the current position.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ply: Option<i64>,
    },
    /// A followed game ended (R3.1.6).
    Ended {
        /// The game.
        #[serde(flatten)]
        of: FollowedGame,
        /// `1-0`, `½-½`, `0-1`, `0-0` or `—`.
        score: String,
        /// The catalog id of the reason (`result-checkmate` …).
        reason: String,
    },
}

/// The catalog id of a score in words.
fn score_words(score: &str) -> &'static str {
    match score {
        "1-0" => "follow-score-white",
        "0-1" => "follow-score-black",
        "½-½" | "1/2-1/2" => "follow-score-draw",
        "0-0" => "follow-score-both-lose",
        _ => "follow-score-none",
    }
}

impl FollowNotice {
    /// The stable snake_case name of this notice.
    pub fn kind(&self) -> &'static str {
        match self {
            FollowNotice::Moved { .. } => "follow_move",
            FollowNotice::Ended { .. } => "follow_end",
        }
    }

    /// The game's number.
    pub fn game(&self) -> GameId {
        match self {
            FollowNotice::Moved { of, .. } | FollowNotice::Ended { of, .. } => of.game,
        }
    }

    /// The half-move whose position the board shows (`None`: the current).
    pub fn ply(&self) -> Option<i64> {
        match self {
            FollowNotice::Moved { ply, .. } => *ply,
            FollowNotice::Ended { .. } => None,
        }
    }

    /// The text in `lang`, with moves in `notation`.
    pub fn text(&self, lang: Lang, notation: Notation) -> String {
        match self {
            FollowNotice::Moved {
                of,
                move_number,
                mv,
                ..
            } => {
                let args = of
                    .args()
                    .with("number", *move_number)
                    .with("dots", mv.dots())
                    .with("move", mv.write(notation));
                tr(lang, "notice-follow-move", &args)
            }
            FollowNotice::Ended { of, score, reason } => {
                let args = of
                    .args()
                    .with("score", score.as_str())
                    .with("words", tr(lang, score_words(score), &Args::new()))
                    .with("reason", tr(lang, reason, &Args::new()));
                tr(lang, "notice-follow-end", &args)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Notice;
    use super::*;

    fn ended(score: &str, reason: &str) -> Notice {
        Notice::Follow(FollowNotice::Ended {
            of: FollowedGame {
                game: GameId(3),
                event: "Cup".into(),
                white: "Anna".into(),
                black: "Bohdan".into(),
            },
            score: score.into(),
            reason: reason.into(),
        })
    }

    #[test]
    fn follow_notices_round_trip_and_say_the_result_in_words() {
        let notice = ended("1-0", "result-resignation");
        let json = serde_json::to_value(&notice).unwrap();
        assert_eq!(json["kind"], "follow");
        assert_eq!(json["step"], "ended");
        let back: Notice = serde_json::from_value(json).unwrap();
        assert_eq!(back, notice);
        let message = notice.message(Lang::En, Notation::Lan, None);
        assert_eq!(message.kind, "follow_end");
        assert!(message.text.contains("Anna — Bohdan"), "{}", message.text);
        assert!(message.text.contains("Cup"), "{}", message.text);
        assert!(message.text.contains("White won"), "{}", message.text);
        assert!(message.text.contains("resignation"), "{}", message.text);
        let uk = ended("½-½", "result-agreement").text(Lang::Uk, Notation::UkrainianFull);
        assert!(uk.contains("нічия"), "{uk}");
        for score in ["0-1", "0-0", "—"] {
            let text = ended(score, "result-arbiter").text(Lang::En, Notation::Lan);
            assert!(!text.contains("White won"), "{score}: {text}");
        }
    }
}
