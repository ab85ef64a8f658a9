//! Notices of playing a turn: a message from the opponent, and the notice
//! of continuing a game (R3.3.2).

use serde::{Deserialize, Serialize};

use crate::app::i18n::{Args, Lang, tr};
use crate::store::GameId;

/// What the players of a game tell each other and the arbiter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "turn", rename_all = "snake_case")]
pub enum TurnNotice {
    /// A message from the opponent (with a move or by `/say`).
    OpponentMessage {
        /// The game's number.
        game: GameId,
        /// The writer's name.
        from: String,
        /// The text.
        text: String,
    },
    /// A player means to continue a silent game (R3.3.2): to the partner,
    /// the arbiters and, in a team event, the player's captain.
    ContinuationGiven {
        /// The game's number.
        game: GameId,
        /// The player's name.
        player: String,
    },
}

impl TurnNotice {
    /// The stable snake_case name of this notice.
    pub fn kind(&self) -> &'static str {
        match self {
            TurnNotice::OpponentMessage { .. } => "opponent_message",
            TurnNotice::ContinuationGiven { .. } => "continuation_given",
        }
    }

    /// The game it is about.
    pub fn game(&self) -> GameId {
        match self {
            TurnNotice::OpponentMessage { game, .. }
            | TurnNotice::ContinuationGiven { game, .. } => *game,
        }
    }

    /// The text in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            TurnNotice::OpponentMessage { game, from, text } => {
                let args = Args::new()
                    .with("game", *game)
                    .with("from", from.as_str())
                    .with("text", text.as_str());
                tr(lang, "notice-opponent-message", &args)
            }
            TurnNotice::ContinuationGiven { game, player } => {
                let args = Args::new()
                    .with("game", *game)
                    .with("player", player.as_str());
                tr(lang, "notice-continuation-given", &args)
            }
        }
    }
}
