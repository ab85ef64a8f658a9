//! Team events (R3.1.3, R3.1.4, R3.3.2, R3.4.4, R3.4.5; R2.1.2): rosters and
//! captains, board colours, team round robins, team standings with a worked
//! example, substitutions, report routing and contact privacy.

use corrbot::core::game::Score;
use corrbot::core::team::{
    BoardGame, BoardGameStatus, ContactContext, Escalation, GameKey, MatchPoints, PersonKey,
    Recipient, ReportKind, Roster, SubstitutionError, Team, TeamError, TeamKey, TeamMatch, Viewer,
    first_named_has_white, may_see_contacts, pair_match, route_report, substitute,
    team_round_robin, team_standings,
};
use shakmaty::Color;

fn p(id: u64) -> PersonKey {
    PersonKey(id)
}

/// Team `n` (1-based): captain `n*100`, deputy `n*100 + 50`, boards
/// `n*10 + 1 ..= n*10 + 4`, reserves `n*10 + 5`, `n*10 + 6`.
fn team(n: u64) -> Team {
    Team::new(
        TeamKey(n),
        format!("Team {n}"),
        p(n * 100),
        Some(p(n * 100 + 50)),
        (1..=4).map(|b| p(n * 10 + b)).collect(),
        vec![p(n * 10 + 5), p(n * 10 + 6)],
    )
    .expect("valid team")
}

fn roster() -> Roster {
    Roster::new(vec![team(1), team(2)]).expect("valid roster")
}

// ---------------------------------------------------------------- roster

/// R3.1.3: every team has a captain, who deals with the arbiter.
#[test]
fn r3_1_3_captain_relation_queries() {
    let roster = roster();
    assert_eq!(roster.captain_of(TeamKey(1)), Some(p(100)));
    assert_eq!(roster.deputy_of(TeamKey(2)), Some(p(250)));
    assert_eq!(roster.captain_of(TeamKey(9)), None);
    assert_eq!(roster.team_of(p(13)), Some(TeamKey(1)));
    assert_eq!(
        roster.team_of(p(26)),
        Some(TeamKey(2)),
        "reserves belong too"
    );
    assert_eq!(
        roster.team_of(p(100)),
        None,
        "a non-playing captain plays for nobody"
    );
    assert!(roster.is_captain_or_deputy(p(100), TeamKey(1)));
    assert!(roster.is_captain_or_deputy(p(150), TeamKey(1)));
    assert!(!roster.is_captain_or_deputy(p(200), TeamKey(1)));
    assert!(!roster.is_captain_or_deputy(p(11), TeamKey(1)));
    assert_eq!(roster.teams_led_by(p(250)), vec![TeamKey(2)]);
    assert_eq!(roster.team(TeamKey(1)).unwrap().board_of(p(13)), Some(3));
}

#[test]
fn invalid_teams_and_rosters_are_refused() {
    let cases: Vec<(Result<Team, TeamError>, TeamError)> = vec![
        (
            Team::new(TeamKey(1), "A", p(1), None, vec![], vec![]),
            TeamError::NoBoards,
        ),
        (
            Team::new(TeamKey(1), "A", p(1), Some(p(1)), vec![p(2)], vec![]),
            TeamError::DeputyIsCaptain,
        ),
        (
            Team::new(TeamKey(1), "A", p(1), None, vec![p(2), p(3)], vec![p(2)]),
            TeamError::DuplicatePlayer(p(2)),
        ),
    ];
    for (result, expected) in cases {
        assert_eq!(result.unwrap_err(), expected);
    }
    let mut poacher = team(2);
    poacher.reserves.push(p(11));
    assert_eq!(
        Roster::new(vec![team(1), poacher]).unwrap_err(),
        TeamError::PlayerInTwoTeams { player: p(11) }
    );
    assert_eq!(
        Roster::new(vec![team(1), team(1)]).unwrap_err(),
        TeamError::DuplicateTeam(TeamKey(1))
    );
}

// ---------------------------------------------------------------- colours

