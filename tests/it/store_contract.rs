//! The store's contract: every test body runs against SQLite and against
//! PostgreSQL (when TEST_DATABASE_URL is set; otherwise a notice is printed
//! and the PostgreSQL run is skipped). Each test gets its own database.

use std::sync::Arc;

use chrono::{DateTime, TimeDelta, TimeZone, Utc};
use corrbot::core::case::Ruling;
use corrbot::core::clock::Clocks;
use corrbot::core::regulation::RuleSet;
use corrbot::store::*;
use serde_json::json;
use tokio::sync::Barrier;

use crate::support::db::{self, START_FEN, TestDb, on_both};

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 3, 1, 12, 0, 0).unwrap() + TimeDelta::milliseconds(123)
}

async fn player(tx: &mut Tx, name: &str) -> Player {
    db::new_player(tx, name, t0()).await
}

/// An event with a running game between two new players.
async fn game_fixture(db: &Db) -> GameRecord {
    let mut tx = db.begin().await.unwrap();
    let white = player(&mut tx, "Білі").await;
    let black = player(&mut tx, "Чорні").await;
    let event = NewEvent {
        name: "Кубок".into(),
        rule_set: RuleSet::Server,
        regulation: serde_json::from_value(json!({"control": {"days": 50, "moves": 10}})).unwrap(),
        is_team: false,
        at: t0(),
    };
    let event = tx.create_event(&event).await.unwrap();
    let new = NewGame {
        event_id: event.id,
        round: 1,
        board: None,
        white: white.id,
        black: black.id,
        initial_fen: None,
        fen: START_FEN.into(),
        clock: None,
    };
    let game = tx.create_game(&new).await.unwrap();
    let mut update = GameUpdate::from_game(&game);
    update.status = GameStatus::Running;
    update.started_at = Some(t0());
    update.turn_since = Some(t0());
    tx.update_game(game.id, game.version, &update)
        .await
        .unwrap();
    let game = tx.game(game.id).await.unwrap();
    tx.commit().await.unwrap();
    game
}

fn a_move(ply: i64, uci: &str) -> MoveRow {
    MoveRow {
        ply,
        uci: uci.into(),
        text: uci.into(),
        received_at: t0() + TimeDelta::days(ply),
        sent_at: None,
        charged_days: ply % 3,
    }
}

async fn players_accounts_and_roles(t: &TestDb) {
    let mut tx = t.db.begin().await.unwrap();
    let p = player(&mut tx, "Олена").await;
    assert_eq!(p.created_at, t0(), "instants keep their milliseconds");
    let tg = tx.link_account(
        p.id,
        Platform::Telegram,
        "111",
        Some("olena"),
        Some("111"),
        t0(),
    );
    let tg = tg.await.unwrap();
    tx.link_account(p.id, Platform::Discord, "999", None, None, t0())
        .await
        .unwrap();
    let again = tx
        .link_account(p.id, Platform::Telegram, "111", None, None, t0())
        .await;
    assert!(matches!(
        again,
        Err(StoreError::Conflict(Conflict::Duplicate {
            what: "account"
        }))
    ));
    tx.commit().await.unwrap();

    let mut tx = t.db.begin().await.unwrap();
    let found = tx
        .account(Platform::Telegram, "111")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(found, tg);
    assert!(
        tx.account(Platform::Discord, "111")
            .await
            .unwrap()
            .is_none()
    );
    let accounts = tx.accounts_of(p.id).await.unwrap();
    let platforms: Vec<_> = accounts.iter().map(|a| a.platform).collect();
    assert_eq!(platforms, [Platform::Telegram, Platform::Discord]);

    tx.grant_role(p.id, Role::Administrator, None, t0())
        .await
        .unwrap();
    tx.grant_role(p.id, Role::Administrator, None, t0())
        .await
        .unwrap();
    assert_eq!(
        tx.roles_of(p.id).await.unwrap().len(),
        1,
        "granting twice changes nothing"
    );
    assert_eq!(
        tx.holders_of(Role::Administrator, None).await.unwrap(),
        [p.id]
    );
    assert!(
        tx.revoke_role(p.id, Role::Administrator, None)
            .await
            .unwrap()
    );
    assert!(
        tx.holders_of(Role::Administrator, None)
            .await
            .unwrap()
            .is_empty()
    );

    let mut changed = tx.player(p.id).await.unwrap();
    changed.contact = Some("Київ, вул. Хрещатик 1".into());
    tx.update_player(&changed).await.unwrap();
    assert_eq!(tx.player(p.id).await.unwrap(), changed);
    let missing = tx.player(PlayerId(9_999)).await;
    assert!(matches!(
        missing,
        Err(StoreError::NotFound { what: "player", .. })
    ));
    tx.commit().await.unwrap();
}

