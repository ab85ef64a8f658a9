//! The player's calendar feed (issue web-2): `/calendar` answers in
//! private with a link `BASE/calendar/TOKEN.ics` whose feed lists exactly
//! that player's deadlines (games in play where they are to move), in
//! their language, as RFC 5545 text; a new `/calendar` kills the old link
//! and `/calendar off` the current one (404). On SQLite and PostgreSQL.

use std::collections::BTreeSet;
use std::sync::Arc;

use corrbot::app::service::AppConfig;
use corrbot::store::GameId;
use corrbot::time::Clock;

use crate::support::db::{TestDb, on_both};
use crate::support::web::{get, serve};
use crate::support::world::World;

const BASE: &str = "https://club.example/";

/// bob, carol and dave play event #1 (three games); dave reads Ukrainian.
async fn club(test_db: &TestDb) -> World {
    let url = url::Url::parse(BASE).unwrap();
    let config = AppConfig::with_admins("console:alice")
        .with_zone(Some(chrono_tz::Europe::Kyiv))
        .with_web_url(Some(url));
    let mut world = World::configured(&test_db.db, config);
    world.english(&["alice", "bob", "carol", "dave"]).await;
    world.started_event("", &["bob", "carol", "dave"]).await;
    world.say("@dave: /lang uk").await;
    world
}

/// `/calendar` (or `/calendar off`) from `user`: the reply, which must be
/// private, and the feed's path in it, if any.
async fn calendar(world: &mut World, user: &str, text: &str) -> (String, Option<String>) {
    let replies = world.ask(user, text).await;
    assert_eq!(replies.len(), 1, "{replies:?}");
    assert!(replies[0].private, "{replies:?}");
    let text = replies[0].text.clone();
    let path = text.split_whitespace().find_map(|word| {
        word.strip_prefix(BASE)
            .map(|rest| format!("/{}", rest.trim_end_matches(['.', ','])))
    });
    (text, path)
}

/// The console name of the player to move in each running game.
async fn to_move(test_db: &TestDb) -> Vec<(i64, String, i64)> {
    let mut tx = test_db.db.read().await.unwrap();
    let mut out = Vec::new();
    for id in 1..=3 {
        let game = tx.game(GameId(id)).await.unwrap();
        if game.status != corrbot::store::GameStatus::Running {
            continue;
        }
        let mover = if game.ply % 2 == 0 {
            game.white
        } else {
            game.black
        };
        let name = tx.accounts_of(mover).await.unwrap()[0]
            .platform_user_id
            .clone();
        out.push((id, name, game.ply));
    }
    out
}

/// The UIDs of a feed, after checking its lines are RFC 5545's.
fn uids(feed: &str) -> BTreeSet<String> {
    assert!(feed.starts_with("BEGIN:VCALENDAR\r\n"), "{feed}");
    assert!(feed.ends_with("END:VCALENDAR\r\n"), "{feed}");
    assert!(!feed.replace("\r\n", "").contains('\n'), "bare LF: {feed}");
    for line in feed.split("\r\n") {
        assert!(line.len() <= 75, "{} octets: {line}", line.len());
    }
    let unfolded = feed.replace("\r\n ", "");
    assert_eq!(
        unfolded.matches("BEGIN:VEVENT").count(),
        unfolded.matches("DTSTAMP:").count()
    );
    unfolded
        .split("\r\n")
        .filter_map(|line| line.strip_prefix("UID:"))
        .map(str::to_owned)
        .collect()
}

async fn the_feed_lists_exactly_the_players_deadlines(test_db: &TestDb) {
    let mut world = club(test_db).await;
    let clock: Arc<dyn Clock> = world.clock.clone();
    let server = serve(&test_db.db, clock).await;
    let addr = server.addr;
    // A finished game is in no feed: the first game's White resigns it.
    let first = to_move(test_db).await[0].clone();
    world.say(&format!("@{}: /resign 1 confirm", first.1)).await;
    assert_eq!(
        world.game(1).await.status,
        corrbot::store::GameStatus::Finished
    );
    let moving = to_move(test_db).await;
    assert_eq!(moving.len(), 2, "{moving:?}");
    for user in ["bob", "carol", "dave"] {
        let (reply, path) = calendar(&mut world, user, "/calendar").await;
        let path = path.unwrap_or_else(|| panic!("no link: {reply}"));
        assert!(
            path.starts_with("/calendar/") && path.ends_with(".ics"),
            "{path}"
        );
        let feed = get(addr, &path, &[]).await;
        assert_eq!(feed.status, 200, "{path}");
        assert!(
            feed.header("content-type")
                .unwrap()
                .starts_with("text/calendar"),
            "{feed:?}"
        );
        let text = feed.text();
        let expected: BTreeSet<String> = moving
            .iter()
            .filter(|(_, mover, _)| mover == user)
            .map(|(id, _, ply)| format!("game-{id}-ply-{ply}@corrbot"))
            .collect();
        assert_eq!(uids(&text), expected, "{user}: {text}");
        let unfolded = text.replace("\r\n ", "");
        for (id, _, _) in moving.iter().filter(|(_, mover, _)| mover == user) {
            let summary = match user {
                "dave" => format!("SUMMARY:Хід у партії #{id} — суперник: "),
                _ => format!("SUMMARY:Move in game #{id} — opponent: "),
            };
            assert!(unfolded.contains(&summary), "{user}: {unfolded}");
        }
        let stamped = unfolded.contains("DTSTAMP:2026");
        assert_eq!(stamped, !expected.is_empty(), "{unfolded}");
    }
    drop(server);
    world.finish().await;
}

