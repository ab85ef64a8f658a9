//! Arbitration cases (R2.1.4–R2.1.6, R2.5.1–R2.5.3, R2.6.2–R2.6.7, R3.1.4,
//! R3.1.5, R3.3.2, R3.4.3, R3.4.5, R3.6.3): the state machine, rulings,
//! deadlines and who sees what.

use chrono::{DateTime, TimeZone, Utc};
use chrono_tz::Tz;
use corrbot::core::case::{
    Absence, AbsenceError, AppealError, AppealOutcome, Case, CaseError, CaseKind, CasePart,
    CaseRole, CaseState, CaseTransition, Decision, EventGame, ExclusionScoring, ExtraLeaveGrant,
    GameOutcome, NewCase, ObjectionError, Ruling, RulingError, appeal_deadline,
    arbiter_request_case_due, bot_case_due, exclusion_outcomes, grant_extra_leave,
    grant_extra_leave_to, may_appeal, may_object, may_see, register_absence,
};
use corrbot::core::game::{ArbiterReason, Score};
use corrbot::core::team::{GameKey, PersonKey, Roster, Team, TeamKey};
use shakmaty::Color;

fn at(y: i32, m: u32, d: u32, h: u32, min: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(y, m, d, h, min, 0).unwrap()
}

fn day(y: i32, m: u32, d: u32) -> DateTime<Utc> {
    at(y, m, d, 12, 0)
}

fn p(id: u64) -> PersonKey {
    PersonKey(id)
}

const ARBITER: PersonKey = PersonKey(900);
const COMMITTEE: PersonKey = PersonKey(950);

/// Team 1: captain 100, deputy 150, boards 11-12; Team 2: captain 200,
/// deputy 250, boards 21-22.
fn roster() -> Roster {
    let team = |n: u64| {
        Team::new(
            TeamKey(n),
            format!("Team {n}"),
            p(n * 100),
            Some(p(n * 100 + 50)),
            vec![p(n * 10 + 1), p(n * 10 + 2)],
            vec![],
        )
        .unwrap()
    };
    Roster::new(vec![team(1), team(2)]).unwrap()
}

fn dispute(raiser: u64, accused: u64, when: DateTime<Utc>) -> NewCase {
    NewCase {
        kind: CaseKind::Dispute,
        raised_by: Some(p(raiser)),
        accused: vec![p(accused)],
        opponent: None,
        game: Some(GameKey(7)),
        at: when,
    }
}

fn decision(rulings: Vec<Ruling>, when: DateTime<Utc>) -> Decision {
    Decision {
        rulings,
        by: ARBITER,
        at: when,
        why: "reasons".into(),
    }
}

fn draw_ruling() -> Ruling {
    Ruling::ScoreGame {
        game: GameKey(7),
        score: Score::Draw,
        reason: ArbiterReason::Adjudicated,
    }
}

/// An individual dispute between 1 and 2, taken up and ruled on 1 March.
fn ruled_case() -> Case {
    let mut case = Case::open(dispute(1, 2, day(2026, 2, 20)), None).unwrap();
    case.take_up(ARBITER, day(2026, 2, 21)).unwrap();
    case.rule(decision(vec![draw_ruling()], day(2026, 3, 1)))
        .unwrap();
    case
}

// ---------------------------------------------------------------- appeals

/// R2.1.6: an appeal within 14 days of receiving the ruling. Received on
/// 1 March: day 14 (15 March) is allowed to its last second, day 15
/// (16 March) is refused with the instant the window closed.
#[test]
fn r2_1_6_appeal_window_day_14_allowed_day_15_refused() {
    let received = at(2026, 3, 1, 18, 30);
    let closed_at = at(2026, 3, 16, 0, 0);
    assert_eq!(appeal_deadline(received, Tz::UTC), closed_at);
    let table = [
        (at(2026, 3, 1, 18, 31), Ok(())),
        (at(2026, 3, 14, 9, 0), Ok(())),
        (at(2026, 3, 15, 0, 0), Ok(())),
        (closed_at - chrono::TimeDelta::seconds(1), Ok(())),
        (closed_at, Err(AppealError::WindowClosed { closed_at })),
        (
            at(2026, 3, 16, 8, 0),
            Err(AppealError::WindowClosed { closed_at }),
        ),
        (
            at(2026, 4, 1, 8, 0),
            Err(AppealError::WindowClosed { closed_at }),
        ),
    ];
    for (now, expected) in table {
        assert_eq!(may_appeal(now, received, Tz::UTC), expected, "at {now}");
    }
}

