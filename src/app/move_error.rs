//! A refused move explained in the player's language: every
//! [`NotationError`] maps to a catalog message that says why and what to do
//! (R2.3.5, R2.3.9, R2.3.10: an impossible move is refused at once).

use shakmaty::{CastlingSide, Chess, Move, Position, Role, Square};

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
        E::NotationNotAllowed { notation } => {
            Args::new().with("notation", notation_name(lang, *notation))
        }
        E::Ambiguous { candidates } => {
            Args::new().with("candidates", written(lang, position, candidates, notation))
        }
        E::KingOrKnight { candidates } => Args::new()
            .with("candidates", written(lang, position, candidates, notation))
            .with(
                "full",
                written(lang, position, candidates, Notation::UkrainianFull),
            ),
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
        E::PromotionMissing { from, to } => {
            from_to(*from, *to).with("example", promotion_example(position, *from, *to, notation))
        }
        E::PromotionNotPossible { to } => Args::new().with("to", to.to_string()),
        E::PromotionInvalidPiece { role, from, to } => from_to(*from, *to)
            .with("piece", piece(lang, *role))
            .with("example", promotion_example(position, *from, *to, notation)),
        E::NoPieceCanReach { role, to } => Args::new()
            .with("piece", piece(lang, *role))
            .with("role", notation::piece_name(*role))
            .with("to", to.to_string()),
    };
    let refusal = tr(lang, &id, &args);
    match way_forward(lang, error, position, notation) {
        Some(hint) => format!("{refusal} {hint}"),
        None => refusal,
    }
}

/// At most this many moves are listed in a way forward.
const MAX_LISTED: usize = 12;

/// What to do instead (issue 19): the moves the piece written can make,
/// the pawn that can take on the square, the pieces a pawn may become.
fn way_forward(
    lang: Lang,
    error: &NotationError,
    position: &Chess,
    notation: Notation,
) -> Option<String> {
    use NotationError as E;
    match *error {
        E::CannotMoveThatWay { from, to, .. }
        | E::PathBlocked { from, to, .. }
        | E::PawnNothingToCapture { from, to }
        | E::MovesIntoCheck { from, to } => {
            let role = position.board().role_at(from)?;
            Some(
                reach(lang, position, role, Some(from), to, notation)
                    .unwrap_or_else(|| piece_moves(lang, position, role, from, notation)),
            )
        }
        E::Pinned { square } => {
            let role = position.board().role_at(square)?;
            Some(piece_moves(lang, position, role, square, notation))
        }
        E::DoesNotParryCheck { .. } => {
            let legal: Vec<Move> = position.legal_moves().into_iter().collect();
            let args = Args::new().with("moves", move_list(lang, position, &legal, notation));
            Some(tr(lang, "move-hint-parry", &args))
        }
        E::NoPieceCanReach { role, to } => Some(
            reach(lang, position, role, None, to, notation)
                .unwrap_or_else(|| role_moves(lang, position, role, notation)),
        ),
        E::PromotionMissing { .. } | E::PromotionInvalidPiece { .. } => {
            let args = Args::new().with("pieces", promotion_pieces(lang, notation));
            Some(tr(lang, "move-hint-promotion-pieces", &args))
        }
        _ => None,
    }
}

/// The legal moves of another piece of `role` (not the one on `from`) to
/// `to`: the pawn that can take there, named with its move (`d4:c5`).
fn reach(
    lang: Lang,
    position: &Chess,
    role: Role,
    from: Option<Square>,
    to: Square,
    notation: Notation,
) -> Option<String> {
    let moves: Vec<Move> = position
        .legal_moves()
        .into_iter()
        .filter(|mv| mv.role() == role && mv.to() == to && mv.from() != from)
        .collect();
    if moves.is_empty() {
        return None;
    }
    let squares: Vec<String> = moves
        .iter()
        .filter_map(|mv| mv.from())
        .map(|square| square.to_string())
        .collect();
    let args = Args::new()
        .with("role", notation::piece_name(role))
        .with("count", moves.len())
        .with("to", to.to_string())
        .with("from", squares.join(&tr0(lang, "word-and")))
        .with("moves", move_list(lang, position, &moves, notation));
    let id = if role == Role::Pawn && moves.iter().all(|mv| mv.is_capture()) {
        "move-hint-pawn-takes"
    } else {
        "move-hint-reach"
    };
    Some(tr(lang, id, &args))
}

/// The legal moves of the piece on `from`, or that it has none.
fn piece_moves(
    lang: Lang,
    position: &Chess,
    role: Role,
    from: Square,
    notation: Notation,
) -> String {
    let moves: Vec<Move> = position
        .legal_moves()
        .into_iter()
        .filter(|mv| mv.from() == Some(from))
        .collect();
    let args = Args::new()
        .with("role", notation::piece_name(role))
        .with("from", from.to_string())
        .with("moves", move_list(lang, position, &moves, notation));
    let id = if moves.is_empty() {
        "move-hint-piece-no-moves"
    } else {
        "move-hint-piece-moves"
    };
    tr(lang, id, &args)
}

