//! The app service: one inbound message in, the replies out, with every
//! change, notice and deadline of the command committed in one transaction.
//!
//! A refused command (unreadable text, illegal move, wrong role …) changes
//! nothing: its transaction is rolled back and only the refusal is stored
//! against the inbound id, so a redelivery gets the same answer.

mod cases;
mod deadlines;
pub(crate) mod events;
pub(crate) mod follow;
pub(crate) mod games;
mod keys;
pub(crate) mod leave;
mod people;
pub(crate) mod postal;
mod ratings;
mod register;
pub(crate) mod teams;
mod throttled;

use std::sync::Arc;

use chrono::{DateTime, Utc};

use crate::app::actor::{Actor, Inbound};
use crate::app::command::{self, Command, CommandError, CommandWord, MAX_TEXT_CHARS};
use crate::app::i18n::{Args, Lang, tr};
use crate::app::outgoing::Outgoing;
use crate::app::throttle::{CommandLimit, Throttle};
use crate::app::user_error::{Refusal, UserError};
use crate::app::{privacy, reply};
use crate::store::{Db, InboundState, Platform, Role, StoreError, Tx};
use crate::time::Clock;

pub use deadlines::DeadlineHandler;
pub use games::suggest::{GameSuggestion, MoveSuggestion};
pub(crate) use people::help::{HelpGroup, group_seen_with};

use crate::app::failure::{Failure, Outcome, refuse};
use events::{organizer, standings};
use games::{claim, conditional, confirm, draw, my_turn, notes, play, talk, view};
pub(crate) use people::calendar::feed_hash as calendar_feed_hash;
use people::{calendar, chatter, clock_prefs, contacts, help, link, profile, settings};

/// Installation settings of the app.
#[derive(Debug, Clone, Default)]
pub struct AppConfig {
    /// Administrators as `platform:user id` (e.g. `console:alice`); when
    /// empty, the first user to write becomes the administrator.
    pub admins: Vec<String>,
    /// The public web site's address (`CORRBOT_WEB_URL`): `/event show`,
    /// `/standings`, `/board` and `/record` then end with the page's link.
    pub web_url: Option<url::Url>,
    /// The Telegram bot's user name (from `getMe`), for invitation deep
    /// links (`https://t.me/<bot>?start=join-<token>`); set by the Telegram
    /// adapter on the app it serves.
    pub telegram_bot: Option<String>,
    /// The per-user command rate limit the adapters apply through
    /// [`App::admit`] (issue trust-2); `None` admits everything (the
    /// library's default; `corrbot run` sets [`CommandLimit::from_env`]).
    pub command_limit: Option<CommandLimit>,
    /// The installation's time zone (`CORRBOT_ZONE`), given to events
    /// created without `zone=` (R3.5.6); `None`: GMT (UTC), the rules'
    /// default.
    pub zone: Option<chrono_tz::Tz>,
    /// The key that signs board links (issue [touch]); with `web_url`,
    /// `/board` about the player's running game ends with the link to
    /// move on the board by touch.
    pub touch_key: Option<crate::app::touch::TouchKey>,
}

impl AppConfig {
    /// Reads `CORRBOT_ADMINS`-style text: comma-separated `platform:user`.
    pub fn with_admins(list: &str) -> Self {
        let admins = list
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect();
        Self {
            admins,
            ..Self::default()
        }
    }

    /// The same, limiting each user's commands by `limit`.
    pub fn with_command_limit(mut self, limit: Option<CommandLimit>) -> Self {
        self.command_limit = limit;
        self
    }

    /// The same, with `zone` as the installation's time zone (R3.5.6).
    pub fn with_zone(mut self, zone: Option<chrono_tz::Tz>) -> Self {
        self.zone = zone;
        self
    }

    /// The same, signing board links with `key` (issue [touch]).
    pub fn with_touch_key(mut self, key: Option<crate::app::touch::TouchKey>) -> Self {
        self.touch_key = key;
        self
    }

    /// The same, linking to the public web site at `url`.
    pub fn with_web_url(mut self, url: Option<url::Url>) -> Self {
        self.web_url = url;
        self
    }
}

