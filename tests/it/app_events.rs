//! `/events`, `/event show`, `/event withdraw`, the organizer role,
//! arbiters and the arbiters' channel, and the double round robin.

use std::collections::BTreeMap;

use corrbot::store::{EventId, EventStatus, GameStatus, NoticeRecipient, Platform, PlayerId, Role};

use crate::support::db::{TestDb, on_both};
use crate::support::world::World;

on_both!(
    events_are_listed_by_state,
    an_event_shows_its_settings_and_people,
    players_withdraw_only_before_the_start,
    administrators_grant_the_organizer_role,
    arbiters_and_channel_are_set_at_creation,
    a_double_round_robin_swaps_colours_and_starts_at_once,
);

async fn id_of(w: &World, user: &str) -> PlayerId {
    let mut tx = w.db.read().await.unwrap();
    tx.account(Platform::Console, user)
        .await
        .unwrap()
        .unwrap()
        .player_id
}

async fn events_are_listed_by_state(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "bob", "carol"]).await;
    let out = w.say("@bob: /events").await;
    assert!(out[0].contains("no events yet"), "{out:?}");
    w.started_event("", &["bob", "carol"]).await;
    w.say("@alice: /event create Spring Open").await;
    w.say("@bob: /event join 2").await;
    let out = w.say("@bob: /events").await;
    let text = &out[0];
    let open = text.find("Open for entries:").expect(text);
    let running = text.find("Running:").expect(text);
    assert!(open < running, "{text}");
    assert!(text.contains("#2 \"Spring Open\", 1\u{a0}player"), "{text}");
    assert!(text.contains("#1 \"Cup\", 2\u{a0}players"), "{text}");
    assert!(!text.contains("Finished:"), "{text}");
    let out = w.say("@bob: /турніри").await;
    assert!(out[0].contains("#1"), "{out:?}");
}

async fn an_event_shows_its_settings_and_people(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "bob", "carol"]).await;
    w.say("@alice: /event create Winter rounds=2 control=30/10")
        .await;
    w.say("@bob: /event join 1").await;
    w.say("@carol: /event join #1").await;
    let out = w.say("@bob: /event show 1").await;
    let text = &out[0];
    for expected in [
        "Event #1 \"Winter\": open for entries.",
        "Rules: server, double round robin, 30/10 (days/moves).",
        "Organizer: alice. Arbiter: alice. Arbiters' channel: not set.",
        "Players (2): bob, carol.",
        "Games: 0 of 0 finished.",
    ] {
        assert!(text.contains(expected), "{expected}: {text}");
    }
    let out = w.say("@bob: /event show 7").await;
    assert!(out[0].contains("There is no event #7"), "{out:?}");
    let out = w.say("@bob: /event show").await;
    assert!(out[0].contains("needs"), "{out:?}");
}

async fn players_withdraw_only_before_the_start(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "bob", "carol", "dave"]).await;
    w.say("@alice: /event create Cup").await;
    for user in ["bob", "carol", "dave"] {
        w.say(&format!("@{user}: /event join 1")).await;
    }
    let out = w.say("@dave: /event withdraw 1").await;
    assert!(
        out[0].contains("You withdrew from event #1 \"Cup\""),
        "{out:?}"
    );
    let cases = [
        ("@dave: /event withdraw 1", "You are not entered"),
        ("@dave: /event withdraw 9", "There is no event #9"),
    ];
    for (line, expected) in cases {
        let out = w.say(line).await;
        assert!(out[0].contains(expected), "{line}: {out:?}");
    }
    // Withdrawing is not final before the start.
    let out = w.say("@dave: /event join 1").await;
    assert!(out[0].contains("You joined"), "{out:?}");
    w.say("@dave: /event withdraw 1").await;
    let out = w.say("@alice: /event start 1").await;
    assert!(out[0].contains("1\u{a0}game,"), "{out:?}");
    let out = w.say("@bob: /event withdraw 1").await;
    assert!(out[0].contains("has already started"), "{out:?}");
    let mut tx = w.db.read().await.unwrap();
    let entries = tx.entries(EventId(1)).await.unwrap();
    assert_eq!(entries.len(), 2);
    let games = tx.games_of_event(EventId(1)).await.unwrap();
    assert_eq!(games.len(), 1);
}

