//! An event's final table as its end announces it (R1.1): the players'
//! table of an individual event, the teams' of a team event (R3.1.3).

use crate::app::notice::EventEnd;
use crate::app::view::knockout::KnockoutTable;
use crate::app::view::standings::{Table, table_of};
use crate::app::view::team_standings::{TeamTable, team_table_of};
use crate::store::{Event, PlayerId, StoreError, Tx};

/// The table an event's end shows.
pub(crate) enum FinalTable {
    /// An individual event's players.
    Players(Table),
    /// A team event's teams.
    Teams(TeamTable),
    /// A knock-out event's players, by the round each went out in
    /// (issue 40).
    Knockout(KnockoutTable),
}

impl FinalTable {
    /// The final table of `event`, the teams' for a team event.
    pub(crate) async fn of(tx: &mut Tx, event: Event) -> Result<Self, StoreError> {
        Ok(if event.is_team {
            Self::Teams(team_table_of(tx, &event).await?)
        } else if let Some(table) = KnockoutTable::of(tx, event.clone()).await? {
            Self::Knockout(table)
        } else {
            Self::Players(table_of(tx, event).await?)
        })
    }

    /// The event's players: the entrants, or every team's players.
    pub(crate) fn players(&self) -> Vec<PlayerId> {
        match self {
            Self::Players(table) => table.players.clone(),
            Self::Teams(table) => table.players.iter().map(|p| p.player).collect(),
            Self::Knockout(table) => table.players.clone(),
        }
    }

    /// The end as `reader` reads it: with their own result (and rating
    /// change) if they played.
    pub(crate) async fn end_for(
        &self,
        tx: &mut Tx,
        reader: PlayerId,
    ) -> Result<EventEnd, StoreError> {
        let end = self.end();
        let rating = tx.event_rating_change(end.event, reader).await?;
        let own = match self {
            Self::Players(table) => table.own_result(reader, rating),
            Self::Teams(table) => table.own_result(reader, rating),
            Self::Knockout(table) => table.own_result(reader, rating),
        };
        Ok(end.for_player(own))
    }

    /// The end as the arbiters and the channel read it: no own result.
    pub(crate) fn end(&self) -> EventEnd {
        match self {
            Self::Players(table) => table.event_end(),
            Self::Teams(table) => table.event_end(),
            Self::Knockout(table) => table.event_end(),
        }
    }
}