/// The legal moves of every piece of `role`, or that there are none.
fn role_moves(lang: Lang, position: &Chess, role: Role, notation: Notation) -> String {
    let moves: Vec<Move> = position
        .legal_moves()
        .into_iter()
        .filter(|mv| mv.role() == role)
        .collect();
    let args = Args::new()
        .with("role", notation::piece_name(role))
        .with("moves", move_list(lang, position, &moves, notation));
    let id = if moves.is_empty() {
        "move-hint-role-no-moves"
    } else {
        "move-hint-role-moves"
    };
    tr(lang, id, &args)
}

/// `e2-e3 чи e2-e4`, `Кg1-f3, Кg1-h3 чи Кb1-c3`: the moves in `notation`
/// (with check signs), the last joined by "or"; past [`MAX_LISTED`], the
/// first ones and an ellipsis.
fn move_list(lang: Lang, position: &Chess, moves: &[Move], notation: Notation) -> String {
    let written: Vec<String> = moves
        .iter()
        .take(MAX_LISTED)
        .map(|mv| notation::write_with_check(position, mv, notation))
        .collect();
    if moves.len() > MAX_LISTED {
        return format!("{}…", written.join(", "));
    }
    crate::app::i18n::list_text(lang, &written, "word-or")
}

/// The player's own move with a queen (`e7-e8Ф`, `e8=Q`), in `notation`.
fn promotion_example(position: &Chess, from: Square, to: Square, notation: Notation) -> String {
    position
        .legal_moves()
        .into_iter()
        .find(|mv| mv.from() == Some(from) && mv.to() == to && mv.promotion() == Some(Role::Queen))
        .map(|mv| notation::write(position, &mv, notation))
        .unwrap_or_default()
}

