//! Game commands: games, move (R3.2.1), time (R3.4.2), resign.

use chrono::{DateTime, Utc};
use shakmaty::{CastlingMode, Color, Position};

use crate::app::actor::Actor;
use crate::app::authz::{self, Action, Standing};
use crate::app::command::Number;
use crate::app::i18n::{Args, Lang, days_text, tr, tr0};
use crate::app::move_error::move_error_text;
use crate::app::notice::{Clocks, Notice, NoticeMove, clocks_text};
use crate::app::reply::Reply;
use crate::core::clock::server::ServerClock;
use crate::core::game::GameResult;
use crate::core::leave::LeaveTimeline;
use crate::core::notation;
use crate::core::regulation::Regulation;
use crate::store::{Game, GameId, GameStatus, GameUpdate, MoveRow, StoreError, Tx};

use super::game_state::{
    announce_end, clocks_of, colour_of, fen_of, finish_update, game_over_notice, player_of,
    plies_of, regulation_of, replay, set_pending_deadlines, side_to_move,
};
use super::{Failure, Outcome, notify, refuse};

fn game_args<'a>(game: GameId) -> Args<'a> {
    Args::new().with("game", game.0)
}

/// The game `number`, which the actor must play (R3.2.1: only the players move).
async fn own_game(tx: &mut Tx, actor: &Actor, number: Number) -> Result<Game, Failure> {
    let lang = actor.lang();
    let game = match tx.game(GameId(number)).await {
        Ok(game) => game,
        Err(StoreError::NotFound { .. }) => {
            return Err(refuse(
                lang,
                "error-unknown-game",
                &game_args(GameId(number)),
            ));
        }
        Err(other) => return Err(other.into()),
    };
    let mut standings = vec![Standing::Outsider];
    if colour_of(&game, actor.player.id).is_some() {
        standings.push(Standing::PlayerOfGame);
    }
    if !authz::allows(Action::PlayGame, &standings) {
        return Err(refuse(lang, "error-not-your-game", &game_args(game.id)));
    }
    Ok(game)
}

/// The game a command is about: the given one, or the actor's only game
/// (for a move: the only game where it is the actor's turn); with several,
/// the bot asks which.
pub(super) async fn pick_game(
    tx: &mut Tx,
    actor: &Actor,
    number: Option<Number>,
    to_move: bool,
) -> Result<Game, Failure> {
    if let Some(number) = number {
        return own_game(tx, actor, number).await;
    }
    let lang = actor.lang();
    let me = actor.player.id;
    let running: Vec<Game> = tx
        .active_games_of(me)
        .await?
        .into_iter()
        .filter(|g| g.status == GameStatus::Running)
        .collect();
    let mut games: Vec<Game> = running
        .iter()
        .filter(|g| !to_move || colour_of(g, me) == Some(side_to_move(g)))
        .cloned()
        .collect();
    if games.is_empty() && running.len() == 1 {
        games = running; // its only game: the caller says whose turn it is
    }
    match games.as_slice() {
        [] if to_move => Err(Failure::Refused(tr0(lang, "error-no-game-to-move"))),
        [] => Err(Failure::Refused(tr0(lang, "error-no-games"))),
        [game] => Ok(game.clone()),
        several => {
            let list: Vec<String> = several.iter().map(|g| format!("#{}", g.id)).collect();
            let args = Args::new().with("games", list.join(", "));
            Err(refuse(lang, "reply-which-game", &args))
        }
    }
}

/// Refuses unless the game is running and it is `actor`'s turn.
fn ensure_turn(game: &Game, actor: &Actor) -> Result<Color, Failure> {
    let lang = actor.lang();
    if game.status != GameStatus::Running {
        return Err(refuse(lang, "error-game-over", &game_args(game.id)));
    }
    let colour = colour_of(game, actor.player.id).unwrap_or(Color::White);
    if side_to_move(game) != colour {
        return Err(refuse(lang, "error-not-your-turn", &game_args(game.id)));
    }
    Ok(colour)
}

