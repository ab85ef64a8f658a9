//! Talking in a game: a message with a move (`e2-e4 -- text`) or by
//! `/say`, kept with the game and shown to the opponent (unless they turned
//! messages off) and, in a case file, to an arbiter; `/messages on|off`;
//! and the notice of continuing a silent game (`/continue`, R3.3.2).

use chrono::{DateTime, TimeDelta, Utc};
use serde_json::json;
use shakmaty::{Chess, Color};

use crate::app::actor::Actor;
use crate::app::deadline::{Due, GameDue};
use crate::app::i18n::{Args, tr, tr0};
use crate::app::notice::{Notice, TurnNotice};
use crate::app::outgoing::Outgoing;
use crate::core::notation::{self, NotationError};
use crate::core::regulation::Regulation;
use crate::store::GameId;
use crate::store::{AuditEntry, GameRecord, GameStatus, PlayerId, Tx};

use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::notify::{notify, notify_arbiters};
use crate::app::service::games::pick::{Pick, ensure_turn, game_args, pick_game};
use crate::app::service::games::play::Turn;
use crate::app::view::game::{colour_of, player_of};

/// The switch of a player who turned messages from opponents off.
const NO_MESSAGES: &str = "no_messages";
/// The audit action of a notice of continuing (R3.3.2).
pub(crate) const CONTINUATION_GIVEN: &str = "continuation_given";

/// Splits `e2-e4 -- text` (or `e2-e4 — text`, as some keyboards write the
/// two dashes) into the move and the message to the opponent.
pub(crate) fn split_message(text: &str) -> (&str, Option<&str>) {
    let at = [" -- ", " — ", " – "]
        .iter()
        .filter_map(|sep| text.find(sep).map(|at| (at, sep.len())))
        .min();
    match at {
        Some((at, len)) => {
            let message = text[at + len..].trim();
            (text[..at].trim(), (!message.is_empty()).then_some(message))
        }
        None => (text, None),
    }
}

/// Refuses a message with more than one move where variants are not
/// allowed (R3.2.4: conditional moves, as `e4 e5` or `e2-e4; e7-e5`), so
/// that it is not played in part.
pub(crate) fn refuse_several_moves(actor: &Actor, turn: &Turn, text: &str) -> Result<(), Failure> {
    if several_moves(&turn.regulation, &turn.before, text) {
        let args = game_args(turn.game.id);
        return Err(refuse(actor.lang(), "error-several-moves", &args));
    }
    Ok(())
}

/// Whether `text` holds more than one move in `position` where the
/// regulation allows no variants (R3.2.4: conditional moves, as `e4 e5` or
/// `e2-e4; e7-e5`). Signs and explanations are not moves (R2.3.4): `Фd8-h4
/// мат`, `e5:f6 на проході`, `Кf3!?` and the same move written again in
/// another notation (`e2-e4 (e4)`) are one move; a word that reads as a
/// move, legal or not, and is not that same move is a second one.
pub(crate) fn several_moves(regulation: &Regulation, position: &Chess, text: &str) -> bool {
    if regulation.variants_allowed() {
        return false;
    }
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ';' || c == ',')
        .map(|word| word.trim_matches(|c: char| "()[]{}«»\"'".contains(c)))
        .filter(|word| !word.is_empty() && !is_number_or_sign(word))
        .collect();
    let read = |word: &str| notation::parse(position, word, &regulation.notations);
    let mut legal: Vec<shakmaty::Move> = Vec::new();
    let mut other_moves = 0;
    let mut index = 0;
    while index < words.len() {
        let word = words[index];
        // `e2 e4`: one move written with a space between its squares.
        let joined = words.get(index + 1).map(|next| format!("{word}{next}"));
        let (reading, used) = match (read(word), joined.as_deref().map(read)) {
            (Err(_), Some(Ok(parsed))) => (Ok(parsed), 2),
            (reading, _) => (reading, 1),
        };
        match reading {
            Ok(parsed) if !legal.contains(&parsed.mv) => legal.push(parsed.mv),
            Ok(_) | Err(NotationError::Empty | NotationError::Unreadable) => {}
            Err(_) => other_moves += 1,
        }
        index += used;
    }
    legal.len() + other_moves > 1
}

