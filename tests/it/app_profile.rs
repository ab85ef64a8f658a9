//! `/profile`, `/orientation`, `/mute`, `/unmute`, `/contact` and
//! `/contacts` through the console, on SQLite and PostgreSQL.

use corrbot::app::deliver::image::render_image;
use corrbot::app::i18n::Lang;
use corrbot::app::outgoing::ImageRef;
use corrbot::core::regulation::RuleSet;
use corrbot::render::RenderCache;
use corrbot::store::{EventId, GameId, NewEvent, NoticeRecipient, Orientation, PlayerId, Tx};

use crate::support::db::{TestDb, on_both};
use crate::support::world::{World, has_line};

on_both!(
    the_profile_shows_every_setting,
    orientation_is_stored_and_turns_the_board,
    muted_players_get_no_move_notices_but_reminders,
    a_contact_change_is_announced_to_arbiter_and_partner,
    bad_contacts_are_refused_and_change_nothing,
    contacts_are_shown_to_partners_arbiters_and_administrators,
    in_team_events_only_arbiter_and_captain_see_contacts,
);

async fn player(tx: &mut Tx, name: &str) -> PlayerId {
    tx.players_named(name).await.unwrap()[0]
}

async fn the_profile_shows_every_setting(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["bob"]).await;
    let out = w.say("@bob: /profile").await;
    let text = &out[0];
    for expected in [
        "Name: bob",
        "Language: English",
        "Notation: Ukrainian long (e2-e4, Кg1-f3)",
        "Boards: your own side",
        "Move notices: on",
        "Address: not set",
        "E-mail: not set",
        "Accounts: console bob",
    ] {
        assert!(text.contains(expected), "{expected}: {text}");
    }
    w.say("@bob: /contact email bob@example.org").await;
    w.say("@bob: /mute").await;
    let out = w.say("@bob: /profile").await;
    assert!(out[0].contains("E-mail: bob@example.org"), "{out:?}");
    assert!(out[0].contains("Move notices: off"), "{out:?}");
    // Ukrainian by default.
    let out = w.say("@olena: /профіль").await;
    assert!(out[0].contains("Ваш профіль"), "{out:?}");
}

async fn orientation_is_stored_and_turns_the_board(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "bob", "carol"]).await;
    w.started_event("", &["bob", "carol"]).await;
    let out = w.say("@bob: /orientation sideways").await;
    assert!(
        out[0].contains("Unknown orientation \"sideways\""),
        "{out:?}"
    );
    let mut tx = w.db.read().await.unwrap();
    let bob = player(&mut tx, "bob").await;
    assert_eq!(
        tx.player_settings(bob).await.unwrap().orientation,
        Orientation::Auto
    );
    drop(tx);
    let cache = std::sync::Arc::new(RenderCache::new(8));
    let board = |viewer: PlayerId| ImageRef::Board {
        game: GameId(1),
        viewer: Some(viewer),
        lang: Lang::En,
        ply: None,
    };
    let now = w.clock_now();
    let own_side = render_image(&w.db, &board(bob), &cache, now).await.unwrap();
    let out = w.say("@bob: /orientation black").await;
    assert!(out[0].contains("from Black's side"), "{out:?}");
    let flipped = render_image(&w.db, &board(bob), &cache, now).await.unwrap();
    assert_ne!(own_side.sha256, flipped.sha256);
    w.say("@bob: /flip white").await;
    let white = render_image(&w.db, &board(bob), &cache, now).await.unwrap();
    assert_eq!(own_side.sha256, white.sha256);
    let mut tx = w.db.read().await.unwrap();
    let carol = player(&mut tx, "carol").await;
    drop(tx);
    // Carol (Black, `auto`) sees her own side: the flipped board.
    let carols = render_image(&w.db, &board(carol), &cache, now)
        .await
        .unwrap();
    assert_eq!(carols.sha256, flipped.sha256);
}

impl World {
    fn clock_now(&self) -> chrono::DateTime<chrono::Utc> {
        use corrbot::time::Clock;
        self.clock.now()
    }
}

