//! The opponent's move meets the conditional lines (issue 41): the lines
//! it follows go on, the others are dropped, and the owner's reply is
//! played at once, in the transaction of the opponent's move, with the
//! notices of both. The reply is made the instant the move it answers
//! arrived, so it costs its owner no time (R3.5.2 counts from the
//! partner's move). The owner on leave cannot move (R3.6.2), nor a
//! disqualified one (R2.1.5): their lines are then dropped.

use anyhow::Context;
use chrono::{DateTime, Utc};
use shakmaty::uci::UciMove;
use shakmaty::{Move, Position};

use crate::app::actor::Actor;
use crate::app::failure::Failure;
use crate::app::notice::{ConditionalNotice, MetMove, Notice, NoticeMove};
use crate::app::notify::notify;
use crate::app::rules::game_over_notice;
use crate::app::service::games::play::{Turn, play_reply};
use crate::app::view::game::{colour_of, player_of, regulation_of, replay, side_to_move};
use crate::app::view::leave_time::{GameLeaves, game_leaves_with};
use crate::core::notation;
use crate::core::regulation::Regulation;
use crate::store::{ConditionalLine, GameRecord, LineStatus, PlayerId, SanctionKind, Tx};

/// A move just recorded, as the opponent's lines meet it.
pub(crate) struct OpponentMove<'a> {
    /// The game as it was before the move.
    pub game: &'a GameRecord,
    /// The event's name.
    pub event: &'a str,
    /// The mover's name.
    pub mover: &'a str,
    /// The move's number.
    pub number: u32,
    /// The move in UCI.
    pub uci: &'a str,
}

impl OpponentMove<'_> {
    fn met(&self) -> MetMove {
        MetMove {
            game: self.game.id,
            event: self.event.to_owned(),
            opponent: self.mover.to_owned(),
            number: self.number,
            mv: NoticeMove {
                fen_before: self.game.fen.clone(),
                uci: self.uci.to_owned(),
            },
        }
    }
}

/// A conditional reply due: whose, which, and what its notice tells.
pub(crate) struct Answer {
    owner: PlayerId,
    reply: String,
    met: MetMove,
    pending: u32,
    left: u32,
}

/// What the opponent's move does to one line.
enum Meets {
    /// The line does not follow the move: dropped.
    Leaves,
    /// The move was the line's last: played out.
    Ends,
    /// The line answers the move with this reply.
    Answers(String),
}

fn meets(line: &ConditionalLine, ply: i64, uci: &str) -> Meets {
    match line.rest() {
        [mv, ..] if line.next_ply() != ply || mv != uci => Meets::Leaves,
        [_] | [] => Meets::Ends,
        [_, reply, ..] => Meets::Answers(reply.clone()),
    }
}

/// Meets the move `moved` (recorded, the game going on) with the
/// opponent's waiting lines where the regulation allows them (R3.2.4):
/// advances or drops each, tells the owner of dropped lines when nothing
/// is played, and returns the reply to play, if any.
pub(crate) async fn answer(
    tx: &mut Tx,
    moved: &OpponentMove<'_>,
    (regulation, leaves): (&Regulation, &GameLeaves),
    now: DateTime<Utc>,
) -> Result<Option<Answer>, Failure> {
    if !regulation.conditional_moves() {
        return Ok(None);
    }
    let game = moved.game;
    let owner_colour = side_to_move(game).other();
    let owner = player_of(game, owner_colour);
    let lines = tx.pending_conditional_lines(game.id, owner).await?;
    if lines.is_empty() {
        return Ok(None);
    }
    let fates: Vec<Meets> = lines
        .iter()
        .map(|line| meets(line, game.ply, moved.uci))
        .collect();
    let reply = fates.iter().find_map(|fate| match fate {
        Meets::Answers(reply) => Some(reply.clone()),
        _ => None,
    });
    // R3.6.2: no move during the owner's leave; R2.1.5: nor by one
    // disqualified.
    let may_move = match &reply {
        Some(_) if leaves.of(owner_colour).contains(now) => false,
        Some(_) => {
            let disqualified = SanctionKind::Disqualification;
            !tx.has_sanction(owner, disqualified).await?
        }
        None => true,
    };
    let reply = reply.filter(|_| may_move);
    let (mut pending, mut left) = (0, 0);
    for (line, fate) in lines.iter().zip(&fates) {
        let (played, status) = match fate {
            Meets::Answers(own) if reply.as_ref() == Some(own) => {
                let played = line.played + 2;
                let done = usize::try_from(played).is_ok_and(|p| p >= line.moves.len());
                (
                    played,
                    if done {
                        LineStatus::Done
                    } else {
                        LineStatus::Pending
                    },
                )
            }
            Meets::Ends => (line.played + 1, LineStatus::Done),
            Meets::Leaves | Meets::Answers(_) => (line.played, LineStatus::Left),
        };
        pending += u32::from(status == LineStatus::Pending);
        left += u32::from(status == LineStatus::Left);
        tx.advance_conditional_line(line.id, (played, status), now)
            .await?;
    }
    let met = moved.met();
    match reply {
        Some(reply) => Ok(Some(Answer {
            owner,
            reply,
            met,
            pending,
            left,
        })),
        None if left > 0 => {
            let notice = ConditionalNotice::Left {
                met,
                lines: left,
                on_leave: !may_move,
            };
            notify(tx, owner, &Notice::Conditional(notice), now).await?;
            Ok(None)
        }
        None => Ok(None),
    }
}

