//! The Telegram adapter's transport, through the real teloxide client,
//! against the in-process fake Bot API (`tests/it/support/fake_telegram.rs`).

use std::sync::Arc;
use std::time::Duration;

use corrbot::adapters::telegram::{
    CommandList, InboundContent, Limits, PermanentReason, PollingOptions, TelegramButton,
    TelegramInbound, TelegramRetryPolicy, TelegramSendError, TelegramSender, build_bot,
    prepare_polling, run_polling, telegram_limits,
};
use teloxide::Bot;
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

use crate::support::fake_telegram::{
    FAKE_TOKEN, Failure, FakeTelegram, FakeUser, SentFile, SentKind,
};

/// Failure guard for waiting on the handler (not a delay: it returns early).
const GUARD: Duration = Duration::from_secs(20);

fn bot_for(fake: &FakeTelegram) -> Bot {
    build_bot(FAKE_TOKEN, Some(&fake.api_url())).expect("bot")
}

/// Limits high enough never to hold a request back, for tests that count
/// retries rather than pacing.
fn unthrottled() -> Limits {
    Limits {
        messages_per_sec_chat: 1_000,
        messages_per_min_chat: 1_000,
        messages_per_min_channel_or_supergroup: 1_000,
        messages_per_sec_overall: 1_000,
    }
}

/// A running polling loop whose inbounds arrive on `inbound`.
struct Poller {
    inbound: mpsc::UnboundedReceiver<TelegramInbound>,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<()>,
}

impl Poller {
    /// Starts polling `bot`; each inbound goes to `reply` first, then to
    /// the test through the channel.
    fn start<F, Fut>(bot: Bot, reply: F) -> Self
    where
        F: Fn(TelegramInbound) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = ()> + Send,
    {
        let (tx, inbound) = mpsc::unbounded_channel();
        let (stop, stopped) = oneshot::channel::<()>();
        let handler = move |inbound: TelegramInbound| {
            let tx = tx.clone();
            let done = reply(inbound.clone());
            async move {
                done.await;
                tx.send(inbound).expect("test receiver alive");
            }
        };
        let options = PollingOptions {
            timeout_secs: 1,
            ..PollingOptions::default()
        };
        let task = tokio::spawn(async move {
            let shutdown = async {
                let _ = stopped.await;
            };
            run_polling(&bot, &handler, &options, shutdown).await;
        });
        Self {
            inbound,
            stop: Some(stop),
            task,
        }
    }

    async fn next(&mut self) -> TelegramInbound {
        tokio::time::timeout(GUARD, self.inbound.recv())
            .await
            .expect("no inbound arrived")
            .expect("poller stopped")
    }

    async fn stop(mut self) {
        self.stop
            .take()
            .expect("running")
            .send(())
            .expect("poller alive");
        self.task.await.expect("poller task");
    }
}

/// PNG-looking bytes: the signature and an IHDR with the given size, then
/// `seed` so that different seeds give different images.
fn png(width: u32, height: u32, seed: u8) -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    bytes.extend_from_slice(&width.to_be_bytes());
    bytes.extend_from_slice(&height.to_be_bytes());
    bytes.extend_from_slice(&[8, 6, 0, 0, 0, seed]);
    bytes
}

#[tokio::test]
async fn polling_receives_a_message_and_the_echo_reaches_the_right_chat() {
    let fake = FakeTelegram::start().await;
    let bot = bot_for(&fake);
    let me = prepare_polling(&bot).await.expect("getMe");
    assert_eq!(me.user.username.as_deref(), Some("corrbot_test_bot"));
    let sender = Arc::new(TelegramSender::new(
        bot.clone(),
        telegram_limits(),
        TelegramRetryPolicy::default(),
    ));
    let mut poller = Poller::start(bot, move |inbound| {
        let sender = sender.clone();
        async move {
            if let InboundContent::Text(text) = &inbound.content {
                let echo = format!("echo: {text}");
                sender
                    .send_text(inbound.chat_id, &echo, &[])
                    .await
                    .expect("echo");
            }
        }
    });
    let alice = FakeUser::new(501, "Alice");
    let update_id = fake.push_message(501, &alice, "/moves Nf3");

    let sent = fake.wait_for_sent(1).await;
    assert_eq!(sent.len(), 1);
    assert_eq!((sent[0].kind, sent[0].chat_id), (SentKind::Text, 501));
    assert_eq!(sent[0].text.as_deref(), Some("echo: /moves Nf3"));
    let inbound = poller.next().await;
    assert_eq!(inbound.update_id as i64, update_id);
    assert_eq!((inbound.chat_id, inbound.user_id), (501, 501));
    assert_eq!(inbound.username.as_deref(), Some("alice"));
    assert_eq!(inbound.language_code.as_deref(), Some("uk"));
    assert_eq!(
        inbound.content,
        InboundContent::Text("/moves Nf3".to_owned())
    );
    let calls = fake.method_calls();
    assert_eq!(&calls[..2], ["getMe", "getWebhookInfo"]);
    poller.stop().await;
}

