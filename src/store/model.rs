//! Record types of the store, in the app's terms.
//!
//! Identifiers are newtypes over the database's 64-bit keys. Instants are
//! `DateTime<Utc>` here and Unix milliseconds in the database. Values whose
//! shape belongs to another layer (a regulation, a chess-clock state, a
//! notice's payload, a case's details) are carried as JSON.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;

macro_rules! id_type {
    ($($(#[$doc:meta])* $name:ident;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }
    )*};
}

id_type! {
    /// A person known to the bot, whatever platforms they use.
    PlayerId;
    /// A linked platform account.
    AccountId;
    /// An event (tournament, match, team event).
    EventId;
    /// A team in a team event.
    TeamId;
    /// A game.
    GameId;
    /// A leave (R2.7, R3.6).
    LeaveId;
    /// An arbitration case: a dispute, a claim, a silence or absence report.
    CaseId;
    /// A note (message, evidence) attached to a case.
    CaseNoteId;
    /// An arbiter's ruling on a case.
    RulingId;
    /// An appeal against a ruling (R2.1.6).
    AppealId;
    /// A notice in the outbox.
    NoticeId;
    /// A deadline the scheduler will hand to the app.
    DeadlineId;
    /// An entry of the audit log.
    AuditId;
}

macro_rules! text_enum {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident = $text:literal,)* }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum $name { $($(#[$vdoc])* $variant,)* }

        impl $name {
            /// The text stored in the database.
            pub fn as_str(self) -> &'static str {
                match self { $(Self::$variant => $text,)* }
            }

            /// Parses the text stored in the database.
            pub fn parse(text: &str) -> Option<Self> {
                match text { $($text => Some(Self::$variant),)* _ => None }
            }
        }
    };
}

text_enum! {
    /// A chat platform (or the console), through which accounts talk to the bot.
    Platform {
        /// Telegram.
        Telegram = "telegram",
        /// Discord.
        Discord = "discord",
        /// The local console or a script transcript.
        Console = "console",
    }
}

text_enum! {
    /// A role beside "player" (see RULES.md's preamble).
    Role {
        /// Runs the bot installation; receives delivery alerts.
        Administrator = "administrator",
        /// An event's arbiter (R3.1.2).
        Arbiter = "arbiter",
        /// Member of the appeals committee (R2.1.6).
        AppealsCommittee = "appeals_committee",
        /// The office in charge of leave (R3.6.3).
        LeaveOffice = "leave_office",
        /// A team's captain (R3.1.3).
        Captain = "captain",
        /// Organizes events: for one event (its creator) or, granted by an
        /// administrator for every event, may create events.
        Organizer = "organizer",
    }
}

text_enum! {
    /// The rule set an event is played under.
    RuleSet {
        /// Section 3: moves through the server (the default).
        Server = "server",
        /// Section 2: by post, with the bot as the post office.
        Postal = "postal",
    }
}

text_enum! {
    /// The life of an event.
    EventStatus {
        /// Being set up.
        Draft = "draft",
        /// Taking entries.
        Registration = "registration",
        /// Games under way (R1.1: all start together).
        Running = "running",
        /// All games over.
        Finished = "finished",
    }
}

text_enum! {
    /// The life of a game.
    GameStatus {
        /// Created, not started.
        Pending = "pending",
        /// Being played.
        Running = "running",
        /// Suspended, e.g. during an overstep claim (R2.6.6).
        Suspended = "suspended",
        /// Over, with a result.
        Finished = "finished",
    }
}

text_enum! {
    /// The state of a leave.
    LeaveStatus {
        /// Registered in advance (R3.6.2), not started.
        Planned = "planned",
        /// Running.
        Active = "active",
        /// Over.
        Ended = "ended",
        /// Withdrawn before it started.
        Cancelled = "cancelled",
    }
}

text_enum! {
    /// The state of an arbitration case.
    CaseStatus {
        /// Waiting for the arbiter.
        Open = "open",
        /// Ruled on; the appeal window may be open.
        Ruled = "ruled",
        /// Under appeal.
        Appealed = "appealed",
        /// Final.
        Closed = "closed",
    }
}

text_enum! {
    /// The state of an appeal.
    AppealStatus {
        /// Before the committee.
        Pending = "pending",
        /// The ruling stands.
        Dismissed = "dismissed",
        /// The ruling is changed.
        Upheld = "upheld",
    }
}

