//! Game commands: games, move (R3.2.1), time (R3.4.2), resign.

use anyhow::Context;
use chrono::{DateTime, Utc};
use shakmaty::{CastlingMode, Chess, Color, Move, Position};

use crate::app::actor::Actor;
use crate::app::i18n::tr;
use crate::app::move_error::{move_error_id, move_error_text};
use crate::app::notice::{Clocks, Notice, NoticeMove, clocks_text};
use crate::app::outgoing::Outgoing;
use crate::app::user_error::Refusal;
use crate::app::zone::{ShownInstant, chosen_zone, player_zone};
use crate::core::clock::server::ServerClock;
use crate::core::game::{Game, GameResult};
use crate::core::notation;
use crate::core::regulation::Regulation;
use crate::store::GameId;
use crate::store::{
    Event, GameRecord, GameStatus, GameUpdate, MoveRow, NoticePrefs, NoticeRecipient, Tx,
};

use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::notify::notify_with;
use crate::app::rules::{Commit, Kept, Recorded, Rules, commit_move, settle_move, shown_clock};
use crate::app::service::games::pick::{
    Pick, ensure_not_on_leave, ensure_turn, game_args, pick_game, refuse_if_disqualified,
};
use crate::app::service::games::state::{conclude, finish_update};
use crate::app::service::games::{conditional, confirm, signs, talk};
use crate::app::view::clock::{MoveClock, move_clock, side_text, yours_text};
use crate::app::view::game::{
    clocks_of, colour_of, fen_of, first_mover, player_of, plies_of, regulation_of, replay,
};
use crate::app::view::leave_time::{GameLeaves, game_leaves_with};

/// A bare move or `/move [#game] MOVE`.
pub(crate) async fn make_move(
    tx: &mut Tx,
    actor: &Actor,
    number: Option<GameId>,
    text: &str,
    now: DateTime<Utc>,
) -> Outcome {
    play_move(tx, actor, number, text, now, false).await
}

/// A move, with a message to the opponent after ` -- `; with move
/// confirmation on and not `confirmed`, the move is held until confirmed.
pub(crate) async fn play_move(
    tx: &mut Tx,
    actor: &Actor,
    number: Option<GameId>,
    text: &str,
    now: DateTime<Utc>,
    confirmed: bool,
) -> Outcome {
    let (mv_text, message) = talk::split_message(text);
    let pick = Pick {
        suffix: text,
        mv: Some(mv_text),
        ..Pick::to_move("/move")
    };
    let mut turn = load_turn(tx, actor, number, pick, now).await?;
    if Rules::of(&turn.regulation).moves_by_message() {
        return crate::app::service::postal::make_move(tx, actor, turn, text, now).await;
    }
    talk::refuse_several_moves(actor, &turn, mv_text)?;
    let mv = read_move(actor, &turn, mv_text)?;
    // R2.3.4: a sign the board contradicts is asked about, never played
    // silently; a confirmed move was asked about already.
    let conflict = notation::contradicted_sign(&turn.before, mv_text, &mv).filter(|_| !confirmed);
    if !confirmed && turn.confirms {
        return confirm::hold(tx, actor, &turn, (&mv, text), conflict, now).await;
    }
    if let Some(conflict) = conflict {
        return Ok(signs::question(actor, &turn, (&mv, mv_text), conflict));
    }
    let game = turn.game.clone();
    let result = turn.record.play(mv).context("playing a read move")?;
    let mut replies = play_committed(tx, actor, turn, (mv, mv_text), result, now).await?;
    if let Some(message) = message {
        let fate = talk::send_message(tx, actor, (&game, game.ply + 1), message, now).await?;
        replies.push(Outgoing::text(talk::message_reply(actor, &game, fate)));
    }
    Ok(replies)
}