async fn events_teams_entries_and_leaves(t: &TestDb) {
    let mut tx = t.db.begin().await.unwrap();
    let captain = player(&mut tx, "Капітан").await;
    let member = player(&mut tx, "Гравець").await;
    let new = NewEvent {
        name: "Командний чемпіонат".into(),
        rule_set: RuleSet::Postal,
        regulation: serde_json::from_value(json!({"leave_days_per_year": 45})).unwrap(),
        is_team: true,
        at: t0(),
    };
    let event = tx.create_event(&new).await.unwrap();
    assert_eq!(event.regulation, new.regulation);
    assert_eq!(event.status, EventStatus::Draft);
    tx.set_event_status(event.id, EventStatus::Running, t0())
        .await
        .unwrap();
    let event = tx.event(event.id).await.unwrap();
    assert_eq!(
        (event.status, event.starts_at),
        (EventStatus::Running, Some(t0()))
    );
    // R3.1.3: every team has a captain.
    let team = tx
        .create_team(event.id, "Київ", Some(captain.id))
        .await
        .unwrap();
    tx.add_team_member(team.id, member.id, 2).await.unwrap();
    tx.add_team_member(team.id, captain.id, 1).await.unwrap();
    let boards: Vec<_> = tx
        .team_members(team.id)
        .await
        .unwrap()
        .iter()
        .map(|m| m.board)
        .collect();
    assert_eq!(boards, [1, 2]);
    assert_eq!(
        tx.teams_of(event.id).await.unwrap(),
        std::slice::from_ref(&team)
    );
    tx.add_entry(event.id, member.id, Some(team.id), t0())
        .await
        .unwrap();
    let twice = tx.add_entry(event.id, member.id, None, t0()).await;
    assert!(matches!(
        twice,
        Err(StoreError::Conflict(Conflict::Duplicate { .. }))
    ));
    tx.set_entry_status(event.id, member.id, EntryStatus::Withdrawn)
        .await
        .unwrap();
    assert_eq!(
        tx.entries(event.id).await.unwrap()[0].status,
        EntryStatus::Withdrawn
    );

    // R2.7.1: leaves are looked up by the period they overlap.
    let leave = NewLeave {
        player_id: member.id,
        event_id: None,
        postal: true,
        starts_at: t0() + TimeDelta::days(10),
        ends_at: t0() + TimeDelta::days(20),
        extra: false,
        granted_by: None,
        at: t0(),
    };
    let leave = tx.create_leave(&leave).await.unwrap();
    assert_eq!(leave.status, LeaveStatus::Planned);
    assert!(leave.postal);
    let day = |d| t0() + TimeDelta::days(d);
    assert_eq!(
        tx.leaves_of(member.id, day(15), day(16)).await.unwrap(),
        std::slice::from_ref(&leave)
    );
    assert!(
        tx.leaves_of(member.id, day(20), day(30))
            .await
            .unwrap()
            .is_empty()
    );
    tx.set_leave_status(leave.id, LeaveStatus::Active)
        .await
        .unwrap();
    tx.commit().await.unwrap();
}

