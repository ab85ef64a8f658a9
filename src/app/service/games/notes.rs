//! A player's private notes on a game (issue 41): `/note`, `/notes` and
//! `/pgn N mine`. Notes belong to their owner alone: no reply, notice,
//! page or export shows them to anyone else, the opponent and the arbiter
//! included.

use chrono::{DateTime, Utc};
use shakmaty::{CastlingMode, Chess, Color, Position};

use crate::app::actor::Actor;
use crate::app::authz::Action;
use crate::app::command::NoteText;
use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::i18n::{Args, tr};
use crate::app::outgoing::{Document, Outgoing};
use crate::app::service::games::line::{position_after, read_line, written_line};
use crate::app::service::games::pick::{game_args, players_game};
use crate::app::view::game::{regulation_of, replay};
use crate::app::view::pgn::pgn_game;
use crate::core::pgn::{Annotation, export_annotated};
use crate::store::{GameId, GameNote, GameRecord, GameStatus, NoteKind, Tx};

/// The longest note, in characters: a paragraph of analysis.
pub const MAX_NOTE_CHARS: usize = 500;
/// The most notes a player keeps on one game.
pub const MAX_NOTES_PER_GAME: i64 = 50;

/// `/note N …`: keeps a note on game `number`, a move of it or a line.
pub(crate) async fn note(
    tx: &mut Tx,
    actor: &Actor,
    (number, note): (GameId, NoteText),
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let game = noted_game(tx, actor, number).await?;
    let text = match &note {
        NoteText::Game { text } | NoteText::Move { text, .. } => text,
        NoteText::Line { moves } => moves,
    };
    let chars = text.chars().count();
    if chars > MAX_NOTE_CHARS {
        let args = game_args(game.id)
            .with("chars", chars)
            .with("max", MAX_NOTE_CHARS);
        return Err(refuse(lang, "error-note-too-long", &args));
    }
    // Read-then-write: the count per game holds with several processes.
    tx.lock_player(actor.player.id).await?;
    let count = tx.count_game_notes(game.id, actor.player.id).await?;
    if count >= MAX_NOTES_PER_GAME {
        let args = game_args(game.id).with("max", MAX_NOTES_PER_GAME);
        return Err(refuse(lang, "error-note-limit", &args));
    }
    let record = replay(&game, &tx.moves(game.id).await?)?;
    let (kept, shown) = match note {
        NoteText::Game { text } => (text_note(&game, None, text, now), None),
        NoteText::Move {
            number,
            black,
            text,
        } => {
            let ply = move_ply(record.start_position(), (number, black))
                .filter(|ply| (1..=game.ply).contains(ply));
            let Some(ply) = ply else {
                let args = game_args(game.id).with("move", move_label(number, black));
                return Err(refuse(lang, "error-note-move-not-played", &args));
            };
            (text_note(&game, Some(ply), text, now), None)
        }
        NoteText::Line { moves } => {
            let event = tx.event(game.event_id).await?;
            let notations = regulation_of(&event).notations;
            let uci = read_line(actor, (&game, &notations), record.position(), &moves)?;
            if uci.is_empty() {
                return Err(refuse(lang, "error-note-line-empty", &game_args(game.id)));
            }
            let shown = written_line(record.position(), &uci, actor.notation());
            let note = GameNote {
                kind: NoteKind::Line,
                ply: game.ply,
                move_ply: None,
                body: uci.join(" "),
                written_at: now,
            };
            (note, Some(shown))
        }
    };
    tx.add_game_note(game.id, actor.player.id, &kept).await?;
    let args = game_args(game.id)
        .with("count", count + 1)
        .with("max", MAX_NOTES_PER_GAME);
    let mut text = tr(lang, "reply-note-kept", &args);
    if let Some(line) = shown {
        text = format!(
            "{text}\n{}",
            tr(lang, "notes-line", &Args::new().with("line", line))
        );
    }
    Ok(vec![Outgoing::text(text)])
}

/// `/notes N`: the actor's notes on game `number`, oldest first.
pub(crate) async fn notes(tx: &mut Tx, actor: &Actor, number: GameId) -> Outcome {
    let lang = actor.lang();
    let game = noted_game(tx, actor, number).await?;
    let kept = tx.game_notes(game.id, actor.player.id).await?;
    if kept.is_empty() {
        return Ok(vec![Outgoing::text(tr(
            lang,
            "reply-notes-none",
            &game_args(game.id),
        ))]);
    }
    let rows = tx.moves(game.id).await?;
    let record = replay(&game, &rows)?;
    let mut lines = vec![tr(lang, "reply-notes", &game_args(game.id))];
    for note in &kept {
        lines.push(note_line(actor, &record, note));
    }
    Ok(vec![Outgoing::text(lines.join("\n"))])
}