async fn an_old_or_revoked_link_answers_404(test_db: &TestDb) {
    let mut world = club(test_db).await;
    let clock: Arc<dyn Clock> = world.clock.clone();
    let server = serve(&test_db.db, clock).await;
    let addr = server.addr;
    let (_, old) = calendar(&mut world, "bob", "/calendar").await;
    let old = old.unwrap();
    assert_eq!(get(addr, &old, &[]).await.status, 200);
    let (_, new) = calendar(&mut world, "bob", "/calendar").await;
    let new = new.unwrap();
    assert_ne!(old, new);
    assert_eq!(get(addr, &old, &[]).await.status, 404);
    assert_eq!(get(addr, &new, &[]).await.status, 200);
    let (reply, none) = calendar(&mut world, "bob", "/calendar off").await;
    assert!(none.is_none() && reply.contains("turned off"), "{reply}");
    assert_eq!(get(addr, &new, &[]).await.status, 404);
    let (reply, _) = calendar(&mut world, "bob", "/calendar off").await;
    assert!(reply.contains("no calendar link"), "{reply}");
    let (reply, _) = calendar(&mut world, "dave", "/календар вимкнути").await;
    assert!(reply.contains("календар"), "{reply}");
    // Nothing like a token, and a token of another shape, are unknown.
    for path in ["/calendar/x.ics", "/calendar/abc", "/calendar/%2e%2e.ics"] {
        assert_eq!(get(addr, path, &[]).await.status, 404, "{path}");
    }
    let out = world.say("@bob: /calendar sometimes").await;
    assert!(out[0].contains("calendar"), "{out:?}");
    drop(server);
    world.finish().await;
}

async fn without_a_web_site_there_is_no_link(test_db: &TestDb) {
    let mut world = World::new(&test_db.db);
    world.english(&["alice", "bob"]).await;
    let (reply, path) = calendar(&mut world, "bob", "/calendar").await;
    assert!(path.is_none() && reply.contains("no web site"), "{reply}");
    world.finish().await;
}

/// The deadline's start date in a feed's entry for game `id`
/// (`DTSTART…:YYYYMMDD…`).
fn start_day(feed: &str, id: i64) -> chrono::NaiveDate {
    let unfolded = feed.replace("\r\n ", "");
    let entry = unfolded
        .split("BEGIN:VEVENT")
        .find(|entry| entry.contains(&format!("UID:game-{id}-ply-")))
        .unwrap_or_else(|| panic!("no entry for #{id}: {unfolded}"));
    let line = entry
        .split("\r\n")
        .find(|line| line.starts_with("DTSTART"))
        .unwrap();
    let digits = &line[line.find(':').unwrap() + 1..][..8];
    chrono::NaiveDate::parse_from_str(digits, "%Y%m%d").unwrap()
}

/// R3.6: a leave moves the deadline in the feed by its length, and the
/// entry says the player is on leave until its last day.
async fn a_leave_moves_the_deadline_and_is_named(test_db: &TestDb) {
    let mut world = club(test_db).await;
    let clock: Arc<dyn Clock> = world.clock.clone();
    let server = serve(&test_db.db, clock).await;
    let addr = server.addr;
    let (id, _, _) = to_move(test_db)
        .await
        .into_iter()
        .find(|(_, mover, _)| mover == "bob")
        .expect("bob moves in a game");
    let (_, path) = calendar(&mut world, "bob", "/calendar").await;
    let path = path.unwrap();
    let before = get(addr, &path, &[]).await.text();
    assert!(!before.contains("On leave"), "{before}");
    let tomorrow = (world.clock.now() + chrono::Duration::days(1))
        .with_timezone(&chrono_tz::Europe::Kyiv)
        .date_naive();
    let out = world
        .say(&format!(
            "@bob: /leave add {} 5",
            tomorrow.format("%Y-%m-%d")
        ))
        .await;
    assert!(out[0].contains("registered"), "{out:?}");
    world.clock.advance(chrono::Duration::days(2));
    let during = get(addr, &path, &[]).await.text();
    let shift = start_day(&during, id) - start_day(&before, id);
    assert_eq!(shift.num_days(), 5, "{before}\n{during}");
    let last = tomorrow + chrono::Duration::days(4);
    let named = format!("On leave until {}", last.format("%d.%m.%Y"));
    assert!(
        during.replace("\r\n ", "").contains(&named),
        "{named}: {during}"
    );
    drop(server);
    world.finish().await;
}

on_both!(
    the_feed_lists_exactly_the_players_deadlines,
    an_old_or_revoked_link_answers_404,
    without_a_web_site_there_is_no_link,
    a_leave_moves_the_deadline_and_is_named,
);