/// A bare move or `/move [#game] MOVE`.
pub(super) async fn make_move(
    tx: &mut Tx,
    actor: &Actor,
    number: Option<Number>,
    text: &str,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let game = pick_game(tx, actor, number, true).await?;
    ensure_turn(&game, actor)?;
    let event = tx.event(game.event_id).await?;
    let regulation = regulation_of(&event);
    let rows = tx.moves(game.id).await?;
    let mut record = replay(&game, &rows)?;
    let before = record.position().clone();
    let parsed = notation::parse(&before, text, &regulation.notations).map_err(|error| {
        Failure::Refused(move_error_text(
            lang,
            &error,
            &before,
            text,
            actor.notation(),
        ))
    })?;
    let result = record
        .play(parsed.mv)
        .map_err(|e| Failure::Internal(anyhow::anyhow!("{e:?}")))?;
    let start = game.started_at.unwrap_or(now);
    let received = rows.last().map_or(start, |row| row.received_at);
    let charged = ServerClock::new(&regulation).move_charge(received, now, &LeaveTimeline::empty());
    let mut plies = plies_of(&rows);
    plies.push(now);
    let clocks = clocks_of(&regulation, start, &plies, now);
    let mut update = GameUpdate::from_game(&game);
    update.fen = fen_of(record.position());
    update.clock = serde_json::to_value(clocks).map_err(|e| Failure::Internal(e.into()))?;
    update.turn_since = Some(now);
    if let Some(result) = &result {
        finish_update(&mut update, result, now);
    }
    let row = MoveRow {
        ply: game.ply + 1,
        uci: parsed.mv.to_uci(CastlingMode::Standard).to_string(),
        text: text.to_owned(),
        received_at: now,
        sent_at: Some(now),
        charged_days: charged,
    };
    if let Err(error) = tx.append_move(game.id, game.version, &row, &update).await {
        return Err(match error {
            StoreError::Conflict(_) => refuse(lang, "error-conflict", &game_args(game.id)),
            other => other.into(),
        });
    }
    let played = Played {
        game,
        event: event.name,
        move_number: before.fullmoves().get(),
        uci: row.uci,
        clocks,
        plies,
    };
    announce_move(tx, actor, &played, result, &regulation, now).await
}

/// A move just recorded, for its notices and reply.
struct Played {
    game: Game,
    event: String,
    move_number: u32,
    uci: String,
    clocks: Clocks,
    plies: Vec<DateTime<Utc>>,
}

/// Tells the opponent (R3.2.2), ends the game or sets the next deadlines,
/// and answers the mover.
async fn announce_move(
    tx: &mut Tx,
    actor: &Actor,
    played: &Played,
    result: Option<GameResult>,
    regulation: &Regulation,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let game = &played.game;
    let mv = NoticeMove {
        fen_before: game.fen.clone(),
        uci: played.uci.clone(),
    };
    let colour = colour_of(game, actor.player.id).unwrap_or(Color::White);
    let opponent = player_of(game, colour.other());
    let notice = Notice::MoveMade {
        game: game.id.0,
        event: played.event.clone(),
        mover: actor.player.display_name.clone(),
        move_number: played.move_number,
        mv: mv.clone(),
        clocks: played.clocks,
        ends_game: result.is_some(),
    };
    notify(tx, opponent, &notice, now).await?;
    let args = game_args(game.id)
        .with("number", played.move_number)
        .with("move", mv.write(actor.notation()));
    let head = tr(lang, "reply-move-made", &args);
    let mut text = format!("{head}\n{}", clocks_text(lang, &played.clocks));
    match result {
        Some(result) => {
            let notice = game_over_notice(tx, game, &result).await?;
            announce_end(tx, game, &notice, &[opponent], now).await?;
            text = format!("{text}\n{}", notice.text(lang, actor.notation()));
        }
        None => {
            let game = tx.game(game.id).await?;
            set_pending_deadlines(tx, &game, regulation, &played.plies, now).await?;
        }
    }
    Ok(vec![Reply::text(text)])
}

