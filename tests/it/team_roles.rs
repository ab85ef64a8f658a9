//! Team membership and the captains' settlement, on SQLite and (with
//! TEST_DATABASE_URL) PostgreSQL: a player belongs to one team of an event
//! in any place (captain, deputy, board, reserve), before and after the
//! start (R3.1.3); a disqualified player takes no place in a team and
//! cannot play by any path (R2.1.5); the two captains settle a dispute
//! together (R3.1.4).

use corrbot::store::{CaseStatus, GameStatus};

use crate::desk_roles::{case_status, reply};
use crate::support::db::{TestDb, on_both};
use crate::support::world::World;

on_both!(
    r3_1_3_a_player_belongs_to_one_team_of_an_event,
    r2_1_5_a_disqualified_player_takes_no_place_and_cannot_play,
    r3_1_4_both_captains_settle_a_dispute_together,
    r3_1_4_the_arbiters_hear_of_a_dispute_once_it_is_forwarded,
);

/// Team event #`event` with teams Lions (captain `kate`, board `ann`) and
/// Tigers (captain `max`, board `bob`); `lead` is Lions' non-playing deputy.
async fn two_teams(w: &mut World, event: i64, first_team: i64) {
    w.english(&["alice", "kate", "max", "ann", "bob", "lead", "out"])
        .await;
    let (lions, tigers) = (first_team, first_team + 1);
    for line in [
        "@alice: /event create League type=team boards=1".to_owned(),
        format!("@alice: /team create {event} Lions"),
        format!("@alice: /team create {event} Tigers"),
        format!("@alice: /team captain {lions} @kate"),
        format!("@alice: /team deputy {lions} @lead"),
        format!("@alice: /team captain {tigers} @max"),
        format!("@alice: /team add {lions} @ann"),
        format!("@alice: /team add {tigers} @bob"),
    ] {
        let out = w.say(&line).await;
        assert!(!out[0].contains("already"), "{line}: {out:?}");
    }
}

async fn team_text(w: &mut World, team: i64) -> String {
    reply(w, "alice", &format!("/team show {team}")).await
}

/// Nobody holding a place in Lions gets one in Tigers: not the captain,
/// the deputy or a board player, as captain, deputy, board or reserve,
/// before the start or after; each refusal names the team.
async fn r3_1_3_a_player_belongs_to_one_team_of_an_event(t: &TestDb) {
    let mut w = World::new(&t.db);
    two_teams(&mut w, 1, 1).await;
    let before = team_text(&mut w, 2).await;
    for who in ["@kate", "@lead", "@ann"] {
        for (command, after) in [
            ("captain", ""),
            ("deputy", ""),
            ("add", ""),
            ("add", " reserve"),
        ] {
            let text = format!("/team {command} 2 {who}{after}");
            let refused = reply(&mut w, "alice", &text).await;
            assert!(refused.contains("\"Lions\""), "{text}: {refused}");
        }
    }
    assert_eq!(team_text(&mut w, 2).await, before);
    let out = w.say("@alice: /event start 1").await;
    assert!(out[0].contains("has started"), "{out:?}");
    for command in ["captain 2 @kate", "deputy 2 @ann"] {
        let refused = reply(&mut w, "alice", &format!("/team {command}")).await;
        assert!(refused.contains("\"Lions\""), "{command}: {refused}");
    }
    assert_eq!(team_text(&mut w, 2).await, before);
}