/// Board colours: the first-named team has White on boards 1, 3, … and Black
/// on boards 2, 4, ….
#[test]
fn colours_alternate_by_board() {
    let table = [
        (1, true),
        (2, false),
        (3, true),
        (4, false),
        (5, true),
        (6, false),
    ];
    for (board, first_white) in table {
        assert_eq!(first_named_has_white(board), first_white, "board {board}");
    }
    let boards = pair_match(&team(1), &team(2)).unwrap();
    let got: Vec<(u32, PersonKey, PersonKey)> =
        boards.iter().map(|b| (b.board, b.white, b.black)).collect();
    assert_eq!(
        got,
        vec![
            (1, p(11), p(21)),
            (2, p(22), p(12)),
            (3, p(13), p(23)),
            (4, p(24), p(14)),
        ]
    );
}

#[test]
fn a_match_needs_equal_board_counts() {
    let mut short = team(2);
    short.boards.pop();
    assert_eq!(
        pair_match(&team(1), &short).unwrap_err(),
        TeamError::BoardCountMismatch {
            first: 4,
            second: 3
        }
    );
}

/// A team round robin pairs the teams by Berger; in the second cycle every
/// board's colours are reversed.
#[test]
fn double_team_round_robin_reverses_every_board_in_the_second_cycle() {
    let teams: Vec<Team> = (1..=4).map(team).collect();
    let matches = team_round_robin(&teams, 2).unwrap();
    assert_eq!(matches.len(), 12);
    let (first_cycle, second_cycle) = matches.split_at(6);
    for early in first_cycle {
        let late = second_cycle
            .iter()
            .find(|m| (m.first, m.second) == (early.second, early.first))
            .expect("the return match");
        for (a, b) in early.boards.iter().zip(&late.boards) {
            assert_eq!((a.white, a.black), (b.black, b.white), "board {}", a.board);
        }
    }
    // Every team meets every other team once per cycle.
    for a in 0..4 {
        for b in (a + 1)..4 {
            let meetings = first_cycle
                .iter()
                .filter(|m| [m.first, m.second] == [a, b] || [m.first, m.second] == [b, a])
                .count();
            assert_eq!(meetings, 1);
        }
    }
}

// ---------------------------------------------------------------- standings

/// A standings line as (seed, match points, board halves, direct match
/// points, place).
type Line = (usize, u32, u32, u32, (u32, u32));

fn line(l: &corrbot::core::team::TeamStanding) -> Line {
    (
        l.seed,
        l.match_points,
        l.board_halves,
        l.direct_match_points,
        l.place,
    )
}

/// Board results from the first-named team's view: `W` won, `D` drawn,
/// `L` lost, `A` annulled, `-` still going.
fn scores(m: &TeamMatch, results: &str) -> Vec<Option<Score>> {
    m.boards
        .iter()
        .zip(results.chars())
        .map(|(board, c)| {
            let first = if board.first_has_white {
                Color::White
            } else {
                Color::Black
            };
            match c {
                'W' => Some(Score::Win(first)),
                'L' => Some(Score::Win(!first)),
                'D' => Some(Score::Draw),
                'A' => Some(Score::Annulled),
                _ => None,
            }
        })
        .collect()
}

/// Worked example: Team 1 v Team 2 over 4 boards. Board 1 (Team 1 White)
/// 1-0, board 2 (Team 2 White) ½-½, board 3 (Team 1 White) 0-1, board 4
/// (Team 2 White) 0-1: Team 1 scores 1 + ½ + 0 + 1 = 2½, Team 2 1½; Team 1
/// wins the match, 2 match points to 0.
#[test]
fn worked_example_two_teams_four_boards() {
    let teams = vec![team(1), team(2)];
    let matches = team_round_robin(&teams, 1).unwrap();
    assert_eq!(matches.len(), 1);
    let m = &matches[0];
    assert_eq!((m.first_team, m.second_team), (TeamKey(1), TeamKey(2)));
    let played = [
        Some(Score::Win(Color::White)),
        Some(Score::Draw),
        Some(Score::Win(Color::Black)),
        Some(Score::Win(Color::Black)),
    ];
    let score = m.score(&played);
    assert_eq!(score.halves(), (5, 3));
    assert_eq!(score.match_points(MatchPoints::default()), Some((2, 0)));
    let table = team_standings(2, &[score], MatchPoints::default());
    let got: Vec<(usize, u32, u32, (u32, u32))> = table
        .iter()
        .map(|l| (l.seed, l.match_points, l.board_halves, l.place))
        .collect();
    assert_eq!(got, vec![(0, 2, 5, (1, 1)), (1, 0, 3, (2, 2))]);
}

