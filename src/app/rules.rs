//! The rule set an event is played under, one type per kind of event: the
//! federation's server rules (R3: 50 days per 10 moves, doubling past 20
//! days) and the postal rules (R2: cards, variants, time by dates). Each
//! owns, for its kind of event, the clocks of a game, the deadlines a move
//! sets and what a committed move records (`commit`; a game's end, the
//! same under every rule set, in `end`); the rest of the app asks the
//! [`Rules`] of a game's [`Regulation`] instead of testing the kind itself.
//! A new rule set (a club's own regulation, a Fischer clock) is one new
//! variant and its type, matched exhaustively below.

mod commit;
mod end;
mod postal;
mod server;

use chrono::{DateTime, Utc};

use crate::app::failure::Failure;
use crate::app::view::clock::MoveClock;
use crate::app::view::game::regulation_of;
use crate::app::view::leave_time::GameLeaves;
use crate::core::clock::Clocks;
use crate::core::regulation::{Regulation, RuleSet};
use crate::store::{Event, GameRecord, GameStatus, MoveRow, PostalPly, Tx};

pub(crate) use commit::{Commit, Kept, Recorded, commit_move, settle_move};
pub(crate) use end::{announce_end, game_over_notice};
pub(crate) use postal::PostalRules;
pub(crate) use server::ServerRules;

/// The rules of one game's event.
#[derive(Debug, Clone)]
pub(crate) enum Rules {
    /// The server rules (R3).
    Server(ServerRules),
    /// The postal rules (R2).
    Postal(PostalRules),
}

impl Rules {
    /// The rules `regulation` is played under.
    pub(crate) fn of(regulation: &Regulation) -> Self {
        match regulation.rule_set {
            RuleSet::Server => Self::Server(ServerRules::new(regulation)),
            RuleSet::Postal => Self::Postal(PostalRules::new(regulation)),
        }
    }

    /// The rules of `event`.
    pub(crate) fn of_event(event: &Event) -> Self {
        Self::of(&regulation_of(event))
    }

    /// The kind of these rules, whose pure capabilities (R2.7.1, R2.6.2 …)
    /// [`RuleSet`] answers.
    fn rule_set(&self) -> RuleSet {
        match self {
            Self::Server(_) => RuleSet::Server,
            Self::Postal(_) => RuleSet::Postal,
        }
    }

    /// Whether a move arrives as a message that may answer and propose
    /// variants (R2.3.6, R2.4.8) rather than as one move made on the server
    /// (R3.1.1, R3.2.1).
    pub(crate) fn moves_by_message(&self) -> bool {
        match self {
            Self::Server(_) => false,
            Self::Postal(_) => true,
        }
    }

    /// Whether a move may be kept by cards sent by post (R2.2); under the
    /// server rules the bot is the server and a move made anywhere else
    /// does not count (R3.1.1, R3.2.1).
    pub(crate) fn keeps_cards(&self) -> bool {
        self.moves_by_message()
    }

    /// Whether a leave counts in every game of this kind at once, one
    /// leave in all postal games (R2.7.1), rather than per event (R3.6).
    pub(crate) fn shares_leave(&self) -> bool {
        self.rule_set().shares_leave()
    }

    /// Both clocks of `game` as they stand at `now` (or when it finished),
    /// its players' leave counted: the server clocks (R3.4.2, R3.5, R3.6)
    /// or the postal ones (R2.4, R2.7).
    pub(crate) async fn game_clocks(
        tx: &mut Tx,
        game: &GameRecord,
        now: DateTime<Utc>,
    ) -> Result<Clocks, Failure> {
        match Self::of_event(&tx.event(game.event_id).await?) {
            Self::Server(rules) => rules.game_clocks(tx, game, now).await,
            Self::Postal(rules) => rules.game_clocks(tx, game, now).await,
        }
    }

    /// The days each of the moves `rows` of `game` cost its player: the
    /// whole days the server charged (R3.5.2, R3.5.3, its leave left out,
    /// R3.5.5) or, under postal rules, the days stored with the move
    /// (R2.4.4).
    pub(crate) async fn ply_charges(
        &self,
        tx: &mut Tx,
        game: &GameRecord,
        rows: &[MoveRow],
        now: DateTime<Utc>,
    ) -> Result<Vec<i64>, Failure> {
        match self {
            Self::Server(rules) => rules.ply_charges(tx, game, rows, now).await,
            Self::Postal(_) => Ok(rows.iter().map(|row| row.charged_days).collect()),
        }
    }

    /// [`Rules::clocks_from`] from what a list of games already read
    /// (`read`): the server clocks from the moves and leave read (R3.4.2,
    /// R3.5); the postal ones from the moves and their dates (R2.4), a
    /// game kept by cards reading its own (R2.2).
    pub(crate) async fn clocks_read(
        &self,
        tx: &mut Tx,
        game: &GameRecord,
        read: ReadClocks<'_>,
        now: DateTime<Utc>,
    ) -> Result<(Option<MoveClock>, Clocks), Failure> {
        match self {
            Self::Server(rules) => Ok(rules.clocks_with(game, read.rows, &read.leaves, now)),
            Self::Postal(rules) => rules.clocks_read(tx, game, read, now).await,
        }
    }

