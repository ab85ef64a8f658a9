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
use crate::support::web::{populate, serve};
use crate::support::world::World;

const CHROMIUM: &str = "/usr/bin/chromium";
const DRIVER: &str = "/usr/bin/chromedriver";

/// The WebDriver server, stopped when dropped.
struct Driver(Child);

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
async fn browser() -> Option<(Driver, Client)> {
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

async fn text_of(client: &Client, css: &str) -> String {
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

/// Opens `url` in a window of `size`: the page shows `text` and is no
/// wider than the window (no sideways scrolling on a phone; a wide table
/// scrolls in its own box). With `CORRBOT_SCREENSHOTS=1` the page is
/// written to `docs/images/NAME` to be looked at.
async fn seen_at(client: &Client, size: (u32, u32), url: &str, text: &str, name: &str) {
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
    if name.contains("-390-uk") {
        screenshot(name, &client.screenshot().await.unwrap());
    }
    assert!(
        scroll <= inner,
        "{url} at {size:?}: {scroll} px wide in {inner} px: {}",
        widths[2]
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
        }
    }
    client.set_window_size(1100, 1300).await.unwrap();
    client
        .goto(&format!("{base}/event/1?lang=en"))
        .await
        .unwrap();

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
    // Issue 36: the side to move's time to think and last minute (R3.5.7).
    let deadline = text_of(&client, "#deadline").await;
    assert!(
        deadline.contains("left to think") && deadline.contains("at the latest"),
        "{deadline}"
    );

    press(&client, Key::Left).await;
    wait_for_path(&client, &base, "/game/1/ply/2").await;
    assert!(text_of(&client, "#ply").await.contains("ply 2 of 3"));
    press(&client, Key::Home).await;
    wait_for_path(&client, &base, "/game/1/ply/0").await;
    press(&client, Key::Right).await;
    wait_for_path(&client, &base, "/game/1/ply/1").await;
    press(&client, Key::End).await;
    wait_for_path(&client, &base, "/game/1").await;

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
    screenshot("web-game.png", &client.screenshot().await.unwrap());
    // The game page on a desktop and on a phone, in both languages.
    for (width, height) in [(1280, 900), (390, 844)] {
        for lang in ["uk", "en"] {
            let url = format!("{base}/game/1?lang={lang}");
            let name = format!("web-game-{width}-{lang}.png");
            seen_at(&client, (width, height), &url, "e4", &name).await;
        }
    }

    client.close().await.unwrap();
    drop(server);
    test_db.finish().await;
}
