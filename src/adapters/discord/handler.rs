//! The app behind the Discord adapter: every Discord event becomes the
//! app's [`Inbound`] (slash commands and buttons as the same text grammar),
//! and the app's replies become the Discord answer.
//!
//! * Text messages are read in DMs only; in guild channels the bot answers
//!   slash commands, not chatter.
//! * A button's `custom_id` is the command it stands for.
//! * Autocomplete asks the app for the user's legal moves (in their
//!   notation) and their games.
//! * A reply (`message_reference`) to a bot message about a game makes that
//!   the game of a bare move or a command (issue 18): the adapter reports
//!   the ids of every message it posts about a game (channel messages,
//!   interaction responses read back from `@original`, followups), and
//!   [`AppHandler`] remembers them.
//! * Edited messages (MESSAGE_UPDATE) never reach the app: editing a message
//!   changes no move (R2.3.8).
//! * With a [`RoleMap`], the member's Discord roles are mirrored into the
//!   app's installation-wide roles before each command in a guild.

use std::sync::Arc;

use serenity::builder::AutocompleteChoice;

use crate::adapters::router::remember_game;
use crate::app::actor::{Chat, Inbound, MessageRef};
use crate::app::deliver::prepare::Preparer;
use crate::app::i18n::{Args, Lang, tr};
use crate::app::outgoing::Outgoing;
use crate::app::service::App;
use crate::app::throttle::Admission;
use crate::render::RenderCache;
use crate::store::{GameId, Platform};
use crate::time::Clock;

use super::commands::{GAME, MOVE, slash_text};
use super::convert::{Reply, is_public_command};
use super::{Delivered, DiscordInbound, DiscordInboundHandler, DiscordReply, InboundKind, RoleMap};

/// Discord shows at most 25 autocomplete choices.
const MAX_CHOICES: usize = 25;

/// Feeds Discord events to an [`App`].
#[derive(Clone)]
pub struct AppHandler {
    app: App,
    /// Renders the images replies refer to.
    images: Preparer,
    roles: RoleMap,
}

impl AppHandler {
    /// A handler for `app`, rendering images at `clock`'s now through `cache`.
    pub fn new(app: App, clock: Arc<dyn Clock>, cache: Arc<RenderCache>) -> Self {
        Self {
            images: Preparer::new(app.db().clone(), clock, cache),
            app,
            roles: RoleMap::default(),
        }
    }

    /// The handler mirroring the member's Discord roles through `roles`
    /// into the app's roles before each command in a guild.
    pub fn with_roles(mut self, roles: RoleMap) -> Self {
        self.roles = roles;
        self
    }

    /// Mirrors the member's mapped Discord roles into the app (nothing
    /// without a mapping, or in a DM, where Discord tells no roles).
    async fn sync_roles(
        &self,
        inbound: &DiscordInbound,
        app_inbound: &Inbound,
    ) -> anyhow::Result<()> {
        let Some(member) = &inbound.roles else {
            return Ok(());
        };
        if self.roles.is_empty() {
            return Ok(());
        }
        let held = self.roles.held(member);
        self.app
            .sync_platform_roles(app_inbound, &held, &self.roles.mapped())
            .await
    }

    /// The app text an event stands for; `None` for autocomplete and for
    /// text in guild channels (the bot answers slash commands there).
    fn text_of(inbound: &DiscordInbound) -> Option<String> {
        match &inbound.kind {
            InboundKind::Text { .. } if inbound.guild_id.is_some() => None,
            InboundKind::Text { content, .. } => Some(content.clone()),
            InboundKind::Slash { name, options } => Some(slash_text(name, options)),
            InboundKind::Button { custom_id } => Some(custom_id.clone()),
            InboundKind::Autocomplete { .. } => None,
        }
    }

    /// The answer to one Discord event.
    pub async fn answer(&self, inbound: DiscordInbound) -> DiscordReply {
        if let InboundKind::Autocomplete { focused, value, .. } = &inbound.kind {
            return self.complete(&inbound, focused, value).await;
        }
        let Some(text) = Self::text_of(&inbound) else {
            return DiscordReply::Nothing;
        };
        if let Some(refused) = self.over_limit(&inbound).await {
            return refused;
        }
        let in_guild = inbound.guild_id.is_some();
        let private = in_guild && !is_public_command(&text);
        let app_inbound = Inbound {
            platform: Platform::Discord,
            update_id: inbound.id.to_string(),
            user_id: inbound.user_id.to_string(),
            display_name: inbound.display_name.clone(),
            handle: Some(inbound.user_name.clone()),
            chat: if in_guild {
                Chat::Channel(inbound.channel_id.to_string())
            } else {
                Chat::Private
            },
            text,
            reply_to: match &inbound.kind {
                InboundKind::Text {
                    replied: Some(message),
                    ..
                } => Some(MessageRef::new(inbound.channel_id, message)),
                _ => None,
            },
            client_lang: inbound.locale.as_deref().and_then(Lang::of_client),
        };
        // Roles are mirrored first; if that fails the command is not run
        // (a revoked role must not slip through). Either failure is answered
        // with an apology and its reference, privately.
        let replies = match self.sync_roles(&inbound, &app_inbound).await {
            Ok(()) => self.app.answer(&app_inbound).await,
            Err(error) => {
                let who = (Platform::Discord, app_inbound.user_id.as_str());
                vec![self.app.apologize(who, &error).await]
            }
        };
        self.reply(replies, private).await
    }

