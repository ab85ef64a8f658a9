//! Moving by touch (issue [touch]) over HTTP: the link `/board` gives, the
//! page and its legal moves, a move posted by the page that goes through
//! the app exactly like a typed one (the opponent's notice, `/record`),
//! and every refusal: a forged, expired or foreign pass, a finished game,
//! Telegram `initData` with a wrong hash, an old date or another user, a
//! cross-site post, a wrong page guard, too many requests (one budget for
//! every process on the database) — and a retried request (also two at
//! once on PostgreSQL) that plays one move; a draw offered, accepted and a
//! game resigned from the page.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration as StdDuration;

use chrono::Duration;
use corrbot::app::service::{App, AppConfig};
use corrbot::app::touch::TouchKey;
use corrbot::app::touch::init_data::sign_for_test;
use corrbot::render::RenderCache;
use corrbot::store::{GameId, GameStatus, Platform, PlayerId};
use corrbot::time::Clock;
use corrbot::web::{Limits, Site, TouchSite, router, serve_on};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;

use crate::support::db::TestDb;
use crate::support::web::TEST_POLL;
use crate::support::world::World;

pub(crate) const BOT_TOKEN: &str = "123456:TEST-TOKEN";
const SECRET: &str = "the test installation's secret";

/// A club whose app signs board links, and its site with the touch board.
pub(crate) struct Club {
    pub(crate) world: World,
    pub(crate) addr: SocketAddr,
    _stop: oneshot::Sender<()>,
}

/// A world on `db` served at a free port, the app linking there.
pub(crate) async fn club(db: &corrbot::store::Db) -> Club {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let base: url::Url = format!("http://{addr}/").parse().unwrap();
    let config = AppConfig::with_admins("console:alice")
        .with_zone(Some(chrono_tz::Europe::Kyiv))
        .with_web_url(Some(base))
        .with_touch_key(Some(TouchKey::new(SECRET)));
    let world = World::configured(db, config);
    let stop = serve_touch(listener, db, world.app.clone());
    Club {
        world,
        addr,
        _stop: stop,
    }
}

/// Serves the site with the touch board of `app` on `listener` until the
/// sender returned is dropped.
fn serve_touch(listener: TcpListener, db: &corrbot::store::Db, app: App) -> oneshot::Sender<()> {
    let clock: Arc<dyn Clock> = app.clock().clone();
    let touch = TouchSite::new(app, TouchKey::new(SECRET), Some(BOT_TOKEN.to_owned()));
    let limits = Limits {
        poll: TEST_POLL,
        ..Limits::default()
    };
    let renders = Arc::new(RenderCache::new(16));
    let site = Site::with_touch(db.clone(), clock, renders, limits, Some(touch));
    let (stop, stopped) = oneshot::channel::<()>();
    tokio::spawn(serve_on(listener, router(site), limits, async move {
        let _ = stopped.await;
    }));
    stop
}

/// An HTTP answer: status and body.
#[derive(Debug)]
pub(crate) struct Answer {
    pub(crate) status: u16,
    pub(crate) body: String,
}

impl Answer {
    pub(crate) fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }

    /// The replies' texts, joined.
    pub(crate) fn said(&self) -> String {
        let json = self.json();
        let texts: Vec<&str> = json["replies"]
            .as_array()
            .unwrap()
            .iter()
            .map(|reply| reply["text"].as_str().unwrap())
            .collect();
        texts.join("\n")
    }
}

