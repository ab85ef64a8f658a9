//! Roles at the arbiter's desk, on SQLite and (with TEST_DATABASE_URL)
//! PostgreSQL: a sanction names only a party of the case or a player of its
//! game, who is told and may appeal (R2.1.5, R2.1.6); a party never rules
//! its own case nor decides its appeal (conflict of interest); with no
//! committee the administrators decide appeals.

use corrbot::store::{CaseId, CaseStatus, SanctionKind};

use crate::support::db::{TestDb, on_both};
use crate::support::world::World;

on_both!(
    r2_1_5_a_sanction_names_only_a_party_or_a_player_of_the_game,
    r2_1_6_a_sanctioned_player_of_the_game_is_told_and_may_appeal,
    an_arbiter_who_plays_does_not_rule_his_own_case,
    r2_1_6_with_no_committee_the_administrators_decide,
);

/// The text of the first reply to `user`'s `text`.
pub(crate) async fn reply(w: &mut World, user: &str, text: &str) -> String {
    let replies = w.ask(user, text).await;
    replies.first().map(|r| r.text.clone()).unwrap_or_default()
}

/// The stored status of case `case`.
pub(crate) async fn case_status(w: &World, case: i64) -> CaseStatus {
    let mut tx = w.db.read().await.unwrap();
    tx.case(CaseId(case)).await.unwrap().status
}

async fn sanctioned(w: &World, user: &str) -> bool {
    let who = w.player_id(user).await;
    let mut tx = w.db.read().await.unwrap();
    for kind in [
        SanctionKind::Warning,
        SanctionKind::Exclusion,
        SanctionKind::Disqualification,
    ] {
        if tx.has_sanction(who, kind).await.unwrap() {
            return true;
        }
    }
    false
}

/// The lines of `out` delivered to `user`.
fn to<'a>(out: &'a [String], user: &str) -> Vec<&'a String> {
    let prefix = format!("-> @{user}:");
    out.iter().filter(|l| l.starts_with(&prefix)).collect()
}

/// bob's question concerns bob alone: the arbiter cannot warn, exclude or
/// disqualify an outsider, the administrator or the organizer through it;
/// each is refused, naming who may be sanctioned, and nothing changes.
async fn r2_1_5_a_sanction_names_only_a_party_or_a_player_of_the_game(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.say("@dave: /lang en").await;
    w.event("Cup", &["bob", "carol"]).await;
    reply(&mut w, "bob", "/ask #1 May I use a database?").await;
    for target in ["@dave", "@alice", "@carol"] {
        for measure in ["warn", "exclude", "disqualify"] {
            let text = format!("/rule 1 {measure} {target} -- rude");
            let refused = reply(&mut w, "alice", &text).await;
            assert!(refused.contains("neither a party of case #1"), "{refused}");
            assert!(refused.contains("only bob"), "{refused}");
        }
    }
    assert_eq!(case_status(&w, 1).await, CaseStatus::Open);
    for user in ["dave", "alice", "carol"] {
        assert!(!sanctioned(&w, user).await, "{user}");
    }
    let ruled = reply(&mut w, "alice", "/rule 1 warn @bob -- asked twice").await;
    assert!(ruled.contains("Ruling recorded"), "{ruled}");
    assert!(sanctioned(&w, "bob").await);
}

/// bob reports a failure in game #1 (carol is the partner, not a party);
/// the arbiter warns carol: carol is told with the reasons and the appeal
/// deadline, and her appeal is taken.
async fn r2_1_6_a_sanctioned_player_of_the_game_is_told_and_may_appeal(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.event("Cup", &["bob", "carol"]).await;
    reply(&mut w, "bob", "/failure 1 The board froze.").await;
    let out = w
        .say("@alice: /rule 1 warn @carol -- tampered with the board")
        .await;
    let told = to(&out, "carol");
    assert!(
        told.iter().any(|l| l.contains("tampered with the board")),
        "{out:?}"
    );
    assert!(out.iter().any(|l| l.contains("/appeal 1")), "{out:?}");
    let appealed = reply(&mut w, "carol", "/appeal 1 I did not.").await;
    assert!(appealed.contains("Appeal in case #1"), "{appealed}");
    assert_eq!(case_status(&w, 1).await, CaseStatus::Appealed);
}

/// arb is an arbiter of the event and plays in it: his own case is refused
/// to him naming the other arbiter, who rules it; with no other arbiter
/// the administrator decides it.
async fn an_arbiter_who_plays_does_not_rule_his_own_case(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "arb", "ref", "bob", "solo", "carol"])
        .await;
    w.say("@alice: /event create Cup arbiter=@arb,@ref").await;
    w.say("@alice: /event create Open arbiter=@solo").await;
    for (user, event) in [("arb", 1), ("bob", 1), ("solo", 2), ("carol", 2)] {
        w.say(&format!("@{user}: /event join {event}")).await;
    }
    w.say("@alice: /event start 1").await;
    w.say("@alice: /event start 2").await;
    reply(&mut w, "bob", "/dispute 1 arb insults me.").await;
    for text in ["/rule 1 none -- no", "/case 1 take", "/case 1 note Mine."] {
        let refused = reply(&mut w, "arb", text).await;
        assert!(refused.contains("cannot decide it"), "{refused}");
        assert!(refused.contains("decided by: ref"), "{refused}");
    }
    let ruled = reply(&mut w, "ref", "/rule 1 warn @arb -- insults").await;
    assert!(ruled.contains("Ruling recorded"), "{ruled}");
    let out = w.say("@carol: /dispute 2 solo insults me.").await;
    assert!(
        out.iter()
            .any(|l| l.starts_with("-> @alice:") && l.contains("#2")),
        "the administrator who decides instead is told: {out:?}"
    );
    let refused = reply(&mut w, "solo", "/rule 2 none -- no").await;
    assert!(refused.contains("decided by: alice"), "{refused}");
    let ruled = reply(&mut w, "alice", "/rule 2 none -- no insult").await;
    assert!(ruled.contains("Ruling recorded"), "{ruled}");
    assert_eq!(case_status(&w, 2).await, CaseStatus::Ruled);
}

/// An event without a committee: `/event show` says the administrators
/// decide appeals; an appeal tells the parties so, and the administrator
/// (who did not rule) decides it; the arbiter who ruled cannot.
async fn r2_1_6_with_no_committee_the_administrators_decide(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "arb", "bob", "carol"]).await;
    w.say("@alice: /event create Cup arbiter=@arb").await;
    for user in ["bob", "carol"] {
        w.say(&format!("@{user}: /event join 1")).await;
    }
    w.say("@alice: /event start 1").await;
    let show = reply(&mut w, "bob", "/event show 1").await;
    assert!(show.contains("the administrators decide appeals"), "{show}");
    reply(&mut w, "bob", "/dispute 1 carol insults me.").await;
    reply(&mut w, "arb", "/rule 1 warn @carol -- insults").await;
    let out = w.say("@carol: /appeal 1 I did not.").await;
    let line = "the administrators decide the appeal: alice";
    assert!(
        to(&out, "carol").iter().any(|l| l.contains(line)),
        "{out:?}"
    );
    assert!(to(&out, "bob").iter().any(|l| l.contains(line)), "{out:?}");
    let refused = reply(&mut w, "arb", "/decide 1 uphold -- fine").await;
    assert!(refused.contains("not yours"), "{refused}");
    let decided = reply(&mut w, "alice", "/decide 1 uphold -- fine").await;
    assert!(decided.contains("Decision in case #1"), "{decided}");
    assert_eq!(case_status(&w, 1).await, CaseStatus::Closed);
}
