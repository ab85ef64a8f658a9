//! The turns of one slot of simulated time: each due game's side to move
//! makes a seeded legal move, or ends the game as agreed (resigns, or
//! offers a draw the partner accepts), now and then registering a leave
//! first (R3.6). The choices are made in order from the seed; the commands
//! then run concurrently, as many players' would, and are counted in order.

use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};
use futures_util::{StreamExt, TryStreamExt, stream};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Position};

use super::club::Club;
use super::federation::{Federation, Span};
use super::meter::Op;
use super::think::{Ending, think_time};
use crate::store::{Db, GameId, GameRecord, GameStatus};

/// The chance that a player registers a leave before a move.
const LEAVE_CHANCE: f64 = 0.003;

/// What one game's turn does, chosen from the seed.
enum Turn {
    /// Nothing now: the game is over, suspended, or its mover on leave.
    Wait,
    /// The agreed end: a draw offered and accepted, else a resignation.
    End {
        game: i64,
        mover: String,
        partner: String,
        draw: bool,
    },
    /// A move, after a leave's registration when there is one.
    Move {
        game: i64,
        /// The ply and position it is played from.
        ply: i64,
        fen: String,
        mover: String,
        leave: Option<String>,
        text: String,
    },
}

/// What a turn's commands gave.
enum Outcome {
    Nothing,
    Ended,
    Moved {
        took: Duration,
        /// The refused move and the app's answer, when it was refused.
        refusal: Option<String>,
    },
}

impl Federation {
    /// Plays the turns of `games`, all due at `now`.
    pub(super) async fn play_slot(
        &mut self,
        games: Vec<i64>,
        now: DateTime<Utc>,
    ) -> anyhow::Result<()> {
        let db = &self.db;
        let records: Vec<GameRecord> = stream::iter(games)
            .map(|game| stored(db, game))
            .buffered(self.concurrency)
            .try_collect()
            .await?;
        let mut turns = Vec::with_capacity(records.len());
        for record in records {
            turns.push(self.decide(record, now)?);
        }
        let (club, db) = (&self.club, &self.db);
        let outcomes: Vec<Outcome> = stream::iter(turns)
            .map(|turn| turn.run(club, db))
            .buffered(self.concurrency)
            .try_collect()
            .await?;
        for outcome in outcomes {
            self.count(outcome);
        }
        Ok(())
    }

    /// The turn of `record`'s game at `now`; queues its next turn.
    fn decide(&mut self, record: GameRecord, now: DateTime<Utc>) -> anyhow::Result<Turn> {
        let game = record.id.0;
        match record.status {
            GameStatus::Running => {}
            GameStatus::Suspended => {
                self.again(game, now + TimeDelta::days(1));
                return Ok(Turn::Wait);
            }
            _ => return Ok(Turn::Wait),
        }
        let position = position_of(&record)?;
        let sim = &self.games[&game];
        let (mover, partner) = match position.turn() {
            Color::White => (sim.white.clone(), sim.black.clone()),
            Color::Black => (sim.black.clone(), sim.white.clone()),
        };
        let (event, ending) = (sim.event, sim.ending);
        if let Some(until) = self.on_leave(&mover, event, now) {
            let next = until + think_time(&mut self.rng);
            self.again(game, next);
            return Ok(Turn::Wait);
        }
        if record.ply >= ending.ply() {
            let draw = matches!(ending, Ending::Draw(_));
            return Ok(Turn::End {
                game,
                mover,
                partner,
                draw,
            });
        }
        let legal = position.legal_moves();
        if legal.is_empty() {
            return Ok(Turn::Wait); // over on the board: the app has scored it
        }
        let mut wait = think_time(&mut self.rng);
        let leave = if self.rng.chance(LEAVE_CHANCE) {
            let (text, days) = self.plan_leave(&mover, event, now);
            wait += days;
            Some(text)
        } else {
            None
        };
        let chosen = legal[self.rng.below(legal.len() as u64) as usize];
        let uci = chosen.to_uci(CastlingMode::Standard);
        self.again(game, now + wait);
        Ok(Turn::Move {
            game,
            ply: record.ply,
            fen: record.fen,
            mover,
            leave,
            text: format!("/move {game} {uci}"),
        })
    }

    /// The end of the leave `player` is on in `event` at `now`, if any: no
    /// move is made in the event's games during it (R3.6.2).
    fn on_leave(&self, player: &str, event: i64, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        let span = self.leaves.get(&(player.to_owned(), event))?;
        span.holds(now).then_some(span.until)
    }

    fn again(&mut self, game: i64, at: DateTime<Utc>) {
        self.queue.push(std::cmp::Reverse((at, game)));
    }

    /// A leave of 5–15 days from the day after tomorrow that `mover` asks
    /// for in `event`: the command, and the extra wait it brings. The
    /// player makes no move in the event from now to a day past its end.
    fn plan_leave(&mut self, mover: &str, event: i64, now: DateTime<Utc>) -> (String, TimeDelta) {
        let days = self.rng.between(5, 15) as i64;
        let from = (now + TimeDelta::days(2)).date_naive();
        self.meter.leaves += 1;
        // The leave runs from midnight of `from` in the event's zone for
        // `days` days; a day's margin on each side covers any zone.
        let held = TimeDelta::days(days + 3);
        let span = Span {
            from: now,
            until: now + held,
        };
        self.leaves.insert((mover.to_owned(), event), span);
        (format!("/leave add {from} {days} {event}"), held)
    }

    fn count(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Nothing => {}
            Outcome::Ended => self.meter.agreed_ends += 1,
            Outcome::Moved { took, refusal } => {
                self.meter.record(Op::Move, took, 1);
                match refusal {
                    None => self.meter.moves += 1,
                    Some(refusal) => {
                        self.meter.refused += 1;
                        self.meter.first_refusal.get_or_insert(refusal);
                    }
                }
            }
        }
    }
}

impl Turn {
    /// Sends the turn's commands.
    async fn run(self, club: &Club, db: &Db) -> anyhow::Result<Outcome> {
        match self {
            Turn::Wait => Ok(Outcome::Nothing),
            Turn::End {
                game,
                mover,
                partner,
                draw,
            } => {
                if draw {
                    club.say(&mover, format!("/draw offer {game}")).await?;
                    club.say(&partner, format!("/draw accept {game}")).await?;
                }
                if stored(db, game).await?.status == GameStatus::Running {
                    club.say(&mover, format!("/resign {game} confirm")).await?;
                }
                Ok(Outcome::Ended)
            }
            Turn::Move {
                game,
                ply,
                fen,
                mover,
                leave,
                text,
            } => {
                if let Some(leave) = leave {
                    club.say(&mover, leave).await?;
                }
                let (reply, took) = club.say(&mover, text.clone()).await?;
                let stored = stored(db, game).await?.ply == ply + 1;
                let refusal = (!stored).then(|| format!("{fen} {text} at {ply}: {reply}"));
                Ok(Outcome::Moved { took, refusal })
            }
        }
    }
}

async fn stored(db: &Db, game: i64) -> anyhow::Result<GameRecord> {
    let mut tx = db.read().await?;
    let record = tx.game(GameId(game)).await?;
    tx.commit().await?;
    Ok(record)
}

/// The position of a stored game.
fn position_of(record: &GameRecord) -> anyhow::Result<Chess> {
    let fen = Fen::from_ascii(record.fen.as_bytes())?;
    Ok(fen.into_position(CastlingMode::Standard)?)
}