text_enum! {
    /// The delivery state of a notice.
    NoticeStatus {
        /// Waiting to be sent (or to be retried).
        Pending = "pending",
        /// Sent; marked once.
        Delivered = "delivered",
        /// Given up after too many failures; the administrator was alerted.
        Parked = "parked",
    }
}

/// A person known to the bot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Player {
    /// Key.
    pub id: PlayerId,
    /// Name shown to others.
    pub display_name: String,
    /// Language of the messages ("uk", "en").
    pub language: String,
    /// Preferred move notation (R2.3.2).
    pub notation: String,
    /// Contact details (R2.1.2, R3.4.4), free text.
    pub contact: Option<String>,
    /// When the player was first seen.
    pub created_at: DateTime<Utc>,
}

/// What it takes to create a player.
#[derive(Clone, Debug)]
pub struct NewPlayer {
    /// Name shown to others.
    pub display_name: String,
    /// Language of the messages.
    pub language: String,
    /// Preferred move notation.
    pub notation: String,
    /// Now.
    pub at: DateTime<Utc>,
}

/// A platform account linked to a player; one player may have several.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Account {
    /// Key.
    pub id: AccountId,
    /// The owner.
    pub player_id: PlayerId,
    /// The platform.
    pub platform: Platform,
    /// The platform's user id, as text.
    pub platform_user_id: String,
    /// The platform's user name, if any.
    pub username: Option<String>,
    /// Where direct messages go (the private chat or DM channel), if known.
    pub dm_chat_id: Option<String>,
    /// When the account was linked.
    pub linked_at: DateTime<Utc>,
}

/// A role held by a player, for one event or everywhere.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoleGrant {
    /// The holder.
    pub player_id: PlayerId,
    /// The role.
    pub role: Role,
    /// The event, or `None` for every event.
    pub event_id: Option<EventId>,
}

/// An event and its regulation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// Key.
    pub id: EventId,
    /// Name, number or code (R2.3.6).
    pub name: String,
    /// Server or postal.
    pub rule_set: RuleSet,
    /// The regulation (the core's `regulation` type, as JSON).
    pub regulation: Value,
    /// Life state.
    pub status: EventStatus,
    /// A team event.
    pub is_team: bool,
    /// Official start (R2.4.5).
    pub starts_at: Option<DateTime<Utc>>,
    /// End.
    pub ended_at: Option<DateTime<Utc>>,
    /// Creation.
    pub created_at: DateTime<Utc>,
}

/// What it takes to create an event.
#[derive(Clone, Debug)]
pub struct NewEvent {
    /// Name.
    pub name: String,
    /// Server or postal.
    pub rule_set: RuleSet,
    /// The regulation as JSON.
    pub regulation: Value,
    /// A team event.
    pub is_team: bool,
    /// Now.
    pub at: DateTime<Utc>,
}

/// A player's entry in an event.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// The event.
    pub event_id: EventId,
    /// The player.
    pub player_id: PlayerId,
    /// The team, in a team event.
    pub team_id: Option<TeamId>,
    /// "active" or "withdrawn" (R3.1.5).
    pub status: String,
    /// When the player joined.
    pub joined_at: DateTime<Utc>,
}

/// A team of a team event (R3.1.3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Team {
    /// Key.
    pub id: TeamId,
    /// The event.
    pub event_id: EventId,
    /// Name.
    pub name: String,
    /// The captain.
    pub captain_id: Option<PlayerId>,
}

/// A team's member on a board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TeamMember {
    /// The team.
    pub team_id: TeamId,
    /// The player.
    pub player_id: PlayerId,
    /// Board number, from 1.
    pub board: i64,
}