/// The app: commands in, replies out.
#[derive(Clone)]
pub struct App {
    db: Db,
    clock: Arc<dyn Clock>,
    config: AppConfig,
    /// The users' command buckets, shared by every adapter of this app.
    throttle: Option<Arc<Throttle>>,
}

impl App {
    /// An app on `db`, telling time by `clock`.
    pub fn new(db: Db, clock: Arc<dyn Clock>, config: AppConfig) -> Self {
        let throttle = config
            .command_limit
            .map(|limit| Arc::new(Throttle::new(limit, clock.clone())));
        Self {
            db,
            clock,
            config,
            throttle,
        }
    }

    /// The store.
    pub fn db(&self) -> &Db {
        &self.db
    }

    /// The same app, making invitation links to the Telegram bot
    /// `username` (without the `@`).
    pub fn with_telegram_bot(mut self, username: &str) -> Self {
        self.config.telegram_bot = Some(username.to_owned()).filter(|name| !name.is_empty());
        self
    }

    /// The key that signs board links, when configured (issue [touch]).
    pub fn touch_key(&self) -> Option<&crate::app::touch::TouchKey> {
        self.config.touch_key.as_ref()
    }

    /// The clock the app reads time by.
    pub fn clock(&self) -> &Arc<dyn Clock> {
        &self.clock
    }

    /// The public web site's address, when configured (`CORRBOT_WEB_URL`).
    pub fn web_url(&self) -> Option<&url::Url> {
        self.config.web_url.as_ref()
    }

    /// Handles one inbound message; a redelivered update id gets the stored
    /// replies, a refusal is one of them. An internal failure comes back as
    /// the error, not yet logged: the adapters use [`App::answer`], which
    /// logs it and apologizes.
    pub async fn handle(&self, inbound: &Inbound) -> anyhow::Result<Vec<Outgoing>> {
        let inbound = &*crate::app::bad_input::cleaned(inbound);
        let now = self.clock.now();
        let mut tx = self.db.begin().await?;
        if let InboundState::Seen(stored) = tx
            .begin_inbound(inbound.platform, &inbound.update_id, now)
            .await?
        {
            return Ok(reply::from_stored(stored.as_deref()));
        }
        if ignored_in_group(inbound) {
            tx.finish_inbound(
                inbound.platform,
                &inbound.update_id,
                &reply::to_stored(Lang::Uk, &[]),
            )
            .await?;
            tx.commit().await?;
            return Ok(Vec::new());
        }
        let (actor, note) = self.resolve_actor(&mut tx, inbound, now).await?;
        let outcome = match privacy::check_chat(inbound, actor.lang())
            .and_then(|()| parse(&actor, &inbound.text))
        {
            Ok(command) => self.execute(&mut tx, &actor, command, now).await,
            Err(failure) => Err(failure),
        };
        let kind = command::command_kind(&inbound.text);
        let refused = matches!(outcome, Err(Failure::Refused(_) | Failure::Ask(_)));
        crate::ops::command_handled(kind, refused, kind == "move" && outcome.is_ok());
        let (mut tx, mut replies, note) = match outcome {
            Ok(replies) => (tx, replies, note),
            Err(Failure::Internal(error)) => return Err(error),
            Err(Failure::Refused(refusal)) => {
                let told = UserError::from(refusal).reply(actor.lang());
                self.refused(tx, inbound, now, told).await?
            }
            Err(Failure::Ask(question)) => self.refused(tx, inbound, now, *question).await?,
        };
        replies.extend(note);
        privacy::mark(inbound, &mut replies);
        tx.finish_inbound(
            inbound.platform,
            &inbound.update_id,
            &reply::to_stored(actor.lang(), &replies),
        )
        .await?;
        tx.commit().await?;
        Ok(replies)
    }

    /// Handles one inbound message like [`App::handle`], and never fails:
    /// an internal failure is logged once and answered with an apology and
    /// its reference ([`App::apologize`]). The failed update is not recorded,
    /// so a redelivery runs it again.
    pub async fn answer(&self, inbound: &Inbound) -> Vec<Outgoing> {
        match self.handle(inbound).await {
            Ok(replies) => replies,
            Err(error) => {
                let error = error.context(format!("update {}", inbound.update_id));
                let who = (inbound.platform, inbound.user_id.as_str());
                vec![self.apologize(who, &error).await]
            }
        }
    }