/// `/pgn N mine`: the actor's finished game with their notes as comments
/// and their lines as variations.
pub(crate) async fn own_pgn(tx: &mut Tx, actor: &Actor, number: GameId) -> Outcome {
    let lang = actor.lang();
    let game = noted_game(tx, actor, number).await?;
    if game.status != GameStatus::Finished {
        return Err(refuse(lang, "error-pgn-mine-in-play", &game_args(game.id)));
    }
    let kept = tx.game_notes(game.id, actor.player.id).await?;
    let (played, headers) = pgn_game(tx, &game, None).await?;
    let annotations: Vec<Annotation> = kept.iter().map(annotation).collect();
    let document = Document {
        file_name: format!("game-{}-notes.pgn", game.id),
        content: export_annotated(&played, &headers, &annotations),
    };
    let args = game_args(game.id).with("count", kept.len());
    let mut reply = Outgoing::text(tr(lang, "reply-pgn-mine", &args));
    reply.document = Some(document);
    Ok(vec![reply])
}

/// A note as a PGN annotation: a comment after its move (a note on the
/// game before the first move), a line as a variation where it starts.
fn annotation(note: &GameNote) -> Annotation {
    let at = |ply: i64| usize::try_from(ply).unwrap_or(0);
    match note.kind {
        NoteKind::Text => Annotation::Comment {
            ply: at(note.move_ply.unwrap_or(0)),
            text: note.body.clone(),
        },
        NoteKind::Line => Annotation::Line {
            ply: at(note.ply),
            uci: note.body.split_whitespace().map(str::to_owned).collect(),
        },
    }
}

/// Game `number`, on which only its players keep notes.
async fn noted_game(tx: &mut Tx, actor: &Actor, number: GameId) -> Result<GameRecord, Failure> {
    let refusal = "error-notes-not-your-game";
    players_game(tx, actor, number, (Action::KeepNotes, refusal)).await
}

fn text_note(
    game: &GameRecord,
    move_ply: Option<i64>,
    body: String,
    now: DateTime<Utc>,
) -> GameNote {
    GameNote {
        kind: NoteKind::Text,
        ply: game.ply,
        move_ply,
        body,
        written_at: now,
    }
}

/// The half-move (1 = the first played) of move `number` of White or
/// Black (`black`) in a game from `start`.
fn move_ply(start: &Chess, (number, black): (u32, bool)) -> Option<i64> {
    let first = i64::from(start.fullmoves().get());
    let index = (i64::from(number) - first) * 2 + i64::from(black)
        - i64::from(start.turn() == Color::Black);
    Some(index + 1).filter(|ply| *ply >= 1)
}

/// `14.` or `14...`.
fn move_label(number: u32, black: bool) -> String {
    if black {
        format!("{number}...")
    } else {
        format!("{number}.")
    }
}

/// One note as `/notes` lists it, in the reader's notation.
fn note_line(actor: &Actor, record: &crate::core::game::Game, note: &GameNote) -> String {
    let lang = actor.lang();
    match (note.kind, note.move_ply) {
        (NoteKind::Line, _) => {
            let start = position_after(record, note.ply);
            let uci: Vec<String> = note.body.split_whitespace().map(str::to_owned).collect();
            let line = written_line(&start, &uci, actor.notation());
            tr(lang, "notes-line", &Args::new().with("line", line))
        }
        (NoteKind::Text, Some(ply)) => {
            let start = position_after(record, ply - 1);
            let played = usize::try_from(ply - 1)
                .ok()
                .and_then(|index| record.moves().get(index));
            let mv = played.map_or_else(String::new, |mv| {
                let uci = vec![mv.to_uci(CastlingMode::Standard).to_string()];
                written_line(&start, &uci, actor.notation())
            });
            let args = Args::new().with("move", mv).with("text", note.body.clone());
            tr(lang, "notes-move", &args)
        }
        (NoteKind::Text, None) => tr(
            lang,
            "notes-game",
            &Args::new().with("text", note.body.clone()),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers_name_half_moves_from_the_start() {
        let start = Chess::default();
        assert_eq!(move_ply(&start, (1, false)), Some(1));
        assert_eq!(move_ply(&start, (1, true)), Some(2));
        assert_eq!(move_ply(&start, (14, false)), Some(27));
    }
}