/// R2.1.6 through the case: the party appeals on day 14; day 15 is
/// refused; the committee's decision is final.
#[test]
fn r2_1_6_appeal_through_the_case_and_the_final_decision() {
    let mut late = ruled_case();
    late.receive_ruling(p(2), at(2026, 3, 2, 9, 0)).unwrap();
    assert_eq!(
        late.lodge_appeal(p(2), at(2026, 3, 17, 0, 1), "late"),
        Err(CaseError::Appeal(AppealError::WindowClosed {
            closed_at: at(2026, 3, 17, 0, 0)
        }))
    );
    assert_eq!(late.state(), CaseState::Ruled);

    let mut case = ruled_case();
    case.receive_ruling(p(2), at(2026, 3, 2, 9, 0)).unwrap();
    assert_eq!(
        case.lodge_appeal(p(3), day(2026, 3, 5), "not mine"),
        Err(CaseError::NotAParty { person: p(3) })
    );
    case.lodge_appeal(p(2), at(2026, 3, 16, 23, 0), "the position is won")
        .unwrap();
    assert_eq!(case.state(), CaseState::UnderAppeal);
    let replaced = Ruling::ScoreGame {
        game: GameKey(7),
        score: Score::Win(Color::Black),
        reason: ArbiterReason::Adjudicated,
    };
    case.decide_appeal(
        COMMITTEE,
        day(2026, 3, 20),
        AppealOutcome::Replaced(vec![replaced]),
        "black wins",
    )
    .unwrap();
    assert_eq!(case.state(), CaseState::Closed);
    assert_eq!(case.rulings_in_force(), &[replaced]);
    for party in [p(1), p(2)] {
        assert_eq!(
            case.lodge_appeal(party, day(2026, 3, 21), "again"),
            Err(CaseError::Appeal(AppealError::DecisionFinal))
        );
    }
}

#[test]
fn r2_1_6_no_appeal_before_a_ruling_and_closing_waits_for_every_window() {
    let mut open = Case::open(dispute(1, 2, day(2026, 2, 20)), None).unwrap();
    assert_eq!(
        open.lodge_appeal(p(1), day(2026, 2, 21), "too early"),
        Err(CaseError::WrongState {
            state: CaseState::Open,
            action: CaseTransition::Appeal
        })
    );
    let mut case = ruled_case();
    case.receive_ruling(p(1), at(2026, 3, 1, 13, 0)).unwrap();
    assert_eq!(
        case.close(ARBITER, day(2026, 3, 30)),
        Err(CaseError::NotReceived { party: p(2) })
    );
    case.receive_ruling(p(2), at(2026, 3, 3, 13, 0)).unwrap();
    case.receive_ruling(p(2), at(2026, 3, 9, 13, 0)).unwrap(); // the first counts
    assert_eq!(
        case.close(ARBITER, at(2026, 3, 17, 12, 0)),
        Err(CaseError::AppealWindowOpen {
            party: p(2),
            until: at(2026, 3, 18, 0, 0)
        })
    );
    case.close(ARBITER, at(2026, 3, 18, 0, 0)).unwrap();
    assert_eq!(case.state(), CaseState::Closed);
    assert_eq!(case.rulings_in_force(), &[draw_ruling()]);
}

// ---------------------------------------------------------------- flows

