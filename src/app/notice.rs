//! Typed notices: what the bot tells people on its own (a move was made, a
//! reminder, a result …). A notice is stored in the outbox as JSON in the
//! same transaction as the change that caused it, and rendered for its
//! recipient (language, notation) only when it is delivered.

use serde::{Deserialize, Serialize};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move};

use crate::app::i18n::{Args, Lang, days_text, tr, tr0};
use crate::app::outgoing::{Button, ImageRef, Outgoing};
pub use crate::app::room::{Room, Window};
pub use crate::app::zone::{ShownDate, ShownInstant};
use crate::core::clock::Days;
use crate::core::notation::{self, Notation};
use crate::store::{EventId, GameId, NoticeId, PlayerId, TeamId};

mod thread;
pub use thread::ThreadNotice;
mod follow;
pub use follow::{FollowNotice, FollowedGame};
mod case;
mod conditional;
pub use conditional::{ConditionalNotice, MetMove};
mod knockout;
pub use knockout::{KnockoutEvent, KnockoutNotice, Stage};
mod link;
pub use link::LinkNotice;
mod turn;
pub use turn::TurnNotice;
mod batch;
mod event_end;
mod opening;
pub use batch::{BATCH_KIND, MERGEABLE_KINDS, NoticeBatch, mergeable};
pub use event_end::{EventEnd, FinalLine, OwnResult, OwnTeam};
pub use opening::opening_text;

pub use case::{
    CaseNews, CaseNotice, Deciders, MeasureView, RequestNotice, SentMove, case_kind_text,
    last_messages_lines,
};
mod postal;
pub use postal::{Answered, PostalMoveNotice, PostalNotice, numbered, numbered_list, variant_text};

pub use crate::core::clock::Clocks;

/// A move as stored in a notice: the position before it and the move in
/// UCI, so each recipient sees it in their own notation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NoticeMove {
    /// FEN of the position before the move.
    pub fen_before: String,
    /// The move in UCI.
    pub uci: String,
}

impl NoticeMove {
    /// The position before the move and the move, or `None` if the stored
    /// data is inconsistent (which the store's invariants rule out).
    fn parsed(&self) -> Option<(Chess, Move)> {
        let position: Chess = self
            .fen_before
            .parse::<Fen>()
            .ok()?
            .into_position(CastlingMode::Standard)
            .ok()?;
        let uci: UciMove = self.uci.parse().ok()?;
        let mv = uci.to_move(&position).ok()?;
        Some((position, mv))
    }

    /// The move written in `notation`, or its UCI if the stored data is
    /// inconsistent.
    pub fn write(&self, notation: Notation) -> String {
        match self.parsed() {
            Some((position, mv)) => notation::write(&position, &mv, notation),
            None => self.uci.clone(),
        }
    }

    /// `notice-mark-check` or `notice-mark-mate` when the move gives check
    /// or mate, so the defender is told in words, whatever the notation.
    pub fn mark(&self) -> Option<&'static str> {
        use shakmaty::Position;
        let (position, mv) = self.parsed()?;
        let after = position.play(mv).ok()?;
        if after.is_checkmate() {
            Some("notice-mark-mate")
        } else if after.is_check() {
            Some("notice-mark-check")
        } else {
            None
        }
    }

    /// The dots after the move number: `1.` before White's move, `1...`
    /// before Black's, so a move shown alone says whose it is.
    pub fn dots(&self) -> &'static str {
        match self.fen_before.split_whitespace().nth(1) {
            Some("b") => "...",
            _ => ".",
        }
    }
}

