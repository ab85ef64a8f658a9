//! The serenity event handler: gateway events in, the caller's replies out.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use serenity::builder::{
    AutocompleteChoice, Builder, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, EditInteractionResponse,
};
use serenity::client::{Context, EventHandler};
use serenity::http::Http;
use serenity::model::application::Interaction;
use serenity::model::channel::Message;
use serenity::model::gateway::Ready;
use serenity::model::id::InteractionId;
use tokio::sync::watch;

use super::convert::{self, Reply};
use super::sender::{
    Delivered, Destination, DiscordRetryPolicy, DiscordSendError, DiscordSender, with_retry,
};
use super::{DiscordConfig, DiscordInbound};
use crate::adapters::lanes::{LaneLimits, Lanes};
use crate::app::outgoing::answered_once;
use crate::store::GameId;

/// What the caller's handler answers to one inbound event.
#[derive(Clone, Debug)]
pub enum DiscordReply {
    /// Say nothing (for an interaction: acknowledge with nothing visible is
    /// not possible, so an empty ephemeral message is sent instead).
    Nothing,
    /// A message: a channel message for text, the interaction response otherwise.
    Message(Reply),
    /// Autocomplete choices (at most 25 are sent).
    Choices(Vec<AutocompleteChoice>),
}

/// The caller's side of the adapter: one reply per inbound event.
///
/// Any `Fn(DiscordInbound) -> impl Future<Output = DiscordReply>` that is
/// `Send + Sync + 'static` is a handler.
pub trait DiscordInboundHandler: Send + Sync + 'static {
    /// Handles one event; the adapter sends what it returns.
    fn handle(&self, inbound: DiscordInbound) -> impl Future<Output = DiscordReply> + Send;

    /// Whether the answer to `inbound`, if it has to be deferred, should be
    /// ephemeral (Discord fixes that at the deferral). `false` by default.
    fn defer_ephemeral(&self, inbound: &DiscordInbound) -> bool {
        let _ = inbound;
        false
    }

    /// Told, after the adapter posted a reply about game `game`
    /// ([`Reply::game`]), which
    /// Discord messages carry it: channel messages, the interaction's
    /// original response and its followups. Does nothing by default.
    fn sent(&self, game: GameId, sent: Vec<Delivered>) -> impl Future<Output = ()> + Send {
        let _ = (game, sent);
        async {}
    }
}

impl<F, Fut> DiscordInboundHandler for F
where
    F: Fn(DiscordInbound) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = DiscordReply> + Send,
{
    fn handle(&self, inbound: DiscordInbound) -> impl Future<Output = DiscordReply> + Send {
        self(inbound)
    }
}

/// The serenity [`EventHandler`] that feeds a [`DiscordInboundHandler`].
///
/// It handles MESSAGE_CREATE and INTERACTION_CREATE only: MESSAGE_UPDATE is
/// deliberately left to serenity's no-op, because editing a message changes
/// no move (R2.3.3: what a player sent is final; R2.3.8; tested in
/// `tests/it/discord_e2e.rs`, `r2_3_3_edited_message_changes_no_move`).
pub(super) struct Bridge<H> {
    handler: Arc<H>,
    policy: DiscordRetryPolicy,
    defer_after: Duration,
    ready: watch::Sender<Option<u64>>,
    /// Text messages, answered in order per channel and concurrently
    /// across channels (issue trust-2): a burst in one channel, and the
    /// pacing of its answers, holds no other channel's command.
    messages: Lanes<u64, (Arc<Http>, Message)>,
}

impl<H: DiscordInboundHandler> Bridge<H> {
    /// A bridge and the receiver that learns the bot's user id on READY.
    pub(super) fn new(handler: H, config: &DiscordConfig) -> (Self, watch::Receiver<Option<u64>>) {
        let (ready, ready_rx) = watch::channel(None);
        let handler = Arc::new(handler);
        let policy = config.retry;
        let answerer = Arc::clone(&handler);
        let messages = Lanes::new(LaneLimits::default(), move |(http, message)| {
            let handler = Arc::clone(&answerer);
            async move { answer_message(&*handler, policy, http, message).await }
        });
        let bridge = Bridge {
            handler,
            policy,
            defer_after: config.defer_after,
            ready,
            messages,
        };
        (bridge, ready_rx)
    }
}

