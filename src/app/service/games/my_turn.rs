//! `/games`: a "my turn" list (as on Lichess correspondence or the ICCF
//! server): the games where it is the player's move first, soonest loss on
//! time first, each with the opponent, colour, last move, days on this move
//! and the deadline; then the games where the opponent moves; the finished
//! ones only with `/games all`. The daily digest shares the first part.

use chrono::{DateTime, Utc};
use shakmaty::Color;

use crate::app::actor::Actor;
use crate::app::i18n::{Args, Lang, days_text, tr, tr0};
use crate::app::notice::{StartedGame, left_text};
use crate::app::outgoing::{Button, Outgoing};
use crate::app::rules::{ReadClocks, Rules};
use chrono_tz::Tz;

use crate::app::zone::{ShownInstant, default_zone, parse_zone};
use crate::core::notation::Notation;
use crate::store::{Event, GameRecord, GameStatus, MoveRow, PlayerId, StoreError, Tx};

use crate::app::failure::{Failure, Outcome};
use crate::app::service::games::batch::GamesInputs;
use crate::app::view::clock::MoveClock;
use crate::app::view::game::{colour_of, days_left, player_of, replay, side_to_move};
use crate::app::view::pgn::written_moves;

/// One game of the list, as the player sees it.
#[derive(Debug, Clone)]
pub(crate) struct GameEntry {
    /// The game.
    pub game: GameRecord,
    /// The player's side.
    pub colour: Color,
    /// The opponent's name.
    pub opponent: String,
    /// The last move, numbered (`12... Кg8-f6`), if any.
    pub last_move: Option<String>,
    /// The pending move's clock (running server games).
    pub clock: Option<MoveClock>,
    /// The player's days left (for postal games, which count dates).
    pub left: i64,
    /// The instant of the loss on time in the player's zone.
    pub loses_at: Option<ShownInstant>,
}

impl GameEntry {
    /// Whether it is the player's move in a running game.
    pub(crate) fn mine(&self) -> bool {
        self.game.status == GameStatus::Running && side_to_move(&self.game) == self.colour
    }
}

/// The player's games as entries: with `all`, the finished ones too. A
/// constant number of statements whatever the number of games (issue 24):
/// the games, their inputs ([`GamesInputs`]) and the player's zone; only a
/// game kept by cards reads its own.
pub(crate) async fn entries(
    tx: &mut Tx,
    me: PlayerId,
    notation: Notation,
    all: bool,
    now: DateTime<Utc>,
) -> Result<Vec<GameEntry>, Failure> {
    let games = if all {
        tx.games_of_player(me).await?
    } else {
        tx.active_games_of(me).await?
    };
    if games.is_empty() {
        return Ok(Vec::new());
    }
    let inputs = GamesInputs::new(tx.player_games_data(me, all).await?);
    let chosen_zone = tx
        .clock_prefs(me)
        .await?
        .zone
        .as_deref()
        .and_then(parse_zone);
    let mut out = Vec::with_capacity(games.len());
    for game in games {
        let event = inputs
            .event(game.event_id)
            .ok_or(StoreError::NotFound {
                what: "event",
                id: game.event_id.0,
            })?
            .clone();
        let zone = chosen_zone.unwrap_or_else(|| default_zone(Some(&event)));
        let seen = Seen {
            me,
            notation,
            now,
            zone,
        };
        out.push(entry_of(tx, &inputs, &seen, &event, game).await?);
    }
    Ok(out)
}

/// Who looks at the list, how and when.
struct Seen {
    me: PlayerId,
    notation: Notation,
    now: DateTime<Utc>,
    zone: Tz,
}

/// One game as the player sees it, from the inputs read at once.
async fn entry_of(
    tx: &mut Tx,
    inputs: &GamesInputs,
    seen: &Seen,
    event: &Event,
    game: GameRecord,
) -> Result<GameEntry, Failure> {
    let now = seen.now;
    let colour = colour_of(&game, seen.me).unwrap_or(Color::White);
    let opponent_id = player_of(&game, colour.other());
    let opponent = match inputs.player(opponent_id) {
        Some(player) => player.display_name.clone(),
        None => tx.player(opponent_id).await?.display_name,
    };
    let rows = inputs.moves(game.id);
    let last_move = last_move(&game, rows, seen.notation)?;
    let read = ReadClocks {
        rows,
        plies: inputs.plies(game.id),
        by_cards: inputs.has_cards(game.id),
        leaves: inputs.leaves(&game, event),
    };
    let rules = Rules::of_event(event);
    let (clock, clocks) = rules.clocks_read(tx, &game, read, now).await?;
    let loses_at = clock.map(|clock| ShownInstant::new(clock.loses_at, seen.zone));
    Ok(GameEntry {
        colour,
        opponent,
        last_move,
        clock,
        left: days_left(&clocks, colour),
        loses_at,
        game,
    })
}

