//! Who may do what: one decision function over the actor's roles, and who
//! may see a player's contact details.
//!
//! Events: administrators grant the installation-wide organizer role
//! (`/organizer @name`); administrators and organizers create events. The
//! creator becomes the event's organizer (a role grant for that event) and
//! may start it; the event's arbiters (R3.1.2) are those named with
//! `arbiter=@name`, or the creator.

use crate::core::team::{self, ContactContext, PersonKey, Viewer};

/// How the actor relates to the thing acted on: a role they hold towards it
/// (the installation, the event, the game, the team or the case).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relation {
    /// Anyone known to the bot.
    Outsider,
    /// A player of the game concerned.
    PlayerOfGame,
    /// The event's arbiter (R3.1.2).
    Arbiter,
    /// The event's organizer.
    Organizer,
    /// An administrator of the installation.
    Administrator,
    /// The captain of the team concerned (R3.1.3).
    Captain,
    /// The deputy captain of the team concerned, who may act for the captain.
    Deputy,
    /// An entrant of the event concerned.
    PlayerOfEvent,
    /// A player a case is about (raiser or accused).
    CaseParty,
    /// A captain or deputy of a party's team, or of a team handling the case.
    CaseCaptain,
    /// The partner in the case's game, not a party.
    CaseOpponent,
    /// A member of the event's appeals committee (R2.1.6).
    Committee,
    /// The office in charge of leave (R3.6.3).
    LeaveOffice,
}

/// What an actor wants to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Create an event.
    CreateEvent,
    /// Join an event open for entries.
    JoinEvent,
    /// Start an event (pairing, R1.1).
    StartEvent,
    /// Start the final of an event played in sections before its last
    /// section game ends (`/event final`, issue 40): the event's organizer
    /// and administrators.
    StartFinal,
    /// Rename an event, change its settings, close its entries, remove an
    /// entrant (or undo the removal), cancel it: the event's organizer and administrators.
    ManageEvent,
    /// See the club's registered players and their handles: organizers,
    /// arbiters and administrators.
    ListPlayers,
    /// Move, offer a draw or resign in a game.
    PlayGame,
    /// See a game's clocks.
    ViewGame,
    /// Grant or take away the installation-wide organizer role.
    GrantOrganizer,
    /// Set up a team event's teams: create, captain, deputy, line-up.
    SetUpTeam,
    /// Set a team's board order (before the event starts).
    SetBoardOrder,
    /// Replace a board's player by a reserve (the arbiter's ruling).
    SubstitutePlayer,
    /// See a team's games, clocks and silences at a glance.
    ViewTeamGames,
    /// Report a dispute or a software failure about a game (R2.1.4, R3.4.5).
    ReportAboutGame,
    /// Ask the event's arbiter (R2.1.4), ask for extra leave (R3.6.3), report
    /// one's own lost internet access (R3.1.5).
    WriteToArbiter,
    /// Report a player's lost internet access on their behalf (R3.1.5).
    ReportAbsenceFor,
    /// See a case's file (as far as the case's visibility allows).
    ViewCase,
    /// Add a statement to a case.
    StateInCase,
    /// Take up, note, rule on and close cases; send requests (R3.1.2,
    /// R3.4.3). Never in a case of which the actor is a party.
    ArbiterDesk,
    /// Rule on a request for extra leave (R3.6.3: the leave office too).
    RuleOnExtraLeave,
    /// Settle a case between the captains or pass it on (R3.1.4).
    CaptainHandle,
    /// Appeal a ruling (R2.1.6).
    AppealRuling,
    /// Decide an appeal (R2.1.6), never of one's own case.
    DecideAppeal,
    /// See the club ratings (`/rating`, `/top`): everyone.
    ViewRatings,
    /// Publish a rating list (`/ratings publish`, issue 40): organizers and
    /// administrators.
    PublishRatings,
    /// Set a newcomer's imported starting rating (`/rating set`, issue 40):
    /// administrators.
    ImportRating,
    /// See the moves of a game in play that its event's public delay
    /// (`public-delay=N`) holds back from spectators: the game's players,
    /// the event's arbiters and organizers, administrators.
    SeeHeldMoves,
    /// Keep private notes and lines on a game and download one's own PGN
    /// with them (issue 41): its players alone, never an arbiter or an
    /// administrator.
    KeepNotes,
    /// Set, list and cancel one's conditional moves in a game whose
    /// regulation allows them (issue 41, R3.2.4): its players alone, each
    /// for their own lines.
    SetConditionals,
}