/// Answers one text message in its channel.
async fn answer_message<H: DiscordInboundHandler>(
    handler: &H,
    policy: DiscordRetryPolicy,
    http: Arc<Http>,
    message: Message,
) {
    let reply = handler.handle(DiscordInbound::from_message(&message)).await;
    let DiscordReply::Message(reply) = reply else {
        return;
    };
    let sender = DiscordSender::new(http, policy);
    // The nonce makes a retried reply to this message land once.
    let key = format!("re{}", message.id.get());
    let to = Destination::Channel(message.channel_id.get());
    match sender.send_all(to, reply.messages(), Some(&key)).await {
        Ok(sent) => remember(handler, reply.game(), sent).await,
        Err(error) => {
            tracing::error!(%error, channel = %message.channel_id, "Discord reply failed");
        }
    }
}

/// Hands the messages `sent` of a reply about `game` to the handler.
async fn remember<H: DiscordInboundHandler>(
    handler: &H,
    game: Option<GameId>,
    sent: Vec<Delivered>,
) {
    if let Some(game) = game
        && !sent.is_empty()
    {
        handler.sent(game, sent).await;
    }
}

/// The id and token that address an interaction's answer.
struct Target {
    id: InteractionId,
    token: String,
}

#[serenity::async_trait]
impl<H: DiscordInboundHandler> EventHandler for Bridge<H> {
    async fn ready(&self, _ctx: Context, ready: Ready) {
        tracing::info!(user = %ready.user.name, session = %ready.session_id, "Discord gateway ready");
        // serenity has taken the application id from READY before this runs.
        self.ready.send_replace(Some(ready.user.id.get()));
        crate::ops::set_connected("discord", true);
    }

    async fn message(&self, ctx: Context, message: Message) {
        if message.author.bot {
            return;
        }
        let channel = message.channel_id.get();
        self.messages
            .push(channel, (Arc::clone(&ctx.http), message))
            .await;
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let (target, inbound, is_component) = match &interaction {
            Interaction::Command(command) => (
                Target {
                    id: command.id,
                    token: command.token.clone(),
                },
                DiscordInbound::from_command(command),
                false,
            ),
            Interaction::Component(component) => {
                let target = Target {
                    id: component.id,
                    token: component.token.clone(),
                };
                (target, DiscordInbound::from_component(component), true)
            }
            Interaction::Autocomplete(command) => {
                let Some(inbound) = DiscordInbound::from_autocomplete(command) else {
                    return;
                };
                let target = Target {
                    id: command.id,
                    token: command.token.clone(),
                };
                let reply = self.handler.handle(inbound).await;
                return self.log(self.respond(&ctx.http, &target, reply, false).await);
            }
            _ => return,
        };
        let once = match &inbound.kind {
            super::InboundKind::Button { custom_id } => answered_once(custom_id),
            _ => false,
        };
        let result = if is_component && once {
            self.answer_once(&ctx.http, &target, inbound).await
        } else {
            self.answer(&ctx.http, &target, inbound, is_component).await
        };
        self.log(result);
    }
}

impl<H: DiscordInboundHandler> Bridge<H> {
    /// Runs the handler; if it takes longer than `defer_after`, defers the
    /// answer (callback type 5) and edits the original response afterwards.
    async fn answer(
        &self,
        http: &Arc<Http>,
        target: &Target,
        inbound: DiscordInbound,
        is_component: bool,
    ) -> Result<(), DiscordSendError> {
        let ephemeral = self.handler.defer_ephemeral(&inbound);
        let work = self.handler.handle(inbound);
        tokio::pin!(work);
        if let Ok(reply) = tokio::time::timeout(self.defer_after, &mut work).await {
            return self.respond(http, target, reply, is_component).await;
        }
        let deferred = CreateInteractionResponseMessage::new().ephemeral(ephemeral);
        let defer = CreateInteractionResponse::Defer(deferred);
        with_retry(&self.policy, || {
            defer.clone().execute(http, (target.id, &target.token))
        })
        .await?;
        let (edit, rest, game) = match work.await {
            DiscordReply::Message(reply) => {
                let (edit, rest) = reply.first_and_rest::<EditInteractionResponse, _>();
                (edit, rest, reply.game())
            }
            DiscordReply::Nothing | DiscordReply::Choices(_) => {
                (convert::plain("✓"), Vec::new(), None)
            }
        };
        let original =
            with_retry(&self.policy, || edit.clone().execute(http, &target.token)).await?;
        let mut sent = vec![delivered(&original)];
        let result = self.follow_up(http, target, rest, &mut sent).await;
        self.remember(game, sent).await;
        result
    }