/// A game where it is the actor's turn, with what a move in it needs.
pub(crate) struct Turn {
    /// The game as stored.
    pub game: GameRecord,
    /// The actor's side.
    pub colour: Color,
    /// Both players' leave.
    pub leaves: GameLeaves,
    /// The game's event.
    pub event: Event,
    /// Its regulation.
    pub regulation: Regulation,
    /// The moves made.
    pub rows: Vec<MoveRow>,
    /// The position before the actor's move.
    pub before: Chess,
    /// The game replayed; the caller plays or claims on it.
    pub record: Game,
    /// The event's game channel, whose thread carries the game's moves.
    pub game_channel: Option<NoticeRecipient>,
    /// Whether the actor confirms each move (`/confirm on`).
    pub confirms: bool,
}

/// The game `number` (or the one the actor must mean), refusing unless it is
/// the actor's turn and the actor is neither disqualified (R2.1.5) nor on
/// leave (R3.6.2). Besides picking the game, three statements: the event
/// with the rest a move asks ([`Tx::move_head`]), both players' leave, and
/// the moves (issue 24).
pub(crate) async fn load_turn(
    tx: &mut Tx,
    actor: &Actor,
    number: Option<GameId>,
    pick: Pick<'_>,
    now: DateTime<Utc>,
) -> Result<Turn, Failure> {
    let game = pick_game(tx, actor, number, pick).await?;
    let players = (game.id, game.white, game.black);
    let head = tx
        .move_head(game.event_id, actor.player.id, players)
        .await?;
    refuse_if_disqualified(actor, head.mover_disqualified)?;
    let colour = ensure_turn(&game, actor)?;
    let event = head.event;
    let regulation = regulation_of(&event);
    let postal = Rules::of(&regulation).shares_leave();
    let leaves = game_leaves_with(tx, &game, postal, head.adjustments).await?;
    let zone = regulation.date_zone();
    ensure_not_on_leave(actor, (leaves.of(colour), postal, zone), now)?;
    let rows = tx.moves(game.id).await?;
    let record = replay(&game, &rows)?;
    let before = record.position().clone();
    Ok(Turn {
        game,
        colour,
        leaves,
        event,
        regulation,
        rows,
        before,
        record,
        game_channel: head.game_channel,
        confirms: head.mover_confirms,
    })
}

/// Reads the actor's move text in the position of `turn`, refusing with the
/// reason when it is no legal move.
pub(crate) fn read_move(actor: &Actor, turn: &Turn, text: &str) -> Result<Move, Failure> {
    let parsed =
        notation::parse(&turn.before, text, &turn.regulation.notations).map_err(|error| {
            let lang = actor.lang();
            let reason = move_error_text(lang, &error, &turn.before, text, actor.notation());
            Refusal::rendered(move_error_id(&error), reason).generic()
        })?;
    Ok(parsed.mv)
}

/// Records the move (already played on `turn.record`, with `result` if it
/// ended the game), charges its time, and announces it. When the game goes
/// on and the opponent set a conditional line that answers it (issue 41),
/// the opponent's reply is played at once in the same transaction, and the
/// opponent is told of the reply instead of this move.
pub(super) async fn play_committed(
    tx: &mut Tx,
    actor: &Actor,
    turn: Turn,
    (mv, text): (Move, &str),
    result: Option<GameResult>,
    now: DateTime<Utc>,
) -> Outcome {
    let (mut played, regulation) =
        record_move(tx, actor, turn, (mv, text), result.as_ref(), now).await?;
    let answer = match result {
        None => {
            conditional::answer(
                tx,
                &played.as_move(actor),
                (&regulation, &played.leaves),
                now,
            )
            .await?
        }
        Some(_) => None,
    };
    played.tell_opponent = answer.is_none();
    let replies = announce_move(tx, actor, &played, result, &regulation, now).await?;
    if let Some(answer) = answer {
        conditional::play_answer(tx, answer, now).await?;
    }
    Ok(replies)
}

/// A conditional reply (issue 41) as its owner's move: recorded, charged
/// (nothing: it is made the instant the move it answers arrived) and
/// announced as any move, with no conditional line checked on it.
pub(super) async fn play_reply(
    tx: &mut Tx,
    owner: &Actor,
    turn: Turn,
    (mv, text): (Move, &str),
    result: Option<GameResult>,
    now: DateTime<Utc>,
) -> Outcome {
    let (played, regulation) =
        record_move(tx, owner, turn, (mv, text), result.as_ref(), now).await?;
    announce_move(tx, owner, &played, result, &regulation, now).await
}