/// One request with `head` lines and `body`.
pub(crate) async fn request(
    addr: SocketAddr,
    start: &str,
    head: &[(&str, &str)],
    body: &str,
) -> Answer {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let mut text = format!("{start} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (name, value) in head {
        text.push_str(&format!("{name}: {value}\r\n"));
    }
    text.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
    stream.write_all(text.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(StdDuration::from_secs(30), stream.read_to_end(&mut raw))
        .await
        .expect("an answer within 30 s")
        .unwrap();
    let raw = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = raw.split_once("\r\n\r\n").expect("a head");
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    Answer {
        status,
        body: body.to_owned(),
    }
}

/// The path of `user`'s board link for `game` from `/board`.
pub(crate) async fn board_link(world: &mut World, user: &str, game: i64) -> String {
    let replies = world.ask(user, &format!("/board {game}")).await;
    let url = replies
        .iter()
        .flat_map(|reply| reply.text.lines())
        .find_map(|line| {
            line.strip_prefix("Move on the board: ")
                .or_else(|| line.strip_prefix("Зробити хід на дошці: "))
        })
        .unwrap_or_else(|| panic!("no board link: {replies:?}"));
    let url: url::Url = url.parse().unwrap();
    format!("{}?{}", url.path(), url.query().unwrap())
}

/// The page's embedded data.
pub(crate) async fn page_data(addr: SocketAddr, path: &str) -> serde_json::Value {
    let page = request(addr, &format!("GET {path}"), &[], "").await;
    assert_eq!(page.status, 200, "{}", page.body);
    let start = r#"<script id="touch-data" type="application/json">"#;
    let at = page.body.find(start).expect("the page's data") + start.len();
    let end = page.body[at..].find("</script>").unwrap();
    serde_json::from_str(&page.body[at..at + end]).unwrap()
}

/// Posts `body` as the page does (JSON, from its own origin).
pub(crate) async fn act(addr: SocketAddr, game: i64, body: &serde_json::Value) -> Answer {
    let origin = format!("http://{addr}");
    let head = [
        ("Content-Type", "application/json"),
        ("Origin", origin.as_str()),
        ("Sec-Fetch-Site", "same-origin"),
        ("Accept-Language", "en"),
    ];
    request(
        addr,
        &format!("POST /touch/{game}/act"),
        &head,
        &body.to_string(),
    )
    .await
}

/// The page's move request from `from` to `to` with request id `id`.
fn tap(data: &serde_json::Value, from: &str, to: &str, id: &str) -> serde_json::Value {
    serde_json::json!({
        "pass": data["pass"], "guard": data["guard"], "request": id,
        "action": "move", "from": from, "to": to,
    })
}

async fn plies(world: &World, game: i64) -> i64 {
    world.game(game).await.ply
}

#[tokio::test]
async fn a_tap_moves_like_a_typed_move_and_a_retry_plays_nothing_twice() {
    let test_db = TestDb::sqlite().await;
    let mut club = club(&test_db.db).await;
    club.world.event("Cup", &["bob", "carol"]).await;
    let path = board_link(&mut club.world, "bob", 1).await;
    let outsider = club.world.ask("alice", "/board 1").await;
    assert_eq!(
        outsider.len(),
        1,
        "no link for a game not one's own: {outsider:?}"
    );
    // The player's link comes in a private message with a button that opens it.
    let replies = club.world.ask("bob", "/board 1").await;
    let link = replies.last().unwrap();
    assert!(link.private && link.holds_secret(), "{link:?}");
    assert!(
        link.buttons[0]
            .link
            .as_deref()
            .is_some_and(|url| url.contains("/touch/1?t="))
    );
    let data = page_data(club.addr, &path).await;
    let moves = data["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 20, "the legal moves of the start");
    assert!(
        moves
            .iter()
            .any(|mv| mv["from"] == "g1" && mv["to"] == "f3" && mv["text"] == "Кg1-f3")
    );

    let first = act(club.addr, 1, &tap(&data, "g1", "f3", "request-0001")).await;
    assert_eq!(first.status, 200, "{}", first.body);
    assert_eq!(first.json()["refused"], false, "{}", first.body);
    assert!(first.said().contains("Кg1-f3"), "{}", first.body);
    assert_eq!(plies(&club.world, 1).await, 1);
    // The same request again (a retry): the same answer, no second move.
    let again = act(club.addr, 1, &tap(&data, "g1", "f3", "request-0001")).await;
    assert_eq!(again.said(), first.said());
    assert_eq!(plies(&club.world, 1).await, 1);
    // The opponent is told as of a typed move, and the record has it.
    let out = club.world.say("@carol: /record 1").await;
    assert!(
        out.iter()
            .any(|line| line.starts_with("-> @carol:") && line.contains("Кg1-f3")),
        "{out:?}"
    );
    assert!(out[0].contains("Кg1-f3"), "{out:?}");
    // Not bob's move now: the app refuses, as it refuses a typed move.
    let data = page_data(club.addr, &path).await;
    assert_eq!(data["moves"].as_array().unwrap().len(), 0);
    let early = act(club.addr, 1, &tap(&data, "e2", "e4", "request-0002")).await;
    assert_eq!(early.status, 200, "{}", early.body);
    assert!(!early.said().is_empty(), "the app's refusal is shown");
    assert_eq!(plies(&club.world, 1).await, 1);
    club.world.finish().await;
    test_db.finish().await;
}

#[tokio::test]
async fn forged_expired_foreign_and_finished_passes_move_nothing() {
    let test_db = TestDb::sqlite().await;
    let mut club = club(&test_db.db).await;
    club.world
        .event("Cup", &["bob", "carol", "dave", "erin"])
        .await;
    let path = board_link(&mut club.world, "bob", 1).await;
    let data = page_data(club.addr, &path).await;
    let addr = club.addr;
    let refused = |answer: &Answer, status: u16, words: &str| {
        assert_eq!(answer.status, status, "{}", answer.body);
        assert!(answer.said().contains(words), "{}", answer.body);
    };
    // Tampered: one character of the signature changed.
    let mut forged = data.clone();
    let pass = data["pass"].as_str().unwrap();
    let last = if pass.ends_with('0') { '1' } else { '0' };
    forged["pass"] = format!("{}{last}", &pass[..pass.len() - 1]).into();
    let answer = act(addr, 1, &tap(&forged, "g1", "f3", "request-forged")).await;
    refused(&answer, 403, "link is not valid");
    // A pass for game 1 on another game of the same player.
    let other = {
        let bob = club.world.game(1).await.white;
        let mut found = None;
        for id in 2..=6 {
            let game = club.world.game(id).await;
            if game.white == bob || game.black == bob {
                found = Some(id);
            }
        }
        found.expect("bob's second game")
    };
    let answer = act(addr, other, &tap(&data, "g1", "f3", "request-other")).await;
    refused(&answer, 403, "link is not valid");
    // A cross-site form post, and JSON without the page's guard.
    let form = request(
        addr,
        "POST /touch/1/act",
        &[
            ("Content-Type", "application/x-www-form-urlencoded"),
            ("Origin", "https://evil.example"),
            ("Accept-Language", "en"),
        ],
        &format!("pass={pass}&action=resign&request=request-evil"),
    )
    .await;
    refused(&form, 403, "did not come from the board page");
    let mut unguarded = tap(&data, "g1", "f3", "request-guard");
    unguarded["guard"] = "00.00".into();
    refused(
        &act(addr, 1, &unguarded).await,
        403,
        "did not come from the board page",
    );
    let foreign_origin = request(
        addr,
        "POST /touch/1/act",
        &[
            ("Content-Type", "application/json"),
            ("Origin", "https://evil.example"),
            ("Accept-Language", "en"),
        ],
        &tap(&data, "g1", "f3", "request-origin").to_string(),
    )
    .await;
    refused(&foreign_origin, 403, "did not come from the board page");
    assert_eq!(plies(&club.world, 1).await, 0, "nothing moved");
    // Expired: the pass outlives its lifetime.
    club.world
        .clock
        .advance(corrbot::app::touch::PASS_LIFETIME + Duration::minutes(1));
    let answer = act(addr, 1, &tap(&data, "g1", "f3", "request-late")).await;
    refused(&answer, 403, "link has expired");
    let page = request(addr, &format!("GET {path}"), &[], "").await;
    assert_eq!(page.status, 403, "{}", page.body);
    // Revoked: a fresh pass is void once the game has ended.
    let path = board_link(&mut club.world, "bob", 1).await;
    let data = page_data(addr, &path).await;
    club.world.say("@bob: /resign 1 confirm").await;
    assert_eq!(
        club.world.game(1).await.status,
        corrbot::store::GameStatus::Finished
    );
    let answer = act(addr, 1, &tap(&data, "g1", "f3", "request-ended")).await;
    refused(&answer, 410, "game is over");
    assert_eq!(plies(&club.world, 1).await, 0, "nothing moved");
    club.world.finish().await;
    test_db.finish().await;
}

#[tokio::test]
async fn a_player_has_a_bounded_number_of_requests() {
    let test_db = TestDb::sqlite().await;
    let mut club = club(&test_db.db).await;
    club.world.event("Cup", &["bob", "carol"]).await;
    let path = board_link(&mut club.world, "bob", 1).await;
    let data = page_data(club.addr, &path).await;
    let mut statuses = Vec::new();
    for n in 0..13 {
        let mut nothing = tap(&data, "g1", "f3", &format!("request-{n:04}"));
        nothing["action"] = "nothing".into();
        statuses.push(act(club.addr, 1, &nothing).await.status);
    }
    assert_eq!(statuses[..12], [400; 12]);
    assert_eq!(statuses[12], 429);
    club.world.finish().await;
    test_db.finish().await;
}

/// The page's request for `action` (a draw offer, accepting one,
/// resigning), which the page sends only after its own confirmation.
fn action(data: &serde_json::Value, action: &str, id: &str) -> serde_json::Value {
    serde_json::json!({
        "pass": data["pass"], "guard": data["guard"], "request": id, "action": action,
    })
}

#[tokio::test]
async fn a_draw_is_offered_and_accepted_and_a_game_resigned_from_the_page() {
    let test_db = TestDb::sqlite().await;
    let mut club = club(&test_db.db).await;
    club.world.event("Cup", &["bob", "carol"]).await;
    let bob = page_data(club.addr, &board_link(&mut club.world, "bob", 1).await).await;
    let carol = page_data(club.addr, &board_link(&mut club.world, "carol", 1).await).await;
    // Nothing to accept yet: the app refuses as it refuses `/draw accept`.
    let early = act(club.addr, 1, &action(&carol, "draw-accept", "accept-0001")).await;
    assert_eq!(early.status, 200, "{}", early.body);
    assert_eq!(club.world.game(1).await.status, GameStatus::Running);
    // Bob offers: Carol is told as of a typed offer, with its buttons.
    let offered = act(club.addr, 1, &action(&bob, "draw-offer", "offer-0001")).await;
    assert_eq!(offered.status, 200, "{}", offered.body);
    assert_eq!(offered.json()["refused"], false, "{}", offered.body);
    let out = club.world.say("@carol: /games").await;
    let told = out
        .iter()
        .find(|line| line.starts_with("-> @carol:") && line.contains("/draw accept 1"));
    assert!(told.is_some(), "no draw offer notice: {out:?}");
    // Carol accepts from her page: the game ends drawn.
    let accepted = act(club.addr, 1, &action(&carol, "draw-accept", "accept-0002")).await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    let game = club.world.game(1).await;
    assert_eq!(game.status, GameStatus::Finished, "{}", accepted.body);
    assert_eq!(game.result_text(), Some("1/2-1/2"));

    // A second game, resigned from the page; the link is void after it.
    club.world.event("Cup 2", &["bob", "carol"]).await;
    let path = board_link(&mut club.world, "bob", 2).await;
    let data = page_data(club.addr, &path).await;
    let resigned = act(club.addr, 2, &action(&data, "resign", "resign-0001")).await;
    assert_eq!(resigned.status, 200, "{}", resigned.body);
    let game = club.world.game(2).await;
    assert_eq!(game.status, GameStatus::Finished, "{}", resigned.body);
    let bob_white = game.white == club.world.game(1).await.white;
    let lost = if bob_white { "0-1" } else { "1-0" };
    assert_eq!(game.result_text(), Some(lost));
    let again = act(club.addr, 2, &action(&data, "resign", "resign-0002")).await;
    assert_eq!(again.status, 410, "{}", again.body);
    club.world.finish().await;
    test_db.finish().await;
}

/// Two processes serving the board on one database (here two apps and
/// sites on one pool) spend one request budget per player: what one has
/// counted, the other refuses past.
async fn two_sites_share_one_budget(test_db: TestDb) {
    let mut club = club(&test_db.db).await;
    club.world.event("Cup", &["bob", "carol"]).await;
    let clock: Arc<dyn Clock> = club.world.clock.clone();
    let other_app = App::new(test_db.db.clone(), clock, AppConfig::default());
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let other = listener.local_addr().unwrap();
    let _stop_other = serve_touch(listener, &test_db.db, other_app);
    let path = board_link(&mut club.world, "bob", 1).await;
    let data = page_data(club.addr, &path).await;
    let mut statuses = Vec::new();
    for n in 0..13 {
        let mut nothing = tap(&data, "g1", "f3", &format!("request-{n:04}"));
        nothing["action"] = "nothing".into();
        let addr = if n % 2 == 0 { club.addr } else { other };
        statuses.push(act(addr, 1, &nothing).await.status);
    }
    assert_eq!(statuses[..12], [400; 12]);
    assert_eq!(statuses[12], 429, "the budget is spent across both");
    // Another player is not held up, and requests at once through both
    // sites are each counted: exactly the budget is heard.
    let carol = page_data(club.addr, &board_link(&mut club.world, "carol", 1).await).await;
    let requests = (0..16).map(|n| {
        let mut nothing = tap(&carol, "e7", "e5", &format!("carol-{n:04}"));
        nothing["action"] = "nothing".into();
        let addr = if n % 2 == 0 { club.addr } else { other };
        async move { act(addr, 1, &nothing).await.status }
    });
    let mut statuses = futures_util::future::join_all(requests).await;
    statuses.sort_unstable();
    assert_eq!(statuses, [[400; 12].as_slice(), &[429; 4]].concat());
    // A new window gives a new budget.
    club.world.clock.advance(Duration::minutes(1));
    let mut fresh = tap(&data, "g1", "f3", "request-fresh");
    fresh["action"] = "nothing".into();
    assert_eq!(act(other, 1, &fresh).await.status, 400);
    club.world.finish().await;
    test_db.finish().await;
}

#[tokio::test]
async fn two_sites_share_one_budget_on_sqlite() {
    two_sites_share_one_budget(TestDb::sqlite().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_sites_share_one_budget_on_postgres() {
    if let Some(test_db) = TestDb::postgres().await {
        two_sites_share_one_budget(test_db).await;
    }
}

/// An event where Telegram user `1001` (White) plays console user carol;
/// Telegram user `1003` is registered and plays nothing.
async fn telegram_club(db: &corrbot::store::Db) -> Club {
    let mut club = club(db).await;
    let world = &mut club.world;
    world.say("@alice: /event create Cup").await;
    world.say_on(Platform::Telegram, "1001", "/lang en").await;
    world
        .say_on(Platform::Telegram, "1001", "/event join 1")
        .await;
    world.say_on(Platform::Telegram, "1003", "/start").await;
    world.say("@carol: /event join 1").await;
    world.say("@alice: /event start 1").await;
    club
}

#[tokio::test]
async fn telegram_init_data_moves_only_for_its_player() {
    let test_db = TestDb::sqlite().await;
    let club = telegram_club(&test_db.db).await;
    let game = club.world.game(1).await;
    let key = TouchKey::new(SECRET);
    let now = club.world.clock.now();
    let white = game.white;
    let body = |init_data: String, player: PlayerId, id: &str| {
        serde_json::json!({
            "init_data": init_data, "guard": key.page_guard(player, GameId(1)),
            "request": id, "action": "move", "from": "e2", "to": "e4",
        })
    };
    let wrong_hash = sign_for_test(1001, now, "999:ANOTHER-BOT");
    let answer = act(club.addr, 1, &body(wrong_hash, white, "tg-request-1")).await;
    assert_eq!(answer.status, 403, "{}", answer.body);
    assert!(
        answer.said().contains("Telegram did not confirm"),
        "{}",
        answer.body
    );
    let old = sign_for_test(1001, now - Duration::hours(25), BOT_TOKEN);
    let answer = act(club.addr, 1, &body(old, white, "tg-request-2")).await;
    assert_eq!(answer.status, 403, "{}", answer.body);
    let someone_else = sign_for_test(1003, now, BOT_TOKEN);
    let answer = act(club.addr, 1, &body(someone_else, white, "tg-request-3")).await;
    assert_eq!(answer.status, 403, "{}", answer.body);
    assert_eq!(plies(&club.world, 1).await, 0, "nothing moved");
    let fresh = sign_for_test(1001, now, BOT_TOKEN);
    let answer = act(club.addr, 1, &body(fresh, white, "tg-request-4")).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.json()["refused"], false, "{}", answer.body);
    assert_eq!(plies(&club.world, 1).await, 1);
    club.world.finish().await;
    test_db.finish().await;
}

/// Two copies of one request at once: one move, the same answer to both
/// (on PostgreSQL the second waits on the inbound row's key).
async fn simultaneous_retries_play_one_move(test_db: TestDb) {
    let mut club = club(&test_db.db).await;
    club.world.event("Cup", &["bob", "carol"]).await;
    let path = board_link(&mut club.world, "bob", 1).await;
    let data = page_data(club.addr, &path).await;
    let request = tap(&data, "e2", "e4", "request-race-1");
    let (one, two) = tokio::join!(act(club.addr, 1, &request), act(club.addr, 1, &request));
    assert_eq!((one.status, two.status), (200, 200), "{one:?} {two:?}");
    assert_eq!(one.said(), two.said());
    assert_eq!(one.json()["refused"], false, "{}", one.body);
    assert_eq!(plies(&club.world, 1).await, 1);
    club.world.finish().await;
    test_db.finish().await;
}

#[tokio::test]
async fn simultaneous_retries_play_one_move_on_sqlite() {
    simultaneous_retries_play_one_move(TestDb::sqlite().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn simultaneous_retries_play_one_move_on_postgres() {
    if let Some(test_db) = TestDb::postgres().await {
        simultaneous_retries_play_one_move(test_db).await;
    }
}