/// Worked example: a 4-team round robin, 4 boards (board points in halves,
/// first-named team first):
///
/// | round | match | boards | halves |
/// |-------|-------|--------|--------|
/// | 1     | 1 v 4 | DDDD   | 4-4    |
/// | 1     | 2 v 3 | WWDL   | 5-3    |
/// | 2     | 4 v 3 | WLDD   | 4-4    |
/// | 2     | 1 v 2 | WWDL   | 5-3    |
/// | 3     | 2 v 4 | WDWL   | 5-3    |
/// | 3     | 3 v 1 | LWDD   | 4-4    |
///
/// Teams 1 and 2 have 4 match points and 13 halves each: Team 1 won their
/// match, so Team 1 is first. Teams 3 and 4 have 2 match points and 11
/// halves each and drew their match: they share places 3-4.
#[test]
fn worked_example_four_team_round_robin_with_tie_breaks() {
    let teams: Vec<Team> = (1..=4).map(team).collect();
    let matches = team_round_robin(&teams, 1).unwrap();
    let plan = [
        ((0, 3), "DDDD"),
        ((1, 2), "WWDL"),
        ((3, 2), "WLDD"),
        ((0, 1), "WWDL"),
        ((1, 3), "WDWL"),
        ((2, 0), "LWDD"),
    ];
    let scored: Vec<_> = matches
        .iter()
        .zip(plan)
        .map(|(m, (seeds, results))| {
            assert_eq!(
                (m.first, m.second),
                seeds,
                "Berger order, round {}",
                m.round
            );
            m.score(&scores(m, results))
        })
        .collect();
    let table = team_standings(4, &scored, MatchPoints::default());
    let got: Vec<Line> = table.iter().map(line).collect();
    assert_eq!(
        got,
        vec![
            (0, 4, 13, 2, (1, 1)),
            (1, 4, 13, 0, (2, 2)),
            (2, 2, 11, 1, (3, 4)),
            (3, 2, 11, 1, (3, 4)),
        ]
    );
    // With 3 points for a match won, Team 2 (two wins) overtakes Team 1
    // (one win, two draws).
    let three = MatchPoints {
        win: 3,
        draw: 1,
        loss: 0,
    };
    let table = team_standings(4, &scored, three);
    assert_eq!((table[0].seed, table[0].match_points), (1, 6));
    assert_eq!((table[1].seed, table[1].match_points), (0, 5));
}

/// Board points come before the direct match: Team 1 lost to Team 2 but
/// is ahead on board points with equal match points.
#[test]
fn board_points_come_before_the_direct_match() {
    let teams: Vec<Team> = (1..=4).map(team).collect();
    let matches = team_round_robin(&teams, 1).unwrap();
    // 1 v 4, 2 v 3, 4 v 3, 1 v 2, 2 v 4, 3 v 1.
    let plan = ["WWWW", "WWDL", "DDDD", "LDDD", "LWDL", "LLLL"];
    let scored: Vec<_> = matches
        .iter()
        .zip(plan)
        .map(|(m, results)| m.score(&scores(m, results)))
        .collect();
    let table = team_standings(4, &scored, MatchPoints::default());
    let got: Vec<Line> = table.iter().map(line).collect();
    assert_eq!(
        got,
        vec![
            (0, 4, 19, 0, (1, 1)),
            (1, 4, 13, 0, (2, 2)),
            (3, 3, 9, 0, (3, 3)),
            (2, 1, 7, 0, (4, 4)),
        ]
    );
}

#[test]
fn unfinished_and_annulled_boards() {
    let teams = vec![team(1), team(2)];
    let m = &team_round_robin(&teams, 1).unwrap()[0];
    let pending = m.score(&scores(m, "WW-D"));
    assert_eq!(pending.halves(), (5, 1));
    assert_eq!(pending.match_points(MatchPoints::default()), None);
    let table = team_standings(2, &[pending], MatchPoints::default());
    assert_eq!(table[0].matches_left, 1);
    assert_eq!(table[0].match_points, 0);
    assert_eq!(table[0].place, (1, 1), "board points still order the table");
    let annulled = m.score(&scores(m, "AADD"));
    assert_eq!(annulled.halves(), (2, 2));
    assert_eq!(annulled.match_points(MatchPoints::default()), Some((1, 1)));
}

// ---------------------------------------------------------------- substitutions