/// R3.1.4, R3.4.5: in a team event a dispute goes to both captains, who may
/// settle it or pass it on to the arbiter.
#[test]
fn r3_1_4_team_dispute_goes_through_the_captains() {
    let roster = roster();
    let mut case = Case::open(dispute(11, 21, day(2026, 5, 1)), Some(&roster)).unwrap();
    assert_eq!(case.state(), CaseState::WithCaptains);
    assert_eq!(case.captain_teams(), &[TeamKey(1), TeamKey(2)]);
    assert!(case.only_with_captains());
    assert_eq!(
        case.take_up(ARBITER, day(2026, 5, 2)),
        Err(CaseError::WrongState {
            state: CaseState::WithCaptains,
            action: CaseTransition::TakeUp
        })
    );
    assert_eq!(
        case.forward_to_arbiter(p(12), day(2026, 5, 2), &roster),
        Err(CaseError::NotACaptain { person: p(12) })
    );
    case.forward_to_arbiter(p(250), day(2026, 5, 3), &roster)
        .unwrap();
    assert_eq!(case.state(), CaseState::WithArbiter);
    assert!(!case.only_with_captains());
    case.rule(decision(vec![Ruling::NoAction], day(2026, 5, 9)))
        .unwrap();
    let states: Vec<CaseState> = case.history().iter().map(|c| c.to).collect();
    assert_eq!(
        states,
        vec![
            CaseState::WithCaptains,
            CaseState::WithArbiter,
            CaseState::Ruled
        ]
    );

    let mut settled = Case::open(dispute(11, 21, day(2026, 5, 1)), Some(&roster)).unwrap();
    settled
        .settle_by_captains(p(100), day(2026, 5, 4), &roster)
        .unwrap();
    assert_eq!(settled.state(), CaseState::Closed);
    assert!(settled.only_with_captains());
}

/// R3.4.5: a failure report in a team event goes to the player's own
/// captain only; R3.1.5 lost access goes to the arbiter directly.
#[test]
fn r3_4_5_failure_report_and_r3_1_5_lost_access_routing() {
    let roster = roster();
    let failure = NewCase {
        kind: CaseKind::SoftwareFailure,
        raised_by: Some(p(11)),
        accused: vec![],
        opponent: Some(p(21)),
        game: Some(GameKey(3)),
        at: day(2026, 5, 1),
    };
    let mut case = Case::open(failure.clone(), Some(&roster)).unwrap();
    assert_eq!(case.captain_teams(), &[TeamKey(1)]);
    assert_eq!(
        case.forward_to_arbiter(p(200), day(2026, 5, 2), &roster),
        Err(CaseError::NotACaptain { person: p(200) })
    );
    case.forward_to_arbiter(p(100), day(2026, 5, 2), &roster)
        .unwrap();
    let individual = Case::open(failure, None).unwrap();
    assert_eq!(individual.state(), CaseState::Open);
    let lost = NewCase {
        kind: CaseKind::LostInternetAccess,
        ..dispute(11, 11, day(2026, 5, 1))
    };
    assert_eq!(
        Case::open(lost, Some(&roster)).unwrap().state(),
        CaseState::Open
    );
}

