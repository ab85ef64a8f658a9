//! Following (issue 41) through the real app, on SQLite and PostgreSQL:
//! `/follow` a game, an event, a player or one's team; private notices of
//! each move (with `moves`) and of the end, queued with the move or result;
//! the event's public delay for followers who may not see held moves;
//! `/following`, `/unfollow`; the refusals; and the bound on follows with
//! two processes at once.

use std::sync::Arc;

use corrbot::app::service::{App, AppConfig};
use corrbot::store::{Db, Follow, FollowTarget, NoticeRecipient, Platform, PlayerId};
use corrbot::time::Clock;
use serde_json::Value;

use crate::races::at_once;
use crate::support::db::{TestDb, on_both};
use crate::support::world::World;

on_both!(
    a_follower_gets_each_move_and_the_end_privately,
    a_follow_without_moves_gets_the_end_only,
    a_public_delay_holds_moves_back_from_followers_who_may_not_see_them,
    following_lists_and_unfollow_stops,
    an_event_and_a_player_are_followed_through_their_games,
    a_team_member_follows_the_team_s_games,
    bad_follows_are_refused_and_change_nothing,
    two_follows_at_once_stay_within_the_bound,
);

async fn player(db: &Db, user: &str) -> PlayerId {
    let mut tx = db.read().await.unwrap();
    let account = tx.account(Platform::Console, user).await.unwrap();
    account.expect("registered").player_id
}

/// The payloads of the follow notices of `kind` queued to `user`.
async fn notices(db: &Db, user: &str, kind: &str) -> Vec<Value> {
    let to = NoticeRecipient::Player(player(db, user).await);
    let mut tx = db.read().await.unwrap();
    let all = tx.notices_to(&to).await.unwrap();
    tx.commit().await.unwrap();
    all.into_iter()
        .filter(|notice| notice.kind == kind)
        .map(|notice| notice.payload)
        .collect()
}

/// The follow notices (moves and ends) queued to `user`, in order.
async fn follow_kinds(db: &Db, user: &str) -> Vec<String> {
    let to = NoticeRecipient::Player(player(db, user).await);
    let mut tx = db.read().await.unwrap();
    let all = tx.notices_to(&to).await.unwrap();
    all.into_iter()
        .filter(|notice| notice.kind.starts_with("follow_"))
        .map(|notice| format!("{} {}", notice.kind, notice.payload["mv"]["uci"]))
        .collect()
}

/// bob (White) and carol play game #1 of alice's event with `settings`;
/// dave and erin play in none of it.
async fn cup(test_db: &TestDb, settings: &str) -> World {
    let mut world = World::new(&test_db.db);
    world
        .english(&["alice", "bob", "carol", "dave", "erin"])
        .await;
    world.started_event(settings, &["bob", "carol"]).await;
    world
}

/// The text of the first reply, without the console's `-> @user: ` address.
fn first(replies: &[String]) -> &str {
    let line = replies.first().map_or("", String::as_str);
    line.strip_prefix("-> @")
        .and_then(|rest| rest.split_once(": "))
        .map_or(line, |(_, text)| text)
}

async fn a_follower_gets_each_move_and_the_end_privately(test_db: &TestDb) {
    // No public delay: a rated event holds its last three moves back from
    // followers by default (see the public-delay test below).
    let mut w = cup(test_db, "public-delay=0").await;
    let out = w.say("@dave: /follow 1 moves").await;
    assert!(
        first(&out).starts_with("You follow game #1 (bob — carol, Cup)"),
        "{out:?}"
    );
    assert!(first(&out).contains("every move"), "{out:?}");
    w.move_as("bob", 1, "e2-e4").await;
    let moves = notices(&w.db, "dave", "follow_move").await;
    assert_eq!(moves.len(), 1, "{moves:?}");
    assert_eq!(moves[0]["mv"]["uci"], "e2e4");
    assert_eq!(moves[0]["white"], "bob");
    assert_eq!(moves[0]["event"], "Cup");
    w.move_as("carol", 1, "e7-e5").await;
    w.say("@carol: /resign 1 confirm").await;
    let ends = notices(&w.db, "dave", "follow_end").await;
    assert_eq!(ends.len(), 1, "{ends:?}");
    assert_eq!(ends[0]["score"], "1-0");
    assert_eq!(
        follow_kinds(&w.db, "dave").await,
        [
            "follow_move \"e2e4\"",
            "follow_move \"e7e5\"",
            "follow_end null"
        ]
    );
    // The players get their own notices, never a follower's.
    for user in ["bob", "carol"] {
        assert!(follow_kinds(&w.db, user).await.is_empty(), "{user}");
    }
    w.finish().await;
}

