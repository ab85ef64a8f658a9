//! The public web pages over HTTP, on SQLite and PostgreSQL: every page
//! answers with its content in both languages, unknown things are 404,
//! names with markup are escaped, and a move made in this process or by
//! another process on the same database reaches the live streams (SSE).

use std::sync::Arc;

use corrbot::time::Clock;

use crate::support::db::{TestDb, on_both};
use crate::support::web::{get, next_change, open_live, populate, serve};
use crate::support::world::World;

async fn club(test_db: &TestDb) -> (World, crate::support::web::WebServer) {
    let mut world = World::new(&test_db.db);
    populate(&mut world).await;
    let clock: Arc<dyn Clock> = world.clock.clone();
    let server = serve(&test_db.db, clock).await;
    (world, server)
}

/// The platform user id of game `id`'s Black.
async fn black_of(test_db: &TestDb, id: i64) -> String {
    let mut tx = test_db.db.read().await.unwrap();
    let game = tx.game(corrbot::store::GameId(id)).await.unwrap();
    tx.accounts_of(game.black).await.unwrap()[0]
        .platform_user_id
        .clone()
}

async fn every_page_answers_with_its_content(test_db: &TestDb) {
    let (_world, server) = club(test_db).await;
    let addr = server.addr;
    let en = [("Accept-Language", "en-GB,en;q=0.9")];
    let list = get(addr, "/", &en).await;
    assert_eq!(list.status, 200);
    assert_eq!(list.header("content-language"), Some("en"));
    assert!(list.text().contains("Club Cup"), "{}", list.text());
    let uk = get(addr, "/", &[("Accept-Language", "uk,en;q=0.5")]).await;
    assert!(uk.text().contains("Турніри"));
    assert_eq!(uk.header("content-language"), Some("uk"));

    let event = get(addr, "/event/1", &en).await;
    assert_eq!(event.status, 200);
    let text = event.text();
    for expected in [
        "id=\"crosstable\"",
        "Standings",
        "Taras",
        "bohdan",
        "/event/1/pgn",
    ] {
        assert!(text.contains(expected), "{expected} missing: {text}");
    }
    assert!(
        text.contains("Time control: 50\u{a0}days per 10\u{a0}moves"),
        "{text}"
    );
    // R3.5.6: the zone of the event's dates is part of its regulation.
    assert!(text.contains("Time zone for deadlines: Kyiv."), "{text}");
    assert!(text.contains("in play, Black to move"), "{text}");

    let game = get(addr, "/game/1", &en).await;
    assert_eq!(game.status, 200);
    let text = game.text();
    assert!(text.contains("Nf3"), "SAN by default in English: {text}");
    assert!(text.contains("id=\"prev\""), "{text}");
    assert!(text.contains("lichess.org/analysis/standard/"), "{text}");
    let ukrainian = get(addr, "/game/1?notation=uk", &en).await.text();
    assert!(ukrainian.contains("Кg1-f3"), "{ukrainian}");
    let start = get(addr, "/game/1/ply/0", &en).await.text();
    assert!(start.contains("Position after ply 0 of 3"), "{start}");
    assert!(!start.contains("id=\"prev\""));
    assert_eq!(get(addr, "/game/1/ply/9", &en).await.status, 404);

    let board = get(addr, "/game/1/board/2", &en).await;
    assert_eq!(board.header("content-type"), Some("image/png"));
    assert!(board.body.starts_with(b"\x89PNG"));

    let pgn = get(addr, "/game/1/pgn", &en).await;
    assert!(pgn.text().contains("1. e4 e5 2. Nf3"), "{}", pgn.text());
    let all = get(addr, "/event/1/pgn", &en).await.text();
    assert_eq!(all.matches("[Event \"Club Cup\"]").count(), 6, "{all}");

    let player = get(addr, "/player/2", &en).await;
    assert_eq!(player.status, 200);
    assert!(
        player.text().contains("Player: bohdan"),
        "{}",
        player.text()
    );
    for missing in ["/event/99", "/game/99", "/player/99", "/nowhere"] {
        assert_eq!(get(addr, missing, &en).await.status, 404, "{missing}");
    }
}