/// carol is disqualified in the Cup: she cannot move in another event's
/// game, nor be added to a team, named its captain or deputy.
async fn r2_1_5_a_disqualified_player_takes_no_place_and_cannot_play(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.event("Cup", &["bob", "carol"]).await;
    w.event("Open", &["carol", "dave"]).await;
    reply(&mut w, "bob", "/dispute 1 carol cheats.").await;
    let ruled = reply(&mut w, "alice", "/rule 1 disqualify @carol -- engine use").await;
    assert!(ruled.contains("Ruling recorded"), "{ruled}");
    for text in ["/move 2 e2-e4", "/move 2 e7-e5"] {
        let refused = reply(&mut w, "carol", text).await;
        assert!(refused.contains("disqualified"), "{text}: {refused}");
    }
    assert_eq!(w.game(2).await.ply, 0);
    // Nor by agreement: a disqualified player neither offers nor accepts a draw.
    let refused = reply(&mut w, "carol", "/draw offer 2").await;
    assert!(refused.contains("disqualified"), "{refused}");
    reply(&mut w, "dave", "/draw offer 2").await;
    let refused = reply(&mut w, "carol", "/draw accept 2").await;
    assert!(refused.contains("disqualified"), "{refused}");
    assert_eq!(w.game(2).await.status, GameStatus::Running);
    two_teams(&mut w, 3, 1).await;
    let before = team_text(&mut w, 1).await;
    for command in [
        "add 1 @carol",
        "add 1 @carol reserve",
        "captain 1 @carol",
        "deputy 1 @carol",
    ] {
        let refused = reply(&mut w, "alice", &format!("/team {command}")).await;
        assert!(refused.contains("disqualified"), "{command}: {refused}");
    }
    assert_eq!(team_text(&mut w, 1).await, before);
}

/// bob's dispute against ann goes to both captains: kate's settle alone
/// leaves it open (a second one from her side changes nothing); once max
/// agrees it is settled and closed.
async fn r3_1_4_both_captains_settle_a_dispute_together(t: &TestDb) {
    let mut w = World::new(&t.db);
    two_teams(&mut w, 1, 1).await;
    w.say("@alice: /event start 1").await;
    reply(&mut w, "bob", "/dispute 1 ann moved during her leave.").await;
    for user in ["kate", "lead"] {
        let agreed = reply(&mut w, user, "/case 1 settle fine with us").await;
        assert!(agreed.contains("other team's captain"), "{agreed}");
        assert_eq!(case_status(&w, 1).await, CaseStatus::Open);
    }
    let settled = reply(&mut w, "max", "/case 1 settle agreed").await;
    assert!(settled.contains("settled and closed"), "{settled}");
    assert_eq!(case_status(&w, 1).await, CaseStatus::Closed);
}

/// R3.1.4: while a team dispute is with the captains, the arbiters'
/// channel hears nothing of it (no statements, no settlement); once a
/// captain forwards one, the arbiters get it and what follows.
async fn r3_1_4_the_arbiters_hear_of_a_dispute_once_it_is_forwarded(t: &TestDb) {
    let mut w = World::new(&t.db);
    two_teams(&mut w, 1, 1).await;
    let set = w.say("@alice: /event set 1 arbiter-channel=arbiters").await;
    assert!(!set[0].contains("not"), "{set:?}");
    w.say("@alice: /event start 1").await;
    let to_arbiters = |out: &[String]| out.iter().filter(|l| l.starts_with("-> #arbiters")).count();
    let mut heard = 0;
    for line in [
        "@bob: /dispute 1 ann moved during her leave.",
        "@max: /case 1 say the log shows it",
        "@kate: /case 1 settle fine with us",
        "@max: /case 1 settle agreed",
        "@ann: /dispute 1 bob answers too slowly.",
        "@kate: /case 2 say we ask the arbiter",
    ] {
        heard += to_arbiters(&w.say(line).await);
    }
    assert_eq!(
        heard, 0,
        "the arbiters heard of a dispute still with the captains"
    );
    let forwarded = w.say("@kate: /case 2 forward").await;
    assert_eq!(to_arbiters(&forwarded), 1, "{forwarded:?}");
    let listed = w.say("@alice: /cases").await;
    assert!(listed[0].contains("#2"), "{listed:?}");
    let said = w.say("@max: /case 2 say it was on time").await;
    assert_eq!(to_arbiters(&said), 1, "{said:?}");
}
