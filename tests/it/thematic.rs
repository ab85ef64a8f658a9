//! Thematic events (#21, `opening=`): every game starts after the opening;
//! when the opening ends with White's move Black moves first, and the
//! clock, the deadlines, `/record`, the PGN and the GIF follow (R3.5.1: the
//! control counts only the moves the players make).

use std::sync::Arc;

use chrono::Duration;
use corrbot::app::deliver::image::render_image;
use corrbot::app::i18n::Lang;
use corrbot::app::outgoing::ImageRef;
use corrbot::core::pgn::read_game;
use corrbot::render::{BoardOptions, Layout, PlayerLabel, RenderCache, Theme};
use corrbot::store::{EventId, EventStatus, GameId, Platform, PlayerId};
use image::AnimationDecoder;
use image::codecs::gif::GifDecoder;
use shakmaty::{Color, Position, Square};

use crate::support::db::{TestDb, on_both};
use crate::support::world::{World, start};

on_both!(
    a_thematic_event_where_black_moves_first,
    refused_openings_create_and_change_nothing,
    the_pgn_and_the_gif_start_from_the_opening,
);

/// After 1. e4 c5 2. Nf3: Black to move.
const SICILIAN_FEN: &str = "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";

async fn id_of(w: &World, user: &str) -> PlayerId {
    let mut tx = w.db.read().await.unwrap();
    let account = tx.account(Platform::Console, user).await.unwrap();
    account.unwrap().player_id
}