/// Everything the bot announces by itself. `kind()` names each in
/// snake_case, as transcripts and the outbox show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Notice {
    /// The opponent moved (R3.2.2, R2.3.6): the game, the move, both clocks.
    MoveMade {
        /// The game's number.
        game: GameId,
        /// The event's name.
        event: String,
        /// The mover's display name.
        mover: String,
        /// The mover's move number.
        move_number: u32,
        /// The move.
        mv: NoticeMove,
        /// Both clocks after the move.
        clocks: Clocks,
        /// The move ended the game (the result follows in `GameOver`), so
        /// the notice does not ask for a reply.
        #[serde(default)]
        ends_game: bool,
        /// When the recipient loses on time without a move (R3.5.7), in
        /// the recipient's zone.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        loses_at: Option<ShownInstant>,
        /// How long the recipient can think on the move before losing
        /// (absent in notices stored before it was added, and postal).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        room: Option<Room>,
        /// The move's half-move number in the game (from 1): the board
        /// shown is the position after it, however late the notice goes out
        /// (absent in notices stored before it was added: the current one).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ply: Option<i64>,
    },
    /// No answer yet after `days` days (R3.3.1: 14, 28, 35).
    Reminder {
        /// The game's number.
        game: GameId,
        /// Days since the opponent's move reached the player.
        days: Days,
        /// Days left on the player's clock.
        left: Days,
        /// When the player loses on time without a move (R3.5.7), in the
        /// player's zone.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        loses_at: Option<ShownInstant>,
        /// How long the player can still think on the move before losing.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        room: Option<Room>,
        /// The opponent's name, for the line of the reminder in a
        /// [`NoticeBatch`] (absent in reminders stored before it was added).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        opponent: Option<String>,
    },
    /// 35 days without a move: tell the arbiter and the partner within 5
    /// days that you mean to continue (R3.3.2).
    ContinuationDue {
        /// The game's number.
        game: GameId,
        /// Days of silence.
        days: Days,
        /// When the 5 days end, and the loss on time if it comes first
        /// (absent in notices stored before it was added).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        window: Option<Window>,
    },
    /// A game ended (R3.1.6): to both players and the arbiter channel.
    GameOver {
        /// The game's number.
        game: GameId,
        /// White's name.
        white: String,
        /// Black's name.
        black: String,
        /// `1-0`, `½-½`, `0-1`, `0-0` or `—`.
        score: String,
        /// The catalog id of the reason (`result-checkmate` …).
        reason: String,
    },
    /// The opponent offers a draw.
    DrawOffered {
        /// The game's number.
        game: GameId,
        /// Who offers.
        by: String,
    },
    /// The opponent declined a draw offer.
    DrawDeclined {
        /// The game's number.
        game: GameId,
        /// Who declined.
        by: String,
    },
    /// A player's contact details changed (R2.1.2).
    ContactChanged {
        /// The player's name.
        player: String,
        /// The new details, one per line.
        details: String,
    },
    /// An event started: every game at once (R1.1).
    EventStarted {
        /// The event's name.
        event: String,
        /// The event's number (for its web page's link; absent in notices
        /// stored before it was added).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        event_id: Option<EventId>,
        /// Games the recipient plays.
        games: u32,
        /// Those games: number, opponent, colour.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        list: Vec<StartedGame>,
        /// A thematic event's opening (issue 21), for the games' start.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        opening: Option<crate::core::opening::Opening>,
        /// The recipient's section, in an event played in sections (issue
        /// 40).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        section: Option<i64>,
    },
    /// The organizer took the recipient out of an event before its start.
    EntryRemoved {
        /// The event's number.
        event: EventId,
        /// The event's name.
        name: String,
    },
    /// The organizer undid the recipient's removal from an event: they
    /// may enter again.
    EntryReadmitted {
        /// The event's number.
        event: EventId,
        /// The event's name.
        name: String,
    },
    /// An event the recipient entered was cancelled before its start.
    EventCancelled {
        /// The event's number.
        event: EventId,
        /// The event's name.
        name: String,
    },
    /// An event played in sections (issue 40): its sections are over (or
    /// the organizer started the final early) and its final has started,
    /// to every entrant; with the recipient's games of the final, if they
    /// qualified.
    FinalStarted {
        /// The event's number.
        event: EventId,
        /// The event's name.
        name: String,
        /// The finalists' names, in the final's seeding order.
        finalists: Vec<String>,
        /// The recipient's games of the final (none: not qualified).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        list: Vec<StartedGame>,
        /// To the arbiters (their channel, or each arbiter who does not
        /// play): no line about the recipient's own games.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        arbiter: bool,
        /// Started early by the organizer (`/event final`): how many
        /// section games were still in play (none: the sections were over).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        early: Option<usize>,
    },
    /// To an organizer who does not play: the event's last place was
    /// taken and it started by itself (`start=full`, issue events-2).
    EventStartedFull {
        /// The event's number.
        event: EventId,
        /// The event's name.
        name: String,
        /// The games started.
        games: usize,
    },
    /// The daily digest (`/digest on`): the games where it is the
    /// recipient's move, soonest loss on time first.
    Digest {
        /// The games.
        games: Vec<DigestGame>,
    },
    /// An opponent registered a leave (R3.6.2): no moves from them, and
    /// their clock is stopped, during it.
    LeaveRegistered {
        /// Who goes on leave.
        player: String,
        /// The first instant of the leave.
        from: ShownDate,
        /// The first instant after it.
        until: ShownDate,
        /// The event it is for, or `None` for all the player's events.
        event: Option<String>,
    },
    /// An opponent cancelled a leave before it started, or ended it early.
    LeaveWithdrawn {
        /// Whose leave.
        player: String,
        /// The leave's start.
        from: ShownDate,
        /// When a running leave was ended early (their time runs again);
        /// `None` when it was cancelled before it started.
        ended_at: Option<ShownDate>,
    },
    /// The arbiter's desk: a case opened, passed on, ruled, appealed …
    Case(CaseNotice),
    /// The arbiter's request to a player (R3.4.3), or its answer.
    Request(RequestNotice),
    /// To the administrator: a notice could not be delivered, and the
    /// outbox parked it.
    DeliveryFailed {
        /// The recipient who did not get it.
        recipient: String,
        /// The notice's kind.
        notice_kind: String,
        /// The parked notice's number in the outbox.
        #[serde(default = "unknown_notice")]
        notice_id: NoticeId,
        /// Attempts made.
        #[serde(default)]
        attempts: i64,
        /// The last error.
        #[serde(default)]
        error: String,
    },
    /// To the captain (and deputy) of a silent player's team: 35 days
    /// without a move; the notice of continuing goes through the captain
    /// (R3.3.2).
    CaptainContinuationDue {
        /// The game's number.
        game: GameId,
        /// The silent player's name.
        player: String,
        /// Days of silence.
        days: Days,
    },
    /// To a silent player of a team event: 35 days without a move; the
    /// notice of continuing goes to the arbiter through the captain (R3.3.2).
    ContinuationDueViaCaptain {
        /// The game's number.
        game: GameId,
        /// Days of silence.
        days: Days,
        /// The captain's name.
        captain: String,
        /// When the 5 days end, and the loss on time if it comes first.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        window: Option<Window>,
    },
    /// To a team's captain and deputy: the team event started (R1.1) and
    /// `/team games` shows the team's games (R3.1.3).
    TeamStarted {
        /// The event's name.
        event: String,
        /// The team's name.
        team: String,
        /// The team's number.
        number: TeamId,
        /// The team's games.
        games: u32,
    },
    /// The arbiter replaced a board's player by a reserve (R3.1.3).
    Substituted {
        /// The team's name.
        team: String,
        /// The board.
        board: u32,
        /// The replaced player's name.
        outgoing: String,
        /// The reserve's name.
        incoming: String,
        /// Games not yet begun that the reserve now plays.
        games: u32,
    },
    /// A public notice to a game's thread in the event's channel.
    Thread(ThreadNotice),
    /// A notice of postal play (R2).
    Postal(PostalNotice),
    /// Another account asks to join the recipient's player (`/link`).
    Link(LinkNotice),
    /// A message from the opponent, or the notice of continuing (R3.3.2).
    Turn(TurnNotice),
    /// Several notices to one recipient at one instant, as one message (a
    /// storm of reminders, 35-day notices or losses on time).
    Batch(NoticeBatch),
    /// The event's last game ended: its final table (R1.1).
    EventFinished(EventEnd),
    /// To a member who follows a game: a move of it, or its end (issue 41).
    Follow(FollowNotice),
    /// To a player, of their conditional lines: a reply played, or lines
    /// the opponent's move left (issue 41).
    Conditional(ConditionalNotice),
    /// To a knock-out match's players (issue 40): its games started, or
    /// how it was decided.
    Knockout(KnockoutNotice),
}

