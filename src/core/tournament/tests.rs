use super::*;

fn table(players: usize) -> Vec<Vec<(usize, usize)>> {
    let pairings = round_robin(players, 1);
    let rounds = pairings.iter().map(|p| p.round).max().unwrap_or(0);
    (1..=rounds)
        .map(|round| {
            pairings
                .iter()
                .filter(|p| p.round == round)
                .map(|p| (p.white + 1, p.black + 1))
                .collect()
        })
        .collect()
}

/// The FIDE Berger table for six players (R1.1: all games paired at once).
#[test]
fn six_players_follow_the_published_berger_table() {
    let expected = vec![
        vec![(1, 6), (2, 5), (3, 4)],
        vec![(6, 4), (5, 3), (1, 2)],
        vec![(2, 6), (3, 1), (4, 5)],
        vec![(6, 5), (1, 4), (2, 3)],
        vec![(3, 6), (4, 2), (5, 1)],
    ];
    assert_eq!(table(6), expected);
}

#[test]
fn four_players_follow_the_published_berger_table() {
    let expected = vec![
        vec![(1, 4), (2, 3)],
        vec![(4, 3), (1, 2)],
        vec![(2, 4), (3, 1)],
    ];
    assert_eq!(table(4), expected);
}

#[test]
fn everyone_meets_everyone_once_per_cycle() {
    for players in 2..=13 {
        let pairings = round_robin(players, 1);
        assert_eq!(
            pairings.len(),
            players * (players - 1) / 2,
            "{players} players"
        );
        for a in 0..players {
            for b in (a + 1)..players {
                let meetings = pairings
                    .iter()
                    .filter(|p| (p.white, p.black) == (a, b) || (p.white, p.black) == (b, a))
                    .count();
                assert_eq!(meetings, 1, "{a} vs {b} of {players}");
            }
        }
    }
}

#[test]
fn colours_are_balanced_within_one() {
    for players in 2..=14 {
        let pairings = round_robin(players, 1);
        for seed in 0..players {
            let whites = pairings.iter().filter(|p| p.white == seed).count() as i64;
            let blacks = pairings.iter().filter(|p| p.black == seed).count() as i64;
            assert!((whites - blacks).abs() <= 1, "seed {seed} of {players}");
        }
    }
}

#[test]
fn odd_numbers_give_each_player_one_bye() {
    let pairings = round_robin(5, 1);
    let rounds = 5;
    for seed in 0..5 {
        let played = (1..=rounds)
            .filter(|round| {
                pairings
                    .iter()
                    .any(|p| p.round == *round && (p.white == seed || p.black == seed))
            })
            .count();
        assert_eq!(played, 4, "seed {seed}");
    }
}

#[test]
fn the_second_cycle_reverses_colours() {
    let pairings = round_robin(4, 2);
    assert_eq!(pairings.len(), 12);
    let first: Vec<_> = pairings.iter().filter(|p| p.round <= 3).collect();
    for pairing in first {
        let reversed = pairings.iter().any(|p| {
            p.round == pairing.round + 3 && p.white == pairing.black && p.black == pairing.white
        });
        assert!(reversed, "{pairing:?}");
    }
}

#[test]
fn fewer_than_two_players_are_not_paired() {
    assert!(round_robin(0, 1).is_empty());
    assert!(round_robin(1, 2).is_empty());
}

fn game(white: usize, black: usize, score: GameScore) -> TournamentGame {
    TournamentGame {
        white,
        black,
        score: Some(score),
    }
}

#[test]
fn standings_count_points_wins_and_sonneborn_berger() {
    // A: beats B, draws C. B: beats C. C: nothing else.
    let games = [
        game(0, 1, GameScore::WHITE_WINS),
        game(0, 2, GameScore::DRAW),
        game(1, 2, GameScore::WHITE_WINS),
    ];
    let lines = standings(3, &games);
    let seeds: Vec<usize> = lines.iter().map(|l| l.seed).collect();
    assert_eq!(seeds, vec![0, 1, 2]);
    assert_eq!(lines[0].halves, 3);
    assert_eq!(lines[0].wins, 1);
    // A: win over B (2 halves) × B's 2 halves + draw with C (1) × C's 1 = 5 quarters.
    assert_eq!(lines[0].sonneborn_berger_quarters, 2 * 2 + 1);
    assert_eq!(lines[1].sonneborn_berger_quarters, 2);
    assert_eq!(lines[2].sonneborn_berger_quarters, 3);
    assert_eq!(
        lines.iter().map(|l| l.place).collect::<Vec<_>>(),
        vec![(1, 1), (2, 2), (3, 3)]
    );
}

#[test]
fn wins_break_a_tie_on_points() {
    // B and C both score 1½: B with a win, C with three draws.
    let games = [
        game(0, 1, GameScore::WHITE_WINS),
        game(0, 2, GameScore::DRAW),
        game(0, 3, GameScore::WHITE_WINS),
        game(1, 3, GameScore::WHITE_WINS),
        game(1, 2, GameScore::DRAW),
        game(2, 3, GameScore::DRAW),
    ];
    let lines = standings(4, &games);
    let seeds: Vec<usize> = lines.iter().map(|l| l.seed).collect();
    assert_eq!(seeds, vec![0, 1, 2, 3]);
    assert_eq!((lines[1].halves, lines[1].wins), (3, 1));
    assert_eq!((lines[2].halves, lines[2].wins), (3, 0));
    assert_eq!(lines[1].place, (2, 2));
}

#[test]
fn the_direct_game_breaks_an_otherwise_total_tie() {
    // A double round robin of two: each wins once with White, then a third
    // player makes the difference irrelevant; construct A and B equal on
    // points, wins and SB with A having beaten B in their only decisive game.
    let games = [
        game(0, 1, GameScore::WHITE_WINS),
        game(1, 2, GameScore::WHITE_WINS),
        game(2, 0, GameScore::WHITE_WINS),
    ];
    // A cycle: all have 2 halves, 1 win, SB 2 each: a full tie, direct games
    // among all three are 1 win each, so they share places 1-3.
    let lines = standings(3, &games);
    assert!(lines.iter().all(|l| l.place == (1, 3)), "{lines:?}");
    let games = [
        game(0, 1, GameScore::WHITE_WINS),
        game(1, 0, GameScore::DRAW),
    ];
    let lines = standings(2, &games);
    assert_eq!(lines[0].seed, 0);
    assert_eq!(lines[0].place, (1, 1));
}

#[test]
fn unfinished_games_count_as_games_left() {
    let games = [
        TournamentGame {
            white: 0,
            black: 1,
            score: None,
        },
        game(1, 2, GameScore::DOUBLE_LOSS),
    ];
    let lines = standings(3, &games);
    let line = |seed| lines.iter().find(|l| l.seed == seed).unwrap().clone();
    assert_eq!(line(0).games_left, 1);
    assert_eq!(line(1).games_left, 1);
    assert_eq!(line(2).games_left, 0);
    assert!(lines.iter().all(|l| l.halves == 0 && l.place == (1, 3)));
}