#[tokio::test]
async fn a_button_press_is_delivered_answered_and_its_message_edited() {
    let fake = FakeTelegram::start().await;
    let bot = bot_for(&fake);
    let sender = Arc::new(TelegramSender::new(
        bot.clone(),
        telegram_limits(),
        TelegramRetryPolicy::default(),
    ));
    let buttons = vec![vec![
        TelegramButton::new("Прийняти", "draw:accept:7"),
        TelegramButton::new("Відхилити", "draw:decline:7"),
    ]];
    let offer = sender
        .send_text(-4001, "Нічия?", &buttons)
        .await
        .expect("offer");
    let replier = sender.clone();
    let mut poller = Poller::start(bot, move |inbound| {
        let sender = replier.clone();
        async move {
            if let InboundContent::Callback { query_id, .. } = &inbound.content {
                sender
                    .edit_text(offer, "Нічию прийнято", &[])
                    .await
                    .expect("edit");
                sender
                    .answer_callback(query_id, Some("OK"))
                    .await
                    .expect("answer");
            }
        }
    });
    let bob = FakeUser::new(502, "Bob");
    let update_id = fake.push_callback(-4001, &bob, "draw:accept:7", offer.message_id.into());

    let answers = fake.wait_for_answers(1).await;
    assert_eq!(answers[0].callback_query_id, format!("cb{update_id}"));
    assert_eq!(answers[0].text.as_deref(), Some("OK"));
    let inbound = poller.next().await;
    assert_eq!(
        (inbound.chat_id, inbound.user_id, inbound.message_id),
        (-4001, 502, offer.message_id)
    );
    let expected_query = format!("cb{update_id}");
    assert!(matches!(&inbound.content,
        InboundContent::Callback { query_id, data } if *query_id == expected_query && data == "draw:accept:7"));
    let sent = fake.sent();
    assert_eq!(
        sent[0].buttons[0][1].callback_data.as_deref(),
        Some("draw:decline:7")
    );
    let edits = fake.edits();
    assert_eq!(edits.len(), 1);
    assert_eq!(edits[0].text.as_deref(), Some("Нічию прийнято"));
    assert!(edits[0].buttons.is_empty());
    poller.stop().await;
}

#[tokio::test]
async fn an_identical_photo_is_sent_by_file_id_the_second_time() {
    let fake = FakeTelegram::start().await;
    let sender = TelegramSender::new(
        bot_for(&fake),
        unthrottled(),
        TelegramRetryPolicy::default(),
    );
    let board = png(480, 480, 1);
    let other = png(480, 480, 2);
    let buttons = vec![vec![TelegramButton::new("Flip", "flip:9")]];

    sender
        .send_photo_png(501, &board, "12. Nf3", &buttons)
        .await
        .expect("first");
    sender
        .send_photo_png(502, &board, "12. Nf3", &[])
        .await
        .expect("second");
    sender
        .send_photo_png(502, &other, "", &[])
        .await
        .expect("other image");

    let sent = fake.sent();
    assert_eq!(sent.len(), 3);
    let Some(SentFile::Uploaded { bytes, file_id, .. }) = &sent[0].file else {
        panic!("first photo was not uploaded: {:?}", sent[0].file);
    };
    assert_eq!(bytes, &board);
    assert_eq!(
        (sent[0].kind, sent[0].text.as_deref()),
        (SentKind::Photo, Some("12. Nf3"))
    );
    assert_eq!(
        sent[0].buttons[0][0].callback_data.as_deref(),
        Some("flip:9")
    );
    assert_eq!(
        sent[1].file,
        Some(SentFile::Reused {
            file_id: file_id.clone()
        })
    );
    assert_eq!(sent[1].chat_id, 502);
    assert!(matches!(&sent[2].file, Some(SentFile::Uploaded { bytes, .. }) if *bytes == other));
    assert_eq!(sent[2].text, None);
}