/// `/games`: opponent, colour, whose turn, time left.
pub(super) async fn games(tx: &mut Tx, actor: &Actor, now: DateTime<Utc>) -> Outcome {
    let lang = actor.lang();
    let me = actor.player.id;
    let games = tx.active_games_of(me).await?;
    if games.is_empty() {
        return Ok(vec![Reply::text(tr0(lang, "error-no-games"))]);
    }
    let mut lines = vec![tr0(lang, "reply-games-header")];
    for game in games {
        lines.push(game_line(tx, lang, &game, me, now).await?);
    }
    Ok(vec![Reply::text(lines.join("\n"))])
}

async fn game_line(
    tx: &mut Tx,
    lang: Lang,
    game: &Game,
    me: crate::store::PlayerId,
    now: DateTime<Utc>,
) -> Result<String, Failure> {
    let colour = colour_of(game, me).unwrap_or(Color::White);
    let opponent = tx
        .player(player_of(game, colour.other()))
        .await?
        .display_name;
    let regulation = regulation_of(&tx.event(game.event_id).await?);
    let plies = plies_of(&tx.moves(game.id).await?);
    let clocks = clocks_of(&regulation, game.started_at.unwrap_or(now), &plies, now);
    let left = match colour {
        Color::White => clocks.white_left,
        Color::Black => clocks.black_left,
    };
    let turn = if side_to_move(game) == colour {
        "turn-yours"
    } else {
        "turn-theirs"
    };
    let args = game_args(game.id)
        .with("opponent", opponent)
        .with(
            "colour",
            tr0(lang, &format!("colour-{}", colour_name(colour))),
        )
        .with("turn", tr0(lang, turn))
        .with("left", days_text(lang, left));
    Ok(tr(lang, "reply-game-line", &args))
}

fn colour_name(colour: Color) -> &'static str {
    match colour {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// `/time [#game]`: both clocks (R3.4.2).
pub(super) async fn time(
    tx: &mut Tx,
    actor: &Actor,
    number: Option<Number>,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let game = pick_game(tx, actor, number, false).await?;
    let regulation = regulation_of(&tx.event(game.event_id).await?);
    let plies = plies_of(&tx.moves(game.id).await?);
    let at = game.finished_at.unwrap_or(now);
    let clocks = clocks_of(&regulation, game.started_at.unwrap_or(now), &plies, at);
    let head = tr(lang, "reply-time", &game_args(game.id));
    Ok(vec![Reply::text(format!(
        "{head}\n{}",
        clocks_text(lang, &clocks)
    ))])
}

/// `/resign [#game] [confirm]`: asks first, then ends the game.
pub(super) async fn resign(
    tx: &mut Tx,
    actor: &Actor,
    number: Option<Number>,
    confirmed: bool,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let game = pick_game(tx, actor, number, false).await?;
    if game.status != GameStatus::Running {
        return Err(refuse(lang, "error-game-over", &game_args(game.id)));
    }
    if !confirmed {
        let reply = tr(lang, "reply-resign-confirm", &game_args(game.id));
        return Ok(vec![Reply::text(reply)]);
    }
    let colour = colour_of(&game, actor.player.id).unwrap_or(Color::White);
    let result = GameResult::win(colour.other(), crate::core::game::Termination::Resignation);
    let mut update = GameUpdate::from_game(&game);
    finish_update(&mut update, &result, now);
    if let Err(error) = tx.update_game(game.id, game.version, &update).await {
        return Err(match error {
            StoreError::Conflict(_) => refuse(lang, "error-conflict", &game_args(game.id)),
            other => other.into(),
        });
    }
    let notice = game_over_notice(tx, &game, &result).await?;
    announce_end(tx, &game, &notice, &[player_of(&game, colour.other())], now).await?;
    Ok(vec![Reply::text(notice.text(lang, actor.notation()))])
}