/// A move number (`12.`, `12...`) or signs alone (`+`, `!?`).
fn is_number_or_sign(word: &str) -> bool {
    word.chars().all(|c| c.is_ascii_digit() || c == '.')
        || word.chars().all(|c| "+#!?".contains(c))
        || ["e.p.", "ep", "e.p"].contains(&word)
}

/// The most messages a player may send in one game within any 24 hours
/// (by `/say` or with moves): enough for a friendly exchange, too few to
/// flood the opponent, who can also turn messages off (`/messages off`).
pub const MESSAGES_PER_GAME_DAY: usize = 20;

/// What became of a message to the opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MessageFate {
    /// Kept with the game and sent to the opponent.
    Sent,
    /// Kept with the game; the opponent turned messages off.
    Kept,
    /// Neither kept nor sent: the player sent [`MESSAGES_PER_GAME_DAY`]
    /// messages in this game within the last 24 hours; the next may go in
    /// `hours` hours.
    OverLimit {
        /// Whole hours (rounded up) until the oldest counted message is
        /// 24 hours old.
        hours: i64,
    },
}

/// Keeps the actor's message in `game` (at half-move `ply`) and tells the
/// opponent, unless they turned messages off or the actor has reached the
/// day's limit of messages in this game.
pub(crate) async fn send_message(
    tx: &mut Tx,
    actor: &Actor,
    (game, ply): (&GameRecord, i64),
    text: &str,
    now: DateTime<Utc>,
) -> Result<MessageFate, Failure> {
    let me = actor.player.id;
    if let Some(hours) = over_limit(tx, game, me, now).await? {
        return Ok(MessageFate::OverLimit { hours });
    }
    tx.add_game_message(game.id, me, ply, text, now).await?;
    let colour = colour_of(game, me).unwrap_or(Color::White);
    let opponent = player_of(game, colour.other());
    if tx.switch_on(opponent, NO_MESSAGES).await? {
        return Ok(MessageFate::Kept);
    }
    let notice = Notice::Turn(TurnNotice::OpponentMessage {
        game: game.id,
        from: actor.player.display_name.clone(),
        text: text.to_owned(),
    });
    notify(tx, opponent, &notice, now).await?;
    Ok(MessageFate::Sent)
}

/// `Some(hours until the next message may go)` when `player` has sent
/// [`MESSAGES_PER_GAME_DAY`] messages in `game` within the 24 hours before
/// `now`. The player's row is locked first, so that two messages at once
/// (two processes) cannot both pass the count.
async fn over_limit(
    tx: &mut Tx,
    game: &GameRecord,
    player: PlayerId,
    now: DateTime<Utc>,
) -> Result<Option<i64>, Failure> {
    tx.lock_player(player).await?;
    let day = TimeDelta::hours(24);
    let recent = tx.game_messages_since(game.id, player, now - day).await?;
    if recent.len() < MESSAGES_PER_GAME_DAY {
        return Ok(None);
    }
    let frees = recent[recent.len() - MESSAGES_PER_GAME_DAY] + day;
    let minutes = (frees - now).num_minutes().max(1);
    Ok(Some((minutes + 59) / 60))
}

/// The reply about a message: sent, kept but not delivered, or refused for
/// the day's limit.
pub(crate) fn message_reply(actor: &Actor, game: &GameRecord, fate: MessageFate) -> String {
    let (id, args) = message_text(game, fate);
    tr(actor.lang(), id, &args)
}

/// The catalog message about a message's fate, with its arguments.
fn message_text<'a>(game: &GameRecord, fate: MessageFate) -> (&'static str, Args<'a>) {
    let args = game_args(game.id);
    match fate {
        MessageFate::Sent => ("reply-message-sent", args),
        MessageFate::Kept => ("reply-message-kept", args),
        MessageFate::OverLimit { hours } => {
            let args = args
                .with("limit", MESSAGES_PER_GAME_DAY)
                .with("hours", hours);
            ("reply-message-limit", args)
        }
    }
}

