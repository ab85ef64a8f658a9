//! Arbitration cases as a pure state machine (R2.1.4–R2.1.6, R3.1.4,
//! R3.1.5, R3.3.2, R3.4.3, R3.4.5, R3.6.3; postal R2.5.1–R2.5.3, R2.6).
//!
//! A case is raised by a player or opened by the bot. It moves through
//! [`CaseState`]s:
//!
//! ```text
//!            (team event: dispute, failure)
//!  open ───► in captains' hands ──settled (R3.1.4)──► closed
//!    │ take up        │ forward                         ▲
//!    ▼                ▼                                 │ windows over
//!  with the arbiter ──rule──► ruled ──appeal (14 days)──► under appeal
//!    │ withdraw                 │                          │ committee (final)
//!    └──────────► closed ◄──────┴──────────────────────────┘
//! ```
//!
//! In a team event a dispute or a software-failure report goes first to the
//! captains ([`crate::core::team::route_report`]); every other case starts
//! `open`, waiting for the arbiter: a lost internet connection is reported
//! "by any means" (R3.1.5), extra leave goes to the leave office (R3.6.3),
//! and the bot's own cases concern the arbiter directly. (R3.1.6 has the
//! captain contact the arbiter in every other situation; the app may copy
//! those cases to the captain, whom [`Case::role_of`] already lets see them.) Every transition is checked and returns a
//! structured [`CaseError`]; every ruling records who made it, when and why.
//! Time is always an argument.

mod deadline;
mod machine;
mod ruling;
mod visibility;

pub use deadline::{
    ABSENCE_DAYS, APPEAL_DAYS, Absence, AbsenceError, AppealError, OBJECTION_DAYS, ObjectionError,
    appeal_deadline, arbiter_request_case_due, bot_case_due, may_appeal, may_object,
    objection_deadline, register_absence, window_closes,
};
pub use machine::{AppealOutcome, NewCase};
pub use ruling::{
    Decision, EXTRA_LEAVE_DAYS_PER_YEAR, EventGame, ExclusionScoring, ExtraLeaveGrant, GameOutcome,
    Ruling, RulingError, exclusion_outcomes, grant_extra_leave, grant_extra_leave_to,
};
pub use visibility::{CasePart, CaseRole, may_see};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::core::team::{GameKey, PersonKey, ReportKind, TeamKey};

/// What a case is about, with the rules behind it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CaseKind {
    /// A dispute with the partner about a game (R2.1.4, R3.1.4, R3.4.5).
    Dispute,
    /// A serious failure of computer or software (R3.4.5).
    SoftwareFailure,
    /// The player lost internet access (R3.1.5).
    LostInternetAccess,
    /// A request for extra leave (R3.6.3).
    ExtraLeaveRequest,
    /// A question to the arbiter about the event or a decision (R2.1.4).
    Question,
    /// Bot: 40 days without a move or a notice of continuing (R3.3.2).
    FortyDaysSilence,
    /// Bot: the arbiter's request unanswered for more than 20 days by a
    /// player present on the server (R3.4.3).
    ArbiterRequestUnanswered,
    /// Bot: an absence of internet access past 30 days (R3.1.5).
    InternetAbsenceOverdue,
    /// Bot: a second absence of internet access in one calendar year
    /// (R3.1.5).
    SecondInternetAbsence,
    /// Postal: a claim that the partner overstepped the time limit (R2.6.2);
    /// the partner may object within 7 days (R2.6.4); the game is suspended
    /// until the ruling (R2.6.6).
    OverstepClaim,
    /// Bot, postal: no answer for 20 + 20 days (R2.5.1).
    PostalSilence,
    /// Bot, postal: White's first move missing 20 days after the start
    /// (R2.5.2).
    MissingFirstMove,
    /// Bot, postal: two months without a move in a game (R2.5.3).
    TwoMonthsWithoutMove,
}