async fn moves_round_trip(t: &TestDb) {
    let game = game_fixture(&t.db).await;
    assert_eq!((game.status, game.ply), (GameStatus::Running, 0));
    let mut tx = t.db.begin().await.unwrap();
    let mut version = game.version;
    for (i, uci) in ["e2e4", "e7e5", "g1f3"].iter().enumerate() {
        let mut update = GameUpdate::from_game(&game);
        update.fen = format!("fen after {uci}");
        update.clock = Some(Clocks {
            white_used: i as i64,
            white_left: 50 - i as i64,
            black_used: 0,
            black_left: 50,
        });
        let row = a_move(i as i64 + 1, uci);
        let new_version = tx
            .append_move(game.id, version, &row, &update)
            .await
            .unwrap();
        assert_eq!(new_version, version + 1);
        let stored = tx.game(game.id).await.unwrap();
        assert_eq!((stored.ply, stored.version), (i as i64 + 1, version + 1));
        assert_eq!(stored.clock, update.clock);
        version = stored.version;
    }
    assert!(
        tx.mark_move_sent(game.id, 2, t0() + TimeDelta::days(5))
            .await
            .unwrap()
    );
    assert!(
        !tx.mark_move_sent(game.id, 2, t0()).await.unwrap(),
        "the postmark is set once"
    );
    tx.commit().await.unwrap();

    let mut tx = t.db.read().await.unwrap();
    let moves = tx.moves(game.id).await.unwrap();
    assert_eq!(moves.len(), 3);
    let mut expected = a_move(2, "e7e5");
    expected.sent_at = Some(t0() + TimeDelta::days(5));
    assert_eq!(moves[1], expected);
    let game = tx.game(game.id).await.unwrap();
    assert_eq!(game.fen, "fen after g1f3");
    assert_eq!(
        tx.active_games_of(game.white).await.unwrap(),
        std::slice::from_ref(&game)
    );
    assert_eq!(tx.games_of_event(game.event_id).await.unwrap(), [game]);
    tx.commit().await.unwrap();
}

async fn stale_moves_conflict(t: &TestDb) {
    let game = game_fixture(&t.db).await;
    let update = GameUpdate::from_game(&game);
    let mut tx = t.db.begin().await.unwrap();
    let after = tx
        .append_move(game.id, game.version, &a_move(1, "e2e4"), &update)
        .await
        .unwrap();
    let stale = tx
        .append_move(game.id, game.version, &a_move(1, "d2d4"), &update)
        .await;
    let expected = Conflict::GameChanged {
        game_id: game.id,
        expected: game.version,
        found: after,
    };
    assert_eq!(
        stale.unwrap_err().to_string(),
        StoreError::from(expected).to_string()
    );
    let wrong_ply = tx
        .append_move(game.id, after, &a_move(5, "e7e5"), &update)
        .await;
    assert!(matches!(
        wrong_ply,
        Err(StoreError::Conflict(Conflict::GameChanged { .. }))
    ));
    let missing = tx
        .append_move(GameId(77_777), 0, &a_move(1, "e2e4"), &update)
        .await;
    assert!(matches!(
        missing,
        Err(StoreError::NotFound { what: "game", .. })
    ));
    tx.commit().await.unwrap();
    let mut tx = t.db.read().await.unwrap();
    assert_eq!(tx.moves(game.id).await.unwrap().len(), 1);
}

