//! The read-only queries behind the pages: each builds a plain view of what
//! one page shows, in one read transaction, from public data only. Nothing
//! here reads contacts, accounts, cases, leave reasons or messages: the
//! views hold names, games, moves, clocks and results, nothing else.

use chrono::{DateTime, Utc};
use shakmaty::{Chess, Color, Position};

use crate::app::failure::Failure;
use crate::app::rules::{Rules, shown_clock};
use crate::app::view::clock::MoveClock;
use crate::app::view::game::{regulation_of, replay};
use crate::app::view::leave_time::{end_of_time, game_leaves};
use crate::app::view::pgn::public_game_pgn;
use crate::app::view::public_delay::{event_delay, shown_plies};
use crate::app::view::standings::{Table, stage_tables, table_of};
use crate::app::view::team_standings::{TeamTable, team_table_of};
use crate::core::clock::Clocks;
use crate::core::notation::{Notation, write_with_check};
use crate::core::regulation::Regulation;
use crate::store::{
    Event, EventId, EventStatus, GameId, GameRecord, GameStatus, PlayerId, Role, StoreError, Tx,
};

/// A failure of a page's query: the thing is not there, or the store failed.
#[derive(Debug)]
pub(crate) enum PageError {
    /// No such event, game or player: 404.
    NotFound,
    /// Anything else: 500, logged.
    Internal(anyhow::Error),
}

impl From<StoreError> for PageError {
    fn from(error: StoreError) -> Self {
        match error {
            StoreError::NotFound { .. } => PageError::NotFound,
            other => PageError::Internal(other.into()),
        }
    }
}

impl From<Failure> for PageError {
    fn from(failure: Failure) -> Self {
        match failure {
            Failure::Internal(error) => PageError::Internal(error),
            _ => PageError::Internal(anyhow::anyhow!("a page's query was refused")),
        }
    }
}

impl From<anyhow::Error> for PageError {
    fn from(error: anyhow::Error) -> Self {
        PageError::Internal(error)
    }
}

/// A page's query result.
pub(crate) type PageResult<T> = Result<T, PageError>;

/// One event in the list.
#[derive(Clone, Debug)]
pub(crate) struct EventSummary {
    /// The event.
    pub(crate) event: Event,
    /// Entrants.
    pub(crate) players: usize,
}

/// The events open for entry, with entries closed (not started), running
/// and finished, in that order.
pub(crate) async fn events(tx: &mut Tx) -> PageResult<Vec<EventSummary>> {
    let mut out = Vec::new();
    for status in [
        EventStatus::Registration,
        EventStatus::Closed,
        EventStatus::Running,
        EventStatus::Finished,
    ] {
        for event in tx.events_with_status(status).await? {
            let players = tx.entries(event.id).await?.len();
            out.push(EventSummary { event, players });
        }
    }
    Ok(out)
}

/// A player as pages name them.
#[derive(Clone, Debug)]
pub(crate) struct Named {
    /// The player.
    pub(crate) id: PlayerId,
    /// Their display name.
    pub(crate) name: String,
}

/// One game as a line of a list.
#[derive(Clone, Debug)]
pub(crate) struct GameLine {
    /// The game.
    pub(crate) game: GameRecord,
    /// White.
    pub(crate) white: Named,
    /// Black.
    pub(crate) black: Named,
    /// The move it waits for, while it is in play.
    pub(crate) pending: Option<Pending>,
}

/// The move a game in play waits for: the app's clock of it (R3.5.2–R3.5.7,
/// leave left out) and the mover's leave, if they are on leave now.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pending {
    /// Who is to move, since when, days on this move, the deadline.
    pub(crate) clock: MoveClock,
    /// The end of the mover's leave that holds the clock now.
    pub(crate) on_leave_until: Option<DateTime<Utc>>,
}