    /// The answer to user `who` (platform, user id) when handling their
    /// message failed inside with `error`: the error is logged once, with
    /// its chain, under a new reference ([`UserError::internal`]), and the
    /// user is told so in their language, with the reference.
    pub async fn apologize(&self, who: (Platform, &str), error: &anyhow::Error) -> Outgoing {
        let during = format!("a command of {} user {}", who.0.as_str(), who.1);
        let failure = UserError::internal(error, &during);
        failure.reply(self.language_of(who).await)
    }

    /// The refusal of bytes that are not UTF-8 text to user `who`
    /// (platform, user id), in their language; nothing is stored.
    pub async fn refuse_unreadable(&self, who: (Platform, &str)) -> Outgoing {
        let lang = self.language_of(who).await;
        let refusal = Refusal::new(
            lang,
            crate::app::bad_input::UNREADABLE_MESSAGE,
            &crate::app::i18n::Args::new(),
        );
        UserError::from(refusal).reply(lang)
    }

    /// The language user `who` chose; Ukrainian, the default, when it
    /// cannot be read (a newcomer, or a store that fails too).
    pub(crate) async fn language_of(&self, (platform, user): (Platform, &str)) -> Lang {
        let read = async {
            let mut tx = self.db.read().await?;
            let language = match tx.account(platform, user).await? {
                Some(account) => Some(tx.player(account.player_id).await?.language),
                None => None,
            };
            tx.rollback().await?;
            Ok::<_, StoreError>(language)
        };
        let code = read.await.ok().flatten().unwrap_or_default();
        Lang::from_code(&code).unwrap_or_default()
    }

    /// Rolls back a refused command and opens the transaction that stores
    /// only the refusal against the update id (and registers a newcomer
    /// again: the note on their name is this registration's).
    async fn refused(
        &self,
        tx: Tx,
        inbound: &Inbound,
        now: DateTime<Utc>,
        refusal: Outgoing,
    ) -> anyhow::Result<(Tx, Vec<Outgoing>, Option<Outgoing>)> {
        tx.rollback().await?;
        let mut tx = self.db.begin().await?;
        tx.begin_inbound(inbound.platform, &inbound.update_id, now)
            .await?;
        let (_, note) = self.resolve_actor(&mut tx, inbound, now).await?;
        Ok((tx, vec![refusal], note))
    }

    /// The player behind an account, registering a newcomer (and making the
    /// configured or, when none is configured, the first user administrator).
    async fn resolve_actor(
        &self,
        tx: &mut Tx,
        inbound: &Inbound,
        now: DateTime<Utc>,
    ) -> anyhow::Result<(Actor, Option<Outgoing>)> {
        // A known account: its player and roles in one statement (issue 24).
        let mut note = None;
        let (player, is_admin) = match tx
            .account_player(inbound.platform, &inbound.user_id)
            .await?
        {
            Some(known) => {
                if known.account.username != inbound.handle {
                    tx.set_handle(&known.account, inbound.handle.as_deref())
                        .await?;
                }
                (known.player, known.is_admin)
            }
            None => {
                let (player, told) = self.register_or_find(tx, inbound, now).await?;
                note = told;
                let is_admin = tx
                    .roles_of(player.id)
                    .await?
                    .iter()
                    .any(|grant| grant.role == Role::Administrator);
                (player, is_admin)
            }
        };
        let replied_game = match &inbound.reply_to {
            Some(message) => {
                let at = (message.chat_id.as_str(), message.message_id.as_str());
                tx.message_game(inbound.platform, at).await?
            }
            None => None,
        };
        let actor = Actor {
            player,
            is_admin,
            replied_game,
            platform: Some(inbound.platform),
            typed: CommandWord::typed_in(&inbound.text),
            home_zone: self.config.zone.unwrap_or(chrono_tz::UTC),
        };
        Ok((actor, note))
    }