/// Two commands on one game at once (both players, or one player twice):
/// exactly one move is recorded, the other gets a Conflict.
async fn concurrent_moves_one_wins(t: &TestDb) {
    for round in 0..5 {
        let game = game_fixture(&t.db).await;
        let barrier = Arc::new(Barrier::new(2));
        let tasks: Vec<_> = ["e2e4", if round % 2 == 0 { "e2e4" } else { "d2d4" }]
            .into_iter()
            .map(|uci| {
                let (db, barrier, game) = (t.db.clone(), barrier.clone(), game.clone());
                tokio::spawn(async move {
                    barrier.wait().await;
                    let mut tx = db.begin().await?;
                    let update = GameUpdate::from_game(&game);
                    tx.append_move(game.id, game.version, &a_move(1, uci), &update)
                        .await?;
                    tx.commit().await
                })
            })
            .collect();
        let mut outcomes = Vec::new();
        for task in tasks {
            outcomes.push(task.await.unwrap());
        }
        let wins = outcomes.iter().filter(|o| o.is_ok()).count();
        assert_eq!(wins, 1, "{outcomes:?}");
        let loser = outcomes.into_iter().find_map(Result::err).unwrap();
        assert!(
            matches!(loser, StoreError::Conflict(Conflict::GameChanged { .. })),
            "{loser}"
        );
        let mut tx = t.db.read().await.unwrap();
        assert_eq!(tx.moves(game.id).await.unwrap().len(), 1);
        assert_eq!(tx.game(game.id).await.unwrap().ply, 1);
    }
}

/// With `lock_game`, the second of two concurrent commands reads the first
/// one's result and can answer "it is not your turn" without a conflict.
async fn locked_reads_serialize_commands(t: &TestDb) {
    let game = game_fixture(&t.db).await;
    let barrier = Arc::new(Barrier::new(2));
    let tasks: Vec<_> = (0..2)
        .map(|_| {
            let (db, barrier, id) = (t.db.clone(), barrier.clone(), game.id);
            tokio::spawn(async move {
                barrier.wait().await;
                let mut tx = db.begin().await.unwrap();
                let game = tx.lock_game(id).await.unwrap();
                if game.ply != 0 {
                    return "not your turn";
                }
                let update = GameUpdate::from_game(&game);
                tx.append_move(id, game.version, &a_move(1, "e2e4"), &update)
                    .await
                    .unwrap();
                tx.commit().await.unwrap();
                "moved"
            })
        })
        .collect();
    let mut answers = Vec::new();
    for task in tasks {
        answers.push(task.await.unwrap());
    }
    answers.sort_unstable();
    assert_eq!(answers, ["moved", "not your turn"]);
}

/// One transaction per command: the change, its notices and its deadlines
/// commit together or not at all.
async fn command_commits_all_or_nothing(t: &TestDb) {
    let game = game_fixture(&t.db).await;
    let to_black = NoticeRecipient::Player(game.black);
    let deadline = NewDeadline {
        due_at: t0() + TimeDelta::days(14),
        kind: "reminder".into(),
        key: Some(format!("game:{}:reminder", game.id)),
        game_id: Some(game.id),
        ..NewDeadline::default()
    };
    for commit in [false, true] {
        let mut tx = t.db.begin().await.unwrap();
        let update = GameUpdate::from_game(&game);
        tx.append_move(game.id, game.version, &a_move(1, "e2e4"), &update)
            .await
            .unwrap();
        tx.enqueue_notice(&to_black, "move", &json!({"uci": "e2e4"}), t0())
            .await
            .unwrap();
        tx.set_deadline(&deadline, t0()).await.unwrap();
        if commit {
            tx.commit().await.unwrap();
        } else {
            drop(tx);
        }
        let mut tx = t.db.read().await.unwrap();
        let expected = usize::from(commit);
        assert_eq!(tx.moves(game.id).await.unwrap().len(), expected);
        assert_eq!(tx.notices_to(&to_black).await.unwrap().len(), expected);
        assert_eq!(tx.deadlines_of_game(game.id).await.unwrap().len(), expected);
    }
}