/// Records the move of `turn` and charges its time: what announcing it
/// needs, with the event's regulation.
async fn record_move(
    tx: &mut Tx,
    actor: &Actor,
    turn: Turn,
    (mv, text): (Move, &str),
    result: Option<&GameResult>,
    now: DateTime<Utc>,
) -> Result<(Played, Regulation), Failure> {
    let Turn {
        game,
        colour,
        leaves,
        event,
        regulation,
        rows,
        before,
        record,
        game_channel,
        ..
    } = turn;
    let start = game.started_at.unwrap_or(now);
    let received = rows.last().map_or(start, |row| row.received_at);
    let charged = ServerClock::new(&regulation).move_charge(received, now, leaves.of(colour));
    let mut plies = plies_of(&rows);
    plies.push(now);
    let first = first_mover(&game);
    let clocks = clocks_of(&regulation, start, &plies, first, now, &leaves);
    let mut update = GameUpdate::from_game(&game);
    update.fen = fen_of(record.position());
    update.clock = Some(clocks);
    update.turn_since = Some(now);
    if let Some(result) = result {
        finish_update(&mut update, result, now);
    }
    let uci = mv.to_uci(CastlingMode::Standard).to_string();
    let commit = Commit {
        game: &game,
        ply: game.ply + 1,
        uci: &uci,
        text,
        update: &update,
        recorded: Recorded::Charged(charged),
    };
    let row = commit_move(tx, actor.lang(), commit, now).await?;
    let opponent = player_of(&game, colour.other());
    let prefs = tx.notice_prefs(opponent).await?;
    let zone = chosen_zone(prefs.zone.as_deref(), Some(&event));
    let next = move_clock(&regulation, start, (&plies, first), now, &leaves);
    let played = Played {
        game,
        event: event.name,
        move_number: before.fullmoves().get(),
        uci: row.uci,
        clocks,
        plies,
        loses_at: ShownInstant::new(next.loses_at, zone),
        room: next.room,
        opponent: (opponent, prefs),
        game_channel,
        leaves,
        tell_opponent: true,
    };
    Ok((played, regulation))
}

/// A move just recorded, for its notices and reply.
struct Played {
    game: GameRecord,
    event: String,
    move_number: u32,
    uci: String,
    clocks: Clocks,
    plies: Vec<DateTime<Utc>>,
    /// When the opponent loses on time without a move, in their zone.
    loses_at: ShownInstant,
    /// How long the opponent can think on their move before losing.
    room: Option<crate::app::room::Room>,
    /// The opponent and how they take notices.
    opponent: (crate::store::PlayerId, NoticePrefs),
    /// The event's game channel.
    game_channel: Option<NoticeRecipient>,
    /// Both players' leave and the arbiter's days.
    leaves: GameLeaves,
    /// Whether the opponent gets the move's notice: not when their
    /// conditional reply answers it at once (issue 41).
    tell_opponent: bool,
}

impl Played {
    /// The move as the opponent's conditional lines meet it.
    fn as_move<'a>(&'a self, actor: &'a Actor) -> conditional::OpponentMove<'a> {
        conditional::OpponentMove {
            game: &self.game,
            event: &self.event,
            mover: &actor.player.display_name,
            number: self.move_number,
            uci: &self.uci,
        }
    }
}

