//! The result of a game: who scored what, and why the game ended.

use serde::{Deserialize, Serialize};
use shakmaty::Color;

use crate::core::tournament::GameScore;

/// The sporting score of a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Score {
    /// One side won: `1-0` or `0-1`.
    Win(#[serde(with = "color_serde")] Color),
    /// Draw: `½-½`.
    Draw,
    /// Both players scored a loss (`0-0`), for example a double forfeit.
    DoubleLoss,
    /// The game was cancelled: it has no sporting result and counts for neither
    /// player.
    Annulled,
}

impl Score {
    /// The winner, if one side won.
    pub fn winner(self) -> Option<Color> {
        match self {
            Score::Win(color) => Some(color),
            _ => None,
        }
    }

    /// Points scored by `color`, counted in half points (win 2, draw 1, loss
    /// 0); `None` for an annulled game, which scores nothing for anyone.
    pub fn half_points(self, color: Color) -> Option<u8> {
        match self {
            Score::Win(winner) => Some(if winner == color { 2 } else { 0 }),
            Score::Draw => Some(1),
            Score::DoubleLoss => Some(0),
            Score::Annulled => None,
        }
    }

    /// White's and Black's half-points for a table; `None` for an annulled
    /// game, which the table leaves out.
    pub fn game_score(self) -> Option<GameScore> {
        Some(GameScore {
            white_halves: self.half_points(Color::White)?,
            black_halves: self.half_points(Color::Black)?,
        })
    }

    /// The score of a PGN result token (`1-0`, `0-1`, `1/2-1/2`, `0-0`);
    /// `None` for `*` or anything else.
    pub fn from_pgn(token: &str) -> Option<Score> {
        match token.trim() {
            "1-0" => Some(Score::Win(Color::White)),
            "0-1" => Some(Score::Win(Color::Black)),
            "1/2-1/2" => Some(Score::Draw),
            "0-0" => Some(Score::DoubleLoss),
            _ => None,
        }
    }

    /// White's and Black's points as a board image's score pills show them
    /// (`1`, `½`, `0`); `None` for an annulled game.
    pub fn pills(self) -> Option<(String, String)> {
        let pill = |halves: u8| ["0", "½", "1"][usize::from(halves.min(2))].to_owned();
        let score = self.game_score()?;
        Some((pill(score.white_halves), pill(score.black_halves)))
    }

    /// The score as a scoresheet shows it: `1-0`, `0-1`, `½-½`, `0-0`, or `—`
    /// for an annulled game.
    pub fn as_score_str(self) -> &'static str {
        match self {
            Score::Win(Color::White) => "1-0",
            Score::Win(Color::Black) => "0-1",
            Score::Draw => "½-½",
            Score::DoubleLoss => "0-0",
            Score::Annulled => "—",
        }
    }
}

/// Why an arbiter decided a game (R3.1.6: every ending that is not normal
/// goes to the arbiter). Modelled on ICCF result codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArbiterReason {
    /// The arbiter judged the final position (adjudication).
    Adjudicated,
    /// Won or lost by default: a player stopped playing or withdrew
    /// (R2.5.3, R3.1.5, R3.3.2).
    Default,
    /// A loss imposed as a sanction for breaking the rules (R2.1.5).
    RulesInfraction,
    /// The arbiter upheld a claim that a player exceeded the time limit
    /// (R2.6.2–R2.6.5 in postal events).
    TimeExceeded,
    /// The game was cancelled and has no sporting result.
    Annulled,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Termination {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can mate by any series of legal moves (dead position), as
    /// far as shakmaty's material check detects it.
    InsufficientMaterial,
    /// A correct claim of threefold repetition (FIDE Laws 9.2).
    ThreefoldRepetition,
    /// A correct claim under the 50-move rule (FIDE Laws 9.3).
    FiftyMoveRule,
    /// The same position appeared five times (FIDE Laws 9.6.1): automatic.
    FivefoldRepetition,
    /// 75 moves by each side without a pawn move or capture (FIDE Laws
    /// 9.6.2): automatic.
    SeventyFiveMoveRule,
    /// The players agreed a draw.
    Agreement,
    /// A player resigned.
    Resignation,
    /// A player's thinking time ran out (R3.5.7, R2.6.5).
    TimeForfeit,
    /// An arbiter decided the result (R3.1.6).
    Arbiter(ArbiterReason),
}

impl Termination {
    /// True for the endings the rules of chess bring about on the board or by
    /// the players themselves, which the bot records automatically (R3.1.6).
    pub fn is_normal(self) -> bool {
        !matches!(self, Termination::TimeForfeit | Termination::Arbiter(_))
    }
}

/// The structured result of a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameResult {
    /// Who scored what.
    pub score: Score,
    /// Why the game ended.
    pub termination: Termination,
}

impl GameResult {
    /// A win for `winner` by `termination`.
    pub fn win(winner: Color, termination: Termination) -> GameResult {
        GameResult {
            score: Score::Win(winner),
            termination,
        }
    }

    /// A draw by `termination`.
    pub fn draw(termination: Termination) -> GameResult {
        GameResult {
            score: Score::Draw,
            termination,
        }
    }

    /// The winner, if one side won.
    pub fn winner(&self) -> Option<Color> {
        self.score.winner()
    }
}

/// Serializes a [`Color`] as `"white"` / `"black"` without needing
/// shakmaty's `serde` feature.
mod color_serde {
    use serde::{Deserialize, Deserializer, Serializer};
    use shakmaty::Color;

    pub fn serialize<S: Serializer>(color: &Color, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(match color {
            Color::White => "white",
            Color::Black => "black",
        })
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Color, D::Error> {
        let name = String::deserialize(deserializer)?;
        match name.as_str() {
            "white" => Ok(Color::White),
            "black" => Ok(Color::Black),
            _ => Err(serde::de::Error::unknown_variant(
                &name,
                &["white", "black"],
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_serialize_as_plain_data() {
        let result = GameResult::win(Color::Black, Termination::Arbiter(ArbiterReason::Default));
        let json = serde_json::to_string(&result).unwrap();
        assert_eq!(
            json,
            r#"{"score":{"win":"black"},"termination":{"arbiter":"default"}}"#
        );
        assert_eq!(serde_json::from_str::<GameResult>(&json).unwrap(), result);
    }

    #[test]
    fn an_annulled_game_scores_nothing() {
        assert_eq!(Score::Annulled.half_points(Color::White), None);
        assert_eq!(Score::DoubleLoss.half_points(Color::Black), Some(0));
        assert_eq!(Score::Win(Color::White).half_points(Color::Black), Some(0));
    }
}

#[cfg(test)]
mod score_forms {
    use super::*;

    #[test]
    fn one_score_reads_as_table_points_pills_and_pgn() {
        let cases = [
            ("1-0", Score::Win(Color::White), (2, 0), ("1", "0")),
            ("0-1", Score::Win(Color::Black), (0, 2), ("0", "1")),
            ("1/2-1/2", Score::Draw, (1, 1), ("½", "½")),
            ("0-0", Score::DoubleLoss, (0, 0), ("0", "0")),
        ];
        for (token, score, (white, black), (w, b)) in cases {
            assert_eq!(Score::from_pgn(token), Some(score));
            let halves = score.game_score().unwrap();
            assert_eq!((halves.white_halves, halves.black_halves), (white, black));
            assert_eq!(score.pills(), Some((w.to_owned(), b.to_owned())));
        }
        assert_eq!(Score::from_pgn("*"), None);
        assert_eq!(Score::Annulled.game_score(), None);
        assert_eq!(Score::Annulled.pills(), None);
    }
}
