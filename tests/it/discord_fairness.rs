//! Issue trust-2 on Discord, against the fake gateway and REST: a flooder's
//! 50 direct messages are limited per user (10 run, one refusal, the rest
//! dropped), and another member's command in another channel is answered
//! meanwhile, within the bound of 2 s. (The fake does not pace
//! Discord's sends; the limit and the per-channel order are what is shown.)

use std::time::{Duration, Instant};

use corrbot::adapters::discord::RoleMap;
use corrbot::app::service::AppConfig;
use corrbot::app::throttle::CommandLimit;

use crate::support::db::TestDb;
use crate::support::discord_bot::WiredBot;
use crate::support::fake_discord::{Sent, SentKind};

const BOUND: Duration = Duration::from_secs(2);
const FLOOD: usize = 50;
const FLOODER: u64 = 9_001;
const OTHER: u64 = 9_002;
/// Their DM channels with the bot.
const FLOODER_DM: u64 = 5_900_001;
const OTHER_DM: u64 = 5_900_002;

fn text(sent: &Sent) -> &str {
    sent.content.as_deref().unwrap_or_default()
}

/// The bot's messages in `channel` once there are `count` of them.
async fn messages_in(bot: &WiredBot, channel: u64, count: usize) -> Vec<Sent> {
    bot.fake
        .wait_until(&format!("{count} messages in {channel}"), |state| {
            let found: Vec<Sent> = state
                .sent()
                .iter()
                .filter(|sent| sent.channel_id == channel && sent.kind == SentKind::Message)
                .cloned()
                .collect();
            (found.len() >= count).then_some(found)
        })
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn discord_flood_is_limited_per_user_and_holds_no_other_channel() {
    let t = TestDb::sqlite().await;
    let limited = AppConfig::default().with_command_limit(Some(CommandLimit::default()));
    let bot = WiredBot::start_configured(t.db.clone(), RoleMap::default(), limited).await;

    for _ in 0..FLOOD {
        bot.fake
            .push_message_in(FLOODER_DM, None, FLOODER, "/time")
            .await;
    }
    let asked = Instant::now();
    bot.fake
        .push_message_in(OTHER_DM, None, OTHER, "/help")
        .await;
    let answer = messages_in(&bot, OTHER_DM, 1).await;
    let waited = asked.elapsed();
    eprintln!("Discord: the other member's /help answered in {waited:?}");
    assert!(text(&answer[0]).contains("/move"), "{answer:?}");
    assert!(waited < BOUND, "the other member waited {waited:?}");

    let told = messages_in(&bot, FLOODER_DM, 11).await;
    let refusals = told.iter().filter(|m| text(m).contains("надто швидко"));
    assert_eq!(refusals.count(), 1, "{told:?}");
    let ran = told
        .iter()
        .filter(|m| text(m).contains("немає поточних партій"));
    assert_eq!(ran.count(), 10, "{told:?}");

    // The channel's messages are answered in order: the other member's
    // command written there now comes after every queued flood message, so
    // when it is answered none of them can still run.
    let marker = bot
        .fake
        .push_message_in(FLOODER_DM, None, OTHER, "/time")
        .await;
    let marked = messages_in(&bot, FLOODER_DM, 12).await;
    assert_eq!(marked[11].nonce, Some(format!("re{marker}")), "{marked:?}");
    // One token later the flooder's next command runs, next in the channel.
    bot.clock.advance(chrono::TimeDelta::seconds(3));
    let next = bot
        .fake
        .push_message_in(FLOODER_DM, None, FLOODER, "/time")
        .await;
    let after = messages_in(&bot, FLOODER_DM, 13).await;
    assert_eq!(after[12].nonce, Some(format!("re{next}")), "{after:?}");
    assert_eq!(after.len(), 13, "{after:?}");
    t.finish().await;
}