/// The parked notice's number in failure notices stored before it was kept.
fn unknown_notice() -> NoticeId {
    NoticeId(0)
}

impl Notice {
    /// The stable snake_case name of this notice.
    pub fn kind(&self) -> &'static str {
        match self {
            Notice::MoveMade { .. } => "move_made",
            Notice::Reminder { .. } => "reminder",
            Notice::ContinuationDue { .. } => "continuation_due",
            Notice::GameOver { .. } => "game_over",
            Notice::DrawOffered { .. } => "draw_offered",
            Notice::DrawDeclined { .. } => "draw_declined",
            Notice::ContactChanged { .. } => "contact_changed",
            Notice::EventStarted { .. } => "event_started",
            Notice::EntryRemoved { .. } => "entry_removed",
            Notice::EntryReadmitted { .. } => "entry_readmitted",
            Notice::EventCancelled { .. } => "event_cancelled",
            Notice::EventStartedFull { .. } => "event_started_full",
            Notice::FinalStarted { .. } => "final_started",
            Notice::Digest { .. } => "digest",
            Notice::LeaveRegistered { .. } => "leave_registered",
            Notice::LeaveWithdrawn { .. } => "leave_withdrawn",
            Notice::DeliveryFailed { .. } => "delivery_failed",
            Notice::CaptainContinuationDue { .. } => "captain_continuation_due",
            Notice::ContinuationDueViaCaptain { .. } => "continuation_due",
            Notice::TeamStarted { .. } => "team_started",
            Notice::Substituted { .. } => "team_substitution",
            Notice::Thread(thread) => thread.kind(),
            Notice::Case(case) => case.news.kind(),
            Notice::Request(request) if request.answer => "request_answered",
            Notice::Request(_) => "arbiter_request",
            Notice::Postal(postal) => postal.kind(),
            Notice::Turn(turn) => turn.kind(),
            Notice::Link(link) => link.kind(),
            Notice::Batch(_) => BATCH_KIND,
            Notice::EventFinished(_) => "event_finished",
            Notice::Follow(follow) => follow.kind(),
            Notice::Conditional(conditional) => conditional.kind(),
            Notice::Knockout(knockout) => knockout.kind(),
        }
    }

    /// The notice as a message for one recipient: the text in `lang` with
    /// moves in `notation`, the board (as `viewer`, a player id, sees it)
    /// after a move or at the end of a game, and buttons for what the
    /// recipient may answer.
    pub fn message(&self, lang: Lang, notation: Notation, viewer: Option<PlayerId>) -> Outgoing {
        if let Notice::Case(case) = self {
            return case.message(lang, self.kind(), viewer);
        }
        if let Notice::Link(link) = self {
            return link.message(lang);
        }
        if let Notice::Batch(batch) = self {
            return batch.message(lang, notation, viewer);
        }
        if let Notice::EventFinished(end) = self {
            return end.message(lang, viewer);
        }
        let message = Outgoing::of_kind(self.kind(), self.text(lang, notation));
        match self {
            Notice::MoveMade { game, ply, .. } => message.with_image(ImageRef::Board {
                game: *game,
                viewer,
                lang,
                ply: *ply,
            }),
            Notice::GameOver { game, .. } => message.with_image(ImageRef::Board {
                game: *game,
                viewer,
                lang,
                ply: None,
            }),
            Notice::Thread(thread) => message.with_image(ImageRef::Board {
                game: thread.game(),
                viewer,
                lang,
                ply: thread.ply(),
            }),
            Notice::Follow(follow) => message.with_image(ImageRef::Board {
                game: follow.game(),
                viewer,
                lang,
                ply: follow.ply(),
            }),
            Notice::Conditional(conditional @ ConditionalNotice::Played { .. }) => message
                .with_image(ImageRef::Board {
                    game: conditional.game(),
                    viewer,
                    lang,
                    ply: conditional.ply(),
                }),
            Notice::Digest { games } => message.with_buttons(
                games
                    .iter()
                    .map(|game| {
                        let args = Args::new()
                            .with("game", game.game)
                            .with("opponent", game.opponent.as_str());
                        Button::new(
                            tr(lang, "button-game-board", &args),
                            format!("/board {}", game.game),
                        )
                    })
                    .collect(),
            ),
            Notice::ContinuationDue { game, .. }
            | Notice::ContinuationDueViaCaptain { game, .. } => {
                message.with_buttons(vec![Button::new(
                    tr0(lang, "button-continue"),
                    format!("/continue #{game}"),
                )])
            }
            Notice::DrawOffered { game, .. } => message.with_buttons(vec![
                Button::new(
                    tr0(lang, "button-draw-accept"),
                    format!("/draw accept #{game}"),
                ),
                Button::new(
                    tr0(lang, "button-draw-decline"),
                    format!("/draw decline #{game}"),
                ),
            ]),
            Notice::Postal(postal) => match postal.board_game() {
                Some(game) => message.with_image(ImageRef::Board {
                    game,
                    viewer,
                    lang,
                    ply: None,
                }),
                None => message,
            },
            _ => message,
        }
    }

    /// The public web page the notice is about, if any: a move's or a
    /// finished game's game, a started event.
    pub fn web_page(&self) -> Option<crate::app::web_link::WebPage> {
        use crate::app::web_link::WebPage;
        match self {
            Notice::MoveMade { game, .. } | Notice::GameOver { game, .. } => {
                Some(WebPage::Game(*game))
            }
            Notice::Thread(thread) => Some(WebPage::Game(thread.game())),
            Notice::Follow(follow) => Some(WebPage::Game(follow.game())),
            Notice::EventStarted { event_id, .. } => event_id.map(WebPage::Event),
            Notice::EventFinished(end) => Some(WebPage::Event(end.event)),
            Notice::FinalStarted { event, .. } => Some(WebPage::Event(*event)),
            Notice::Knockout(knockout) => Some(WebPage::Event(knockout.event())),
            _ => None,
        }
    }

    /// The notice's text in `lang`, with moves in `notation`.
    pub fn text(&self, lang: Lang, notation: Notation) -> String {
        match self {
            Notice::MoveMade {
                game,
                event,
                mover,
                move_number,
                mv,
                clocks,
                ends_game,
                loses_at,
                room,
                ..
            } => {
                let args = Args::new()
                    .with("game", *game)
                    .with("event", event.as_str())
                    .with("mover", mover.as_str())
                    .with("number", *move_number)
                    .with("dots", mv.dots())
                    .with("move", mv.write(notation))
                    .with(
                        "mark",
                        mv.mark()
                            .map_or(String::new(), |id| format!(" {}", tr0(lang, id))),
                    );
                let id = if *ends_game {
                    "notice-move-made-final"
                } else {
                    "notice-move-made"
                };
                let head = tr(lang, id, &args);
                let text = format!("{head}\n{}", clocks_text(lang, clocks));
                match loses_at {
                    Some(at) if !*ends_game => {
                        format!("{text}\n{}", deadline_sentences(lang, *room, at))
                    }
                    _ => text,
                }
            }
            Notice::Reminder {
                game,
                days,
                left,
                loses_at,
                room,
                ..
            } => {
                let args = Args::new()
                    .with("game", *game)
                    .with("days", days_text(lang, *days));
                match loses_at {
                    Some(at) => {
                        let head = tr(lang, "notice-reminder-deadline", &args);
                        format!("{head} {}", deadline_sentences(lang, *room, at))
                    }
                    None => tr(
                        lang,
                        "notice-reminder",
                        &args.with("left", left_text(lang, *left)),
                    ),
                }
            }
            Notice::ContinuationDue { game, days, window } => {
                let args = Args::new()
                    .with("game", *game)
                    .with("days", days_text(lang, *days));
                match window {
                    Some(window) => window.continuation_text(lang, args),
                    None => tr(lang, "notice-continuation-due", &args),
                }
            }
            Notice::GameOver {
                game,
                white,
                black,
                score,
                reason,
            } => {
                let args = Args::new()
                    .with("game", *game)
                    .with("white", white.as_str())
                    .with("black", black.as_str())
                    .with("score", score.as_str())
                    .with("reason", tr(lang, reason, &Args::new()));
                // An annulled game has no score to show (R2.1.5): it
                // reads as annulled, not as «ann — bob — (…)».
                let id = if reason == "result-arbiter-annulled" {
                    "notice-game-annulled"
                } else {
                    "notice-game-over"
                };
                tr(lang, id, &args)
            }
            Notice::DrawOffered { game, by } => tr(
                lang,
                "notice-draw-offered",
                &Args::new().with("game", *game).with("by", by.as_str()),
            ),
            Notice::DrawDeclined { game, by } => tr(
                lang,
                "notice-draw-declined",
                &Args::new().with("game", *game).with("by", by.as_str()),
            ),
            Notice::ContactChanged { player, details } => tr(
                lang,
                "notice-contact-changed",
                &Args::new()
                    .with("player", player.as_str())
                    .with("details", details.as_str()),
            ),
            Notice::EntryRemoved { event, name } => tr(
                lang,
                "notice-entry-removed",
                &Args::new()
                    .with("event", *event)
                    .with("name", name.as_str()),
            ),
            Notice::EntryReadmitted { event, name } => tr(
                lang,
                "notice-entry-readmitted",
                &Args::new()
                    .with("event", *event)
                    .with("name", name.as_str()),
            ),
            Notice::EventCancelled { event, name } => tr(
                lang,
                "notice-event-cancelled",
                &Args::new()
                    .with("event", *event)
                    .with("name", name.as_str()),
            ),
            Notice::FinalStarted {
                event,
                name,
                finalists,
                list,
                arbiter,
                early,
            } => final_started_text(lang, (*event, name, *early), finalists, (list, *arbiter)),
            Notice::EventStartedFull { event, name, games } => tr(
                lang,
                "notice-event-started-full",
                &Args::new()
                    .with("event", *event)
                    .with("name", name.as_str())
                    .with("games", *games),
            ),
            Notice::EventStarted {
                event,
                games,
                list,
                opening,
                section,
                ..
            } => {
                let head = tr(
                    lang,
                    "notice-event-started",
                    &Args::new()
                        .with("event", event.as_str())
                        .with("games", *games),
                );
                let section = section.map(|section| {
                    tr(
                        lang,
                        "notice-event-started-section",
                        &Args::new().with("section", section),
                    )
                });
                let head = match section {
                    Some(section) => format!("{head}\n{section}"),
                    None => head,
                };
                let lines = list.iter().map(|game| game.text(lang));
                let opening = opening
                    .iter()
                    .map(|opening| opening_text(lang, notation, opening));
                std::iter::once(head)
                    .chain(lines)
                    .chain(opening)
                    .collect::<Vec<_>>()
                    .join("\n")
            }
            Notice::Digest { games } => digest_text(games, lang),
            Notice::LeaveRegistered { .. } | Notice::LeaveWithdrawn { .. } => {
                leave_text(self, lang)
            }
            Notice::DeliveryFailed {
                recipient,
                notice_kind,
                ..
            } => tr(
                lang,
                "notice-delivery-failed",
                &Args::new()
                    .with("recipient", recipient.as_str())
                    .with("kind", notice_kind.as_str()),
            ),
            Notice::CaptainContinuationDue { game, player, days } => tr(
                lang,
                "notice-captain-continuation-due",
                &Args::new()
                    .with("game", *game)
                    .with("player", player.as_str())
                    .with("days", days_text(lang, *days)),
            ),
            Notice::ContinuationDueViaCaptain {
                game,
                days,
                captain,
                window,
            } => {
                let args = Args::new()
                    .with("game", *game)
                    .with("days", days_text(lang, *days))
                    .with("captain", captain.as_str());
                match window {
                    Some(window) => window.via_captain_text(lang, args),
                    None => tr(lang, "notice-continuation-due-via-captain", &args),
                }
            }
            Notice::TeamStarted {
                event,
                team,
                number,
                games,
            } => tr(
                lang,
                "notice-team-started",
                &Args::new()
                    .with("event", event.as_str())
                    .with("team", team.as_str())
                    .with("number", *number)
                    .with("games", *games),
            ),
            Notice::Substituted {
                team,
                board,
                outgoing,
                incoming,
                games,
            } => tr(
                lang,
                "notice-team-substitution",
                &Args::new()
                    .with("team", team.as_str())
                    .with("board", *board)
                    .with("outgoing", outgoing.as_str())
                    .with("incoming", incoming.as_str())
                    .with("games", *games),
            ),
            Notice::Thread(thread) => thread.text(lang, notation),
            Notice::Follow(follow) => follow.text(lang, notation),
            Notice::Conditional(conditional) => conditional.text(lang, notation),
            Notice::Knockout(knockout) => knockout.text(lang),
            Notice::Case(case) => case.text(lang),
            Notice::Request(request) => request.text(lang),
            Notice::Postal(postal) => postal.text(lang, notation),
            Notice::Link(link) => link.text(lang),
            Notice::Turn(turn) => turn.text(lang),
            Notice::Batch(batch) => batch.text(lang, notation),
            Notice::EventFinished(end) => end.text(lang),
        }
    }
}

