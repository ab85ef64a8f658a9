//! The clock of the pending move as players see it: who is to move, how many
//! days this move has taken so far, and the instant the player loses on time
//! if they do not move (R3.5.2–R3.5.7, with leave and the arbiter's
//! adjustments).

use chrono::{DateTime, Utc};
use shakmaty::Color;

use crate::app::i18n::{Args, Lang, days_text, tr};
use crate::app::zone::ShownInstant;
use crate::core::clock::Clocks;
use crate::core::clock::Days;
use crate::core::clock::server::{ServerClock, player_record_from};
use crate::core::regulation::Regulation;
use crate::store::{Event, GameRecord, GameStatus, MoveRow, Tx};

use crate::app::failure::Failure;
use crate::app::view::game::{clocks_of, first_mover, game_clocks, plies_of, regulation_of};
use crate::app::view::leave_time::{GameLeaves, game_leaves, game_leaves_with};

/// The pending move's clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MoveClock {
    /// The side to move.
    pub colour: Color,
    /// When the move began (the opponent's move reached the player).
    pub since: DateTime<Utc>,
    /// Whole days of thinking on this move so far, leave left out (R3.5.2).
    pub days_on_move: Days,
    /// The instant the player loses on time without a move (R3.5.7); in a
    /// postal game the first instant sending the move oversteps the norm
    /// (R2.6.1).
    pub loses_at: DateTime<Utc>,
    /// A postal game (R2.4): the deadline is an overstep, not a loss.
    pub postal: bool,
    /// Leave-free days by which a postal player's time is already exceeded
    /// (R2.6.1); 0 when it is not.
    pub over: Days,
}

/// The pending move's clock computed from the record.
pub(crate) fn move_clock(
    regulation: &Regulation,
    start: DateTime<Utc>,
    (plies, first): (&[DateTime<Utc>], Color),
    now: DateTime<Utc>,
    leaves: &GameLeaves,
) -> MoveClock {
    let colour = if plies.len().is_multiple_of(2) {
        first
    } else {
        !first
    };
    let record = player_record_from(start, plies, colour, first);
    let since = record.pending_since.unwrap_or(start);
    let timeline = leaves.of(colour);
    let clock = ServerClock::new(regulation).with_offset(leaves.offset(colour));
    MoveClock {
        colour,
        since,
        days_on_move: timeline.active(since, now.max(since)).num_days(),
        loses_at: clock.flag_instant(&record.moves, since, timeline),
        postal: false,
        over: 0,
    }
}

/// The pending move's clock of a running server game at `now`; `None` for a
/// finished game or a postal one (whose clock counts dates, R2.4).
pub(crate) async fn pending_clock(
    tx: &mut Tx,
    game: &GameRecord,
    now: DateTime<Utc>,
) -> Result<Option<MoveClock>, Failure> {
    match running_regulation(tx, game).await? {
        Some(regulation) if !crate::app::view::game::is_postal(&regulation) => {
            Ok(Some(server_clock(tx, game, &regulation, now).await?))
        }
        _ => Ok(None),
    }
}

/// The pending move's clock as players see it, in any running game played
/// through the bot: the server clock (R3.5) or the postal one (R2.4,
/// R2.6.1); `None` for a finished game or one by post with cards.
pub(crate) async fn shown_clock(
    tx: &mut Tx,
    game: &GameRecord,
    now: DateTime<Utc>,
) -> Result<Option<MoveClock>, Failure> {
    match running_regulation(tx, game).await? {
        None => Ok(None),
        Some(regulation) if crate::app::view::game::is_postal(&regulation) => {
            crate::app::view::postal_clock::pending_postal_clock(tx, game, now).await
        }
        Some(regulation) => Ok(Some(server_clock(tx, game, &regulation, now).await?)),
    }
}

/// [`shown_clock`] and [`game_clocks`] of `game` at `now` from its `event`
/// and moves (`rows`) already read: a server game reads only its players'
/// leave and the arbiter's days (two statements; a board image, issue 24);
/// a postal game reads its own.
pub(crate) async fn clocks_from(
    tx: &mut Tx,
    game: &GameRecord,
    (event, rows): (&Event, &[MoveRow]),
    now: DateTime<Utc>,
) -> Result<(Option<MoveClock>, Clocks), Failure> {
    let regulation = regulation_of(event);
    if crate::app::view::game::is_postal(&regulation) {
        let deadline = shown_clock(tx, game, now).await?;
        return Ok((deadline, game_clocks(tx, game, now).await?));
    }
    let offsets = tx
        .clock_adjustments_pair(game.id, [game.white, game.black])
        .await?;
    let leaves = game_leaves_with(tx, game, false, offsets).await?;
    let plies = plies_of(rows);
    let first = first_mover(game);
    let deadline = (game.status == GameStatus::Running).then(|| {
        let start = game.started_at.unwrap_or(now);
        move_clock(&regulation, start, (&plies, first), now, &leaves)
    });
    let at = game.finished_at.unwrap_or(now);
    let start = game.started_at.unwrap_or(at);
    let clocks = clocks_of(&regulation, start, &plies, first, at, &leaves);
    Ok((deadline, clocks))
}

/// The regulation of a running game's event; `None` once it is finished.
async fn running_regulation(tx: &mut Tx, game: &GameRecord) -> Result<Option<Regulation>, Failure> {
    if game.status != GameStatus::Running {
        return Ok(None);
    }
    Ok(Some(regulation_of(&tx.event(game.event_id).await?)))
}

/// The server clock (R3.5) of the move pending in `game` at `now`.
async fn server_clock(
    tx: &mut Tx,
    game: &GameRecord,
    regulation: &Regulation,
    now: DateTime<Utc>,
) -> Result<MoveClock, Failure> {
    let plies = plies_of(&tx.moves(game.id).await?);
    let leaves = game_leaves(tx, game).await?;
    let start = game.started_at.unwrap_or(now);
    let plies = (plies.as_slice(), first_mover(game));
    Ok(move_clock(regulation, start, plies, now, &leaves))
}

/// «Ваш хід у партії #3: думаєте 16 днів; якщо не походите до …»: the
/// mover's own deadline.
pub(crate) fn yours_text(lang: Lang, game: i64, clock: &MoveClock, shown: &ShownInstant) -> String {
    let id = match (clock.postal, clock.over > 0) {
        (false, _) => "clock-deadline-yours",
        (true, false) => "clock-postal-deadline-yours",
        (true, true) => "clock-postal-over-yours",
    };
    tr(lang, id, &clock_args(lang, game, clock, shown))
}

/// The arguments of a deadline text: the game, the days on this move, the
/// deadline and (postal) the days over the norm.
fn clock_args(lang: Lang, game: i64, clock: &MoveClock, shown: &ShownInstant) -> Args<'static> {
    Args::new()
        .with("game", game)
        .with("days", days_text(lang, clock.days_on_move))
        .with("at", shown.text(lang))
        .with("over", days_text(lang, clock.over))
}

/// The deadline of the side to move as anyone else sees it.
pub(crate) fn side_text(lang: Lang, game: i64, clock: &MoveClock, shown: &ShownInstant) -> String {
    let side = match clock.colour {
        Color::White => "white",
        Color::Black => "black",
    };
    let id = match (clock.postal, clock.over > 0) {
        (false, _) => "clock-deadline",
        (true, false) => "clock-postal-deadline",
        (true, true) => "clock-postal-over",
    };
    tr(
        lang,
        id,
        &clock_args(lang, game, clock, shown).with("side", side),
    )
}
