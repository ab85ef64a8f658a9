//! The touch board's link on the chat platforms (issue [touch]): on
//! Telegram `/board` about the player's running game is followed, in
//! their private chat, by a Mini App (`web_app`) button to an https board
//! address, which the fake Bot API checks as Telegram does (https, private
//! chat, exactly one kind of button). Discord's link button is checked in
//! the adapter's conversion tests and by the fake's component check.

use std::time::Duration;

use corrbot::app::service::AppConfig;
use corrbot::app::touch::TouchKey;

use crate::support::db::TestDb;
use crate::support::fake_telegram::{FakeTelegram, FakeUser, SentMessage};
use crate::support::telegram_bot::{TestBot, test_config};

const ANNA: i64 = 601;
const BORYS: i64 = 602;

/// Waits until a message to `chat` satisfies `wanted`.
async fn sent(
    fake: &FakeTelegram,
    chat: i64,
    wanted: impl Fn(&SentMessage) -> bool,
) -> SentMessage {
    for _ in 0..400 {
        if let Some(message) = fake.sent_to(chat).into_iter().find(|m| wanted(m)) {
            return message;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no such message to {chat}: {:?}", fake.sent_to(chat));
}

fn says(words: &'static str) -> impl Fn(&SentMessage) -> bool {
    move |message| {
        message
            .text
            .as_deref()
            .is_some_and(|text| text.contains(words))
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn telegram_board_offers_a_mini_app_button_in_the_private_chat() {
    let test_db = TestDb::sqlite().await;
    let fake = FakeTelegram::start().await;
    let base: url::Url = "https://chess.example.org/club/".parse().unwrap();
    let config = AppConfig::default()
        .with_web_url(Some(base))
        .with_touch_key(Some(TouchKey::new("secret")));
    let bot = TestBot::start_with_app(test_config(&fake), test_db.db.clone(), config).await;
    let (anna, borys) = (FakeUser::new(ANNA, "Anna"), FakeUser::new(BORYS, "Borys"));
    fake.push_message(ANNA, &anna, "/lang en");
    sent(&fake, ANNA, says("English")).await;
    fake.push_message(BORYS, &borys, "/lang en");
    sent(&fake, BORYS, says("English")).await;
    fake.push_message(ANNA, &anna, "/event create Cup");
    sent(&fake, ANNA, says("has been created")).await;
    fake.push_message(ANNA, &anna, "/event join 1");
    fake.push_message(BORYS, &borys, "/event join 1");
    sent(&fake, BORYS, says("Cup")).await;
    fake.push_message(ANNA, &anna, "/event start 1");
    sent(&fake, BORYS, says("has started")).await;
    fake.push_message(ANNA, &anna, "/board 1");
    let link = sent(&fake, ANNA, |message| {
        message
            .buttons
            .iter()
            .flatten()
            .any(|button| button.web_app.is_some())
    })
    .await;
    let button = link
        .buttons
        .iter()
        .flatten()
        .find(|b| b.web_app.is_some())
        .unwrap();
    let url = button.web_app.as_deref().unwrap();
    assert!(
        url.starts_with("https://chess.example.org/club/touch/1?t="),
        "{url}"
    );
    assert!(url.ends_with("&tg=1"), "{url}");
    assert_eq!(button.text, "Move on the board");
    assert_eq!(link.chat_id, ANNA, "the link goes to the private chat");
    bot.stop().await;
    test_db.finish().await;
}