/// R3.2.3: muting stops move notices only; the player stays responsible,
/// so reminders (R3.3.1) still come, and the reply says so.
async fn muted_players_get_no_move_notices_but_reminders(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "bob", "carol"]).await;
    w.started_event("", &["bob", "carol"]).await;
    let out = w.say("@bob: /mute").await;
    assert!(out[0].contains("You stay responsible"), "{out:?}");
    w.say("@bob: e2-e4").await;
    let out = w.say("@carol: e7-e5").await;
    assert!(!has_line(&out, "-> @bob:"), "{out:?}");
    let mut tx = w.db.read().await.unwrap();
    let bob = player(&mut tx, "bob").await;
    let notices = tx.notices_to(&NoticeRecipient::Player(bob)).await.unwrap();
    assert!(notices.iter().all(|n| n.kind != "move_made"), "{notices:?}");
    drop(tx);
    w.clock.advance(chrono::Duration::days(14));
    let out = w.console.tick().await.unwrap();
    assert!(has_line(&out, "-> @bob: Reminder"), "{out:?}");
    let out = w.say("@bob: /unmute").await;
    assert!(out[0].contains("on again"), "{out:?}");
    w.say("@bob: Кg1-f3").await;
    w.say("@bob: /mute").await;
    w.say("@bob: /unmute").await;
    let out = w.say("@carol: Кb8-c6").await;
    assert!(
        has_line(&out, "-> @bob: Game #1 (Cup): carol played 2."),
        "{out:?}"
    );
}

async fn a_contact_change_is_announced_to_arbiter_and_partner(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "bob", "carol", "dave"]).await;
    w.started_event("", &["bob", "carol"]).await;
    let out = w.say("@bob: /contact address Kyiv, Khreshchatyk 1").await;
    assert!(out[0].contains("2 people"), "{out:?}");
    for who in ["alice", "carol"] {
        assert!(
            has_line(
                &out,
                &format!("-> @{who}: bob changed their contact details")
            ),
            "{out:?}"
        );
    }
    assert!(
        out.iter().any(|l| l.contains("Kyiv, Khreshchatyk 1")),
        "{out:?}"
    );
    assert!(!has_line(&out, "-> @dave:"), "{out:?}");
    let out = w.say("@bob: /contact address -").await;
    assert!(has_line(&out, "-> @carol: bob changed"), "{out:?}");
    let mut tx = w.db.read().await.unwrap();
    let bob = player(&mut tx, "bob").await;
    assert_eq!(tx.player_settings(bob).await.unwrap().address, None);
    drop(tx);
    // Nobody to tell outside events.
    let out = w.say("@dave: /contact email dave@example.org").await;
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(out[0].contains("Nobody needed to be told"), "{out:?}");
}

async fn bad_contacts_are_refused_and_change_nothing(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["bob"]).await;
    w.say("@bob: /contact email bob@example.org").await;
    let long = format!("@bob: /contact address {}", "x".repeat(201));
    let cases = [
        (
            "@bob: /contact email not-an-address",
            "does not look like an e-mail",
        ),
        (
            "@bob: /contact email bob@ example.org",
            "does not look like an e-mail",
        ),
        (long.as_str(), "at most 200 characters"),
        ("@bob: /contact phone 123", "cannot read"),
        ("@bob: /contact email", "needs"),
    ];
    for (line, expected) in cases {
        let out = w.say(line).await;
        assert_eq!(out.len(), 1, "{line}: {out:?}");
        assert!(out[0].contains(expected), "{line}: {out:?}");
    }
    let mut tx = w.db.read().await.unwrap();
    let bob = player(&mut tx, "bob").await;
    let settings = tx.player_settings(bob).await.unwrap();
    assert_eq!(settings.email.as_deref(), Some("bob@example.org"));
    assert_eq!(settings.address, None);
}

