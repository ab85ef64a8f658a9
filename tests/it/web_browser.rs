//! The public pages in a real browser: headless Chromium (Debian's
//! `chromium` with `chromium-driver`, installed by `.ci/run`) driven over
//! WebDriver (fantoccini). It opens the event page of a populated
//! database, checks the crosstable and a game page by their content, steps
//! through the game with the arrow keys, and sees a move made through the
//! app appear by itself (SSE). Where no browser is found it prints a notice
//! and passes. With `CORRBOT_SCREENSHOTS=1` it writes the screenshots of
//! the README (`docs/images/web-event.png`, `docs/images/web-game.png`).

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use corrbot::time::Clock;
use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;

use crate::support::db::TestDb;
use crate::support::web::{name_of, populate, serve};
use crate::support::world::World;

const CHROMIUM: &str = "/usr/bin/chromium";
const DRIVER: &str = "/usr/bin/chromedriver";

/// The WebDriver server, stopped when dropped.
pub(crate) struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    let socket = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    socket.local_addr().unwrap().port()
}

/// Starts chromedriver and a headless Chromium session.
pub(crate) async fn browser() -> Option<(Driver, Client)> {
    if !Path::new(CHROMIUM).exists() || !Path::new(DRIVER).exists() {
        eprintln!(
            "notice: {CHROMIUM} or {DRIVER} is missing (apt-get install chromium chromium-driver); \
             skipping the browser test"
        );
        return None;
    }
    let port = free_port();
    let child = Command::new(DRIVER)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let driver = Driver(child);
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        serde_json::json!({
            "binary": CHROMIUM,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--window-size=1100,1300", "--lang=en-GB"],
        }),
    );
    let url = format!("http://127.0.0.1:{port}");
    // chromedriver takes a moment to listen: try for up to 20 s.
    for _ in 0..200 {
        let connected = ClientBuilder::new(HttpConnector::new())
            .capabilities(caps.clone())
            .connect(&url)
            .await;
        match connected {
            Ok(client) => return Some((driver, client)),
            Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
    panic!("chromedriver did not start");
}

pub(crate) async fn text_of(client: &Client, css: &str) -> String {
    let element = client
        .wait()
        .at_most(Duration::from_secs(10))
        .for_element(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"));
    element.text().await.unwrap()
}

async fn press(client: &Client, key: Key) {
    let body = client.find(Locator::Css("body")).await.unwrap();
    body.send_keys(&char::from(key).to_string()).await.unwrap();
}

async fn wait_for_path(client: &Client, base: &str, path: &str) {
    let url = url::Url::parse(&format!("{base}{path}")).unwrap();
    client
        .wait()
        .at_most(Duration::from_secs(10))
        .for_url(&url)
        .await
        .unwrap_or_else(|e| panic!("{path}: {e}"));
}

fn screenshot(name: &str, png: &[u8]) {
    if std::env::var("CORRBOT_SCREENSHOTS").as_deref() == Ok("1") {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("docs/images")
            .join(name);
        std::fs::write(path, png).unwrap();
    }
}

/// With `CORRBOT_SCREENSHOTS=1`, every page size the test opens is written
/// to `target/tmp/screens/NAME` to be looked at, and to `docs/images`.
pub(crate) fn look(name: &str, png: &[u8]) {
    if std::env::var("CORRBOT_SCREENSHOTS").as_deref() != Ok("1") {
        return;
    }
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("screens");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(name), png).unwrap();
    screenshot(name, png);
}

/// Runs `script` and returns its answer.
async fn js(client: &Client, script: &str) -> serde_json::Value {
    client
        .execute(script, vec![])
        .await
        .unwrap_or_else(|e| panic!("{script}: {e}"))
}

/// The ply of the move marked current in the move list, and how many are
/// marked (a browser keeps only the first of two `class` attributes).
async fn marked_move(client: &Client) -> (Option<i64>, i64) {
    let answer = js(
        client,
        "const marked = document.querySelectorAll('#moves td.current'); \
         const link = marked.length ? marked[0].querySelector('a') : null; \
         return [link ? Number(link.dataset.ply) : null, marked.length];",
    )
    .await;
    (answer[0].as_i64(), answer[1].as_i64().unwrap())
}

/// How many resources the page has fetched since it was loaded (the
/// Performance API's entries; the open live stream is not one yet).
async fn requests_made(client: &Client) -> i64 {
    let answer = js(
        client,
        "return performance.getEntriesByType('resource').length;",
    )
    .await;
    answer.as_i64().unwrap()
}

/// The README's figures of the game page, printed (`--nocapture`): the
/// bytes of the first load (HTML, CSS, JS; the PNG only without the
/// script) and its time, and the time of a step in the page (no bytes).
async fn page_figures(client: &Client) {
    let answer = js(
        client,
        "const nav = performance.getEntriesByType('navigation')[0]; \
         const res = performance.getEntriesByType('resource'); \
         const bytes = res.reduce((n, r) => n + r.encodedBodySize, nav.encodedBodySize); \
         const t0 = performance.now(); \
         for (let i = 0; i < 20; i++) { \
           document.dispatchEvent(new KeyboardEvent('keydown', { key: i % 2 ? 'ArrowRight' : 'ArrowLeft' })); \
           document.body.offsetHeight; } \
         const step = (performance.now() - t0) / 20; \
         return [nav.encodedBodySize, bytes, nav.loadEventEnd - nav.startTime, step, \
                 res.map(r => r.name + ' ' + r.encodedBodySize).join(', ')];",
    )
    .await;
    eprintln!("figures: game page first load {answer}");
}

/// The square `e4` of the board drawn in the page: its last-move mark and
/// piece, as words.
async fn board_text(client: &Client) -> String {
    let answer = js(
        client,
        "const sq = document.querySelector('#grid [data-sq=e4]'); \
         const pc = sq.querySelector('.pc'); \
         return (sq.classList.contains('last') ? 'e4 played: ' : '') + \
           (pc ? (pc.classList.contains('white') ? 'white' : 'black') + \
             (pc.textContent[0] === '♟' ? ' pawn' : ' piece') + ' on e4' : 'empty');",
    )
    .await;
    answer.as_str().unwrap().to_owned()
}

/// Waits for `path`, then checks that the move of `ply` alone is marked
/// (none at the start).
async fn stepped_to(client: &Client, base: &str, path: &str, ply: i64) {
    wait_for_path(client, base, path).await;
    let expected = if ply == 0 { (None, 0) } else { (Some(ply), 1) };
    assert_eq!(marked_move(client).await, expected, "{path}");
}

/// Opens `url` in a window of `size`: the page shows `text` and is no
/// wider than the window (no sideways scrolling on a phone; a wide table
/// scrolls in its own box). With `CORRBOT_SCREENSHOTS=1` the page is
/// written to `docs/images/NAME` to be looked at.
pub(crate) async fn seen_at(client: &Client, size: (u32, u32), url: &str, text: &str, name: &str) {
    client.set_window_size(size.0, size.1).await.unwrap();
    client.goto(url).await.unwrap();
    let body = text_of(client, "body").await;
    assert!(body.contains(text), "{url} at {size:?}: no «{text}»");
    let widths = client
        .execute(
            "return [document.documentElement.scrollWidth, window.innerWidth, \
             [...document.querySelectorAll('body *')].filter(e => !e.closest('.scroll') && e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 8).map(e => e.tagName + '#' + e.id + '.' + e.className).join(' ')];",
            vec![],
        )
        .await
        .unwrap();
    let [scroll, inner] = [0, 1].map(|i| widths[i].as_i64().unwrap());
    look(name, &client.screenshot().await.unwrap());
    assert!(
        scroll <= inner,
        "{url} at {size:?}: {scroll} px wide in {inner} px: {}",
        widths[2]
    );
}

/// Whether the crosstable is wider than its box, and whether the line
/// saying it scrolls is shown.
async fn crosstable_scrolls(client: &Client) -> (bool, bool) {
    let answer = js(
        client,
        "const box = document.getElementById('crosstable').closest('.scroll'); \
         const hint = box.nextElementSibling; \
         return [box.scrollWidth > box.clientWidth + 1, \
                 !!hint && hint.classList.contains('scroll-hint') && getComputedStyle(hint).display !== 'none'];",
    )
    .await;
    (answer[0].as_bool().unwrap(), answer[1].as_bool().unwrap())
}

/// The game page's layout at `size`: on a desktop the moves beside the
/// board and within the first screen (the clocks line does not widen the
/// board's column), on a phone under it; the step links big enough to tap
/// and apart from the board; the keyboard hint only where there are keys.
async fn game_layout(client: &Client, size: (u32, u32), lang: &str) {
    let answer = js(
        client,
        "const r = s => document.querySelector(s).getBoundingClientRect(); \
         const board = r('#board'), moves = r('#moves'); \
         const steps = [...document.querySelectorAll('nav.plies a, nav.plies span')].map(e => e.getBoundingClientRect()); \
         const hint = document.querySelector('.hint'); \
         return [board.right, moves.left, moves.top, board.bottom, \
                 Math.min(...steps.map(s => s.top)), Math.min(...steps.map(s => s.height)), \
                 Math.min(...steps.map(s => s.width)), getComputedStyle(hint).display !== 'none'];",
    )
    .await;
    let number = |i: usize| answer[i].as_f64().unwrap();
    let (board_right, moves_left, moves_top) = (number(0), number(1), number(2));
    let (board_bottom, steps_top) = (number(3), number(4));
    let (step_height, step_width) = (number(5), number(6));
    let hint = answer[7].as_bool().unwrap();
    let at = format!("{lang} at {size:?}");
    if size.0 >= 1000 {
        assert!(
            moves_left >= board_right,
            "{at}: the moves are not beside the board: {answer}"
        );
        assert!(
            moves_top < f64::from(size.1) / 2.0,
            "{at}: the moves start low: {answer}"
        );
        assert!(hint, "{at}: no keyboard hint on a desktop");
    } else {
        assert!(!hint, "{at}: the keyboard hint shows on a phone");
    }
    assert!(
        step_height >= 40.0 && step_width >= 40.0,
        "{at}: small step links: {answer}"
    );
    assert!(
        steps_top >= board_bottom + 8.0,
        "{at}: the step links touch the board: {answer}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_reads_the_event_steps_through_a_game_and_sees_a_move_arrive() {
    let Some((_driver, client)) = browser().await else {
        return;
    };
    let test_db = TestDb::sqlite().await;
    let mut world = World::new(&test_db.db);
    populate(&mut world).await;
    let clock: Arc<dyn Clock> = world.clock.clone();
    let server = serve(&test_db.db, clock).await;
    let base = format!("http://{}", server.addr);

    client
        .goto(&format!("{base}/event/1?lang=en"))
        .await
        .unwrap();
    let table = text_of(&client, "#crosstable").await;
    for name in ["Taras", "bohdan", "alice", "<script>alert(1)</script>"] {
        assert!(
            table.contains(name),
            "{name} not in the crosstable: {table}"
        );
    }
    assert!(text_of(&client, "#games").await.contains("in play"));
    screenshot("web-event.png", &client.screenshot().await.unwrap());
    // The event page on a desktop and on a phone, in both languages: the
    // regulation's zone line (R3.5.6) is there and nothing runs off the
    // side of the screen.
    for (width, height) in [(1280, 900), (390, 844)] {
        for (lang, zone_line) in [
            ("uk", "Часовий пояс, за яким рахують строки:"),
            ("en", "Time zone for deadlines:"),
        ] {
            let url = format!("{base}/event/1?lang={lang}");
            let name = format!("web-event-{width}-{lang}.png");
            seen_at(&client, (width, height), &url, zone_line, &name).await;
            // A crosstable wider than a phone says that it scrolls.
            let (wider, hint) = crosstable_scrolls(&client).await;
            if wider {
                assert!(
                    hint,
                    "{url} at {width}: no sign that the crosstable scrolls"
                );
            }
            if width == 390 {
                assert!(
                    wider,
                    "four players' crosstable fits 390 px: the sign is untested"
                );
            } else {
                assert!(
                    !hint,
                    "{url} at {width}: the sign shows on a table that fits"
                );
            }
        }
    }
    client.set_window_size(1100, 1300).await.unwrap();
    client
        .goto(&format!("{base}/event/1?lang=en"))
        .await
        .unwrap();

    // A crosstable cell opens its game (web-2), as the games table does.
    client
        .find(Locator::Css("#crosstable a.cell[href='/game/2']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_for_path(&client, &base, "/game/2").await;
    client.back().await.unwrap();
    wait_for_path(&client, &base, "/event/1?lang=en").await;
    client
        .find(Locator::Css("#games a[href='/game/1']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_for_path(&client, &base, "/game/1").await;
    let moves = text_of(&client, "#moves").await;
    assert!(moves.contains("e4") && moves.contains("Nf3"), "{moves}");
    assert!(text_of(&client, "#ply").await.contains("ply 3 of 3"));
    stepped_to(&client, &base, "/game/1", 3).await;
    // Issue 36: the side to move's time to think and last minute (R3.5.7).
    let turn = text_of(&client, "#turn").await;
    assert!(turn.contains("Black to move since "), "{turn}");
    let deadline = text_of(&client, "#deadline").await;
    assert!(
        deadline.contains("left to think") && deadline.contains("at the latest"),
        "{deadline}"
    );

    // The current move is marked at every step, and only it; stepping
    // asks the server for nothing (the board is drawn in the page).
    let requests = requests_made(&client).await;
    press(&client, Key::Left).await;
    stepped_to(&client, &base, "/game/1/ply/2", 2).await;
    assert!(text_of(&client, "#ply").await.contains("ply 2 of 3"));
    press(&client, Key::Home).await;
    stepped_to(&client, &base, "/game/1/ply/0", 0).await;
    press(&client, Key::Right).await;
    stepped_to(&client, &base, "/game/1/ply/1", 1).await;
    press(&client, Key::Right).await;
    stepped_to(&client, &base, "/game/1/ply/2", 2).await;
    press(&client, Key::End).await;
    stepped_to(&client, &base, "/game/1", 3).await;
    // A tap on the board's left half steps back, a link in the list jumps.
    js(
        &client,
        "const g = document.getElementById('grid').getBoundingClientRect(); \
         const at = { clientX: g.left + 5, clientY: g.top + 5, bubbles: true }; \
         const grid = document.getElementById('grid'); \
         grid.dispatchEvent(new PointerEvent('pointerdown', at)); \
         grid.dispatchEvent(new PointerEvent('pointerup', at)); return 1;",
    )
    .await;
    stepped_to(&client, &base, "/game/1/ply/2", 2).await;
    client
        .find(Locator::Css("#moves a[data-ply='1']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    stepped_to(&client, &base, "/game/1/ply/1", 1).await;
    assert_eq!(board_text(&client).await, "e4 played: white pawn on e4");
    assert_eq!(
        requests_made(&client).await,
        requests,
        "stepping made a request"
    );
    page_figures(&client).await;
    // A reload shows the same ply, drawn by the server.
    client.refresh().await.unwrap();
    stepped_to(&client, &base, "/game/1/ply/1", 1).await;
    press(&client, Key::End).await;
    stepped_to(&client, &base, "/game/1", 3).await;

    // A move made through the app appears without a reload.
    let marker = "document.body.setAttribute('data-mark', 'still here'); return 1;";
    client.execute(marker, vec![]).await.unwrap();
    let black = {
        let mut tx = test_db.db.read().await.unwrap();
        let game = tx.game(corrbot::store::GameId(1)).await.unwrap();
        tx.accounts_of(game.black).await.unwrap()[0]
            .platform_user_id
            .clone()
    };
    world.move_as(&black, 1, "Кb8-c6").await;
    let appeared = client
        .wait()
        .at_most(Duration::from_secs(20))
        .for_element(Locator::XPath("//table[@id='moves']//a[text()='Nc6']"))
        .await;
    if appeared.is_err() {
        let state = client
            .execute("return [document.body.getAttribute('data-live'), document.body.getAttribute('data-updated'), document.getElementById('moves').innerText];", vec![])
            .await;
        panic!("the move did not appear by SSE: {state:?}");
    }
    let mark = client
        .execute("return document.body.getAttribute('data-mark');", vec![])
        .await
        .unwrap();
    assert_eq!(
        mark,
        serde_json::json!("still here"),
        "the page was not reloaded"
    );
    assert!(text_of(&client, "#ply").await.contains("ply 4 of 4"));
    assert_eq!(
        marked_move(&client).await,
        (Some(4), 1),
        "the new move is marked"
    );
    // The deadline is written again in the reader's own zone by the script.
    let deadline = text_of(&client, "#deadline").await;
    assert!(deadline.contains("(your time)"), "{deadline}");
    screenshot("web-game.png", &client.screenshot().await.unwrap());
    a_delayed_move_appears_two_moves_later(&client, &base, &mut world).await;
    // The game page on a desktop and on a phone, in both languages.
    for (width, height) in [(1280, 900), (390, 844)] {
        for lang in ["uk", "en"] {
            let url = format!("{base}/game/1?lang={lang}");
            let name = format!("web-game-{width}-{lang}.png");
            seen_at(&client, (width, height), &url, "e4", &name).await;
            game_layout(&client, (width, height), lang).await;
        }
    }
    // bohdan (player 2) resigns two of his other games, so his page has a
    // rating history to draw.
    let mut ended = 0;
    for id in 3..=6 {
        let game = world.game(id).await;
        let his = game.white.0 == 2 || game.black.0 == 2;
        if ended < 2 && his && game.status == corrbot::store::GameStatus::Running {
            // A rated game needs a move by each side.
            let white = name_of(&world, game.white.0).await;
            let black = name_of(&world, game.black.0).await;
            world.move_as(&white, id, "e2-e4").await;
            world.move_as(&black, id, "e7-e5").await;
            world.say(&format!("@bohdan: /resign {id} confirm")).await;
            ended += 1;
        }
    }
    assert_eq!(ended, 2, "bohdan has two more games");
    // The player page and the list of events fit a phone too.
    for (width, height) in [(1280, 900), (390, 844)] {
        for (lang, words) in [("uk", "Учасник: bohdan"), ("en", "Player: bohdan")] {
            let url = format!("{base}/player/2?lang={lang}");
            let name = format!("web-player-{width}-{lang}.png");
            seen_at(&client, (width, height), &url, words, &name).await;
            let points = "return document.querySelectorAll('#rating-chart circle').length";
            assert_eq!(js(&client, points).await, serde_json::json!(3), "{url}");
        }
        for (lang, words) in [("uk", "Club Cup"), ("en", "Club Cup")] {
            let url = format!("{base}/?lang={lang}");
            let name = format!("web-events-{width}-{lang}.png");
            seen_at(&client, (width, height), &url, words, &name).await;
        }
    }

    client.close().await.unwrap();
    drop(server);
    test_db.finish().await;
}

/// web-2: with `public-delay=2` a move reaches the public page (by its
/// live stream) only when two more have been played.
async fn a_delayed_move_appears_two_moves_later(client: &Client, base: &str, world: &mut World) {
    world
        .say("@alice: /event create Delayed public-delay=2")
        .await;
    for user in ["bohdan", "carol"] {
        world.say(&format!("@{user}: /event join 2")).await;
    }
    let out = world.say("@alice: /event start 2").await;
    assert!(out[0].contains("has started"), "{out:?}");
    let game = {
        let mut tx = world.db.read().await.unwrap();
        let games = tx.games_of_event(corrbot::store::EventId(2)).await.unwrap();
        games[0].id.0
    };
    client.set_window_size(390, 844).await.unwrap();
    client
        .goto(&format!("{base}/game/{game}?lang=en"))
        .await
        .unwrap();
    world.move_as("bohdan", game, "e2-e4").await;
    world.move_as("carol", game, "e7-e5").await;
    client
        .goto(&format!("{base}/game/{game}?lang=en"))
        .await
        .unwrap();
    let held = text_of(client, "#page").await;
    assert!(!held.contains("e4") && !held.contains("e5"), "{held}");
    world.move_as("bohdan", game, "Кg1-f3").await;
    let appeared = client
        .wait()
        .at_most(Duration::from_secs(20))
        .for_element(Locator::XPath("//table[@id='moves']//a[text()='e4']"))
        .await;
    assert!(
        appeared.is_ok(),
        "the first move did not appear two moves later"
    );
    let moves = text_of(client, "#moves").await;
    assert!(!moves.contains("e5") && !moves.contains("Nf3"), "{moves}");
    assert!(text_of(client, "#held").await.contains("the last 2"));
}
