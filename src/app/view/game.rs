//! A game as stored, read: its regulation, who plays which colour and is
//! to move, the position replayed from its moves, its clocks (R3.5), and the
//! words of its result.

use crate::app::view::leave_time::GameLeaves;
use crate::core::clock::Clocks;
use crate::core::clock::server::ServerClock;
use crate::core::game::{ArbiterReason, Game, Termination};
use crate::core::regulation::Regulation;
use crate::store::{Event, GameRecord, MoveRow, PlayerId};
use anyhow::Context;
use chrono::{DateTime, Utc};
use shakmaty::fen::Fen;
use shakmaty::{Chess, Color, EnPassantMode};

/// The regulation of an event (decoded when the event was read: a stored
/// regulation that cannot be read is an error there, not a default).
pub(crate) fn regulation_of(event: &Event) -> Regulation {
    event.regulation.clone()
}

/// The side `player` plays in `game`, if any.
pub(crate) fn colour_of(game: &GameRecord, player: PlayerId) -> Option<Color> {
    if game.white == player {
        Some(Color::White)
    } else if game.black == player {
        Some(Color::Black)
    } else {
        None
    }
}

/// The player of `colour`.
pub(crate) fn player_of(game: &GameRecord, colour: Color) -> PlayerId {
    match colour {
        Color::White => game.white,
        Color::Black => game.black,
    }
}

/// Who makes the players' first move: White, or the side to move in the
/// game's start position (a thematic start ending with White's move,
/// issue 21). The clock counts from that move (R3.5.1).
pub(crate) fn first_mover(game: &GameRecord) -> Color {
    let start = game.initial_fen.as_deref().unwrap_or_default();
    if start.split_whitespace().nth(1) == Some("b") {
        Color::Black
    } else {
        Color::White
    }
}

/// The side to move, from the stored position.
pub(crate) fn side_to_move(game: &GameRecord) -> Color {
    if game.fen.split_whitespace().nth(1) == Some("b") {
        Color::Black
    } else {
        Color::White
    }
}

/// The game replayed from its start and stored UCI moves.
pub(crate) fn replay(game: &GameRecord, rows: &[MoveRow]) -> anyhow::Result<Game> {
    let start = match &game.initial_fen {
        Some(fen) => Game::from_fen(fen)
            .with_context(|| format!("game {}: the stored start position", game.id))?
            .start_position()
            .clone(),
        None => Chess::default(),
    };
    let uci: Vec<&str> = rows.iter().map(|row| row.uci.as_str()).collect();
    Game::replay(start, &uci).with_context(|| format!("game {}: the stored moves", game.id))
}

/// FEN of a position.
pub(crate) fn fen_of(position: &Chess) -> String {
    Fen::from_position(position, EnPassantMode::Legal).to_string()
}

/// Instants of the moves made, in order.
pub(crate) fn plies_of(rows: &[MoveRow]) -> Vec<DateTime<Utc>> {
    rows.iter().map(|row| row.received_at).collect()
}

/// Both clocks at `now`, each player's leave left out (R3.4.2, R3.5, R3.5.5).
pub(crate) fn clocks_of(
    regulation: &Regulation,
    start: DateTime<Utc>,
    plies: &[DateTime<Utc>],
    first: Color,
    now: DateTime<Utc>,
    leaves: &GameLeaves,
) -> Clocks {
    let [white, black] = ServerClock::new(regulation).game_clocks_from(
        start,
        (plies, first),
        now,
        leaves.pair(),
        leaves.offsets(),
    );
    Clocks {
        white_used: white.used,
        white_left: white.left,
        black_used: black.used,
        black_left: black.left,
    }
}

/// The days left on `colour`'s clock.
pub(crate) fn days_left(clocks: &Clocks, colour: Color) -> crate::core::clock::Days {
    match colour {
        Color::White => clocks.white_left,
        Color::Black => clocks.black_left,
    }
}

/// Both clocks before any leave (a game's start).
pub(crate) fn clocks_without_leaves(
    regulation: &Regulation,
    start: DateTime<Utc>,
    plies: &[DateTime<Utc>],
    now: DateTime<Utc>,
) -> Clocks {
    let first = regulation
        .opening
        .as_ref()
        .map_or(Color::White, |opening| opening.first_to_move());
    clocks_of(regulation, start, plies, first, now, &GameLeaves::none())
}

/// The catalog id of why a game ended.
pub(crate) fn reason_id(termination: Termination) -> &'static str {
    match termination {
        Termination::Checkmate => "result-checkmate",
        Termination::Stalemate => "result-stalemate",
        Termination::InsufficientMaterial => "result-insufficient-material",
        Termination::ThreefoldRepetition => "result-threefold",
        Termination::FiftyMoveRule => "result-fifty-moves",
        Termination::FivefoldRepetition => "result-fivefold",
        Termination::SeventyFiveMoveRule => "result-seventy-five-moves",
        Termination::Agreement => "result-agreement",
        Termination::Resignation => "result-resignation",
        Termination::TimeForfeit => "result-time-forfeit",
        Termination::Arbiter(reason) => arbiter_reason_id(reason),
    }
}

/// The catalog id of an arbiter's reason.
pub(crate) fn arbiter_reason_id(reason: ArbiterReason) -> &'static str {
    ARBITER_REASONS
        .iter()
        .find(|(r, _)| *r == reason)
        .map_or("result-arbiter", |(_, id)| id)
}

/// The arbiter's reason behind a stored result reason, if it is one.
pub(crate) fn arbiter_reason_of(id: &str) -> Option<ArbiterReason> {
    ARBITER_REASONS
        .iter()
        .find(|(_, known)| *known == id)
        .map(|(reason, _)| *reason)
}

/// The arbiter's reasons (R3.1.6) and their catalog ids, which the store
/// keeps as a game's result reason.
const ARBITER_REASONS: [(ArbiterReason, &str); 5] = [
    (ArbiterReason::Adjudicated, "result-arbiter-adjudicated"),
    (ArbiterReason::Default, "result-arbiter-default"),
    (ArbiterReason::RulesInfraction, "result-arbiter-infraction"),
    (ArbiterReason::TimeExceeded, "result-arbiter-time"),
    (ArbiterReason::Annulled, "result-arbiter-annulled"),
];