/// Tells the opponent (R3.2.2), ends the game or sets the next deadlines,
/// and answers the mover.
async fn announce_move(
    tx: &mut Tx,
    actor: &Actor,
    played: &Played,
    result: Option<GameResult>,
    regulation: &Regulation,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let game = &played.game;
    let mv = NoticeMove {
        fen_before: game.fen.clone(),
        uci: played.uci.clone(),
    };
    let (opponent, prefs) = &played.opponent;
    let opponent = *opponent;
    let notice = Notice::MoveMade {
        game: game.id,
        event: played.event.clone(),
        mover: actor.player.display_name.clone(),
        move_number: played.move_number,
        mv: mv.clone(),
        clocks: played.clocks,
        ends_game: result.is_some(),
        loses_at: Some(played.loses_at.clone()),
        room: played.room,
        ply: i64::try_from(played.plies.len()).ok(),
    };
    if played.tell_opponent {
        notify_with(tx, (opponent, prefs), &notice, now).await?;
    }
    crate::app::notify::channel::move_made(tx, played.game_channel.as_ref(), game, &notice, now)
        .await?;
    crate::app::notify::follow::move_made(tx, game, &notice, now).await?;
    let args = game_args(game.id)
        .with("number", played.move_number)
        .with("dots", mv.dots())
        .with("move", mv.write(actor.notation()));
    let head = tr(lang, "reply-move-made", &args);
    let mut text = format!("{head}\n{}", clocks_text(lang, &played.clocks));
    let rules = Rules::of(regulation);
    let kept = Kept::ByBot(&rules, &played.plies, Some(&played.leaves));
    if let Some(notice) = settle_move(tx, game, (result.as_ref(), opponent), kept, now).await? {
        text = format!("{text}\n{}", notice.text(lang, actor.notation()));
    }
    Ok(vec![Outgoing::text(text).about(game.id)])
}

/// `/time [#game]`: both clocks (R3.4.2).
pub(crate) async fn time(
    tx: &mut Tx,
    actor: &Actor,
    number: Option<GameId>,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let game = crate::app::service::games::view::viewable_game(tx, actor, number, "/time").await?;
    let clocks = Rules::game_clocks(tx, &game, now).await?;
    let head = tr(lang, "reply-time", &game_args(game.id));
    let mut text = format!("{head}\n{}", clocks_text(lang, &clocks));
    if let Some(line) = deadline_line(tx, actor, &game, now).await? {
        text = format!("{text}\n{line}");
    }
    Ok(vec![Outgoing::text(text).about(game.id)])
}

/// The pending move's deadline as `actor` sees it: their own («Ваш хід…»)
/// or the side to move's, the loss on time (R3.5.7) or the postal overstep
/// (R2.6.1); `None` for a finished game or one kept by cards.
pub(crate) async fn deadline_line(
    tx: &mut Tx,
    actor: &Actor,
    game: &GameRecord,
    now: DateTime<Utc>,
) -> Result<Option<String>, Failure> {
    let Some(clock) = shown_clock(tx, game, now).await? else {
        return Ok(None);
    };
    Ok(Some(clock_line(tx, actor, game, &clock).await?))
}

/// The line of a pending move's `clock` as `actor` sees it, in their zone.
pub(crate) async fn clock_line(
    tx: &mut Tx,
    actor: &Actor,
    game: &GameRecord,
    clock: &MoveClock,
) -> Result<String, Failure> {
    let clock = *clock;
    let event = tx.event(game.event_id).await?;
    let zone = player_zone(tx, actor.player.id, Some(&event)).await?;
    let shown = ShownInstant::new(clock.loses_at, zone);
    let lang = actor.lang();
    Ok(if player_of(game, clock.colour) == actor.player.id {
        yours_text(lang, game.id.0, &clock, &shown)
    } else {
        side_text(lang, game.id.0, &clock, &shown)
    })
}

/// `/resign [#game] [confirm]`: asks first, then ends the game.
pub(crate) async fn resign(
    tx: &mut Tx,
    actor: &Actor,
    number: Option<GameId>,
    confirmed: bool,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let game = pick_game(tx, actor, number, Pick::any("/resign")).await?;
    if game.status != GameStatus::Running {
        return Err(refuse(lang, "error-game-over", &game_args(game.id)));
    }
    if !confirmed {
        let reply = tr(lang, "reply-resign-confirm", &game_args(game.id));
        return Ok(vec![Outgoing::text(reply)]);
    }
    let colour = colour_of(&game, actor.player.id).unwrap_or(Color::White);
    let result = GameResult::win(colour.other(), crate::core::game::Termination::Resignation);
    let opponent = player_of(&game, colour.other());
    conclude(tx, actor, &game, &result, &[opponent], now).await
}