/// The pending move of `game` at `now` (none unless it is in play).
pub(crate) async fn pending_of(
    tx: &mut Tx,
    game: &GameRecord,
    now: DateTime<Utc>,
) -> PageResult<Option<Pending>> {
    if game.status != GameStatus::Running {
        return Ok(None);
    }
    let Some(clock) = shown_clock(tx, game, now).await? else {
        return Ok(None);
    };
    let leaves = game_leaves(tx, game).await?;
    let on_leave_until = leaves
        .of(clock.colour)
        .spans()
        .iter()
        .find(|span| span.start <= now && now < span.end && span.end < end_of_time())
        .map(|span| span.end);
    Ok(Some(Pending {
        clock,
        on_leave_until,
    }))
}

/// What the event page shows.
pub(crate) struct EventView {
    /// The event.
    pub(crate) event: Event,
    /// Its regulation.
    pub(crate) regulation: Regulation,
    /// Round-robin cycles (1 or 2).
    pub(crate) cycles: u32,
    /// The entrants, in order of entry (none for a cancelled event).
    pub(crate) players: Vec<Named>,
    /// The crosstable with standings (an individual event that started).
    pub(crate) table: Option<Table>,
    /// An event played in sections (issue 40): each section's crosstable,
    /// then the final's once it has started.
    pub(crate) stages: Vec<Table>,
    /// The teams' standings (a team event that started).
    pub(crate) team_table: Option<TeamTable>,
    /// A knock-out event's bracket, once it has started (issue 40).
    pub(crate) knockout: Option<crate::app::view::knockout::KnockoutTable>,
    /// The games by round.
    pub(crate) games: Vec<GameLine>,
    /// The arbiters appointed for this event, by player.
    pub(crate) arbiters: Vec<Named>,
}

impl EventView {
    /// How many of its games are finished.
    pub(crate) fn finished(&self) -> usize {
        let over = |line: &&GameLine| line.game.status == GameStatus::Finished;
        self.games.iter().filter(over).count()
    }
}

async fn named(tx: &mut Tx, id: PlayerId) -> PageResult<Named> {
    let name = tx.player(id).await?.display_name;
    Ok(Named { id, name })
}

/// `game` as a line of a list, for a viewer from whom its event's
/// `delay` holds moves back: while it holds any, the line does not say
/// who is to move, since when or by when, which would date the held moves.
async fn game_line(
    tx: &mut Tx,
    game: GameRecord,
    (delay, now): (u32, DateTime<Utc>),
) -> PageResult<GameLine> {
    let white = named(tx, game.white).await?;
    let black = named(tx, game.black).await?;
    let plies = usize::try_from(game.ply).unwrap_or(0);
    let pending = if shown_plies(&game, plies, delay) < plies {
        None
    } else {
        pending_of(tx, &game, now).await?
    };
    Ok(GameLine {
        game,
        white,
        black,
        pending,
    })
}

/// The event page's data.
pub(crate) async fn event(tx: &mut Tx, id: EventId, now: DateTime<Utc>) -> PageResult<EventView> {
    let event = tx.event(id).await?;
    if event.status == EventStatus::Draft {
        return Err(PageError::NotFound);
    }
    let regulation = regulation_of(&event);
    let cycles = tx.event_settings(id).await?.cycles;
    let mut players = Vec::new();
    // A cancelled event's page says so and names nobody.
    let entries = match event.status {
        EventStatus::Cancelled => Vec::new(),
        _ => tx.entries(id).await?,
    };
    for entry in entries {
        players.push(named(tx, entry.player_id).await?);
    }
    let delay = event_delay(tx, &event).await?;
    let mut games = Vec::new();
    for game in tx.games_of_event(id).await? {
        games.push(game_line(tx, game, (delay, now)).await?);
    }
    let started = matches!(event.status, EventStatus::Running | EventStatus::Finished);
    let sectioned = event.regulation.sections.is_some();
    let knockout = match started {
        true => crate::app::view::knockout::KnockoutTable::of(tx, event.clone()).await?,
        false => None,
    };
    let table = if started && !event.is_team && !sectioned && knockout.is_none() {
        Some(table_of(tx, event.clone()).await?)
    } else {
        None
    };
    let stages = match started && sectioned {
        true => stage_tables(tx, event.clone()).await?,
        false => Vec::new(),
    };
    let team_table = if started && event.is_team {
        Some(team_table_of(tx, &event).await?)
    } else {
        None
    };
    let arbiters = tx
        .event_role_holders(id, Role::Arbiter)
        .await?
        .into_iter()
        .map(|(id, name)| Named { id, name })
        .collect();
    Ok(EventView {
        event,
        regulation,
        cycles,
        players,
        table,
        stages,
        team_table,
        knockout,
        games,
        arbiters,
    })
}

