use std::sync::Arc;

use serde_json::{Value, json};

use super::*;
use crate::app::outgoing::Button;

/// What Discord would receive for `builder`.
fn json_of(builder: impl serde::Serialize) -> Value {
    serde_json::to_value(builder).expect("builders serialize")
}

fn button_ids(message: &Value) -> Vec<String> {
    let rows = message["components"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    rows.iter()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .map(|button| button["custom_id"].as_str().unwrap_or_default().to_owned())
        .collect()
}

fn is_ephemeral(response: &Value) -> bool {
    response["flags"].as_u64().unwrap_or(0) & 64 != 0
}

fn board() -> RenderedImage {
    RenderedImage::from_png(Arc::from(&b"\x89PNG\r\n\x1a\nfake"[..]))
}

#[test]
fn errors_are_ephemeral_and_long_commands_get_no_button() {
    let long = format!("/draw accept #{}", "9".repeat(100));
    let message = Outgoing::error("no").with_buttons(vec![
        Button::new("Yes", "/draw accept #3"),
        Button::new("Long", long),
    ]);
    let reply = Reply::from(message);
    assert!(reply.is_ephemeral());
    let [response] = &reply.messages::<CreateInteractionResponseMessage>()[..] else {
        panic!("one message");
    };
    let response = json_of(response);
    assert!(is_ephemeral(&response), "{response}");
    assert_eq!(button_ids(&response), ["/draw accept #3"]);
    assert_eq!(response["components"][0]["components"][0]["style"], 1);
    let ok = json_of(
        &Reply::from(Outgoing::text("ok")).messages::<CreateInteractionResponseMessage>()[0],
    );
    assert!(!is_ephemeral(&ok), "{ok}");
}

#[test]
fn replies_merge_into_one_message() {
    let reply = Reply::from(Outgoing::text("a"))
        .and(
            Outgoing::text("b").with_buttons(vec![Button::new("1", "/board 1")]),
            None,
        )
        .and(
            Outgoing::text("c").with_buttons(vec![Button::new("2", "/board 2")]),
            None,
        )
        .ephemeral_if(true);
    let messages = reply.messages::<CreateInteractionResponseFollowup>();
    let [message] = &messages[..] else {
        panic!("one message");
    };
    let message = json_of(message);
    assert_eq!(message["content"], "a\n\nb\n\nc");
    assert!(is_ephemeral(&message));
    assert_eq!(button_ids(&message), ["/board 1", "/board 2"]);
    let styles = &message["components"][0]["components"];
    assert_eq!(
        (&styles[0]["style"], &styles[1]["style"]),
        (&json!(1), &json!(1))
    );
    assert!(Reply::default().is_empty());
}

#[test]
fn a_merged_reply_is_about_a_game_only_if_its_parts_agree() {
    let about = |game: Option<i64>| match game {
        Some(game) => Outgoing::text("x").about(GameId(game)),
        None => Outgoing::text("x"),
    };
    let game_of = |games: &[Option<i64>]| {
        games
            .iter()
            .fold(Reply::default(), |reply, game| {
                reply.and(about(*game), None)
            })
            .game()
            .map(|game| game.0)
    };
    assert_eq!(game_of(&[Some(3), None, Some(3)]), Some(3));
    assert_eq!(game_of(&[None, Some(5)]), Some(5));
    assert_eq!(game_of(&[Some(3), Some(5), Some(3)]), None);
    assert_eq!(game_of(&[None, None]), None);
    assert_eq!(
        Reply::from(Outgoing::text("b").about(GameId(7))).game(),
        Some(GameId(7))
    );
}

#[test]
fn nothing_pings_and_markdown_shows_literally() {
    let reply = Reply::from(Outgoing::text("@everyone *bold*"));
    let message = json_of(&reply.messages::<CreateMessage>()[0]);
    assert_eq!(message["content"], "@everyone \\*bold\\*");
    let nobody = json!({ "parse": [], "roles": [], "users": [] });
    assert_eq!(message["allowed_mentions"], nobody);
    let starter = json_of(plain::<CreateMessage>("#1 A_b – C"));
    assert_eq!(starter["content"], "#1 A_b – C");
    assert_eq!(starter["allowed_mentions"], nobody);
}

#[test]
fn image_and_document_ride_on_the_first_part_buttons_on_the_last() {
    let mut message = Outgoing::text("x ".repeat(2500))
        .with_buttons(vec![Button::new("1", "/board 1")])
        .about(GameId(1));
    message.document = Some(Document {
        file_name: "game-1.pgn".into(),
        content: "1. e4 *".into(),
    });
    let reply = Reply::one(message, Some(board())).ephemeral_if(true);
    let (first, rest) = reply
        .first_and_rest::<CreateInteractionResponseMessage, CreateInteractionResponseFollowup>();
    let first = json_of(first);
    let rest: Vec<Value> = rest.into_iter().map(json_of).collect();
    assert_eq!(rest.len(), 2, "{}", first["content"]);
    assert!(is_ephemeral(&first) && rest.iter().all(is_ephemeral));
    assert_eq!(first["embeds"][0]["image"]["url"], "attachment://board.png");
    let files: Vec<&Value> = first["attachments"]
        .as_array()
        .expect("files")
        .iter()
        .collect();
    let names: Vec<&str> = files
        .iter()
        .map(|file| file["filename"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["board.png", "game-1.pgn"]);
    assert!(
        rest.iter()
            .all(|part| part["embeds"].as_array().is_none_or(Vec::is_empty))
    );
    assert!(button_ids(&first).is_empty() && button_ids(&rest[0]).is_empty());
    assert_eq!(button_ids(&rest[1]), ["/board 1"]);
    let all = [&first, &rest[0], &rest[1]];
    assert!(
        all.iter()
            .all(|part| part["content"].as_str().unwrap().chars().count() <= MAX_CONTENT_CHARS)
    );
    assert_eq!(
        Reply::from(Outgoing::text("hi"))
            .messages::<CreateMessage>()
            .len(),
        1
    );
}

#[test]
fn only_game_and_event_commands_are_public() {
    assert!(is_public_command("/move 3 e2-e4"));
    assert!(is_public_command("/хід e2-e4"));
    assert!(!is_public_command("/games"));
    assert!(!is_public_command("/time 3"));
    assert!(!is_public_command("e2-e4"));
}

/// Issue [touch]: the board link is a link button (style 5, its address,
/// no custom id) in an ephemeral answer.
#[test]
fn a_link_button_opens_its_address_in_a_private_answer() {
    let url = "https://chess.example.org/touch/1?t=pass";
    let mut message = Outgoing::of_kind("board_link", format!("Move on the board: {url}"))
        .with_buttons(vec![Button::link("Move on the board", url)]);
    message.private = true;
    let reply = Reply::from(message);
    assert!(reply.is_ephemeral());
    let response = json_of(&reply.messages::<CreateInteractionResponseMessage>()[0]);
    let button = &response["components"][0]["components"][0];
    assert_eq!(button["style"], 5, "{response}");
    assert_eq!(button["url"], url);
    assert!(button["custom_id"].is_null(), "{response}");
}
