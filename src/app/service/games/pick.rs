//! Which game a command means: the given number, or the actor's only
//! candidate game; with several, a question (with buttons for a move).
//! Also the checks that a move may be made now (turn, leave).

use chrono::{DateTime, Utc};
use shakmaty::Color;

use crate::app::actor::Actor;
use crate::app::authz::{self, Action, Relation};
use crate::app::i18n::{Args, tr};
use crate::app::move_error::move_error_text;
use crate::app::outgoing::{Button, Outgoing};
use crate::app::user_error::Refusal;
use crate::core::leave::LeaveTimeline;
use crate::store::{GameId, GameRecord, GameStatus, StoreError, Tx};

use crate::app::failure::{Failure, refuse};
use crate::app::view::game::{colour_of, side_to_move};

pub(crate) fn game_args<'a>(game: GameId) -> Args<'a> {
    Args::new().with("game", game.0)
}

/// The game `number`, which the actor must play (R3.2.1: only the players move).
pub(super) async fn own_game(
    tx: &mut Tx,
    actor: &Actor,
    number: GameId,
) -> Result<GameRecord, Failure> {
    players_game(tx, actor, number, (Action::PlayGame, "error-not-your-game")).await
}

/// The game `number`, on which only its players may take `action`; anyone
/// else gets the refusal `refusal` (a catalog key taking `$game`).
pub(super) async fn players_game(
    tx: &mut Tx,
    actor: &Actor,
    number: GameId,
    (action, refusal): (Action, &str),
) -> Result<GameRecord, Failure> {
    let lang = actor.lang();
    let game = match tx.game(number).await {
        Ok(game) => game,
        Err(StoreError::NotFound { .. }) => {
            return Err(refuse(lang, "error-unknown-game", &game_args(number)));
        }
        Err(other) => return Err(other.into()),
    };
    let mut relations = vec![Relation::Outsider];
    if colour_of(&game, actor.player.id).is_some() {
        relations.push(Relation::PlayerOfGame);
    }
    if !authz::allows(action, &relations) {
        return Err(refuse(lang, refusal, &game_args(game.id)));
    }
    Ok(game)
}

/// What a command without a game number is about: how the bot asks which
/// game (the command as the user would write it, around the game number),
/// and whether only games where it is the actor's move count.
#[derive(Debug, Clone)]
pub(crate) struct Pick<'a> {
    /// The command before the game number (`/time`, `/draw offer`).
    pub prefix: &'a str,
    /// The command after the game number (the move of `/move #N e2-e4`).
    pub suffix: &'a str,
    /// Only games where it is the actor's move.
    pub to_move: bool,
    /// A move: only games where it is legal count.
    pub mv: Option<&'a str>,
}

impl<'a> Pick<'a> {
    /// Any of the actor's running games, for command `prefix` (`/time`).
    pub(crate) fn any(prefix: &'a str) -> Self {
        Self {
            prefix,
            suffix: "",
            to_move: false,
            mv: None,
        }
    }

    /// A game where it is the actor's move, for command `prefix`.
    pub(crate) fn to_move(prefix: &'a str) -> Self {
        Self {
            to_move: true,
            ..Self::any(prefix)
        }
    }

    /// A game where it is the actor's move and `mv` is legal, for command
    /// `prefix` with the move after the game number (`/move #N e2-e4`).
    pub(crate) fn moving(prefix: &'a str, mv: &'a str) -> Self {
        Self {
            prefix,
            suffix: mv,
            to_move: true,
            mv: Some(mv),
        }
    }

    /// The command for game `game`, as a button sends it.
    fn command(&self, game: GameId) -> String {
        let text = format!("{} #{} {}", self.prefix, game.0, self.suffix);
        text.trim_end().to_owned()
    }
}