/// Whether an actor with `relations` may do `action`.
pub fn allows(action: Action, relations: &[Relation]) -> bool {
    use Relation as R;
    let has = |r: Relation| relations.contains(&r);
    match action {
        Action::CreateEvent => has(R::Administrator) || has(R::Organizer),
        Action::JoinEvent => true,
        Action::ViewRatings => true,
        Action::PublishRatings => has(R::Administrator) || has(R::Organizer),
        Action::ImportRating => has(R::Administrator),
        Action::SeeHeldMoves => [R::PlayerOfGame, R::Arbiter, R::Organizer, R::Administrator]
            .iter()
            .any(|r| has(*r)),
        Action::StartEvent => has(R::Administrator) || has(R::Organizer),
        Action::StartFinal => has(R::Administrator) || has(R::Organizer),
        Action::ManageEvent => has(R::Administrator) || has(R::Organizer),
        Action::ListPlayers => has(R::Administrator) || has(R::Organizer) || has(R::Arbiter),
        Action::PlayGame => has(R::PlayerOfGame),
        Action::KeepNotes => has(R::PlayerOfGame),
        Action::SetConditionals => has(R::PlayerOfGame),
        Action::ViewGame => true,
        Action::GrantOrganizer => has(R::Administrator),
        Action::SetUpTeam => has(R::Administrator) || has(R::Organizer) || has(R::Arbiter),
        Action::SetBoardOrder => {
            allows(Action::SetUpTeam, relations) || has(R::Captain) || has(R::Deputy)
        }
        Action::SubstitutePlayer => has(R::Administrator) || has(R::Arbiter),
        Action::ViewTeamGames => {
            allows(Action::SetUpTeam, relations) || has(R::Captain) || has(R::Deputy)
        }
        Action::ReportAboutGame => has(R::PlayerOfGame),
        Action::WriteToArbiter => has(R::PlayerOfEvent),
        Action::ReportAbsenceFor => has(R::Arbiter),
        Action::ViewCase => [
            R::Arbiter,
            R::Committee,
            R::CaseParty,
            R::CaseCaptain,
            R::CaseOpponent,
        ]
        .iter()
        .any(|s| has(*s)),
        Action::StateInCase => has(R::CaseParty) || has(R::CaseCaptain) || has(R::Arbiter),
        Action::ArbiterDesk => has(R::Arbiter) && !has(R::CaseParty),
        Action::RuleOnExtraLeave => (has(R::Arbiter) || has(R::LeaveOffice)) && !has(R::CaseParty),
        Action::CaptainHandle => has(R::CaseCaptain),
        Action::AppealRuling => has(R::CaseParty),
        Action::DecideAppeal => has(R::Committee) && !has(R::CaseParty),
    }
}

/// One event in which a player's contact details are asked for, with
/// whether the viewer is one of its arbiters.
#[derive(Debug, Clone, Copy)]
pub struct ContactScope<'a> {
    /// The viewer is an arbiter of this event.
    pub arbiter: bool,
    /// The event's contact rules: its teams, or the player's current partners.
    pub context: ContactContext<'a>,
}

