//! The federation's past (`--history GAMES`): finished round robins of the
//! two years before the simulation, written straight through the store, so
//! that the simulated days run on a database that already holds that many
//! games and their moves. The past's players are the simulation's pool
//! (and more, at ten per event), so the live players carry finished games
//! as a federation's members do. Only the rows a finished event keeps are
//! written: players with their accounts, the event, entries, games with
//! their moves and results (ratings follow the results); no notices,
//! deadlines or updates, which retention would have pruned.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use chrono::{DateTime, TimeDelta, Utc};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position};

use super::club::player_name;
use super::plan::{PlannedEvent, plan};
use super::rng::Rng;
use crate::core::game::Score;
use crate::core::regulation::{Regulation, RuleSet};
use crate::store::{
    Db, EventId, EventStatus, GameStatus, GameUpdate, MoveRow, NewEvent, NewGame, NewPlayer,
    Platform, PlayerId, Tx,
};

/// What was written.
#[derive(Clone, Debug, Default)]
pub struct History {
    /// Finished games.
    pub games: usize,
    /// Their moves.
    pub moves: u64,
    /// How long writing took.
    pub took: Duration,
}

/// Writes about `games` finished games of events played in the two years
/// before `start`, seeded with `seed`. The games are written in the order
/// they finished, as a federation's results arrive, so that each result
/// updates the ratings after the players' earlier ones.
pub async fn write(
    db: &Db,
    games: usize,
    seed: u64,
    start: DateTime<Utc>,
) -> anyhow::Result<History> {
    let began = Instant::now();
    let mut history = History::default();
    if games == 0 {
        return Ok(history);
    }
    let mut rng = Rng::new(seed ^ 0x5EA5_0115);
    let (events, mut past) = past_events(db, games, start, &mut rng).await?;
    past.sort_by_key(|game| (game.finished_at, game.seed));
    for chunk in past.chunks(GAMES_PER_TRANSACTION) {
        let mut tx = db.begin().await?;
        for game in chunk {
            history.moves += past_game(&mut tx, game).await?;
        }
        tx.commit().await?;
    }
    let mut tx = db.begin().await?;
    for (id, ended) in events {
        tx.set_event_status(id, EventStatus::Finished, ended)
            .await?;
    }
    tx.commit().await?;
    db.analyze().await?;
    history.games = past.len();
    history.took = began.elapsed();
    Ok(history)
}

/// Games written per transaction.
const GAMES_PER_TRANSACTION: usize = 200;

/// A past game to write: its pairing, and the seed of its moves.
struct PastGame {
    event: EventId,
    white: PlayerId,
    black: PlayerId,
    round: i64,
    started_at: DateTime<Utc>,
    finished_at: DateTime<Utc>,
    seed: u64,
}

/// Creates the past events with their players and entries (running); their
/// games to write, and each event's end.
async fn past_events(
    db: &Db,
    games: usize,
    start: DateTime<Utc>,
    rng: &mut Rng,
) -> anyhow::Result<(Vec<(EventId, DateTime<Utc>)>, Vec<PastGame>)> {
    let players = (games / 10).max(2);
    let first_day = start - TimeDelta::days(730);
    let mut ids: HashMap<usize, PlayerId> = HashMap::new();
    let (mut events, mut past) = (Vec::new(), Vec::new());
    for (n, event) in plan(players, games, 730).into_iter().enumerate() {
        let at = first_day + TimeDelta::days(i64::from(event.start_day));
        let mut tx = db.begin().await?;
        let entrants = ensure_players(&mut tx, &event, &mut ids, at).await?;
        let id = past_event(&mut tx, n, &entrants, at).await?;
        tx.commit().await?;
        let mut ended = at;
        for (round, (white, black)) in pairings(&entrants, event.cycles).enumerate() {
            let seed = rng.next_u64();
            let (moves, _) = random_game(&mut Rng::new(seed), at);
            let finished_at = moves.last().map_or(at, |m| m.received_at);
            ended = ended.max(finished_at);
            past.push(PastGame {
                event: id,
                white,
                black,
                round: round as i64 + 1,
                started_at: at,
                finished_at,
                seed,
            });
        }
        events.push((id, ended));
    }
    Ok((events, past))
}