/// Each platform update id is processed once; a redelivery changes nothing
/// and gets the original answer.
async fn redelivered_update_changes_nothing(t: &TestDb) {
    let handle = |db: Db| async move {
        let mut tx = db.begin().await.unwrap();
        match tx
            .begin_inbound(Platform::Telegram, "update-42", t0())
            .await
            .unwrap()
        {
            InboundState::Seen(answer) => answer.unwrap(),
            InboundState::New => {
                let p = player(&mut tx, "Новий").await;
                let answer = format!("welcome player {}", p.id);
                tx.finish_inbound(Platform::Telegram, "update-42", &answer)
                    .await
                    .unwrap();
                tx.commit().await.unwrap();
                answer
            }
        }
    };
    let first = handle(t.db.clone()).await;
    let again = handle(t.db.clone()).await;
    assert_eq!(first, again);
    let (a, b) = tokio::join!(handle(t.db.clone()), handle(t.db.clone()));
    assert_eq!((a.as_str(), b.as_str()), (first.as_str(), first.as_str()));
    let mut tx = t.db.begin().await.unwrap();
    assert!(
        tx.player(PlayerId(2)).await.is_err(),
        "only one player was created"
    );
    let other = tx
        .begin_inbound(Platform::Discord, "update-42", t0())
        .await
        .unwrap();
    assert_eq!(other, InboundState::New, "ids are per platform");
    assert_eq!(
        tx.prune_inbound(t0() + TimeDelta::days(1)).await.unwrap(),
        2
    );
}

/// Concurrent deliveries of one update id: exactly one is processed.
async fn concurrent_redelivery_processed_once(t: &TestDb) {
    let barrier = Arc::new(Barrier::new(2));
    let tasks: Vec<_> = (0..2)
        .map(|_| {
            let (db, barrier) = (t.db.clone(), barrier.clone());
            tokio::spawn(async move {
                barrier.wait().await;
                let mut tx = db.begin().await.unwrap();
                let seen = tx
                    .begin_inbound(Platform::Discord, "interaction-7", t0())
                    .await
                    .unwrap();
                if seen == InboundState::New {
                    tx.finish_inbound(Platform::Discord, "interaction-7", "done")
                        .await
                        .unwrap();
                }
                tx.commit().await.unwrap();
                seen
            })
        })
        .collect();
    let mut seen = Vec::new();
    for task in tasks {
        seen.push(task.await.unwrap());
    }
    assert!(seen.contains(&InboundState::New));
    assert!(
        seen.contains(&InboundState::Seen(Some("done".into()))),
        "{seen:?}"
    );
}

async fn cases_rulings_and_appeals(t: &TestDb) {
    let game = game_fixture(&t.db).await;
    let mut tx = t.db.begin().await.unwrap();
    let arbiter = player(&mut tx, "Суддя").await;
    let committee = player(&mut tx, "Комісія").await;
    // R2.6.2: an overstep claim, with the claimant's next move held back.
    let new = NewCaseRecord {
        kind: "overstep_claim".into(),
        event_id: game.event_id,
        game_id: Some(game.id),
        opened_by: Some(game.white),
        respondent_id: Some(game.black),
        details: json!({"held_move": "e2e4"}),
        at: t0(),
    };
    let case = tx.open_case(&new).await.unwrap();
    assert_eq!(
        (case.status, &case.details),
        (CaseStatus::Open, &new.details)
    );
    tx.add_case_note(case.id, Some(game.black), "I object", t0())
        .await
        .unwrap();
    tx.add_case_note(case.id, None, "reminder sent", t0())
        .await
        .unwrap();
    let notes = tx.case_notes(case.id).await.unwrap();
    assert_eq!(
        notes.iter().map(|n| n.author_id).collect::<Vec<_>>(),
        [Some(game.black), None]
    );
    let decision = [Ruling::Warn {
        player: corrbot::core::team::PersonKey(game.black.0 as u64),
    }];
    let ruling = tx.record_ruling(case.id, arbiter.id, &decision, "overstep proven", t0());
    let ruling = ruling.await.unwrap();
    assert_eq!(
        tx.rulings(case.id).await.unwrap(),
        std::slice::from_ref(&ruling)
    );
    assert_eq!(tx.case(case.id).await.unwrap().status, CaseStatus::Ruled);
    // R2.1.6: an appeal, decided once and finally.
    let appeal = tx
        .file_appeal(ruling.id, game.black, "miscounted", t0())
        .await
        .unwrap();
    assert_eq!(tx.case(case.id).await.unwrap().status, CaseStatus::Appealed);
    for (status, first) in [
        (AppealStatus::Dismissed, true),
        (AppealStatus::Upheld, false),
    ] {
        let decided = tx
            .decide_appeal(appeal.id, status, "final", committee.id, t0())
            .await;
        assert_eq!(decided.unwrap(), first, "decided once");
    }
    assert_eq!(
        tx.appeal(appeal.id).await.unwrap().status,
        AppealStatus::Dismissed
    );
    assert_eq!(tx.open_cases_of(game.event_id).await.unwrap().len(), 1);
    tx.set_case_status(case.id, CaseStatus::Closed, t0())
        .await
        .unwrap();
    assert!(tx.open_cases_of(game.event_id).await.unwrap().is_empty());
    tx.commit().await.unwrap();
}