#[test]
fn refused_transitions_table() {
    let bot_kind_by_person = NewCase {
        kind: CaseKind::FortyDaysSilence,
        ..dispute(1, 2, day(2026, 1, 1))
    };
    assert_eq!(
        Case::open(bot_kind_by_person, None).unwrap_err(),
        CaseError::WrongOpener {
            kind: CaseKind::FortyDaysSilence
        }
    );
    let person_kind_by_bot = NewCase {
        raised_by: None,
        ..dispute(1, 2, day(2026, 1, 1))
    };
    assert_eq!(
        Case::open(person_kind_by_bot, None).unwrap_err(),
        CaseError::WrongOpener {
            kind: CaseKind::Dispute
        }
    );
    let nobody = NewCase {
        kind: CaseKind::MissingFirstMove,
        raised_by: None,
        accused: vec![],
        ..dispute(1, 2, day(2026, 1, 1))
    };
    assert_eq!(Case::open(nobody, None).unwrap_err(), CaseError::NoParty);

    let mut case = Case::open(dispute(1, 2, day(2026, 1, 1)), None).unwrap();
    assert_eq!(
        case.withdraw(p(2), day(2026, 1, 2)),
        Err(CaseError::NotTheRaiser { person: p(2) })
    );
    assert_eq!(
        case.rule(decision(vec![draw_ruling()], day(2026, 1, 2))),
        Err(CaseError::WrongState {
            state: CaseState::Open,
            action: CaseTransition::Rule
        })
    );
    case.take_up(ARBITER, day(2026, 1, 2)).unwrap();
    let inconsistent = Ruling::ScoreGame {
        game: GameKey(7),
        score: Score::Annulled,
        reason: ArbiterReason::Default,
    };
    let table = [
        (vec![], RulingError::Empty),
        (vec![inconsistent], RulingError::InconsistentScore),
        (
            vec![Ruling::PenaltyDays {
                game: GameKey(7),
                player: p(2),
                days: 0,
            }],
            RulingError::ZeroDays,
        ),
        (
            vec![Ruling::AdjustClock {
                game: GameKey(7),
                player: p(2),
                days: 0,
            }],
            RulingError::ZeroDays,
        ),
    ];
    for (rulings, expected) in table {
        assert_eq!(
            case.rule(decision(rulings, day(2026, 1, 3))),
            Err(CaseError::Ruling(expected))
        );
    }
    assert_eq!(case.state(), CaseState::WithArbiter);
    let clock_back = Ruling::AdjustClock {
        game: GameKey(7),
        player: p(1),
        days: -3,
    };
    case.rule(decision(
        vec![clock_back, Ruling::Warn { player: p(2) }],
        day(2026, 1, 3),
    ))
    .unwrap();
    let ruled = case.decision().unwrap();
    assert_eq!(
        (ruled.by, ruled.at, ruled.why.as_str()),
        (ARBITER, day(2026, 1, 3), "reasons")
    );
    case.withdraw(p(1), day(2026, 1, 4)).unwrap_err();
}

/// R2.1.6 with R3.5.6: the 14 days are counted in the event's zone, across
/// the change to summer time. A ruling received at 23:30 Kyiv time on
/// 20 March (21:30 UTC, winter time, UTC+2) is day 0 of 20 March in Kyiv
/// (still 20 March in UTC too); day 14 is 3 April, in summer time (UTC+3):
/// the last minute that counts is 3 April 23:59 Kyiv = 20:59 UTC, and the
/// window closes at 21:00 UTC, not at the UTC midnight.
#[test]
fn r2_1_6_appeal_window_in_the_event_zone_across_dst() {
    let kyiv = Tz::Europe__Kyiv;
    let received = at(2026, 3, 20, 21, 30);
    let closed_at = at(2026, 4, 3, 21, 0);
    assert_eq!(appeal_deadline(received, kyiv), closed_at);
    assert_eq!(may_appeal(at(2026, 4, 3, 20, 59), received, kyiv), Ok(()));
    assert_eq!(
        may_appeal(at(2026, 4, 3, 21, 0), received, kyiv),
        Err(AppealError::WindowClosed { closed_at })
    );
    // A ruling received at 00:30 Kyiv on 21 March is 22:30 UTC of 20 March:
    // in Kyiv it is day 0 of 21 March, so the window runs a day longer than
    // the same instant counted in UTC.
    let late_evening_utc = at(2026, 3, 20, 22, 30);
    assert_eq!(
        appeal_deadline(late_evening_utc, kyiv),
        at(2026, 4, 4, 21, 0)
    );
    assert_eq!(
        appeal_deadline(late_evening_utc, Tz::UTC),
        at(2026, 4, 4, 0, 0)
    );
    // Autumn: received 20 October (summer time), day 14 is 3 November
    // (winter time, UTC+2): the window closes at 22:00 UTC.
    assert_eq!(
        appeal_deadline(at(2026, 10, 20, 12, 0), kyiv),
        at(2026, 11, 3, 22, 0)
    );
}

