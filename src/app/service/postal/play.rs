//! A move in a postal event (R2.2, R2.3): the bot is the post office, its
//! delivery instant the postmark; a move may carry a variant (R2.3.7) and
//! answer one by repeating the accepted moves; what is sent is final
//! (R2.3.8: after sending, it is the partner's turn).

use anyhow::Context;
use chrono::{DateTime, Duration, Utc};
use shakmaty::{CastlingMode, Chess, Move, Position};

use crate::app::actor::Actor;
use crate::app::i18n::{Args, tr};
use crate::app::notice::{
    Answered, Clocks, Notice, NoticeMove, PostalMoveNotice, PostalNotice, clocks_text, numbered,
    numbered_list, variant_text,
};
use crate::app::outgoing::Outgoing;
use crate::core::clock::postal::PostalClock;
use crate::core::game::GameResult;
use crate::core::postal::variant::{self, Answer, RepeatError};
use crate::store::{GameUpdate, MoveRow, PostalPly, StoredVariant, Tx};

use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::notify::notify;
use crate::app::rules::{Commit, Kept, Recorded, Rules, commit_move, settle_move};
use crate::app::service::games::pick::game_args;
use crate::app::service::games::play::{Turn, read_move};
use crate::app::service::games::state::finish_update;
use crate::app::service::postal::refusal::{proposal_refusal, repeat_refusal};
use crate::app::view::game::{fen_of, player_of, replay};
use crate::app::view::postal_clock::{ClockedMove, PostalGame, clocked_moves, date_text};

/// What a postal message plays: the accepted variant moves, the new move,
/// and the variant proposed with it.
pub(super) struct Message {
    /// The text as sent.
    pub text: String,
    /// The accepted variant moves and the new move.
    pub answer: Answer,
    /// The partner's variant it answers.
    pub open: Option<StoredVariant>,
    /// The variant proposed with it.
    pub proposal: Vec<Move>,
    /// Time not charged to the sender: a held move's suspension (R2.6.6).
    pub shift: Duration,
}

/// A move (with a variant, or answering one) in a postal game.
pub(in crate::app::service) async fn make_move(
    tx: &mut Tx,
    actor: &Actor,
    turn: Turn,
    text: &str,
    now: DateTime<Utc>,
) -> Outcome {
    let message = read_message(tx, actor, &turn, text).await?;
    deliver(tx, actor, turn, &message, now).await
}

/// Records and delivers a message read from `actor`.
pub(super) async fn deliver(
    tx: &mut Tx,
    actor: &Actor,
    turn: Turn,
    message: &Message,
    now: DateTime<Utc>,
) -> Outcome {
    let sent = send(tx, actor, turn, message, now).await?;
    announce(tx, actor, sent, now).await
}

/// The partner's variant this move answers: sent with the last move and
/// not answered yet.
async fn open_variant(tx: &mut Tx, turn: &Turn) -> Result<Option<StoredVariant>, Failure> {
    let variants = tx.variants(turn.game.id).await?;
    Ok(variants
        .into_iter()
        .rev()
        .find(|v| v.open && v.ply == turn.game.ply))
}

fn variant_moves(position: &Chess, ucis: &[String]) -> Result<Vec<Move>, Failure> {
    let mut position = position.clone();
    let mut moves = Vec::new();
    for uci in ucis {
        let mv = uci
            .parse::<shakmaty::uci::UciMove>()
            .ok()
            .and_then(|u| u.to_move(&position).ok())
            .ok_or_else(|| Failure::Internal(anyhow::anyhow!("stored variant move {uci}")))?;
        position.play_unchecked(mv);
        moves.push(mv);
    }
    Ok(moves)
}