/// The game a command is about: the given one, or the actor's only
/// candidate game; with several, the bot asks which, with a button per game
/// that sends the command for it.
pub(crate) async fn pick_game(
    tx: &mut Tx,
    actor: &Actor,
    number: Option<GameId>,
    pick: Pick<'_>,
) -> Result<GameRecord, Failure> {
    if let Some(number) = number {
        return own_game(tx, actor, number).await;
    }
    if let Some(game) = replied_own_game(tx, actor).await? {
        return Ok(game);
    }
    let lang = actor.lang();
    let candidates = candidate_games(tx, actor, pick.to_move).await?;
    let any = !candidates.is_empty();
    let mut games = candidates.clone();
    if let Some(mv) = pick.mv {
        games = legal_for(tx, lang, games, mv).await?;
    }
    match games.as_slice() {
        [] if any => {
            let mv = pick.mv.unwrap_or_default();
            Err(nowhere(tx, actor, &candidates, mv).await?)
        }
        [] if pick.to_move => {
            let refusal = Refusal::new(lang, "error-no-game-to-move", &Args::new());
            Err(refusal.generic().into())
        }
        [] => Err(refuse(lang, "error-no-games", &Args::new())),
        [game] => Ok(game.clone()),
        several => Err(which_game(lang, several, &pick)),
    }
}

/// The game of the bot message the actor's command replies to (a move
/// notice, a board, any message about one game), when the actor plays it:
/// that game is the one meant, whoever is to move (the turn is checked
/// after, with its own refusal).
pub(crate) async fn replied_own_game(
    tx: &mut Tx,
    actor: &Actor,
) -> Result<Option<GameRecord>, Failure> {
    let Some(id) = actor.replied_game else {
        return Ok(None);
    };
    let game = match tx.game(id).await {
        Ok(game) => game,
        Err(StoreError::NotFound { .. }) => return Ok(None),
        Err(other) => return Err(other.into()),
    };
    Ok(colour_of(&game, actor.player.id).is_some().then_some(game))
}

/// The question "which game", with an example and a button per game.
pub(super) fn which_game(
    lang: crate::app::i18n::Lang,
    games: &[GameRecord],
    pick: &Pick<'_>,
) -> Failure {
    let list: Vec<String> = games.iter().map(|g| format!("#{}", g.id)).collect();
    let id = if pick.mv.is_some() {
        "reply-which-game-move"
    } else {
        "reply-which-game"
    };
    let args = Args::new()
        .with("games", list.join(", "))
        .with("move", pick.mv.unwrap_or(pick.suffix))
        .with("example", pick.command(games[0].id));
    let buttons = games
        .iter()
        .map(|g| {
            let label = tr(lang, "button-move-in-game", &game_args(g.id));
            Button::new(label, pick.command(g.id))
        })
        .collect();
    let question = Outgoing::text(tr(lang, id, &args)).with_buttons(buttons);
    Failure::Ask(Box::new(question))
}

/// Of `games` (more than one), those where `mv` reads as a legal move in
/// the current position under the event's notations; one game is kept as
/// it is, so that its refusal says why the move is impossible there.
async fn legal_for(
    tx: &mut Tx,
    lang: crate::app::i18n::Lang,
    games: Vec<GameRecord>,
    mv: &str,
) -> Result<Vec<GameRecord>, Failure> {
    if games.len() < 2 {
        return Ok(games);
    }
    let mut legal = Vec::new();
    for game in games {
        let event = tx.event(game.event_id).await?;
        let Ok(position) = position_of(&game) else {
            continue;
        };
        let regulation = &event.regulation;
        if crate::app::service::games::talk::several_moves(regulation, &position, mv) {
            // R3.2.4: refused with the reason, not offered game by game.
            return Err(refuse(lang, "error-several-moves", &game_args(game.id)));
        }
        if crate::core::notation::parse(&position, mv, &regulation.notations).is_ok() {
            legal.push(game);
        }
    }
    Ok(legal)
}