/// Plays `answer`'s reply as its owner's move, at `now` (the instant of
/// the move it answers: no time charged), announced as any move to the
/// partner, the game's thread and its followers; the owner is told of the
/// reply (and of the game's end, if it ended it) instead of the move it
/// answered.
pub(crate) async fn play_answer(
    tx: &mut Tx,
    answer: Answer,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let game = tx.game(answer.met.game).await?;
    let owner = owner_actor(tx, answer.owner).await?;
    let turn = owner_turn(tx, &game, answer.owner).await?;
    let mv = read_reply(&turn, &answer.reply)?;
    let text = notation::write(&turn.before, &mv, owner.notation());
    let reply = NoticeMove {
        fen_before: game.fen.clone(),
        uci: answer.reply.clone(),
    };
    let number = turn.before.fullmoves().get();
    let mut turn = turn;
    let result = turn
        .record
        .play(mv)
        .context("playing a conditional reply")?;
    play_reply(tx, &owner, turn, (mv, &text), result, now).await?;
    let notice = ConditionalNotice::Played {
        met: answer.met,
        number,
        reply,
        ply: game.ply + 1,
        ends_game: result.is_some(),
        pending: answer.pending,
        left: answer.left,
    };
    notify(tx, answer.owner, &Notice::Conditional(notice), now).await?;
    if let Some(result) = result {
        let over = game_over_notice(tx, &game, &result).await?;
        notify(tx, answer.owner, &over, now).await?;
    }
    Ok(())
}

/// The owner as the bot acts for them.
async fn owner_actor(tx: &mut Tx, owner: PlayerId) -> Result<Actor, Failure> {
    Ok(Actor {
        player: tx.player(owner).await?,
        is_admin: false,
        replied_game: None,
        platform: None,
        typed: None,
        home_zone: chrono_tz::UTC,
    })
}

/// The owner's turn in `game`, after the opponent's move.
async fn owner_turn(tx: &mut Tx, game: &GameRecord, owner: PlayerId) -> Result<Turn, Failure> {
    let players = (game.id, game.white, game.black);
    let head = tx.move_head(game.event_id, owner, players).await?;
    let regulation = regulation_of(&head.event);
    // Conditional moves are server games' (R3.2.4): no shared postal leave.
    let leaves = game_leaves_with(tx, game, false, head.adjustments).await?;
    let rows = tx.moves(game.id).await?;
    let record = replay(game, &rows)?;
    Ok(Turn {
        game: game.clone(),
        colour: colour_of(game, owner).unwrap_or(shakmaty::Color::White),
        leaves,
        event: head.event,
        regulation,
        before: record.position().clone(),
        rows,
        record,
        game_channel: head.game_channel,
        confirms: false,
    })
}

/// The stored reply as a move in the owner's position; a line checked
/// when it was set stays legal, so anything else is an internal error.
fn read_reply(turn: &Turn, uci: &str) -> Result<Move, Failure> {
    uci.parse::<UciMove>()
        .ok()
        .and_then(|parsed| parsed.to_move(&turn.before).ok())
        .ok_or_else(|| Failure::Internal(anyhow::anyhow!("conditional reply {uci}")))
}