/// One of the recipient's games in an event start notice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StartedGame {
    /// The game's number.
    pub game: GameId,
    /// The opponent's name.
    pub opponent: String,
    /// The recipient plays White.
    pub white: bool,
}

impl StartedGame {
    fn text(&self, lang: Lang) -> String {
        let colour = if self.white {
            "colour-white"
        } else {
            "colour-black"
        };
        let args = Args::new()
            .with("game", self.game)
            .with("opponent", self.opponent.as_str())
            .with("colour", tr0(lang, colour));
        tr(lang, "notice-event-started-game", &args)
    }
}

/// One game of the daily digest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DigestGame {
    /// The game's number.
    pub game: GameId,
    /// The opponent's name.
    pub opponent: String,
    /// Days on this move so far.
    pub days: Days,
    /// When the recipient loses on time without a move (server games), or
    /// oversteps the norm by sending it later (postal, R2.6.1).
    pub loses_at: Option<ShownInstant>,
    /// Days a postal player's time is already over the norm (R2.6.1).
    #[serde(default)]
    pub over: Days,
    /// How long the recipient can still think on the move (server games).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub room: Option<Room>,
}

/// The digest: a heading and a line per game.
fn digest_text(games: &[DigestGame], lang: Lang) -> String {
    let head = tr(
        lang,
        "notice-digest",
        &Args::new().with("count", games.len()),
    );
    let lines = games.iter().map(|game| {
        let args = Args::new()
            .with("game", game.game)
            .with("opponent", game.opponent.as_str())
            .with("days", days_text(lang, game.days));
        match &game.loses_at {
            Some(_) if game.over > 0 => tr(
                lang,
                "notice-digest-line-over",
                &args.with("over", days_text(lang, game.over)),
            ),
            Some(at) => {
                let args = args.with("at", at.deadline_text(lang));
                match game.room {
                    Some(room) => tr(
                        lang,
                        "notice-digest-line-room",
                        &args.with("room", room.text(lang)),
                    ),
                    None => tr(lang, "notice-digest-line", &args),
                }
            }
            None => tr(lang, "notice-digest-line-postal", &args),
        }
    });
    std::iter::once(head)
        .chain(lines)
        .collect::<Vec<_>>()
        .join("\n")
}

