//! The scripted players of the multi-process test: Telegram users whose
//! messages reach the bot by webhook, and Discord users who use slash
//! commands in their guild's channel; and the moves the bot acknowledged.

use std::sync::Arc;
use std::time::Duration;

use corrbot::store::{Db, EventStatus, GameId, Platform, PlayerId};
use serde_json::{Value, json};
use tokio::sync::watch;

use crate::support::fake_discord::{FakeDiscord, SentKind, StateView};
use crate::support::fake_telegram::{FakeTelegram, FakeUser};

/// The longest wait for an update to be handled, redeliveries included
/// (a bound, never a pace).
const TELEGRAM_GUARD: Duration = Duration::from_secs(60);
/// How long a Discord player waits for an answer before asking again: an
/// event sent to the shard of a killed process is lost, as on Discord.
const DISCORD_PATIENCE: Duration = Duration::from_secs(5);
/// How often a Discord player asks before the test fails.
const DISCORD_TRIES: usize = 12;

/// Someone at the board.
#[derive(Clone, Debug)]
pub enum Seat {
    /// A Telegram user (who writes in the private chat with the bot).
    Telegram(FakeUser),
    /// A Discord user writing in `channel` of `guild`.
    Discord {
        /// The user id.
        user: u64,
        /// The guild channel.
        channel: u64,
        /// Its guild.
        guild: u64,
    },
}

impl Seat {
    /// The player the bot made of this user.
    pub async fn player(&self, db: &Db) -> PlayerId {
        let (platform, id) = match self {
            Seat::Telegram(user) => (Platform::Telegram, user.id.to_string()),
            Seat::Discord { user, .. } => (Platform::Discord, user.to_string()),
        };
        let mut tx = db.read().await.unwrap();
        let account = tx.account(platform, &id).await.unwrap();
        tx.commit().await.unwrap();
        account.expect("the user has written to the bot").player_id
    }
}

/// One game under load: its players and its scripted moves.
#[derive(Clone, Debug)]
pub struct Table {
    /// The game.
    pub game: GameId,
    /// White's seat.
    pub white: Seat,
    /// Black's seat.
    pub black: Seat,
    /// UCI moves from the initial position.
    pub script: Vec<String>,
}

/// A move the bot acknowledged: table index, ply (from 1), UCI.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Ack {
    /// The table.
    pub table: usize,
    /// The ply, from 1.
    pub ply: usize,
    /// The move.
    pub uci: String,
}

/// The fakes, the database the checks read, and the count of
/// acknowledged moves (which the crash points follow).
pub struct Players {
    /// The fake Telegram (webhook delivery on).
    pub telegram: Arc<FakeTelegram>,
    /// The fake Discord.
    pub discord: Arc<FakeDiscord>,
    /// The store, for reading what took effect.
    pub db: Db,
    /// Acknowledged moves so far.
    pub acked: watch::Sender<usize>,
}

impl Players {
    /// `seat` writes `text` (a Discord user: slash command `command` with
    /// `options`) and waits until the bot handled it. For set-up steps,
    /// while no process is killed.
    pub async fn say(&self, seat: &Seat, text: &str, command: &str, options: Value) {
        match seat {
            Seat::Telegram(user) => {
                let update = self.telegram.push_message(user.id, user, text);
                self.telegram.wait_for_ack(update, TELEGRAM_GUARD).await;
            }
            Seat::Discord {
                user,
                channel,
                guild,
            } => {
                let id = self
                    .discord
                    .push_slash_command_in(command, options, *user, *channel, Some(*guild))
                    .await;
                self.discord
                    .wait_until(&format!("the answer to {text}"), |s| answer(s, id))
                    .await;
            }
        }
    }

    /// Plays the script of table `t`; returns the acknowledged moves. A
    /// move must be stored once the bot acknowledged it, or the next
    /// move of the script would be refused.
    pub async fn play(&self, t: usize, table: &Table) -> Vec<Ack> {
        let mut acks = Vec::new();
        for (ply, uci) in table.script.iter().enumerate() {
            let seat = if ply % 2 == 0 {
                &table.white
            } else {
                &table.black
            };
            let acknowledged = match seat {
                Seat::Telegram(user) => {
                    let update = self.telegram.push_message(user.id, user, uci);
                    self.telegram.wait_for_ack(update, TELEGRAM_GUARD).await;
                    true
                }
                Seat::Discord { .. } => self.discord_move(seat, table.game, ply, uci).await,
            };
            let stored = self.stored_plies(table.game).await;
            assert!(
                stored > ply,
                "table {t}: move {} ({uci}) answered but not stored ({stored} plies)",
                ply + 1
            );
            if acknowledged {
                acks.push(Ack {
                    table: t,
                    ply: ply + 1,
                    uci: uci.clone(),
                });
                self.acked.send_modify(|n| *n += 1);
            }
        }
        acks
    }

    /// A Discord player's move: asked again while no answer comes and the
    /// move did not take effect; whether an answer came.
    async fn discord_move(&self, seat: &Seat, game: GameId, ply: usize, uci: &str) -> bool {
        let Seat::Discord {
            user,
            channel,
            guild,
        } = seat
        else {
            unreachable!("a Discord seat");
        };
        let options = json!([{ "name": "move", "type": 3, "value": uci }]);
        for _ in 0..DISCORD_TRIES {
            let id = self
                .discord
                .push_slash_command_in("move", options.clone(), *user, *channel, Some(*guild))
                .await;
            let answered = self
                .discord
                .try_wait_until(DISCORD_PATIENCE, |s| answer(s, id))
                .await;
            if self.stored_plies(game).await > ply {
                return answered.is_some();
            }
        }
        panic!("game {}: the Discord move {uci} never took effect", game.0);
    }

    /// The number of moves stored for `game`.
    pub async fn stored_plies(&self, game: GameId) -> usize {
        let mut tx = self.db.read().await.unwrap();
        let ply = tx.game(game).await.unwrap().ply;
        tx.commit().await.unwrap();
        usize::try_from(ply).unwrap_or(0)
    }
}

/// The final answer to interaction `id` (not a deferral), if there is one.
fn answer(state: &StateView<'_>, id: u64) -> Option<String> {
    let deferred = SentKind::InteractionResponse { callback_type: 5 };
    state
        .sent()
        .iter()
        .find(|s| s.interaction_id == Some(id) && s.kind != deferred)
        .map(|s| s.content.clone().unwrap_or_default())
}

/// The id of the event named `name`, whatever its status.
pub async fn event_named(db: &Db, name: &str) -> i64 {
    let mut tx = db.read().await.unwrap();
    let mut found = None;
    for status in [
        EventStatus::Draft,
        EventStatus::Registration,
        EventStatus::Closed,
        EventStatus::Running,
    ] {
        let events = tx.events_with_status(status).await.unwrap();
        found = found.or_else(|| events.into_iter().find(|e| e.name == name));
    }
    tx.commit().await.unwrap();
    found.unwrap_or_else(|| panic!("no event {name}")).id.0
}
