//! Team events: teams, their captains and board order, team matches and team
//! round robins, team standings, substitutions, and who hears of a player's
//! reports first (R3.1.3, R3.1.4, R3.3.2, R3.4.4, R3.4.5).
//!
//! A team has a captain (R3.1.3), who deals with the arbiter for the team's
//! players, and optionally a deputy who may act for the captain. Its players
//! are listed in board order (board 1 first) followed by its reserves.

mod pairing;
mod routing;
mod standings;
mod substitution;

pub use pairing::{BoardPairing, TeamMatch, first_named_has_white, pair_match, team_round_robin};
pub use routing::{
    ContactContext, Escalation, Recipient, ReportKind, ReportRouting, Viewer, may_see_contacts,
    route_report,
};
pub use standings::{BoardScore, MatchPoints, TeamMatchScore, TeamStanding, team_standings};
pub use substitution::{BoardGame, BoardGameStatus, Substitution, SubstitutionError, substitute};

use serde::{Deserialize, Serialize};

/// A person known to the bot (player, captain, arbiter …) as the rules see
/// them: the number of the store's `PlayerId`. The core's handles are called
/// keys (`PersonKey`, [`GameKey`], [`TeamKey`]) so that they are never taken
/// for the store's ids; the app converts between the two.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct PersonKey(pub u64);

/// A game as the rules see it: the number of the store's `GameId` (shared
/// with [`crate::core::case`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct GameKey(pub u64);

/// A team of an event as the rules see it: the number of the store's `TeamId`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct TeamKey(pub u64);

/// Why a team or an event's roster was refused. Data, not prose.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TeamError {
    /// A team needs at least one board.
    #[error("the team has no boards")]
    NoBoards,
    /// The same player is listed twice (boards and reserves together).
    #[error("player {0:?} is listed twice in the team")]
    DuplicatePlayer(PersonKey),
    /// The deputy must be someone other than the captain.
    #[error("the deputy is the captain")]
    DeputyIsCaptain,
    /// A player is listed in two teams of the same event.
    #[error("player {player:?} is in two teams of the event")]
    PlayerInTwoTeams {
        /// The player.
        player: PersonKey,
    },
    /// Two teams of the event share an id.
    #[error("team {0:?} appears twice")]
    DuplicateTeam(TeamKey),
    /// No team of the event has this id.
    #[error("team {0:?} is not in the event")]
    UnknownTeam(TeamKey),
    /// The two teams of a match field different numbers of boards.
    #[error("the teams field {first} and {second} boards")]
    BoardCountMismatch {
        /// Boards of the first-named team.
        first: usize,
        /// Boards of the second-named team.
        second: usize,
    },
}

/// A team: its captain (R3.1.3), an optional deputy, its players in board
/// order (board 1 first) and its reserves. The captain and the deputy may be
/// players of the team or not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    /// The team's id.
    pub id: TeamKey,
    /// The team's name as shown in tables.
    pub name: String,
    /// The captain (R3.1.3).
    pub captain: PersonKey,
    /// The deputy captain, who may act for the captain.
    pub deputy: Option<PersonKey>,
    /// The players in board order: `boards[0]` plays board 1.
    pub boards: Vec<PersonKey>,
    /// Reserves, who may replace a board's player by the arbiter's ruling.
    pub reserves: Vec<PersonKey>,
}

impl Team {
    /// A team, checked: at least one board, nobody listed twice, and a
    /// deputy other than the captain.
    pub fn new(
        id: TeamKey,
        name: impl Into<String>,
        captain: PersonKey,
        deputy: Option<PersonKey>,
        boards: Vec<PersonKey>,
        reserves: Vec<PersonKey>,
    ) -> Result<Team, TeamError> {
        let team = Team {
            id,
            name: name.into(),
            captain,
            deputy,
            boards,
            reserves,
        };
        team.validate()?;
        Ok(team)
    }