    /// The pending move's clock as players see it (for a running game;
    /// [`shown_clock`]) and both clocks of `game` at `now`, from its moves
    /// (`rows`) already read: a server game reads only its players' leave
    /// and the arbiter's days (two statements; a board image, issue 24).
    pub(crate) async fn clocks_from(
        &self,
        tx: &mut Tx,
        game: &GameRecord,
        rows: &[MoveRow],
        now: DateTime<Utc>,
    ) -> Result<(Option<MoveClock>, Clocks), Failure> {
        match self {
            Self::Server(rules) => rules.clocks_from(tx, game, rows, now).await,
            Self::Postal(rules) => rules.clocks_from(tx, game, now).await,
        }
    }

    /// Replaces the game's deadlines with those of the pending move: the
    /// server reminders, silence notices and flag (R3.3, R3.5.7) or the
    /// postal silence and overstep deadlines (R2.5, R2.6). `leaves`, when
    /// already read, spares reading them again (server rules).
    pub(crate) async fn set_deadlines(
        &self,
        tx: &mut Tx,
        game: &GameRecord,
        (plies, leaves): (&[DateTime<Utc>], Option<&GameLeaves>),
        now: DateTime<Utc>,
    ) -> Result<(), Failure> {
        match self {
            Self::Server(rules) => rules.set_deadlines(tx, game, (plies, leaves), now).await,
            Self::Postal(rules) => rules.set_deadlines(tx, game, now).await,
        }
    }
}

/// What a list of games already read holds of one game, for its clocks
/// ([`Rules::clocks_read`]).
pub(crate) struct ReadClocks<'a> {
    /// Its moves.
    pub rows: &'a [MoveRow],
    /// Its moves' postal dates (R2.4.4).
    pub plies: &'a [PostalPly],
    /// Whether it is kept by cards (R2.2).
    pub by_cards: bool,
    /// Both players' leave and the arbiter's days.
    pub leaves: GameLeaves,
}

/// The regulation of a running game's event; `None` once it is finished.
async fn running_rules(tx: &mut Tx, game: &GameRecord) -> Result<Option<Rules>, Failure> {
    if game.status != GameStatus::Running {
        return Ok(None);
    }
    Ok(Some(Rules::of_event(&tx.event(game.event_id).await?)))
}

/// The pending move's clock of a running game at `now` when a flag can fall
/// on it (R3.5.7): the server clock; `None` for a finished game or under
/// postal rules, whose time counts dates and oversteps rather than loses
/// (R2.4, R2.6.1).
pub(crate) async fn pending_clock(
    tx: &mut Tx,
    game: &GameRecord,
    now: DateTime<Utc>,
) -> Result<Option<MoveClock>, Failure> {
    match running_rules(tx, game).await? {
        Some(Rules::Server(rules)) => Ok(Some(rules.pending_clock(tx, game, now).await?)),
        Some(Rules::Postal(_)) | None => Ok(None),
    }
}

/// When `player` loses `game` on time without a move (R3.5.7): the first
/// instant of the loss, for a running game on the server clock in which
/// `player` is to move; `None` otherwise (postal time oversteps rather
/// than loses, R2.6.1).
pub(crate) async fn loss_on_move(
    tx: &mut Tx,
    game: &GameRecord,
    player: crate::store::PlayerId,
    now: DateTime<Utc>,
) -> Result<Option<DateTime<Utc>>, Failure> {
    use crate::app::view::game::{player_of, side_to_move};
    if game.status != GameStatus::Running || player_of(game, side_to_move(game)) != player {
        return Ok(None);
    }
    Ok(pending_clock(tx, game, now)
        .await?
        .map(|clock| clock.loses_at))
}

/// The first loss on time (R3.5.7) that `player` faces among `games`: the
/// game and its instant, as in [`loss_on_move`].
pub(crate) async fn first_loss_on_move(
    tx: &mut Tx,
    games: &[GameRecord],
    player: crate::store::PlayerId,
    now: DateTime<Utc>,
) -> Result<Option<(crate::store::GameId, DateTime<Utc>)>, Failure> {
    let mut first: Option<(crate::store::GameId, DateTime<Utc>)> = None;
    for game in games {
        if let Some(at) = loss_on_move(tx, game, player, now).await?
            && first.is_none_or(|(_, earliest)| at < earliest)
        {
            first = Some((game.id, at));
        }
    }
    Ok(first)
}

/// The pending move's clock of a running game as players see it: the
/// server clock (R3.5) or the postal one (R2.4, R2.6.1); `None` for a
/// finished game or one by cards whose last has no date of receipt.
pub(crate) async fn shown_clock(
    tx: &mut Tx,
    game: &GameRecord,
    now: DateTime<Utc>,
) -> Result<Option<MoveClock>, Failure> {
    match running_rules(tx, game).await? {
        Some(Rules::Server(rules)) => Ok(Some(rules.pending_clock(tx, game, now).await?)),
        Some(Rules::Postal(rules)) => rules.shown_clock(tx, game, now).await,
        None => Ok(None),
    }
}
