//! Notices of the arbiter's desk: a case opened, passed on, ruled, appealed
//! and decided; the arbiter's requests and their answers. Each is rendered
//! for its recipient like every other notice.

use serde::{Deserialize, Serialize};

use crate::app::i18n::{Args, Lang, days_text, tr, tr0};
use crate::app::outgoing::{Button, ImageRef, Outgoing};
use crate::app::zone::{ShownDate, ShownInstant};
use crate::core::case::CaseKind;
use crate::store::{CaseId, GameId, PlayerId, RequestId};

use crate::app::notice::{Clocks, clocks_text};
use crate::app::room::Window;

/// What happened to a case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CaseNews {
    /// To the arbiters: a new case, with its context.
    Opened,
    /// To the captains (R3.1.4): a dispute or failure report to settle or
    /// pass on.
    ToCaptains,
    /// To the arbiters: a captain passed the case on (R3.1.4, R3.4.5).
    Forwarded,
    /// To the other parties: a case concerns them.
    Told,
    /// To the parties: the arbiter took the case up.
    Taken,
    /// A statement or note for the record.
    Statement,
    /// The arbiter's ruling, with the appeal deadline (R2.1.6).
    Ruled,
    /// To the committee: a ruling appealed (R2.1.6).
    Appealed,
    /// The committee upheld the ruling: final.
    Upheld,
    /// The committee replaced the ruling: final.
    Replaced,
    /// The captains settled it (R3.1.4).
    Settled,
    /// The raiser withdrew it.
    Withdrawn,
    /// The absent player is back online (R3.1.5).
    BackOnline,
}

impl CaseNews {
    /// The notice kind, as transcripts and the outbox show it.
    pub fn kind(self) -> &'static str {
        match self {
            CaseNews::Opened => "case_opened",
            CaseNews::ToCaptains => "case_to_captains",
            CaseNews::Forwarded => "case_forwarded",
            CaseNews::Told => "case_told",
            CaseNews::Taken => "case_taken",
            CaseNews::Statement => "case_statement",
            CaseNews::Ruled => "case_ruled",
            CaseNews::Appealed => "case_appealed",
            CaseNews::Upheld => "case_appeal_upheld",
            CaseNews::Replaced => "case_appeal_replaced",
            CaseNews::Settled => "case_settled",
            CaseNews::Withdrawn => "case_withdrawn",
            CaseNews::BackOnline => "case_back_online",
        }
    }

    fn id(self) -> &'static str {
        match self {
            CaseNews::Opened => "case-news-opened",
            CaseNews::ToCaptains => "case-news-to-captains",
            CaseNews::Forwarded => "case-news-forwarded",
            CaseNews::Told => "case-news-told",
            CaseNews::Taken => "case-news-taken",
            CaseNews::Statement => "case-news-statement",
            CaseNews::Ruled => "case-news-ruled",
            CaseNews::Appealed => "case-news-appealed",
            CaseNews::Upheld => "case-news-upheld",
            CaseNews::Replaced => "case-news-replaced",
            CaseNews::Settled => "case-news-settled",
            CaseNews::Withdrawn => "case-news-withdrawn",
            CaseNews::BackOnline => "case-news-back-online",
        }
    }
}

/// One measure of a ruling as the parties read it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "measure", rename_all = "snake_case")]
pub enum MeasureView {
    /// A game scored (`score`: `1-0` …; `reason`: a result catalog id).
    Score {
        game: GameId,
        score: String,
        reason: String,
    },
    /// Days given back (> 0) or taken (< 0) on a player's clock.
    Clock {
        game: GameId,
        player: String,
        days: i64,
    },
    /// Penalty days.
    Penalty {
        game: GameId,
        player: String,
        days: i64,
    },
    /// Extra leave (R3.6.3).
    ExtraLeave {
        player: String,
        from: String,
        days: i64,
    },
    /// A warning (R2.1.5).
    Warn { player: String },
    /// Exclusion (R2.1.5); `annulled`: the remaining games are annulled,
    /// else lost.
    Exclude { player: String, annulled: bool },
    /// Disqualification (R2.1.5).
    Disqualify { player: String, annulled: bool },
    /// A suspended game goes on (R2.6.7).
    Resume { game: GameId },
    /// No measure: rejected, or answered.
    NoAction,
}

