//! PGN export read back with the `pgn-reader` crate: the same moves, the same
//! result, the same tags. Plus golden texts of one PGN and one Ukrainian
//! scoresheet (R2.3.2).

use std::ops::ControlFlow;

use chrono::NaiveDate;
use corrbot::core::game::{ArbiterReason, Game, Score};
use corrbot::core::pgn::{PgnHeaders, ResultStyle, export, export_event, scoresheet};
use pgn_reader::{Outcome, RawComment, RawTag, Reader, SanPlus, Visitor};
use proptest::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Move, Position};

/// What a PGN reader saw of one game.
#[derive(Debug, Default)]
struct ReadGame {
    tags: Vec<(String, String)>,
    sans: Vec<SanPlus>,
    comments: Vec<String>,
    outcome: Option<Outcome>,
}

impl ReadGame {
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(known, _)| known == name)
            .map(|(_, value)| value.as_str())
    }

    /// Plays the SAN moves from the FEN tag (or the initial position).
    fn moves(&self) -> Vec<Move> {
        let mut position: Chess = match self.tag("FEN") {
            Some(fen) => Fen::from_ascii(fen.as_bytes())
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap(),
            None => Chess::default(),
        };
        let mut moves = Vec::new();
        for san_plus in &self.sans {
            let mv = san_plus.san.to_move(&position).expect("legal SAN");
            position.play_unchecked(mv);
            moves.push(mv);
        }
        moves
    }
}

struct Collector;

impl Visitor for Collector {
    type Tags = Vec<(String, String)>;
    type Movetext = ReadGame;
    type Output = ReadGame;