/// The text of a leave notice.
fn leave_text(notice: &Notice, lang: Lang) -> String {
    match notice {
        Notice::LeaveRegistered {
            player,
            from,
            until,
            event,
        } => {
            let scope = match event {
                Some(name) => tr(
                    lang,
                    "leave-scope-event",
                    &Args::new().with("event", name.as_str()),
                ),
                None => tr0(lang, "leave-scope-all"),
            };
            let args = Args::new()
                .with("player", player.as_str())
                .with("from", from.day_text())
                .with("until", until.last_day_text())
                .with("scope", scope);
            tr(lang, "notice-leave-registered", &args)
        }
        Notice::LeaveWithdrawn {
            player,
            from,
            ended_at,
        } => {
            let args = Args::new()
                .with("player", player.as_str())
                .with("from", from.day_text());
            match ended_at {
                Some(at) => tr(lang, "notice-leave-ended", &args.with("at", at.text(lang))),
                None => tr(lang, "notice-leave-cancelled", &args),
            }
        }
        _ => String::new(),
    }
}

/// «На обмірковування цього ходу є ще 36 днів (…). Зробіть хід не
/// пізніше …»: the room on the move, when known, and its last minute.
pub fn deadline_sentences(lang: Lang, room: Option<Room>, at: &ShownInstant) -> String {
    let deadline = tr(
        lang,
        "notice-move-deadline",
        &Args::new().with("at", at.deadline_text(lang)),
    );
    match room {
        Some(room) => {
            let args = Args::new().with("room", room.text(lang));
            format!("{} {deadline}", tr(lang, "notice-room", &args))
        }
        None => deadline,
    }
}