#[tokio::test]
async fn a_refused_file_id_falls_back_to_an_upload() {
    let fake = FakeTelegram::start().await;
    let sender = TelegramSender::new(
        bot_for(&fake),
        unthrottled(),
        TelegramRetryPolicy::default(),
    );
    let board = png(240, 240, 3);
    sender
        .send_photo_png(501, &board, "", &[])
        .await
        .expect("first");
    fake.forget_files();

    sender
        .send_photo_png(501, &board, "", &[])
        .await
        .expect("second");

    let sent = fake.sent();
    assert_eq!(sent.len(), 2, "the refused attempt is not a sent message");
    assert!(matches!(&sent[1].file, Some(SentFile::Uploaded { bytes, .. }) if *bytes == board));
    let photo_calls = fake
        .method_calls()
        .iter()
        .filter(|m| *m == "sendPhoto")
        .count();
    assert_eq!(photo_calls, 3);
}

#[tokio::test]
async fn a_document_goes_up_with_its_name_caption_and_buttons() {
    let fake = FakeTelegram::start().await;
    let sender = TelegramSender::new(
        bot_for(&fake),
        unthrottled(),
        TelegramRetryPolicy::default(),
    );
    let pgn = b"[Event \"Club\"]\n1. e4 e5 *\n";
    let buttons = vec![vec![TelegramButton::new("Standings", "table:3")]];

    sender
        .send_document(501, pgn, "game-7.pgn", "Game 7", &buttons)
        .await
        .expect("document");

    let sent = fake.sent();
    assert_eq!(
        (sent[0].kind, sent[0].text.as_deref()),
        (SentKind::Document, Some("Game 7"))
    );
    let Some(SentFile::Uploaded {
        bytes, file_name, ..
    }) = &sent[0].file
    else {
        panic!("document was not uploaded");
    };
    assert_eq!(
        (bytes.as_slice(), file_name.as_deref()),
        (&pgn[..], Some("game-7.pgn"))
    );
    assert_eq!(sent[0].buttons[0][0].text, "Standings");
}

/// 429 with `retry_after`, then 500 three times: one message arrives, after
/// five attempts. Runs on tokio's paused clock: teloxide itself pauses 10 s
/// after every 5xx answer, and the retry waits are protocol time too.
#[tokio::test(start_paused = true)]
async fn rate_limit_and_server_errors_are_retried_and_the_message_arrives_once() {
    let fake = FakeTelegram::start().await;
    let retry = TelegramRetryPolicy {
        max_attempts: 6,
        first_backoff: Duration::from_secs(1),
        max_backoff: Duration::from_secs(8),
        ..TelegramRetryPolicy::default()
    };
    let sender = TelegramSender::new(bot_for(&fake), unthrottled(), retry);
    fake.fail_next(1, Failure::Status429 { retry_after: 3 });
    fake.fail_next(3, Failure::Status500);
    let started = tokio::time::Instant::now();

    let sent_ref = sender
        .send_text(501, "Your move", &[])
        .await
        .expect("delivered");

    let sent = fake.sent();
    assert_eq!(sent.len(), 1);
    assert_eq!(
        (sent[0].chat_id, sent[0].message_id),
        (501, sent_ref.message_id.into())
    );
    assert_eq!(fake.failed_attempts(), 4);
    assert_eq!(fake.rate_stats().requests, 5);
    // retry_after (3 s) + back-off 1 + 2 + 4 s, plus teloxide's own 3 × 10 s.
    assert!(
        started.elapsed() >= Duration::from_secs(3 + 7 + 30),
        "{:?}",
        started.elapsed()
    );
}

