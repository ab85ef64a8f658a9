//! The transitions of a [`Case`], each checked.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{
    Appeal, AppealDecision, AppealError, Case, CaseActor, CaseEntry, CaseError, CaseKind, CaseRole,
    CaseState, CaseTransition, Decision, EntryKind, Receipt, Ruling, RulingError, StateChange,
    appeal_deadline, may_appeal, may_object,
};
use crate::core::team::{Escalation, GameKey, PersonKey, Roster, route_report};

/// What is needed to open a case.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewCase {
    /// What it is about.
    pub kind: CaseKind,
    /// The player raising it; `None` when the bot opens it.
    pub raised_by: Option<PersonKey>,
    /// The other players it is about (the partner in a dispute or an
    /// overstep claim; the silent player in a case the bot opens).
    pub accused: Vec<PersonKey>,
    /// The partner in the game, when not a party (a failure report, a
    /// request for leave).
    pub opponent: Option<PersonKey>,
    /// The game concerned, if any.
    pub game: Option<GameKey>,
    /// When.
    pub at: DateTime<Utc>,
}

/// The appeals committee's decision (R2.1.6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum AppealOutcome {
    /// The arbiter's ruling stands.
    Upheld,
    /// The ruling is replaced by these measures.
    Replaced(Vec<Ruling>),
}

impl Case {
    /// Opens a case. A person raises the kinds a person raises and the bot
    /// opens the others ([`CaseKind::opened_by_bot`]). In a team event
    /// (`roster` given) a dispute or a failure report goes to the captains
    /// first (R3.1.4, R3.4.5); everything else starts open for the arbiter.
    pub fn open(new: NewCase, roster: Option<&Roster>) -> Result<Case, CaseError> {
        if new.kind.opened_by_bot() != new.raised_by.is_none() {
            return Err(CaseError::WrongOpener { kind: new.kind });
        }
        let mut parties: Vec<PersonKey> = new.raised_by.into_iter().collect();
        for player in new.accused {
            if !parties.contains(&player) {
                parties.push(player);
            }
        }
        if parties.is_empty() {
            return Err(CaseError::NoParty);
        }
        let mut state = CaseState::Open;
        let mut captain_teams = Vec::new();
        if let (Some(report), Some(raiser), Some(roster)) =
            (new.kind.report_kind(), new.raised_by, roster)
        {
            let partner = new.opponent.or_else(|| parties.get(1).copied());
            let routing = route_report(report, raiser, partner.unwrap_or(raiser), Some(roster));
            if routing.arbiter == Escalation::WhenCaptainForwards {
                state = CaseState::WithCaptains;
                captain_teams = routing.captain_teams().collect();
            }
        }
        let by = new.raised_by.map_or(CaseActor::Bot, CaseActor::Person);
        Ok(Case {
            kind: new.kind,
            state,
            raised_by: new.raised_by,
            parties,
            opponent: new.opponent,
            game: new.game,
            captain_teams,
            opened_at: new.at,
            zone: None,
            history: vec![StateChange {
                from: state,
                to: state,
                by,
                at: new.at,
            }],
            entries: Vec::new(),
            decision: None,
            receipts: Vec::new(),
            appeal: None,
            appeal_decision: None,
        })
    }

    /// The arbiter takes up an open case.
    pub fn take_up(&mut self, arbiter: PersonKey, at: DateTime<Utc>) -> Result<(), CaseError> {
        self.expect(&[CaseState::Open], CaseTransition::TakeUp)?;
        self.move_to(CaseState::WithArbiter, CaseActor::Person(arbiter), at);
        Ok(())
    }

    /// A captain (or deputy) of a team handling the case passes it to the
    /// arbiter (R3.1.4, R3.4.5).
    pub fn forward_to_arbiter(
        &mut self,
        captain: PersonKey,
        at: DateTime<Utc>,
        roster: &Roster,
    ) -> Result<(), CaseError> {
        self.expect(&[CaseState::WithCaptains], CaseTransition::Forward)?;
        self.expect_handling_captain(captain, roster)?;
        self.move_to(CaseState::WithArbiter, CaseActor::Person(captain), at);
        Ok(())
    }

    /// The captains settled the matter between them (R3.1.4): closed.
    pub fn settle_by_captains(
        &mut self,
        captain: PersonKey,
        at: DateTime<Utc>,
        roster: &Roster,
    ) -> Result<(), CaseError> {
        self.expect(&[CaseState::WithCaptains], CaseTransition::Settle)?;
        self.expect_handling_captain(captain, roster)?;
        self.move_to(CaseState::Closed, CaseActor::Person(captain), at);
        Ok(())
    }