/// R2.6.4 with R3.5.6: the 7 days to object are counted in the event's
/// zone; a case carries it and refuses an objection after 23:59 local.
#[test]
fn r2_6_4_objection_window_in_the_event_zone() {
    let kyiv = Tz::Europe__Kyiv;
    let told = at(2026, 3, 25, 10, 0);
    let closed_at = at(2026, 4, 1, 21, 0);
    assert_eq!(may_object(at(2026, 4, 1, 20, 59), told, kyiv), Ok(()));
    let claim = NewCase {
        kind: CaseKind::OverstepClaim,
        ..dispute(1, 2, told)
    };
    let mut case = Case::open(claim, None).unwrap();
    case.set_zone(kyiv);
    assert_eq!(
        case.lodge_objection(p(2), closed_at, told, "too late"),
        Err(CaseError::Objection(ObjectionError::WindowClosed {
            closed_at
        }))
    );
    case.lodge_objection(p(2), at(2026, 4, 1, 20, 59), told, "in time")
        .unwrap();
}

// ---------------------------------------------------------------- postal overstep

/// R2.6.4: an objection within 7 days of being told; R2.6.6: the game is
/// suspended from the claim until the ruling; R2.6.7: rejected, it goes on.
#[test]
fn r2_6_overstep_claim_objection_and_suspension() {
    let told = at(2026, 6, 1, 20, 0);
    let closed_at = at(2026, 6, 9, 0, 0);
    let table = [
        (at(2026, 6, 8, 23, 59), Ok(())),
        (closed_at, Err(ObjectionError::WindowClosed { closed_at })),
    ];
    for (now, expected) in table {
        assert_eq!(may_object(now, told, Tz::UTC), expected, "at {now}");
    }
    let claim = NewCase {
        kind: CaseKind::OverstepClaim,
        ..dispute(1, 2, told)
    };
    let mut not_a_claim = Case::open(dispute(1, 2, told), None).unwrap();
    assert_eq!(
        not_a_claim.lodge_objection(p(2), told, told, "no"),
        Err(CaseError::WrongKind {
            kind: CaseKind::Dispute
        })
    );
    let mut case = Case::open(claim, None).unwrap();
    assert_eq!(case.suspended_game(), Some(GameKey(7)));
    assert_eq!(
        case.lodge_objection(p(2), closed_at, told, "too late"),
        Err(CaseError::Objection(ObjectionError::WindowClosed {
            closed_at
        }))
    );
    assert_eq!(
        case.lodge_objection(p(1), at(2026, 6, 5, 8, 0), told, "the claimant"),
        Err(CaseError::NotAParty { person: p(1) })
    );
    case.lodge_objection(p(2), at(2026, 6, 8, 23, 0), told, "I count 48\u{a0}days")
        .unwrap();
    assert_eq!(case.entries().len(), 1);
    case.take_up(ARBITER, day(2026, 6, 10)).unwrap();
    assert_eq!(case.suspended_game(), Some(GameKey(7)));
    let rejected = vec![
        Ruling::ResumeGame { game: GameKey(7) },
        Ruling::PenaltyDays {
            game: GameKey(7),
            player: p(1),
            days: 5,
        },
    ];
    case.rule(decision(rejected, day(2026, 6, 12))).unwrap();
    assert_eq!(case.suspended_game(), None);
}

// ---------------------------------------------------------------- absence