/// alice creates a thematic event from the Sicilian, bob (White) and carol
/// (Black) join and it starts: game #1.
async fn sicilian(w: &mut World) {
    w.english(&["alice", "bob", "carol"]).await;
    w.started_event(r#"opening="1. e4 c5 2. Кf3""#, &["bob", "carol"])
        .await;
}

async fn a_thematic_event_where_black_moves_first(t: &TestDb) {
    let mut w = World::new(&t.db);
    sicilian(&mut w).await;
    let game = w.game(1).await;
    assert_eq!(game.initial_fen.as_deref(), Some(SICILIAN_FEN));
    assert_eq!(game.fen, SICILIAN_FEN);
    assert_eq!(game.ply, 0);
    // The deadlines at the start are Black's: carol's clock runs.
    let carol = id_of(&w, "carol").await;
    let deadlines = w.deadlines(1).await;
    assert!(!deadlines.is_empty());
    assert!(deadlines.iter().all(|d| d.player_id == Some(carol)));
    let flag = deadlines.iter().find(|d| d.kind == "loss_on_time").unwrap();
    // 36 days on the first move charge 20 + 2·16 = 52 > 50 (R3.5.3, R3.5.7).
    assert_eq!(flag.due_at, start() + Duration::days(36));
    // White may not move first.
    let out = w.move_as("bob", 1, "d4").await;
    assert!(out[0].contains("not your turn"), "{out:?}");
    // Black's first move after 3 days counts 3 days for Black alone.
    w.clock.advance(Duration::days(3));
    let out = w.move_as("carol", 1, "d6").await;
    assert!(out[0].contains("you played 2... d7-d6"), "{out:?}");
    let clock = w.game(1).await.clock.unwrap();
    assert_eq!((clock.black_used, clock.black_left), (3, 47));
    assert_eq!((clock.white_used, clock.white_left), (0, 50));
    // Then White's, after 5 more days, counts for White.
    w.clock.advance(Duration::days(5));
    w.move_as("bob", 1, "d4").await;
    let clock = w.game(1).await.clock.unwrap();
    assert_eq!((clock.white_used, clock.black_used), (5, 3));
    let bob = id_of(&w, "bob").await;
    let deadlines = w.deadlines(1).await;
    assert!(deadlines.iter().all(|d| d.player_id == Some(carol)));
    assert!(!deadlines.iter().any(|d| d.player_id == Some(bob)));
    // `/record` numbers the players' moves from the opening on.
    let out = w.say("@bob: /record 1").await;
    let record = out.join("\n");
    assert!(record.contains("2... d7-d6"), "{record}");
    assert!(record.contains("3. d2-d4"), "{record}");
    // The opening is named, not recorded as the players' moves (R3.5.1).
    assert!(!record.contains("1. e2-e4 —"), "{record}");
    assert!(
        record.contains("Thematic event: the games start after 1. e2-e4 c7-c5 2. Кg1-f3"),
        "{record}"
    );
    // `/event show` says where the games start.
    let out = w.say("@alice: /event show 1").await;
    assert!(
        out[0].contains(
            "Thematic event: the games start after 1. e2-e4 c7-c5 2. Кg1-f3; Black moves first."
        ),
        "{out:?}"
    );
}

async fn refused_openings_create_and_change_nothing(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "bob", "carol"]).await;
    let out = w
        .say(r#"@alice: /event create Cup opening="1. e4 e5 2. Кf6""#)
        .await;
    assert!(
        out[0].contains("opening: the move 2. Кf6 is not possible."),
        "{out:?}"
    );
    let out = w.say("@alice: /event create Cup opening=«8/8 w»").await;
    assert!(
        out[0].contains("is not a possible chess position"),
        "{out:?}"
    );
    let out = w
        .say(r#"@alice: /event create Cup rules=postal opening="1. d4""#)
        .await;
    assert!(
        out[0].contains("only in events under the server rules"),
        "{out:?}"
    );
    let mut tx = w.db.read().await.unwrap();
    for status in [EventStatus::Draft, EventStatus::Registration] {
        let found = tx.events_with_status(status).await.unwrap();
        assert!(found.is_empty(), "nothing created");
    }
    drop(tx);
    // A FEN in «» quotes, then changed before the start, refused after it.
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    let out = w
        .say(&format!("@alice: /event create Cup opening=«{fen}»"))
        .await;
    assert!(out[0].contains("has been created"), "{out:?}");
    let out = w.say("@alice: /event set 1 opening=\"1. d4 d5\"").await;
    assert!(out[0].contains("changed"), "{out:?}");
    let out = w.say("@alice: /event set 1 opening=\"1. d4 Кd5\"").await;
    assert!(
        out[0].contains("the move 1... Кd5 is not possible"),
        "{out:?}"
    );
    let mut tx = w.db.read().await.unwrap();
    let opening = tx.event(EventId(1)).await.unwrap().regulation.opening;
    assert_eq!(opening.unwrap().moves, ["d2d4", "d7d5"]);
    drop(tx);
    for user in ["bob", "carol"] {
        w.say(&format!("@{user}: /event join 1")).await;
    }
    w.say("@alice: /event start 1").await;
    let out = w.say("@alice: /event set 1 opening=\"1. e4\"").await;
    assert!(out[0].contains("has already started"), "{out:?}");
    // White moves first after 1. d4 d5, at move 2.
    let out = w.move_as("bob", 1, "c4").await;
    assert!(out[0].contains("2. c2-c4"), "{out:?}");
}

async fn the_pgn_and_the_gif_start_from_the_opening(t: &TestDb) {
    let mut w = World::new(&t.db);
    sicilian(&mut w).await;
    w.move_as("carol", 1, "d6").await;
    w.move_as("bob", 1, "d4").await;
    // PGN: SetUp and FEN of the thematic start, the players' moves only,
    // and it reads back to the same game.
    let replies = w.ask("bob", "/pgn 1").await;
    let pgn = &replies[0].document.as_ref().expect("a PGN file").content;
    assert!(pgn.contains("[SetUp \"1\"]"), "{pgn}");
    assert!(pgn.contains(&format!("[FEN \"{SICILIAN_FEN}\"]")), "{pgn}");
    assert!(pgn.contains("2... d6 3. d4"), "{pgn}");
    let read = read_game(pgn).unwrap();
    assert_eq!(read.start.turn(), Color::Black);
    assert_eq!(read.moves.len(), 2);
    let replayed = corrbot::core::game::Game::replay(read.start, &["d7d6", "d2d4"]).unwrap();
    assert_eq!(replayed.moves(), read.moves.as_slice());
    // GIF: the first frame is the thematic start (a pawn on e4, none on e2,
    // a knight on f3), then a frame per move the players made.
    let image = ImageRef::Gif {
        plies: None,
        game: GameId(1),
        viewer: None,
        lang: Lang::En,
    };
    let cache = Arc::new(RenderCache::new(4));
    let gif = render_image(w.app.db(), &image, &cache, start())
        .await
        .unwrap();
    let frames = GifDecoder::new(std::io::Cursor::new(gif.png.to_vec()))
        .unwrap()
        .into_frames()
        .collect_frames()
        .unwrap();
    assert_eq!(frames.len(), 3, "the start and two moves");
    let first = frames[0].buffer();
    let label = |name: &str| PlayerLabel {
        name: name.into(),
        days_left: None,
        deadline: None,
    };
    let layout = Layout::of(&BoardOptions {
        white: label("bob"),
        black: label("carol"),
        event: "Cup".into(),
        ..BoardOptions::default()
    });
    let light = Theme::Green.squares().light;
    let centre = |square| {
        let (x, y) = layout.square_origin(square, Color::White);
        let half = layout.square as u32 / 2;
        let [r, g, b, _] = first.get_pixel(x as u32 + half, y as u32 + half).0;
        [r, g, b]
    };
    // e2, e4, f3 and g2 are light squares.
    assert_eq!(centre(Square::E2), light, "e2 is empty");
    assert_ne!(centre(Square::E4), light, "a pawn on e4");
    assert_ne!(centre(Square::F3), light, "a knight on f3");
}
