//! The Discord adapter through the real serenity 0.12 against the in-process
//! fake Discord: gateway handshake, inbound events, interaction answers and
//! outbound delivery with retries.

use std::sync::Arc;
use std::time::Duration;

use corrbot::adapters::discord::{
    CommandOptionKind, CommandOptionSpec, CommandSpec, Destination, DiscordConfig, DiscordInbound,
    DiscordInboundHandler, DiscordReply, DiscordRetryPolicy, DiscordSendError, DiscordSender,
    InboundKind, OptionValue, Reply, SlashOption, connect,
};
use corrbot::app::deliver::image::RenderedImage;
use corrbot::app::outgoing::{Button, Outgoing};
use serde_json::json;
use serenity::builder::{AutocompleteChoice, CreateMessage};
use tokio::sync::{Notify, mpsc};

use crate::support::fake_discord::{self, Failure, FakeDiscord, FakeOptions, GUILD_ID, SentKind};

const CHANNEL: u64 = 4_000_001;
const PLAYER: u64 = 5_000_001;
/// A stand-in for a rendered board: the PNG signature and a few bytes.
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDRfake-board";

/// Retries fast enough for tests; the back-off itself is unit-tested.
fn quick_retries(max_attempts: u32) -> DiscordRetryPolicy {
    DiscordRetryPolicy {
        max_attempts,
        base_delay: Duration::from_millis(1),
        max_delay: Duration::from_millis(5),
    }
}

fn config(fake: &FakeDiscord) -> DiscordConfig {
    let mut config = DiscordConfig::new("fake-token");
    config.api_base = Some(fake.proxy_url());
    config.retry = quick_retries(6);
    config
}

/// A reply with a board image and two buttons.
fn board_message(text: &str) -> Reply {
    let message = Outgoing::text(text).with_buttons(vec![
        Button::new("Offer draw", "draw:7"),
        Button::new("Resign", "resign:7"),
    ]);
    Reply::one(message, Some(RenderedImage::from_png(PNG.into())))
}

/// A plain text reply.
fn text(text: impl Into<String>) -> DiscordReply {
    DiscordReply::Message(Outgoing::text(text).into())
}

/// A plain text reply only its addressee sees.
fn private_text(text: impl Into<String>) -> DiscordReply {
    DiscordReply::Message(Reply::from(Outgoing::text(text)).ephemeral_if(true))
}

/// A channel message of `text` as the bot builds it.
fn channel_text(text: &str) -> CreateMessage {
    Reply::from(Outgoing::text(text)).messages().remove(0)
}

/// The test app: records every inbound and answers by kind. The `slow`
/// command waits for `release` before answering.
async fn reply_to(inbound: DiscordInbound, release: Arc<Notify>) -> DiscordReply {
    match inbound.kind {
        InboundKind::Text { content, .. } => text(format!("echo: {content}")),
        InboundKind::Slash { name, options } if name == "move" => {
            match options.first().map(|o| &o.value) {
                Some(OptionValue::Text(san)) if san == "Qxf7" => {
                    DiscordReply::Message(board_message("Qxf7#"))
                }
                _ => private_text("illegal move"),
            }
        }
        InboundKind::Slash { name, .. } if name == "long" => {
            let lines: Vec<String> = (1..=100)
                .map(|n| format!("line {n:03} {}", "x".repeat(45)))
                .collect();
            DiscordReply::Message(board_message(&lines.join("\n")).ephemeral_if(true))
        }
        InboundKind::Slash { .. } => {
            release.notified().await;
            text("done slowly")
        }
        InboundKind::Autocomplete { value, .. } => DiscordReply::Choices(
            ["e4", "d4", "Nf3"]
                .iter()
                .filter(|san| san.starts_with(&value))
                .map(|san| AutocompleteChoice::new(*san, *san))
                .collect(),
        ),
        InboundKind::Button { custom_id } => private_text(format!("clicked {custom_id}")),
    }
}

