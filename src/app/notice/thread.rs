//! Public notices to a game's thread in the event's channel: the game
//! started, a move was played (with the board). They carry nothing private:
//! no "your move", no contact details; the result is the ordinary
//! [`Notice::GameOver`](crate::app::notice::Notice::GameOver), which is public already.

use serde::{Deserialize, Serialize};

use crate::app::i18n::{Args, Lang, tr};
use crate::core::notation::Notation;
use crate::store::GameId;

use crate::app::notice::{Clocks, NoticeMove, clocks_text};

/// What a game's thread is told.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum ThreadNotice {
    /// The game started (R1.1): who plays which colour.
    Started {
        /// The game's number.
        game: GameId,
        /// The event's name.
        event: String,
        /// White's name.
        white: String,
        /// Black's name.
        black: String,
    },
    /// A move was played, with both clocks after it (R2.3.6, R3.4.2).
    Moved {
        /// The game's number.
        game: GameId,
        /// The mover's name.
        mover: String,
        /// The mover's move number.
        move_number: u32,
        /// The move.
        mv: NoticeMove,
        /// Both clocks after the move.
        clocks: Clocks,
        /// The move's half-move number (from 1), whose position the board
        /// shows; absent: the current position.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ply: Option<i64>,
    },
}

impl ThreadNotice {
    /// The stable snake_case name of this notice.
    pub fn kind(&self) -> &'static str {
        match self {
            ThreadNotice::Started { .. } => "thread_game_started",
            ThreadNotice::Moved { .. } => "thread_move",
        }
    }

    /// The game's number.
    pub fn game(&self) -> GameId {
        match self {
            ThreadNotice::Started { game, .. } | ThreadNotice::Moved { game, .. } => *game,
        }
    }

    /// The half-move whose position the board shows (`None`: the current).
    pub fn ply(&self) -> Option<i64> {
        match self {
            ThreadNotice::Started { .. } => None,
            ThreadNotice::Moved { ply, .. } => *ply,
        }
    }

    /// The text in `lang`, with moves in `notation`.
    pub fn text(&self, lang: Lang, notation: Notation) -> String {
        match self {
            ThreadNotice::Started {
                game,
                event,
                white,
                black,
            } => {
                let args = Args::new()
                    .with("game", *game)
                    .with("event", event.as_str())
                    .with("white", white.as_str())
                    .with("black", black.as_str());
                tr(lang, "notice-thread-started", &args)
            }
            ThreadNotice::Moved {
                game,
                mover,
                move_number,
                mv,
                clocks,
                ..
            } => {
                let args = Args::new()
                    .with("game", *game)
                    .with("mover", mover.as_str())
                    .with("number", *move_number)
                    .with("dots", mv.dots())
                    .with("move", mv.write(notation));
                let head = tr(lang, "notice-thread-move", &args);
                format!("{head}\n{}", clocks_text(lang, clocks))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Notice;
    use super::*;

    #[test]
    fn thread_notices_round_trip_through_the_outbox_json() {
        let notice = Notice::Thread(ThreadNotice::Moved {
            game: GameId(3),
            mover: "Anna".into(),
            move_number: 1,
            mv: NoticeMove {
                fen_before: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
                uci: "e2e4".into(),
            },
            clocks: Clocks {
                white_used: 0,
                white_left: 30,
                black_used: 0,
                black_left: 30,
            },
            ply: Some(1),
        });
        let json = serde_json::to_value(&notice).unwrap();
        assert_eq!(json["kind"], "thread");
        assert_eq!(json["step"], "moved");
        let back: Notice = serde_json::from_value(json).unwrap();
        assert_eq!(back, notice);
        let message = notice.message(Lang::En, Notation::Lan, None);
        assert_eq!(message.kind, "thread_move");
        assert!(message.text.starts_with("Game #3: Anna played 1. e2-e4."));
        assert!(!message.text.contains("Your move"), "{}", message.text);
        assert!(message.image.is_some(), "the board rides along");
    }
}