/// A move legal in none of the games where it is the actor's move: the
/// reason in each game, as `/move N` gives it; a text that reads as a move
/// in none of them, «not a move», with how moves are written.
async fn nowhere(
    tx: &mut Tx,
    actor: &Actor,
    games: &[GameRecord],
    mv: &str,
) -> Result<Failure, Failure> {
    let lang = actor.lang();
    let mut reasons = Vec::new();
    let mut unreadable = true;
    for game in games {
        let event = tx.event(game.event_id).await?;
        let Ok(position) = position_of(game) else {
            continue;
        };
        let Err(error) = crate::core::notation::parse(&position, mv, &event.regulation.notations)
        else {
            continue;
        };
        unreadable &= matches!(
            error,
            crate::core::notation::NotationError::Unreadable
                | crate::core::notation::NotationError::Empty
        );
        let reason = move_error_text(lang, &error, &position, mv, actor.notation());
        let args = game_args(game.id).with("reason", reason);
        reasons.push(tr(lang, "error-move-reason-in-game", &args));
    }
    if unreadable {
        let args = Args::new().with("text", mv.to_owned());
        return Ok(refuse(lang, "move-error-unreadable", &args));
    }
    let args = Args::new().with("move", mv.to_owned());
    let head = tr(lang, "error-move-legal-nowhere", &args);
    let text = std::iter::once(head).chain(reasons).collect::<Vec<_>>();
    let refusal = Refusal::rendered("error-move-legal-nowhere", text.join("\n"));
    Ok(Failure::Refused(refusal))
}

/// The current position of a game, from its stored FEN.
fn position_of(game: &GameRecord) -> anyhow::Result<shakmaty::Chess> {
    let fen: shakmaty::fen::Fen = game.fen.parse()?;
    Ok(fen.into_position(shakmaty::CastlingMode::Standard)?)
}

/// The actor's running games a command could mean (for a move: those where
/// it is the actor's turn, or the only running game).
async fn candidate_games(
    tx: &mut Tx,
    actor: &Actor,
    to_move: bool,
) -> Result<Vec<GameRecord>, Failure> {
    let me = actor.player.id;
    let running: Vec<GameRecord> = tx
        .active_games_of(me)
        .await?
        .into_iter()
        .filter(|g| g.status == GameStatus::Running)
        .collect();
    let games: Vec<GameRecord> = running
        .iter()
        .filter(|g| !to_move || colour_of(g, me) == Some(side_to_move(g)))
        .cloned()
        .collect();
    if games.is_empty() && running.len() == 1 {
        return Ok(running); // its only game: the caller says whose turn it is
    }
    Ok(games)
}

/// Refuses unless the game is running and it is `actor`'s turn.
pub(super) fn ensure_turn(game: &GameRecord, actor: &Actor) -> Result<Color, Failure> {
    let lang = actor.lang();
    if game.status != GameStatus::Running {
        return Err(refuse(lang, "error-game-over", &game_args(game.id)));
    }
    let colour = colour_of(game, actor.player.id).unwrap_or(Color::White);
    if side_to_move(game) != colour {
        return Err(refuse(lang, "error-not-your-turn", &game_args(game.id)));
    }
    Ok(colour)
}

/// Refuses a move by a disqualified player (R2.1.5), whatever the path.
pub(super) async fn ensure_not_disqualified(tx: &mut Tx, actor: &Actor) -> Result<(), Failure> {
    let disqualified = crate::store::SanctionKind::Disqualification;
    let disqualified = tx.has_sanction(actor.player.id, disqualified).await?;
    refuse_if_disqualified(actor, disqualified)
}

/// [`ensure_not_disqualified`] when whether the actor is disqualified is
/// already read.
pub(super) fn refuse_if_disqualified(actor: &Actor, disqualified: bool) -> Result<(), Failure> {
    if disqualified {
        return Err(refuse(
            actor.lang(),
            "error-disqualified-play",
            &Args::new(),
        ));
    }
    Ok(())
}

/// Refuses a move during the mover's leave (R3.6.2; in a postal game,
/// `postal`, the leave in all postal games, R2.7.1, R2.7.4), saying when
/// it ends in the event's `zone`.
pub(super) fn ensure_not_on_leave(
    actor: &Actor,
    (leave, postal, zone): (&LeaveTimeline, bool, chrono_tz::Tz),
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    match leave.spans().iter().find(|span| span.contains(now)) {
        Some(span) => {
            // The leave's end is a rule date in the event's zone (R3.5.6).
            let until = crate::app::view::event_zone::zoned(span.end, zone);
            let args = Args::new().with("until", until.text(actor.lang()));
            let id = if postal {
                "postal-error-on-leave"
            } else {
                "error-on-leave"
            };
            Err(refuse(actor.lang(), id, &args))
        }
        None => Ok(()),
    }
}
