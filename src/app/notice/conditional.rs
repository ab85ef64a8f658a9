//! Notices of conditional moves (issue 41), to the owner of the lines
//! alone: the bot played their conditional reply, or the opponent's move
//! left their lines.

use serde::{Deserialize, Serialize};

use crate::app::i18n::{Args, Lang, tr};
use crate::app::notice::NoticeMove;
use crate::core::notation::Notation;
use crate::store::GameId;

/// The opponent's move a notice is about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MetMove {
    /// The game's number.
    pub game: GameId,
    /// The event's name.
    pub event: String,
    /// The opponent's name.
    pub opponent: String,
    /// The opponent's move number.
    pub number: u32,
    /// The move.
    pub mv: NoticeMove,
}

/// What became of a player's conditional lines after the opponent's move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "conditional", rename_all = "snake_case")]
pub enum ConditionalNotice {
    /// The opponent's move met a line and the bot played the owner's reply
    /// at once, charged no time.
    Played {
        /// The opponent's move.
        met: MetMove,
        /// The reply's move number.
        number: u32,
        /// The reply.
        reply: NoticeMove,
        /// The reply's half-move number in the game: the board shows the
        /// position after it.
        ply: i64,
        /// The reply ended the game (its result follows).
        ends_game: bool,
        /// The owner's lines still waiting.
        pending: u32,
        /// The owner's lines the opponent's move left, dropped.
        left: u32,
    },
    /// The opponent's move met none of the lines (or the owner could not
    /// move, being on leave, R3.6.2): they are dropped and the move is the
    /// owner's to make.
    Left {
        /// The opponent's move.
        met: MetMove,
        /// How many lines were dropped.
        lines: u32,
        /// The owner is on leave, so the bot could not move for them.
        on_leave: bool,
    },
}

impl ConditionalNotice {
    /// The stable snake_case name of this notice.
    pub fn kind(&self) -> &'static str {
        match self {
            ConditionalNotice::Played { .. } => "conditional_played",
            ConditionalNotice::Left { .. } => "conditional_left",
        }
    }

    /// The game it is about.
    pub fn game(&self) -> GameId {
        match self {
            ConditionalNotice::Played { met, .. } | ConditionalNotice::Left { met, .. } => met.game,
        }
    }

    /// The board's half-move after a played reply.
    pub fn ply(&self) -> Option<i64> {
        match self {
            ConditionalNotice::Played { ply, .. } => Some(*ply),
            ConditionalNotice::Left { .. } => None,
        }
    }

    /// The text in `lang`, with moves in `notation`.
    pub fn text(&self, lang: Lang, notation: Notation) -> String {
        match self {
            ConditionalNotice::Played {
                met,
                number,
                reply,
                ends_game,
                pending,
                left,
                ..
            } => {
                let args = met_args(met, notation)
                    .with("reply_number", *number)
                    .with("reply_dots", reply.dots())
                    .with("reply", reply.write(notation));
                let id = if *ends_game {
                    "notice-conditional-played-final"
                } else {
                    "notice-conditional-played"
                };
                let mut text = tr(lang, id, &args);
                if *left > 0 {
                    let args = Args::new().with("count", *left);
                    text = format!(
                        "{text}\n{}",
                        tr(lang, "notice-conditional-others-left", &args)
                    );
                }
                if !*ends_game {
                    let args = Args::new().with("count", *pending).with("game", met.game);
                    let id = match pending {
                        0 => "notice-conditional-none-waiting",
                        _ => "notice-conditional-pending",
                    };
                    text = format!("{text}\n{}", tr(lang, id, &args));
                }
                text
            }
            ConditionalNotice::Left {
                met,
                lines,
                on_leave,
            } => {
                let args = met_args(met, notation).with("count", *lines);
                let id = if *on_leave {
                    "notice-conditional-on-leave"
                } else {
                    "notice-conditional-left"
                };
                tr(lang, id, &args)
            }
        }
    }
}

/// The arguments naming the opponent's move.
fn met_args(met: &MetMove, notation: Notation) -> Args<'static> {
    Args::new()
        .with("game", met.game)
        .with("event", met.event.clone())
        .with("opponent", met.opponent.clone())
        .with("number", met.number)
        .with("dots", met.mv.dots())
        .with("move", met.mv.write(notation))
}