/// R3.1.5: one absence of up to 30 days a calendar year; withdrawal at
/// start + 30 days; a second absence in the same year is refused.
#[test]
fn r3_1_5_internet_absence() {
    let first = register_absence(&[], at(2026, 3, 10, 8, 0)).unwrap();
    assert_eq!(first.withdrawal_at, at(2026, 4, 9, 8, 0));
    assert!(!first.withdrawal_due(at(2026, 4, 9, 7, 59)));
    assert!(first.withdrawal_due(at(2026, 4, 9, 8, 0)));
    let back = Absence {
        returned_at: Some(at(2026, 3, 20, 8, 0)),
        ..first
    };
    assert!(!back.withdrawal_due(at(2026, 5, 1, 0, 0)));

    let table = [
        (
            at(2026, 11, 2, 0, 0),
            Err(AbsenceError::SecondInYear {
                year: 2026,
                earlier_start: first.start,
            }),
        ),
        (
            at(2026, 3, 25, 0, 0),
            Err(AbsenceError::StillAbsent {
                earlier_start: first.start,
            }),
        ),
    ];
    for (start, expected) in table {
        assert_eq!(register_absence(&[first], start), expected, "{start}");
    }
    assert!(register_absence(&[back], at(2027, 1, 5, 0, 0)).is_ok());
    // An absence from 20 December runs into January: a new one cannot
    // start while it runs, but can after the player came back.
    let december = register_absence(&[], at(2026, 12, 20, 0, 0)).unwrap();
    assert_eq!(
        register_absence(&[december], at(2027, 1, 5, 0, 0)),
        Err(AbsenceError::StillAbsent {
            earlier_start: december.start
        })
    );
    let december_back = Absence {
        returned_at: Some(at(2026, 12, 28, 0, 0)),
        ..december
    };
    assert!(register_absence(&[december_back], at(2027, 1, 5, 0, 0)).is_ok());
}

// ---------------------------------------------------------------- extra leave

/// R3.6.3: at most 15 days of extra leave a calendar year.
#[test]
fn r3_6_3_extra_leave_at_most_15_days_a_year() {
    let granted = [
        ExtraLeaveGrant {
            year: 2026,
            days: 10,
        },
        ExtraLeaveGrant {
            year: 2025,
            days: 15,
        },
    ];
    let table = [
        (
            2026,
            5,
            Ok(ExtraLeaveGrant {
                year: 2026,
                days: 5,
            }),
        ),
        (
            2026,
            6,
            Err(RulingError::ExtraLeaveOverLimit {
                year: 2026,
                already: 10,
                requested: 6,
                limit: 15,
            }),
        ),
        (
            2027,
            15,
            Ok(ExtraLeaveGrant {
                year: 2027,
                days: 15,
            }),
        ),
        (
            2027,
            16,
            Err(RulingError::ExtraLeaveOverLimit {
                year: 2027,
                already: 0,
                requested: 16,
                limit: 15,
            }),
        ),
        (2027, 0, Err(RulingError::ZeroDays)),
    ];
    for (year, days, expected) in table {
        assert_eq!(
            grant_extra_leave(&granted, year, days),
            expected,
            "{year} {days}"
        );
    }
    assert_eq!(
        grant_extra_leave_to(p(1), &granted, 2026, 5),
        Ok(Ruling::ExtraLeave {
            player: p(1),
            year: 2026,
            days: 5
        })
    );
    let mut case = Case::open(
        NewCase {
            kind: CaseKind::ExtraLeaveRequest,
            ..dispute(1, 1, day(2026, 7, 1))
        },
        None,
    )
    .unwrap();
    case.take_up(ARBITER, day(2026, 7, 2)).unwrap();
    let too_much = Ruling::ExtraLeave {
        player: p(1),
        year: 2026,
        days: 16,
    };
    assert!(matches!(
        case.rule(decision(vec![too_much], day(2026, 7, 3))),
        Err(CaseError::Ruling(RulingError::ExtraLeaveOverLimit { .. }))
    ));
}

// ---------------------------------------------------------------- exclusion