/// A game and its current state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Game {
    /// Key.
    pub id: GameId,
    /// The event.
    pub event_id: EventId,
    /// Round, from 1.
    pub round: i64,
    /// Board, in a team match.
    pub board: Option<i64>,
    /// White.
    pub white: PlayerId,
    /// Black.
    pub black: PlayerId,
    /// Life state.
    pub status: GameStatus,
    /// Result as text ("1-0", "0-1", "1/2-1/2", "+/-", …), once finished.
    pub result: Option<String>,
    /// Why (mate, time, resignation, ruling …).
    pub result_reason: Option<String>,
    /// Starting position when not the standard one.
    pub initial_fen: Option<String>,
    /// Current position.
    pub fen: String,
    /// Moves made (half-moves); the next move is ply `ply + 1`.
    pub ply: i64,
    /// Bumped by every change: the optimistic-concurrency token.
    pub version: i64,
    /// Both players' chess-clock state (the core's clock, as JSON).
    pub clock: Value,
    /// Since when the side to move has been thinking.
    pub turn_since: Option<DateTime<Utc>>,
    /// Start.
    pub started_at: Option<DateTime<Utc>>,
    /// End.
    pub finished_at: Option<DateTime<Utc>>,
}

/// What it takes to create a game.
#[derive(Clone, Debug)]
pub struct NewGame {
    /// The event.
    pub event_id: EventId,
    /// Round.
    pub round: i64,
    /// Board, in a team match.
    pub board: Option<i64>,
    /// White.
    pub white: PlayerId,
    /// Black.
    pub black: PlayerId,
    /// Starting position when not the standard one.
    pub initial_fen: Option<String>,
    /// Current position (the start).
    pub fen: String,
    /// Initial clock state.
    pub clock: Value,
}

/// The new state of a game after a change (a move, a result, a suspension).
#[derive(Clone, Debug)]
pub struct GameUpdate {
    /// Life state.
    pub status: GameStatus,
    /// Result, once finished.
    pub result: Option<String>,
    /// Why.
    pub result_reason: Option<String>,
    /// Position.
    pub fen: String,
    /// Clock state.
    pub clock: Value,
    /// Since when the side to move has been thinking.
    pub turn_since: Option<DateTime<Utc>>,
    /// Start.
    pub started_at: Option<DateTime<Utc>>,
    /// End.
    pub finished_at: Option<DateTime<Utc>>,
}

impl GameUpdate {
    /// The update that leaves `game` as it is (change fields from here).
    pub fn from_game(game: &Game) -> Self {
        Self {
            status: game.status,
            result: game.result.clone(),
            result_reason: game.result_reason.clone(),
            fen: game.fen.clone(),
            clock: game.clock.clone(),
            turn_since: game.turn_since,
            started_at: game.started_at,
            finished_at: game.finished_at,
        }
    }
}

/// One move of a game, with its postmarks (R2.2) and the days it cost (R2.4.4, R3.5.2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveRow {
    /// Half-move number, from 1.
    pub ply: i64,
    /// The move in UCI.
    pub uci: String,
    /// What the player wrote.
    pub text: String,
    /// When the bot received it from the mover.
    pub received_at: DateTime<Utc>,
    /// When it was delivered to the partner.
    pub sent_at: Option<DateTime<Utc>>,
    /// Thinking days charged for it.
    pub charged_days: i64,
}

/// A leave (R2.7, R3.6).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Leave {
    /// Key.
    pub id: LeaveId,
    /// Who.
    pub player_id: PlayerId,
    /// In which event (server, R3.6.1), or `None` for all games (postal, R2.7.1).
    pub event_id: Option<EventId>,
    /// Start.
    pub starts_at: DateTime<Utc>,
    /// End (exclusive).
    pub ends_at: DateTime<Utc>,
    /// State.
    pub status: LeaveStatus,
    /// Extra leave granted by the arbiter (R2.7.7, R3.6.3).
    pub extra: bool,
    /// Who granted it, when granted.
    pub granted_by: Option<PlayerId>,
    /// When registered.
    pub created_at: DateTime<Utc>,
}

/// What it takes to register a leave.
#[derive(Clone, Debug)]
pub struct NewLeave {
    /// Who.
    pub player_id: PlayerId,
    /// Which event, or all.
    pub event_id: Option<EventId>,
    /// Start.
    pub starts_at: DateTime<Utc>,
    /// End.
    pub ends_at: DateTime<Utc>,
    /// Extra leave.
    pub extra: bool,
    /// Who granted it.
    pub granted_by: Option<PlayerId>,
    /// Now.
    pub at: DateTime<Utc>,
}