/// The last move, numbered (`12... Кg8-f6`), in `notation`.
fn last_move(
    game: &GameRecord,
    rows: &[MoveRow],
    notation: Notation,
) -> Result<Option<String>, Failure> {
    Ok(written_moves(&replay(game, rows)?, notation)
        .pop()
        .map(|(number, side, text)| {
            let dots = if side == Color::White { "." } else { "..." };
            format!("{number}{dots} {text}")
        }))
}

/// The games where it is the player's move, soonest loss on time first.
pub(crate) fn my_move_first(entries: &mut [GameEntry]) {
    entries.sort_by_key(|entry| {
        let group = match (entry.game.status, entry.mine()) {
            (GameStatus::Finished, _) => 2,
            (_, true) => 0,
            (_, false) => 1,
        };
        let due = entry.clock.map(|clock| clock.loses_at);
        (group, due.is_none(), due, entry.game.id.0)
    });
}

/// `/games [all]`.
pub(crate) async fn games(tx: &mut Tx, actor: &Actor, all: bool, now: DateTime<Utc>) -> Outcome {
    let lang = actor.lang();
    let mut list = entries(tx, actor.player.id, actor.notation(), all, now).await?;
    if list.is_empty() {
        return Ok(vec![Outgoing::text(tr0(lang, "error-no-games"))]);
    }
    my_move_first(&mut list);
    let mut lines = Vec::new();
    let mut buttons = Vec::new();
    let mut heading = None;
    for entry in &list {
        let group = match (entry.game.status, entry.mine()) {
            (GameStatus::Finished, _) => "reply-games-finished",
            (_, true) => "reply-games-mine",
            (_, false) => "reply-games-theirs",
        };
        if heading != Some(group) {
            lines.push(tr0(lang, group));
            heading = Some(group);
        }
        lines.push(entry_line(lang, entry));
        if entry.mine() {
            buttons.push(board_button(lang, entry));
        }
    }
    if !all && tx.has_finished_game(actor.player.id).await? {
        lines.push(tr0(lang, "reply-games-all-hint"));
    }
    Ok(vec![Outgoing::text(lines.join("\n")).with_buttons(buttons)])
}

/// A button that opens the game's board.
pub(crate) fn board_button(lang: Lang, entry: &GameEntry) -> Button {
    let args = Args::new()
        .with("game", entry.game.id.0)
        .with("opponent", entry.opponent.as_str());
    Button::new(
        tr(lang, "button-game-board", &args),
        format!("/board {}", entry.game.id.0),
    )
}

/// One game's line of the list.
pub(crate) fn entry_line(lang: Lang, entry: &GameEntry) -> String {
    let colour = match entry.colour {
        Color::White => "colour-white",
        Color::Black => "colour-black",
    };
    let last = entry
        .last_move
        .clone()
        .unwrap_or_else(|| tr0(lang, "games-no-move"));
    let args = Args::new()
        .with("game", entry.game.id.0)
        .with("opponent", entry.opponent.as_str())
        .with("colour", tr0(lang, colour))
        .with("last", last);
    if entry.game.status == GameStatus::Finished {
        let score = entry.game.result.map_or("—", |score| score.as_score_str());
        return tr(
            lang,
            "reply-games-line-finished",
            &args.with("score", score),
        );
    }
    match (entry.clock, &entry.loses_at) {
        (Some(clock), Some(at)) => {
            let id = match (entry.mine(), clock.over > 0) {
                (true, false) if clock.room.is_none() => "reply-games-line-mine-postal",
                (true, false) => "reply-games-line-mine",
                (false, false) => "reply-games-line-theirs",
                (true, true) => "reply-games-line-mine-over",
                (false, true) => "reply-games-line-theirs-over",
            };
            let args = args
                .with("days", days_text(lang, clock.days_on_move))
                .with("at", at.deadline_text(lang))
                .with("over", days_text(lang, clock.over))
                .with(
                    "room",
                    clock.room.map_or_else(String::new, |room| room.text(lang)),
                );
            tr(lang, id, &args)
        }
        _ => {
            let turn = if entry.mine() {
                "turn-yours"
            } else {
                "turn-theirs"
            };
            let args = args
                .with("turn", tr0(lang, turn))
                .with("left", left_text(lang, entry.left));
            tr(lang, "reply-games-line-postal", &args)
        }
    }
}

/// The player's games in `event` for the start notice: number, opponent and
/// colour (R1.1: all games begin at once).
pub(crate) async fn started_list(
    tx: &mut Tx,
    event: crate::store::EventId,
    player: PlayerId,
) -> Result<Vec<StartedGame>, Failure> {
    let mut list = Vec::new();
    for game in tx.games_of_event(event).await? {
        let Some(colour) = colour_of(&game, player) else {
            continue;
        };
        let opponent = tx.player(player_of(&game, colour.other())).await?;
        list.push(StartedGame {
            game: game.id,
            opponent: opponent.display_name,
            white: colour == Color::White,
        });
    }
    Ok(list)
}
