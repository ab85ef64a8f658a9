//! Who hears of a player's report first, and who may see a player's contact
//! details.
//!
//! **Routing** (R3.1.3, R3.1.4, R3.3.2, R3.4.5). In an individual event a
//! report goes straight to the arbiter. In a team event it goes first to the
//! captain (a [`Recipient::Captain`] means the captain and the deputy, who may
//! act for the captain): a dispute between players goes to *both* captains,
//! who try to settle it between them (R3.1.4); a serious software failure
//! (R3.4.5) and the 35-day notice of continuing the game (R3.3.2) go to the
//! player's own captain. It reaches the arbiter when a captain (or deputy) of
//! one of those teams passes it on. The 35-day notice also goes to the
//! partner directly, in both kinds of event (R3.3.2).
//!
//! **Contact details** (R3.4.4, R2.1.2). Everyone sees their own. In a team
//! event only administrators, the event's arbiter and the player's own
//! captain and deputy see them (the deputy acts for the captain, so sees what
//! the captain sees). In an individual event administrators, the arbiter and
//! the player's current partners (opponents in games still in progress) see
//! them: R2.1.2 has a player tell every partner of a change of address, so
//! partners in finished games no longer do.

use serde::{Deserialize, Serialize};

use super::{PersonKey, Roster, TeamKey};

/// What a player reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReportKind {
    /// A disagreement with the partner about their game (R3.1.4, R3.4.5).
    Dispute,
    /// A serious failure of computer or software (R3.4.5).
    Failure,
    /// The notice, after 35 days without a move, of continuing (R3.3.2).
    ContinuationNotice,
}

/// Who receives a report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Recipient {
    /// The event's arbiter (or arbiters).
    Arbiter,
    /// The captain and the deputy of the team.
    Captain(TeamKey),
    /// The reporter's partner in the game.
    Opponent,
}

/// When a report reaches the arbiter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Escalation {
    /// At once: the arbiter is among the first recipients.
    Immediately,
    /// When a captain (or deputy) of one of the recipient teams passes it on.
    WhenCaptainForwards,
}

/// The route of one report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReportRouting {
    /// Who receives it first.
    pub first: Vec<Recipient>,
    /// When it reaches the arbiter.
    pub arbiter: Escalation,
}

impl ReportRouting {
    /// The captains' teams among the first recipients.
    pub fn captain_teams(&self) -> impl Iterator<Item = TeamKey> + '_ {
        self.first.iter().filter_map(|recipient| match recipient {
            Recipient::Captain(team) => Some(*team),
            _ => None,
        })
    }

    /// True if `person` may pass the report on to the arbiter: the captain or
    /// deputy of one of the recipient teams (R3.1.4).
    pub fn may_forward(&self, person: PersonKey, roster: &Roster) -> bool {
        self.captain_teams()
            .any(|team| roster.is_captain_or_deputy(person, team))
    }
}

/// The route of a report of `kind` by `reporter` about the game against
/// `opponent`. `roster` is the event's teams, `None` in an individual event.
/// A reporter the roster does not know is routed as in an individual event.
pub fn route_report(
    kind: ReportKind,
    reporter: PersonKey,
    opponent: PersonKey,
    roster: Option<&Roster>,
) -> ReportRouting {
    let own_team = roster.and_then(|r| r.team_of(reporter));
    let Some(own_team) = own_team else {
        let mut first = vec![Recipient::Arbiter];
        if kind == ReportKind::ContinuationNotice {
            first.push(Recipient::Opponent);
        }
        return ReportRouting {
            first,
            arbiter: Escalation::Immediately,
        };
    };
    let mut first = vec![Recipient::Captain(own_team)];
    match kind {
        ReportKind::Dispute => {
            let other = roster.and_then(|r| r.team_of(opponent));
            if let Some(other) = other.filter(|&other| other != own_team) {
                first.push(Recipient::Captain(other));
            }
        }
        ReportKind::Failure => {}
        ReportKind::ContinuationNotice => first.push(Recipient::Opponent),
    }
    ReportRouting {
        first,
        arbiter: Escalation::WhenCaptainForwards,
    }
}

/// The person looking, with the roles that matter for contact details.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Viewer {
    /// Who is looking.
    pub person: PersonKey,
    /// An administrator of the bot installation.
    pub administrator: bool,
    /// An arbiter of the event in question.
    pub arbiter_of_event: bool,
}

/// The event whose contact rules apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContactContext<'a> {
    /// A team event, with its teams.
    Team(&'a Roster),
    /// An individual event, with the subject's partners in games still in
    /// progress.
    Individual {
        /// The subject's current partners.
        current_partners: &'a [PersonKey],
    },
}

/// True if `viewer` may see `subject`'s contact details in `event` (R3.4.4,
/// R2.1.2; see the module documentation).
pub fn may_see_contacts(viewer: &Viewer, subject: PersonKey, event: &ContactContext<'_>) -> bool {
    if viewer.person == subject || viewer.administrator || viewer.arbiter_of_event {
        return true;
    }
    match event {
        ContactContext::Team(roster) => roster
            .team_of(subject)
            .is_some_and(|team| roster.is_captain_or_deputy(viewer.person, team)),
        ContactContext::Individual { current_partners } => {
            current_partners.contains(&viewer.person)
        }
    }
}