async fn contacts_are_shown_to_partners_arbiters_and_administrators(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "bob", "carol", "dave"]).await;
    w.started_event("", &["bob", "carol"]).await;
    w.say("@bob: /contact email bob@example.org").await;
    let out = w.say("@carol: /contacts @bob").await;
    assert!(
        out[0].contains("bob: address not set; e-mail bob@example.org"),
        "{out:?}"
    );
    let out = w.say("@alice: /contacts bob").await;
    assert!(out[0].contains("bob@example.org"), "{out:?}");
    let out = w.say("@dave: /contacts bob").await;
    assert!(
        out[0].contains("You may not see bob's contact details"),
        "{out:?}"
    );
    assert!(!out[0].contains("bob@example.org"), "{out:?}");
    let out = w.say("@carol: /contacts").await;
    assert!(out[0].contains("carol: address not set"), "{out:?}");
    assert!(out[0].contains("bob@example.org"), "{out:?}");
    let out = w.say("@dave: /contacts").await;
    assert!(!out[0].contains("bob@"), "{out:?}");
    let out = w.say("@carol: /contacts nobody").await;
    assert!(
        out[0].contains("There is no player called nobody"),
        "{out:?}"
    );
}

/// R3.4.4: in a team event the opponent does not see a player's details;
/// the arbiter and the player's captain do, and they (not the opponent) are
/// told of a change.
async fn in_team_events_only_arbiter_and_captain_see_contacts(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "bob", "carol", "cap", "dave"]).await;
    let now = w.clock_now();
    let mut tx = w.db.begin().await.unwrap();
    let ids: Vec<PlayerId> = {
        let mut ids = Vec::new();
        for name in ["alice", "bob", "carol", "cap"] {
            ids.push(player(&mut tx, name).await);
        }
        ids
    };
    let (alice, bob, carol, cap) = (ids[0], ids[1], ids[2], ids[3]);
    let event = team_event(&mut tx, now).await;
    tx.grant_role(alice, corrbot::store::Role::Arbiter, Some(event), now)
        .await
        .unwrap();
    let home = tx.create_team(event, "Home", Some(cap)).await.unwrap();
    let away = tx.create_team(event, "Away", Some(carol)).await.unwrap();
    tx.add_team_member(home.id, bob, 1).await.unwrap();
    tx.add_team_member(away.id, carol, 1).await.unwrap();
    tx.add_entry(event, bob, Some(home.id), now).await.unwrap();
    tx.add_entry(event, carol, Some(away.id), now)
        .await
        .unwrap();
    running_game(&mut tx, event, bob, carol).await;
    tx.commit().await.unwrap();
    let out = w.say("@bob: /contact email bob@example.org").await;
    assert!(has_line(&out, "-> @alice: bob changed"), "{out:?}");
    assert!(has_line(&out, "-> @cap: bob changed"), "{out:?}");
    assert!(!has_line(&out, "-> @carol:"), "{out:?}");
    let out = w.say("@carol: /contacts bob").await;
    assert!(out[0].contains("You may not see"), "{out:?}");
    for who in ["cap", "alice"] {
        let out = w.say(&format!("@{who}: /contacts bob")).await;
        assert!(out[0].contains("bob@example.org"), "{who}: {out:?}");
    }
}

async fn team_event(tx: &mut Tx, now: chrono::DateTime<chrono::Utc>) -> EventId {
    let new = NewEvent {
        name: "League".into(),
        rule_set: RuleSet::Server,
        regulation: Default::default(),
        is_team: true,
        at: now,
    };
    let event = tx.create_event(&new).await.unwrap().id;
    tx.set_event_status(event, corrbot::store::EventStatus::Running, now)
        .await
        .unwrap();
    event
}

async fn running_game(tx: &mut Tx, event: EventId, white: PlayerId, black: PlayerId) -> GameId {
    let new = corrbot::store::NewGame {
        event_id: event,
        round: 1,
        board: Some(1),
        white,
        black,
        initial_fen: None,
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
        clock: None,
    };
    tx.create_game(&new).await.unwrap().id
}