async fn read_message(
    tx: &mut Tx,
    actor: &Actor,
    turn: &Turn,
    text: &str,
) -> Result<Message, Failure> {
    let lang = actor.lang();
    if !tx.cards(turn.game.id).await?.is_empty() {
        return Err(refuse(
            lang,
            "postal-error-ledger-game",
            &game_args(turn.game.id),
        ));
    }
    if let Some(claim) = tx.pending_claim(turn.game.id).await? {
        let args = game_args(turn.game.id).with("case", claim.case_id.0);
        return Err(refuse(lang, "postal-error-suspended", &args));
    }
    let allowed = &turn.regulation.notations;
    let (first, pairs) = variant::segments(text);
    let open = open_variant(tx, turn).await?;
    let answer = match &open {
        Some(stored) => {
            let moves = variant_moves(&turn.before, &stored.moves)?;
            let tokens = variant::tokens(first);
            match variant::read_answer(&turn.before, &moves, &tokens, allowed) {
                Ok(answer) => answer,
                Err(RepeatError::NoNewMove) => final_answer(turn, &moves, &tokens)
                    .ok_or_else(|| repeat_refusal(actor, &RepeatError::NoNewMove))?,
                Err(error) => return Err(repeat_refusal(actor, &error)),
            }
        }
        None => Answer {
            accepted: Vec::new(),
            own: Some(read_move(actor, turn, first)?),
        },
    };
    let mut after = turn.before.clone();
    for mv in answer.accepted.iter().chain(answer.own.as_ref()) {
        after.play_unchecked(*mv);
    }
    let proposal = if pairs.is_empty() {
        Vec::new()
    } else if answer.own.is_none() {
        let args = game_args(turn.game.id);
        return Err(refuse(lang, "postal-error-variant-ends", &args));
    } else if !turn.regulation.variants_allowed() {
        return Err(refuse(lang, "postal-error-variants-off", &Args::new()));
    } else {
        variant::read_proposal(&after, &pairs, allowed).map_err(|e| proposal_refusal(actor, &e))?
    };
    Ok(Message {
        text: text.to_owned(),
        answer,
        open,
        proposal,
        shift: Duration::zero(),
    })
}

/// An answer that repeats whole pairs of the partner's variant and adds no
/// move of its own: accepted when those moves end the game on the record
/// (mate, stalemate, repetition), exactly at the last one (R2.3.7).
fn final_answer(turn: &Turn, variant: &[Move], tokens: &[&str]) -> Option<Answer> {
    let allowed = &turn.regulation.notations;
    let accepted = variant::read_final_answer(&turn.before, variant, tokens, allowed)?;
    let mut record = turn.record.clone();
    let (last, earlier) = accepted.split_last()?;
    for mv in earlier {
        if record.play(*mv).ok()?.is_some() {
            return None;
        }
    }
    record.play(*last).ok()??;
    Some(Answer {
        accepted,
        own: None,
    })
}

/// A message sent: what its notices and reply need.
struct PostedMessage {
    turn_game: crate::store::GameRecord,
    event: String,
    clock: PostalClock,
    answered: Option<Answered>,
    moves: Vec<NoticeMove>,
    accepted: usize,
    variant: Vec<NoticeMove>,
    clocks: Clocks,
    result: Option<GameResult>,
    /// The rules the game is played under, which set the next deadlines.
    rules: Rules,
}