    fn begin_tags(&mut self) -> ControlFlow<ReadGame, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<ReadGame> {
        let name = String::from_utf8(name.to_vec()).unwrap();
        tags.push((name, unescape(value.as_bytes())));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<ReadGame, ReadGame> {
        ControlFlow::Continue(ReadGame {
            tags,
            ..ReadGame::default()
        })
    }

    fn san(&mut self, movetext: &mut ReadGame, san_plus: SanPlus) -> ControlFlow<ReadGame> {
        movetext.sans.push(san_plus);
        ControlFlow::Continue(())
    }

    fn comment(
        &mut self,
        movetext: &mut ReadGame,
        comment: RawComment<'_>,
    ) -> ControlFlow<ReadGame> {
        let text = String::from_utf8_lossy(comment.as_bytes())
            .trim()
            .to_owned();
        movetext.comments.push(text);
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, movetext: &mut ReadGame, outcome: Outcome) -> ControlFlow<ReadGame> {
        movetext.outcome = Some(outcome);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, movetext: ReadGame) -> ReadGame {
        movetext
    }
}

/// PGN tag unescaping (`\\` and `\"`), done here byte by byte because
/// `RawTag::decode` in pgn-reader 0.29 drops a backslash of `\\\"`.
fn unescape(raw: &[u8]) -> String {
    let mut out = Vec::with_capacity(raw.len());
    let mut bytes = raw.iter().copied();
    while let Some(byte) = bytes.next() {
        if byte == b'\\' {
            out.extend(bytes.next());
        } else {
            out.push(byte);
        }
    }
    String::from_utf8(out).unwrap()
}

fn read_all(pgn: &str) -> Vec<ReadGame> {
    let mut reader = Reader::new(pgn.as_bytes());
    let mut games = Vec::new();
    while let Some(game) = reader.read_game(&mut Collector).unwrap() {
        games.push(game);
    }
    games
}

fn read_one(pgn: &str) -> ReadGame {
    let mut games = read_all(pgn);
    assert_eq!(games.len(), 1, "{pgn}");
    games.remove(0)
}

fn headers() -> PgnHeaders {
    PgnHeaders {
        event: "Кубок клубу \"Зима\" 2026".into(),
        site: "corrbot \\ Telegram".into(),
        date: NaiveDate::from_ymd_opt(2026, 1, 15),
        round: "3".into(),
        white: "Петренко, Іван".into(),
        black: "Shevchenko, Taras".into(),
        white_elo: Some(2105),
        black_elo: None,
        correspondence_control: Some("10/50d".into()),
        extra: vec![("Annotator".into(), "corrbot".into())],
    }
}

fn game_from(start: Option<&str>, moves: &[&str]) -> Game {
    let start = start
        .map(|fen| Game::from_fen(fen).unwrap().start_position().clone())
        .unwrap_or_default();
    Game::replay(start, moves).unwrap()
}

/// Exports `game`, reads it back, and checks moves, result and tags.
fn assert_round_trip(game: &Game, headers: &PgnHeaders) -> ReadGame {
    let pgn = export(game, headers);
    assert!(
        pgn.lines().all(|line| line.chars().count() <= 79),
        "line over 79 characters:\n{pgn}"
    );
    let read = read_one(&pgn);
    assert_eq!(read.moves(), game.moves(), "{pgn}");
    let expected_outcome = corrbot::core::pgn::result_token(game.result());
    assert_eq!(read.tag("Result"), Some(expected_outcome));
    let outcome = read.outcome.expect("a result token");
    assert_eq!(outcome.to_string(), expected_outcome);
    assert_eq!(read.tag("Event"), Some(headers.event.as_str()));
    assert_eq!(read.tag("Site"), Some(headers.site.as_str()));
    assert_eq!(read.tag("White"), Some(headers.white.as_str()));
    assert_eq!(read.tag("Black"), Some(headers.black.as_str()));
    assert_eq!(read.tag("Round"), Some(headers.round.as_str()));
    assert_eq!(read.tag("TimeControl"), Some("-"));
    read
}

#[test]
fn promotions_round_trip() {
    let game = game_from(
        Some("r7/1P4k1/8/8/8/8/6p1/4K2R w K - 0 1"),
        &["b7a8q", "g2h1n", "a8a7", "g7g8"],
    );
    let read = assert_round_trip(&game, &headers());
    assert_eq!(read.tag("SetUp"), Some("1"));
    assert_eq!(read.sans[0].to_string(), "bxa8=Q");
    assert_eq!(read.sans[1].to_string(), "gxh1=N");
}

#[test]
fn castling_both_ways_round_trips() {
    let game = game_from(
        Some("r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 8"),
        &["e1g1", "e8c8", "a2a3", "h7h6"],
    );
    let read = assert_round_trip(&game, &headers());
    assert_eq!(read.sans[0].to_string(), "O-O");
    assert_eq!(read.sans[1].to_string(), "O-O-O");
}

#[test]
fn en_passant_round_trips() {
    let game = game_from(None, &["e2e4", "a7a6", "e4e5", "d7d5", "e5d6", "c7d6"]);
    let read = assert_round_trip(&game, &headers());
    assert_eq!(read.sans[4].to_string(), "exd6");
    assert!(
        read.tag("FEN").is_none(),
        "no FEN from the initial position"
    );
}

#[test]
fn a_game_starting_with_black_to_move_numbers_with_dots() {
    let game = game_from(Some("4k3/8/8/8/8/8/4P3/4K3 b - - 0 40"), &["e8d7", "e2e4"]);
    let pgn = export(&game, &headers());
    assert!(pgn.contains("\n40... Kd7 41. e4 *\n"), "{pgn}");
    assert_round_trip(&game, &headers());
}

/// Every result type: checkmate, stalemate, dead position, claims, automatic
/// draws, agreement, resignation, time, and each arbiter decision.
fn games_with_every_result() -> Vec<Game> {
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let mut games = vec![
        game_from(None, &["f2f3", "e7e5", "g2g4", "d8h4"]),
        game_from(Some("7k/8/6K1/5Q2/8/8/8/8 w - - 0 1"), &["f5f7"]),
        game_from(Some("8/8/8/8/3q4/4K3/8/7k w - - 0 1"), &["e3d4"]),
        game_from(None, &shuffle.repeat(4)),
        game_from(Some("8/8/8/4k3/8/8/4K3/R7 w - - 149 80"), &["a1a2"]),
    ];
    let mut threefold = game_from(None, &shuffle.repeat(2));
    threefold.claim_threefold(Color::White, None).unwrap();
    let mut fifty = game_from(Some("8/8/8/4k3/8/8/4K3/R7 w - - 100 80"), &[]);
    fifty.claim_fifty_moves(Color::White, None).unwrap();
    let mut agreed = game_from(None, &["d2d4", "d7d5"]);
    agreed.agree_draw().unwrap();
    let mut resigned = game_from(None, &["d2d4"]);
    resigned.resign(Color::Black).unwrap();
    let mut on_time = game_from(None, &["d2d4", "g8f6"]);
    on_time.lose_on_time(Color::White).unwrap();
    games.extend([threefold, fifty, agreed, resigned, on_time]);
    let decisions = [
        (Score::Win(Color::White), ArbiterReason::Adjudicated),
        (Score::Draw, ArbiterReason::Adjudicated),
        (Score::Win(Color::Black), ArbiterReason::Default),
        (Score::DoubleLoss, ArbiterReason::Default),
        (Score::Win(Color::White), ArbiterReason::RulesInfraction),
        (Score::Win(Color::Black), ArbiterReason::TimeExceeded),
        (Score::Annulled, ArbiterReason::Annulled),
    ];
    for (score, reason) in decisions {
        let mut game = game_from(None, &["c2c4", "e7e5"]);
        game.arbiter_decision(score, reason).unwrap();
        games.push(game);
    }
    games.push(game_from(None, &["c2c4"]));
    games
}

#[test]
fn every_result_round_trips_with_its_termination() {
    let expected = [
        ("0-1", "normal"),
        ("1/2-1/2", "normal"),
        ("1/2-1/2", "normal"),
        ("1/2-1/2", "normal"),
        ("1/2-1/2", "normal"),
        ("1/2-1/2", "normal"),
        ("1/2-1/2", "normal"),
        ("1/2-1/2", "normal"),
        ("1-0", "normal"),
        ("0-1", "time forfeit"),
        ("1-0", "adjudication"),
        ("1/2-1/2", "adjudication"),
        ("0-1", "abandoned"),
        ("*", "abandoned"),
        ("1-0", "rules infraction"),
        ("0-1", "time forfeit"),
        ("*", "abandoned"),
        ("*", "unterminated"),
    ];
    let games = games_with_every_result();
    assert_eq!(games.len(), expected.len());
    for (game, (result, termination)) in games.iter().zip(expected) {
        let read = assert_round_trip(game, &headers());
        assert_eq!(read.tag("Result"), Some(result), "{game:?}");
        assert_eq!(read.tag("Termination"), Some(termination), "{game:?}");
    }
}

#[test]
fn results_pgn_cannot_express_are_explained_in_a_comment() {
    let mut double = game_from(None, &["e2e4"]);
    double
        .arbiter_decision(Score::DoubleLoss, ArbiterReason::Default)
        .unwrap();
    assert_eq!(
        assert_round_trip(&double, &headers()).comments,
        ["Double loss 0-0"]
    );
    let mut annulled = game_from(None, &["e2e4"]);
    annulled
        .arbiter_decision(Score::Annulled, ArbiterReason::Annulled)
        .unwrap();
    assert_eq!(
        assert_round_trip(&annulled, &headers()).comments,
        ["Annulled: no result"]
    );
}

#[test]
fn an_event_export_reads_back_game_by_game() {
    let games = games_with_every_result();
    let mut all_headers = Vec::new();
    for (index, _) in games.iter().enumerate() {
        let mut headers = headers();
        headers.round = (index + 1).to_string();
        all_headers.push(headers);
    }
    let pgn = export_event(games.iter().zip(&all_headers));
    let read = read_all(&pgn);
    assert_eq!(read.len(), games.len());
    for ((read, game), headers) in read.iter().zip(&games).zip(&all_headers) {
        assert_eq!(read.moves(), game.moves());
        assert_eq!(read.tag("Round"), Some(headers.round.as_str()));
    }
    assert!(
        pgn.contains("*\n\n[Event "),
        "games separated by a blank line"
    );
}

#[test]
fn empty_headers_are_written_as_unknown() {
    let game = game_from(None, &["e2e4"]);
    let read = read_one(&export(&game, &PgnHeaders::default()));
    for name in ["Event", "Site", "Round", "White", "Black"] {
        assert_eq!(read.tag(name), Some("?"), "{name}");
    }
    assert_eq!(read.tag("Date"), Some("????.??.??"));
    assert_eq!(read.tag("WhiteElo"), None);
}

/// A random legal game: each number picks one legal move.
fn random_game(choices: &[u16], finish: u8) -> Game {
    let mut game = Game::new();
    for choice in choices {
        if game.is_over() {
            break;
        }
        let legal = game.position().legal_moves();
        let mv = legal[usize::from(*choice) % legal.len()];
        game.play(mv).unwrap();
    }
    if !game.is_over() {
        let side = game.side_to_move();
        let _ = match finish % 4 {
            0 => game.resign(side),
            1 => game.agree_draw(),
            2 => game.lose_on_time(!side),
            _ => return game,
        };
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_round_trip(
        choices in proptest::collection::vec(any::<u16>(), 0..400),
        finish in any::<u8>(),
        white in "[a-zA-Z \"\\\\'А-я]{0,20}",
    ) {
        let game = random_game(&choices, finish);
        let mut headers = headers();
        headers.white = if white.trim().is_empty() { "?".into() } else { white };
        let read = assert_round_trip(&game, &headers);
        prop_assert_eq!(read.sans.len(), game.moves().len());
    }
}

const GOLDEN_PGN: &str = r#"[Event "Кубок клубу \"Зима\" 2026"]
[Site "corrbot \\ Telegram"]
[Date "2026.01.15"]
[Round "3"]
[White "Петренко, Іван"]
[Black "Shevchenko, Taras"]
[Result "1-0"]
[WhiteElo "2105"]
[TimeControl "-"]
[CorrespondenceTimeControl "10/50d"]
[Termination "normal"]
[Annotator "corrbot"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3
O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4
15. Nb1 h6 16. Bh4 c5 17. dxe5 Nxe4 18. Bxe7 Qxe7 19. exd6 Qf6 20. Nbd2 Nxd6
21. Nc4 Nxc4 22. Bxc4 Nb6 23. Ne5 Rae8 24. Bxf7+ Rxf7 25. Nxf7 Rxe1+ 26. Qxe1
Kxf7 27. Qe3 Qg5 28. Qxg5 hxg5 29. b3 Ke6 30. a3 Kd6 31. axb4 cxb4 32. Ra5 Nd5
33. f3 Bc8 34. Kf2 Bf5 35. Ra7 g6 36. Ra6+ Kc5 37. Ke1 Nf4 38. g3 Nxh3 39. Kd2
Kb5 40. Rd6 Kc5 41. Ra6 Nf2 42. g4 Bd3 43. Re6 1-0
"#;

#[test]
fn golden_pgn() {
    // Fischer – Spassky, 1992, game 1.
    let uci = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 \
        c2c3 e8g8 h2h3 c6b8 d2d4 b8d7 c3c4 c7c6 c4b5 a6b5 b1c3 c8b7 c1g5 b5b4 c3b1 h7h6 \
        g5h4 c6c5 d4e5 f6e4 h4e7 d8e7 e5d6 e7f6 b1d2 e4d6 d2c4 d6c4 b3c4 d7b6 f3e5 a8e8 \
        c4f7 f8f7 e5f7 e8e1 d1e1 g8f7 e1e3 f6g5 e3g5 h6g5 b2b3 f7e6 a2a3 e6d6 a3b4 c5b4 \
        a1a5 b6d5 f2f3 b7c8 g1f2 c8f5 a5a7 g7g6 a7a6 d6c5 f2e1 d5f4 g2g3 f4h3 e1d2 c5b5 \
        a6d6 b5c5 d6a6 h3f2 g3g4 f5d3 a6e6";
    let moves: Vec<&str> = uci.split_whitespace().collect();
    let mut game = game_from(None, &moves);
    game.resign(Color::Black).unwrap();
    let pgn = export(&game, &headers());
    assert_eq!(pgn, GOLDEN_PGN);
    assert_round_trip(&game, &headers());
}

const GOLDEN_SCORESHEET: &str = "\
1. e2-e4   3   e7-e5   1
2. Кg1-f3  2   Кb8-c6  4
3. Сf1-b5      a7-a6
4. Сb5:c6  21  d7:c6
5. 0-0         f7-f6
Результат: ½-½
";

#[test]
fn golden_scoresheet() {
    let mut game = game_from(
        None,
        &[
            "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6", "e1g1", "f7f6",
        ],
    );
    game.agree_draw().unwrap();
    let notes: Vec<String> = ["3", "1", "2", "4", "", "", "21"]
        .map(String::from)
        .to_vec();
    assert_eq!(
        scoresheet(&game, &notes, ResultStyle::Score),
        GOLDEN_SCORESHEET
    );
}

#[test]
fn scoresheet_in_words_and_from_black_to_move() {
    let mut game = game_from(Some("4k3/8/8/8/8/8/4P3/4K3 b - - 0 9"), &["e8d7", "e2e4"]);
    game.resign(Color::Black).unwrap();
    assert_eq!(
        scoresheet(&game, &[], ResultStyle::Words),
        " 9. ...    Крe8-d7\n10. e2-e4\nРезультат: білі виграли\n"
    );
}
