//! Conditional moves (issue 41), where the event's regulation allows them:
//! the federation's server rules forbid them (R3.2.4, a number of the
//! regulation), so only a server event under its own regulation with
//! `conditional=on` has them; postal play proposes variants with its moves
//! instead (R2.3.7). `/if N MOVES` sets a line while the opponent is to
//! move (the opponent's move, the reply, the opponent's next, …, after
//! Chess.com's conditional moves), `/if N` lists the lines and `/if N off`
//! cancels them. The lines of a player form a tree: one reply to each
//! move of the opponent. The bot plays a reply at once when the
//! opponent's move meets a line ([`answer`]). Lines belong to their owner
//! alone while the game is in play; the arbiter's case file lists them once
//! it has ended ([`case_lines`]).

mod answer;

pub(crate) use answer::{OpponentMove, answer, play_answer};

use chrono::{DateTime, Utc};

use crate::app::actor::Actor;
use crate::app::authz::Action;
use crate::app::command::IfWhat;
use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::i18n::{Args, Lang, tr, tr0};
use crate::app::outgoing::Outgoing;
use crate::app::service::games::line::{position_after, read_line, written_line};
use crate::app::service::games::pick::{game_args, players_game};
use crate::app::view::game::{colour_of, regulation_of, replay, side_to_move};
use crate::core::game::Game;
use crate::core::regulation::{Regulation, RuleSet};
use crate::store::{ConditionalLine, GameId, GameRecord, GameStatus, LineStatus, PlayerId, Tx};

/// The most lines a player keeps waiting in one game.
pub const MAX_LINES: usize = 10;
/// The most half-moves in one line (the opponent's and the replies).
pub const MAX_LINE_MOVES: usize = 20;

/// `/if N …`: sets, lists or cancels the actor's conditional lines in
/// game `number`, which only its players may.
pub(crate) async fn conditional(
    tx: &mut Tx,
    actor: &Actor,
    (number, what): (GameId, IfWhat),
    now: DateTime<Utc>,
) -> Outcome {
    let refusal = "error-if-not-your-game";
    let game = players_game(tx, actor, number, (Action::SetConditionals, refusal)).await?;
    match what {
        IfWhat::List => list(tx, actor, &game).await,
        IfWhat::Off => cancel(tx, actor, &game, now).await,
        IfWhat::Line { moves } => set(tx, actor, &game, &moves, now).await,
    }
}

/// Sets a line of the actor's in `game` (R3.2.4: where the regulation
/// allows it), the opponent to move.
async fn set(
    tx: &mut Tx,
    actor: &Actor,
    game: &GameRecord,
    text: &str,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    // The game's row locked (PostgreSQL): the opponent's move and another
    // `/if` wait, so the turn and the lines read here hold when it is kept.
    let game = tx.lock_game(game.id).await?;
    if game.status != GameStatus::Running {
        return Err(refuse(lang, "error-game-over", &game_args(game.id)));
    }
    let regulation = regulation_of(&tx.event(game.event_id).await?);
    refuse_unless_allowed(lang, &game, &regulation)?;
    let me = actor.player.id;
    if colour_of(&game, me) == Some(side_to_move(&game)) {
        return Err(refuse(lang, "error-if-own-turn", &game_args(game.id)));
    }
    let record = replay(&game, &tx.moves(game.id).await?)?;
    let notations = &regulation.notations;
    let uci = read_line(actor, (&game, notations), record.position(), text)?;
    let args = game_args(game.id).with("max", MAX_LINE_MOVES);
    if uci.len() < 2 {
        return Err(refuse(lang, "error-if-no-reply", &args));
    }
    if uci.len() > MAX_LINE_MOVES {
        return Err(refuse(lang, "error-if-too-long", &args));
    }
    let pending = tx.pending_conditional_lines(game.id, me).await?;
    if pending.len() >= MAX_LINES {
        let args = game_args(game.id).with("max", MAX_LINES);
        return Err(refuse(lang, "error-if-limit", &args));
    }
    let here = record.position();
    for line in pending.iter().filter(|line| line.next_ply() == game.ply) {
        if let Some(id) = clash(line.rest(), &uci) {
            let shown = written_line(here, line.rest(), actor.notation());
            let args = game_args(game.id).with("line", shown);
            return Err(refuse(lang, id, &args));
        }
    }
    tx.add_conditional_line((game.id, me), game.ply, &uci, now)
        .await?;
    let args = game_args(game.id)
        .with("count", pending.len() + 1)
        .with("max", MAX_LINES)
        .with("line", written_line(here, &uci, actor.notation()));
    Ok(vec![Outgoing::text(tr(lang, "reply-if-kept", &args))])
}

/// Refuses conditional moves where the regulation does not allow them: a
/// postal game proposes variants with its moves (R2.3.7); the federation's
/// server rules forbid them (R3.2.4).
fn refuse_unless_allowed(
    lang: Lang,
    game: &GameRecord,
    regulation: &Regulation,
) -> Result<(), Failure> {
    if regulation.conditional_moves() {
        return Ok(());
    }
    let id = match regulation.rule_set {
        RuleSet::Postal => "error-if-postal",
        RuleSet::Server => "error-if-federation",
    };
    Err(refuse(lang, id, &game_args(game.id)))
}

