//! Which parts of a case each role sees.
//!
//! | part            | party | captain | opponent | arbiter | committee | outsider |
//! |-----------------|:-----:|:-------:|:--------:|:-------:|:---------:|:--------:|
//! | summary         |  yes  |   yes   |   yes    |   yes   |    yes    |    no    |
//! | statements      |  yes  |   yes   |    no    |   yes   |    yes    |    no    |
//! | rulings         |  yes  |   yes   |   yes    |   yes   |    yes    |    no    |
//! | appeal          |  yes  |   yes   |    no    |   yes   |    yes    |    no    |
//! | private notes   |  no   |   no    |    no    |   yes   |    no     |    no    |
//!
//! The opponent (the partner in the game who is not a party, for example in
//! a request for extra leave) sees that there is a case and how it was
//! ruled, since the ruling may change the game. Arbiters' private notes are
//! for arbiters only, not even for the appeals committee.

use serde::{Deserialize, Serialize};

/// A viewer's relation to a case, strongest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CaseRole {
    /// An arbiter of the event.
    Arbiter,
    /// A member of the appeals committee.
    Committee,
    /// A player the case is about (raiser or accused).
    Party,
    /// A captain or deputy of a party's team, or of a team handling the case.
    Captain,
    /// The partner in the game, not a party.
    Opponent,
    /// Anyone else.
    Outsider,
}

/// A part of a case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CasePart {
    /// Kind, state, game, parties and dates.
    Summary,
    /// What the parties, captains and arbiters wrote for the record.
    Statements,
    /// The arbiter's decisions and the committee's.
    Rulings,
    /// The appeal and its grounds.
    Appeal,
    /// Arbiters' private notes.
    PrivateNotes,
}

/// True if `role` may see `part` (see the module's table).
pub fn may_see(role: CaseRole, part: CasePart) -> bool {
    use CasePart as P;
    use CaseRole as R;
    match role {
        R::Arbiter => true,
        R::Committee | R::Party | R::Captain => part != P::PrivateNotes,
        R::Opponent => matches!(part, P::Summary | P::Rulings),
        R::Outsider => false,
    }
}
