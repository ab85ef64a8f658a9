//! The clock of the pending move as players see it: who is to move, how many
//! days this move has taken so far, and the instant the player loses on time
//! if they do not move (R3.5.2–R3.5.7, with leave and the arbiter's
//! adjustments).

use chrono::{DateTime, Utc};
use shakmaty::Color;

use crate::app::i18n::{Args, Lang, days_text, tr};
use crate::app::room::Room;
use crate::app::zone::ShownInstant;
use crate::core::clock::Days;
use crate::core::clock::server::{ServerClock, player_record_from};
use crate::core::regulation::Regulation;
use crate::store::{GameRecord, Tx};

use crate::app::failure::Failure;
use crate::app::view::game::{first_mover, plies_of};
use crate::app::view::leave_time::{GameLeaves, game_leaves};

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
    /// How long the player can still think on this move before losing
    /// (server games; a postal deadline is an overstep, not a loss).
    pub room: Option<Room>,
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
    let thinking = timeline.active(since, now.max(since));
    let budget = clock.move_budget(&record.moves, timeline);
    MoveClock {
        colour,
        since,
        days_on_move: thinking.num_days(),
        loses_at: clock.flag_instant(&record.moves, since, timeline),
        postal: false,
        over: 0,
        room: Some(Room::of(budget, thinking, clock.doubles_after())),
    }
}

/// The server clock (R3.5) of the move pending in `game` at `now`.
pub(crate) async fn server_clock(
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
        .with("at", shown.deadline_text(lang))
        .with("over", days_text(lang, clock.over))
        .with(
            "room",
            clock.room.map_or_else(String::new, |room| room.text(lang)),
        )
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