/// `/say [#game] TEXT`.
pub(crate) async fn say(
    tx: &mut Tx,
    actor: &Actor,
    number: Option<GameId>,
    text: &str,
    now: DateTime<Utc>,
) -> Outcome {
    let pick = Pick {
        suffix: text,
        ..Pick::any("/say")
    };
    let game = pick_game(tx, actor, number, pick).await?;
    let fate = send_message(tx, actor, (&game, game.ply), text, now).await?;
    if let MessageFate::OverLimit { .. } = fate {
        let (id, args) = message_text(&game, fate);
        return Err(refuse(actor.lang(), id, &args));
    }
    Ok(vec![Outgoing::text(message_reply(actor, &game, fate))])
}

/// `/messages on|off`: messages from opponents.
pub(crate) async fn set_messages(tx: &mut Tx, actor: &Actor, on: bool) -> Outcome {
    tx.set_switch(actor.player.id, NO_MESSAGES, !on).await?;
    let id = if on {
        "reply-messages-on"
    } else {
        "reply-messages-off"
    };
    Ok(vec![Outgoing::text(tr0(actor.lang(), id))])
}

/// `/continue [#game]`: the notice of continuing (R3.3.2), given between
/// the silence notice and the silence case, to the partner and the
/// arbiters (in a team event also to the player's captain and deputy, who
/// pass it on). It is kept in the game's audit log, and no silence case
/// opens for this silence.
pub(crate) async fn continue_game(
    tx: &mut Tx,
    actor: &Actor,
    number: Option<GameId>,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let game = pick_game(tx, actor, number, Pick::to_move("/continue")).await?;
    let colour = ensure_turn(&game, actor)?;
    let args = game_args(game.id);
    if continuation_given(tx, &game).await? {
        return Err(refuse(lang, "error-continue-given", &args));
    }
    if !continuation_window(tx, &game).await? {
        return Err(refuse(lang, "error-continue-not-now", &args));
    }
    tx.cancel_deadline(&format!("game:{}:silence", game.id))
        .await?;
    let entry = AuditEntry {
        at: now,
        actor_id: Some(actor.player.id),
        action: CONTINUATION_GIVEN.to_owned(),
        event_id: Some(game.event_id),
        game_id: Some(game.id),
        case_id: None,
        details: json!({ "ply": game.ply }),
    };
    tx.audit(&entry).await?;
    let notice = Notice::Turn(TurnNotice::ContinuationGiven {
        game: game.id,
        player: actor.player.display_name.clone(),
    });
    notify(tx, player_of(&game, colour.other()), &notice, now).await?;
    notify_arbiters(tx, game.event_id, &notice, now).await?;
    if tx.event(game.event_id).await?.is_team {
        let leaders =
            crate::app::service::teams::roster::leaders_of(tx, game.event_id, actor.player.id)
                .await?;
        for leader in leaders {
            notify(tx, leader, &notice, now).await?;
        }
    }
    Ok(vec![Outgoing::text(tr(lang, "reply-continue", &args))])
}

/// Whether the player to move gave the notice of continuing since the last
/// move (R3.3.2).
pub(crate) async fn continuation_given(tx: &mut Tx, game: &GameRecord) -> Result<bool, Failure> {
    let log = tx.audit_of_game(game.id).await?;
    Ok(log.iter().any(|entry| {
        entry.action == CONTINUATION_GIVEN
            && entry.details.get("ply").and_then(|v| v.as_i64()) == Some(game.ply)
    }))
}

/// Whether the game is between the silence notice and the silence case:
/// the notice is no longer pending and the case still is.
async fn continuation_window(tx: &mut Tx, game: &GameRecord) -> Result<bool, Failure> {
    if game.status != GameStatus::Running {
        return Ok(false);
    }
    let mut notice = false;
    let mut case = false;
    for deadline in tx.deadlines_of_game(game.id).await? {
        let (ply, due) = match Due::of(&deadline)? {
            Due::Game { ply, due } => (ply, due),
            Due::RequestUnanswered { .. } | Due::AbsenceOverdue { .. } | Due::Digest => continue,
        };
        if ply != game.ply {
            continue;
        }
        match due {
            GameDue::ContinuationDue { .. } => notice = true,
            GameDue::SilenceCase { .. } => case = true,
            GameDue::Reminder { .. } | GameDue::LossOnTime { .. } | GameDue::Postal(_) => {}
        }
    }
    Ok(!notice && case)
}