async fn a_follow_without_moves_gets_the_end_only(test_db: &TestDb) {
    let mut w = cup(test_db, "").await;
    let out = w.say("@dave: /стежити 1").await;
    assert!(first(&out).contains("its result comes"), "{out:?}");
    w.move_as("bob", 1, "e2-e4").await;
    assert!(notices(&w.db, "dave", "follow_move").await.is_empty());
    w.say("@bob: /resign 1 confirm").await;
    let ends = notices(&w.db, "dave", "follow_end").await;
    assert_eq!(ends.len(), 1, "{ends:?}");
    assert_eq!(ends[0]["score"], "0-1");
    assert_eq!(ends[0]["reason"], "result-resignation");
    w.finish().await;
}

async fn a_public_delay_holds_moves_back_from_followers_who_may_not_see_them(t: &TestDb) {
    let mut w = cup(t, "public-delay=1").await;
    w.say("@dave: /follow 1 moves").await;
    // alice organizes and arbitrates the event: she sees every move at once.
    w.say("@alice: /follow 1 moves").await;
    w.move_as("bob", 1, "e2-e4").await;
    assert!(follow_kinds(&w.db, "dave").await.is_empty());
    assert_eq!(follow_kinds(&w.db, "alice").await, ["follow_move \"e2e4\""]);
    w.move_as("carol", 1, "e7-e5").await;
    assert_eq!(follow_kinds(&w.db, "dave").await, ["follow_move \"e2e4\""]);
    w.move_as("bob", 1, "Кg1-f3").await;
    assert_eq!(follow_kinds(&w.db, "dave").await.len(), 2);
    // The end: the held move first, then the result, never held.
    w.say("@carol: /resign 1 confirm").await;
    assert_eq!(
        follow_kinds(&w.db, "dave").await,
        [
            "follow_move \"e2e4\"",
            "follow_move \"e7e5\"",
            "follow_move \"g1f3\"",
            "follow_end null"
        ]
    );
    assert_eq!(
        follow_kinds(&w.db, "alice").await.len(),
        3,
        "no result twice"
    );
    w.finish().await;
}

async fn following_lists_and_unfollow_stops(test_db: &TestDb) {
    let mut w = cup(test_db, "").await;
    let out = w.say("@dave: /following").await;
    assert!(first(&out).starts_with("You follow nothing"), "{out:?}");
    w.say("@dave: /follow 1").await;
    let again = w.say("@dave: /follow 1").await;
    assert!(
        first(&again).starts_with("You already follow game #1"),
        "{again:?}"
    );
    w.say("@dave: /follow event 1 moves").await;
    let out = w.say("@dave: /following").await;
    let list = first(&out);
    assert!(
        list.starts_with("You follow 2 things (at most 100):"),
        "{list}"
    );
    assert!(
        list.contains("• game #1 (bob — carol, Cup) — results"),
        "{list}"
    );
    assert!(list.contains("• event #1 \"Cup\" — every move"), "{list}");
    let out = w.say("@dave: /unfollow event 1").await;
    assert!(
        first(&out).starts_with("You no longer follow event #1"),
        "{out:?}"
    );
    let out = w.say("@dave: /unfollow event 1").await;
    assert!(
        first(&out).starts_with("You do not follow event #1"),
        "{out:?}"
    );
    w.move_as("bob", 1, "e2-e4").await;
    assert!(notices(&w.db, "dave", "follow_move").await.is_empty());
    let out = w.say("@dave: /unfollow all").await;
    assert!(first(&out).contains("the one thing"), "{out:?}");
    w.say("@carol: /resign 1 confirm").await;
    assert!(follow_kinds(&w.db, "dave").await.is_empty());
    w.finish().await;
}

async fn an_event_and_a_player_are_followed_through_their_games(test_db: &TestDb) {
    let mut w = cup(test_db, "").await;
    w.say("@dave: /follow event 1").await;
    w.say("@erin: /follow @carol").await;
    // One notice each, though dave also follows the game itself.
    w.say("@dave: /follow 1").await;
    let out = w.say("@erin: /follow @carol moves").await;
    assert!(first(&out).contains("cannot read"), "{out:?}");
    w.move_as("bob", 1, "e2-e4").await;
    w.say("@carol: /draw offer 1").await;
    w.say("@bob: /draw accept 1").await;
    for user in ["dave", "erin"] {
        let ends = notices(&w.db, user, "follow_end").await;
        assert_eq!(ends.len(), 1, "{user}: {ends:?}");
        assert_eq!(ends[0]["score"], "½-½", "{user}");
        assert!(notices(&w.db, user, "follow_move").await.is_empty());
    }
    w.finish().await;
}

const TEAM_PLAYERS: [&str; 4] = ["a1", "a2", "b1", "b2"];

/// alice's team event of two two-board teams A (a1 captain, a2) and B (b1
/// captain, b2), started: a1 — b1 and a2 — b2 (colours by board).
async fn two_teams(w: &mut World) {
    w.english(&["alice", "dave"]).await;
    w.english(&TEAM_PLAYERS).await;
    w.say("@alice: /event create Match type=team boards=2")
        .await;
    for (team, letter) in [(1, "a"), (2, "b")] {
        w.say(&format!("@alice: /team create 1 {}", letter.to_uppercase()))
            .await;
        w.say(&format!("@alice: /team captain {team} @{letter}1"))
            .await;
        for board in 1..=2 {
            w.say(&format!("@alice: /team add {team} @{letter}{board}"))
                .await;
        }
    }
    let out = w.say("@alice: /event start 1").await;
    assert!(first(&out).contains("has started"), "{out:?}");
}

