//! Discord's gateway shards split over processes (issue 24): two bots on
//! one database, one running shard 0 of 2 and the other shard 1 of 2
//! (`DISCORD_SHARDS=0-0/2` and `1-1/2`), against the fake gateway, which
//! sends a guild's events only to shard `(guild_id >> 22) % 2` and direct
//! messages to shard 0, as Discord does. Every event reaches one session
//! and gets one answer.

use std::sync::Arc;

use corrbot::adapters::discord::{DiscordBot, ServeConfig, ShardPlan, shard_of};
use corrbot::app::service::{App, AppConfig};
use corrbot::render::RenderCache;
use corrbot::time::{Clock, SimClock};
use serde_json::json;

use crate::support::db::TestDb;
use crate::support::discord_bot::{CHANNEL, serve_config, start_instant};
use crate::support::fake_discord::{FakeDiscord, FakeOptions, GUILD_ID, SentKind};

/// A guild whose events go to shard 0 of 2 (`GUILD_ID`'s go to shard 1).
const OTHER_GUILD: u64 = GUILD_ID - (1 << 22);
const DM_CHANNEL: u64 = 4_100_001;
const USER: u64 = 5_000_001;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_split_the_shards_and_each_event_is_handled_once() {
    assert_eq!((shard_of(GUILD_ID, 2), shard_of(OTHER_GUILD, 2)), (1, 0));
    let test_db = TestDb::sqlite().await;
    let options = FakeOptions {
        shards: 2,
        ..FakeOptions::default()
    };
    let fake = FakeDiscord::start_with(options).await;
    let clock: Arc<dyn Clock> = Arc::new(SimClock::new(start_instant()));
    let app = App::new(test_db.db.clone(), clock.clone(), AppConfig::default());
    let cache = Arc::new(RenderCache::new(16));
    let mut bots = Vec::new();
    for shard in 0..2 {
        let config = ServeConfig {
            shards: ShardPlan::Range {
                first: shard,
                last: shard,
                total: 2,
            },
            ..serve_config(&fake)
        };
        let bot = DiscordBot::start(app.clone(), clock.clone(), cache.clone(), &config);
        bots.push(bot.await.expect("a shard's bot starts"));
    }
    fake.wait_shards_ready(&[[0, 2], [1, 2]]).await;
    let mut identified: Vec<_> = fake
        .identifies()
        .iter()
        .map(|i| i["shard"].clone())
        .collect();
    identified.sort_by_key(ToString::to_string);
    assert_eq!(identified, [json!([0, 2]), json!([1, 2])]);

    let places = [
        (CHANNEL, Some(GUILD_ID)),
        (CHANNEL + 1, Some(OTHER_GUILD)),
        (DM_CHANNEL, None),
    ];
    let mut asked = Vec::new();
    for (channel, guild) in places {
        for _ in 0..3 {
            let id = fake
                .push_slash_command_in("help", json!([]), USER, channel, guild)
                .await;
            asked.push(id);
        }
    }
    for id in &asked {
        fake.wait_until("an answer to each", |state| {
            state
                .sent()
                .iter()
                .any(|s| s.interaction_id == Some(*id))
                .then_some(())
        })
        .await;
    }
    let deliveries = fake.deliveries();
    assert_eq!(deliveries.len(), asked.len(), "{deliveries:?}");
    assert!(
        deliveries.iter().all(|(_, sessions)| *sessions == 1),
        "every event went to one session: {deliveries:?}"
    );
    for id in &asked {
        let answers = fake
            .sent()
            .into_iter()
            .filter(|s| s.interaction_id == Some(*id))
            .filter(|s| matches!(s.kind, SentKind::InteractionResponse { .. }))
            .count();
        assert_eq!(answers, 1, "interaction {id} answered once");
    }
    drop(bots);
    test_db.finish().await;
}