/// The event's entrants, registering those not seen before as the app
/// registers a console user.
async fn ensure_players(
    tx: &mut Tx,
    event: &PlannedEvent,
    ids: &mut HashMap<usize, PlayerId>,
    at: DateTime<Utc>,
) -> anyhow::Result<Vec<PlayerId>> {
    let mut entrants = Vec::with_capacity(event.players.len());
    for &index in &event.players {
        if let Some(id) = ids.get(&index) {
            entrants.push(*id);
            continue;
        }
        let name = player_name(index);
        let new = NewPlayer {
            display_name: name.clone(),
            language: "uk".to_owned(),
            notation: "ukr".to_owned(),
            at,
        };
        let player = tx.create_player(&new).await?;
        let account =
            (tx.link_account(player.id, Platform::Console, &name, None, None, at)).await?;
        tx.set_handle(&account, Some(&name)).await?;
        ids.insert(index, player.id);
        entrants.push(player.id);
    }
    Ok(entrants)
}

/// A running event of `entrants`, started at `at`.
async fn past_event(
    tx: &mut Tx,
    n: usize,
    entrants: &[PlayerId],
    at: DateTime<Utc>,
) -> anyhow::Result<EventId> {
    let new = NewEvent {
        name: format!("Past{n}"),
        rule_set: RuleSet::Server,
        regulation: Regulation::default(),
        is_team: false,
        at,
    };
    let event = tx.create_event(&new).await?;
    for &player in entrants {
        tx.add_entry(event.id, player, None, at).await?;
    }
    tx.set_event_status(event.id, EventStatus::Running, at)
        .await?;
    Ok(event.id)
}

/// Each pair once per cycle, colours swapped in the second.
fn pairings(entrants: &[PlayerId], cycles: u32) -> impl Iterator<Item = (PlayerId, PlayerId)> + '_ {
    (0..cycles).flat_map(move |cycle| {
        (0..entrants.len()).flat_map(move |i| {
            ((i + 1)..entrants.len()).map(move |j| match cycle {
                0 => (entrants[i], entrants[j]),
                _ => (entrants[j], entrants[i]),
            })
        })
    })
}

/// Writes one finished game: its seeded legal moves (20–120 plies, a move
/// every one to three days), ended by the board or by a seeded result;
/// its moves' count.
async fn past_game(tx: &mut Tx, past: &PastGame) -> anyhow::Result<u64> {
    let start_fen = Fen::from_position(&Chess::default(), EnPassantMode::Legal).to_string();
    let new = NewGame {
        event_id: past.event,
        round: past.round,
        board: None,
        white: past.white,
        black: past.black,
        initial_fen: None,
        fen: start_fen,
        clock: None,
    };
    let game = tx.create_game(&new).await?;
    let mut rng = Rng::new(past.seed);
    let (moves, position) = random_game(&mut rng, past.started_at);
    tx.archive_moves(game.id, &moves).await?;
    let update = GameUpdate {
        status: GameStatus::Finished,
        result: Some(score(&position, &mut rng)),
        result_reason: None,
        fen: Fen::from_position(&position, EnPassantMode::Legal).to_string(),
        clock: None,
        turn_since: None,
        started_at: Some(past.started_at),
        finished_at: Some(past.finished_at),
    };
    tx.update_game(game.id, game.version, &update).await?;
    Ok(moves.len() as u64)
}

/// Seeded legal moves from the start, a move about every two days from
/// `at`; and the final position.
fn random_game(rng: &mut Rng, at: DateTime<Utc>) -> (Vec<MoveRow>, Chess) {
    let plies = rng.between(20, 120) as i64;
    let mut position = Chess::default();
    let mut moves = Vec::with_capacity(plies as usize);
    let mut when = at;
    for ply in 1..=plies {
        let legal = position.legal_moves();
        if legal.is_empty() {
            break;
        }
        let chosen = legal[rng.below(legal.len() as u64) as usize];
        let uci = chosen.to_uci(CastlingMode::Standard).to_string();
        when += TimeDelta::minutes(rng.between(24 * 60, 3 * 24 * 60) as i64);
        moves.push(MoveRow {
            ply,
            text: uci.clone(),
            uci,
            received_at: when,
            sent_at: Some(when),
            charged_days: 0,
        });
        position.play_unchecked(chosen);
    }
    (moves, position)
}

/// The board's verdict when it has one, else a seeded win or draw.
fn score(position: &Chess, rng: &mut Rng) -> Score {
    if position.is_checkmate() {
        return Score::Win(!position.turn());
    }
    if position.is_game_over() {
        return Score::Draw;
    }
    match rng.below(3) {
        0 => Score::Win(Color::White),
        1 => Score::Win(Color::Black),
        _ => Score::Draw,
    }
}