/// Records every move of the message with its postal dates (R2.4.4,
/// R2.4.8: the receiver's time on the last accepted move, the rest free).
async fn send(
    tx: &mut Tx,
    actor: &Actor,
    turn: Turn,
    message: &Message,
    now: DateTime<Utc>,
) -> Result<PostedMessage, Failure> {
    let Turn {
        game,
        leaves,
        event,
        regulation,
        rows,
        mut record,
        ..
    } = turn;
    let lang = actor.lang();
    let start = game.started_at.unwrap_or(now);
    let answered_at = rows.last().map_or(start, |row| row.received_at);
    let plays: Vec<Move> = message
        .answer
        .accepted
        .iter()
        .chain(message.answer.own.as_ref())
        .copied()
        .collect();
    let mut dates = ply_dates(
        plays.len(),
        message.answer.pairs(),
        answered_at + message.shift,
        now,
    );
    if message.answer.own.is_none()
        && let Some(last) = dates.last_mut()
    {
        // The variant's own last move, accepted and ending the game: free (R2.4.8).
        last.continuation = true;
    }
    let mut all = clocked_moves(start, &rows, &tx.postal_plies(game.id).await?);
    let clock = PostalClock::new(&regulation);
    let mut result = None;
    let mut moves = Vec::new();
    for (index, (mv, postal)) in plays.iter().zip(&dates).enumerate() {
        if result.is_some() {
            let args = game_args(game.id);
            return Err(refuse(lang, "postal-error-variant-ends", &args));
        }
        let fen_before = fen_of(record.position());
        result = record.play(*mv).context("playing a stored variant move")?;
        all.push(ClockedMove {
            received: postal.received_at,
            sent: now,
            continuation: postal.continuation,
        });
        let mut update = GameUpdate::from_game(&game);
        update.fen = fen_of(record.position());
        update.turn_since = Some(now);
        let last = index + 1 == plays.len();
        if last {
            let game_clock = PostalGame {
                clock,
                start,
                entries: &all,
                leaves: &leaves,
            };
            update.clock = Some(game_clock.clocks(now));
            if let Some(result) = &result {
                finish_update(&mut update, result, now);
            }
        }
        let uci = mv.to_uci(CastlingMode::Standard).to_string();
        let text = if last { &message.text } else { &uci };
        let postal = PostalPly {
            ply: game.ply + postal.ply,
            ..*postal
        };
        let commit = Commit {
            game: &game,
            ply: postal.ply,
            uci: &uci,
            text,
            update: &update,
            recorded: Recorded::Dates(&postal),
        };
        commit_move(tx, lang, commit, now).await?;
        moves.push(NoticeMove { fen_before, uci });
    }
    store_variants(tx, actor, &game, message, record.position(), now).await?;
    let variant = proposal_moves(record.position(), &message.proposal);
    let clocks = PostalGame {
        clock,
        start,
        entries: &all,
        leaves: &leaves,
    }
    .clocks(now);
    let answered = answered_move(&game, &rows, &clock)?;
    Ok(PostedMessage {
        turn_game: tx.game(game.id).await?,
        event: event.name,
        clock,
        answered,
        moves,
        accepted: 2 * message.answer.pairs(),
        variant,
        clocks,
        result,
        rules: Rules::of(&regulation),
    })
}

