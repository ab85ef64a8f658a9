//! One turn of a simulated game: the side to move makes a seeded legal
//! move, or ends the game as agreed (resigns, or offers a draw the partner
//! accepts); now and then registers a leave first (R3.6).

use std::cmp::Reverse;

use chrono::{DateTime, TimeDelta, Utc};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Position};

use super::federation::Federation;
use super::meter::Op;
use super::think::{Ending, think_time};
use crate::store::{GameId, GameRecord, GameStatus};

/// The chance that a player registers a leave before a move.
const LEAVE_CHANCE: f64 = 0.003;

impl Federation {
    /// The turn of `game` at `now`.
    pub(super) async fn play(&mut self, game: i64, now: DateTime<Utc>) -> anyhow::Result<()> {
        let record = self.stored(game).await?;
        match record.status {
            GameStatus::Running => {}
            GameStatus::Suspended => {
                self.again(game, now + TimeDelta::days(1));
                return Ok(());
            }
            _ => return Ok(()),
        }
        let position = position_of(&record)?;
        let sim = &self.games[&game];
        let mover = match position.turn() {
            Color::White => sim.white.clone(),
            Color::Black => sim.black.clone(),
        };
        if record.ply >= sim.ending.ply() {
            return self.agree_end(&record, &mover).await;
        }
        let mut wait = think_time(&mut self.rng);
        if self.rng.chance(LEAVE_CHANCE) {
            wait += self.take_leave(&mover, game, now).await?;
        }
        let legal = position.legal_moves();
        if legal.is_empty() {
            return Ok(()); // over on the board: the app has scored it
        }
        let chosen = legal[self.rng.below(legal.len() as u64) as usize];
        let uci = chosen.to_uci(CastlingMode::Standard);
        let text = format!("/move {game} {uci}");
        let (reply, took) = self.club.say(&mover, text.clone()).await?;
        self.meter.record(Op::Move, took, 1);
        if self.stored(game).await?.ply == record.ply + 1 {
            self.meter.moves += 1;
        } else {
            self.meter.refused += 1;
            let seen = format!("{} {text} at {}: {reply}", record.fen, record.ply);
            self.meter.first_refusal.get_or_insert(seen);
        }
        self.again(game, now + wait);
        Ok(())
    }

    async fn stored(&self, game: i64) -> anyhow::Result<GameRecord> {
        let mut tx = self.db.read().await?;
        let record = tx.game(GameId(game)).await?;
        tx.commit().await?;
        Ok(record)
    }

    fn again(&mut self, game: i64, at: DateTime<Utc>) {
        self.queue.push(Reverse((at, game)));
    }

    /// `mover` registers a leave of 5–15 days from the day after tomorrow
    /// in the game's event; the extra wait it brings.
    async fn take_leave(
        &mut self,
        mover: &str,
        game: i64,
        now: DateTime<Utc>,
    ) -> anyhow::Result<TimeDelta> {
        let days = self.rng.between(5, 15) as i64;
        let from = (now + TimeDelta::days(2)).date_naive();
        let event = self.games[&game].event;
        let text = format!("/leave add {from} {days} {event}");
        self.club.say(mover, text).await?;
        self.meter.leaves += 1;
        Ok(TimeDelta::days(days + 2))
    }

    /// The agreed end: a resignation, or a draw offered and accepted (a
    /// refused offer ends in the resignation).
    async fn agree_end(&mut self, record: &GameRecord, mover: &str) -> anyhow::Result<()> {
        let game = record.id.0;
        let sim = &self.games[&game];
        let partner = if mover == sim.white {
            sim.black.clone()
        } else {
            sim.white.clone()
        };
        if let Ending::Draw(_) = sim.ending {
            self.club.say(mover, format!("/draw offer {game}")).await?;
            self.club
                .say(&partner, format!("/draw accept {game}"))
                .await?;
        }
        if self.stored(game).await?.status == GameStatus::Running {
            self.club
                .say(mover, format!("/resign {game} confirm"))
                .await?;
        }
        self.meter.agreed_ends += 1;
        Ok(())
    }
}

/// The position of a stored game.
fn position_of(record: &GameRecord) -> anyhow::Result<Chess> {
    let fen = Fen::from_ascii(record.fen.as_bytes())?;
    Ok(fen.into_position(CastlingMode::Standard)?)
}