/// Why `new` cannot join the tree with the waiting line `rest` (both from
/// the current position): the same moves of the opponent with another
/// reply, or a line already set in full; `None` if it can.
fn clash(rest: &[String], new: &[String]) -> Option<&'static str> {
    match rest.iter().zip(new).position(|(old, new)| old != new) {
        // Index 0, 2, … is the opponent's move: another branch.
        Some(at) if at % 2 == 1 => Some("error-if-other-reply"),
        Some(_) => None,
        None if new.len() <= rest.len() => Some("error-if-already-set"),
        None => None,
    }
}

/// `/if N`: the actor's waiting lines in `game`, from the current
/// position.
async fn list(tx: &mut Tx, actor: &Actor, game: &GameRecord) -> Outcome {
    let lang = actor.lang();
    let me = actor.player.id;
    let pending = tx.pending_conditional_lines(game.id, me).await?;
    let current: Vec<&ConditionalLine> = pending
        .iter()
        .filter(|line| line.next_ply() == game.ply)
        .collect();
    if current.is_empty() {
        let regulation = regulation_of(&tx.event(game.event_id).await?);
        let id = match regulation.rule_set {
            _ if regulation.conditional_moves() => "reply-if-none",
            RuleSet::Postal => "reply-if-none-postal",
            RuleSet::Server => "reply-if-none-federation",
        };
        return Ok(vec![Outgoing::text(tr(lang, id, &game_args(game.id)))]);
    }
    let record = replay(game, &tx.moves(game.id).await?)?;
    let mut lines = vec![tr(lang, "reply-if-list", &game_args(game.id))];
    for line in current {
        let shown = written_line(record.position(), line.rest(), actor.notation());
        lines.push(tr(lang, "if-line", &Args::new().with("line", shown)));
    }
    lines.push(tr(lang, "reply-if-list-off", &game_args(game.id)));
    Ok(vec![Outgoing::text(lines.join("\n"))])
}

/// `/if N off`: cancels the actor's waiting lines in `game`.
async fn cancel(tx: &mut Tx, actor: &Actor, game: &GameRecord, now: DateTime<Utc>) -> Outcome {
    let lang = actor.lang();
    // As `set`: one change of the game's lines at a time, the opponent's
    // move included.
    let game = tx.lock_game(game.id).await?;
    let cancelled = tx
        .cancel_conditional_lines(game.id, actor.player.id, now)
        .await?;
    let args = game_args(game.id).with("count", cancelled);
    let id = if cancelled == 0 {
        "reply-if-none-to-cancel"
    } else {
        "reply-if-cancelled"
    };
    Ok(vec![Outgoing::text(tr(lang, id, &args))])
}

/// The case file's lines of both players' conditional moves in `game`,
/// for an arbiter once the game has ended (before, they are their owners'
/// alone): each line from where it was set, and what became of it.
pub(crate) async fn case_lines(
    tx: &mut Tx,
    lang: Lang,
    game: GameId,
) -> Result<Vec<String>, Failure> {
    let game = tx.game(game).await?;
    if game.status != GameStatus::Finished {
        return Ok(Vec::new());
    }
    let lines = tx.conditional_lines_of_game(game.id).await?;
    if lines.is_empty() {
        return Ok(Vec::new());
    }
    let record = replay(&game, &tx.moves(game.id).await?)?;
    let mut out = vec![tr0(lang, "case-line-conditional")];
    let mut names: Vec<(PlayerId, String)> = Vec::new();
    for line in &lines {
        let name = match names.iter().find(|(id, _)| *id == line.player) {
            Some((_, name)) => name.clone(),
            None => {
                let name = tx.player(line.player).await?.display_name;
                names.push((line.player, name.clone()));
                name
            }
        };
        out.push(case_line(lang, &record, line, name));
    }
    Ok(out)
}

/// One line in the case file: its owner, its moves in the Ukrainian full
/// notation (R2.3.2), how many were made and what became of it.
fn case_line(lang: Lang, record: &Game, line: &ConditionalLine, owner: String) -> String {
    let start = position_after(record, line.ply);
    let notation = crate::core::notation::Notation::UkrainianFull;
    let fate = match line.status {
        LineStatus::Done => "if-fate-done",
        LineStatus::Left => "if-fate-left",
        LineStatus::Cancelled => "if-fate-cancelled",
        LineStatus::Pending => "if-fate-unreached",
    };
    let args = Args::new()
        .with("owner", owner)
        .with("line", written_line(&start, &line.moves, notation))
        .with("played", line.played)
        .with("moves", line.moves.len())
        .with("fate", tr0(lang, fate));
    tr(lang, "case-entry-conditional", &args)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn lines_form_a_tree_with_one_reply_to_each_move() {
        let old = moves("g1f3 b8c6 f1b5 a7a6");
        // Another move of the opponent, at once or later: another branch.
        assert_eq!(clash(&old, &moves("e2e4 e7e5")), None);
        assert_eq!(clash(&old, &moves("g1f3 b8c6 f1c4 g8f6")), None);
        // The same moves of the opponent, another reply.
        let other = clash(&old, &moves("g1f3 g8f6"));
        assert_eq!(other, Some("error-if-other-reply"));
        let later = clash(&old, &moves("g1f3 b8c6 f1b5 g8f6"));
        assert_eq!(later, Some("error-if-other-reply"));
        // Set already, in full or in part; a longer line goes on from it.
        let same = clash(&old, &moves("g1f3 b8c6"));
        assert_eq!(same, Some("error-if-already-set"));
        assert_eq!(clash(&old, &moves("g1f3 b8c6 f1b5 a7a6 b5a4 g8f6")), None);
    }
}