    /// Checks the invariants that [`Team::new`] establishes.
    pub fn validate(&self) -> Result<(), TeamError> {
        if self.boards.is_empty() {
            return Err(TeamError::NoBoards);
        }
        if self.deputy == Some(self.captain) {
            return Err(TeamError::DeputyIsCaptain);
        }
        let members: Vec<PersonKey> = self.members().collect();
        for (index, player) in members.iter().enumerate() {
            if members[..index].contains(player) {
                return Err(TeamError::DuplicatePlayer(*player));
            }
        }
        Ok(())
    }

    /// Every player of the team: boards in order, then reserves.
    pub fn members(&self) -> impl Iterator<Item = PersonKey> + '_ {
        self.boards.iter().chain(&self.reserves).copied()
    }

    /// True if `player` plays a board or is a reserve of the team.
    pub fn has_member(&self, player: PersonKey) -> bool {
        self.members().any(|member| member == player)
    }

    /// The board (from 1) that `player` plays, if any.
    pub fn board_of(&self, player: PersonKey) -> Option<u32> {
        let index = self.boards.iter().position(|&p| p == player)?;
        Some(index as u32 + 1)
    }

    /// True if `person` is the captain or the deputy (R3.1.3).
    pub fn is_captain_or_deputy(&self, person: PersonKey) -> bool {
        self.captain == person || self.deputy == Some(person)
    }
}

/// The teams of one event, with the captain relation the app needs.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Roster {
    teams: Vec<Team>,
}

impl Roster {
    /// The roster of an event, checked: every team valid, no team id twice
    /// and no player in two teams.
    pub fn new(teams: Vec<Team>) -> Result<Roster, TeamError> {
        for (index, team) in teams.iter().enumerate() {
            team.validate()?;
            let earlier = &teams[..index];
            if earlier.iter().any(|other| other.id == team.id) {
                return Err(TeamError::DuplicateTeam(team.id));
            }
            if let Some(player) = team
                .members()
                .find(|&p| earlier.iter().any(|other| other.has_member(p)))
            {
                return Err(TeamError::PlayerInTwoTeams { player });
            }
        }
        Ok(Roster { teams })
    }

    /// The teams, in the order given.
    pub fn teams(&self) -> &[Team] {
        &self.teams
    }

    /// The team with id `team`.
    pub fn team(&self, team: TeamKey) -> Option<&Team> {
        self.teams.iter().find(|t| t.id == team)
    }

    /// The captain of `team` (R3.1.3).
    pub fn captain_of(&self, team: TeamKey) -> Option<PersonKey> {
        self.team(team).map(|t| t.captain)
    }

    /// The deputy of `team`, if it has one.
    pub fn deputy_of(&self, team: TeamKey) -> Option<PersonKey> {
        self.team(team).and_then(|t| t.deputy)
    }

    /// The team `player` plays for (board or reserve). A captain who does
    /// not play belongs to no team here: see [`Roster::is_captain_or_deputy`].
    pub fn team_of(&self, player: PersonKey) -> Option<TeamKey> {
        self.teams
            .iter()
            .find(|t| t.has_member(player))
            .map(|t| t.id)
    }

    /// True if `person` is the captain or the deputy of `team` (R3.1.3).
    pub fn is_captain_or_deputy(&self, person: PersonKey, team: TeamKey) -> bool {
        self.team(team)
            .is_some_and(|t| t.is_captain_or_deputy(person))
    }

    /// The teams `person` captains or deputises for.
    pub fn teams_led_by(&self, person: PersonKey) -> Vec<TeamKey> {
        self.teams
            .iter()
            .filter(|t| t.is_captain_or_deputy(person))
            .map(|t| t.id)
            .collect()
    }

    /// Replaces the team with the same id (as after a [`substitute`]); the
    /// roster is checked again and left unchanged if refused.
    pub fn replace_team(&mut self, team: Team) -> Result<(), TeamError> {
        let mut teams = self.teams.clone();
        let slot = teams
            .iter_mut()
            .find(|t| t.id == team.id)
            .ok_or(TeamError::UnknownTeam(team.id))?;
        *slot = team;
        *self = Roster::new(teams)?;
        Ok(())
    }
}