async fn the_language_switch_is_remembered(test_db: &TestDb) {
    let (_world, server) = club(test_db).await;
    let switched = get(
        server.addr,
        "/event/1?lang=uk",
        &[("Accept-Language", "en")],
    )
    .await;
    assert!(switched.text().contains("Турнірна таблиця"));
    let cookie = switched.header("set-cookie").unwrap();
    assert!(cookie.starts_with("lang=uk"), "{cookie}");
    let later = get(
        server.addr,
        "/event/1",
        &[("Accept-Language", "en"), ("Cookie", "lang=uk")],
    )
    .await;
    assert!(later.text().contains("Турнірна таблиця"));
}

async fn names_with_markup_are_shown_literally(test_db: &TestDb) {
    let (_world, server) = club(test_db).await;
    for path in ["/", "/event/1", "/game/2", "/player/3", "/game/2/ply/1"] {
        let text = get(server.addr, path, &[]).await.text();
        assert!(!text.contains("<script>alert"), "{path}: {text}");
        if path != "/" {
            assert!(
                text.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;"),
                "{path}: {text}"
            );
        }
    }
    let csp = get(server.addr, "/event/1", &[]).await;
    assert!(
        csp.header("content-security-policy")
            .unwrap()
            .contains("script-src 'self'")
    );
    let pgn = get(server.addr, "/game/2/pgn", &[]).await;
    assert!(
        pgn.text().contains("<script>alert(1)</script>"),
        "the PGN is plain text"
    );
    assert!(
        pgn.header("content-type")
            .unwrap()
            .starts_with("application/x-chess-pgn")
    );
}

async fn a_move_in_this_process_reaches_the_live_streams(test_db: &TestDb) {
    let (mut world, server) = club(test_db).await;
    let mut game = open_live(server.addr, "/game/1/live").await;
    let mut event = open_live(server.addr, "/event/1/live").await;
    let mover = black_of(test_db, 1).await;
    let out = world.move_as(&mover, 1, "Кb8-c6").await;
    assert!(!out.is_empty());
    next_change(&mut game).await;
    next_change(&mut event).await;
    let page = get(server.addr, "/game/1", &[("Accept-Language", "en")])
        .await
        .text();
    assert!(page.contains("Nc6"), "{page}");
}

async fn a_move_by_another_process_reaches_the_live_streams(test_db: &TestDb) {
    let (_world, server) = club(test_db).await;
    let mut live = open_live(server.addr, "/game/2/live").await;
    let other_db = test_db.connect_again().await;
    let mut other = World::new(&other_db);
    let mover = black_of(test_db, 2).await;
    let out = other.move_as(&mover, 2, "Кb8-c6").await;
    assert!(!out.is_empty());
    next_change(&mut live).await;
    other_db.close().await;
}

on_both!(
    every_page_answers_with_its_content,
    the_language_switch_is_remembered,
    names_with_markup_are_shown_literally,
    a_move_in_this_process_reaches_the_live_streams,
    a_move_by_another_process_reaches_the_live_streams,
    game_thread_notices_carry_the_game_page_link,
    closed_and_cancelled_events_show_their_state,
    bad_addresses_answer_the_not_found_page_in_the_readers_language,
    the_site_has_an_icon,
    a_finished_game_shows_its_result_and_the_mate_sign,
    the_pages_link_games_and_players_and_tell_the_events_facts,
    a_game_in_play_shows_who_is_to_move_since_when_and_the_leave,
);