fn games() -> Vec<BoardGame> {
    vec![
        BoardGame {
            game: GameKey(1),
            status: BoardGameStatus::Started,
        },
        BoardGame {
            game: GameKey(2),
            status: BoardGameStatus::NotStarted,
        },
        BoardGame {
            game: GameKey(3),
            status: BoardGameStatus::Cancelled,
        },
        BoardGame {
            game: GameKey(4),
            status: BoardGameStatus::Finished,
        },
    ]
}

/// A reserve replaces board 2: games not started or cancelled pass to the
/// reserve; started and finished games keep their player.
#[test]
fn substitution_moves_only_unstarted_or_cancelled_games() {
    let sub = substitute(&team(1), 2, p(15), &games(), &[]).unwrap();
    assert_eq!((sub.outgoing, sub.incoming), (p(12), p(15)));
    assert_eq!(sub.reassigned, vec![GameKey(2), GameKey(3)]);
    assert_eq!(sub.kept, vec![GameKey(1), GameKey(4)]);
    assert_eq!(sub.team.boards, vec![p(11), p(15), p(13), p(14)]);
    assert_eq!(sub.team.reserves, vec![p(16), p(12)]);
    let mut roster = roster();
    roster.replace_team(sub.team).unwrap();
    assert_eq!(roster.team_of(p(12)), Some(TeamKey(1)), "still in the team");
}

#[test]
fn substitution_validation_table() {
    let table = [
        (
            0,
            p(15),
            vec![],
            SubstitutionError::NoSuchBoard {
                board: 0,
                boards: 4,
            },
        ),
        (
            5,
            p(15),
            vec![],
            SubstitutionError::NoSuchBoard {
                board: 5,
                boards: 4,
            },
        ),
        (
            1,
            p(25),
            vec![],
            SubstitutionError::NotInTeam { player: p(25) },
        ),
        (
            1,
            p(99),
            vec![],
            SubstitutionError::NotInTeam { player: p(99) },
        ),
        (
            1,
            p(13),
            vec![],
            SubstitutionError::AlreadyPlaying { player: p(13) },
        ),
        (
            1,
            p(16),
            vec![p(16)],
            SubstitutionError::AlreadyPlaying { player: p(16) },
        ),
    ];
    for (board, reserve, playing, expected) in table {
        assert_eq!(
            substitute(&team(1), board, reserve, &games(), &playing).unwrap_err(),
            expected,
            "board {board}, reserve {reserve:?}"
        );
    }
}

// ---------------------------------------------------------------- routing

/// R3.1.4, R3.4.5: in a team event a dispute goes to both captains first and
/// reaches the arbiter when a captain passes it on.
#[test]
fn r3_1_4_dispute_goes_to_both_captains() {
    let roster = roster();
    let route = route_report(ReportKind::Dispute, p(12), p(22), Some(&roster));
    assert_eq!(
        route.first,
        vec![
            Recipient::Captain(TeamKey(1)),
            Recipient::Captain(TeamKey(2))
        ]
    );
    assert_eq!(route.arbiter, Escalation::WhenCaptainForwards);
    for (person, may) in [
        (p(100), true),
        (p(250), true),
        (p(12), false),
        (p(300), false),
    ] {
        assert_eq!(route.may_forward(person, &roster), may, "{person:?}");
    }
}

/// R3.4.5 failure reports and R3.3.2 continuation notices go to the
/// player's own captain; the notice also to the partner.
#[test]
fn r3_4_5_and_r3_3_2_routing_table() {
    let roster = roster();
    let team_event = Some(&roster);
    let table = [
        (
            ReportKind::Failure,
            team_event,
            vec![Recipient::Captain(TeamKey(1))],
            Escalation::WhenCaptainForwards,
        ),
        (
            ReportKind::ContinuationNotice,
            team_event,
            vec![Recipient::Captain(TeamKey(1)), Recipient::Opponent],
            Escalation::WhenCaptainForwards,
        ),
        (
            ReportKind::Dispute,
            None,
            vec![Recipient::Arbiter],
            Escalation::Immediately,
        ),
        (
            ReportKind::Failure,
            None,
            vec![Recipient::Arbiter],
            Escalation::Immediately,
        ),
        (
            ReportKind::ContinuationNotice,
            None,
            vec![Recipient::Arbiter, Recipient::Opponent],
            Escalation::Immediately,
        ),
    ];
    for (kind, event, first, arbiter) in table {
        let route = route_report(kind, p(11), p(21), event);
        assert_eq!((route.first, route.arbiter), (first, arbiter), "{kind:?}");
    }
    let failure = route_report(ReportKind::Failure, p(11), p(21), Some(&roster));
    assert!(!failure.may_forward(p(200), &roster), "the other captain");
    assert!(failure.may_forward(p(150), &roster), "the deputy");
}