/// R2.1.5, R3.4.3: an exclusion scores the excluded player's unfinished
/// games as losses or annuls them, as the event says; finished games keep
/// their results.
#[test]
fn r2_1_5_exclusion_scored_both_ways() {
    let game = |id, white, black, finished| EventGame {
        game: GameKey(id),
        white: p(white),
        black: p(black),
        finished,
    };
    let games = [
        game(1, 5, 2, false),
        game(2, 3, 5, false),
        game(3, 5, 4, true),
        game(4, 2, 3, false),
    ];
    let losses = exclusion_outcomes(p(5), &games, ExclusionScoring::Losses);
    assert_eq!(
        losses,
        vec![
            GameOutcome {
                game: GameKey(1),
                score: Score::Win(Color::Black),
                reason: ArbiterReason::Default
            },
            GameOutcome {
                game: GameKey(2),
                score: Score::Win(Color::White),
                reason: ArbiterReason::Default
            },
        ]
    );
    let annulled = exclusion_outcomes(p(5), &games, ExclusionScoring::Annulled);
    let got: Vec<(GameKey, Score, ArbiterReason)> = annulled
        .iter()
        .map(|o| (o.game, o.score, o.reason))
        .collect();
    assert_eq!(
        got,
        vec![
            (GameKey(1), Score::Annulled, ArbiterReason::Annulled),
            (GameKey(2), Score::Annulled, ArbiterReason::Annulled),
        ]
    );
    for outcome in losses.iter().chain(&annulled) {
        let ruling = Ruling::ScoreGame {
            game: outcome.game,
            score: outcome.score,
            reason: outcome.reason,
        };
        assert_eq!(ruling.validate(), Ok(()), "outcomes are valid rulings");
    }
}

// ---------------------------------------------------------------- bot cases

/// R3.3.2, R3.4.3, R3.1.5, R2.5.1, R2.5.2, R2.5.3: when the bot opens its
/// cases.
#[test]
fn bot_case_deadlines_table() {
    let since = at(2026, 12, 31, 10, 0);
    let table = [
        (CaseKind::FortyDaysSilence, Some(at(2027, 2, 9, 10, 0))),
        (
            CaseKind::ArbiterRequestUnanswered,
            Some(at(2027, 1, 20, 10, 0)),
        ),
        (
            CaseKind::InternetAbsenceOverdue,
            Some(at(2027, 1, 30, 10, 0)),
        ),
        (CaseKind::PostalSilence, Some(at(2027, 2, 9, 10, 0))),
        (CaseKind::MissingFirstMove, Some(at(2027, 1, 20, 10, 0))),
        (CaseKind::TwoMonthsWithoutMove, Some(at(2027, 2, 28, 10, 0))),
        (CaseKind::SecondInternetAbsence, None),
        (CaseKind::Dispute, None),
    ];
    for (kind, due) in table {
        assert_eq!(bot_case_due(kind, since), due, "{kind:?}");
    }
}

/// R3.4.3: more than 20 days unanswered, by a player present on the server.
#[test]
fn r3_4_3_unanswered_arbiter_request() {
    let asked = at(2026, 4, 1, 9, 0);
    let seen = Some(at(2026, 4, 10, 9, 0));
    let table = [
        (false, seen, at(2026, 4, 21, 9, 0), false),
        (false, seen, at(2026, 4, 21, 9, 1), true),
        (true, seen, at(2026, 5, 1, 9, 0), false),
        (false, None, at(2026, 5, 1, 9, 0), false),
        (
            false,
            Some(at(2026, 3, 30, 0, 0)),
            at(2026, 5, 1, 9, 0),
            false,
        ),
    ];
    for (answered, last_seen, now, due) in table {
        assert_eq!(
            arbiter_request_case_due(asked, answered, last_seen, now),
            due,
            "{now}"
        );
    }
}

#[test]
fn every_kind_cites_its_rules_and_bot_kinds_are_marked() {
    for kind in CaseKind::ALL {
        assert!(!kind.rules().is_empty(), "{kind:?}");
        assert!(kind.rules().iter().all(|id| id.starts_with('R')));
        assert_eq!(
            kind.opened_by_bot(),
            bot_case_due(kind, day(2026, 1, 1)).is_some()
                || kind == CaseKind::SecondInternetAbsence,
            "{kind:?}"
        );
    }
}

