//! Notices to members who follow a game (issue 41), privately, queued in
//! the transaction of the move or result that causes them: each move to
//! those who follow its moves, the end to every follower. The game's
//! players and anyone already told the result privately get no second
//! notice. An event's public delay (`public-delay=N`) holds each move back
//! from a follower who may not see held moves
//! ([`Action::SeeHeldMoves`]), as from the game's thread, until N more
//! moves are played or the game ends; the end is never held, and the moves
//! held go out before it.

use chrono::{DateTime, Utc};

use crate::app::authz::{self, Action, Relation};
use crate::app::failure::Failure;
use crate::app::notice::{FollowNotice, FollowedGame, Notice};
use crate::app::view::public_delay::event_delay;
use crate::store::{Event, GameRecord, NoticeRecipient, PlayerId, Role, Tx};

/// The game's number, event and players' names, as a notice names them.
async fn followed(tx: &mut Tx, game: &GameRecord, event: String) -> Result<FollowedGame, Failure> {
    Ok(FollowedGame {
        game: game.id,
        event,
        white: tx.player(game.white).await?.display_name,
        black: tx.player(game.black).await?.display_name,
    })
}

/// Queues `notice` to `player` privately.
async fn send(
    tx: &mut Tx,
    player: PlayerId,
    notice: &Notice,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let payload = serde_json::to_value(notice).map_err(|e| Failure::Internal(e.into()))?;
    let to = NoticeRecipient::Player(player);
    tx.enqueue_notice(&to, notice.kind(), &payload, now).await?;
    Ok(())
}

/// Whether `player` sees the moves `event`'s public delay holds back: an
/// administrator, or the event's organizer or arbiter (the game's players
/// are never followers).
async fn sees_held_moves(tx: &mut Tx, player: PlayerId, event: &Event) -> Result<bool, Failure> {
    let mut relations = vec![Relation::Outsider];
    for grant in tx.roles_of(player).await? {
        let here = grant.event_id == Some(event.id);
        match grant.role {
            Role::Administrator => relations.push(Relation::Administrator),
            Role::Organizer if here => relations.push(Relation::Organizer),
            Role::Arbiter if here || grant.event_id.is_none() => {
                relations.push(Relation::Arbiter);
            }
            _ => {}
        }
    }
    Ok(authz::allows(Action::SeeHeldMoves, &relations))
}

/// A move was made: the opponent's [`Notice::MoveMade`] becomes a
/// [`FollowNotice::Moved`] to each member who follows the game's moves
/// (other notices are ignored).
pub(crate) async fn move_made(
    tx: &mut Tx,
    game: &GameRecord,
    notice: &Notice,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let Notice::MoveMade {
        event,
        move_number,
        mv,
        ply,
        ends_game,
        ..
    } = notice
    else {
        return Ok(());
    };
    let followers = tx
        .game_followers(game.id, game.event_id, (game.white, game.black))
        .await?;
    let movers: Vec<PlayerId> = followers
        .0
        .iter()
        .filter(|(_, moves)| *moves)
        .map(|(player, _)| *player)
        .collect();
    if movers.is_empty() {
        return Ok(());
    }
    let record = tx.event(game.event_id).await?;
    let delay = i64::from(event_delay(tx, &record).await?);
    let moved = Notice::Follow(FollowNotice::Moved {
        of: followed(tx, game, event.clone()).await?,
        move_number: *move_number,
        mv: mv.clone(),
        ply: *ply,
    });
    let held = match ply {
        Some(ply) if delay > 0 && !*ends_game => Some(*ply),
        _ => None,
    };
    if held.is_none() {
        // The last move goes out after every move held before it.
        tx.release_thread_notices(game.id, None, now).await?;
    }
    let payload = serde_json::to_value(&moved).map_err(|e| Failure::Internal(e.into()))?;
    for player in movers {
        match held {
            Some(ply) if !sees_held_moves(tx, player, &record).await? => {
                let to = NoticeRecipient::Player(player);
                tx.hold_thread_notice((game.id, ply), &to, (moved.kind(), &payload), now)
                    .await?;
            }
            _ => send(tx, player, &moved, now).await?,
        }
    }
    if let Some(ply) = held {
        tx.release_thread_notices(game.id, Some(ply - delay), now)
            .await?;
    }
    Ok(())
}

/// A game ended (R3.1.6): its [`Notice::GameOver`] becomes a
/// [`FollowNotice::Ended`] to every follower not among `told` (other
/// notices are ignored), after the moves the public delay held back.
pub(crate) async fn game_ended(
    tx: &mut Tx,
    game: &GameRecord,
    notice: &Notice,
    told: &[PlayerId],
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    tx.release_thread_notices(game.id, None, now).await?;
    let Notice::GameOver { score, reason, .. } = notice else {
        return Ok(());
    };
    let followers = tx
        .game_followers(game.id, game.event_id, (game.white, game.black))
        .await?;
    let to: Vec<PlayerId> = followers
        .0
        .iter()
        .map(|(player, _)| *player)
        .filter(|player| !told.contains(player))
        .collect();
    if to.is_empty() {
        return Ok(());
    }
    let event = tx.event(game.event_id).await?.name;
    let ended = Notice::Follow(FollowNotice::Ended {
        of: followed(tx, game, event).await?,
        score: score.clone(),
        reason: reason.clone(),
    });
    for player in to {
        send(tx, player, &ended, now).await?;
    }
    Ok(())
}
