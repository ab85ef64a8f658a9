//! Moving by touch in a real browser (issue [touch]): headless Chromium at
//! a phone's 390×844 opens the player's link from `/board`, taps Кg1 and
//! f3, confirms; the opponent's chat gets the move notice and `/record`
//! has it. A tap on a square no piece can reach moves nothing, and a pawn
//! reaching the last rank asks for its piece; a draw offer and resigning
//! go only after their confirmation. With `CORRBOT_SCREENSHOTS=1`
//! the page is written to `docs/images/touch-board-{uk,en}.png`.

use std::path::Path;
use std::time::Duration;

use fantoccini::{Client, Locator};

use crate::support::db::TestDb;
use crate::touch::{board_link, club};
use crate::web_browser::{browser, text_of};

async fn tap(client: &Client, square: &str) {
    client
        .find(Locator::Css(&format!("#board [data-sq='{square}']")))
        .await
        .unwrap_or_else(|e| panic!("{square}: {e}"))
        .click()
        .await
        .unwrap();
}

async fn click(client: &Client, css: &str) {
    client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .click()
        .await
        .unwrap();
}

/// Whether the element `id` is shown.
async fn shown(client: &Client, id: &str) -> bool {
    let script = format!("return !document.getElementById('{id}').hidden;");
    client.execute(&script, vec![]).await.unwrap() == serde_json::json!(true)
}

/// Waits until the text of `css` contains `words`.
async fn wait_for_text(client: &Client, css: &str, words: &str) {
    for _ in 0..100 {
        if let Ok(element) = client.find(Locator::Css(css)).await
            && element.text().await.is_ok_and(|text| text.contains(words))
        {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!(
        "{css} never showed «{words}»: {}",
        text_of(client, "body").await
    );
}

fn screenshot(name: &str, png: &[u8]) {
    if std::env::var("CORRBOT_SCREENSHOTS").as_deref() == Ok("1") {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("docs/images")
            .join(name);
        std::fs::write(path, png).unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_moves_by_touch_and_the_opponent_is_told() {
    let Some((_driver, client)) = browser().await else {
        return;
    };
    client.set_window_size(390, 844).await.unwrap();
    let test_db = TestDb::sqlite().await;
    let mut club = club(&test_db.db).await;
    club.world.event("Cup", &["bob", "carol"]).await;
    let base = format!("http://{}", club.addr);
    let path = board_link(&mut club.world, "bob", 1).await;
    client.goto(&format!("{base}{path}")).await.unwrap();
    assert!(text_of(&client, "#turn").await.contains("Your move"));

    // A square nothing can reach: nothing is asked, nothing moves.
    tap(&client, "g1").await;
    tap(&client, "g4").await;
    assert!(
        !shown(&client, "ask").await,
        "an illegal square asked to confirm"
    );
    tap(&client, "e5").await;
    assert!(!shown(&client, "ask").await);
    assert_eq!(club.world.game(1).await.ply, 0);

    // Кg1 then f3: the move in the player's notation waits for Confirm.
    tap(&client, "g1").await;
    let targets = client
        .execute(
            "return [...document.querySelectorAll('#board .target')].map(e => e.dataset.sq).sort();",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(targets, serde_json::json!(["f3", "h3"]));
    tap(&client, "f3").await;
    assert!(shown(&client, "ask").await);
    assert_eq!(text_of(&client, "#move-text").await, "Кg1-f3");
    screenshot("touch-board-en.png", &client.screenshot().await.unwrap());
    // Cancel takes it back; the Ukrainian page asks the same.
    click(&client, "#cancel").await;
    assert!(!shown(&client, "ask").await);
    club.world.say("@bob: /lang uk").await;
    client.refresh().await.unwrap();
    tap(&client, "g1").await;
    tap(&client, "f3").await;
    assert_eq!(text_of(&client, "#move-text").await, "Кg1-f3");
    assert!(text_of(&client, "#confirm").await.contains("Підтвердити"));
    screenshot("touch-board-uk.png", &client.screenshot().await.unwrap());
    click(&client, "#confirm").await;
    wait_for_text(&client, "#said", "Кg1-f3").await;
    assert_eq!(club.world.game(1).await.ply, 1);
    assert!(text_of(&client, "#turn").await.contains("Хід суперника"));
    let out = club.world.say("@carol: /record 1").await;
    assert!(
        out.iter()
            .any(|line| line.starts_with("-> @carol:") && line.contains("Кg1-f3")),
        "{out:?}"
    );
    assert!(out[0].contains("Кg1-f3"), "{out:?}");

    // A pawn on the seventh rank: the page asks for the piece.
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    club.world
        .say(&format!("@alice: /event create Promo opening=\"{fen}\""))
        .await;
    club.world.say("@bob: /event join 2").await;
    club.world.say("@carol: /event join 2").await;
    club.world.say("@alice: /event start 2").await;
    let path = board_link(&mut club.world, "bob", 2).await;
    client.goto(&format!("{base}{path}")).await.unwrap();
    tap(&client, "a7").await;
    tap(&client, "a8").await;
    assert!(shown(&client, "promotion").await, "no choice of piece");
    assert!(!shown(&client, "ask").await);
    click(&client, "#promotion [data-piece='n']").await;
    assert!(shown(&client, "ask").await);
    click(&client, "#confirm").await;
    for _ in 0..100 {
        if club.world.game(2).await.ply == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let game = club.world.game(2).await;
    assert!(game.fen.starts_with("N3k3/"), "{}", game.fen);

    // A draw offer and resignation in game #1 (#2 ended drawn: a knight
    // cannot mate), each behind its confirmation.
    let path = board_link(&mut club.world, "bob", 1).await;
    client.goto(&format!("{base}{path}")).await.unwrap();
    click(&client, "#actions [data-action='draw-offer']").await;
    assert!(shown(&client, "ask").await, "a draw offer is asked about");
    click(&client, "#confirm").await;
    wait_for_text(&client, "#said", "#1").await;
    client.goto(&format!("{base}{path}")).await.unwrap();
    click(&client, "#actions [data-action='resign']").await;
    assert!(shown(&client, "ask").await, "resigning is asked about");
    click(&client, "#cancel").await;
    assert!(!shown(&client, "ask").await);
    let running = corrbot::store::GameStatus::Running;
    assert_eq!(club.world.game(1).await.status, running, "cancelled");
    click(&client, "#actions [data-action='resign']").await;
    click(&client, "#confirm").await;
    for _ in 0..100 {
        if club.world.game(1).await.status != running {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(club.world.game(1).await.result_text(), Some("0-1"));

    client.close().await.unwrap();
    club.world.finish().await;
    test_db.finish().await;
}