/// Administrators grant the installation-wide organizer role; organizers
/// create events and start their own, not others'.
async fn administrators_grant_the_organizer_role(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "bob", "carol", "dave"]).await;
    let out = w.say("@carol: /event create Mine").await;
    assert!(out[0].contains("role does not allow"), "{out:?}");
    let out = w.say("@bob: /organizer @carol").await;
    assert!(out[0].contains("role does not allow"), "{out:?}");
    let out = w.say("@alice: /organizer @nobody").await;
    assert!(out[0].contains("Nobody called \"nobody\""), "{out:?}");
    let out = w.say("@alice: /organizer @carol").await;
    assert!(out[0].contains("carol may now create events"), "{out:?}");
    let out = w.say("@carol: /event create Mine").await;
    assert!(
        out[0].contains("Event #1 \"Mine\" has been created"),
        "{out:?}"
    );
    w.say("@alice: /event create Theirs").await;
    for user in ["bob", "dave"] {
        w.say(&format!("@{user}: /event join 1")).await;
        w.say(&format!("@{user}: /event join 2")).await;
    }
    let cases = [
        ("@bob: /event start 1", "role does not allow"),
        ("@carol: /event start 2", "role does not allow"),
    ];
    for (line, expected) in cases {
        let out = w.say(line).await;
        assert!(out[0].contains(expected), "{line}: {out:?}");
    }
    let out = w.say("@carol: /event start 1").await;
    assert!(out[0].contains("has started"), "{out:?}");
    let carol = id_of(&w, "carol").await;
    let mut tx = w.db.read().await.unwrap();
    assert!(
        tx.holds_role(carol, Role::Organizer, Some(EventId(1)))
            .await
            .unwrap()
    );
    assert_eq!(
        tx.event(EventId(2)).await.unwrap().status,
        EventStatus::Registration
    );
    drop(tx);
    let out = w.say("@alice: /organizer remove carol").await;
    assert!(
        out[0].contains("carol may no longer create events"),
        "{out:?}"
    );
    let out = w.say("@alice: /organizer remove carol").await;
    assert!(
        out[0].contains("does not hold the organizer role"),
        "{out:?}"
    );
    let out = w.say("@carol: /event create Another").await;
    assert!(out[0].contains("role does not allow"), "{out:?}");
}

async fn arbiters_and_channel_are_set_at_creation(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "bob", "carol"]).await;
    let refused = [
        (
            "@alice: /event create X arbiter=@nobody",
            "Nobody called \"nobody\"",
        ),
        (
            "@alice: /event create X arbiter-channel=mars:1",
            "arbiter-channel=mars:1",
        ),
        (
            "@alice: /event create X rounds=3",
            "rounds=3 is not possible",
        ),
    ];
    for (line, expected) in refused {
        let out = w.say(line).await;
        assert!(out[0].contains(expected), "{line}: {out:?}");
    }
    let out = w.say("@bob: /events").await;
    assert!(out[0].contains("no events yet"), "{out:?}");
    let line = "@alice: /event create Open arbiter=@bob,@carol arbiter-channel=telegram:-100";
    let out = w.say(line).await;
    assert!(
        out[0].contains("You are its organizer; arbiter: bob, carol"),
        "{out:?}"
    );
    let out = w.say("@alice: /event show 1").await;
    assert!(
        out[0].contains("Organizer: alice. Arbiter: bob, carol."),
        "{out:?}"
    );
    assert!(out[0].contains("channel: telegram:-100"), "{out:?}");
    let (alice, bob) = (id_of(&w, "alice").await, id_of(&w, "bob").await);
    let mut tx = w.db.read().await.unwrap();
    let arbiters = tx
        .holders_of(Role::Arbiter, Some(EventId(1)))
        .await
        .unwrap();
    assert!(arbiters.contains(&bob) && !arbiters.contains(&alice));
    let settings = tx.event_settings(EventId(1)).await.unwrap();
    assert_eq!(
        settings.arbiter_channel,
        Some(NoticeRecipient::Chat {
            platform: Platform::Telegram,
            chat_id: "-100".into()
        })
    );
    drop(tx);
    // A bare id is on the creator's platform.
    w.say("@alice: /event create Two arbiter-channel=room7")
        .await;
    let out = w.say("@alice: /event show 2").await;
    assert!(out[0].contains("channel: console:room7"), "{out:?}");
}

/// `rounds=2`: the Berger tables twice, colours swapped in the second
/// cycle; every game starts at once (R1.1).
async fn a_double_round_robin_swaps_colours_and_starts_at_once(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "bob", "carol", "dave"]).await;
    w.say("@alice: /event create Double rounds=2").await;
    for user in ["bob", "carol", "dave"] {
        w.say(&format!("@{user}: /event join 1")).await;
    }
    let out = w.say("@alice: /event start 1").await;
    assert!(out[0].contains("has started: 6\u{a0}games"), "{out:?}");
    let mut tx = w.db.read().await.unwrap();
    let games = tx.games_of_event(EventId(1)).await.unwrap();
    assert_eq!(games.len(), 6);
    let mut colours: BTreeMap<(PlayerId, PlayerId), u32> = BTreeMap::new();
    for game in &games {
        assert_eq!(game.status, GameStatus::Running);
        assert_eq!(game.started_at, games[0].started_at);
        *colours.entry((game.white, game.black)).or_default() += 1;
    }
    // Each ordered pair once: every two players meet twice, once with each colour.
    assert_eq!(colours.len(), 6);
    assert!(colours.values().all(|&n| n == 1));
    let rounds: Vec<i64> = games.iter().map(|g| g.round).collect();
    assert_eq!(rounds.iter().max(), Some(&6));
}