impl MeasureView {
    /// The measure as one line in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            MeasureView::Score {
                game,
                score,
                reason,
            } => {
                let args = Args::new()
                    .with("game", *game)
                    .with("score", score.as_str())
                    .with("reason", tr0(lang, reason));
                tr(lang, "measure-score", &args)
            }
            MeasureView::Clock { game, player, days } => {
                let args = Args::new()
                    .with("game", *game)
                    .with("player", player.as_str())
                    .with("days", days_text(lang, days.abs()));
                let id = if *days > 0 {
                    "measure-clock-back"
                } else {
                    "measure-clock-taken"
                };
                tr(lang, id, &args)
            }
            MeasureView::Penalty { game, player, days } => {
                let args = Args::new()
                    .with("game", *game)
                    .with("player", player.as_str())
                    .with("days", days_text(lang, *days));
                tr(lang, "measure-penalty", &args)
            }
            MeasureView::ExtraLeave { player, from, days } => {
                let args = Args::new()
                    .with("player", player.as_str())
                    .with("from", crate::app::command::shown_date_text(from))
                    .with("days", days_text(lang, *days));
                tr(lang, "measure-extra-leave", &args)
            }
            MeasureView::Warn { player } => tr(
                lang,
                "measure-warn",
                &Args::new().with("player", player.as_str()),
            ),
            MeasureView::Exclude { player, annulled } => {
                exclusion_text(lang, "measure-exclude", player, *annulled)
            }
            MeasureView::Disqualify { player, annulled } => {
                exclusion_text(lang, "measure-disqualify", player, *annulled)
            }
            MeasureView::Resume { game } => {
                tr(lang, "measure-resume", &Args::new().with("game", *game))
            }
            MeasureView::NoAction => tr0(lang, "measure-none"),
        }
    }
}

fn exclusion_text(lang: Lang, id: &str, player: &str, annulled: bool) -> String {
    let games = if annulled {
        tr0(lang, "measure-games-annulled")
    } else {
        tr0(lang, "measure-games-lost")
    };
    let args = Args::new().with("player", player).with("games", games);
    tr(lang, id, &args)
}

/// A move of the case's game as its player sent it: when (in the event's
/// zone), who and what, for the arbiter's context.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SentMove {
    /// When it arrived.
    pub at: ShownInstant,
    /// Who sent it.
    pub mover: String,
    /// The move as written.
    pub text: String,
}

/// «The game's last messages:» and a line each, or nothing when there are
/// none; `older` are those of cases opened before the moves were kept with
/// their instants (already text, in UTC).
pub fn last_messages_lines(lang: Lang, older: &[String], moves: &[SentMove]) -> Vec<String> {
    if older.is_empty() && moves.is_empty() {
        return Vec::new();
    }
    let sent = moves.iter().map(|sent| {
        let args = Args::new()
            .with("at", sent.at.text(lang))
            .with("mover", sent.mover.as_str())
            .with("text", sent.text.as_str());
        tr(lang, "case-line-sent-move", &args)
    });
    let lines = older
        .iter()
        .cloned()
        .chain(sent)
        .map(|line| format!("  {line}"));
    std::iter::once(tr0(lang, "case-line-messages"))
        .chain(lines)
        .collect()
}

/// A notice about a case.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CaseNotice {
    /// What happened.
    pub news: CaseNews,
    /// The case's number.
    pub case: CaseId,
    /// What the case is about.
    pub case_kind: CaseKind,
    /// The event's name.
    pub event: String,
    /// The game's number, if any.
    pub game: Option<GameId>,
    /// The parties' names.
    pub parties: String,
    /// Who did it (raiser, arbiter, captain, committee member), if a person.
    pub by: Option<String>,
    /// A statement, the reasons or the grounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// Both clocks of the game when the case was opened.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clocks: Option<Clocks>,
    /// The measures of a ruling or of the committee's replacement.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub measures: Vec<MeasureView>,
    /// The appeal deadline of a ruling (R2.1.6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until: Option<ShownDate>,
    /// The appeal window of the one recipient who loses the case's game on
    /// time before it ends (R2.1.6, R3.5.7): that loss is named first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub appeal: Option<Box<Window>>,
    /// Who reported for the party (an arbiter told of lost access, R3.1.5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reporter: Option<String>,
    /// The game's last messages as text, in notices written before
    /// [`CaseNotice::moves`] (with their instants in UTC).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub messages: Vec<String>,
    /// The game's last moves as the players wrote them, with when and who,
    /// for the arbiter's context.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<SentMove>,
    /// Who decides an appeal just filed (the committee or the
    /// administrators standing for it, R2.1.6), already in words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deciders: Option<Deciders>,
}

/// Who decides an appeal: the committee's members, or the administrators
/// when the event names no committee member free of the case (R2.1.6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deciders {
    /// Their names.
    pub names: String,
    /// Whether they are the administrators standing for the committee.
    pub administrators: bool,
}

impl Deciders {
    /// The line saying who decides, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let id = if self.administrators {
            "case-line-deciders-administrators"
        } else {
            "case-line-deciders-committee"
        };
        tr(lang, id, &Args::new().with("deciders", self.names.as_str()))
    }
}

