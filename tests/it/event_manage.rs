//! Managing an event (#21): rename, `/event set` before and after the start,
//! closing entries, removing an entrant (told), cancelling (every entrant
//! told, nothing more possible), `/event games`, `/players`, and the
//! event-wide answers for an organizer or arbiter who does not play.

use corrbot::store::{EventId, EventStatus, Platform, PlayerId, Role};

use crate::support::db::{TestDb, on_both};
use crate::support::world::World;

on_both!(
    an_organizer_renames_and_changes_settings_before_the_start,
    after_the_start_only_arbiters_committee_and_channels_change,
    closed_entries_refuse_joins_and_the_event_still_starts,
    a_removed_entrant_is_told_and_plays_no_game,
    a_removed_entrant_stays_out_until_the_organizer_readmits_them,
    a_cancelled_event_tells_its_entrants_and_refuses_everything,
    players_and_entrants_are_listed_for_organizers_and_arbiters,
    event_games_show_results_and_whose_move_to_anyone,
    a_non_playing_arbiter_gets_the_event_they_run,
    hostile_users_cannot_manage_others_events,
);

async fn id_of(w: &World, user: &str) -> PlayerId {
    let mut tx = w.db.read().await.unwrap();
    let account = tx.account(Platform::Console, user).await.unwrap();
    account.unwrap().player_id
}

/// alice (administrator) grants carol the organizer role; carol creates
/// event #1 and bob, dave and erin join it.
async fn carols_event(w: &mut World) {
    w.english(&["alice", "bob", "carol", "dave", "erin"]).await;
    w.say("@alice: /organizer @carol").await;
    let out = w.say("@carol: /event create Spring Cup").await;
    assert!(out[0].contains("has been created"), "{out:?}");
    for user in ["bob", "dave", "erin"] {
        w.say(&format!("@{user}: /event join 1")).await;
    }
}

async fn an_organizer_renames_and_changes_settings_before_the_start(t: &TestDb) {
    let mut w = World::new(&t.db);
    carols_event(&mut w).await;
    let out = w.say("@carol: /event rename 1 Autumn Open").await;
    assert!(
        out[0].contains("Event #1 is now called \"Autumn Open\""),
        "{out:?}"
    );
    let line =
        "@carol: /event set 1 control=30/10 rounds=2 leave=20 notations=ukr,san rules=postal";
    let out = w.say(line).await;
    assert!(
        out[0].contains("settings changed:\n• time control: 30/10\n• rounds: 2\n• leave: 20\u{a0}days\n• notations: Ukrainian long (e2-e4, Кg1-f3); SAN (e4, Nf3)\n• rules: postal\n"),
        "{out:?}"
    );
    let mut tx = w.db.read().await.unwrap();
    let event = tx.event(EventId(1)).await.unwrap();
    assert_eq!(event.name, "Autumn Open");
    assert_eq!(event.regulation.control.days, 30);
    assert_eq!(event.regulation.leave_days_per_year, 20);
    assert_eq!(event.rule_set.as_str(), "postal");
    assert_eq!(tx.event_settings(EventId(1)).await.unwrap().cycles, 2);
    drop(tx);
    let refused = [
        (
            "@carol: /event set 1 control=abc",
            "control=abc is not possible",
        ),
        (
            "@carol: /event set 1 leave=900",
            "leave=900 is not possible",
        ),
        (
            "@carol: /event set 1 colour=red",
            "colour=red is not possible",
        ),
        ("@carol: /event set 1 type=team", "cannot change"),
        ("@carol: /event set 1 boards=4", "not a team event"),
        (
            "@carol: /event set 1 match-points=3/1/0",
            "match-points=3/1/0 is not possible",
        ),
        ("@carol: /event set 1", "needs"),
        ("@carol: /event rename 1", "needs"),
        ("@carol: /event set 9 rounds=1", "There is no event #9"),
    ];
    for (line, expected) in refused {
        let out = w.say(line).await;
        assert!(out[0].contains(expected), "{line}: {out:?}");
    }
    // Nothing changed by the refusals.
    let mut tx = w.db.read().await.unwrap();
    let event = tx.event(EventId(1)).await.unwrap();
    assert_eq!(event.regulation.control.days, 30);
    assert_eq!(event.regulation.leave_days_per_year, 20);
    assert!(!event.is_team);
    assert_eq!(event.regulation.match_points, None);
    drop(tx);
    let long = "x".repeat(101);
    let out = w.say(&format!("@carol: /event rename 1 {long}")).await;
    assert!(out[0].contains("at most 100"), "{out:?}");
}

