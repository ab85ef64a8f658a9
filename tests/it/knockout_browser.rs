//! The event page of each format beyond one round robin in headless
//! Chromium (issue 40): a knock-out's bracket and a sections event's
//! tables with its final, read at 1280×900 and on a phone's 390×844, in
//! both languages; wide parts scroll in their own box on the phone, the
//! page never sideways. With `CORRBOT_SCREENSHOTS=1` the pages are written
//! to `docs/images`.

use std::sync::Arc;

use corrbot::time::Clock;

use crate::support::db::TestDb;
use crate::support::web::serve;
use crate::support::world::World;
use crate::web_browser::{browser, look, seen_at, text_of};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_knockout_bracket_reads_on_a_desktop_and_on_a_phone() {
    let Some((_driver, client)) = browser().await else {
        return;
    };
    let test_db = TestDb::sqlite().await;
    let mut w = World::new(&test_db.db);
    let players = [
        "Олена Коваленко",
        "Андрій Шевчук",
        "Марія Бондар",
        "Тарас Мельник",
        "Ірина Ткаченко",
    ];
    let users = ["olena", "andrii", "mariia", "taras", "iryna"];
    w.english(&["alice"]).await;
    for (user, name) in users.iter().zip(players) {
        w.say(&format!("@{user}: /name {name}")).await;
    }
    w.say("@alice: /event create Осінній кубок format=knockout games=2")
        .await;
    for user in users {
        w.say(&format!("@{user}: /event join 1")).await;
    }
    w.say("@alice: /event start 1").await;
    // Seeds 4 and 5 play the first round; their match is decided.
    w.say("@iryna: /resign 1 confirm").await;
    w.say("@iryna: /resign 2 confirm").await;
    let clock: Arc<dyn Clock> = w.clock.clone();
    let server = serve(&test_db.db, clock).await;
    let base = format!("http://{}", server.addr);
    for (width, height) in [(1280, 900), (390, 844)] {
        for (lang, heading) in [("uk", "Сітка"), ("en", "Bracket")] {
            let url = format!("{base}/event/1?lang={lang}");
            let name = format!("web-bracket-{width}-{lang}.png");
            seen_at(&client, (width, height), &url, heading, &name).await;
            // The bracket itself, scrolled to, is what the screenshot shows.
            client
                .execute(
                    "document.getElementById('bracket').scrollIntoView();",
                    vec![],
                )
                .await
                .unwrap();
            look(&name, &client.screenshot().await.unwrap());
            let bracket = text_of(&client, "#bracket").await;
            for name in ["Олена Коваленко", "Тарас Мельник", "Ірина Ткаченко"]
            {
                assert!(
                    bracket.contains(name),
                    "{name} at {width} {lang}: {bracket}"
                );
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sections_event_reads_on_a_desktop_and_on_a_phone() {
    let Some((_driver, client)) = browser().await else {
        return;
    };
    let test_db = TestDb::sqlite().await;
    let mut w = World::new(&test_db.db);
    let players = [
        "Олена Коваленко",
        "Андрій Шевчук",
        "Марія Бондар",
        "Тарас Мельник",
    ];
    let users = ["olena", "andrii", "mariia", "taras"];
    w.english(&["alice"]).await;
    for (user, name) in users.iter().zip(players) {
        w.say(&format!("@{user}: /name {name}")).await;
    }
    w.say("@alice: /event create Весняний кубок sections=2 qualify=1")
        .await;
    for user in users {
        w.say(&format!("@{user}: /event join 1")).await;
    }
    w.say("@alice: /event start 1").await;
    // Both sections end: the final starts.
    w.say("@taras: /resign 1 confirm").await;
    w.say("@mariia: /resign 2 confirm").await;
    let clock: Arc<dyn Clock> = w.clock.clone();
    let server = serve(&test_db.db, clock).await;
    let base = format!("http://{}", server.addr);
    for (width, height) in [(1280, 900), (390, 844)] {
        for (lang, heading) in [("uk", "Фінал"), ("en", "Final")] {
            let url = format!("{base}/event/1?lang={lang}");
            let name = format!("web-sections-{width}-{lang}.png");
            seen_at(&client, (width, height), &url, heading, &name).await;
            client
                .execute(
                    "document.getElementById('sections').scrollIntoView();",
                    vec![],
                )
                .await
                .unwrap();
            look(&name, &client.screenshot().await.unwrap());
            let final_table = text_of(&client, "#crosstable-final").await;
            for name in ["Олена Коваленко", "Андрій Шевчук"] {
                assert!(
                    final_table.contains(name),
                    "{name} at {width} {lang}: {final_table}"
                );
            }
        }
    }
}