/// Both clocks as one line of text.
pub fn clocks_text(lang: Lang, clocks: &Clocks) -> String {
    let args = Args::new()
        .with("white_used", days_text(lang, clocks.white_used))
        .with("white_left", left_text(lang, clocks.white_left))
        .with("black_used", days_text(lang, clocks.black_used))
        .with("black_left", left_text(lang, clocks.black_left));
    tr(lang, "clocks", &args)
}

/// A clock's days left («залишок — 5 днів»), or by how much the time is
/// exceeded («час перевищено на 9 днів»): never a negative count.
pub fn left_text(lang: Lang, left: Days) -> String {
    if left < 0 {
        let args = Args::new().with("days", days_text(lang, -left));
        tr(lang, "clock-overstepped", &args)
    } else {
        tr(
            lang,
            "clock-left",
            &Args::new().with("days", days_text(lang, left)),
        )
    }
}

/// [`Notice::FinalStarted`]'s text: the finalists (and, for a final
/// started early, the section games still in play), then the recipient's
/// games of the final, or that they did not qualify (issue 40).
fn final_started_text(
    lang: Lang,
    (event, name, early): (EventId, &str, Option<usize>),
    finalists: &[String],
    (list, arbiter): (&[StartedGame], bool),
) -> String {
    let args = Args::new()
        .with("event", event)
        .with("name", name)
        .with("finalists", finalists.join(", "));
    let head = match early {
        Some(games) => tr(
            lang,
            "notice-final-started-early",
            &args.with("games", games),
        ),
        None => tr(lang, "notice-final-started", &args),
    };
    if arbiter {
        return head;
    }
    if list.is_empty() {
        let out = tr(lang, "notice-final-started-out", &Args::new());
        return format!("{head}\n{out}");
    }
    let games = Args::new().with("games", list.len());
    let lines = list.iter().map(|game| game.text(lang));
    std::iter::once(head)
        .chain(std::iter::once(tr(
            lang,
            "notice-final-started-games",
            &games,
        )))
        .chain(lines)
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests;