impl CaseKind {
    /// Every kind, in declaration order.
    pub const ALL: [CaseKind; 13] = [
        CaseKind::Dispute,
        CaseKind::SoftwareFailure,
        CaseKind::LostInternetAccess,
        CaseKind::ExtraLeaveRequest,
        CaseKind::Question,
        CaseKind::FortyDaysSilence,
        CaseKind::ArbiterRequestUnanswered,
        CaseKind::InternetAbsenceOverdue,
        CaseKind::SecondInternetAbsence,
        CaseKind::OverstepClaim,
        CaseKind::PostalSilence,
        CaseKind::MissingFirstMove,
        CaseKind::TwoMonthsWithoutMove,
    ];

    /// The IDs of the rules behind this kind of case.
    pub fn rules(self) -> &'static [&'static str] {
        match self {
            CaseKind::Dispute => &["R2.1.4", "R3.1.4", "R3.4.5"],
            CaseKind::SoftwareFailure => &["R3.4.5"],
            CaseKind::LostInternetAccess => &["R3.1.5"],
            CaseKind::ExtraLeaveRequest => &["R3.6.3"],
            CaseKind::Question => &["R2.1.4"],
            CaseKind::FortyDaysSilence => &["R3.3.2"],
            CaseKind::ArbiterRequestUnanswered => &["R3.4.3"],
            CaseKind::InternetAbsenceOverdue | CaseKind::SecondInternetAbsence => &["R3.1.5"],
            CaseKind::OverstepClaim => &["R2.6.2", "R2.6.4", "R2.6.6"],
            CaseKind::PostalSilence => &["R2.5.1"],
            CaseKind::MissingFirstMove => &["R2.5.2"],
            CaseKind::TwoMonthsWithoutMove => &["R2.5.3"],
        }
    }

    /// True for the kinds only the bot opens.
    pub fn opened_by_bot(self) -> bool {
        matches!(
            self,
            CaseKind::FortyDaysSilence
                | CaseKind::ArbiterRequestUnanswered
                | CaseKind::InternetAbsenceOverdue
                | CaseKind::SecondInternetAbsence
                | CaseKind::PostalSilence
                | CaseKind::MissingFirstMove
                | CaseKind::TwoMonthsWithoutMove
        )
    }

    /// The report this kind is, for the captains' routing in team events
    /// (R3.1.4, R3.4.5); `None` for kinds that go to the arbiter directly.
    pub fn report_kind(self) -> Option<ReportKind> {
        match self {
            CaseKind::Dispute => Some(ReportKind::Dispute),
            CaseKind::SoftwareFailure => Some(ReportKind::Failure),
            _ => None,
        }
    }

    /// True if the game is suspended while the case is pending (R2.6.6).
    pub fn suspends_game(self) -> bool {
        self == CaseKind::OverstepClaim
    }
}

/// Where a case stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CaseState {
    /// Raised or opened, waiting for the arbiter to take it up.
    Open,
    /// In team events: with the captains, who try to settle it (R3.1.4).
    WithCaptains,
    /// The arbiter is dealing with it.
    WithArbiter,
    /// The arbiter has ruled; the parties may appeal (R2.1.6).
    Ruled,
    /// Appealed: with the appeals committee.
    UnderAppeal,
    /// Settled, withdrawn, or final.
    Closed,
}

/// What was attempted, for [`CaseError::WrongState`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CaseTransition {
    /// The arbiter takes up an open case.
    TakeUp,
    /// A captain passes the case to the arbiter.
    Forward,
    /// The captains settle it between them.
    Settle,
    /// The raiser withdraws it.
    Withdraw,
    /// The arbiter rules.
    Rule,
    /// A party receives the ruling.
    Receive,
    /// A party appeals.
    Appeal,
    /// The committee decides the appeal.
    DecideAppeal,
    /// The arbiter closes a ruled case.
    Close,
    /// A statement for the record.
    AddStatement,
    /// The accused objects to an overstep claim.
    Object,
}

