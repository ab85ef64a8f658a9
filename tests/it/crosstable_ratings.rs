//! Ratings beside the names in the crosstable image of a rated event
//! (#21): each player's *current* club rating (as `/rating` and `/top`
//! show it), `Name (1516)`; none in an unrated event. A snapshot: the app's
//! image equals the renderer's image of the expected table.

use std::sync::Arc;

use corrbot::app::deliver::image::render_image;
use corrbot::app::i18n::Lang;
use corrbot::app::outgoing::ImageRef;
use corrbot::render::{
    CrosstableGame, CrosstableInput, CrosstableRow, GameMark, Language, RenderCache, Theme,
    render_crosstable,
};
use corrbot::store::EventId;

use crate::support::db::{TestDb, on_both};
use crate::support::world::{World, start};

on_both!(the_crosstable_of_a_rated_event_shows_the_ratings);

/// Fool's mate: carol (Black) beats bob in event #1 ("Cup").
async fn one_rated_game(w: &mut World, settings: &str) {
    w.english(&["alice", "bob", "carol"]).await;
    w.started_event(settings, &["bob", "carol"]).await;
    for (user, mv) in [
        ("bob", "f3"),
        ("carol", "e5"),
        ("bob", "g4"),
        ("carol", "Qh4"),
    ] {
        w.move_as(user, 1, mv).await;
    }
}

/// The app's crosstable of event #1 as PNG bytes.
async fn app_crosstable(w: &World) -> Vec<u8> {
    let image = ImageRef::Crosstable {
        event: EventId(1),
        viewer: None,
        lang: Lang::En,
    };
    let cache = Arc::new(RenderCache::new(4));
    let png = render_image(w.app.db(), &image, &cache, start()).await;
    png.unwrap().png.to_vec()
}

/// The expected table: carol first with the win, bob second.
fn expected(carol: &str, bob: &str) -> CrosstableInput {
    let cell = |mark| vec![CrosstableGame { mark, latest: true }];
    let row = |name: &str, place: &str, halves, wins, games| CrosstableRow {
        name: name.into(),
        place: place.into(),
        score_halves: halves,
        wins,
        sonneborn_berger_quarters: 0,
        games,
    };
    CrosstableInput {
        title: "Cup".into(),
        players: vec![
            row(carol, "1", 2, 1, vec![vec![], cell(GameMark::Win)]),
            row(bob, "2", 0, 0, vec![cell(GameMark::Loss), vec![]]),
        ],
        language: Language::English,
        theme: Theme::Green,
    }
}

async fn the_crosstable_of_a_rated_event_shows_the_ratings(t: &TestDb) {
    let mut w = World::new(&t.db);
    one_rated_game(&mut w, "rating=elo").await;
    // Elo, K = 32, both from 1500: the winner gains 16.
    let rated = render_crosstable(&expected("carol (1516)", "bob (1484)"));
    assert!(app_crosstable(&w).await == rated, "the rated snapshot");
    let unrated = render_crosstable(&expected("carol", "bob"));
    assert!(rated != unrated);
}
