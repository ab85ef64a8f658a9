//! Variants: proposal and answer matching (R2.3.7, R2.3.8, R2.4.8).

use shakmaty::{Chess, Move, Position};

use super::*;
use crate::core::notation::Notation;

fn play(position: &Chess, texts: &[&str]) -> (Chess, Vec<Move>) {
    let mut position = position.clone();
    let mut moves = Vec::new();
    for text in texts {
        let mv = notation::parse(&position, text, &Notation::ALL).unwrap().mv;
        position.play_unchecked(mv);
        moves.push(mv);
    }
    (position, moves)
}

/// After 1. e2-e4 e7-e5 2. Кg1-f3 with the variant "after Кb8-c6 I play
/// Сf1-b5; after a7-a6 I play Сb5-a4".
fn setup() -> (Chess, Vec<Move>) {
    let (before, _) = play(&Chess::default(), &["e2-e4", "e7-e5", "Кg1-f3"]);
    let variant = read_proposal(
        &before,
        &["Кb8-c6 Сf1-b5", "після a7-a6 я Сb5-a4"],
        &Notation::ALL,
    )
    .unwrap();
    (before, variant)
}

#[test]
fn r2_3_7_segments_split_at_semicolons() {
    let (first, pairs) = segments("Кg1-f3 ; d7-d5 e2-e4 ; Кb8-c6 Сf1-b5");
    assert_eq!(first, "Кg1-f3");
    assert_eq!(pairs, vec!["d7-d5 e2-e4", "Кb8-c6 Сf1-b5"]);
    assert_eq!(tokens("2. Кb8-c6 ! Сf1-b5+"), vec!["Кb8-c6", "Сf1-b5+"]);
}

#[test]
fn r2_3_7_a_proposal_is_pairs_of_possible_moves() {
    let (_, variant) = setup();
    assert_eq!(variant.len(), 4);
    let (after, _) = play(&Chess::default(), &["e2-e4", "e7-e5", "Кg1-f3"]);
    assert_eq!(
        read_proposal(&after, &["Кb8-c6"], &Notation::ALL),
        Err(ProposalError::NotAPair { pair: 1 })
    );
    let error = read_proposal(&after, &["Кb8-c6 Сf1-b5", "a7-a6 Сb5-b6"], &Notation::ALL);
    assert!(matches!(
        error,
        Err(ProposalError::Impossible { pair: 2, .. })
    ));
}

#[test]
fn r2_3_7_accepting_the_whole_variant() {
    let (before, variant) = setup();
    let texts = ["Кb8-c6", "Сf1-b5", "a7-a6", "Сb5-a4", "Кg8-f6"];
    let answer = read_answer(&before, &variant, &texts, &Notation::ALL).unwrap();
    assert_eq!(answer.pairs(), 2);
    assert_eq!(answer.accepted, variant);
}

#[test]
fn r2_3_7_accepting_part_of_the_variant() {
    let (before, variant) = setup();
    let texts = ["Кb8-c6", "Сf1-b5", "Кg8-f6"];
    let answer = read_answer(&before, &variant, &texts, &Notation::ALL).unwrap();
    assert_eq!(answer.pairs(), 1);
    assert_eq!(answer.accepted, variant[..2].to_vec());
}

#[test]
fn r2_3_7_rejecting_the_whole_variant() {
    let (before, variant) = setup();
    let answer = read_answer(&before, &variant, &["Кg8-f6"], &Notation::ALL).unwrap();
    assert_eq!(answer.pairs(), 0);
}

#[test]
fn r2_3_7_a_wrong_repetition_is_refused() {
    let (before, variant) = setup();
    let texts = ["Кb8-c6", "Сf1-c4", "Кg8-f6"];
    let error = read_answer(&before, &variant, &texts, &Notation::ALL).unwrap_err();
    assert!(
        matches!(error, RepeatError::Wrong { index: 1, expected, .. } if expected == variant[1])
    );
}

#[test]
fn r2_3_7_the_variants_move_without_its_reply_is_unfinished() {
    let (before, variant) = setup();
    let error = read_answer(&before, &variant, &["Кb8-c6"], &Notation::ALL).unwrap_err();
    assert!(matches!(error, RepeatError::Unfinished { reply, .. } if reply == variant[1]));
    let error = read_answer(&before, &variant, &["Кb8-c6", "Сf1-b5"], &Notation::ALL);
    assert_eq!(error, Err(RepeatError::NoNewMove));
}

#[test]
fn r2_3_7_moves_after_the_new_one_are_refused() {
    let (before, variant) = setup();
    let texts = ["Кg8-f6", "d2-d3"];
    let error = read_answer(&before, &variant, &texts, &Notation::ALL).unwrap_err();
    assert!(matches!(error, RepeatError::Wrong { index: 0, .. }));
    let texts = ["Кb8-c6", "Сf1-b5", "a7-a6", "Сb5-a4", "Кg8-f6", "0-0"];
    let error = read_answer(&before, &variant, &texts, &Notation::ALL).unwrap_err();
    assert!(matches!(error, RepeatError::TooLong { .. }));
}

/// R2.3.7: an answer that repeats whole pairs and adds nothing reads as a
/// final answer (the caller accepts it only when the moves end the game);
/// a wrong or unpaired repetition does not.
#[test]
fn r2_3_7_a_final_answer_repeats_whole_pairs_only() {
    let (before, variant) = setup();
    let all = Notation::ALL;
    let accepted = read_final_answer(&before, &variant, &["Кb8-c6", "Сf1-b5"], &all);
    assert_eq!(accepted, Some(variant[..2].to_vec()));
    assert_eq!(
        read_final_answer(&before, &variant, &["Кb8-c6"], &all),
        None
    );
    assert_eq!(
        read_final_answer(&before, &variant, &["Кb8-c6", "Сf1-c4"], &all),
        None
    );
}