/// Why a transition was refused. Data, not prose.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum CaseError {
    /// The action does not fit the case's state.
    #[error("cannot {action:?} a case that is {state:?}")]
    WrongState {
        /// The case's state.
        state: CaseState,
        /// What was attempted.
        action: CaseTransition,
    },
    /// A person tried to open a kind only the bot opens, or the bot one only
    /// a person raises.
    #[error("a {kind:?} case cannot be opened that way")]
    WrongOpener {
        /// The kind.
        kind: CaseKind,
    },
    /// A case must be about at least one player.
    #[error("the case has no party")]
    NoParty,
    /// The person is not a party of the case.
    #[error("{person:?} is not a party of the case")]
    NotAParty {
        /// The person.
        person: PersonKey,
    },
    /// The person is not a captain or deputy handling the case.
    #[error("{person:?} is not a captain handling the case")]
    NotACaptain {
        /// The person.
        person: PersonKey,
    },
    /// Only the player who raised a case may withdraw it.
    #[error("{person:?} did not raise the case")]
    NotTheRaiser {
        /// The person.
        person: PersonKey,
    },
    /// The action belongs to another kind of case.
    #[error("not possible in a {kind:?} case")]
    WrongKind {
        /// The case's kind.
        kind: CaseKind,
    },
    /// An objection to an overstep claim refused (R2.6.4).
    #[error(transparent)]
    Objection(#[from] ObjectionError),
    /// An appeal refused (R2.1.6).
    #[error(transparent)]
    Appeal(#[from] AppealError),
    /// A ruling refused.
    #[error(transparent)]
    Ruling(#[from] RulingError),
    /// Closing refused: a party has not received the ruling yet.
    #[error("{party:?} has not received the ruling")]
    NotReceived {
        /// The party.
        party: PersonKey,
    },
    /// Closing refused: a party may still appeal until `until`.
    #[error("{party:?} may appeal until {until}")]
    AppealWindowOpen {
        /// The party.
        party: PersonKey,
        /// When the party's window closes.
        until: DateTime<Utc>,
    },
}

/// Who made a change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CaseActor {
    /// The bot itself.
    Bot,
    /// A person (player, captain, arbiter, committee member).
    Person(PersonKey),
}

/// One change of state, for the case's history. The first entry records the
/// opening (`from` and `to` are the initial state).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct StateChange {
    /// The state before.
    pub from: CaseState,
    /// The state after.
    pub to: CaseState,
    /// Who made the change.
    pub by: CaseActor,
    /// When.
    pub at: DateTime<Utc>,
}

/// What kind of text a [`CaseEntry`] is, which decides who sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EntryKind {
    /// A party's or captain's statement ([`CasePart::Statements`]).
    Statement,
    /// An arbiter's note the parties see ([`CasePart::Statements`]).
    SharedNote,
    /// An arbiter's private note ([`CasePart::PrivateNotes`]).
    PrivateNote,
}

impl EntryKind {
    /// The part of the case this entry belongs to.
    pub fn part(self) -> CasePart {
        match self {
            EntryKind::Statement | EntryKind::SharedNote => CasePart::Statements,
            EntryKind::PrivateNote => CasePart::PrivateNotes,
        }
    }
}

/// A text for the record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CaseEntry {
    /// Who wrote it.
    pub author: PersonKey,
    /// When.
    pub at: DateTime<Utc>,
    /// What kind it is.
    pub kind: EntryKind,
    /// The text.
    pub text: String,
}

/// When a party received the ruling (the start of the appeal window).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Receipt {
    /// The party.
    pub party: PersonKey,
    /// When the ruling reached the party.
    pub at: DateTime<Utc>,
}

/// An appeal to the committee (R2.1.6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Appeal {
    /// The appealing party.
    pub by: PersonKey,
    /// When.
    pub at: DateTime<Utc>,
    /// The grounds.
    pub grounds: String,
}

/// The committee's final decision (R2.1.6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AppealDecision {
    /// Upheld, or replaced by other measures.
    pub outcome: AppealOutcome,
    /// The committee member who recorded it.
    pub by: PersonKey,
    /// When.
    pub at: DateTime<Utc>,
    /// The reasons.
    pub why: String,
}