async fn after_the_start_only_arbiters_committee_and_channels_change(t: &TestDb) {
    let mut w = World::new(&t.db);
    carols_event(&mut w).await;
    let out = w.say("@carol: /event start 1").await;
    assert!(out[0].contains("has started"), "{out:?}");
    for setting in [
        "control=10/5",
        "rounds=2",
        "leave=10",
        "zone=UTC",
        "notations=san",
    ] {
        let out = w.say(&format!("@carol: /event set 1 {setting}")).await;
        let key = setting.split('=').next().unwrap();
        assert!(
            out[0].contains(&format!("has already started: {key}= would change")),
            "{setting}: {out:?}"
        );
    }
    let out = w
        .say("@carol: /event set 1 arbiter=@alice committee=@erin arbiter-channel=telegram:-5")
        .await;
    assert!(
        out[0].contains("settings changed:\n• arbiter: @alice\n• appeals committee: @erin\n"),
        "{out:?}"
    );
    let (alice, carol) = (id_of(&w, "alice").await, id_of(&w, "carol").await);
    let mut tx = w.db.read().await.unwrap();
    let arbiters = tx
        .holders_of(Role::Arbiter, Some(EventId(1)))
        .await
        .unwrap();
    assert!(arbiters.contains(&alice), "{arbiters:?}");
    assert!(!arbiters.contains(&carol), "the new arbiter replaces carol");
    let committee = tx
        .holders_of(Role::AppealsCommittee, Some(EventId(1)))
        .await
        .unwrap();
    assert_eq!(committee.len(), 1);
    drop(tx);
    let out = w.say("@carol: /event show 1").await;
    assert!(out[0].contains("Arbiter: alice."), "{out:?}");
    assert!(out[0].contains("channel: telegram:-5"), "{out:?}");
    // The sporting conditions stay; removing and cancelling are over.
    let mut tx = w.db.read().await.unwrap();
    assert_eq!(
        tx.event(EventId(1)).await.unwrap().regulation.control.days,
        50
    );
    drop(tx);
    for line in ["@carol: /event remove 1 @bob", "@carol: /event cancel 1"] {
        let out = w.say(line).await;
        assert!(out[0].contains("only before the start"), "{line}: {out:?}");
    }
}

async fn closed_entries_refuse_joins_and_the_event_still_starts(t: &TestDb) {
    let mut w = World::new(&t.db);
    carols_event(&mut w).await;
    w.say("@alice: /lang en").await;
    let out = w.say("@carol: /event close 1").await;
    assert!(
        out[0].contains("Entries to event #1 \"Spring Cup\" are closed; entered: 3"),
        "{out:?}"
    );
    let out = w.say("@alice: /event join 1").await;
    assert!(out[0].contains("is not open for entries"), "{out:?}");
    let out = w.say("@carol: /event close 1").await;
    assert!(out[0].contains("is not open for entries"), "{out:?}");
    let out = w.say("@bob: /events").await;
    assert!(out[0].contains("Entries closed, to start:"), "{out:?}");
    let out = w.say("@bob: /event show 1").await;
    assert!(
        out[0].contains("\"Spring Cup\": entries closed."),
        "{out:?}"
    );
    // Withdrawing is still possible before the start.
    let out = w.say("@erin: /event withdraw 1").await;
    assert!(out[0].contains("You withdrew"), "{out:?}");
    let out = w.say("@carol: /event start 1").await;
    assert!(out[0].contains("has started: 1\u{a0}game"), "{out:?}");
}

