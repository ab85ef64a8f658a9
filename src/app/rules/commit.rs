//! Committing a move, the same for every rule set: the move row and the
//! game's update stored together (a concurrent change refused), what the
//! rule set records with it, then the end of the game or the deadlines of
//! the next move. The rule set supplies only what differs: the days charged
//! or the dates recorded ([`Recorded`]) and how the next move is kept
//! ([`Kept`]).

use chrono::{DateTime, Utc};

use crate::app::failure::{Failure, or_conflict};
use crate::app::i18n::Lang;
use crate::app::notice::Notice;
use crate::app::rules::Rules;
use crate::app::rules::end::{announce_end, game_over_notice};
use crate::app::view::leave_time::GameLeaves;
use crate::core::game::GameResult;
use crate::store::{GameRecord, GameUpdate, MoveRow, PlayerId, PostalPly, StoredCard, Tx};

/// What a move records besides its row, by the rules it is played under.
pub(crate) enum Recorded<'a> {
    /// Server rules: the whole days of thinking charged (R3.5.2).
    Charged(i64),
    /// Postal rules, a message through the bot: the move's postal dates
    /// (R2.4.4, R2.4.8).
    Dates(&'a PostalPly),
    /// Postal rules, a card: the card with its written date, postmarks and
    /// receipt (R2.2).
    Card(&'a StoredCard),
}

/// One move to commit.
pub(crate) struct Commit<'a> {
    /// The game as read before the message (or move) being committed.
    pub game: &'a GameRecord,
    /// The move's ply; later plies of one message follow on.
    pub ply: i64,
    /// The move in UCI.
    pub uci: &'a str,
    /// The text the player wrote.
    pub text: &'a str,
    /// The game's update with the move.
    pub update: &'a GameUpdate,
    /// What the rule set records with it.
    pub recorded: Recorded<'a>,
}

/// Stores one move of `commit` with the game's update, refusing a
/// concurrent change, and what its rule set records with it: the days
/// charged (R3.5.2), the postal dates (R2.4.4) or the card (R2.2).
pub(crate) async fn commit_move(
    tx: &mut Tx,
    lang: Lang,
    commit: Commit<'_>,
    now: DateTime<Utc>,
) -> Result<MoveRow, Failure> {
    let game = commit.game;
    let charged_days = match commit.recorded {
        Recorded::Charged(days) => days,
        Recorded::Dates(_) | Recorded::Card(_) => 0,
    };
    let row = MoveRow {
        ply: commit.ply,
        uci: commit.uci.to_owned(),
        text: commit.text.to_owned(),
        received_at: now,
        sent_at: Some(now),
        charged_days,
    };
    let version = game.version + (commit.ply - game.ply - 1);
    or_conflict(
        lang,
        game.id,
        tx.append_move(game.id, version, &row, commit.update).await,
    )?;
    match commit.recorded {
        Recorded::Charged(_) => {}
        Recorded::Dates(postal) => tx.add_postal_ply(game.id, postal).await?,
        Recorded::Card(card) => tx.save_card(game.id, card, now).await?,
    }
    Ok(row)
}

/// How the move after a committed one is kept.
pub(crate) enum Kept<'a> {
    /// Through the bot under `rules`, which set its deadlines; the plies'
    /// instants and (when already read) both players' leave.
    ByBot(&'a Rules, &'a [DateTime<Utc>], Option<&'a GameLeaves>),
    /// By cards sent by post (R2.2): the bot sets no deadline.
    ByCards,
}

/// After a move was committed: the game over, told to `partner` and the
/// arbiters (R3.1.6), whose notice is returned; else the deadlines of the
/// next move as its rule set asks ([`Rules::set_deadlines`]).
pub(crate) async fn settle_move(
    tx: &mut Tx,
    game: &GameRecord,
    (result, partner): (Option<&GameResult>, PlayerId),
    kept: Kept<'_>,
    now: DateTime<Utc>,
) -> Result<Option<Notice>, Failure> {
    if let Some(result) = result {
        let notice = game_over_notice(tx, game, result).await?;
        announce_end(tx, game, &notice, &[partner], now).await?;
        return Ok(Some(notice));
    }
    match kept {
        Kept::ByBot(rules, plies, leaves) => {
            rules.set_deadlines(tx, game, (plies, leaves), now).await?;
        }
        Kept::ByCards => {
            tx.cancel_deadlines_of_game(game.id).await?;
        }
    }
    Ok(None)
}
