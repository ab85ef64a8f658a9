//! Every way a game can end, and every refused action (FIDE Laws 5, 9;
//! R3.1.6, R3.5.7, R2.6.5).

use corrbot::core::game::{
    ArbiterReason, Game, GameError, GameResult, Score, StartError, Termination,
};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Move, Position, Square};

fn game_after(moves: &[&str]) -> Game {
    let mut game = Game::new();
    play_all(&mut game, moves);
    game
}

fn play_all(game: &mut Game, moves: &[&str]) {
    for uci in moves {
        game.play_uci(uci)
            .unwrap_or_else(|err| panic!("{uci}: {err}"));
    }
}

fn fen_game(fen: &str) -> Game {
    Game::from_fen(fen).expect("valid FEN")
}

fn mv(game: &Game, uci: &str) -> Move {
    uci.parse::<UciMove>()
        .unwrap()
        .to_move(game.position())
        .unwrap()
}

const KNIGHT_SHUFFLE: [&str; 4] = ["g1f3", "g8f6", "f3g1", "f6g8"];

fn shuffles(times: usize) -> Vec<&'static str> {
    KNIGHT_SHUFFLE
        .iter()
        .copied()
        .cycle()
        .take(4 * times)
        .collect()
}

#[test]
fn fools_mate_is_a_win_for_black_and_ends_the_game() {
    let mut game = game_after(&["f2f3", "e7e5", "g2g4"]);
    let result = game.play_uci("d8h4").unwrap();
    let expected = GameResult::win(Color::Black, Termination::Checkmate);
    assert_eq!(result, Some(expected));
    assert!(game.is_over());
    assert_eq!(game.result(), Some(expected));
    assert_eq!(
        game.play_uci("a2a3"),
        Err(GameError::GameOver(expected)),
        "no move after the end"
    );
    assert_eq!(game.moves().len(), 4);
}

#[test]
fn stalemate_by_a_move_is_a_draw() {
    let mut game = fen_game("7k/8/6K1/5Q2/8/8/8/8 w - - 0 1");
    let result = game.play_uci("f5f7").unwrap();
    assert_eq!(result, Some(GameResult::draw(Termination::Stalemate)));
}

#[test]
fn a_stalemated_start_position_is_over_at_once() {
    let game = fen_game("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(
        game.result(),
        Some(GameResult::draw(Termination::Stalemate))
    );
}

#[test]
fn king_against_king_is_a_dead_position() {
    let mut game = fen_game("8/8/8/8/3q4/4K3/8/7k w - - 0 1");
    let result = game.play_uci("e3d4").unwrap();
    assert_eq!(
        result,
        Some(GameResult::draw(Termination::InsufficientMaterial))
    );
}

#[test]
fn king_and_bishop_against_king_is_a_dead_position() {
    let game = fen_game("8/8/8/8/8/4K3/8/B6k w - - 0 1");
    assert_eq!(
        game.result(),
        Some(GameResult::draw(Termination::InsufficientMaterial))
    );
    let mut with_rook = fen_game("8/8/8/8/3r4/4K3/8/B6k w - - 0 1");
    assert_eq!(with_rook.result(), None, "a rook can still mate");
    let result = with_rook.play_uci("e3d4").unwrap();
    assert_eq!(
        result,
        Some(GameResult::draw(Termination::InsufficientMaterial))
    );
}

#[test]
fn threefold_claim_by_the_player_to_move_is_a_draw() {
    let mut game = game_after(&shuffles(2));
    assert_eq!(game.repetitions(), 3);
    assert_eq!(
        game.claim_threefold(Color::Black, None),
        Err(GameError::NotClaimantsTurn)
    );
    let result = game.claim_threefold(Color::White, None).unwrap();
    assert_eq!(result, GameResult::draw(Termination::ThreefoldRepetition));
    assert_eq!(game.result(), Some(result));
    assert_eq!(game.moves().len(), 8);
}

#[test]
fn threefold_claim_on_a_twice_seen_position_is_refused() {
    let mut game = game_after(&shuffles(1));
    assert_eq!(
        game.claim_threefold(Color::White, None),
        Err(GameError::NotRepeated { occurrences: 2 })
    );
    assert!(!game.is_over());
}