async fn outbox_keeps_order_and_marks_once(t: &TestDb) {
    let (a, b) = (
        NoticeRecipient::Player(PlayerId(1)),
        NoticeRecipient::Chat {
            platform: Platform::Discord,
            chat_id: "chan:1".into(),
        },
    );
    let mut tx = t.db.begin().await.unwrap();
    let mut ids = Vec::new();
    for (recipient, n) in [(&a, 1), (&a, 2), (&b, 1), (&a, 3)] {
        ids.push(
            tx.enqueue_notice(recipient, "text", &json!({"n": n}), t0())
                .await
                .unwrap(),
        );
    }
    let heads = tx.sendable_notices(t0(), 10).await.unwrap();
    assert_eq!(
        heads.iter().map(|n| n.id).collect::<Vec<_>>(),
        [ids[0], ids[2]]
    );
    assert_eq!(heads[1].recipient, b);
    assert!(
        tx.claim_notice(ids[0], t0(), t0() + TimeDelta::minutes(1))
            .await
            .unwrap()
    );
    assert!(
        !tx.claim_notice(ids[0], t0(), t0() + TimeDelta::minutes(1))
            .await
            .unwrap()
    );
    assert!(tx.mark_delivered(ids[0], t0()).await.unwrap());
    assert!(
        !tx.mark_delivered(ids[0], t0()).await.unwrap(),
        "delivered exactly once"
    );
    let heads = tx.sendable_notices(t0(), 10).await.unwrap();
    assert_eq!(
        heads.iter().map(|n| n.id).collect::<Vec<_>>(),
        [ids[1], ids[2]]
    );
    tx.record_failure(ids[1], t0() + TimeDelta::seconds(5), "timeout")
        .await
        .unwrap();
    let heads = tx.sendable_notices(t0(), 10).await.unwrap();
    assert_eq!(
        heads.iter().map(|n| n.id).collect::<Vec<_>>(),
        [ids[2]],
        "a waits for its retry"
    );
    assert_eq!(tx.next_notice_at().await.unwrap(), Some(t0()));
    assert!(tx.park_notice(ids[1], "blocked").await.unwrap());
    assert_eq!(
        tx.notices_with_status(NoticeStatus::Parked).await.unwrap()[0].attempts,
        2
    );
    let heads = tx.sendable_notices(t0(), 10).await.unwrap();
    assert_eq!(
        heads.iter().map(|n| n.id).collect::<Vec<_>>(),
        [ids[2], ids[3]]
    );
    assert!(tx.requeue_notice(ids[1], t0()).await.unwrap());
    assert_eq!(
        tx.notice(ids[1]).await.unwrap().status,
        NoticeStatus::Pending
    );
    tx.commit().await.unwrap();
}