    /// Runs `command`; with a web site configured, the answer about an
    /// event or a game ends with the link to its page.
    async fn execute(
        &self,
        tx: &mut Tx,
        actor: &Actor,
        command: Command,
        now: DateTime<Utc>,
    ) -> Outcome {
        use crate::app::web_link::WebPage;
        let shown = match &command {
            Command::Event(command::EventCommand::Show { event }) => Some(WebPage::Event(*event)),
            Command::Record { game: Some(game) } => Some(WebPage::Game(*game)),
            _ => None,
        };
        let board = matches!(command, Command::Board { .. });
        let games = matches!(command, Command::Games { .. });
        let mut replies = self.run_command(tx, actor, command, now).await?;
        if let Some(first) = replies.first_mut() {
            let base = self.config.web_url.as_ref();
            crate::app::web_link::append_page_link(base, actor.lang(), shown, first);
        }
        let site = self
            .config
            .web_url
            .as_ref()
            .zip(self.config.touch_key.as_ref());
        if board && let Some(first) = replies.first() {
            let link = crate::app::touch::board_link_reply(tx, site, actor, first, now).await?;
            replies.extend(link);
        }
        if games {
            let links = crate::app::touch::buttons::games_links_reply(tx, site, actor, now);
            replies.extend(links.await?);
        }
        Ok(replies)
    }

    async fn run_command(
        &self,
        tx: &mut Tx,
        actor: &Actor,
        command: Command,
        now: DateTime<Utc>,
    ) -> Outcome {
        match command {
            Command::Help { topic, all } => help::help(tx, actor, (topic, all), now).await,
            Command::Start => profile::start(tx, actor).await,
            Command::Invited { token } => events::invite::join(tx, actor, &token, now).await,
            Command::SetName { name } => profile::set_name(tx, actor, &name).await,
            Command::SetLanguage { code } => profile::set_language(tx, actor, &code).await,
            Command::SetNotation { notation } => profile::set_notation(tx, actor, &notation).await,
            Command::Event(command::EventCommand::Invite { event, off }) => {
                let bot = self.config.telegram_bot.as_deref();
                events::invite::invite(tx, actor, (event, off), bot, now).await
            }
            Command::Event(event) => events::handle(tx, actor, event, now).await,
            Command::Games { all } => my_turn::games(tx, actor, all, now).await,
            Command::Move { game, text } => play::make_move(tx, actor, game, &text, now).await,
            Command::Chatter { text } => Err(chatter::not_understood(actor, &text)),
            Command::Time { game } => play::time(tx, actor, game, now).await,
            Command::Confirm(confirm) => confirm::handle(tx, actor, confirm, now).await,
            Command::Say { game, text } => talk::say(tx, actor, game, &text, now).await,
            Command::Messages { on } => talk::set_messages(tx, actor, on).await,
            Command::Continue { game } => talk::continue_game(tx, actor, game, now).await,
            Command::Resign { game, confirmed } => {
                play::resign(tx, actor, game, confirmed, now).await
            }
            Command::Draw { action, game } => draw::handle(tx, actor, action, game, now).await,
            // Profile, contacts, link, events list, organizer, mute.
            Command::Profile => settings::profile(tx, actor).await,
            Command::SetTheme { theme } => settings::set_theme(tx, actor, &theme).await,
            Command::SetOrientation { orientation } => {
                settings::set_orientation(tx, actor, &orientation).await
            }
            Command::Mute => settings::set_muted(tx, actor, true).await,
            Command::Unmute => settings::set_muted(tx, actor, false).await,
            Command::Timezone { zone } => clock_prefs::timezone(tx, actor, zone.as_deref()).await,
            Command::Digest { on } => clock_prefs::digest(tx, actor, on, now).await,
            Command::Calendar { off } => {
                let base = self.config.web_url.as_ref();
                calendar::calendar(tx, actor, (off, base), now).await
            }
            Command::SetContact { field, value } => {
                contacts::set_contact(tx, actor, field, value, now).await
            }
            Command::Contacts { player } => contacts::contacts(tx, actor, player.as_deref()).await,
            Command::Link { code } => link::link(tx, actor, code.as_deref(), now).await,
            Command::Events => events::list::list(tx, actor).await,
            Command::Organizer { player, grant } => {
                organizer::set_organizer(tx, actor, &player, grant, now).await
            }
            // Board, claims, record, leave, standings, PGN.
            Command::Board { game } => view::board(tx, actor, game).await,
            Command::Gif { game } => view::gif(tx, actor, game).await,
            Command::Record { game } => view::record(tx, actor, game, now).await,
            Command::Pgn { target } => view::pgn(tx, actor, target).await,
            Command::Note { game, note } => notes::note(tx, actor, (game, note), now).await,
            Command::Notes { game } => notes::notes(tx, actor, game).await,
            Command::If { game, what } => {
                conditional::conditional(tx, actor, (game, what), now).await
            }
            Command::Standings { event } => standings::show(tx, actor, event).await,
            Command::Rating { player } => ratings::rating(tx, actor, player.as_deref()).await,
            Command::Top => ratings::top(tx, actor).await,
            Command::RatingSet {
                player,
                points,
                source,
            } => ratings::set_seed(tx, actor, &player, points, &source).await,
            Command::Ratings { publish } => ratings::lists(tx, actor, publish, now).await,
            Command::Players { event } => events::players::players(tx, actor, event).await,
            Command::Leave(leave) => leave::handle(tx, actor, leave, now).await,
            Command::Claim {
                kind,
                game,
                declared_move,
            } => claim::claim(tx, actor, (kind, game), declared_move.as_deref(), now).await,
            Command::Case(desk) => cases::handle(tx, actor, desk, now).await,
            Command::Card { game, text } => postal::card(tx, actor, game, &text, now).await,
            Command::Ledger { game } => postal::ledger(tx, actor, game, now).await,
            Command::Overstep { game, text } => postal::overstep(tx, actor, game, &text, now).await,
            Command::Team(team) => teams::handle(tx, actor, team, now).await,
            Command::Follow { what, moves } => follow::follow(tx, actor, &what, moves, now).await,
            Command::Following => follow::following(tx, actor).await,
            Command::Unfollow { what } => follow::unfollow(tx, actor, what.as_ref()).await,
        }
    }
}

