use std::collections::HashMap;

use super::*;

/// A match's (round, index, (top seed, bottom seed), the top seed's points
/// in each game).
type Played<'a> = (u32, u32, (usize, usize), &'a [Option<u32>]);

/// Each match's games from its top seed's points in each game (`None`:
/// in play), the top seed having White in the odd games.
fn games(list: &[Played<'_>]) -> HashMap<(u32, u32), Vec<MatchGame>> {
    list.iter()
        .map(|(round, slot, (top, bottom), results)| {
            let games = results
                .iter()
                .enumerate()
                .map(|(index, &top_halves)| {
                    let top_white = DueMatch::top_white(index);
                    let white = if top_white { *top } else { *bottom };
                    let halves = top_halves.map(|own| match top_white {
                        true => (own, 2 - own),
                        false => (2 - own, own),
                    });
                    MatchGame { white, halves }
                })
                .collect();
            ((*round, *slot), games)
        })
        .collect()
}

#[test]
fn rounds_cover_the_entrants() {
    assert_eq!(rounds(2), 1);
    assert_eq!(rounds(3), 2);
    assert_eq!(rounds(4), 2);
    assert_eq!(rounds(5), 3);
    assert_eq!(rounds(64), 6);
}

#[test]
fn the_best_seed_meets_the_worst_and_the_two_best_meet_only_in_the_final() {
    assert_eq!(bracket_order(4), vec![0, 3, 1, 2]);
    assert_eq!(bracket_order(8), vec![0, 7, 3, 4, 1, 6, 2, 5]);
    let order = bracket_order(16);
    let top_half = &order[..8];
    assert!(top_half.contains(&0) && !top_half.contains(&1));
    let mut sorted = order.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (0..16).collect::<Vec<_>>());
}

#[test]
fn four_players_start_with_two_matches_of_two_games() {
    let bracket = bracket(Knockout::default(), 4, &HashMap::new(), &[false; 4]);
    let due = bracket.due();
    assert_eq!(due.len(), 2);
    assert_eq!((due[0].top, due[0].bottom, due[0].games), (0, 3, 2));
    assert_eq!((due[1].top, due[1].bottom, due[1].games), (1, 2, 2));
    assert_eq!(bracket.rounds[1][0].state, MatchState::Waiting);
    assert!(DueMatch::top_white(0) && !DueMatch::top_white(1));
}

#[test]
fn the_best_seeds_have_byes_when_the_bracket_is_not_full() {
    // Five players: a bracket of eight, seeds 0, 1 and 2 go on without a game.
    let bracket = bracket(Knockout::default(), 5, &HashMap::new(), &[false; 5]);
    let byes: Vec<usize> = bracket.rounds[0]
        .iter()
        .filter(|view| view.is_bye())
        .filter_map(|view| view.top)
        .collect();
    assert_eq!(byes, vec![0, 1, 2]);
    // The match of seeds 3 and 4, and at once the second round's match of
    // seeds 1 and 2, both known through their byes.
    let due = bracket.due();
    assert_eq!(due.len(), 2);
    assert_eq!((due[0].round, due[0].top, due[0].bottom), (1, 3, 4));
    assert_eq!((due[1].round, due[1].top, due[1].bottom), (2, 1, 2));
    assert_eq!(bracket.rounds[1][0].state, MatchState::Waiting);
}

#[test]
fn a_won_match_sends_its_winner_on_and_the_final_names_the_champion() {
    let played = games(&[
        (1, 0, (0, 3), &[Some(2), Some(1)]), // seed 0 beats seed 3, 1½–½
        (1, 1, (1, 2), &[Some(0), Some(1)]), // seed 2 beats seed 1, 1½–½
    ]);
    let bracket = bracket(Knockout::default(), 4, &played, &[false; 4]);
    let final_match = &bracket.rounds[1][0];
    assert_eq!((final_match.top, final_match.bottom), (Some(0), Some(2)));
    assert_eq!(final_match.state, MatchState::Due { games: 2 });
    assert_eq!(bracket.out_in(1), Some(1));
    assert_eq!(bracket.champion(), None);
    let mut played = played;
    played.extend(games(&[(2, 0, (0, 2), &[Some(0), Some(0)])]));
    let done = super::bracket(Knockout::default(), 4, &played, &[false; 4]);
    assert_eq!(done.champion(), Some(2));
    assert_eq!(done.out_in(0), Some(2));
    assert!(done.due().is_empty());
}