async fn deadlines_replace_and_claim_in_order(t: &TestDb) {
    let mut tx = t.db.begin().await.unwrap();
    assert_eq!(tx.next_due_at().await.unwrap(), None);
    let at = |days| t0() + TimeDelta::days(days);
    let new = |days, key: Option<&str>| NewDeadline {
        due_at: at(days),
        kind: "reminder".into(),
        key: key.map(str::to_owned),
        payload: json!({"days": days}),
        ..NewDeadline::default()
    };
    tx.set_deadline(&new(14, Some("g1")), t0()).await.unwrap();
    tx.set_deadline(&new(3, None), t0()).await.unwrap();
    tx.set_deadline(&new(7, Some("g1")), t0()).await.unwrap();
    tx.set_deadline(&new(3, None), t0()).await.unwrap();
    assert_eq!(tx.next_due_at().await.unwrap(), Some(at(3)));
    let due = tx.claim_due(at(7), 10).await.unwrap();
    let days: Vec<_> = due
        .iter()
        .map(|d| d.payload["days"].as_i64().unwrap())
        .collect();
    assert_eq!(days, [3, 3, 7], "the replaced deadline for day 14 is gone");
    assert!(due[0].id < due[1].id);
    assert!(tx.finish_deadline(due[0].id).await.unwrap());
    assert!(!tx.finish_deadline(due[0].id).await.unwrap());
    tx.postpone_deadline(due[1].id, at(30), "app failed")
        .await
        .unwrap();
    assert!(tx.cancel_deadline("g1").await.unwrap());
    let left = tx.claim_due(at(100), 10).await.unwrap();
    assert_eq!((left.len(), left[0].attempts), (1, 1));
    tx.commit().await.unwrap();
}

/// Replacing a game's deadlines (what every move does, in one round trip):
/// a kept key's row is updated in place and its failed attempts cleared,
/// keys not among the new ones and unkeyed rows go, a key another game
/// held is taken over, and other games' deadlines stay.
async fn a_games_deadlines_are_replaced_by_key(t: &TestDb) {
    let (one, two) = (game_fixture(&t.db).await, game_fixture(&t.db).await);
    let at = |days| t0() + TimeDelta::days(days);
    let new = |game: &GameRecord, days, key: Option<&str>| NewDeadline {
        due_at: at(days),
        kind: "reminder".into(),
        key: key.map(str::to_owned),
        game_id: Some(game.id),
        payload: json!({"days": days}),
        ..NewDeadline::default()
    };
    let mut tx = t.db.begin().await.unwrap();
    let first = [
        new(&one, 14, Some("a:14")),
        new(&one, 28, Some("a:28")),
        new(&one, 5, None),
    ];
    tx.replace_deadlines_of_game(one.id, &first, t0())
        .await
        .unwrap();
    let theirs = [new(&two, 9, Some("shared")), new(&two, 10, Some("b:10"))];
    tx.replace_deadlines_of_game(two.id, &theirs, t0())
        .await
        .unwrap();
    let kept = tx.deadlines_of_game(one.id).await.unwrap();
    let kept = kept
        .iter()
        .find(|d| d.key.as_deref() == Some("a:14"))
        .unwrap()
        .id;
    tx.postpone_deadline(kept, at(15), "app failed")
        .await
        .unwrap();
    let second = [
        new(&one, 20, Some("a:14")),
        new(&one, 30, Some("shared")),
        new(&one, 6, None),
    ];
    tx.replace_deadlines_of_game(one.id, &second, at(1))
        .await
        .unwrap();
    let mine = tx.deadlines_of_game(one.id).await.unwrap();
    let shape: Vec<_> = (mine.iter())
        .map(|d| {
            (
                d.key.clone(),
                d.payload["days"].as_i64().unwrap(),
                d.attempts,
            )
        })
        .collect();
    let expected = [
        (None, 6, 0),
        (Some("a:14".into()), 20, 0),
        (Some("shared".into()), 30, 0),
    ];
    assert_eq!(shape, expected);
    assert_eq!(mine[1].id, kept, "a kept key's row is updated in place");
    let others = tx.deadlines_of_game(two.id).await.unwrap();
    assert_eq!(
        others.iter().map(|d| d.key.clone()).collect::<Vec<_>>(),
        [Some("b:10".into())]
    );
    tx.replace_deadlines_of_game(one.id, &[new(&one, 3, None)], at(2))
        .await
        .unwrap();
    let mine = tx.deadlines_of_game(one.id).await.unwrap();
    assert_eq!((mine.len(), mine[0].key.clone()), (1, None));
    tx.replace_deadlines_of_game(one.id, &[], at(3))
        .await
        .unwrap();
    assert!(tx.deadlines_of_game(one.id).await.unwrap().is_empty());
    assert_eq!(tx.deadlines_of_game(two.id).await.unwrap().len(), 1);
    tx.commit().await.unwrap();
}