// ---------------------------------------------------------------- visibility

#[test]
fn visibility_table_private_notes_only_to_arbiters() {
    use CasePart as P;
    use CaseRole as R;
    let parts = [
        P::Summary,
        P::Statements,
        P::Rulings,
        P::Appeal,
        P::PrivateNotes,
    ];
    let table = [
        (R::Arbiter, [true, true, true, true, true]),
        (R::Committee, [true, true, true, true, false]),
        (R::Party, [true, true, true, true, false]),
        (R::Captain, [true, true, true, true, false]),
        (R::Opponent, [true, false, true, false, false]),
        (R::Outsider, [false, false, false, false, false]),
    ];
    for (role, expected) in table {
        for (part, may) in parts.iter().zip(expected) {
            assert_eq!(may_see(role, *part), may, "{role:?} {part:?}");
        }
    }
}

#[test]
fn roles_and_visible_entries_of_a_case() {
    let roster = roster();
    let failure = NewCase {
        kind: CaseKind::SoftwareFailure,
        raised_by: Some(p(11)),
        accused: vec![],
        opponent: Some(p(21)),
        game: Some(GameKey(3)),
        at: day(2026, 5, 1),
    };
    let mut case = Case::open(failure, Some(&roster)).unwrap();
    let r = Some(&roster);
    let table = [
        (ARBITER, true, false, CaseRole::Arbiter),
        (COMMITTEE, false, true, CaseRole::Committee),
        (p(11), false, false, CaseRole::Party),
        (p(150), false, false, CaseRole::Captain),
        (p(21), false, false, CaseRole::Opponent),
        (p(200), false, false, CaseRole::Outsider),
        (p(12), false, false, CaseRole::Outsider),
    ];
    for (person, arbiter, committee, role) in table {
        assert_eq!(
            case.role_of(person, arbiter, committee, r),
            role,
            "{person:?}"
        );
    }
    case.add_statement(p(11), day(2026, 5, 1), "the app froze", r)
        .unwrap();
    case.add_statement(p(100), day(2026, 5, 2), "confirmed", r)
        .unwrap();
    assert_eq!(
        case.add_statement(p(21), day(2026, 5, 2), "me too", r),
        Err(CaseError::NotAParty { person: p(21) })
    );
    case.add_note(ARBITER, day(2026, 5, 3), "check the logs", true);
    case.add_note(ARBITER, day(2026, 5, 3), "logs requested", false);
    let counts: Vec<usize> = [
        CaseRole::Arbiter,
        CaseRole::Committee,
        CaseRole::Party,
        CaseRole::Opponent,
    ]
    .into_iter()
    .map(|role| case.entries_visible_to(role).len())
    .collect();
    assert_eq!(counts, vec![4, 3, 3, 0]);
}

proptest::proptest! {
    /// R2.1.6 for any instant of receipt: the last second of calendar day
    /// 14 is allowed, the first second of day 15 refused.
    #[test]
    fn r2_1_6_day_14_allowed_day_15_refused_for_any_receipt(
        seconds in 1_577_836_800i64..1_893_456_000,
    ) {
        let received = DateTime::from_timestamp(seconds, 0).unwrap();
        let day_15 = (received.date_naive() + chrono::Days::new(15))
            .and_hms_opt(0, 0, 0)
            .unwrap()
            .and_utc();
        let last_second_of_day_14 = day_15 - chrono::TimeDelta::seconds(1);
        proptest::prop_assert_eq!(may_appeal(last_second_of_day_14, received, Tz::UTC), Ok(()));
        proptest::prop_assert_eq!(
            may_appeal(day_15, received, Tz::UTC),
            Err(AppealError::WindowClosed { closed_at: day_15 })
        );
    }
}