/// One ply of a game as the game page lists it.
#[derive(Clone, Debug)]
pub(crate) struct PlyLine {
    /// Half-move number, from 1.
    pub(crate) ply: usize,
    /// The move number.
    pub(crate) number: u32,
    /// The side that moved.
    pub(crate) colour: Color,
    /// The move in the notation asked for.
    pub(crate) text: String,
    /// Days charged for it.
    pub(crate) days: i64,
    /// The mover's days used so far.
    pub(crate) total: i64,
    /// When it was made.
    pub(crate) at: DateTime<Utc>,
}

/// What the game page shows.
pub(crate) struct GameView {
    /// The game.
    pub(crate) line: GameLine,
    /// Its event.
    pub(crate) event: Event,
    /// Every ply.
    pub(crate) plies: Vec<PlyLine>,
    /// The position after each ply (index 0: the start).
    pub(crate) positions: Vec<Chess>,
    /// Both clocks now (or when it ended).
    pub(crate) clocks: Clocks,
    /// The pending move's clock, while the game runs.
    pub(crate) clock: Option<MoveClock>,
    /// The game's PGN.
    pub(crate) pgn: String,
    /// How many of the last moves the event's `public-delay=N` holds back
    /// while the game is in play (none of them is in this view).
    pub(crate) held: usize,
}

/// The public game page's data, the moves written in `notation`: a game
/// in play without the moves its event's public delay holds back.
pub(crate) async fn game(
    tx: &mut Tx,
    id: GameId,
    notation: Notation,
    now: DateTime<Utc>,
) -> PageResult<GameView> {
    game_as(tx, id, (notation, Viewer::Public), now).await
}

/// Who a game's view is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Viewer {
    /// The public: the event's public delay applies.
    Public,
    /// One of the game's players (their own board page): every move.
    Player,
}

/// The game's data as `viewer` sees it, the moves written in `notation`.
pub(crate) async fn game_as(
    tx: &mut Tx,
    id: GameId,
    (notation, viewer): (Notation, Viewer),
    now: DateTime<Utc>,
) -> PageResult<GameView> {
    let game = tx.game(id).await?;
    let event = tx.event(game.event_id).await?;
    let regulation = regulation_of(&event);
    let mut rows = tx.moves(id).await?;
    let delay = match viewer {
        Viewer::Public => event_delay(tx, &event).await?,
        Viewer::Player => 0,
    };
    let shown = shown_plies(&game, rows.len(), delay);
    let held = rows.len() - shown;
    rows.truncate(shown);
    let played = replay(&game, &rows)?;
    let charges = Rules::of(&regulation)
        .ply_charges(tx, &game, &rows, now)
        .await?;
    let clocks = Rules::game_clocks(tx, &game, now).await?;
    let pgn = match viewer {
        Viewer::Public => public_game_pgn(tx, &game).await?,
        Viewer::Player => crate::app::view::pgn::game_pgn(tx, &game).await?,
    };
    let made: Vec<DateTime<Utc>> = rows.iter().map(|row| row.received_at).collect();
    let (plies, positions) = replayed_plies(&played, notation, (&charges, &made));
    let line = game_line(tx, game, (delay, now)).await?;
    let clock = line.pending.map(|pending| pending.clock);
    Ok(GameView {
        line,
        event,
        plies,
        positions,
        clocks,
        clock,
        pgn,
        held,
    })
}

