//! What a follow names: the game, event, player or team a member typed,
//! checked (it exists, the member may follow it), and its words for
//! replies and `/following`.

use crate::app::actor::Actor;
use crate::app::authz::{self, Action, Relation};
use crate::app::command::FollowWhat;
use crate::app::failure::{Failure, refuse};
use crate::app::i18n::{Args, Lang, tr};
use crate::app::service::people::names::player_named;
use crate::app::view::game::colour_of;
use crate::store::{
    EventId, EventStatus, FollowTarget, GameId, PlayerId, StoreError, TeamId, TeamRecord, Tx,
};

/// A followable thing, checked: its kind and key.
pub(super) type Target = (FollowTarget, i64);

/// The game `number`, which the member may see and does not play.
async fn game(tx: &mut Tx, actor: &Actor, number: GameId) -> Result<Target, Failure> {
    let lang = actor.lang();
    let args = Args::new().with("game", number);
    let game = match tx.game(number).await {
        Ok(game) => game,
        Err(StoreError::NotFound { .. }) => {
            return Err(refuse(lang, "error-unknown-game", &args));
        }
        Err(other) => return Err(other.into()),
    };
    if colour_of(&game, actor.player.id).is_some() {
        return Err(refuse(lang, "error-follow-own-game", &args));
    }
    // Games of events are public (their web pages); a game the member may
    // not view is not followed either.
    if !authz::allows(Action::ViewGame, &[Relation::Outsider]) {
        return Err(refuse(lang, "error-follow-not-visible", &args));
    }
    Ok((FollowTarget::Game, game.id.0))
}

/// The event `number`.
async fn event(tx: &mut Tx, lang: Lang, number: EventId) -> Result<Target, Failure> {
    match tx.event(number).await {
        Ok(event) => Ok((FollowTarget::Event, event.id.0)),
        Err(StoreError::NotFound { .. }) => Err(refuse(
            lang,
            "error-unknown-event",
            &Args::new().with("event", number),
        )),
        Err(other) => Err(other.into()),
    }
}

/// The player called `name`, not the member.
async fn player(tx: &mut Tx, actor: &Actor, name: &str) -> Result<Target, Failure> {
    let player = player_named(tx, actor.lang(), name).await?;
    if player == actor.player.id {
        return Err(refuse(actor.lang(), "error-follow-self", &Args::new()));
    }
    Ok((FollowTarget::Player, player.0))
}

/// The member's team: `number`, which must be theirs, or without it their
/// one team (of an event not finished, when they have several).
async fn team(tx: &mut Tx, actor: &Actor, number: Option<TeamId>) -> Result<Target, Failure> {
    let lang = actor.lang();
    let mine = tx.teams_of_member(actor.player.id).await?;
    if let Some(number) = number {
        return match mine.iter().find(|team| team.id == number) {
            Some(team) => Ok((FollowTarget::Team, team.id.0)),
            None if tx.team(number).await?.is_none() => Err(refuse(
                lang,
                "error-team-unknown",
                &Args::new().with("team", number),
            )),
            None => Err(refuse(
                lang,
                "error-follow-team-not-yours",
                &Args::new().with("team", number),
            )),
        };
    }
    let mut running = Vec::new();
    for team in &mine {
        if tx.event(team.event_id).await?.status != EventStatus::Finished {
            running.push(team);
        }
    }
    let candidates: Vec<&TeamRecord> = if running.is_empty() {
        mine.iter().collect()
    } else {
        running
    };
    match candidates.as_slice() {
        [] => Err(refuse(lang, "error-follow-no-team", &Args::new())),
        [one] => Ok((FollowTarget::Team, one.id.0)),
        several => {
            let list = several
                .iter()
                .map(|team| format!("#{} {}", team.id, team.name))
                .collect::<Vec<_>>()
                .join(", ");
            Err(refuse(
                lang,
                "error-follow-which-team",
                &Args::new().with("teams", list),
            ))
        }
    }
}

/// What `what` names, checked for following.
pub(super) async fn to_follow(
    tx: &mut Tx,
    actor: &Actor,
    what: &FollowWhat,
) -> Result<Target, Failure> {
    match what {
        FollowWhat::Game(number) => game(tx, actor, *number).await,
        FollowWhat::Event(number) => event(tx, actor.lang(), *number).await,
        FollowWhat::Player(name) => player(tx, actor, name).await,
        FollowWhat::Team(number) => team(tx, actor, *number).await,
    }
}

/// What `what` names, to stop following it: no checks but that a named
/// player exists (a vanished game or event is still unfollowed).
pub(super) async fn to_unfollow(
    tx: &mut Tx,
    actor: &Actor,
    what: &FollowWhat,
) -> Result<Target, Failure> {
    Ok(match what {
        FollowWhat::Game(number) => (FollowTarget::Game, number.0),
        FollowWhat::Event(number) => (FollowTarget::Event, number.0),
        FollowWhat::Player(name) => {
            let player = player_named(tx, actor.lang(), name).await?;
            (FollowTarget::Player, player.0)
        }
        FollowWhat::Team(Some(number)) => (FollowTarget::Team, number.0),
        FollowWhat::Team(None) => team(tx, actor, None).await?,
    })
}

/// The words for `target` in `lang`: `game #3 (Anna — Bob, Cup)`, `event
/// #2 "Cup"`, `every game of Anna`, `every game of team #4 "Lions"`.
pub(super) async fn words(tx: &mut Tx, lang: Lang, target: Target) -> Result<String, Failure> {
    let (kind, id) = target;
    let text = match kind {
        FollowTarget::Game => match tx.game(GameId(id)).await {
            Ok(game) => {
                let white = tx.player(game.white).await?.display_name;
                let black = tx.player(game.black).await?.display_name;
                let event = tx.event(game.event_id).await?.name;
                let args = Args::new()
                    .with("game", game.id)
                    .with("white", white)
                    .with("black", black)
                    .with("event", event);
                tr(lang, "follow-target-game", &args)
            }
            Err(StoreError::NotFound { .. }) => gone(lang, kind, id),
            Err(other) => return Err(other.into()),
        },
        FollowTarget::Event => match tx.event(EventId(id)).await {
            Ok(event) => {
                let args = Args::new().with("event", event.id).with("name", event.name);
                tr(lang, "follow-target-event", &args)
            }
            Err(StoreError::NotFound { .. }) => gone(lang, kind, id),
            Err(other) => return Err(other.into()),
        },
        FollowTarget::Player => {
            let name = tx.player(PlayerId(id)).await?.display_name;
            tr(
                lang,
                "follow-target-player",
                &Args::new().with("name", name),
            )
        }
        FollowTarget::Team => match tx.team(TeamId(id)).await? {
            Some(team) => {
                let args = Args::new().with("team", team.id).with("name", team.name);
                tr(lang, "follow-target-team", &args)
            }
            None => gone(lang, kind, id),
        },
    };
    Ok(text)
}

/// The words for a followed game or event that no longer exists.
fn gone(lang: Lang, kind: FollowTarget, id: i64) -> String {
    let args = Args::new().with("number", id).with("kind", kind.as_str());
    tr(lang, "follow-target-gone", &args)
}