    /// Sends the parts of a long answer after its first as followup
    /// messages, adding each posted message (from the response body) to `sent`.
    async fn follow_up(
        &self,
        http: &Arc<Http>,
        target: &Target,
        parts: Vec<CreateInteractionResponseFollowup>,
        sent: &mut Vec<Delivered>,
    ) -> Result<(), DiscordSendError> {
        for followup in parts {
            let posted = with_retry(&self.policy, || {
                followup.clone().execute(http, (None, &target.token))
            })
            .await?;
            sent.push(delivered(&posted));
        }
        Ok(())
    }

    /// Hands the messages `sent` of a reply about `game` to the handler.
    async fn remember(&self, game: Option<GameId>, sent: Vec<Delivered>) {
        remember(&*self.handler, game, sent).await;
    }

    /// Answers the press of a one-shot button: at once with UPDATE_MESSAGE
    /// (type 7) and no components, which removes the pressed message's
    /// buttons, then the handler's reply as a followup message.
    async fn answer_once(
        &self,
        http: &Arc<Http>,
        target: &Target,
        inbound: DiscordInbound,
    ) -> Result<(), DiscordSendError> {
        let update = convert::remove_buttons();
        with_retry(&self.policy, || {
            update.clone().execute(http, (target.id, &target.token))
        })
        .await?;
        let DiscordReply::Message(reply) = self.handler.handle(inbound).await else {
            return Ok(());
        };
        let mut sent = Vec::new();
        let result = self
            .follow_up(http, target, reply.messages(), &mut sent)
            .await;
        self.remember(reply.game(), sent).await;
        result
    }

    /// Sends `reply` as the interaction's answer.
    ///
    /// The callback (type 4) tells no message id, so for an answer about a
    /// game that anyone can reply to (not ephemeral: Discord offers no reply
    /// to an ephemeral message) the id is read with "Get Original
    /// Interaction Response" (`GET /webhooks/{app}/{token}/messages/@original`).
    async fn respond(
        &self,
        http: &Arc<Http>,
        target: &Target,
        reply: DiscordReply,
        is_component: bool,
    ) -> Result<(), DiscordSendError> {
        let mut rest = Vec::new();
        let mut about = None;
        let response = match reply {
            DiscordReply::Message(reply) => {
                let first;
                (first, rest) = reply.first_and_rest();
                about = reply.game().filter(|_| !reply.is_ephemeral());
                CreateInteractionResponse::Message(first)
            }
            DiscordReply::Choices(choices) => {
                CreateInteractionResponse::Autocomplete(convert::autocomplete(choices))
            }
            DiscordReply::Nothing if is_component => CreateInteractionResponse::Acknowledge,
            DiscordReply::Nothing => {
                let done: CreateInteractionResponseMessage = convert::plain("✓");
                CreateInteractionResponse::Message(done.ephemeral(true))
            }
        };
        with_retry(&self.policy, || {
            response.clone().execute(http, (target.id, &target.token))
        })
        .await?;
        let mut sent = Vec::new();
        if about.is_some() {
            let original = with_retry(&self.policy, || {
                http.get_original_interaction_response(&target.token)
            })
            .await;
            match original {
                Ok(original) => sent.push(delivered(&original)),
                // The answer is there all the same; only a reply to it will
                // not choose its game.
                Err(error) => {
                    tracing::warn!(%error, "Discord: the original response was not read");
                }
            }
        }
        let result = self.follow_up(http, target, rest, &mut sent).await;
        self.remember(about, sent).await;
        result
    }

    fn log(&self, result: Result<(), DiscordSendError>) {
        if let Err(error) = result {
            tracing::error!(%error, "Discord interaction answer failed");
        }
    }
}

/// Where a posted message is.
fn delivered(message: &Message) -> Delivered {
    Delivered {
        channel_id: message.channel_id.get(),
        message_id: message.id.get(),
    }
}