/// A running bot: its inbound log, the sender, and the release for `slow`.
struct Bot {
    inbound: mpsc::UnboundedReceiver<DiscordInbound>,
    sender: DiscordSender,
    release: Arc<Notify>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Bot {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn start_bot(config: DiscordConfig) -> Bot {
    let (tx, inbound) = mpsc::unbounded_channel();
    let release = Arc::new(Notify::new());
    let handler_release = Arc::clone(&release);
    let handler = move |inbound: DiscordInbound| {
        tx.send(inbound.clone()).expect("test alive");
        reply_to(inbound, Arc::clone(&handler_release))
    };
    let mut connection = connect(&config, handler).await.expect("client builds");
    let sender = connection.sender.clone();
    let mut ready = connection.ready.clone();
    let task = tokio::spawn(async move {
        connection.client.start().await.expect("gateway runs");
    });
    let bot_user = tokio::time::timeout(Duration::from_secs(10), ready.wait_for(Option::is_some));
    let bot_user = *bot_user
        .await
        .expect("READY in time")
        .expect("client alive");
    assert_eq!(bot_user, Some(fake_discord::BOT_USER_ID));
    Bot {
        inbound,
        sender,
        release,
        task,
    }
}

#[tokio::test]
async fn client_connects_identifies_and_heartbeats() {
    let fake = FakeDiscord::start_with(FakeOptions {
        heartbeat_interval: Duration::from_millis(50),
        ..FakeOptions::default()
    })
    .await;
    let _bot = start_bot(config(&fake)).await;
    let identify = fake.wait_ready().await;
    // serenity identifies with the HTTP token, "Bot " prefix included; Discord accepts both.
    let token = identify["token"].as_str().expect("token");
    assert_eq!(token.trim_start_matches("Bot "), "fake-token");
    let intents = identify["intents"].as_u64().expect("intents");
    let needed = (1 << 9) | (1 << 12) | (1 << 15); // guild messages, DMs, message content
    assert_eq!(intents & needed, needed, "intents {intents:#b}");
    assert!(fake.wait_heartbeats(2).await >= 2);
    let requests = fake.requests();
    assert_eq!(
        requests[0].path, "/api/v10/gateway",
        "serenity found the gateway through the proxy"
    );
}

#[tokio::test]
async fn dropped_gateway_connection_is_resumed() {
    let fake = FakeDiscord::start().await;
    let mut bot = start_bot(config(&fake)).await;
    fake.push_message(CHANNEL, PLAYER, "before").await;
    bot.inbound.recv().await.expect("first inbound");
    fake.disconnect_all();
    let resumes = fake.wait_resumed(1).await;
    assert_eq!(resumes[0]["session_id"], "fake-session-1");
    assert_eq!(
        resumes[0]["seq"], 2,
        "READY and one MESSAGE_CREATE were seen"
    );
    fake.push_message(CHANNEL, PLAYER, "after").await;
    let inbound = bot.inbound.recv().await.expect("inbound after resume");
    assert_eq!(
        inbound.kind,
        InboundKind::Text {
            content: "after".into(),
            replied: None,
        }
    );
    assert_eq!(fake.identifies().len(), 1, "resumed, not identified again");
}

#[tokio::test]
async fn ready_gives_the_sender_its_application_id() {
    let fake = FakeDiscord::start().await;
    let bot = start_bot(config(&fake)).await;
    let games = CommandSpec {
        name: "games".into(),
        description: "Your games".into(),
        options: vec![],
        name_localizations: vec![],
        description_localizations: vec![],
        default_member_permissions: None,
    };
    let count = bot
        .sender
        .register_commands(Some(GUILD_ID), &[games])
        .await
        .expect("registered");
    assert_eq!(count, 1);
    let paths: Vec<String> = fake.requests().into_iter().map(|r| r.path).collect();
    let app = fake_discord::APPLICATION_ID;
    let expected = format!("/api/v10/applications/{app}/guilds/{GUILD_ID}/commands");
    assert_eq!(
        paths,
        ["/api/v10/gateway".to_owned(), expected],
        "no application lookup"
    );
}

#[tokio::test]
async fn message_reaches_handler_and_reply_lands_in_channel() {
    let fake = FakeDiscord::start().await;
    let mut bot = start_bot(config(&fake)).await;
    let id = fake.push_message(CHANNEL, PLAYER, "hello").await;
    let inbound = bot.inbound.recv().await.expect("inbound");
    let expected = DiscordInbound {
        id,
        channel_id: CHANNEL,
        guild_id: Some(GUILD_ID),
        user_id: PLAYER,
        display_name: format!("user{PLAYER}"),
        user_name: format!("user{PLAYER}"),
        roles: Some(Vec::new()),
        locale: None,
        kind: InboundKind::Text {
            content: "hello".into(),
            replied: None,
        },
    };
    assert_eq!(inbound, expected);
    let sent = fake.wait_for_sent(1).await;
    assert_eq!(sent[0].kind, SentKind::Message);
    assert_eq!(sent[0].channel_id, CHANNEL);
    assert_eq!(sent[0].content.as_deref(), Some("echo: hello"));
}

#[tokio::test]
async fn own_messages_are_ignored_and_dms_have_no_guild() {
    let fake = FakeDiscord::start().await;
    let mut bot = start_bot(config(&fake)).await;
    // Dispatched first; the current-thread runtime runs serenity's handler tasks in order.
    fake.push_own_message(CHANNEL, "echo: loop?").await;
    let dm_channel = 4_000_002;
    let id = fake
        .push_message_in(dm_channel, None, PLAYER, "/games")
        .await;
    let inbound = bot.inbound.recv().await.expect("inbound");
    assert_eq!((inbound.id, inbound.guild_id), (id, None));
    let sent = fake.wait_for_sent(1).await;
    assert_eq!((sent.len(), sent[0].channel_id), (1, dm_channel));
    assert!(
        bot.inbound.try_recv().is_err(),
        "the bot's own message reached the handler"
    );
}

#[tokio::test]
async fn slash_command_gets_board_reply_with_buttons() {
    let fake = FakeDiscord::start().await;
    let mut bot = start_bot(config(&fake)).await;
    let options = json!([{ "name": "san", "type": 3, "value": "Qxf7" }]);
    let id = fake
        .push_slash_command("move", options, PLAYER, CHANNEL)
        .await;
    let inbound = bot.inbound.recv().await.expect("inbound");
    assert_eq!(inbound.id, id);
    assert_eq!(inbound.user_id, PLAYER);
    let option = SlashOption {
        name: "san".into(),
        value: OptionValue::Text("Qxf7".into()),
    };
    assert_eq!(
        inbound.kind,
        InboundKind::Slash {
            name: "move".into(),
            options: vec![option]
        }
    );
    let sent = fake.wait_for_sent(1).await;
    let answer = &sent[0];
    assert_eq!(
        answer.kind,
        SentKind::InteractionResponse { callback_type: 4 }
    );
    assert_eq!(answer.interaction_id, Some(id));
    assert_eq!(answer.content.as_deref(), Some("Qxf7#"));
    assert!(!answer.ephemeral);
    assert_eq!(answer.embeds[0]["image"]["url"], "attachment://board.png");
    assert_eq!(answer.attachments[0].bytes, PNG);
    assert_eq!(answer.button_ids(), ["draw:7", "resign:7"]);
}

#[tokio::test]
async fn slash_command_error_is_ephemeral() {
    let fake = FakeDiscord::start().await;
    let _bot = start_bot(config(&fake)).await;
    let options = json!([{ "name": "san", "type": 3, "value": "Zz9" }]);
    fake.push_slash_command("move", options, PLAYER, CHANNEL)
        .await;
    let sent = fake.wait_for_sent(1).await;
    assert_eq!(
        sent[0].kind,
        SentKind::InteractionResponse { callback_type: 4 }
    );
    assert_eq!(sent[0].content.as_deref(), Some("illegal move"));
    assert!(sent[0].ephemeral);
}

/// A 5,000-character answer to a slash command: the interaction response
/// holds the first 2,000 characters at most (cut at a line break) with the
/// board, followup messages the rest, the buttons ride on the last one,
/// and every part keeps the answer's visibility.
#[tokio::test]
async fn a_long_answer_is_split_into_followups() {
    let fake = FakeDiscord::start().await;
    let _bot = start_bot(config(&fake)).await;
    let id = fake
        .push_slash_command("long", json!([]), PLAYER, CHANNEL)
        .await;
    let sent = fake.wait_for_sent(3).await;
    assert_eq!(
        sent[0].kind,
        SentKind::InteractionResponse { callback_type: 4 }
    );
    assert!(sent[1..].iter().all(|s| s.kind == SentKind::Followup));
    assert!(
        sent.iter()
            .all(|s| s.interaction_id == Some(id) && s.ephemeral)
    );
    let parts: Vec<&str> = sent
        .iter()
        .map(|s| s.content.as_deref().unwrap_or(""))
        .collect();
    assert!(parts.concat().chars().count() > 5_000);
    for part in &parts {
        assert!(part.chars().count() <= 2000, "{}", part.chars().count());
        assert!(part.starts_with("line "), "{part:.20}");
    }
    assert_eq!(sent[0].attachments.len(), 1, "the board on the first part");
    assert!(sent[0].components.is_empty() && sent[1].components.is_empty());
    assert!(!sent[2].button_ids().is_empty(), "buttons on the last part");
}

#[tokio::test]
async fn autocomplete_answers_with_choices() {
    let fake = FakeDiscord::start().await;
    let mut bot = start_bot(config(&fake)).await;
    fake.push_autocomplete("move", "san", "N", PLAYER, CHANNEL)
        .await;
    let inbound = bot.inbound.recv().await.expect("inbound");
    let expected = InboundKind::Autocomplete {
        name: "move".into(),
        focused: "san".into(),
        value: "N".into(),
    };
    assert_eq!(inbound.kind, expected);
    let sent = fake.wait_for_sent(1).await;
    assert_eq!(
        sent[0].kind,
        SentKind::InteractionResponse { callback_type: 8 }
    );
    assert_eq!(sent[0].choices, [json!({ "name": "Nf3", "value": "Nf3" })]);
}

#[tokio::test]
async fn a_button_that_only_shows_something_gets_a_response() {
    let fake = FakeDiscord::start().await;
    let mut bot = start_bot(config(&fake)).await;
    let board = fake.next_id();
    fake.push_button("/board 7", PLAYER, CHANNEL, board).await;
    let inbound = bot.inbound.recv().await.expect("inbound");
    assert_eq!(
        inbound.kind,
        InboundKind::Button {
            custom_id: "/board 7".into()
        }
    );
    assert_eq!((inbound.user_id, inbound.channel_id), (PLAYER, CHANNEL));
    let sent = fake.wait_for_sent(1).await;
    assert_eq!(
        sent[0].kind,
        SentKind::InteractionResponse { callback_type: 4 }
    );
    assert_eq!(sent[0].content.as_deref(), Some("clicked /board 7"));
    assert!(sent[0].ephemeral);
}

#[tokio::test]
async fn slow_handler_is_deferred_then_edited() {
    let fake = FakeDiscord::start().await;
    let mut config = config(&fake);
    config.defer_after = Duration::ZERO;
    let bot = start_bot(config).await;
    let id = fake
        .push_slash_command("slow", json!([]), PLAYER, CHANNEL)
        .await;
    let deferred = fake.wait_for_sent(1).await;
    assert_eq!(
        deferred[0].kind,
        SentKind::InteractionResponse { callback_type: 5 }
    );
    assert!(!deferred[0].ephemeral, "handlers defer publicly by default");
    bot.release.notify_one();
    let sent = fake.wait_for_sent(2).await;
    assert_eq!(sent[1].kind, SentKind::EditOriginal);
    assert_eq!(sent[1].interaction_id, Some(id));
    assert_eq!(sent[1].content.as_deref(), Some("done slowly"));
}

/// A handler whose slow answers are private: it says so for the deferral.
/// It answers once released.
struct PrivateSlow(Arc<Notify>);

impl DiscordInboundHandler for PrivateSlow {
    async fn handle(&self, _inbound: DiscordInbound) -> DiscordReply {
        self.0.notified().await;
        private_text("your games")
    }

    fn defer_ephemeral(&self, inbound: &DiscordInbound) -> bool {
        matches!(&inbound.kind, InboundKind::Slash { name, .. } if name == "games")
    }
}

#[tokio::test]
async fn a_private_answer_is_deferred_privately() {
    let fake = FakeDiscord::start().await;
    let mut config = config(&fake);
    config.defer_after = Duration::ZERO;
    let release = Arc::new(Notify::new());
    let handler = PrivateSlow(release.clone());
    let mut connection = connect(&config, handler).await.expect("client");
    let task = tokio::spawn(async move {
        connection.client.start().await.expect("gateway runs");
    });
    fake.push_slash_command("games", json!([]), PLAYER, CHANNEL)
        .await;
    fake.wait_for_sent(1).await;
    release.notify_one();
    let sent = fake.wait_for_sent(2).await;
    task.abort();
    assert_eq!(
        sent[0].kind,
        SentKind::InteractionResponse { callback_type: 5 }
    );
    assert!(sent[0].ephemeral, "the deferral is private");
    assert_eq!(sent[1].content.as_deref(), Some("your games"));
}

#[tokio::test]
async fn interaction_answer_survives_a_rate_limit() {
    let fake = FakeDiscord::start().await;
    let _bot = start_bot(config(&fake)).await;
    fake.fail_next(1, Failure::Status429 { retry_after: 0.001 });
    fake.push_slash_command(
        "move",
        json!([{ "name": "san", "type": 3, "value": "e9" }]),
        PLAYER,
        CHANNEL,
    )
    .await;
    let sent = fake.wait_for_sent(1).await;
    assert!(sent[0].ephemeral);
    let statuses: Vec<u16> = fake
        .requests()
        .iter()
        .filter(|r| r.path.ends_with("/callback"))
        .map(|r| r.status)
        .collect();
    assert_eq!(statuses, [429, 204]);
}

fn sender(fake: &FakeDiscord, policy: DiscordRetryPolicy) -> DiscordSender {
    let mut config = config(fake);
    config.retry = policy;
    DiscordSender::new(Arc::new(config.http()), policy)
}

#[tokio::test]
async fn dm_carries_embed_and_png() {
    let fake = FakeDiscord::start().await;
    let sender = sender(&fake, quick_retries(3));
    let delivered = sender
        .send(
            Destination::User(PLAYER),
            board_message("Your move").messages().remove(0),
            Some("outbox-1"),
        )
        .await;
    let delivered = delivered.expect("DM delivered");
    assert_eq!(Some(delivered.channel_id), fake.dm_channel(PLAYER));
    let sent = fake.sent();
    assert_eq!(sent.len(), 1);
    let dm = &sent[0];
    assert_eq!(
        (dm.kind, dm.channel_id, dm.message_id),
        (
            SentKind::Message,
            delivered.channel_id,
            Some(delivered.message_id)
        )
    );
    assert_eq!(dm.content.as_deref(), Some("Your move"));
    assert_eq!(dm.button_ids(), ["draw:7", "resign:7"]);
    assert_eq!(dm.embeds[0]["image"]["url"], "attachment://board.png");
    let file = &dm.attachments[0];
    assert_eq!(
        (file.field.as_str(), file.filename.as_str()),
        ("files[0]", "board.png")
    );
    assert_eq!(file.content_type.as_deref(), Some("image/png"));
    assert_eq!(file.bytes, PNG);
    // A second DM reuses the channel instead of opening it again.
    sender
        .send(Destination::User(PLAYER), channel_text("again"), None)
        .await
        .expect("second DM");
    let opened = fake
        .requests()
        .iter()
        .filter(|r| r.path.ends_with("/users/@me/channels"))
        .count();
    assert_eq!(opened, 1);
}

#[tokio::test]
async fn game_thread_is_created_and_used() {
    let fake = FakeDiscord::start().await;
    let sender = sender(&fake, quick_retries(3));
    let announce = sender
        .send(
            Destination::Channel(CHANNEL),
            channel_text("Game 7 starts"),
            None,
        )
        .await;
    let announce = announce.expect("announcement");
    let thread = sender
        .create_thread(CHANNEL, Some(announce.message_id), "Game 7: A\u{a0}— B")
        .await
        .expect("thread");
    sender
        .send(Destination::Channel(thread), channel_text("1. e4"), None)
        .await
        .expect("move posted");
    let loose = sender
        .create_thread(CHANNEL, None, "Arbitration 1")
        .await
        .expect("thread in channel");
    let threads = fake.threads();
    assert_eq!(threads[0].id, thread);
    assert_eq!(
        (threads[0].parent_id, threads[0].from_message),
        (CHANNEL, Some(announce.message_id))
    );
    assert_eq!(threads[0].name, "Game 7: A\u{a0}— B");
    assert_eq!((threads[1].id, threads[1].from_message), (loose, None));
    let sent = fake.sent();
    assert_eq!(
        (sent[1].channel_id, sent[1].content.as_deref()),
        (thread, Some("1. e4"))
    );
}

#[tokio::test]
async fn rate_limit_and_server_errors_deliver_exactly_once() {
    let fake = FakeDiscord::start().await;
    let sender = sender(&fake, quick_retries(6));
    fake.fail_next(1, Failure::Status429 { retry_after: 0.001 });
    fake.fail_next(2, Failure::Status500);
    fake.fail_next(1, Failure::Status500AfterCommit);
    let message = channel_text("Reminder: 2\u{a0}days left");
    let delivered = sender
        .send(Destination::Channel(CHANNEL), message, Some("outbox-7"))
        .await
        .expect("delivered");
    let statuses: Vec<u16> = fake.requests().iter().map(|r| r.status).collect();
    assert_eq!(statuses, [429, 500, 500, 500, 200]);
    let sent = fake.sent();
    assert_eq!(sent.len(), 1, "delivered exactly once: {sent:#?}");
    assert_eq!(sent[0].message_id, Some(delivered.message_id));
}

#[tokio::test]
async fn persistent_outage_is_reported_retryable() {
    let fake = FakeDiscord::start().await;
    let sender = sender(&fake, quick_retries(3));
    fake.fail_next(5, Failure::Status500);
    let error = sender
        .send(Destination::Channel(CHANNEL), channel_text("x"), None)
        .await
        .unwrap_err();
    assert!(error.is_retryable());
    assert!(
        matches!(
            error,
            DiscordSendError::Retryable {
                attempts: 3,
                status: Some(500),
                ..
            }
        ),
        "{error:?}"
    );
    assert_eq!(fake.requests().len(), 3);
    assert!(fake.sent().is_empty());
}

#[tokio::test]
async fn refusal_is_permanent_and_not_retried() {
    let fake = FakeDiscord::start().await;
    let sender = sender(&fake, quick_retries(5));
    fake.fail_next(1, Failure::Status403 { code: 50007 });
    let error = sender
        .send(Destination::Channel(CHANNEL), channel_text("x"), None)
        .await
        .unwrap_err();
    assert!(!error.is_retryable());
    assert!(
        matches!(
            error,
            DiscordSendError::Permanent {
                status: Some(403),
                code: 50007,
                ..
            }
        ),
        "{error:?}"
    );
    assert_eq!(fake.requests().len(), 1);
}

#[tokio::test]
async fn commands_are_registered_globally_and_per_guild() {
    let fake = FakeDiscord::start().await;
    let sender = sender(&fake, quick_retries(3));
    let san = CommandOptionSpec {
        kind: CommandOptionKind::Text,
        name: "san".into(),
        description: "Your move".into(),
        required: true,
        autocomplete: true,
        description_localizations: vec![("uk".into(), "Ваш хід".into())],
    };
    let commands = [
        CommandSpec {
            name: "move".into(),
            description: "Make a move".into(),
            options: vec![san],
            name_localizations: vec![("uk".into(), "хід".into())],
            description_localizations: vec![],
            default_member_permissions: None,
        },
        CommandSpec {
            name: "games".into(),
            description: "Your games".into(),
            options: vec![],
            name_localizations: vec![],
            description_localizations: vec![],
            default_member_permissions: None,
        },
    ];
    assert_eq!(
        sender
            .register_commands(None, &commands)
            .await
            .expect("global"),
        2
    );
    assert_eq!(
        sender
            .register_commands(Some(GUILD_ID), &commands[..1])
            .await
            .expect("guild"),
        1
    );
    let global = fake.commands(None);
    assert_eq!(global[0]["name"], "move");
    assert_eq!(global[0]["options"][0]["autocomplete"], true);
    assert_eq!(global[0]["options"][0]["type"], 3);
    assert_eq!(global[0]["name_localizations"]["uk"], "хід");
    assert_eq!(
        global[0]["options"][0]["description_localizations"]["uk"],
        "Ваш хід"
    );
    assert_eq!(fake.commands(Some(GUILD_ID)).len(), 1);
}

#[tokio::test]
async fn current_user_application_and_gateway_are_served() {
    let fake = FakeDiscord::start().await;
    let http = config(&fake).http();
    assert_eq!(
        http.get_current_user().await.expect("user").id.get(),
        fake_discord::BOT_USER_ID
    );
    let application = http
        .get_current_application_info()
        .await
        .expect("application");
    assert_eq!(application.id.get(), fake_discord::APPLICATION_ID);
    assert_eq!(
        http.get_bot_gateway().await.expect("gateway").url,
        fake.gateway_url()
    );
}