/// One arbitration case.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Case {
    kind: CaseKind,
    state: CaseState,
    raised_by: Option<PersonKey>,
    parties: Vec<PersonKey>,
    opponent: Option<PersonKey>,
    game: Option<GameKey>,
    captain_teams: Vec<TeamKey>,
    opened_at: DateTime<Utc>,
    history: Vec<StateChange>,
    entries: Vec<CaseEntry>,
    decision: Option<Decision>,
    receipts: Vec<Receipt>,
    appeal: Option<Appeal>,
    appeal_decision: Option<AppealDecision>,
    /// The zone the case's day-counted windows are counted in (R3.5.6):
    /// the event's, set by whoever loads the case; not stored (UTC until
    /// set).
    #[serde(skip)]
    zone: Option<chrono_tz::Tz>,
}

impl Case {
    /// Counts the case's windows (appeal R2.1.6, objection R2.6.4) in the
    /// event's `zone`.
    pub fn set_zone(&mut self, zone: chrono_tz::Tz) {
        self.zone = Some(zone);
    }
    /// The zone the case's windows are counted in (UTC until set).
    pub fn zone(&self) -> chrono_tz::Tz {
        self.zone.unwrap_or(chrono_tz::Tz::UTC)
    }
    /// What the case is about.
    pub fn kind(&self) -> CaseKind {
        self.kind
    }
    /// Where it stands.
    pub fn state(&self) -> CaseState {
        self.state
    }
    /// The player who raised it; `None` if the bot opened it.
    pub fn raised_by(&self) -> Option<PersonKey> {
        self.raised_by
    }
    /// The players it is about (raiser first); they receive the ruling and
    /// may appeal.
    pub fn parties(&self) -> &[PersonKey] {
        &self.parties
    }
    /// The partner in the game, if not a party.
    pub fn opponent(&self) -> Option<PersonKey> {
        self.opponent
    }
    /// The game concerned, if any.
    pub fn game(&self) -> Option<GameKey> {
        self.game
    }
    /// The teams whose captains the case went to first (team events).
    pub fn captain_teams(&self) -> &[TeamKey] {
        &self.captain_teams
    }
    /// Whether the case began with the captains and has never been passed
    /// to the arbiter (R3.1.4): the captains' own matter, which the
    /// arbiters do not hear of until it is forwarded.
    pub fn only_with_captains(&self) -> bool {
        let reached = |state| self.history.iter().any(|change| change.to == state);
        reached(CaseState::WithCaptains) && !reached(CaseState::WithArbiter)
    }
    /// When it was opened.
    pub fn opened_at(&self) -> DateTime<Utc> {
        self.opened_at
    }
    /// Every change of state so far.
    pub fn history(&self) -> &[StateChange] {
        &self.history
    }
    /// Every statement and note, in order.
    pub fn entries(&self) -> &[CaseEntry] {
        &self.entries
    }
    /// The arbiter's decision, once ruled.
    pub fn decision(&self) -> Option<&Decision> {
        self.decision.as_ref()
    }
    /// When each party received the ruling.
    pub fn receipts(&self) -> &[Receipt] {
        &self.receipts
    }
    /// The appeal, if any.
    pub fn appeal(&self) -> Option<&Appeal> {
        self.appeal.as_ref()
    }
    /// The committee's decision, if any.
    pub fn appeal_decision(&self) -> Option<&AppealDecision> {
        self.appeal_decision.as_ref()
    }

    /// The game suspended by this case while it is pending (R2.6.6).
    pub fn suspended_game(&self) -> Option<GameKey> {
        let pending = matches!(
            self.state,
            CaseState::Open | CaseState::WithCaptains | CaseState::WithArbiter
        );
        if self.kind.suspends_game() && pending {
            self.game
        } else {
            None
        }
    }

    /// The measures in force: the committee's replacement if it replaced
    /// the ruling, otherwise the arbiter's.
    pub fn rulings_in_force(&self) -> &[Ruling] {
        if let Some(AppealDecision {
            outcome: AppealOutcome::Replaced(rulings),
            ..
        }) = &self.appeal_decision
        {
            return rulings;
        }
        self.decision.as_ref().map_or(&[], |d| &d.rulings)
    }

    /// The entries `role` may see ([`may_see`]).
    pub fn entries_visible_to(&self, role: CaseRole) -> Vec<&CaseEntry> {
        self.entries
            .iter()
            .filter(|entry| may_see(role, entry.kind.part()))
            .collect()
    }
}