/// An arbitration case: a dispute, a claim (R2.6.2), a silence (R2.5.1,
/// R3.3.2) or absence (R3.1.5) report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Case {
    /// Key.
    pub id: CaseId,
    /// What kind ("dispute", "overstep_claim", "silence", …), owned by the app.
    pub kind: String,
    /// The event.
    pub event_id: EventId,
    /// The game, if one.
    pub game_id: Option<GameId>,
    /// Who opened it; `None` when the bot did.
    pub opened_by: Option<PlayerId>,
    /// The other party.
    pub respondent_id: Option<PlayerId>,
    /// State.
    pub status: CaseStatus,
    /// Details as JSON.
    pub details: Value,
    /// Opened.
    pub opened_at: DateTime<Utc>,
    /// Closed.
    pub closed_at: Option<DateTime<Utc>>,
}

/// What it takes to open a case.
#[derive(Clone, Debug)]
pub struct NewCase {
    /// Kind.
    pub kind: String,
    /// The event.
    pub event_id: EventId,
    /// The game.
    pub game_id: Option<GameId>,
    /// Opened by.
    pub opened_by: Option<PlayerId>,
    /// The other party.
    pub respondent_id: Option<PlayerId>,
    /// Details.
    pub details: Value,
    /// Now.
    pub at: DateTime<Utc>,
}

/// A note (statement, evidence, message) in a case.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CaseNote {
    /// Key.
    pub id: CaseNoteId,
    /// The case.
    pub case_id: CaseId,
    /// Author; `None` for the bot.
    pub author_id: Option<PlayerId>,
    /// Text.
    pub text: String,
    /// When.
    pub written_at: DateTime<Utc>,
}

/// An arbiter's ruling.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ruling {
    /// Key.
    pub id: RulingId,
    /// The case.
    pub case_id: CaseId,
    /// The arbiter.
    pub arbiter_id: PlayerId,
    /// The decision, as JSON (result, penalty days …).
    pub decision: Value,
    /// Reasons (R2.1.4).
    pub reasons: String,
    /// When.
    pub ruled_at: DateTime<Utc>,
}

/// An appeal to the appeals committee (R2.1.6).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Appeal {
    /// Key.
    pub id: AppealId,
    /// The ruling appealed.
    pub ruling_id: RulingId,
    /// Who appeals.
    pub appellant_id: PlayerId,
    /// Grounds.
    pub grounds: String,
    /// State.
    pub status: AppealStatus,
    /// The committee's decision (final).
    pub decision: Option<String>,
    /// Who decided.
    pub decided_by: Option<PlayerId>,
    /// Filed.
    pub filed_at: DateTime<Utc>,
    /// Decided.
    pub decided_at: Option<DateTime<Utc>>,
}

/// Whom a notice is for.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Recipient {
    /// A player, through their linked accounts.
    Player(PlayerId),
    /// A chat (group, channel, thread) on a platform.
    Chat {
        /// The platform.
        platform: Platform,
        /// The platform's chat id.
        chat_id: String,
    },
    /// The administrators of the installation.
    Administrator,
    /// The public thread of game `game` in chat `chat_id` (the event's
    /// game channel): created by the platform's adapter on first delivery.
    GameThread {
        /// The platform.
        platform: Platform,
        /// The platform's id of the chat the thread is in.
        chat_id: String,
        /// The game.
        game: GameId,
    },
}

impl Recipient {
    /// The stable text key stored in the outbox (one order per key).
    pub fn key(&self) -> String {
        match self {
            Self::Player(id) => format!("player:{id}"),
            Self::Chat { platform, chat_id } => format!("chat:{}:{chat_id}", platform.as_str()),
            Self::Administrator => "admin".to_owned(),
            Self::GameThread {
                platform,
                chat_id,
                game,
            } => format!("thread:{}:{game}:{chat_id}", platform.as_str()),
        }
    }

    /// Parses [`Recipient::key`].
    pub fn parse_key(key: &str) -> Option<Self> {
        if key == "admin" {
            return Some(Self::Administrator);
        }
        if let Some(id) = key.strip_prefix("player:") {
            return id.parse().ok().map(|id| Self::Player(PlayerId(id)));
        }
        if let Some(rest) = key.strip_prefix("thread:") {
            let (platform, rest) = rest.split_once(':')?;
            let (game, chat_id) = rest.split_once(':')?;
            return Some(Self::GameThread {
                platform: Platform::parse(platform)?,
                chat_id: chat_id.to_owned(),
                game: GameId(game.parse().ok()?),
            });
        }
        let rest = key.strip_prefix("chat:")?;
        let (platform, chat_id) = rest.split_once(':')?;
        Some(Self::Chat {
            platform: Platform::parse(platform)?,
            chat_id: chat_id.to_owned(),
        })
    }
}