async fn a_removed_entrant_is_told_and_plays_no_game(t: &TestDb) {
    let mut w = World::new(&t.db);
    carols_event(&mut w).await;
    let out = w.say("@carol: /event remove 1 @erin").await;
    assert!(
        out[0].contains("Removed from event #1 \"Spring Cup\": erin."),
        "{out:?}"
    );
    assert!(
        out.iter()
            .any(|line| line.contains("You have been removed from event #1")),
        "erin is told: {out:?}"
    );
    let refused = [
        ("@carol: /event remove 1 @erin", "Not entered in event #1"),
        ("@carol: /event remove 1 @nobody", "no player called nobody"),
        ("@carol: /event remove 1", "needs"),
    ];
    for (line, expected) in refused {
        let out = w.say(line).await;
        assert!(out[0].contains(expected), "{line}: {out:?}");
    }
    let out = w.say("@carol: /event start 1").await;
    assert!(out[0].contains("has started: 1\u{a0}game"), "{out:?}");
    let mut tx = w.db.read().await.unwrap();
    assert_eq!(tx.entries(EventId(1)).await.unwrap().len(), 2);
}

/// Removal is sticky (trust-2): neither `/event join` nor the event's
/// invitation enters a removed player, and the refusal names who removed
/// them (in the player's language); `/event readmit` lets them enter again
/// without entering them. Lists, pairings and standings leave them out.
async fn a_removed_entrant_stays_out_until_the_organizer_readmits_them(t: &TestDb) {
    let mut w = World::new(&t.db);
    carols_event(&mut w).await;
    let out = w.say("@fedir: /event join 1").await;
    assert!(out[0].contains("Ви записалися на турнір #1"), "{out:?}");
    let out = w.say("@carol: /event invite 1").await;
    let at = out[0].find("join-").expect("an invitation") + "join-".len();
    let token: String = out[0][at..]
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect();
    for user in ["erin", "fedir"] {
        let out = w.say(&format!("@carol: /event remove 1 @{user}")).await;
        assert!(out[0].contains("Removed from event #1"), "{out:?}");
    }
    let refusals = [
        (
            "erin",
            "/event join 1".to_owned(),
            "carol removed you from event #1 \"Spring Cup\"",
        ),
        (
            "erin",
            format!("/start join-{token}"),
            "ask carol to readmit you",
        ),
        (
            "fedir",
            "/event join 1".to_owned(),
            "Вас вилучено з турніру #1 «Spring Cup» (вилучення: carol)",
        ),
        (
            "fedir",
            format!("/start join-{token}"),
            "попросіть повернути вам право на запис: carol",
        ),
    ];
    for (user, text, expected) in &refusals {
        let replies = w.ask(user, text).await;
        assert!(replies[0].is_error(), "{user}: {text}: {replies:?}");
        assert!(
            replies[0].text.contains(expected),
            "{user}: {text}: {replies:?}"
        );
    }
    assert_eq!(entrants(&w).await, 2, "nobody re-entered");
    let out = w.say("@bob: /event readmit 1 @erin").await;
    assert!(
        out[0].contains("does not allow"),
        "only the organizer: {out:?}"
    );
    let out = w.say("@carol: /event readmit 1 @bob").await;
    assert!(out[0].contains("Not removed from event #1"), "{out:?}");
    let out = w.say("@carol: /турнір повернути 1 @erin").await;
    assert!(
        out[0].contains("erin may enter event #1 \"Spring Cup\" again"),
        "{out:?}"
    );
    assert!(
        out.iter()
            .any(|line| line.contains("-> @erin: You may enter event #1")),
        "erin is told: {out:?}"
    );
    assert_eq!(entrants(&w).await, 2, "readmitting enters nobody");
    let out = w.say("@erin: /event join 1").await;
    assert!(out[0].contains("You joined event #1"), "{out:?}");
    assert_eq!(entrants(&w).await, 3);
    let out = w.say("@fedir: /event join 1").await;
    assert!(out[0].contains("Вас вилучено"), "still out: {out:?}");
    let listed = w.say("@carol: /players 1").await.join("\n");
    assert!(
        listed.contains("erin") && !listed.contains("fedir"),
        "{listed}"
    );
    let out = w.say("@carol: /event start 1").await;
    assert!(out[0].contains("has started: 3\u{a0}games"), "{out:?}");
    let fedir = id_of(&w, "fedir").await;
    let mut tx = w.db.read().await.unwrap();
    let games = tx.games_of_event(EventId(1)).await.unwrap();
    assert!(games.iter().all(|g| g.white != fedir && g.black != fedir));
    drop(tx);
    let table = w.say("@carol: /standings 1").await.join("\n");
    assert!(
        table.contains("erin") && !table.contains("fedir"),
        "{table}"
    );
}

