//! The event page of each format beyond one round robin in headless
//! Chromium (issue 40): a knock-out's bracket and a sections event's
//! tables with its final, read at 1280×900 and on a phone's 390×844, in
//! both languages; wide parts scroll in their own box on the phone, the
//! page never sideways. With `CORRBOT_SCREENSHOTS=1` the pages are written
//! to `docs/images`.

use std::sync::Arc;

use corrbot::time::Clock;
use fantoccini::Client;

use crate::support::db::TestDb;
use crate::support::web::serve;
use crate::support::world::World;
use crate::web_browser::{browser, look, seen_at, text_of};

/// Registered players with Ukrainian names, by console user.
const PLAYERS: [(&str, &str); 5] = [
    ("olena", "Олена Коваленко"),
    ("andrii", "Андрій Шевчук"),
    ("mariia", "Марія Бондар"),
    ("taras", "Тарас Мельник"),
    ("iryna", "Ірина Ткаченко"),
];

/// Event #1 `name settings` with the first `players` of [`PLAYERS`]
/// entered in that order, started; then `resigns` (user, game) played.
async fn event(
    w: &mut World,
    (name, settings): (&str, &str),
    players: usize,
    resigns: &[(&str, i64)],
) {
    w.english(&["alice"]).await;
    for (user, name) in &PLAYERS[..players] {
        w.say(&format!("@{user}: /name {name}")).await;
    }
    w.say(&format!("@alice: /event create {name} {settings}"))
        .await;
    for (user, _) in &PLAYERS[..players] {
        w.say(&format!("@{user}: /event join 1")).await;
    }
    w.say("@alice: /event start 1").await;
    for (user, game) in resigns {
        w.say(&format!("@{user}: /resign {game} confirm")).await;
    }
}

/// Event #1's page at each size and language: it shows its `heading`
/// (uk, en) and fits the window; the section `#part` scrolled to is
/// screenshot as `web-{shot}-{width}-{lang}.png` and its element `table`
/// names each of `names`.
async fn pages_read(
    client: &Client,
    test_db: &TestDb,
    w: &World,
    (shot, part, table): (&str, &str, &str),
    (headings, names): ([&str; 2], &[&str]),
) {
    let clock: Arc<dyn Clock> = w.clock.clone();
    let server = serve(&test_db.db, clock).await;
    let base = format!("http://{}", server.addr);
    for (width, height) in [(1280, 900), (390, 844)] {
        for (lang, heading) in [("uk", headings[0]), ("en", headings[1])] {
            let url = format!("{base}/event/1?lang={lang}");
            let file = format!("web-{shot}-{width}-{lang}.png");
            seen_at(client, (width, height), &url, heading, &file).await;
            // The part itself, scrolled to, is what the screenshot shows.
            let script = format!("document.getElementById('{part}').scrollIntoView();");
            client.execute(&script, vec![]).await.unwrap();
            look(&file, &client.screenshot().await.unwrap());
            let text = text_of(client, table).await;
            for name in names {
                assert!(text.contains(name), "{name} at {width} {lang}: {text}");
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_knockout_bracket_reads_on_a_desktop_and_on_a_phone() {
    let Some((_driver, client)) = browser().await else {
        return;
    };
    let test_db = TestDb::sqlite().await;
    let mut w = World::new(&test_db.db);
    // Seeds 4 and 5 play the first round; their match is decided.
    let cup = ("Осінній кубок", "format=knockout games=2");
    event(&mut w, cup, 5, &[("iryna", 1), ("iryna", 2)]).await;
    let names = ["Олена Коваленко", "Тарас Мельник", "Ірина Ткаченко"];
    let seen = (["Сітка", "Bracket"], &names[..]);
    pages_read(
        &client,
        &test_db,
        &w,
        ("bracket", "bracket", "#bracket"),
        seen,
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sections_event_reads_on_a_desktop_and_on_a_phone() {
    let Some((_driver, client)) = browser().await else {
        return;
    };
    let test_db = TestDb::sqlite().await;
    let mut w = World::new(&test_db.db);
    // Both sections end: the final starts.
    let cup = ("Весняний кубок", "sections=2 qualify=1");
    event(&mut w, cup, 4, &[("taras", 1), ("mariia", 2)]).await;
    let names = ["Олена Коваленко", "Андрій Шевчук"];
    let seen = (["Фінал", "Final"], &names[..]);
    let parts = ("sections", "sections", "#crosstable-final");
    pages_read(&client, &test_db, &w, parts, seen).await;
}