/// A notice waiting in (or done with) the outbox.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OutboxNotice {
    /// Key; also the order of notices to one recipient.
    pub id: NoticeId,
    /// Whom.
    pub recipient: Recipient,
    /// What kind (the app's notice type).
    pub kind: String,
    /// The notice's data, as JSON.
    pub payload: Value,
    /// Delivery state.
    pub status: NoticeStatus,
    /// Attempts so far.
    pub attempts: i64,
    /// Not to be tried before.
    pub next_attempt_at: DateTime<Utc>,
    /// Last failure.
    pub last_error: Option<String>,
    /// Written.
    pub created_at: DateTime<Utc>,
    /// Delivered.
    pub delivered_at: Option<DateTime<Utc>>,
}

/// A deadline, handed to the app once when due.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Deadline {
    /// Key.
    pub id: DeadlineId,
    /// When it falls due.
    pub due_at: DateTime<Utc>,
    /// What it is ("reminder", "loss_on_time", "silence_case", "leave_start",
    /// "leave_end", "appeal_window_closing", …), owned by the app.
    pub kind: String,
    /// A unique key, so that setting it again replaces it (e.g. "game:7:time").
    pub key: Option<String>,
    /// The game concerned.
    pub game_id: Option<GameId>,
    /// The event concerned.
    pub event_id: Option<EventId>,
    /// The case concerned.
    pub case_id: Option<CaseId>,
    /// The player concerned.
    pub player_id: Option<PlayerId>,
    /// More data, as JSON.
    pub payload: Value,
    /// Failed attempts of the app to handle it.
    pub attempts: i64,
}

/// What it takes to set a deadline.
#[derive(Clone, Debug, Default)]
pub struct NewDeadline {
    /// When.
    pub due_at: DateTime<Utc>,
    /// What.
    pub kind: String,
    /// Replace-key.
    pub key: Option<String>,
    /// Game.
    pub game_id: Option<GameId>,
    /// Event.
    pub event_id: Option<EventId>,
    /// Case.
    pub case_id: Option<CaseId>,
    /// Player.
    pub player_id: Option<PlayerId>,
    /// More data.
    pub payload: Value,
}

/// Whether an inbound platform id was seen before.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Inbound {
    /// First time: process it, then call `finish_inbound` in the same transaction.
    New,
    /// Already processed: here is the original answer (if one was recorded).
    Seen(Option<String>),
}

/// An entry of the audit log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AuditEntry {
    /// When.
    pub at: DateTime<Utc>,
    /// Who acted; `None` for the bot.
    pub actor_id: Option<PlayerId>,
    /// What was done.
    pub action: String,
    /// Event.
    pub event_id: Option<EventId>,
    /// Game.
    pub game_id: Option<GameId>,
    /// Case.
    pub case_id: Option<CaseId>,
    /// Details, as JSON.
    pub details: Value,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recipient_keys_round_trip() {
        let recipients = [
            Recipient::Player(PlayerId(42)),
            Recipient::Chat {
                platform: Platform::Discord,
                chat_id: "guild:1:chan:2".into(),
            },
            Recipient::Administrator,
            Recipient::GameThread {
                platform: Platform::Discord,
                chat_id: "4000001".into(),
                game: GameId(12),
            },
        ];
        for recipient in recipients {
            assert_eq!(Recipient::parse_key(&recipient.key()), Some(recipient));
        }
        assert_eq!(Recipient::parse_key("chat:irc:1"), None);
        assert_eq!(Recipient::parse_key("player:x"), None);
    }

    #[test]
    fn text_enums_round_trip() {
        for role in [
            Role::Administrator,
            Role::Arbiter,
            Role::AppealsCommittee,
            Role::LeaveOffice,
        ] {
            assert_eq!(Role::parse(role.as_str()), Some(role));
        }
        assert_eq!(GameStatus::parse("finished"), Some(GameStatus::Finished));
        assert_eq!(NoticeStatus::parse("lost"), None);
    }
}