/// How many players are entered in event #1.
async fn entrants(w: &World) -> usize {
    let mut tx = w.db.read().await.unwrap();
    tx.entries(EventId(1)).await.unwrap().len()
}

async fn a_cancelled_event_tells_its_entrants_and_refuses_everything(t: &TestDb) {
    let mut w = World::new(&t.db);
    carols_event(&mut w).await;
    let out = w.say("@carol: /event cancel 1").await;
    assert!(
        out[0]
            .contains("Event #1 \"Spring Cup\" has been cancelled; the entrants have been told: 3"),
        "{out:?}"
    );
    let told = out
        .iter()
        .filter(|line| line.contains("which you entered, has been cancelled"))
        .count();
    assert_eq!(told, 3, "{out:?}");
    let mut tx = w.db.read().await.unwrap();
    assert_eq!(
        tx.event(EventId(1)).await.unwrap().status,
        EventStatus::Cancelled
    );
    drop(tx);
    for line in [
        "@alice: /event join 1",
        "@bob: /event withdraw 1",
        "@carol: /event start 1",
        "@carol: /event set 1 rounds=2",
        "@carol: /event rename 1 Again",
        "@carol: /event close 1",
        "@carol: /event remove 1 @bob",
        "@carol: /event cancel 1",
    ] {
        let out = w.say(line).await;
        assert!(out[0].contains("is cancelled: nothing"), "{line}: {out:?}");
    }
    let out = w.say("@bob: /events").await;
    assert!(out[0].contains("Cancelled:\n#1 \"Spring Cup\""), "{out:?}");
    let out = w.say("@bob: /event show 1").await;
    assert!(out[0].contains("\"Spring Cup\": cancelled."), "{out:?}");
    let mut tx = w.db.read().await.unwrap();
    assert!(tx.games_of_event(EventId(1)).await.unwrap().is_empty());
}

async fn players_and_entrants_are_listed_for_organizers_and_arbiters(t: &TestDb) {
    let mut w = World::new(&t.db);
    carols_event(&mut w).await;
    let out = w.say("@carol: /players").await;
    let text = &out[0];
    assert!(
        text.contains("The club's registered players (5):"),
        "{text}"
    );
    assert!(text.contains("bob\u{a0}— console"), "{text}");
    assert!(text.contains("/start"), "the way forward: {text}");
    let out = w.say("@carol: /players 1").await;
    assert!(
        out[0].contains("Entered in event #1 \"Spring Cup\" (3):"),
        "{out:?}"
    );
    assert!(!out[0].contains("alice —"), "{out:?}");
    let out = w.say("@bob: /players").await;
    assert!(out[0].contains("role does not allow"), "{out:?}");
    w.say_on(Platform::Telegram, "77", "/start").await;
    let out = w.say("@alice: /players").await;
    assert!(out[0].contains("(6)"), "{out:?}");
    assert!(out[0].contains("Telegram: @77"), "{out:?}");
    // An unknown name says how to register.
    let out = w.say("@carol: /event remove 1 @zoe").await;
    assert!(out[0].contains("sending it /start"), "{out:?}");
    let out = w.say("@carol: /гравці").await;
    assert!(out[0].contains("(6)"), "{out:?}");
}