/// The catalog name of a case kind.
pub fn case_kind_text(lang: Lang, kind: CaseKind) -> String {
    let name = serde_json::to_value(kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default();
    tr0(lang, &format!("case-kind-{}", name.replace('_', "-")))
}

impl CaseNotice {
    /// The notice's text in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let mut args = Args::new()
            .with("case", self.case)
            .with("kind", case_kind_text(lang, self.case_kind))
            .with("event", self.event.as_str())
            .with("parties", self.parties.as_str())
            .with(
                "by",
                self.by.clone().unwrap_or_else(|| tr0(lang, "case-by-bot")),
            );
        if let Some(until) = &self.until {
            args = args.with("until", until.text(lang));
        }
        let answer = self.is_answer();
        let id = match self.news {
            CaseNews::Opened if self.case_kind == CaseKind::Question => "case-news-question",
            CaseNews::Ruled if answer => "case-news-answer",
            news => news.id(),
        };
        let mut lines = vec![tr(lang, id, &args)];
        let with_game = matches!(
            self.news,
            CaseNews::Opened | CaseNews::ToCaptains | CaseNews::Forwarded | CaseNews::Told
        );
        if let Some(game) = self.game.filter(|_| with_game) {
            lines.push(tr(lang, "case-line-game", &Args::new().with("game", game)));
        }
        if let Some(reporter) = &self.reporter {
            let args = Args::new().with("reporter", reporter.as_str());
            lines.push(tr(lang, "case-line-reporter", &args));
        }
        if !answer {
            lines.extend(self.measures.iter().map(|m| format!("• {}", m.text(lang))));
        }
        if let Some(text) = &self.text {
            lines.push(tr(
                lang,
                "quoted-text",
                &Args::new().with("text", text.as_str()),
            ));
        }
        if let Some(clocks) = &self.clocks {
            lines.push(clocks_text(lang, clocks));
        }
        lines.extend(last_messages_lines(lang, &self.messages, &self.moves));
        if let Some(deciders) = &self.deciders {
            lines.push(deciders.text(lang));
        }
        if let Some(until) = self.until.as_ref().filter(|_| !answer) {
            lines.push(self.appeal_line(lang, until));
        }
        lines.join("\n")
    }

    /// The arbiter's answer to a question (`/ask`): a ruling with no
    /// measure on a question reads as an answer, not as a case's ruling.
    fn is_answer(&self) -> bool {
        self.news == CaseNews::Ruled
            && self.case_kind == CaseKind::Question
            && self.measures.iter().all(|m| *m == MeasureView::NoAction)
    }

    /// «A party may appeal until …», or, for the party who loses on time
    /// first, that loss and then the appeal's last minute (R2.1.6, R3.5.7).
    fn appeal_line(&self, lang: Lang, until: &ShownDate) -> String {
        let args = Args::new().with("case", self.case);
        match self.appeal.as_ref().filter(|w| w.loses_at.is_some()) {
            Some(window) => {
                let ids = ("case-line-appeal", "case-line-appeal-loss-first");
                window.text(lang, ids, args)
            }
            None => tr(
                lang,
                "case-line-appeal",
                &args.with("until", until.text(lang)),
            ),
        }
    }

    /// The notice as a message: the board of the game for the arbiters and
    /// captains, and buttons for what they may do next.
    pub fn message(&self, lang: Lang, kind: &str, viewer: Option<PlayerId>) -> Outgoing {
        let message = Outgoing::of_kind(kind, self.text(lang));
        let case = self.case;
        let show = Button::new(tr0(lang, "button-case-show"), format!("/case {case}"));
        let buttons = match self.news {
            CaseNews::Opened | CaseNews::Forwarded => vec![
                Button::new(tr0(lang, "button-case-take"), format!("/case {case} take")),
                show,
            ],
            CaseNews::ToCaptains => vec![
                Button::new(
                    tr0(lang, "button-case-forward"),
                    format!("/case {case} forward"),
                ),
                show,
            ],
            CaseNews::Appealed | CaseNews::Told | CaseNews::Ruled => vec![show],
            _ => Vec::new(),
        };
        let with_board = matches!(
            self.news,
            CaseNews::Opened | CaseNews::Forwarded | CaseNews::ToCaptains
        );
        let message = message.with_buttons(buttons);
        match self.game {
            Some(game) if with_board => message.with_image(ImageRef::Board {
                game,
                viewer,
                lang,
                ply: None,
            }),
            _ => message,
        }
    }
}

/// The arbiter's request to a player (R3.4.3), or the player's answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RequestNotice {
    /// The request's number.
    pub request: RequestId,
    /// The event's name.
    pub event: String,
    /// Who wrote this: the arbiter (a request) or the player (an answer).
    pub from: String,
    /// The text.
    pub text: String,
    /// True for the player's answer.
    pub answer: bool,
    /// The 20 days to answer (R3.4.3), with the loss on time in the
    /// event that comes first (R3.5.7); absent in answers and in requests
    /// stored before it was added.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub window: Option<Window>,
}

impl RequestNotice {
    /// The notice's text in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let args = Args::new()
            .with("request", self.request)
            .with("event", self.event.as_str())
            .with("from", self.from.as_str())
            .with("text", self.text.as_str());
        match (&self.window, self.answer) {
            (_, true) => tr(lang, "notice-request-answered", &args),
            (Some(window), false) => {
                let ids = (
                    "notice-arbiter-request-window",
                    "notice-arbiter-request-loss-first",
                );
                window.text(lang, ids, args)
            }
            (None, false) => tr(lang, "notice-arbiter-request", &args),
        }
    }
}