/// Chatter in a group or channel («дякую», "good game"): members talk
/// there, so the bot neither answers nor registers the writer.
fn ignored_in_group(inbound: &Inbound) -> bool {
    matches!(inbound.chat, crate::app::actor::Chat::Channel(_))
        && matches!(command::parse(&inbound.text), Ok(Command::Chatter { .. }))
}

/// Parses the text, turning a parse error into a localized refusal.
fn parse(actor: &Actor, text: &str) -> Result<Command, Failure> {
    let lang = actor.lang();
    crate::app::bad_input::readable(lang, text)?;
    command::parse(text).map_err(|error| {
        let args = match &error {
            CommandError::Empty => Args::new(),
            CommandError::TooLong { chars } => Args::new()
                .with("chars", *chars)
                .with("max", MAX_TEXT_CHARS),
            CommandError::Unknown { word } => Args::new().with("word", word.clone()),
            CommandError::Missing { command, argument } => Args::new()
                .with("command", format!("/{}", actor.help_word(*command)))
                .with("argument", argument_name(lang, argument))
                .with("name", actor.help_word(*command)),
            CommandError::Invalid {
                command,
                argument,
                value,
            } => Args::new()
                .with("command", format!("/{}", actor.help_word(*command)))
                .with("argument", argument_name(lang, argument))
                .with("value", value.clone())
                .with("name", actor.help_word(*command)),
        };
        let near = match &error {
            CommandError::Unknown { word } => CommandWord::nearest(word),
            _ => None,
        };
        match near {
            Some(near) => {
                let args = args.with("nearest", format!("/{near}"));
                refuse(lang, "error-unknown-command-near", &args)
            }
            None => refuse(lang, error.message_id(), &args),
        }
    })
}

/// An argument's name as the reader's language calls it (`номер партії`).
fn argument_name(lang: Lang, argument: &str) -> String {
    tr(
        lang,
        "argument-name",
        &Args::new().with("argument", argument),
    )
}