async fn audit_log_and_migrations(t: &TestDb) {
    t.db.migrate().await.unwrap();
    let game = game_fixture(&t.db).await;
    let mut tx = t.db.begin().await.unwrap();
    let entry = AuditEntry {
        at: t0(),
        actor_id: Some(game.white),
        action: "resign".into(),
        event_id: Some(game.event_id),
        game_id: Some(game.id),
        case_id: None,
        details: json!({"why": "lost"}),
    };
    tx.audit(&entry).await.unwrap();
    assert_eq!(tx.audit_of_game(game.id).await.unwrap(), [entry]);
    assert!(tx.cancel_deadlines_of_game(game.id).await.is_ok());
    tx.commit().await.unwrap();
}

/// A row whose stored value its type cannot read is an error naming the
/// table and the row, with the decoder's error as its source: never a
/// default (an unreadable regulation once silently became the default one).
async fn corrupt_rows_fail_naming_their_id(t: &TestDb) {
    let game = game_fixture(&t.db).await;
    let event = game.event_id;
    let mut tx = t.db.begin().await.unwrap();
    tx.add_entry(event, game.white, None, t0()).await.unwrap();
    tx.commit().await.unwrap();
    let corrupt = [
        format!("UPDATE events SET regulation = '{{\"contorl\": 1}}' WHERE id = {event}"),
        format!("UPDATE games SET status = 'paused' WHERE id = {}", game.id),
        format!("UPDATE entries SET status = 'gone' WHERE event_id = {event}"),
    ];
    for sql in corrupt {
        assert_eq!(t.db.execute_raw(&sql).await.unwrap(), 1, "{sql}");
    }
    let mut tx = t.db.read().await.unwrap();
    let error = tx.event(event).await.unwrap_err();
    assert!(
        matches!(
            &error,
            StoreError::Corrupt { table: "events", id, reason: Corruption::Json { column, .. } }
                if *id == event.to_string() && column == "regulation"
        ),
        "{error:?}"
    );
    assert!(
        error.to_string().contains(&format!("row {event}")),
        "{error}"
    );
    let reason = std::error::Error::source(&error).expect("the reason");
    assert!(
        std::error::Error::source(reason).is_some(),
        "the JSON error is kept: {reason}"
    );
    let error = tx.game(game.id).await.unwrap_err();
    assert!(
        matches!(
            &error,
            StoreError::Corrupt { table: "games", id, reason: Corruption::UnknownText { column, text } }
                if *id == game.id.to_string() && column == "status" && text == "paused"
        ),
        "{error:?}"
    );
    assert!(matches!(
        tx.games_of_event(event).await,
        Err(StoreError::Corrupt { table: "games", .. })
    ));
    let error = tx.entries(event).await.unwrap_err();
    let key = format!("event_id {event}, player_id {}", game.white);
    assert!(
        matches!(&error, StoreError::Corrupt { table: "entries", id, .. } if *id == key),
        "{error:?}"
    );
    tx.commit().await.unwrap();
}

on_both!(
    players_accounts_and_roles,
    events_teams_entries_and_leaves,
    moves_round_trip,
    stale_moves_conflict,
    concurrent_moves_one_wins,
    locked_reads_serialize_commands,
    command_commits_all_or_nothing,
    redelivered_update_changes_nothing,
    concurrent_redelivery_processed_once,
    cases_rulings_and_appeals,
    outbox_keeps_order_and_marks_once,
    deadlines_replace_and_claim_in_order,
    a_games_deadlines_are_replaced_by_key,
    audit_log_and_migrations,
    corrupt_rows_fail_naming_their_id,
);
