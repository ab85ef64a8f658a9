//! The «Зробити хід на дошці» button beyond `/board` (issue [touch]):
//! under a move notice to the player whose turn it now is, and in a
//! private message after `/games` for each of the member's games in play.
//!
//! Both carry a pass, so both go to the player's private chat only: the
//! notice's button is made when the notice is delivered to the player
//! ([`move_notice_button`]; the outbox keeps the notice without it, and a
//! notice to a game thread or a channel never gets one), and the `/games`
//! links come as a private `board_link` reply, which is never stored.

use chrono::{DateTime, Utc};

use crate::app::actor::{Actor, lang_of};
use crate::app::i18n::{Args, tr, tr0};
use crate::app::outgoing::{Address, Button, Outgoing};
use crate::store::{
    Db, GameId, GameRecord, NoticeRecipient, OutboxNotice, PlayerId, StoreResult, Tx,
};

use super::{TouchKey, board_url, moves_in};

/// Where board links point and what signs them.
pub type TouchLinks<'a> = (&'a url::Url, &'a TouchKey);

/// Whether `player` is the one to move in `game` now (and may move in it).
pub fn to_move(game: &GameRecord, player: PlayerId) -> bool {
    let black_to_move = game.fen.split_whitespace().nth(1) == Some("b");
    let mover = if black_to_move {
        game.black
    } else {
        game.white
    };
    moves_in(game, player) && mover == player
}

/// Adds the board button to `message`, a move notice (`move_made`)
/// delivered to the private chat of the player it was for, when that
/// player is the one to move in its game at `now` (not when the move ended
/// the game, nor when the player has moved since). Any other notice,
/// recipient or address is left as it is.
pub async fn move_notice_button(
    db: &Db,
    links: Option<TouchLinks<'_>>,
    notice: &OutboxNotice,
    (address, message): (&Address, &mut Outgoing),
    now: DateTime<Utc>,
) -> StoreResult<()> {
    let Some((base, key)) = links else {
        return Ok(());
    };
    let NoticeRecipient::Player(player) = notice.recipient else {
        return Ok(());
    };
    if notice.kind != "move_made" || !matches!(address, Address::User { .. }) {
        return Ok(());
    }
    let Some(game) = notice
        .payload
        .get("game")
        .and_then(serde_json::Value::as_i64)
    else {
        return Ok(());
    };
    let mut tx = db.read().await?;
    let record = match tx.game(GameId(game)).await {
        Ok(record) => record,
        Err(crate::store::StoreError::NotFound { .. }) => return Ok(()),
        Err(other) => return Err(other),
    };
    let lang = lang_of(&tx.player(player).await?);
    tx.rollback().await?;
    if to_move(&record, player) {
        let url = board_url(base, key, player, record.id, now);
        message
            .buttons
            .push(Button::link(tr0(lang, "touch-button"), url));
    }
    Ok(())
}

/// The private message that follows `/games`: a board button for each of
/// the actor's games in play, when the site's address and the key are
/// known and there is such a game. Kind `board_link`, never stored.
pub async fn games_links_reply(
    tx: &mut Tx,
    links: Option<TouchLinks<'_>>,
    actor: &Actor,
    now: DateTime<Utc>,
) -> StoreResult<Option<Outgoing>> {
    let Some((base, key)) = links else {
        return Ok(None);
    };
    let player = actor.player.id;
    let mut games: Vec<GameRecord> = tx
        .active_games_of(player)
        .await?
        .into_iter()
        .filter(|game| moves_in(game, player))
        .collect();
    if games.is_empty() {
        return Ok(None);
    }
    // The games where it is the member's move first, as `/games` lists them.
    games.sort_by_key(|game| (!to_move(game, player), game.id.0));
    let lang = actor.lang();
    let buttons = games
        .iter()
        .map(|game| {
            let label = tr(
                lang,
                "touch-button-game",
                &Args::new().with("game", game.id.0),
            );
            Button::link(label, board_url(base, key, player, game.id, now))
        })
        .collect();
    let mut reply =
        Outgoing::of_kind("board_link", tr0(lang, "touch-games-links")).with_buttons(buttons);
    reply.private = true;
    Ok(Some(reply))
}