/// The pieces a pawn may become, each with its letter in `notation`:
/// `ферзь (Ф), тура (Т), слон (С), кінь (К)`.
fn promotion_pieces(lang: Lang, notation: Notation) -> String {
    [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
        .into_iter()
        .map(|role| format!("{} ({})", piece(lang, role), piece_letter(role, notation)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A promotion piece's letter as `notation` writes it.
fn piece_letter(role: Role, notation: Notation) -> String {
    match notation {
        Notation::UkrainianFull | Notation::UkrainianShort => {
            notation::ukrainian_letter(role).to_owned()
        }
        Notation::San | Notation::Lan => role.upper_char().to_string(),
        Notation::Uci => role.char().to_string(),
        Notation::Iccf => match role {
            Role::Queen => "1",
            Role::Rook => "2",
            Role::Bishop => "3",
            _ => "4",
        }
        .to_owned(),
    }
}

/// A notation's name in `lang` (`українська повна (e2-e4, Кg1-f3)`).
pub fn notation_name(lang: Lang, notation: Notation) -> String {
    let code = crate::app::actor::NOTATION_CODES
        .iter()
        .find(|(_, n)| *n == notation)
        .map_or("ukr", |(code, _)| *code);
    tr(lang, "notation-name", &Args::new().with("code", code))
}

/// `Кb1-d2 чи Кf3-d2`: the candidate moves in `notation`.
fn written(lang: Lang, position: &Chess, candidates: &[Move], notation: Notation) -> String {
    candidates
        .iter()
        .map(|mv| notation::write(position, mv, notation))
        .collect::<Vec<_>>()
        .join(&tr0(lang, "word-or"))
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
        refusal_in(lang, fen, text, Notation::UkrainianFull)
    }

    fn refusal_in(lang: Lang, fen: &str, text: &str, notation: Notation) -> String {
        let pos = position(fen);
        let error = notation::parse(&pos, text, &Notation::ALL).expect_err(text);
        move_error_text(lang, &error, &pos, text, notation)
    }

    fn expect(text: &str, wanted: &str) {
        assert!(text.contains(wanted), "want «{wanted}» in: {text}");
    }

    /// White pawns on d4 and e4, a black pawn on c5: only d4 takes on c5.
    const TAKES_C5: &str = "4k3/8/8/2p5/3PP3/8/8/4K3 w - - 0 1";
    /// White pawns on a7 and c7, a black knight on b8.
    const PROMO_WHITE: &str = "1n2k3/P1P5/8/8/8/8/8/4K3 w - - 0 1";
    /// After 1.e4 e5.
    const E4_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";

    /// Issue 19: `e2-e5` is answered with the pawn's legal moves, in the
    /// reader's notation.
    #[test]
    fn a_piece_that_cannot_go_there_lists_its_moves() {
        let uk = refusal(Lang::Uk, START, "e2-e5");
        expect(&uk, "Пішак з e2 може піти: e2-e3 чи e2-e4.");
        let en = refusal_in(Lang::En, START, "e2-e5", Notation::San);
        expect(&en, "The pawn on e2 can play e3 or e4.");
        let uk = refusal(Lang::Uk, START, "Кg1-g3");
        expect(&uk, "Кінь з g1 може піти: ");
        expect(&uk, "Кg1-f3");
        expect(&uk, "Кg1-h3");
        let en = refusal_in(Lang::En, START, "Ng1-g3", Notation::San);
        expect(&en, "The knight on g1 can play ");
        expect(&en, "Nf3");
        let uk = refusal(Lang::Uk, START, "Сc1-e3");
        expect(&uk, "Слон з c1 зараз не має жодного ходу.");
        let en = refusal_in(Lang::En, START, "Bc1-e3", Notation::San);
        expect(&en, "The bishop on c1 has no legal move now.");
    }

    /// Issue 19: a knight that cannot reach the square: the knights' moves.
    #[test]
    fn no_piece_can_reach_lists_the_moves_of_that_kind() {
        let uk = refusal(Lang::Uk, START, "Кd4");
        expect(&uk, "Жоден ваш кінь не може піти на d4.");
        expect(&uk, "Можливі ходи конями: ");
        for mv in ["Кb1-a3", "Кb1-c3", "Кg1-f3", "Кg1-h3"] {
            expect(&uk, mv);
        }
        let en = refusal_in(Lang::En, START, "Nd4", Notation::San);
        expect(&en, "None of your knights can go to d4.");
        expect(&en, "Your knight moves: ");
        for mv in ["Na3", "Nc3", "Nf3", "Nh3"] {
            expect(&en, mv);
        }
    }

    /// Issue 19: a promotion without a piece: the player's own move with a
    /// queen as the example, and the pieces allowed.
    #[test]
    fn a_promotion_without_a_piece_shows_the_players_move_with_one() {
        let uk = refusal(Lang::Uk, PROMO_WHITE, "c7:b8");
        expect(&uk, "наприклад c7:b8Ф.");
        expect(&uk, "На вибір: ферзь (Ф), тура (Т), слон (С), кінь (К).");
        let en = refusal_in(Lang::En, PROMO_WHITE, "a8", Notation::San);
        expect(&en, "for example a8=Q.");
        expect(
            &en,
            "Choose from: queen (Q), rook (R), bishop (B), knight (N).",
        );
        let short = refusal_in(Lang::Uk, PROMO_WHITE, "a8", Notation::UkrainianShort);
        expect(&short, "наприклад a8Ф.");
    }

    /// Issue 19: a promotion to a king lists the pieces allowed.
    #[test]
    fn a_promotion_to_a_king_lists_the_pieces_allowed() {
        let uk = refusal(Lang::Uk, PROMO_WHITE, "a7-a8Кр");
        expect(&uk, "(король)");
        expect(&uk, "a7-a8Ф");
        expect(&uk, "На вибір: ферзь (Ф), тура (Т), слон (С), кінь (К).");
        let en = refusal_in(Lang::En, PROMO_WHITE, "a7-a8Кр", Notation::Lan);
        expect(&en, "(king)");
        expect(&en, "a7-a8=Q");
        expect(
            &en,
            "Choose from: queen (Q), rook (R), bishop (B), knight (N).",
        );
    }

    /// Issue 19: a pawn capture from the wrong file names the pawn that can
    /// take, with its move.
    #[test]
    fn a_capture_from_the_wrong_file_names_the_pawn_that_can_take() {
        for text in ["e4:c5", "e:c5"] {
            let uk = refusal(Lang::Uk, TAKES_C5, text);
            expect(&uk, "Взяти на c5 може пішак з d4: d4:c5.");
        }
        for text in ["e4xc5", "exc5"] {
            let en = refusal_in(Lang::En, TAKES_C5, text, Notation::San);
            expect(&en, "The pawn on d4 can take on c5: dxc5.");
        }
    }

    /// Issue 19: a Latin `K` that reads as a king and as a knight is asked
    /// about, both moves written out in the reader's notation.
    #[test]
    fn a_latin_k_for_king_or_knight_is_asked_about() {
        let uk = refusal(Lang::Uk, E4_E5, "Ke2");
        expect(&uk, "Латинську K");
        expect(&uk, "Крe1-e2 чи Кg1-e2?");
        let en = refusal_in(Lang::En, E4_E5, "Ke2", Notation::San);
        expect(&en, "Which move: Ke2 or Ne2?");
        expect(
            &en,
            "the Cyrillic К, which every event reads: Крe1-e2 or Кg1-e2.",
        );
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
            "king_or_knight",
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