    /// A player of the case's game whom the ruling sanctions becomes a
    /// party: the ruling reaches them and they may appeal it (R2.1.5,
    /// R2.1.6). A party already is one.
    pub fn admit_party(&mut self, player: PersonKey) {
        if !self.parties.contains(&player) {
            self.parties.push(player);
        }
    }

    /// The player who raised the case withdraws it before the ruling.
    pub fn withdraw(&mut self, player: PersonKey, at: DateTime<Utc>) -> Result<(), CaseError> {
        use CaseState as S;
        self.expect(
            &[S::Open, S::WithCaptains, S::WithArbiter],
            CaseTransition::Withdraw,
        )?;
        if self.raised_by != Some(player) {
            return Err(CaseError::NotTheRaiser { person: player });
        }
        self.move_to(S::Closed, CaseActor::Person(player), at);
        Ok(())
    }

    /// The arbiter rules: at least one measure, each valid.
    pub fn rule(&mut self, decision: Decision) -> Result<(), CaseError> {
        self.expect(&[CaseState::WithArbiter], CaseTransition::Rule)?;
        validate_all(&decision.rulings)?;
        self.move_to(
            CaseState::Ruled,
            CaseActor::Person(decision.by),
            decision.at,
        );
        self.decision = Some(decision);
        Ok(())
    }

    /// Records when `party` received the ruling; the first receipt counts.
    pub fn receive_ruling(&mut self, party: PersonKey, at: DateTime<Utc>) -> Result<(), CaseError> {
        if self.decision.is_none() {
            return Err(self.wrong_state(CaseTransition::Receive));
        }
        self.expect_party(party)?;
        if self.receipt_of(party).is_none() {
            self.receipts.push(Receipt { party, at });
        }
        Ok(())
    }

    /// When `party` received the ruling, if recorded.
    pub fn receipt_of(&self, party: PersonKey) -> Option<DateTime<Utc>> {
        self.receipts
            .iter()
            .find(|r| r.party == party)
            .map(|r| r.at)
    }

    /// A party appeals the ruling to the committee within 14 days of
    /// receiving it (R2.1.6). A party with no receipt recorded is taken to
    /// receive the ruling now. The committee's decision is final.
    pub fn lodge_appeal(
        &mut self,
        party: PersonKey,
        at: DateTime<Utc>,
        grounds: impl Into<String>,
    ) -> Result<(), CaseError> {
        if self.appeal_decision.is_some() {
            return Err(AppealError::DecisionFinal.into());
        }
        self.expect(&[CaseState::Ruled], CaseTransition::Appeal)?;
        self.expect_party(party)?;
        let received = self.receipt_of(party).unwrap_or(at);
        may_appeal(at, received, self.zone())?;
        if self.receipt_of(party).is_none() {
            self.receipts.push(Receipt { party, at });
        }
        self.appeal = Some(Appeal {
            by: party,
            at,
            grounds: grounds.into(),
        });
        self.move_to(CaseState::UnderAppeal, CaseActor::Person(party), at);
        Ok(())
    }

    /// The committee decides the appeal; the decision is final (R2.1.6).
    pub fn decide_appeal(
        &mut self,
        member: PersonKey,
        at: DateTime<Utc>,
        outcome: AppealOutcome,
        why: impl Into<String>,
    ) -> Result<(), CaseError> {
        self.expect(&[CaseState::UnderAppeal], CaseTransition::DecideAppeal)?;
        if let AppealOutcome::Replaced(rulings) = &outcome {
            validate_all(rulings)?;
        }
        self.appeal_decision = Some(AppealDecision {
            outcome,
            by: member,
            at,
            why: why.into(),
        });
        self.move_to(CaseState::Closed, CaseActor::Person(member), at);
        Ok(())
    }

    /// The arbiter closes a ruled case once every party has received the
    /// ruling and every appeal window has closed (R2.1.6).
    pub fn close(&mut self, arbiter: PersonKey, now: DateTime<Utc>) -> Result<(), CaseError> {
        self.expect(&[CaseState::Ruled], CaseTransition::Close)?;
        for &party in &self.parties {
            let received = self
                .receipt_of(party)
                .ok_or(CaseError::NotReceived { party })?;
            let until = appeal_deadline(received, self.zone());
            if now < until {
                return Err(CaseError::AppealWindowOpen { party, until });
            }
        }
        self.move_to(CaseState::Closed, CaseActor::Person(arbiter), now);
        Ok(())
    }