/// Whether `viewer` may see `subject`'s contact details (R3.4.4, R2.1.2):
/// their own always, an administrator's always, otherwise as one of the
/// `scopes` (the subject's events) allows: the arbiter; in a team event the
/// subject's captain (or deputy); in an individual event a current partner.
pub fn may_see_contacts(
    viewer: PersonKey,
    administrator: bool,
    subject: PersonKey,
    scopes: &[ContactScope<'_>],
) -> bool {
    if viewer == subject || administrator {
        return true;
    }
    scopes.iter().any(|scope| {
        let viewer = Viewer {
            person: viewer,
            administrator,
            arbiter_of_event: scope.arbiter,
        };
        team::may_see_contacts(&viewer, subject, &scope.context)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_players_of_a_game_play_it() {
        assert!(allows(Action::PlayGame, &[Relation::PlayerOfGame]));
        assert!(!allows(Action::PlayGame, &[Relation::Administrator]));
        assert!(!allows(Action::PlayGame, &[Relation::Outsider]));
    }

    #[test]
    fn organizers_and_administrators_run_events() {
        assert!(allows(Action::StartEvent, &[Relation::Organizer]));
        assert!(allows(Action::CreateEvent, &[Relation::Administrator]));
        assert!(!allows(Action::CreateEvent, &[Relation::Outsider]));
        assert!(!allows(Action::StartEvent, &[Relation::PlayerOfGame]));
        assert!(allows(Action::JoinEvent, &[Relation::Outsider]));
    }

    /// Issue 40: the final starts early at the organizer's word, never at
    /// a player's, an arbiter's or an outsider's.
    #[test]
    fn organizers_and_administrators_start_a_final_early() {
        assert!(allows(Action::StartFinal, &[Relation::Organizer]));
        assert!(allows(Action::StartFinal, &[Relation::Administrator]));
        for relation in [
            Relation::Outsider,
            Relation::PlayerOfEvent,
            Relation::PlayerOfGame,
            Relation::Arbiter,
            Relation::Committee,
        ] {
            assert!(!allows(Action::StartFinal, &[relation]), "{relation:?}");
        }
    }

    /// R2.1.6: only a party appeals and only the committee decides; the
    /// arbiter's desk is the arbiter's (R3.1.2), extra leave also the leave
    /// office's (R3.6.3).
    #[test]
    fn the_desk_follows_the_roles_of_a_case() {
        assert!(allows(Action::AppealRuling, &[Relation::CaseParty]));
        assert!(!allows(Action::AppealRuling, &[Relation::CaseOpponent]));
        assert!(!allows(Action::AppealRuling, &[Relation::Arbiter]));
        assert!(allows(Action::DecideAppeal, &[Relation::Committee]));
        assert!(!allows(Action::DecideAppeal, &[Relation::Arbiter]));
        assert!(allows(Action::RuleOnExtraLeave, &[Relation::LeaveOffice]));
        assert!(!allows(Action::ArbiterDesk, &[Relation::LeaveOffice]));
        assert!(!allows(Action::ViewCase, &[Relation::Outsider]));
        assert!(!allows(Action::ViewCase, &[Relation::Administrator]));
        assert!(allows(Action::CaptainHandle, &[Relation::CaseCaptain]));
        assert!(!allows(Action::CaptainHandle, &[Relation::CaseParty]));
    }

    /// A party of a case holds no office in it (conflict of interest).
    #[test]
    fn a_party_never_rules_or_decides_its_own_case() {
        let party_arbiter = [Relation::Arbiter, Relation::CaseParty];
        assert!(!allows(Action::ArbiterDesk, &party_arbiter));
        assert!(!allows(Action::RuleOnExtraLeave, &party_arbiter));
        let party_member = [Relation::Committee, Relation::CaseParty];
        assert!(!allows(Action::DecideAppeal, &party_member));
        assert!(allows(Action::AppealRuling, &party_member));
    }

    #[test]
    fn only_administrators_grant_the_organizer_role() {
        assert!(allows(Action::GrantOrganizer, &[Relation::Administrator]));
        assert!(!allows(Action::GrantOrganizer, &[Relation::Organizer]));
    }

    /// R3.1.3: organizers, arbiters and administrators set teams up;
    /// captains and deputies set their board order and see their team's
    /// games; only the arbiter (or an administrator) substitutes.
    #[test]
    fn captains_order_their_boards_and_arbiters_substitute() {
        for role in [
            Relation::Organizer,
            Relation::Arbiter,
            Relation::Administrator,
        ] {
            assert!(allows(Action::SetUpTeam, &[role]));
        }
        for role in [Relation::Captain, Relation::Deputy] {
            assert!(!allows(Action::SetUpTeam, &[role]));
            assert!(allows(Action::SetBoardOrder, &[role]));
            assert!(allows(Action::ViewTeamGames, &[role]));
            assert!(!allows(Action::SubstitutePlayer, &[role]));
        }
        assert!(allows(Action::SubstitutePlayer, &[Relation::Arbiter]));
        assert!(!allows(Action::SubstitutePlayer, &[Relation::Organizer]));
        assert!(!allows(Action::SetBoardOrder, &[Relation::PlayerOfGame]));
        assert!(!allows(Action::ViewTeamGames, &[Relation::Outsider]));
    }

    /// R3.4.4: in a team event only the arbiter and the captain (and
    /// administrators) see a player's details, not the opponent; R2.1.2: in
    /// an individual event current partners do.
    #[test]
    fn contact_details_follow_r3_4_4() {
        let (subject, opponent, captain) = (PersonKey(1), PersonKey(2), PersonKey(3));
        let team = team::Team {
            id: team::TeamKey(1),
            name: "A".into(),
            captain,
            deputy: None,
            boards: vec![subject],
            reserves: vec![],
        };
        let roster = team::Roster::new(vec![team]).unwrap();
        let team_scope = ContactScope {
            arbiter: false,
            context: ContactContext::Team(&roster),
        };
        assert!(!may_see_contacts(opponent, false, subject, &[team_scope]));
        assert!(may_see_contacts(captain, false, subject, &[team_scope]));
        assert!(may_see_contacts(opponent, true, subject, &[team_scope]));
        let arbiter_scope = ContactScope {
            arbiter: true,
            ..team_scope
        };
        assert!(may_see_contacts(opponent, false, subject, &[arbiter_scope]));
        let partners = [opponent];
        let individual = ContactScope {
            arbiter: false,
            context: ContactContext::Individual {
                current_partners: &partners,
            },
        };
        assert!(may_see_contacts(opponent, false, subject, &[individual]));
        assert!(!may_see_contacts(captain, false, subject, &[individual]));
        assert!(!may_see_contacts(opponent, false, subject, &[]));
        assert!(may_see_contacts(subject, false, subject, &[]));
    }
}
