//! A player's games' inputs read at once ([`Tx::player_games_data`]) and
//! grouped by game, so `/games` and the digest read a constant number of
//! statements whatever the number of games (issue 24).

use std::collections::{HashMap, HashSet};

use crate::store::{
    Event, EventId, GameId, GameRecord, LeaveRecord, MoveRow, Player, PlayerGamesData, PlayerId,
    PostalPly,
};

use crate::app::view::leave_time::{GameLeaves, game_leaves_from};

/// The inputs of a player's games, by game.
#[derive(Debug, Default)]
pub(crate) struct GamesInputs {
    opponents: HashMap<PlayerId, Player>,
    events: HashMap<EventId, Event>,
    moves: HashMap<GameId, Vec<MoveRow>>,
    plies: HashMap<GameId, Vec<PostalPly>>,
    leaves: HashMap<PlayerId, Vec<LeaveRecord>>,
    adjustments: HashMap<(GameId, PlayerId), i64>,
    with_cards: HashSet<GameId>,
}

impl GamesInputs {
    /// Groups what the store read.
    pub(crate) fn new(data: PlayerGamesData) -> Self {
        let mut inputs = Self {
            opponents: data.opponents.into_iter().map(|p| (p.id, p)).collect(),
            events: data.events.into_iter().map(|e| (e.id, e)).collect(),
            adjustments: data
                .adjustments
                .into_iter()
                .map(|(game, player, days)| ((game, player), days))
                .collect(),
            with_cards: data.with_cards.into_iter().collect(),
            ..Self::default()
        };
        for (game, row) in data.moves {
            inputs.moves.entry(game).or_default().push(row);
        }
        for (game, ply) in data.postal_plies {
            inputs.plies.entry(game).or_default().push(ply);
        }
        for leave in data.leaves {
            inputs
                .leaves
                .entry(leave.player_id)
                .or_default()
                .push(leave);
        }
        inputs
    }

    /// A player of the games (an opponent).
    pub(crate) fn player(&self, id: PlayerId) -> Option<&Player> {
        self.opponents.get(&id)
    }

    /// A game's event.
    pub(crate) fn event(&self, id: EventId) -> Option<&Event> {
        self.events.get(&id)
    }

    /// A game's moves, in order.
    pub(crate) fn moves(&self, game: GameId) -> &[MoveRow] {
        self.moves.get(&game).map_or(&[], Vec::as_slice)
    }

    /// A game's postal dates (R2.2).
    pub(crate) fn plies(&self, game: GameId) -> &[PostalPly] {
        self.plies.get(&game).map_or(&[], Vec::as_slice)
    }

    /// Whether a game is kept by cards (R2.2).
    pub(crate) fn has_cards(&self, game: GameId) -> bool {
        self.with_cards.contains(&game)
    }

    /// Both players' leave and the arbiter's days in `game`, as
    /// [`crate::app::view::leave_time::game_leaves`] reads them.
    pub(crate) fn leaves(&self, game: &GameRecord, event: &Event) -> GameLeaves {
        let shared = event.regulation.rule_set.shares_leave();
        let of = |player: PlayerId| self.leaves.get(&player).map_or(&[][..], Vec::as_slice);
        let offset = |player: PlayerId| {
            self.adjustments
                .get(&(game.id, player))
                .copied()
                .unwrap_or(0)
        };
        game_leaves_from(
            game,
            shared,
            [of(game.white), of(game.black)],
            [offset(game.white), offset(game.black)],
        )
    }
}