#[tokio::test(start_paused = true)]
async fn errors_say_whether_a_later_retry_may_help() {
    let fake = FakeTelegram::start().await;
    let retry = TelegramRetryPolicy {
        max_attempts: 3,
        ..TelegramRetryPolicy::default()
    };
    let sender = TelegramSender::new(bot_for(&fake), unthrottled(), retry);
    fake.fail_next(5, Failure::Status500);

    let outage = sender
        .send_text(501, "Your move", &[])
        .await
        .expect_err("server down");
    assert!(outage.is_retryable(), "{outage:?}");
    assert!(matches!(
        outage,
        TelegramSendError::Retryable { attempts: 3, .. }
    ));
    assert!(fake.sent().is_empty());

    fake.fail_next(1, Failure::Status429 { retry_after: 7 });
    let flood = sender
        .send_text(501, "Your move", &[])
        .await
        .expect_err("attempts spent");
    assert!(
        matches!(flood, TelegramSendError::Retryable { retry_after: Some(d), .. } if d == Duration::from_secs(7))
    );

    let calls_before = fake.method_calls().len();
    let refused = sender
        .send_text(501, "", &[])
        .await
        .expect_err("empty text");
    assert!(matches!(
        refused,
        TelegramSendError::Permanent {
            reason: PermanentReason::Rejected,
            ..
        }
    ));
    assert!(!refused.is_retryable());
    assert_eq!(
        fake.method_calls().len(),
        calls_before + 1,
        "a refusal is not retried"
    );
}

#[tokio::test]
async fn a_redelivered_update_keeps_its_update_id() {
    let fake = FakeTelegram::start().await;
    let mut poller = Poller::start(bot_for(&fake), |_| async {});
    let carol = FakeUser::new(503, "Carol");
    let update_id = fake.push_message(503, &carol, "/resign");
    let first = poller.next().await;
    fake.wait_for_confirmed(update_id).await;

    fake.redeliver(update_id);
    let again = poller.next().await;

    assert_eq!(first.update_id as i64, update_id);
    assert_eq!(again, first, "the app dedupes on update_id");
    let next_id = fake.push_message(503, &carol, "/status");
    assert_eq!(poller.next().await.update_id as i64, next_id);
    poller.stop().await;
}

#[tokio::test]
async fn command_lists_are_set_per_language() {
    let fake = FakeTelegram::start().await;
    let sender = TelegramSender::new(
        bot_for(&fake),
        telegram_limits(),
        TelegramRetryPolicy::default(),
    );
    let list = |code: Option<&str>, pairs: &[(&str, &str)]| CommandList {
        language_code: code.map(str::to_owned),
        chat: None,
        commands: pairs
            .iter()
            .map(|(c, d)| (c.to_string(), d.to_string()))
            .collect(),
    };
    let ukrainian = list(
        Some("uk"),
        &[("hid", "Зробити хід"), ("ihry", "Мої партії")],
    );
    let english = list(
        Some("en"),
        &[("move", "Make a move"), ("games", "My games")],
    );
    let default = list(None, &[("move", "Make a move")]);

    sender
        .set_commands(&[ukrainian, english, default])
        .await
        .expect("commands");

    let commands = fake.commands();
    assert_eq!(
        commands["uk"][0],
        ("hid".to_owned(), "Зробити хід".to_owned())
    );
    assert_eq!(
        commands["en"][1],
        ("games".to_owned(), "My games".to_owned())
    );
    assert_eq!(commands[""].len(), 1);
}

#[test]
fn a_malformed_api_url_is_refused() {
    assert!(build_bot(FAKE_TOKEN, Some("not a url")).is_err());
}