async fn event_games_show_results_and_whose_move_to_anyone(t: &TestDb) {
    let mut w = World::new(&t.db);
    carols_event(&mut w).await;
    let out = w.say("@bob: /event games 1").await;
    assert!(out[0].contains("No games yet"), "{out:?}");
    w.say("@carol: /event start 1").await;
    let out = w.say("@alice: /event games 1").await;
    let text = &out[0];
    assert!(text.contains("0 of 3 finished"), "{text}");
    let games = {
        let mut tx = w.db.read().await.unwrap();
        tx.games_of_event(EventId(1)).await.unwrap()
    };
    let bob = id_of(&w, "bob").await;
    let first = games.iter().find(|g| g.white == bob).unwrap().id.0;
    assert!(
        text.contains(&format!(
            "#{first} bob\u{a0}— dave: bob to move, for 0\u{a0}days"
        )),
        "{text}"
    );
    w.clock.advance(chrono::Duration::days(3));
    w.move_as("bob", first, "e2-e4").await;
    w.clock.advance(chrono::Duration::days(2));
    let out = w.say("@erin: /event games 1").await;
    assert!(
        out[0].contains(&format!(
            "#{first} bob\u{a0}— dave: dave to move, for 2\u{a0}days"
        )),
        "{out:?}"
    );
    w.say(&format!("@dave: /resign {first} confirm")).await;
    let out = w.say("@erin: /event games").await;
    assert!(
        out[0].contains(&format!("#{first} bob\u{a0}— dave: 1-0")),
        "{out:?}"
    );
    assert!(out[0].contains("1 of 3 finished"), "{out:?}");
    let out = w.say("@bob: /event games 5").await;
    assert!(out[0].contains("There is no event #5"), "{out:?}");
}

/// #21: the standings and the games of an arbiter who does not play are
/// those of the event they run.
async fn a_non_playing_arbiter_gets_the_event_they_run(t: &TestDb) {
    let mut w = World::new(&t.db);
    carols_event(&mut w).await;
    w.say("@carol: /event start 1").await;
    let out = w.say("@carol: /standings").await;
    assert!(out[0].contains("Spring Cup"), "{out:?}");
    assert!(!out[0].contains("no running games"), "{out:?}");
    let out = w.say("@carol: /event games").await;
    assert!(out[0].contains("Games of event #1"), "{out:?}");
    // Someone who neither plays nor runs an event is still told so.
    let out = w.say("@alice: /standings").await;
    assert!(out[0].contains("no running games"), "{out:?}");
    // `/cases`: the arbiter who does not play gets the event's open cases,
    // not only their own (none); a player of the event only their own.
    let out = w.say("@carol: /cases").await;
    assert!(out[0].ends_with("No cases for you."), "{out:?}");
    w.say("@bob: /ask #1 May I claim a draw by repetition?")
        .await;
    let out = w.say("@carol: /cases").await;
    assert!(out[0].contains("Cases:"), "{out:?}");
    assert!(
        out[0].contains("#1 ") && out[0].contains("Spring Cup"),
        "{out:?}"
    );
    let out = w.say("@erin: /cases").await;
    assert!(out[0].ends_with("No cases for you."), "{out:?}");
}

async fn hostile_users_cannot_manage_others_events(t: &TestDb) {
    let mut w = World::new(&t.db);
    carols_event(&mut w).await;
    w.say("@alice: /organizer @dave").await;
    for user in ["bob", "dave"] {
        for command in [
            "/event rename 1 Mine",
            "/event set 1 rounds=2",
            "/event close 1",
            "/event remove 1 @erin",
            "/event cancel 1",
        ] {
            let out = w.say(&format!("@{user}: {command}")).await;
            assert!(
                out[0].contains("role does not allow"),
                "{user} {command}: {out:?}"
            );
        }
    }
    let mut tx = w.db.read().await.unwrap();
    let event = tx.event(EventId(1)).await.unwrap();
    assert_eq!(event.name, "Spring Cup");
    assert_eq!(event.status, EventStatus::Registration);
    assert_eq!(tx.entries(EventId(1)).await.unwrap().len(), 3);
    drop(tx);
    // An administrator may.
    let out = w.say("@alice: /event rename 1 Club Cup").await;
    assert!(out[0].contains("now called \"Club Cup\""), "{out:?}");
}
