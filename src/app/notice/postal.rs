//! Notices of postal play (R2): the move message with R2.3.6's contents,
//! the repeat and reports of silence (R2.5), leave announced to partners
//! (R2.7.2, R2.7.6).

use serde::{Deserialize, Serialize};
use shakmaty::fen::Fen;

use crate::app::i18n::{Args, Lang, days_text, tr};
use crate::app::notice::{Clocks, NoticeMove, clocks_text};
use crate::app::view::postal_clock::PostalDeadline;
use crate::app::zone::ShownDate;
use crate::core::notation::Notation;
use crate::store::{CaseId, GameId};

/// What the bot tells people in postal events.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "postal", rename_all = "snake_case")]
pub enum PostalNotice {
    /// A move delivered (R2.2, R2.3.6), or repeated after 20 days of the
    /// partner's silence (R2.5.1, `repeat`).
    Move(Box<PostalMoveNotice>),
    /// To White: the first move has not come 20 days after the start (R2.5.2).
    FirstMoveQuery {
        /// The game's number.
        game: GameId,
        /// The event's name.
        event: String,
    },
    /// To the partner: an overstep claim against them (R2.6.2); they may
    /// object within 7 days (R2.6.4); the game is suspended (R2.6.6).
    ClaimFiled {
        /// The game's number.
        game: GameId,
        /// The claimant.
        claimant: String,
        /// The case's number.
        case: CaseId,
        /// The last minute to object.
        until: ShownDate,
    },
    /// To the arbiters: the 7 days to object to an overstep claim are over
    /// (R2.6.4); the claim awaits the ruling.
    ObjectionClosed {
        /// The game's number.
        game: GameId,
        /// The case's number.
        case: CaseId,
    },
    /// To the partner: a card with an impossible or illegible move, or with
    /// none, was entered by its sender (R2.3.9); the move is not played, the
    /// sender's time gets penalty days (R2.4.9, R2.4.10), and the partner
    /// asks for a possible move within 3 days (R2.3.10, R2.4.7).
    ImpossibleCard {
        /// The game's number.
        game: GameId,
        /// The sender.
        sender: String,
        /// The move as written; empty for a card without one.
        mv: String,
        /// The penalty days added.
        days: i64,
    },
    /// To a partner: a player's leave in all postal games (R2.7.2); a late
    /// notice counts from the day it was sent (R2.7.6).
    Leave {
        /// Who goes on leave.
        player: String,
        /// The first day counted.
        from: String,
        /// The first day after it.
        until: String,
        /// The day the leave was meant to start, when announced late.
        late_from: Option<String>,
    },
    /// To a partner and the arbiters: a postal leave cancelled before it
    /// started, or ended early (R2.7.1: in all postal games at once).
    LeaveCancelled {
        /// Whose leave.
        player: String,
        /// Its first day.
        from: String,
        /// The day it ended early (the first day counted again), if it had
        /// started.
        ended: Option<String>,
    },
    /// To a partner who has not answered by the time the player's leave
    /// starts: the leave notice again with the player's last move (R2.7.3).
    LeaveRepeated {
        /// The game's number.
        game: GameId,
        /// Who is on leave.
        player: String,
        /// The first day counted.
        from: String,
        /// The first day after it.
        until: String,
        /// The player's last move, still unanswered.
        mv: NoticeMove,
    },
}

/// A postal move message (R2.3.6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PostalMoveNotice {
    /// The game's number.
    pub game: GameId,
    /// The event's name (its code, R2.3.6).
    pub event: String,
    /// The sender.
    pub mover: String,
    /// The recipient's move being answered, repeated, with the dates it was
    /// sent and received; `None` for White's first move.
    pub answered: Option<Answered>,
    /// The recipient's variant moves the sender accepted, repeated in order
    /// (R2.3.7).
    pub accepted: Vec<NoticeMove>,
    /// The sender's new move.
    pub mv: NoticeMove,
    /// The date the move is sent (the bot's postmark, R2.2).
    pub sent: String,
    /// A variant proposed with it (partner, reply, …).
    pub variant: Vec<NoticeMove>,
    /// Both players' totals (R2.3.6).
    pub clocks: Clocks,
    /// A repeat after 20 days of silence (R2.5.1).
    pub repeat: bool,
    /// The move ended the game.
    pub ends_game: bool,
    /// The recipient's deadline for the reply (R2.6.1); none once the game
    /// is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline: Option<PostalDeadline>,
}

/// The move a message answers (R2.3.6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answered {
    /// The move.
    pub mv: NoticeMove,
    /// The date it was sent.
    pub sent: String,
    /// The date it was received.
    pub received: String,
}

