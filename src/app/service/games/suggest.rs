//! Read-only suggestions for platforms that complete what a user types
//! (Discord autocomplete): the legal moves of the games where it is the
//! user's turn, written in the user's notation, and the user's running games.
//! No rule is decided here: the moves come from the game record (core).

use shakmaty::Position;

use crate::app::actor::{lang_of, notation_of};
use crate::app::i18n::Lang;
use crate::core::notation;
use crate::store::{GameId, GameRecord, GameStatus, Platform, PlayerId, Tx};

use crate::app::service::App;
use crate::app::view::game::{colour_of, replay, side_to_move};

/// One suggested move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveSuggestion {
    /// The game it is a move in.
    pub game: GameId,
    /// The move in the user's notation (`Кg1-f3`).
    pub text: String,
}

/// One of the user's running games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSuggestion {
    /// The game's number.
    pub game: GameId,
    /// White's display name.
    pub white: String,
    /// Black's display name.
    pub black: String,
    /// Whether it is the user's turn.
    pub your_turn: bool,
    /// The user's language, for labelling the game.
    pub lang: Lang,
}

impl App {
    /// The legal moves starting with `prefix` (case-insensitively) in the
    /// game `game`, or in every game where it is the user's turn, at most
    /// `limit` of them. Unknown users and games not theirs get none.
    pub async fn move_suggestions(
        &self,
        (platform, user_id): (Platform, &str),
        game: Option<i64>,
        prefix: &str,
        limit: usize,
    ) -> anyhow::Result<Vec<MoveSuggestion>> {
        let mut tx = self.db.read().await?;
        let Some(account) = tx.account(platform, user_id).await? else {
            return Ok(Vec::new());
        };
        let player = tx.player(account.player_id).await?;
        let prefix = prefix.trim().to_lowercase();
        let mut found = Vec::new();
        for game in games_to_move(&mut tx, player.id, game).await? {
            let rows = tx.moves(game.id).await?;
            let record = replay(&game, &rows)?;
            let position = record.position();
            let legal = position.legal_moves();
            let written = legal
                .iter()
                .map(|mv| notation::write(position, mv, notation_of(&player)))
                .filter(|text| text.to_lowercase().starts_with(&prefix));
            found.extend(written.map(|text| MoveSuggestion {
                game: game.id,
                text,
            }));
            if found.len() >= limit {
                break;
            }
        }
        tx.commit().await?;
        found.truncate(limit);
        Ok(found)
    }

    /// The user's running games, oldest first.
    pub async fn game_suggestions(
        &self,
        (platform, user_id): (Platform, &str),
    ) -> anyhow::Result<Vec<GameSuggestion>> {
        let mut tx = self.db.read().await?;
        let Some(account) = tx.account(platform, user_id).await? else {
            return Ok(Vec::new());
        };
        let me = account.player_id;
        let lang = lang_of(&tx.player(me).await?);
        let mut found = Vec::new();
        for game in running_games(&mut tx, me).await? {
            found.push(GameSuggestion {
                game: game.id,
                white: tx.player(game.white).await?.display_name,
                black: tx.player(game.black).await?.display_name,
                your_turn: colour_of(&game, me) == Some(side_to_move(&game)),
                lang,
            });
        }
        tx.commit().await?;
        Ok(found)
    }
}

async fn running_games(tx: &mut Tx, player: PlayerId) -> anyhow::Result<Vec<GameRecord>> {
    let games = tx.active_games_of(player).await?;
    Ok(games
        .into_iter()
        .filter(|g| g.status == GameStatus::Running)
        .collect())
}

/// The running games of `player` where it is their turn (only `only`, if given).
async fn games_to_move(
    tx: &mut Tx,
    player: PlayerId,
    only: Option<i64>,
) -> anyhow::Result<Vec<GameRecord>> {
    let games = running_games(tx, player).await?;
    Ok(games
        .into_iter()
        .filter(|g| only.is_none_or(|n| g.id.0 == n))
        .filter(|g| colour_of(g, player) == Some(side_to_move(g)))
        .collect())
}