async fn a_team_member_follows_the_team_s_games(test_db: &TestDb) {
    let mut w = World::new(&test_db.db);
    two_teams(&mut w).await;
    let out = w.say("@a1: /follow team moves").await;
    assert!(
        first(&out).contains("every game of team #1 \"A\""),
        "{out:?}"
    );
    let out = w.say("@dave: /follow team 1").await;
    assert!(first(&out).contains("is not yours"), "{out:?}");
    let out = w.say("@dave: /follow team").await;
    assert!(first(&out).starts_with("You are in no team"), "{out:?}");
    // Board 2 (a2 — b2) is told to a1; a1's own board is not.
    let board_two = {
        let mut tx = w.db.read().await.unwrap();
        let games = tx
            .team_match_games(corrbot::store::EventId(1))
            .await
            .unwrap();
        games.iter().find(|game| game.board == 2).unwrap().game_id
    };
    let game = w.game(board_two.0).await;
    let white = {
        let mut tx = w.db.read().await.unwrap();
        tx.player(game.white).await.unwrap().display_name
    };
    w.move_as(&white, board_two.0, "e2-e4").await;
    let moves = notices(&w.db, "a1", "follow_move").await;
    assert_eq!(moves.len(), 1, "{moves:?}");
    assert_eq!(moves[0]["game"], board_two.0);
    assert!(notices(&w.db, "dave", "follow_move").await.is_empty());
    w.finish().await;
}

async fn bad_follows_are_refused_and_change_nothing(test_db: &TestDb) {
    let mut w = cup(test_db, "").await;
    let cases = [
        ("dave", "/follow 99", "There is no game #99"),
        ("dave", "/follow event 9", "There is no event #9"),
        ("bob", "/follow 1", "You play game #1"),
        ("dave", "/follow @dave", "Your own games come to you anyway"),
        (
            "dave",
            "/follow @nobody",
            "There is no player called nobody",
        ),
        ("dave", "/follow chess", "cannot read"),
    ];
    for (user, text, expected) in cases {
        let out = w.say(&format!("@{user}: {text}")).await;
        assert!(first(&out).contains(expected), "{text}: {out:?}");
    }
    for user in ["dave", "bob"] {
        let id = player(&w.db, user).await;
        let mut tx = w.db.read().await.unwrap();
        assert_eq!(tx.follow_count(id).await.unwrap(), 0, "{user}");
    }
    // The bound: 100 follows, the 101st refused.
    fill(&w.db, player(&w.db, "dave").await, 100).await;
    let out = w.say("@dave: /follow 1").await;
    assert!(
        first(&out).starts_with("You already follow 100 things"),
        "{out:?}"
    );
    let id = player(&w.db, "dave").await;
    let mut tx = w.db.read().await.unwrap();
    assert_eq!(tx.follow_count(id).await.unwrap(), 100);
    drop(tx);
    w.finish().await;
}

/// `count` follows of events that need not exist, for `who`.
async fn fill(db: &Db, who: PlayerId, count: i64) {
    let mut tx = db.begin().await.unwrap();
    for n in 0..count {
        let follow = Follow {
            target: FollowTarget::Event,
            target_id: 1000 + n,
            moves: false,
        };
        let at = chrono::Utc::now();
        tx.follow(who, follow, 1000, at).await.unwrap();
    }
    tx.commit().await.unwrap();
}

/// dave, at 99 follows, follows two players at once from two processes:
/// one is taken, the other refused, 100 in all, round after round.
async fn two_follows_at_once_stay_within_the_bound(test_db: &TestDb) {
    let mut w = cup(test_db, "").await;
    let other_db = test_db.connect_again().await;
    let clock: Arc<dyn Clock> = w.clock.clone();
    let other = App::new(
        other_db.clone(),
        clock,
        AppConfig::with_admins("console:alice"),
    );
    let dave = player(&w.db, "dave").await;
    fill(&w.db, dave, 99).await;
    for _ in 0..10 {
        let answers = at_once([
            (&w.app, "dave", "/follow @bob"),
            (&other, "dave", "/follow @carol"),
        ])
        .await;
        let taken = answers
            .iter()
            .filter(|replies| replies.first().is_some_and(|r| !r.is_error()))
            .count();
        assert_eq!(taken, 1, "{answers:?}");
        let mut tx = w.db.read().await.unwrap();
        assert_eq!(tx.follow_count(dave).await.unwrap(), 100);
        drop(tx);
        w.say("@dave: /unfollow @bob").await;
        w.say("@dave: /unfollow @carol").await;
    }
    other_db.close().await;
    w.finish().await;
}