/// REAL TIME, about 10 s: 200 messages to 20 private chats through the
/// rate limiter. 1 message per second per chat makes 10 rounds. Private
/// chats: the limiter also caps every chat at 20 per minute (Telegram
/// documents that for groups), which 10 per chat stays under.
#[tokio::test]
async fn burst_of_200_to_20_chats_respects_telegram_limits_real_time() {
    let fake = FakeTelegram::start().await;
    let sender = Arc::new(TelegramSender::new(
        bot_for(&fake),
        telegram_limits(),
        TelegramRetryPolicy::default(),
    ));
    let started = tokio::time::Instant::now();

    send_burst(&sender, 200, 20).await;

    let elapsed = started.elapsed();
    let strict = fake.rate_stats();
    let stats = fake.rate_stats_in(JITTER_WINDOW);
    eprintln!("burst 200/20 chats in {elapsed:?}: {strict:?}; {stats:?}");
    assert_eq!((stats.requests, fake.sent().len()), (200, 200));
    assert!(stats.max_overall_per_window <= 30, "{stats:?}");
    assert!(stats.max_per_chat_per_window <= 1, "{stats:?}");
    assert!(stats.max_per_chat_per_min <= 20, "{stats:?}");
    assert!(elapsed < Duration::from_secs(15), "{elapsed:?}");
}

/// REAL TIME, about 3 s: 90 messages to 90 chats, where only the overall
/// 30 per second holds them back.
#[tokio::test]
async fn burst_to_90_chats_respects_30_per_second_overall_real_time() {
    let fake = FakeTelegram::start().await;
    let sender = Arc::new(TelegramSender::new(
        bot_for(&fake),
        telegram_limits(),
        TelegramRetryPolicy::default(),
    ));
    let started = tokio::time::Instant::now();

    send_burst(&sender, 90, 90).await;

    let strict = fake.rate_stats();
    let stats = fake.rate_stats_in(JITTER_WINDOW);
    eprintln!(
        "burst 90/90 chats in {:?}: {strict:?}; {stats:?}",
        started.elapsed()
    );
    assert_eq!(stats.requests, 90);
    assert!(stats.max_overall_per_window <= 30, "{stats:?}");
    let busiest = strict.max_overall_per_window;
    assert!(busiest >= 20, "the throttle should not idle: {strict:?}");
}

/// The window the burst tests count in. The limiter enforces its limits at the
/// instant it releases a request; the fake sees the requests after HTTP and
/// scheduling delays that vary by up to tens of milliseconds (more on a busy
/// machine), so a whole round released at t and the next at t + 1 s can both
/// land in one strict 1-second window at the receiver (measured: up to 40
/// overall and 2 per chat, shortest per-chat gap 983 ms). Counting in 800 ms
/// windows allows 200 ms of delay variation.
const JITTER_WINDOW: Duration = Duration::from_millis(800);

/// Sends `count` messages round-robin over `chats` private chats, all at once.
async fn send_burst(sender: &Arc<TelegramSender>, count: i64, chats: i64) {
    let mut sends = tokio::task::JoinSet::new();
    for n in 0..count {
        let sender = sender.clone();
        sends.spawn(async move {
            let chat = 10_000 + n % chats;
            sender.send_text(chat, &format!("notice {n}"), &[]).await
        });
    }
    while let Some(result) = sends.join_next().await {
        result.expect("send task").expect("sent");
    }
}

/// A `retry_after` longer than the outbox's claim on the notice (minutes,
/// as Telegram asks after a flood) is not waited out inside the request:
/// the error goes back at once with Telegram's wait, so the outbox puts the
/// notice off and releases its claim, and no second process sends it
/// meanwhile ([trust-2]).
#[tokio::test(start_paused = true)]
async fn a_retry_after_longer_than_the_lease_goes_back_to_the_outbox_at_once() {
    let fake = FakeTelegram::start().await;
    let sender = TelegramSender::new(
        bot_for(&fake),
        unthrottled(),
        TelegramRetryPolicy::default(),
    );
    let lease = corrbot::outbox::OutboxConfig::default().lease;
    let wait = u32::try_from(lease.num_seconds()).unwrap() + 60;
    fake.fail_next(1, Failure::Status429 { retry_after: wait });
    let started = tokio::time::Instant::now();

    let error = sender
        .send_text(501, "Your move", &[])
        .await
        .expect_err("put off");

    assert!(
        matches!(error, TelegramSendError::Retryable { attempts: 1, retry_after: Some(d), .. } if d == Duration::from_secs(wait.into())),
        "{error:?}"
    );
    assert!(fake.sent().is_empty());
    assert!(
        started.elapsed() < lease.to_std().unwrap() / 2,
        "{:?}",
        started.elapsed()
    );
}