impl PostalNotice {
    /// The stable snake_case name of this notice.
    pub fn kind(&self) -> &'static str {
        match self {
            PostalNotice::Move(mv) if mv.repeat => "postal_repeat",
            PostalNotice::Move(_) => "postal_move",
            PostalNotice::FirstMoveQuery { .. } => "postal_first_move_query",
            PostalNotice::Leave { .. } => "postal_leave",
            PostalNotice::LeaveCancelled { .. } => "postal_leave_cancelled",
            PostalNotice::LeaveRepeated { .. } => "postal_leave_repeated",
            PostalNotice::ClaimFiled { .. } => "postal_claim_filed",
            PostalNotice::ObjectionClosed { .. } => "postal_objection_closed",
            PostalNotice::ImpossibleCard { .. } => "postal_impossible_card",
        }
    }

    /// The game a board image belongs with, for a move.
    pub fn board_game(&self) -> Option<GameId> {
        match self {
            PostalNotice::Move(mv) => Some(mv.game),
            _ => None,
        }
    }

    /// The notice's text in `lang`, with moves in `notation`.
    pub fn text(&self, lang: Lang, notation: Notation) -> String {
        match self {
            PostalNotice::Move(mv) => move_text(mv, lang, notation),
            PostalNotice::FirstMoveQuery { game, event } => tr(
                lang,
                "postal-notice-first-move-query",
                &Args::new()
                    .with("game", *game)
                    .with("event", event.as_str()),
            ),
            PostalNotice::ClaimFiled {
                game,
                claimant,
                case,
                until,
            } => tr(
                lang,
                "postal-notice-claim-filed",
                &Args::new()
                    .with("game", *game)
                    .with("claimant", claimant.as_str())
                    .with("case", *case)
                    .with("until", until.text(lang)),
            ),
            PostalNotice::ImpossibleCard {
                game,
                sender,
                mv,
                days,
            } => impossible_card_text(lang, *game, sender, mv, *days),
            PostalNotice::ObjectionClosed { game, case } => tr(
                lang,
                "postal-notice-objection-closed",
                &Args::new().with("game", *game).with("case", *case),
            ),
            PostalNotice::Leave {
                player,
                from,
                until,
                late_from,
            } => {
                let args = Args::new()
                    .with("player", player.as_str())
                    .with("from", from.as_str())
                    .with("until", until.as_str());
                match late_from {
                    Some(planned) => tr(
                        lang,
                        "postal-notice-leave-late",
                        &args.with("planned", planned.as_str()),
                    ),
                    None => tr(lang, "postal-notice-leave", &args),
                }
            }
            PostalNotice::LeaveCancelled {
                player,
                from,
                ended,
            } => {
                let args = Args::new()
                    .with("player", player.as_str())
                    .with("from", from.as_str());
                match ended {
                    Some(day) => tr(
                        lang,
                        "postal-notice-leave-ended",
                        &args.with("at", day.as_str()),
                    ),
                    None => tr(lang, "postal-notice-leave-cancelled", &args),
                }
            }
            PostalNotice::LeaveRepeated {
                game,
                player,
                from,
                until,
                mv,
            } => tr(
                lang,
                "postal-notice-leave-repeated",
                &Args::new()
                    .with("game", *game)
                    .with("player", player.as_str())
                    .with("from", from.as_str())
                    .with("until", until.as_str())
                    .with("move", numbered(mv, notation)),
            ),
        }
    }
}

/// A move with its number: `3. Сf1-b5` or `3... a7-a6`.
pub fn numbered(mv: &NoticeMove, notation: Notation) -> String {
    let (number, black) = mv
        .fen_before
        .parse::<Fen>()
        .map(|fen| {
            let setup = fen.as_setup();
            (setup.fullmoves.get(), setup.turn == shakmaty::Color::Black)
        })
        .unwrap_or((1, false));
    let dots = if black { "..." } else { "." };
    format!("{number}{dots} {}", mv.write(notation))
}

/// Moves with their numbers, space separated.
pub fn numbered_list(moves: &[NoticeMove], notation: Notation) -> String {
    let written: Vec<String> = moves.iter().map(|m| numbered(m, notation)).collect();
    written.join(" ")
}

/// A proposed variant as text: `after 2... Кb8-c6 → 3. Сf1-b5; …`.
pub fn variant_text(moves: &[NoticeMove], lang: Lang, notation: Notation) -> String {
    let pairs: Vec<String> = moves
        .chunks(2)
        .map(|pair| {
            let args = Args::new()
                .with("yours", numbered(&pair[0], notation))
                .with("reply", pair.get(1).map(|m| numbered(m, notation)));
            tr(lang, "postal-variant-pair", &args)
        })
        .collect();
    pairs.join("; ")
}

fn move_text(mv: &PostalMoveNotice, lang: Lang, notation: Notation) -> String {
    let head_id = match (mv.repeat, mv.ends_game) {
        (true, _) => "postal-notice-repeat",
        (false, true) => "postal-notice-move-final",
        (false, false) => "postal-notice-move",
    };
    let args = Args::new()
        .with("game", mv.game)
        .with("event", mv.event.as_str())
        .with("mover", mv.mover.as_str())
        .with("move", numbered(&mv.mv, notation))
        .with("sent", mv.sent.as_str());
    let mut lines = vec![tr(lang, head_id, &args)];
    if let Some(answered) = &mv.answered {
        let args = Args::new()
            .with("move", numbered(&answered.mv, notation))
            .with("sent", answered.sent.as_str())
            .with("received", answered.received.as_str());
        lines.push(tr(lang, "postal-notice-answered", &args));
    }
    if !mv.accepted.is_empty() {
        let args = Args::new().with("moves", numbered_list(&mv.accepted, notation));
        lines.push(tr(lang, "postal-notice-accepted", &args));
    }
    if !mv.variant.is_empty() {
        let args = Args::new().with("variant", variant_text(&mv.variant, lang, notation));
        lines.push(tr(lang, "postal-notice-variant", &args));
    }
    lines.push(clocks_text(lang, &mv.clocks));
    if let Some(deadline) = mv.deadline.as_ref().filter(|_| !mv.ends_game) {
        lines.push(deadline.text(lang));
    }
    lines.join("\n")
}

/// The partner's notice of a card with an impossible move (R2.3.9,
/// R2.3.10, R2.4.7, R2.4.9).
fn impossible_card_text(lang: Lang, game: GameId, sender: &str, mv: &str, days: i64) -> String {
    let args = Args::new()
        .with("game", game)
        .with("sender", sender)
        .with("move", mv)
        .with("days", days_text(lang, days));
    let id = if mv.is_empty() {
        "postal-notice-card-without-move"
    } else {
        "postal-notice-impossible-card"
    };
    tr(lang, id, &args)
}