/// web-2: where a game in play is shown (its page, the event's games, the
/// player page), the app's clock of the pending move is there: who is to
/// move and since when, the days on this move, the deadline, and «on leave
/// until …» while the mover is on leave (R3.5.2, R3.6).
async fn a_game_in_play_shows_who_is_to_move_since_when_and_the_leave(test_db: &TestDb) {
    let (mut world, server) = club(test_db).await;
    let taras = "777000123";
    let out = world
        .say_on(
            corrbot::store::Platform::Telegram,
            taras,
            "/leave add 2026-01-07 5",
        )
        .await;
    assert!(out[0].contains("to 11.01.2026 inclusive"), "{out:?}");
    let now = world.clock.now();
    world.clock.set(now + chrono::Duration::days(3));
    let addr = server.addr;
    let en = [("Accept-Language", "en")];
    let game = get(addr, "/game/1", &en).await.text();
    let turn = &game[game.find(r#"id="turn""#).expect("the turn line")..];
    let turn = &turn[..turn.find("</p>").unwrap()];
    assert!(turn.contains("Black to move since "), "{turn}");
    assert!(turn.contains("On leave to 11.01.2026 inclusive."), "{turn}");
    let row_of = |page: &str, game: &str| -> String {
        let at = page
            .find(&format!(r#"<td><a href="/game/{game}">{game}</a></td>"#))
            .expect("listed");
        let row = &page[at..];
        row[..row.find("</tr>").unwrap()].to_owned()
    };
    let event = get(addr, "/event/1", &en).await.text();
    let player = get(addr, "/player/4", &en).await.text();
    for page in [&event, &player] {
        let row = row_of(page, "1");
        assert!(row.contains("on this move; due by "), "{row}");
        assert!(row.contains("on leave to 11.01.2026 inclusive"), "{row}");
    }
    let other = row_of(&event, "2");
    assert!(
        other.contains("on this move; due by ") && !other.contains("on leave"),
        "{other}"
    );
    let uk = get(addr, "/game/1?lang=uk", &en).await.text();
    assert!(uk.contains("Хід чорних з "), "{uk}");
    assert!(uk.contains("У відпустці по 11.01.2026 включно."), "{uk}");
    let uk_event = get(addr, "/event/1?lang=uk", &en).await.text();
    assert!(
        uk_event.contains("на цей хід витрачено 3\u{a0}дні; хід\u{a0}— не пізніше "),
        "{uk_event}"
    );
}

/// web-2: a crosstable cell opens its game (each of the six games from
/// both players' rows); the event page tells its start date, arbiter, rule
/// set in words (no rule ids) and finished games; the player page lists
/// the player's events. In both languages.
async fn the_pages_link_games_and_players_and_tell_the_events_facts(test_db: &TestDb) {
    let (mut world, server) = club(test_db).await;
    let out = world.say("@alice: /event set 1 arbiter=@bohdan").await;
    assert!(!out.is_empty());
    let addr = server.addr;
    let en = [("Accept-Language", "en")];
    let event = get(addr, "/event/1", &en).await.text();
    let table = &event[event.find(r#"id="crosstable""#).unwrap()..];
    let table = &table[..table.find("</table>").unwrap()];
    for id in 1..=6 {
        let link = format!(r#"<a class="cell" href="/game/{id}""#);
        assert_eq!(table.matches(&link).count(), 2, "game {id}: {table}");
    }
    let started = regex_like_date(&event, "Started: ");
    assert!(started, "{event}");
    for expected in [
        "Rules: play on the bot's server",
        "Finished games: 0 of 6.",
        r#"Arbiter: <a href="/player/2">bohdan</a>"#,
    ] {
        assert!(event.contains(expected), "no {expected}: {event}");
    }
    assert!(!event.contains("(R3)"), "{event}");
    let uk = get(addr, "/event/1?lang=uk", &en).await.text();
    assert!(regex_like_date(&uk, "Початок: "), "{uk}");
    for expected in [
        "Правила: гра на сервері бота",
        "Завершено партій: 0 з 6.",
        "Суддя: ",
    ] {
        assert!(uk.contains(expected), "no {expected}: {uk}");
    }
    let player = get(addr, "/player/3", &en).await.text();
    let events = &player[player.find(r#"id="events""#).expect("events listed")..];
    assert!(
        events.contains(r#"<a href="/event/1">Event #1 &quot;Club Cup&quot;</a> · running"#),
        "{events}"
    );
}

/// Whether `text` has `label` followed by a date written `ДД.ММ.РРРР`.
fn regex_like_date(text: &str, label: &str) -> bool {
    text.match_indices(label).any(|(at, _)| {
        let date: Vec<char> = text[at + label.len()..].chars().take(10).collect();
        date.len() == 10
            && date.iter().enumerate().all(|(i, c)| {
                if i == 2 || i == 5 {
                    *c == '.'
                } else {
                    c.is_ascii_digit()
                }
            })
    })
}

/// web-2: an address with a bad id (`/event/abc`) or no page behind it is
/// the site's own 404 page, styled and in the reader's language, never the
/// parser's English message.
async fn bad_addresses_answer_the_not_found_page_in_the_readers_language(test_db: &TestDb) {
    let (_world, server) = club(test_db).await;
    let en = [("Accept-Language", "en-GB,en;q=0.9")];
    let paths = [
        "/event/abc",
        "/event/abc/pgn",
        "/game/abc",
        "/game/1/ply/-1",
        "/game/1/ply/x",
        "/game/1/board/x",
        "/game/1/live/x",
        "/player/1.5",
        "/player/99",
        "/nowhere",
    ];
    for path in paths {
        let reply = get(server.addr, path, &en).await;
        assert_eq!(reply.status, 404, "{path}");
        assert_eq!(reply.header("content-language"), Some("en"), "{path}");
        let text = reply.text();
        for expected in [
            "There is no such page.",
            "/static/site.css",
            "Back to the list of events",
        ] {
            assert!(text.contains(expected), "{path}: no {expected}: {text}");
        }
        assert!(!text.contains("parse"), "{path}: {text}");
        let uk = get(server.addr, &format!("{path}?lang=uk"), &en).await;
        assert_eq!(uk.status, 404, "{path}");
        assert_eq!(uk.header("content-language"), Some("uk"), "{path}");
        assert!(
            uk.text().contains("Такої сторінки немає."),
            "{path}: {}",
            uk.text()
        );
        let cookie = [("Cookie", "lang=uk")];
        assert!(
            get(server.addr, path, &cookie)
                .await
                .text()
                .contains("До списку турнірів")
        );
    }
}

/// web-2: `/favicon.ico` (asked for on every first visit) is an icon, and
/// every page names the SVG one.
async fn the_site_has_an_icon(test_db: &TestDb) {
    let (_world, server) = club(test_db).await;
    let ico = get(server.addr, "/favicon.ico", &[]).await;
    assert_eq!(ico.status, 200);
    assert_eq!(ico.header("content-type"), Some("image/x-icon"));
    assert!(
        ico.body.starts_with(&[0, 0, 1, 0, 1, 0]),
        "{:?}",
        &ico.body[..6]
    );
    assert!(ico.body[22..].starts_with(b"\x89PNG"));
    let svg = get(server.addr, "/favicon.svg", &[]).await;
    assert_eq!(svg.status, 200);
    assert_eq!(svg.header("content-type"), Some("image/svg+xml"));
    assert!(svg.text().starts_with("<svg"), "{}", svg.text());
    let page = get(server.addr, "/", &[]).await.text();
    assert!(page.contains(r#"rel="icon" href="/favicon.svg""#), "{page}");
}

/// The platform user id of game `id`'s White.
async fn white_of(test_db: &TestDb, id: i64) -> String {
    let mut tx = test_db.db.read().await.unwrap();
    let game = tx.game(corrbot::store::GameId(id)).await.unwrap();
    tx.accounts_of(game.white).await.unwrap()[0]
        .platform_user_id
        .clone()
}

/// web-2: a game ended by mate: the move list writes the mate sign as the
/// PGN does (`Qh4#`, `Фd8-h4#`), the last position says it is the final
/// one with the result (not a move number), and the board's text tells the
/// move and who is to move, or the result.
async fn a_finished_game_shows_its_result_and_the_mate_sign(test_db: &TestDb) {
    let (mut world, server) = club(test_db).await;
    let (white, black) = (white_of(test_db, 3).await, black_of(test_db, 3).await);
    for (mover, text) in [
        (&white, "f2-f3"),
        (&black, "e7-e5"),
        (&white, "g2-g4"),
        (&black, "Фd8-h4"),
    ] {
        let out = world.move_as(mover, 3, text).await;
        assert!(!out.is_empty(), "{text}");
    }
    let en = [("Accept-Language", "en")];
    let game = get(server.addr, "/game/3", &en).await.text();
    let pgn = get(server.addr, "/game/3/pgn", &en).await.text();
    assert!(pgn.contains("Qh4#"), "{pgn}");
    for expected in [
        ">Qh4#</a>",
        "Final position after ply 4 of 4; the result: 0-1",
        r#"alt="The final position after 2… Qh4#; the result: 0-1"#,
    ] {
        assert!(game.contains(expected), "no {expected}: {game}");
    }
    assert!(!game.contains("Position after ply 4"), "{game}");
    let step = get(server.addr, "/game/3/ply/2", &en).await.text();
    for expected in [
        "Position after ply 2 of 4",
        r#"alt="The board after 1… e5; White to move.""#,
    ] {
        assert!(step.contains(expected), "no {expected}: {step}");
    }
    let start = get(server.addr, "/game/3/ply/0", &en).await.text();
    assert!(
        start.contains(r#"alt="The board at the start of the game; White to move.""#),
        "{start}"
    );
    let uk = get(server.addr, "/game/3?lang=uk", &en).await.text();
    for expected in [
        ">Фd8-h4#</a>",
        "Остаточна позиція після півходу 4 з 4; результат: 0-1",
        r#"alt="Остаточна позиція після ходу 2… Фd8-h4#; результат: 0-1"#,
    ] {
        assert!(uk.contains(expected), "no {expected}: {uk}");
    }
    // web-2: each player's page tells the result from their side.
    let game = world.game(3).await;
    for (player, own, other) in [(game.black, "win", "loss"), (game.white, "loss", "win")] {
        let page = get(server.addr, &format!("/player/{}", player.0), &en)
            .await
            .text();
        let row = &page[page
            .find(r#"<a href="/game/3">3</a>"#)
            .expect("game 3 listed")..];
        let row = &row[..row.find("</tr>").unwrap()];
        assert!(row.contains(&format!(">{own} (")), "{row}");
        assert!(!row.contains("0-1") && !row.contains(other), "{row}");
    }
    let event = get(server.addr, "/event/1", &en).await.text();
    assert!(event.contains("Finished games: 1 of 6."), "{event}");
    let uk_step = get(server.addr, "/game/3/ply/3?lang=uk", &en).await.text();
    assert!(
        uk_step.contains(r#"alt="Дошка після ходу 2. g2-g4; хід чорних.""#),
        "{uk_step}"
    );
}

/// trust-2: an event whose entries are closed (not started) is listed
/// under "entries closed" and its page says so; a cancelled event's page
/// says it was cancelled and names no entrant; a removed player is on no
/// page of the event. In both languages.
async fn closed_and_cancelled_events_show_their_state(test_db: &TestDb) {
    let (mut world, server) = club(test_db).await;
    world.english(&["dmytro", "olena"]).await;
    let setup = [
        "@alice: /event create Spring Open",
        "@olena: /event join 2",
        "@dmytro: /event join 2",
        "@alice: /event remove 2 @dmytro",
        "@alice: /event close 2",
        "@alice: /event create Autumn Open",
        "@olena: /event join 3",
        "@alice: /event cancel 3",
    ];
    for line in setup {
        world.say(line).await;
    }
    let addr = server.addr;
    let en = [("Accept-Language", "en")];
    let uk = [("Accept-Language", "uk")];
    // web-2: running events first, then the upcoming ones with their
    // state, then the finished ones.
    for (lang, running, upcoming, state) in [
        (&en, "Running", "Upcoming", "entries closed"),
        (&uk, "Тривають", "Майбутні", "запис завершено"),
    ] {
        let list = get(addr, "/", lang).await.text();
        let position = |text: &str| {
            list.find(&format!("<h2>{text}</h2>"))
                .unwrap_or_else(|| panic!("{text}: {list}"))
        };
        let spring = list.find("Spring Open").expect("listed");
        let club = list.find("Club Cup").expect("listed");
        assert!(
            position(running) < club && club < position(upcoming),
            "{list}"
        );
        assert!(position(upcoming) < spring, "{list}");
        assert!(list[spring..].contains(state), "{list}");
        assert!(!list.contains("Autumn Open"), "{list}");
    }
    for (lang, state) in [
        (&en, "State: entries closed."),
        (&uk, "Стан: запис завершено."),
    ] {
        let page = get(addr, "/event/2", lang).await.text();
        assert!(page.contains(state), "{page}");
        assert!(page.contains("olena") && !page.contains("dmytro"), "{page}");
    }
    let cancelled = [
        (
            &en,
            "State: cancelled.",
            "This event was cancelled before its start",
        ),
        (&uk, "Стан: скасовано.", "Цей турнір скасовано до початку"),
    ];
    for (lang, state, note) in cancelled {
        let page = get(addr, "/event/3", lang).await;
        assert_eq!(page.status, 200);
        let page = page.text();
        assert!(page.contains(state) && page.contains(note), "{page}");
        assert!(!page.contains("olena"), "no entrants: {page}");
    }
    drop(server);
}

/// With `CORRBOT_WEB_URL` set, `/event show` and `/board` end with the link
/// to the page; without it, nothing changes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_about_an_event_or_a_game_carry_the_page_link() {
    use corrbot::app::actor::{Chat, Inbound};
    use corrbot::app::service::{App, AppConfig};
    let mut world = World::sqlite().await;
    populate(&mut world).await;
    let url = url::Url::parse("https://chess.example.org/club").unwrap();
    let config = AppConfig::with_admins("console:alice").with_web_url(Some(url));
    let clock: Arc<dyn Clock> = world.clock.clone();
    let app = App::new(world.db.clone(), clock, config);
    let ask = |n: u32, text: &str| Inbound {
        platform: corrbot::store::Platform::Console,
        update_id: format!("link-{n}"),
        user_id: "alice".into(),
        display_name: "alice".into(),
        handle: Some("alice".into()),
        chat: Chat::Private,
        text: text.into(),
        reply_to: None,
        client_lang: None,
    };
    let show = app.handle(&ask(1, "/event show 1")).await.unwrap();
    assert!(
        show[0]
            .text
            .ends_with("The event's page: https://chess.example.org/club/event/1"),
        "{}",
        show[0].text
    );
    let board = app.handle(&ask(2, "/board 1")).await.unwrap();
    assert!(
        board[0]
            .text
            .ends_with("The game's page: https://chess.example.org/club/game/1"),
        "{}",
        board[0].text
    );
    let plain = world.say("@alice: /event show 1").await;
    assert!(!plain[0].contains("https://"), "{plain:?}");
    world.finish().await;
}

/// A game thread's notices (the event's `channel=`) end with the game
/// page's link when `CORRBOT_WEB_URL` is set, and carry none without it.
async fn game_thread_notices_carry_the_game_page_link(test_db: &TestDb) {
    use corrbot::app::deliver::notice::notice_message_linked;
    use corrbot::store::{GameId, NoticeRecipient, Platform};
    let mut w = World::new(&test_db.db);
    w.english(&["alice", "bob", "carol"]).await;
    w.started_event("channel=discord:4242 channel-lang=en", &["bob", "carol"])
        .await;
    w.move_as("bob", 1, "e4").await;
    let thread = NoticeRecipient::GameThread {
        platform: Platform::Discord,
        chat_id: "4242".into(),
        game: GameId(1),
    };
    let mut tx = test_db.db.read().await.unwrap();
    let notices = tx.notices_to(&thread).await.unwrap();
    tx.commit().await.unwrap();
    assert!(!notices.is_empty(), "the move went to the game's thread");
    let url = url::Url::parse("https://chess.example.org/club").unwrap();
    let platforms = [Platform::Discord];
    for notice in &notices {
        let linked = notice_message_linked(&test_db.db, notice, &platforms, Some(&url));
        let (_, message) = linked.await.unwrap().expect("a thread message");
        let last = message.text.lines().last().unwrap().to_owned();
        assert_eq!(
            last, "The game's page: https://chess.example.org/club/game/1",
            "{}",
            message.text
        );
        let bare = notice_message_linked(&test_db.db, notice, &platforms, None);
        let (_, message) = bare.await.unwrap().expect("a thread message");
        assert!(!message.text.contains("https://"), "{}", message.text);
    }
}