/// Every ply of `played` written in `notation` with the check and mate
/// signs the PGN carries (`Qh4#`), its days from `charges`, and the
/// position after each ply (index 0: the start).
fn replayed_plies(
    played: &crate::core::game::Game,
    notation: Notation,
    (charges, made): (&[i64], &[DateTime<Utc>]),
) -> (Vec<PlyLine>, Vec<Chess>) {
    let mut totals = [0, 0];
    let mut position: Chess = played.start_position().clone();
    let mut positions = vec![position.clone()];
    let mut plies = Vec::with_capacity(played.moves().len());
    for (index, mv) in played.moves().iter().enumerate() {
        let colour = position.turn();
        let days = charges.get(index).copied().unwrap_or(0);
        let side = usize::from(colour == Color::Black);
        totals[side] += days;
        plies.push(PlyLine {
            ply: index + 1,
            number: position.fullmoves().get(),
            colour,
            text: write_with_check(&position, mv, notation),
            days,
            total: totals[side],
            at: made.get(index).copied().unwrap_or_default(),
        });
        position.play_unchecked(*mv);
        positions.push(position.clone());
    }
    (plies, positions)
}

/// Every game of an event as one PGN document.
pub(crate) async fn event_pgn(tx: &mut Tx, id: EventId) -> PageResult<String> {
    let event = tx.event(id).await?;
    let mut parts = Vec::new();
    for game in tx.games_of_event(event.id).await? {
        parts.push(public_game_pgn(tx, &game).await?);
    }
    Ok(parts.join("\n"))
}

/// What the player page shows.
pub(crate) struct PlayerView {
    /// The player.
    pub(crate) player: Named,
    /// Their games with the event of each.
    pub(crate) games: Vec<(GameLine, Event)>,
    /// The events they entered (none still being set up), by number.
    pub(crate) events: Vec<Event>,
    /// Points (halves) over finished games, and how many.
    pub(crate) score: (u32, usize),
    /// The club rating (rounded) and rated games, once rated (issue #21).
    pub(crate) rating: Option<(i64, i64)>,
    /// The rating before the first rated game, then after each (with the
    /// game's end), oldest first: the chart's points.
    pub(crate) rating_history: Vec<(DateTime<Utc>, i64)>,
}

/// The player page's data.
/// Only people who entered an event have a page.
pub(crate) async fn player(
    tx: &mut Tx,
    id: PlayerId,
    now: DateTime<Utc>,
) -> PageResult<PlayerView> {
    let player = named(tx, id).await?;
    let entered = tx.events_entered(id).await?;
    if entered.is_empty() {
        return Err(PageError::NotFound);
    }
    let mut events = Vec::new();
    for event in entered {
        let event = tx.event(event).await?;
        if event.status != EventStatus::Draft {
            events.push(event);
        }
    }
    let mut games = Vec::new();
    let mut halves = 0;
    let mut finished = 0;
    for game in tx.games_of_player(id).await? {
        let event = tx.event(game.event_id).await?;
        if let Some(score) = game
            .result
            .filter(|s| *s != crate::core::game::Score::Annulled)
        {
            finished += 1;
            halves += halves_of(score, game.white == id);
        }
        let delay = event_delay(tx, &event).await?;
        games.push((game_line(tx, game, (delay, now)).await?, event));
    }
    let rating = tx.rating_of(id).await?.map(|(r, n)| (r.points(), n));
    let rating_history = rating_points(tx, id).await?;
    Ok(PlayerView {
        player,
        games,
        events,
        score: (halves, finished),
        rating,
        rating_history,
    })
}

/// The most rated games the chart shows (the last ones).
const CHART_GAMES: i64 = 60;

/// The rating chart's points: before the first of the last rated games,
/// then after each, oldest first.
async fn rating_points(tx: &mut Tx, id: PlayerId) -> PageResult<Vec<(DateTime<Utc>, i64)>> {
    let mut changes = tx.rating_history(id, CHART_GAMES).await?;
    changes.reverse();
    let Some(first) = changes.first() else {
        return Ok(Vec::new());
    };
    let mut points = vec![(first.finished_at, first.before.points())];
    points.extend(
        changes
            .iter()
            .map(|change| (change.finished_at, change.after.points())),
    );
    Ok(points)
}

/// The half-points a score gives White (`as_white`) or Black.
fn halves_of(score: crate::core::game::Score, as_white: bool) -> u32 {
    use crate::core::game::Score;
    let own = if as_white { Color::White } else { Color::Black };
    match score {
        Score::Win(winner) if winner == own => 2,
        Score::Draw => 1,
        _ => 0,
    }
}
