//! Following (issue 41): `/follow` a game, an event, a player or one's
//! team, `/following` to list, `/unfollow` to stop. What followers are told
//! is queued by [`crate::app::notify::follow`].

mod target;

use chrono::{DateTime, Utc};

use crate::app::actor::Actor;
use crate::app::command::FollowWhat;
use crate::app::failure::{Outcome, refuse};
use crate::app::i18n::{Args, tr, tr0};
use crate::app::outgoing::Outgoing;
use crate::store::{Follow, FollowTarget, Followed, Tx};

/// The most things a member follows at once.
pub const MAX_FOLLOWS: i64 = 100;

/// `/follow TARGET [moves]`.
pub(crate) async fn follow(
    tx: &mut Tx,
    actor: &Actor,
    what: &FollowWhat,
    moves: bool,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let (target, target_id) = target::to_follow(tx, actor, what).await?;
    let asked = Follow {
        target,
        target_id,
        moves,
    };
    let done = tx.follow(actor.player.id, asked, MAX_FOLLOWS, now).await?;
    let words = target::words(tx, lang, (target, target_id)).await?;
    // One game has one result; an event, a player or a team has many.
    let scope = if target == FollowTarget::Game {
        "game"
    } else {
        "many"
    };
    let args = Args::new().with("target", words).with("scope", scope);
    let id = match (done, moves) {
        (Followed::Full, _) => {
            let args = Args::new().with("limit", MAX_FOLLOWS);
            return Err(refuse(lang, "error-follow-limit", &args));
        }
        (Followed::Already, true) => "reply-follow-already-moves",
        (Followed::Already, false) => "reply-follow-already",
        (Followed::Added | Followed::Changed, true) => "reply-follow-moves",
        (Followed::Added | Followed::Changed, false) => "reply-follow-end",
    };
    Ok(vec![Outgoing::text(tr(lang, id, &args))])
}

/// `/following`: what the member follows, oldest first.
pub(crate) async fn following(tx: &mut Tx, actor: &Actor) -> Outcome {
    let lang = actor.lang();
    let follows = tx.follows_of(actor.player.id).await?;
    if follows.is_empty() {
        return Ok(vec![Outgoing::text(tr0(lang, "reply-following-none"))]);
    }
    let count = i64::try_from(follows.len()).unwrap_or(i64::MAX);
    let mut lines = vec![tr(
        lang,
        "reply-following",
        &Args::new().with("count", count).with("limit", MAX_FOLLOWS),
    )];
    for follow in follows {
        let words = target::words(tx, lang, (follow.target, follow.target_id)).await?;
        let id = if follow.moves {
            "reply-following-line-moves"
        } else {
            "reply-following-line"
        };
        lines.push(tr(lang, id, &Args::new().with("target", words)));
    }
    Ok(vec![Outgoing::text(lines.join("\n"))])
}

/// `/unfollow TARGET|all`.
pub(crate) async fn unfollow(tx: &mut Tx, actor: &Actor, what: Option<&FollowWhat>) -> Outcome {
    let lang = actor.lang();
    let Some(what) = what else {
        let ended = tx.unfollow(actor.player.id, None).await?;
        let args = Args::new().with("count", i64::try_from(ended).unwrap_or(i64::MAX));
        return Ok(vec![Outgoing::text(tr(lang, "reply-unfollow-all", &args))]);
    };
    let target = target::to_unfollow(tx, actor, what).await?;
    let ended = tx.unfollow(actor.player.id, Some(target)).await?;
    let words = target::words(tx, lang, target).await?;
    let args = Args::new().with("target", words);
    let id = if ended > 0 {
        "reply-unfollow"
    } else {
        "reply-unfollow-not-followed"
    };
    Ok(vec![Outgoing::text(tr(lang, id, &args))])
}