    /// The answer to a command over the user's limit (issue trust-2), or
    /// `None` to run it: the one refusal, privately; then nothing, except
    /// that a slash command, which Discord wants answered, is told the wait
    /// again, only to the user.
    async fn over_limit(&self, inbound: &DiscordInbound) -> Option<DiscordReply> {
        let user = inbound.user_id.to_string();
        let who = (Platform::Discord, user.as_str());
        let retry_after_secs = match self.app.admit(who) {
            Admission::Go => return None,
            Admission::SlowDown { retry_after_secs } => retry_after_secs,
            Admission::Drop { retry_after_secs } => match inbound.kind {
                InboundKind::Slash { .. } => retry_after_secs,
                _ => return Some(DiscordReply::Nothing),
            },
        };
        let refusal = self.app.slow_down(who, retry_after_secs).await;
        Some(self.reply(vec![refusal], true).await)
    }

    /// The replies as one Discord message, images rendered.
    async fn reply(&self, replies: Vec<Outgoing>, private: bool) -> DiscordReply {
        let mut answer = Reply::default().ephemeral_if(private);
        for reply in replies {
            let image = self.images.image_or_none(&reply).await;
            answer = answer.and(reply, image);
        }
        if answer.is_empty() {
            DiscordReply::Nothing
        } else {
            DiscordReply::Message(answer)
        }
    }

    /// Autocomplete: legal moves for a move option, games for a game option.
    async fn complete(&self, inbound: &DiscordInbound, focused: &str, value: &str) -> DiscordReply {
        let user = inbound.user_id.to_string();
        let who = (Platform::Discord, user.as_str());
        let choices = match focused {
            MOVE => self.move_choices(who, value).await,
            GAME => self.game_choices(who, value).await,
            _ => Ok(Vec::new()),
        };
        DiscordReply::Choices(choices.unwrap_or_else(|error| {
            tracing::warn!(error = %format_args!("{error:#}"), "autocomplete failed");
            Vec::new()
        }))
    }

    async fn move_choices(
        &self,
        who: (Platform, &str),
        typed: &str,
    ) -> anyhow::Result<Vec<AutocompleteChoice>> {
        let found = self
            .app
            .move_suggestions(who, None, typed, MAX_CHOICES)
            .await?;
        let several_games = found.iter().any(|s| s.game != found[0].game);
        Ok(found
            .into_iter()
            .map(|suggestion| {
                let text = if several_games {
                    format!("#{} {}", suggestion.game, suggestion.text)
                } else {
                    suggestion.text
                };
                AutocompleteChoice::new(text.clone(), text)
            })
            .collect())
    }

    async fn game_choices(
        &self,
        who: (Platform, &str),
        typed: &str,
    ) -> anyhow::Result<Vec<AutocompleteChoice>> {
        let typed = typed.trim().trim_start_matches('#');
        let games = self.app.game_suggestions(who).await?;
        Ok(games
            .into_iter()
            .filter(|game| game.game.to_string().starts_with(typed))
            .take(MAX_CHOICES)
            .map(|game| {
                let args = Args::new()
                    .with("game", game.game)
                    .with("white", game.white.clone())
                    .with("black", game.black.clone())
                    .with("turn", if game.your_turn { "yes" } else { "no" });
                let name: String = tr(game.lang, "discord-game-choice", &args)
                    .chars()
                    .take(100)
                    .collect();
                AutocompleteChoice::new(name, game.game.to_string())
            })
            .collect())
    }
}

impl DiscordInboundHandler for AppHandler {
    fn handle(
        &self,
        inbound: DiscordInbound,
    ) -> impl std::future::Future<Output = DiscordReply> + Send {
        self.answer(inbound)
    }

    /// A slow answer in a guild channel is deferred privately unless the
    /// command is public (an error in a public command then shows publicly:
    /// Discord fixes the visibility at the deferral).
    fn defer_ephemeral(&self, inbound: &DiscordInbound) -> bool {
        inbound.guild_id.is_some()
            && Self::text_of(inbound).is_some_and(|text| !is_public_command(&text))
    }

    /// Remembers the messages of a reply about a game (issue 18): a Discord
    /// reply (`message_reference`) to one of them then means that game.
    async fn sent(&self, game: GameId, sent: Vec<Delivered>) {
        let sent: Vec<MessageRef> = sent
            .iter()
            .map(|at| MessageRef::new(at.channel_id, at.message_id))
            .collect();
        remember_game(self.app.db(), Platform::Discord, &sent, game).await;
    }
}