#[test]
fn a_match_in_play_waits_for_its_last_game() {
    let played = games(&[(1, 0, (0, 1), &[Some(2), None])]);
    let bracket = bracket(Knockout::default(), 2, &played, &[false; 2]);
    assert_eq!(bracket.rounds[0][0].state, MatchState::Playing);
    assert_eq!(bracket.rounds[0][0].top_halves, 2);
    assert_eq!(bracket.rounds[0][0].bottom_halves, 0);
}

#[test]
fn a_tied_match_plays_a_further_pair_then_the_better_seed_goes_on() {
    let tied = games(&[(1, 0, (0, 1), &[Some(1), Some(1)])]);
    let bracket = bracket(Knockout::default(), 2, &tied, &[false; 2]);
    let due = bracket.due();
    assert_eq!((due[0].games, due[0].started), (2, 2));
    // The further pair won by the bottom player.
    let decided = games(&[(1, 0, (0, 1), &[Some(1), Some(1), Some(0), Some(1)])]);
    let after = super::bracket(Knockout::default(), 2, &decided, &[false; 2]);
    assert_eq!(
        after.rounds[0][0].state,
        MatchState::Won {
            top: false,
            by: Decision::Games
        }
    );
    // Level again after the pair: the better seed.
    let level = games(&[(1, 0, (0, 1), &[Some(1), Some(1), Some(1), Some(1)])]);
    let after = super::bracket(Knockout::default(), 2, &level, &[false; 2]);
    assert_eq!(after.champion(), Some(0));
    assert_eq!(
        after.rounds[0][0].state,
        MatchState::Won {
            top: true,
            by: Decision::Seed
        }
    );
}

#[test]
fn under_the_seed_rule_a_tie_goes_to_the_better_seed_at_once() {
    let format = Knockout {
        games: 2,
        tie: TieRule::Seed,
    };
    // Round 2: the top player (seed 3, an upset winner) against seed 1.
    let played = games(&[
        (1, 0, (0, 3), &[Some(0), Some(0)]),
        (1, 1, (1, 2), &[Some(2), Some(2)]),
        (2, 0, (3, 1), &[Some(1), Some(1)]),
    ]);
    let bracket = bracket(format, 4, &played, &[false; 4]);
    let final_match = &bracket.rounds[1][0];
    assert_eq!((final_match.top, final_match.bottom), (Some(3), Some(1)));
    assert_eq!(bracket.champion(), Some(1));
}

#[test]
fn a_player_who_left_before_the_match_loses_it_without_a_game() {
    let left = [false, false, false, true];
    let bracket = bracket(Knockout::default(), 4, &HashMap::new(), &left);
    assert_eq!(
        bracket.rounds[0][0].state,
        MatchState::Won {
            top: true,
            by: Decision::Walkover
        }
    );
    assert_eq!(bracket.due().len(), 1);
}

#[test]
fn four_games_a_match_alternate_colours() {
    let format = Knockout {
        games: 4,
        tie: TieRule::Games,
    };
    let bracket = bracket(format, 2, &HashMap::new(), &[false; 2]);
    assert_eq!(bracket.due()[0].games, 4);
    let whites: Vec<bool> = (0..4).map(DueMatch::top_white).collect();
    assert_eq!(whites, vec![true, false, true, false]);
}

#[test]
fn a_double_loss_scores_neither_player() {
    let played: HashMap<(u32, u32), Vec<MatchGame>> = [(
        (1, 0),
        vec![
            MatchGame {
                white: 0,
                halves: Some((0, 0)),
            },
            MatchGame {
                white: 1,
                halves: Some((2, 0)),
            },
        ],
    )]
    .into_iter()
    .collect();
    let bracket = bracket(Knockout::default(), 2, &played, &[false; 2]);
    let view = &bracket.rounds[0][0];
    assert_eq!((view.top_halves, view.bottom_halves), (0, 2));
    assert_eq!(bracket.champion(), Some(1));
}

#[test]
fn a_level_match_of_a_player_who_left_goes_to_the_opponent() {
    // Seed 1's games annulled at their exclusion: level, and no further pair.
    let played = games(&[(1, 0, (0, 1), &[Some(0), Some(0)])]);
    let mut level = played.clone();
    for game in level.get_mut(&(1, 0)).unwrap() {
        game.halves = Some((0, 0));
    }
    let bracket = bracket(Knockout::default(), 2, &level, &[false, true]);
    assert_eq!(
        bracket.rounds[0][0].state,
        MatchState::Won {
            top: true,
            by: Decision::Walkover
        }
    );
    assert!(bracket.due().is_empty());
    // Decided games still count: the player who left had won.
    let bracket = super::bracket(Knockout::default(), 2, &played, &[false, true]);
    assert_eq!(bracket.champion(), Some(1));
}