    /// A statement for the record by a party or a captain (or deputy) of a
    /// party's team, while the case is not closed.
    pub fn add_statement(
        &mut self,
        author: PersonKey,
        at: DateTime<Utc>,
        text: impl Into<String>,
        roster: Option<&Roster>,
    ) -> Result<(), CaseError> {
        if self.state == CaseState::Closed {
            return Err(self.wrong_state(CaseTransition::AddStatement));
        }
        let role = self.role_of(author, false, false, roster);
        if !matches!(role, CaseRole::Party | CaseRole::Captain) {
            return Err(CaseError::NotAParty { person: author });
        }
        self.push_entry(author, at, EntryKind::Statement, text.into());
        Ok(())
    }

    /// The accused player's reasoned objection to an overstep claim, within
    /// 7 days of being told of it at `notified_at` (R2.6.4), while the claim
    /// is pending. Recorded as a statement.
    pub fn lodge_objection(
        &mut self,
        player: PersonKey,
        at: DateTime<Utc>,
        notified_at: DateTime<Utc>,
        reasons: impl Into<String>,
    ) -> Result<(), CaseError> {
        if self.kind != CaseKind::OverstepClaim {
            return Err(CaseError::WrongKind { kind: self.kind });
        }
        use CaseState as S;
        self.expect(
            &[S::Open, S::WithCaptains, S::WithArbiter],
            CaseTransition::Object,
        )?;
        if self.raised_by == Some(player) {
            return Err(CaseError::NotAParty { person: player });
        }
        self.expect_party(player)?;
        may_object(at, notified_at, self.zone())?;
        self.push_entry(player, at, EntryKind::Statement, reasons.into());
        Ok(())
    }

    /// An arbiter's note, private (arbiters only) or shared with the parties.
    /// The app checks that `arbiter` is an arbiter of the event.
    pub fn add_note(
        &mut self,
        arbiter: PersonKey,
        at: DateTime<Utc>,
        text: impl Into<String>,
        private: bool,
    ) {
        let kind = if private {
            EntryKind::PrivateNote
        } else {
            EntryKind::SharedNote
        };
        self.push_entry(arbiter, at, kind, text.into());
    }

    /// `person`'s relation to the case, strongest first: arbiter, committee
    /// member (both as the app knows them), party, captain or deputy of a
    /// party's team or of a team handling the case, the game's partner,
    /// outsider.
    pub fn role_of(
        &self,
        person: PersonKey,
        is_arbiter: bool,
        is_committee: bool,
        roster: Option<&Roster>,
    ) -> CaseRole {
        if is_arbiter {
            CaseRole::Arbiter
        } else if is_committee {
            CaseRole::Committee
        } else if self.parties.contains(&person) {
            CaseRole::Party
        } else if roster.is_some_and(|r| self.is_captain_for(person, r)) {
            CaseRole::Captain
        } else if self.opponent == Some(person) {
            CaseRole::Opponent
        } else {
            CaseRole::Outsider
        }
    }

    fn is_captain_for(&self, person: PersonKey, roster: &Roster) -> bool {
        let party_teams = self.parties.iter().filter_map(|&p| roster.team_of(p));
        self.captain_teams
            .iter()
            .copied()
            .chain(party_teams)
            .any(|team| roster.is_captain_or_deputy(person, team))
    }

    fn expect_handling_captain(&self, person: PersonKey, roster: &Roster) -> Result<(), CaseError> {
        let handles = self
            .captain_teams
            .iter()
            .any(|&team| roster.is_captain_or_deputy(person, team));
        if handles {
            Ok(())
        } else {
            Err(CaseError::NotACaptain { person })
        }
    }

    fn expect_party(&self, person: PersonKey) -> Result<(), CaseError> {
        if self.parties.contains(&person) {
            Ok(())
        } else {
            Err(CaseError::NotAParty { person })
        }
    }

    fn expect(&self, allowed: &[CaseState], action: CaseTransition) -> Result<(), CaseError> {
        if allowed.contains(&self.state) {
            Ok(())
        } else {
            Err(self.wrong_state(action))
        }
    }

    fn wrong_state(&self, action: CaseTransition) -> CaseError {
        CaseError::WrongState {
            state: self.state,
            action,
        }
    }

    fn move_to(&mut self, to: CaseState, by: CaseActor, at: DateTime<Utc>) {
        self.history.push(StateChange {
            from: self.state,
            to,
            by,
            at,
        });
        self.state = to;
    }

    fn push_entry(&mut self, author: PersonKey, at: DateTime<Utc>, kind: EntryKind, text: String) {
        self.entries.push(CaseEntry {
            author,
            at,
            kind,
            text,
        });
    }
}

fn validate_all(rulings: &[Ruling]) -> Result<(), CaseError> {
    if rulings.is_empty() {
        return Err(RulingError::Empty.into());
    }
    for ruling in rulings {
        ruling.validate()?;
    }
    Ok(())
}
