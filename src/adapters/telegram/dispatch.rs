//! Fair handling of Telegram updates (issue trust-2), for polling and
//! webhook alike.
//!
//! Each update first meets the per-user command limit
//! ([`App::admit`](crate::app::service::App::admit)): a flood costs nothing
//! beyond one refusal. An admitted update goes to a *handling* lane
//! ([`Lanes`]), where the app commits it; its replies then go to its chat's
//! *sending* lane, paced there by Telegram's limits. A chat's replies are
//! sent in order, and a reply's pacing only ever holds its own chat's
//! later replies: never another chat's command.
//!
//! Handling lanes follow the [`InboundOrder`]: one per chat (concurrent
//! across chats, Telegram's guidance), or one for all (the app commits in
//! update order, which keeps a backlog's cross-chat order: a member's
//! `/event join` queued after the organizer's `/event create`). Either way
//! the app's part is a database transaction, not a pause.
//!
//! A sending lane holds at most [`SENDING`]`.depth` updates' replies: a
//! chat that many sends behind (minutes of Telegram's pacing) loses the
//! newest replies, logged, rather than holding the handling lane.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio::sync::oneshot;

use crate::adapters::lanes::{LaneLimits, Lanes};
use crate::app::throttle::Admission;
use crate::store::Platform;

use super::inbound::{Outbound, TelegramHandler};
use super::{InboundContent, TelegramInbound};

/// The handling lanes' limits.
pub const HANDLING: LaneLimits = LaneLimits {
    lanes: 256,
    depth: 64,
};

/// The sending lanes' limits: many chats may wait for their pacing at once.
pub const SENDING: LaneLimits = LaneLimits {
    lanes: 4096,
    depth: 64,
};

/// How long stopping waits for the lanes to finish what they hold.
pub const DRAIN_BOUND: Duration = Duration::from_secs(10);

/// Which updates are handled one after another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum InboundOrder {
    /// All of them, in update order (the default): the app's commits keep
    /// the order Telegram gave, across chats too.
    #[default]
    Arrival,
    /// Those of one chat; chats are handled concurrently.
    PerChat,
}

impl InboundOrder {
    /// Reads `TELEGRAM_INBOUND_ORDER`: `arrival` (or unset) or `chat`.
    pub fn from_env() -> anyhow::Result<Self> {
        match std::env::var("TELEGRAM_INBOUND_ORDER").ok().as_deref() {
            None | Some("" | "arrival") => Ok(Self::Arrival),
            Some("chat") => Ok(Self::PerChat),
            Some(other) => {
                anyhow::bail!("TELEGRAM_INBOUND_ORDER is `arrival` or `chat`, not {other}")
            }
        }
    }

    fn lane_of(self, update: &TelegramInbound) -> i64 {
        match self {
            Self::Arrival => 0,
            Self::PerChat => update.chat_id,
        }
    }
}

/// Completes when an update handed over is committed by the app (or was
/// dropped by the command limit, or failed inside): only then may polling
/// confirm it to Telegram, or the webhook answer `200`. An update still
/// queued when the process stops is left alone ([`Handed::wait`] says
/// `false`): the next process receives it.
#[derive(Debug)]
pub struct Handed(Option<oneshot::Receiver<()>>);

impl Handed {
    /// An update that needs no more waiting.
    pub fn done() -> Self {
        Self(None)
    }

    /// Waits until the update is in the app's hands (`true`), or left to
    /// the next process because this one stops (`false`).
    pub async fn wait(self) -> bool {
        match self.0 {
            Some(committed) => committed.await.is_ok(),
            None => true,
        }
    }
}

impl From<()> for Handed {
    fn from((): ()) -> Self {
        Self::done()
    }
}

/// One admitted update on its way to the app.
struct Job {
    update: TelegramInbound,
    admission: Admission,
    committed: oneshot::Sender<()>,
}

/// The Telegram updates' way through the limit and the lanes.
#[derive(Clone)]
pub struct TelegramDispatch {
    handler: TelegramHandler,
    order: InboundOrder,
    handling: Lanes<i64, Job>,
    sending: Lanes<i64, Outbound>,
    /// Set when the process stops: queued updates are then left alone.
    stopping: Arc<AtomicBool>,
}

impl TelegramDispatch {
    /// Dispatches to `handler`, ordering the handling by `order`.
    pub fn new(handler: TelegramHandler, order: InboundOrder) -> Self {
        let deliverer = handler.clone();
        let sending = Lanes::new(SENDING, move |outbound: Outbound| {
            let handler = deliverer.clone();
            async move { handler.deliver(outbound).await }
        });
        let committer = handler.clone();
        let replies = sending.clone();
        let stopping = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stopping);
        let handling = Lanes::new(HANDLING, move |job: Job| {
            let handler = committer.clone();
            let sending = replies.clone();
            let stopped = Arc::clone(&stopped);
            async move {
                if stopped.load(Ordering::SeqCst) {
                    // Not committed: dropping `committed` says so.
                    return;
                }
                let outbound = handler.commit(&job.update, job.admission).await;
                let _ = job.committed.send(());
                if let Some(outbound) = outbound {
                    queue_replies(&sending, outbound);
                }
            }
        });
        Self {
            handler,
            order,
            handling,
            sending,
            stopping,
        }
    }

    /// Stops handling: the update each lane has in hand is finished, the
    /// queued ones are left for the next process (not committed, not
    /// confirmed).
    pub fn stop(&self) {
        self.stopping.store(true, Ordering::SeqCst);
    }

    /// Counts `update` against its user's command limit and hands it to its
    /// handling lane (waiting only while that lane is full). Group chatter
    /// and commands dropped by the limit are done at once; a dropped button
    /// press is still answered, so that the client's spinner stops.
    pub async fn submit(&self, update: TelegramInbound) -> Handed {
        if !self.handler.is_for_bot(&update) {
            return Handed::done();
        }
        let user = update.user_id.to_string();
        let admission = self.handler.app().admit((Platform::Telegram, &user));
        let button = matches!(update.content, InboundContent::Callback { .. });
        if matches!(admission, Admission::Drop { .. }) && !button {
            return Handed::done();
        }
        let (committed, handed) = oneshot::channel();
        let lane = self.order.lane_of(&update);
        let job = Job {
            update,
            admission,
            committed,
        };
        self.handling.push(lane, job).await;
        Handed(Some(handed))
    }

    /// Waits, at most [`DRAIN_BOUND`], until what was submitted is handled
    /// and its replies are sent.
    pub async fn drain(&self) {
        let drained = async {
            self.handling.drained().await;
            self.sending.drained().await;
        };
        if tokio::time::timeout(DRAIN_BOUND, drained).await.is_err() {
            tracing::warn!("telegram: stopping with replies still queued");
        }
    }
}

/// Queues an update's replies on its chat's sending lane, or drops them
/// (logged) when that chat is already too far behind.
fn queue_replies(sending: &Lanes<i64, Outbound>, outbound: Outbound) {
    let chat = outbound.update.chat_id;
    if let Err(dropped) = sending.try_push(chat, outbound) {
        let replies = dropped.replies.len();
        tracing::warn!(
            chat,
            replies,
            "telegram: a chat is too far behind; replies dropped"
        );
    }
}