#[test]
fn threefold_claim_with_the_declared_move_records_it() {
    let mut game = game_after(&shuffles(2)[..7]);
    let declared = mv(&game, "f6g8");
    let result = game.claim_threefold(Color::Black, Some(declared)).unwrap();
    assert_eq!(result, GameResult::draw(Termination::ThreefoldRepetition));
    assert_eq!(game.moves().len(), 8);
    assert_eq!(game.last_move(), Some(&declared));
}

#[test]
fn a_wrong_declared_move_leaves_the_game_unchanged() {
    let mut game = game_after(&shuffles(2)[..7]);
    let wrong = mv(&game, "e7e5");
    assert_eq!(
        game.claim_threefold(Color::Black, Some(wrong)),
        Err(GameError::NotRepeated { occurrences: 1 })
    );
    let illegal = mv(&Game::new(), "e2e4");
    assert_eq!(
        game.claim_threefold(Color::Black, Some(illegal)),
        Err(GameError::IllegalMove)
    );
    assert_eq!(game.moves().len(), 7);
    assert!(!game.is_over());
}

#[test]
fn lost_castling_rights_make_a_different_position() {
    // The rooks return to their squares, but castling is gone: the start
    // does not count as a repetition (FIDE Laws 9.2.2).
    let rook_shuffle = ["h1g1", "h8g8", "g1h1", "g8h8"];
    let mut game = fen_game("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
    play_all(&mut game, &rook_shuffle);
    play_all(&mut game, &rook_shuffle);
    assert_eq!(
        game.claim_threefold(Color::White, None),
        Err(GameError::NotRepeated { occurrences: 2 })
    );
    play_all(&mut game, &rook_shuffle);
    assert!(game.claim_threefold(Color::White, None).is_ok());
}

#[test]
fn a_possible_en_passant_capture_makes_a_different_position() {
    let king_shuffle = ["e8d7", "e1d1", "d7e8", "d1e1"];
    let mut game = fen_game("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    play_all(&mut game, &["e2e4"]);
    play_all(&mut game, &king_shuffle);
    play_all(&mut game, &king_shuffle);
    assert_eq!(game.repetitions(), 2, "the first time d4xe3 was possible");
    play_all(&mut game, &king_shuffle);
    assert_eq!(game.repetitions(), 3);
}

#[test]
fn an_impossible_en_passant_capture_does_not_change_the_position() {
    let king_shuffle = ["e8d7", "e1d1", "d7e8", "d1e1"];
    let mut game = fen_game("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    play_all(&mut game, &["e2e4"]);
    play_all(&mut game, &king_shuffle);
    play_all(&mut game, &king_shuffle);
    assert_eq!(game.repetitions(), 3);
    assert!(game.claim_threefold(Color::Black, None).is_ok());
}

#[test]
fn fifty_move_claim_needs_a_hundred_half_moves() {
    let mut game = fen_game("8/8/8/4k3/8/8/4K3/R7 w - - 99 80");
    assert_eq!(
        game.claim_fifty_moves(Color::White, None),
        Err(GameError::FiftyMovesNotReached { halfmoves: 99 })
    );
    assert_eq!(
        game.claim_fifty_moves(Color::Black, None),
        Err(GameError::NotClaimantsTurn)
    );
    let declared = mv(&game, "a1a2");
    let result = game
        .claim_fifty_moves(Color::White, Some(declared))
        .unwrap();
    assert_eq!(result, GameResult::draw(Termination::FiftyMoveRule));
    assert_eq!(game.moves(), &[declared]);
}

#[test]
fn fifty_move_claim_from_a_fen_at_a_hundred() {
    let mut game = fen_game("8/8/8/4k3/8/8/4K3/R7 b - - 100 80");
    let result = game.claim_fifty_moves(Color::Black, None).unwrap();
    assert_eq!(result, GameResult::draw(Termination::FiftyMoveRule));
}

#[test]
fn a_declared_capture_resets_the_fifty_move_count() {
    let mut game = fen_game("8/8/8/4k3/8/8/4K3/r6R w - - 99 80");
    let capture = mv(&game, "h1a1");
    assert_eq!(
        game.claim_fifty_moves(Color::White, Some(capture)),
        Err(GameError::FiftyMovesNotReached { halfmoves: 0 })
    );
    assert!(game.moves().is_empty());
}

#[test]
fn a_declared_move_that_mates_wins_instead_of_drawing() {
    let mut game = fen_game("k7/8/1K6/8/8/8/8/7R w - - 99 100");
    let mate = mv(&game, "h1h8");
    let result = game.claim_fifty_moves(Color::White, Some(mate)).unwrap();
    assert_eq!(
        result,
        GameResult::win(Color::White, Termination::Checkmate)
    );
    assert_eq!(game.result(), Some(result));
}

#[test]
fn seventy_five_moves_end_the_game_automatically() {
    let mut game = fen_game("8/8/8/4k3/8/8/4K3/R7 w - - 148 80");
    assert_eq!(game.play_uci("a1a2").unwrap(), None);
    let result = game.play_uci("e5e4").unwrap();
    assert_eq!(
        result,
        Some(GameResult::draw(Termination::SeventyFiveMoveRule))
    );
}

#[test]
fn checkmate_takes_precedence_over_the_seventy_five_move_rule() {
    let mut game = fen_game("k7/8/1K6/8/8/8/8/7R w - - 149 100");
    let result = game.play_uci("h1h8").unwrap();
    assert_eq!(
        result,
        Some(GameResult::win(Color::White, Termination::Checkmate))
    );
}

#[test]
fn fivefold_repetition_ends_the_game_automatically() {
    let mut game = game_after(&shuffles(3));
    assert!(!game.is_over(), "four times is not yet automatic");
    play_all(&mut game, &KNIGHT_SHUFFLE[..3]);
    assert_eq!(
        game.play_uci("f6g8").unwrap(),
        Some(GameResult::draw(Termination::FivefoldRepetition))
    );
    assert_eq!(game.repetitions(), 5);
}

#[test]
fn agreement_and_resignation_need_a_game_in_progress() {
    let mut game = game_after(&["e2e4"]);
    assert_eq!(
        game.agree_draw(),
        Ok(GameResult::draw(Termination::Agreement))
    );
    let over = GameError::GameOver(GameResult::draw(Termination::Agreement));
    assert_eq!(game.agree_draw(), Err(over.clone()));
    assert_eq!(game.resign(Color::White), Err(over.clone()));
    assert_eq!(game.lose_on_time(Color::White), Err(over.clone()));
    assert_eq!(game.claim_threefold(Color::Black, None), Err(over.clone()));
    assert_eq!(
        game.claim_fifty_moves(Color::Black, None),
        Err(over.clone())
    );
    assert_eq!(game.play_uci("e7e5"), Err(over));
}

#[test]
fn resignation_scores_a_win_for_the_opponent() {
    let mut game = game_after(&["e2e4"]);
    let result = game.resign(Color::White).unwrap();
    assert_eq!(
        result,
        GameResult::win(Color::Black, Termination::Resignation)
    );
    assert_eq!(result.score.half_points(Color::Black), Some(2));
}

#[test]
fn loss_on_time_stands_even_against_a_lone_king() {
    // R3.5.7, R2.6.5: a loss on time, even though Black could never mate
    // (correspondence chess has no FIDE 6.9 exception).
    let mut game = fen_game("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let result = game.lose_on_time(Color::White).unwrap();
    assert_eq!(
        result,
        GameResult::win(Color::Black, Termination::TimeForfeit)
    );
    assert!(!result.termination.is_normal());
}

#[test]
fn arbiter_decisions_cover_every_iccf_style_reason() {
    let cases = [
        (Score::Win(Color::White), ArbiterReason::Adjudicated),
        (Score::Draw, ArbiterReason::Adjudicated),
        (Score::Win(Color::Black), ArbiterReason::Default),
        (Score::DoubleLoss, ArbiterReason::Default),
        (Score::Win(Color::White), ArbiterReason::RulesInfraction),
        (Score::Win(Color::Black), ArbiterReason::TimeExceeded),
        (Score::Annulled, ArbiterReason::Annulled),
    ];
    for (score, reason) in cases {
        let mut game = game_after(&["d2d4"]);
        let result = game.arbiter_decision(score, reason).unwrap();
        assert_eq!(result.score, score);
        assert_eq!(result.termination, Termination::Arbiter(reason));
        assert_eq!(game.result(), Some(result));
        assert!(matches!(game.play_uci("d7d5"), Err(GameError::GameOver(_))));
    }
}

#[test]
fn only_an_annulled_game_has_no_score() {
    let mut game = Game::new();
    assert_eq!(
        game.arbiter_decision(Score::Draw, ArbiterReason::Annulled),
        Err(GameError::InconsistentDecision)
    );
    assert_eq!(
        game.arbiter_decision(Score::Annulled, ArbiterReason::Default),
        Err(GameError::InconsistentDecision)
    );
    assert!(!game.is_over());
}

#[test]
fn an_arbiter_may_replace_a_finished_result() {
    let mut game = game_after(&["f2f3", "e7e5", "g2g4", "d8h4"]);
    let result = game
        .arbiter_decision(Score::Annulled, ArbiterReason::Annulled)
        .unwrap();
    assert_eq!(game.result(), Some(result));
    assert_eq!(result.score.half_points(Color::Black), None);
}

#[test]
fn illegal_moves_are_refused_without_change() {
    let mut game = Game::new();
    assert_eq!(game.play_uci("e2e5"), Err(GameError::IllegalMove));
    assert_eq!(
        game.play_uci("hello"),
        Err(GameError::InvalidUci("hello".to_owned()))
    );
    let black_move = mv(&game_after(&["e2e4"]), "e7e5");
    assert_eq!(game.play(black_move), Err(GameError::IllegalMove));
    assert!(game.moves().is_empty());
    assert_eq!(game.position(), &Chess::default());
}

#[test]
fn accessors_follow_the_game() {
    let mut game = Game::new();
    assert_eq!(game.side_to_move(), Color::White);
    assert_eq!(game.fullmove_number(), 1);
    assert_eq!(game.last_move(), None);
    play_all(&mut game, &["e2e4", "c7c5", "g1f3"]);
    assert_eq!(game.side_to_move(), Color::Black);
    assert_eq!(game.fullmove_number(), 2);
    assert_eq!(game.halfmove_clock(), 1);
    assert_eq!(game.uci_moves(), ["e2e4", "c7c5", "g1f3"]);
    assert_eq!(game.last_move().map(|last| last.to()), Some(Square::F3));
    assert!(game.starts_from_initial_position());
    assert!(!fen_game("7k/8/6K1/5Q2/8/8/8/8 w - - 0 1").starts_from_initial_position());
}

#[test]
fn replay_from_uci_rebuilds_the_game() {
    let played = game_after(&["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"]);
    let stored = played.uci_moves();
    let replayed = Game::replay(Chess::default(), &stored).unwrap();
    assert_eq!(replayed.moves(), played.moves());
    assert_eq!(replayed.position(), played.position());
    assert_eq!(replayed.fullmove_number(), 4);

    let mate: Vec<String> = ["f2f3", "e7e5", "g2g4", "d8h4"].map(String::from).to_vec();
    let replayed = Game::replay(Chess::default(), &mate).unwrap();
    assert_eq!(
        replayed.result().and_then(|r| r.winner()),
        Some(Color::Black)
    );
}

#[test]
fn replay_reports_the_first_bad_move() {
    let err = Game::replay(Chess::default(), &["e2e4", "e7e5", "e4e5"]).unwrap_err();
    assert_eq!(err.index, 2);
    assert_eq!(err.error, GameError::IllegalMove);
    let err = Game::replay(Chess::default(), &["e2e4", "x"]).unwrap_err();
    assert_eq!(
        (err.index, err.error),
        (1, GameError::InvalidUci("x".into()))
    );
    let err =
        Game::replay(Chess::default(), &["f2f3", "e7e5", "g2g4", "d8h4", "a2a3"]).unwrap_err();
    assert_eq!(err.index, 4);
    assert!(matches!(err.error, GameError::GameOver(_)));
}

#[test]
fn a_bad_fen_does_not_start_a_game() {
    assert_eq!(
        Game::from_fen("not a fen").unwrap_err(),
        StartError::InvalidFen
    );
    assert_eq!(
        Game::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").unwrap_err(),
        StartError::InvalidPosition
    );
    let game = Game::from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 3 40").unwrap();
    assert_eq!(game.fullmove_number(), 40);
    assert_eq!(game.side_to_move(), Color::Black);
    assert!(!game.position().is_check());
}