// ---------------------------------------------------------------- privacy

fn viewer(id: u64) -> Viewer {
    Viewer {
        person: p(id),
        administrator: false,
        arbiter_of_event: false,
    }
}

/// R3.4.4: in team events a player's contact details are visible only to
/// administrators, the arbiter and the player's own captain (and deputy).
#[test]
fn r3_4_4_contacts_in_team_events() {
    let roster = roster();
    let event = ContactContext::Team(&roster);
    let admin = Viewer {
        administrator: true,
        ..viewer(1)
    };
    let arbiter = Viewer {
        arbiter_of_event: true,
        ..viewer(2)
    };
    let table = [
        (admin, true),
        (arbiter, true),
        (viewer(100), true),
        (viewer(150), true),
        (viewer(12), true),
        (viewer(200), false),
        (viewer(13), false),
        (viewer(21), false),
    ];
    for (who, may) in table {
        assert_eq!(may_see_contacts(&who, p(12), &event), may, "{who:?}");
    }
}

/// R2.1.2: in individual events the current partners see a player's
/// contacts, besides the arbiter and administrators.
#[test]
fn r2_1_2_contacts_in_individual_events() {
    let partners = [p(2), p(3)];
    let event = ContactContext::Individual {
        current_partners: &partners,
    };
    let arbiter = Viewer {
        arbiter_of_event: true,
        ..viewer(9)
    };
    for (who, may) in [
        (viewer(2), true),
        (viewer(3), true),
        (viewer(4), false),
        (arbiter, true),
        (viewer(1), true),
    ] {
        assert_eq!(may_see_contacts(&who, p(1), &event), may, "{who:?}");
    }
}

#[test]
fn replacing_a_team_is_checked_again() {
    let mut roster = roster();
    let mut stranger = team(3);
    assert_eq!(
        roster.replace_team(stranger.clone()),
        Err(TeamError::UnknownTeam(TeamKey(3)))
    );
    stranger.id = TeamKey(2);
    stranger.reserves.push(p(11));
    assert_eq!(
        roster.replace_team(stranger),
        Err(TeamError::PlayerInTwoTeams { player: p(11) })
    );
    assert_eq!(roster.team_of(p(21)), Some(TeamKey(2)), "left unchanged");
}

proptest::proptest! {
    /// Every complete match hands out 2 match points (win 2 + loss 0, or
    /// draw 1 + 1) and 8 board half-points over 4 boards; places are in
    /// order and cover 1..=n.
    #[test]
    fn standings_conserve_points(
        teams in 2usize..=7,
        results in proptest::collection::vec(0u8..3, 4 * 21),
    ) {
        let roster: Vec<Team> = (1..=teams as u64).map(team).collect();
        let matches = team_round_robin(&roster, 1).unwrap();
        let letters = ['W', 'D', 'L'];
        let scored: Vec<_> = matches
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let plan: String = results[i * 4..i * 4 + 4]
                    .iter()
                    .map(|&r| letters[r as usize])
                    .collect();
                m.score(&scores(m, &plan))
            })
            .collect();
        let table = team_standings(teams, &scored, MatchPoints::default());
        let match_points: u32 = table.iter().map(|l| l.match_points).sum();
        let halves: u32 = table.iter().map(|l| l.board_halves).sum();
        proptest::prop_assert_eq!(match_points, 2 * matches.len() as u32);
        proptest::prop_assert_eq!(halves, 8 * matches.len() as u32);
        for (index, line) in table.iter().enumerate() {
            let position = index as u32 + 1;
            proptest::prop_assert!(line.place.0 <= position && position <= line.place.1);
        }
        for pair in table.windows(2) {
            let key = |l: &corrbot::core::team::TeamStanding| (l.match_points, l.board_halves);
            proptest::prop_assert!(key(&pair[0]) >= key(&pair[1]));
        }
    }
}