/// The postal dates of the moves of one message, as [`PostalPly`]s with
/// plies counted from 1 (R2.4.4, R2.4.8): the receiver's time is charged
/// on the last accepted move of the variant (or on the new move when none
/// is accepted) from `answered_at`; every other move is free.
fn ply_dates(
    count: usize,
    pairs: usize,
    answered_at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Vec<PostalPly> {
    let charged = if pairs > 0 { 2 * pairs - 2 } else { 0 };
    (0..count)
        .map(|index| PostalPly {
            ply: i64::try_from(index + 1).unwrap_or(i64::MAX),
            received_at: if index == charged { answered_at } else { now },
            continuation: index + 1 < count && index != charged,
        })
        .collect()
}

/// Closes the variant the message answered and stores the one it proposes.
async fn store_variants(
    tx: &mut Tx,
    actor: &Actor,
    game: &crate::store::GameRecord,
    message: &Message,
    after: &Chess,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    if let Some(open) = &message.open {
        let pairs = i64::try_from(message.answer.pairs()).unwrap_or(0);
        tx.answer_variant(open.id, pairs).await?;
    }
    if !message.proposal.is_empty() {
        let variant = proposal_moves(after, &message.proposal);
        let ucis: Vec<String> = variant.iter().map(|m| m.uci.clone()).collect();
        let count = 1 + message.answer.accepted.len();
        let ply = game.ply + i64::try_from(count).unwrap_or(0);
        tx.add_variant(game.id, ply, actor.player.id, &ucis, now)
            .await?;
    }
    Ok(())
}

fn proposal_moves(after: &Chess, proposal: &[Move]) -> Vec<NoticeMove> {
    let mut position = after.clone();
    proposal
        .iter()
        .map(|mv| {
            let notice = NoticeMove {
                fen_before: fen_of(&position),
                uci: mv.to_uci(CastlingMode::Standard).to_string(),
            };
            position.play_unchecked(*mv);
            notice
        })
        .collect()
}

/// The partner's move this message answers, with its dates (R2.3.6).
fn answered_move(
    game: &crate::store::GameRecord,
    rows: &[MoveRow],
    clock: &PostalClock,
) -> Result<Option<Answered>, Failure> {
    let Some((last, earlier)) = rows.split_last() else {
        return Ok(None);
    };
    let position = replay(game, earlier)?.position().clone();
    let date = date_text(clock, last.received_at);
    Ok(Some(Answered {
        mv: NoticeMove {
            fen_before: fen_of(&position),
            uci: last.uci.clone(),
        },
        sent: date.clone(),
        received: date,
    }))
}

/// Each move of the message to the game's public thread, if the event has
/// a game channel.
async fn to_thread(
    tx: &mut Tx,
    actor: &Actor,
    sent: &PostedMessage,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let game = &sent.turn_game;
    let colour =
        crate::app::view::game::colour_of(game, actor.player.id).unwrap_or(shakmaty::Color::White);
    let partner = tx
        .player(player_of(game, colour.other()))
        .await?
        .display_name;
    let channel = tx.game_channel(game.event_id).await?;
    for (index, mv) in sent.moves.iter().enumerate() {
        // A variant's replies (odd places) are the partner's moves.
        let mover = if index % 2 == 1 {
            partner.clone()
        } else {
            actor.player.display_name.clone()
        };
        let move_number = mv
            .fen_before
            .parse::<shakmaty::fen::Fen>()
            .map_or(1, |fen| fen.as_setup().fullmoves.get());
        let notice = Notice::MoveMade {
            game: game.id,
            event: sent.event.clone(),
            mover,
            move_number,
            mv: mv.clone(),
            clocks: sent.clocks,
            ends_game: false,
            loses_at: None,
            room: None,
            ply: None,
        };
        crate::app::notify::channel::move_made(tx, channel.as_ref(), game, &notice, now).await?;
        crate::app::notify::follow::move_made(tx, game, &notice, now).await?;
    }
    Ok(())
}

/// Delivers the message to the partner (R2.3.6), ends the game or sets the
/// silence deadlines (R2.5), and answers the sender.
async fn announce(tx: &mut Tx, actor: &Actor, sent: PostedMessage, now: DateTime<Utc>) -> Outcome {
    let lang = actor.lang();
    let notation = actor.notation();
    let game = &sent.turn_game;
    let colour =
        crate::app::view::game::colour_of(game, actor.player.id).unwrap_or(shakmaty::Color::White);
    let partner = player_of(game, colour.other());
    let own = sent.moves.last().cloned().unwrap_or(NoticeMove {
        fen_before: String::new(),
        uci: String::new(),
    });
    let date = date_text(&sent.clock, now);
    let notice = PostalMoveNotice {
        game: game.id,
        event: sent.event.clone(),
        mover: actor.player.display_name.clone(),
        answered: sent.answered.clone(),
        accepted: sent.moves[..sent.accepted].to_vec(),
        mv: own.clone(),
        sent: date.clone(),
        variant: sent.variant.clone(),
        clocks: sent.clocks,
        repeat: false,
        ends_game: sent.result.is_some(),
        deadline: match sent.result {
            Some(_) => None,
            None => {
                crate::app::view::postal_clock::reply_deadline(tx, game.id, partner, now).await?
            }
        },
    };
    notify(
        tx,
        partner,
        &Notice::Postal(PostalNotice::Move(Box::new(notice))),
        now,
    )
    .await?;
    to_thread(tx, actor, &sent, now).await?;
    let args = game_args(game.id)
        .with("move", numbered(&own, notation))
        .with("sent", date);
    let mut lines = vec![tr(lang, "postal-reply-sent", &args)];
    if sent.accepted > 0 {
        let moves = numbered_list(&sent.moves[..sent.accepted], notation);
        lines.push(tr(
            lang,
            "postal-reply-accepted",
            &Args::new().with("moves", moves),
        ));
    }
    if !sent.variant.is_empty() {
        let text = variant_text(&sent.variant, lang, notation);
        lines.push(tr(
            lang,
            "postal-reply-variant",
            &Args::new().with("variant", text),
        ));
    }
    lines.push(clocks_text(lang, &sent.clocks));
    let kept = Kept::ByBot(&sent.rules, &[], None);
    if let Some(notice) = settle_move(tx, game, (sent.result.as_ref(), partner), kept, now).await? {
        lines.push(notice.text(lang, notation));
    }
    Ok(vec![Outgoing::text(lines.join("\n"))])
}
