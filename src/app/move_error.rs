//! A refused move explained in the player's language: every
//! [`NotationError`] maps to a catalog message that says why and what to do
//! (R2.3.5, R2.3.9, R2.3.10: an impossible move is refused at once).

use shakmaty::{CastlingSide, Chess, Role, Square};

use crate::app::i18n::{Args, Lang, tr, tr0};
use crate::core::notation::{self, CastlingRightLost, Notation, NotationError};

/// The catalog message id that explains `error` (`move-error-unreadable`).
pub fn move_error_id(error: &NotationError) -> String {
    format!("move-error-{}", error.code().replace('_', "-"))
}

/// The refusal of `text` in `lang`; candidate moves are written in `notation`.
pub fn move_error_text(
    lang: Lang,
    error: &NotationError,
    position: &Chess,
    text: &str,
    notation: Notation,
) -> String {
    use NotationError as E;
    let id = move_error_id(error);
    let args = match error {
        E::Empty | E::AnyMove => Args::new(),
        E::Unreadable => Args::new().with("text", text.to_owned()),
        E::NotationNotAllowed { notation } => Args::new().with("notation", notation.to_string()),
        E::Ambiguous { candidates } => {
            let written: Vec<String> = candidates
                .iter()
                .map(|mv| notation::write(position, mv, notation))
                .collect();
            Args::new().with("candidates", written.join(&tr0(lang, "word-or")))
        }
        E::NoPiece { square } | E::Pinned { square } => square_args(*square),
        E::OpponentPiece { square, role } | E::OwnPieceOnTarget { square, role } => {
            square_args(*square).with("piece", piece(lang, *role))
        }
        E::WrongPiece {
            square,
            written,
            found,
        } => square_args(*square)
            .with("written", piece(lang, *written))
            .with("found", piece(lang, *found)),
        E::CannotMoveThatWay { role, from, to } => {
            from_to(*from, *to).with("piece", piece(lang, *role))
        }
        E::PathBlocked { from, to, blocker } => {
            from_to(*from, *to).with("blocker", blocker.to_string())
        }
        E::PawnNothingToCapture { from, to }
        | E::MovesIntoCheck { from, to }
        | E::DoesNotParryCheck { from, to } => from_to(*from, *to),
        E::CastlingNoRight { side, cause } => Args::new()
            .with("side", castling(lang, *side))
            .with("cause", lost(lang, *cause)),
        E::CastlingInCheck { side } => Args::new().with("side", castling(lang, *side)),
        E::CastlingPathOccupied { side, square }
        | E::CastlingThroughCheck { side, square }
        | E::CastlingIntoCheck { side, square } => {
            square_args(*square).with("side", castling(lang, *side))
        }
        E::PromotionMissing { to } | E::PromotionNotPossible { to } => {
            Args::new().with("to", to.to_string())
        }
        E::PromotionInvalidPiece { role } => Args::new().with("piece", piece(lang, *role)),
        E::NoPieceCanReach { role, to } => Args::new()
            .with("piece", piece(lang, *role))
            .with("to", to.to_string()),
    };
    tr(lang, &id, &args)
}

fn square_args<'a>(square: Square) -> Args<'a> {
    Args::new().with("square", square.to_string())
}

fn from_to<'a>(from: Square, to: Square) -> Args<'a> {
    Args::new()
        .with("from", from.to_string())
        .with("to", to.to_string())
}

/// A piece's name in `lang`.
pub fn piece(lang: Lang, role: Role) -> String {
    let id = match role {
        Role::King => "piece-king",
        Role::Queen => "piece-queen",
        Role::Rook => "piece-rook",
        Role::Bishop => "piece-bishop",
        Role::Knight => "piece-knight",
        Role::Pawn => "piece-pawn",
    };
    tr0(lang, id)
}

fn castling(lang: Lang, side: CastlingSide) -> String {
    match side {
        CastlingSide::KingSide => tr0(lang, "castling-short"),
        CastlingSide::QueenSide => tr0(lang, "castling-long"),
    }
}

fn lost(lang: Lang, cause: CastlingRightLost) -> String {
    match cause {
        CastlingRightLost::KingMoved => tr0(lang, "castling-cause-king-moved"),
        CastlingRightLost::RookMovedOrMissing => tr0(lang, "castling-cause-rook-moved"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn position(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    fn refusal(lang: Lang, fen: &str, text: &str) -> String {
        let pos = position(fen);
        let error = notation::parse(&pos, text, &Notation::ALL).expect_err(text);
        move_error_text(lang, &error, &pos, text, Notation::UkrainianFull)
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn ambiguous_moves_name_the_candidates_in_the_players_notation() {
        let fen = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
        let text = refusal(Lang::Uk, fen, "Кd2");
        assert!(text.contains("Кb1-d2") && text.contains("Кf3-d2"), "{text}");
        assert!(text.contains(" чи "), "{text}");
        let text = refusal(Lang::En, fen, "Nd2");
        assert!(text.contains(" or "), "{text}");
    }

    #[test]
    fn impossible_moves_say_why_in_both_languages() {
        let uk = refusal(Lang::Uk, START, "Кe2-e4");
        assert!(uk.contains("пішак") && uk.contains("кінь"), "{uk}");
        let en = refusal(Lang::En, START, "Фd1-d5");
        assert!(en.contains("d2"), "{en}");
        let unreadable = refusal(Lang::En, START, "hello");
        assert!(unreadable.contains("hello"), "{unreadable}");
    }

    #[test]
    fn every_error_code_has_a_message_in_both_catalogs() {
        let ids: Vec<String> = crate::app::i18n::message_ids(Lang::Uk);
        for code in [
            "empty",
            "any_move",
            "unreadable",
            "notation_not_allowed",
            "ambiguous",
            "no_piece",
            "opponent_piece",
            "wrong_piece",
            "own_piece_on_target",
            "cannot_move_that_way",
            "path_blocked",
            "pawn_nothing_to_capture",
            "moves_into_check",
            "does_not_parry_check",
            "pinned",
            "castling_no_right",
            "castling_path_occupied",
            "castling_in_check",
            "castling_through_check",
            "castling_into_check",
            "promotion_missing",
            "promotion_not_possible",
            "promotion_invalid_piece",
            "no_piece_can_reach",
        ] {
            let id = format!("move-error-{}", code.replace('_', "-"));
            assert!(ids.contains(&id), "{id}");
        }
    }
}
