//! The end of an event: when its last game ends, every player, the
//! arbiters and the event's channel get the final table (with the
//! crosstable image), the first place (or the shared first place) and the
//! tie-break that decided it, each player's own place and score, the
//! rating change in a rated event, and the event's PGN (R1.1).
//!
//! A team event's table is the teams' (R3.1.3): match and board points,
//! and each player reads their team's place and their own board score.

use serde::{Deserialize, Serialize};

use crate::app::i18n::{Args, Lang, tr, tr0};
use crate::app::outgoing::{Button, ImageRef, Outgoing};
use crate::store::{EventId, PlayerId};

/// The first place's texts: shared, sole, and the tie-break that decided it.
const FIRST_KEYS: [&str; 3] = [
    "event-finished-shared",
    "event-finished-first",
    "event-finished-tie-break",
];

/// [`FIRST_KEYS`] of a team event.
const TEAM_FIRST_KEYS: [&str; 3] = [
    "event-finished-team-shared",
    "event-finished-team-first",
    "event-finished-team-tie-break",
];

/// An event's final table as a notice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventEnd {
    /// The event's number.
    pub event: EventId,
    /// The event's name.
    pub name: String,
    /// The table, in order of place.
    pub lines: Vec<FinalLine>,
    /// How the first place was decided among players equal on points
    /// (`tie-break-wins`, `tie-break-sb`, `tie-break-direct`); `None` when
    /// the points decided it or the place is shared.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tie_break: Option<String>,
    /// The recipient's own result, when the recipient played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub own: Option<OwnResult>,
    /// A team event: the lines are teams with match and board points.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub team: bool,
}

/// One line of the final table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalLine {
    /// The place, `1` or `2–3` when shared.
    pub place: String,
    /// Whether the place is the first (alone or shared).
    pub first: bool,
    /// The player's name.
    pub name: String,
    /// The points, `2½`; a team's match points.
    pub points: String,
    /// A team's board points, `3½`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board_points: Option<String>,
}

/// A player's own result in the event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnResult {
    /// The place, `2` or `2–3`; in a team event, the team's.
    pub place: String,
    /// The points; in a team event, the player's own board points.
    pub points: String,
    /// The change of the club rating over the event, in a rated event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<i64>,
    /// In a team event: the player's team and their games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team: Option<OwnTeam>,
}

/// A team event player's team and the games they played for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnTeam {
    /// The team's name.
    pub name: String,
    /// The player's games with a result (their board points are out of it).
    pub games: u32,
}

impl EventEnd {
    /// The same end as `player` reads it, with `own` result.
    pub fn for_player(&self, own: Option<OwnResult>) -> Self {
        Self {
            own,
            ..self.clone()
        }
    }

    /// The announcement: the heading, the first place, the table, the
    /// reader's own result and where the games are.
    pub fn text(&self, lang: Lang) -> String {
        let args = Args::new()
            .with("event", self.event.0)
            .with("name", self.name.clone());
        let mut parts = vec![tr(lang, "event-finished", &args)];
        parts.push(self.first_place(lang));
        parts.push(tr0(lang, "event-finished-table"));
        parts.extend(self.lines.iter().map(|line| line.text(lang)));
        if let Some(own) = &self.own {
            parts.extend(own.text(lang, self.lines.len()));
        }
        let args = Args::new().with("event", self.event.0);
        parts.push(tr(lang, "event-finished-pgn", &args));
        parts.join("\n")
    }

    /// «First place: Ann (2½), ahead on wins.» or the shared first place;
    /// a team's with its match and board points.
    fn first_place(&self, lang: Lang) -> String {
        let first: Vec<&FinalLine> = self.lines.iter().filter(|line| line.first).collect();
        let names: Vec<&str> = first.iter().map(|line| line.name.as_str()).collect();
        let args = first
            .first()
            .map_or_else(Args::new, |line| line.points_args())
            .with(
                "names",
                crate::app::i18n::list_text(lang, &names, "word-and"),
            );
        let [shared, sole, tie_break] = if self.team {
            TEAM_FIRST_KEYS
        } else {
            FIRST_KEYS
        };
        if names.len() > 1 {
            return tr(lang, shared, &args);
        }
        let text = tr(lang, sole, &args);
        match &self.tie_break {
            Some(rule) => {
                let args = Args::new().with("rule", tr0(lang, rule));
                format!("{text} {}", tr(lang, tie_break, &args))
            }
            None => text,
        }
    }

    /// The message: the text, the crosstable and the event's PGN button.
    pub fn message(&self, lang: Lang, viewer: Option<PlayerId>) -> Outgoing {
        let label = tr0(lang, "button-event-pgn");
        let button = Button::new(label, format!("/pgn event {}", self.event.0));
        Outgoing::of_kind("event_finished", self.text(lang))
            .with_image(ImageRef::Crosstable {
                event: self.event,
                viewer,
                lang,
            })
            .with_buttons(vec![button])
    }
}

impl FinalLine {
    /// The points as the texts name them: `points`, or a team's `mp` and
    /// `bp`.
    fn points_args(&self) -> Args<'static> {
        match &self.board_points {
            Some(board) => Args::new()
                .with("mp", self.points.clone())
                .with("bp", board.clone()),
            None => Args::new().with("points", self.points.clone()),
        }
    }

    /// «2. Bob — 1½» or «1. Lions — match points: 2, board points: 3».
    fn text(&self, lang: Lang) -> String {
        let key = match self.board_points {
            Some(_) => "event-finished-team-line",
            None => "event-finished-line",
        };
        let args = self
            .points_args()
            .with("place", self.place.clone())
            .with("name", self.name.clone());
        tr(lang, key, &args)
    }
}

impl OwnResult {
    /// The reader's place and score among `count` lines, and the rating
    /// change; in a team event, the team's place and the own board score.
    fn text(&self, lang: Lang, count: usize) -> Vec<String> {
        let args = Args::new()
            .with("place", self.place.clone())
            .with("count", count)
            .with("points", self.points.clone());
        let mut lines = match &self.team {
            Some(team) => {
                let args = args.with("team", team.name.clone());
                let mut lines = vec![tr(lang, "event-finished-team-own", &args)];
                if team.games > 0 {
                    let args = args.with("games", team.games);
                    lines.push(tr(lang, "event-finished-team-board", &args));
                }
                lines
            }
            None => vec![tr(lang, "event-finished-own", &args)],
        };
        if let Some(change) = self.rating {
            let change = match change {
                0 => "0".to_owned(),
                more if more > 0 => format!("+{more}"),
                less => format!("−{}", -less),
            };
            let args = Args::new().with("change", change);
            lines.push(tr(lang, "event-finished-rating", &args));
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(place: &str, first: bool, name: &str, points: &str) -> FinalLine {
        FinalLine {
            place: place.into(),
            first,
            name: name.into(),
            points: points.into(),
            board_points: None,
        }
    }

    fn team_line(place: &str, first: bool, name: &str, mp: &str, bp: &str) -> FinalLine {
        FinalLine {
            board_points: Some(bp.into()),
            ..line(place, first, name, mp)
        }
    }

    fn end(lines: Vec<FinalLine>, tie_break: Option<&str>) -> EventEnd {
        EventEnd {
            event: EventId(3),
            name: "Кубок".into(),
            lines,
            tie_break: tie_break.map(str::to_owned),
            own: None,
            team: false,
        }
    }

    /// A first place decided on wins says so; a shared one names both.
    #[test]
    fn the_first_place_and_its_tie_break_are_named() {
        let decided = end(
            vec![line("1", true, "Анна", "2"), line("2", false, "Борис", "2")],
            Some("tie-break-wins"),
        );
        let uk = decided.text(Lang::Uk);
        assert!(uk.contains("Перше місце: Анна\u{a0}— 2."), "{uk}");
        assert!(uk.contains("кількістю перемог"), "{uk}");
        let shared = end(
            vec![line("1–2", true, "Ann", "2"), line("1–2", true, "Bob", "2")],
            None,
        );
        let en = shared.text(Lang::En);
        assert!(
            en.contains("First place shared: Ann and Bob\u{a0}— 2 each."),
            "{en}"
        );
    }

    /// A player reads their own place, score and rating change.
    #[test]
    fn a_player_reads_their_own_result() {
        let own = OwnResult {
            place: "2".into(),
            points: "1½".into(),
            rating: Some(-7),
            team: None,
        };
        let lines = vec![line("1", true, "Ann", "2"), line("2", false, "Bob", "1½")];
        let text = end(lines, None).for_player(Some(own)).text(Lang::En);
        assert!(
            text.contains("Your result: place 2 of 2, score 1½."),
            "{text}"
        );
        assert!(text.contains("Your club rating changed by −7."), "{text}");
    }

    /// A team event names the winning team with its match and board
    /// points, the board points that decided it, and the reader's team and
    /// own board score (R3.1.3).
    #[test]
    fn a_team_event_reads_as_teams_with_match_and_board_points() {
        let lines = vec![
            team_line("1", true, "Lions", "1", "2½"),
            team_line("2", false, "Tigers", "1", "1½"),
        ];
        let own = OwnResult {
            place: "1".into(),
            points: "1½".into(),
            rating: None,
            team: Some(OwnTeam {
                name: "Lions".into(),
                games: 2,
            }),
        };
        let decided = EventEnd {
            team: true,
            ..end(lines, Some("tie-break-team-board"))
        };
        let en = decided.for_player(Some(own)).text(Lang::En);
        for expected in [
            "First place: Lions\u{a0}— match points: 1, board points: 2½.",
            "Equal on match points; placed higher on the board points.",
            "2. Tigers\u{a0}— match points: 1, board points: 1½",
            "Your team \"Lions\": place 1 of 2.",
            "Your own score: 1½ out of 2.",
        ] {
            assert!(en.contains(expected), "{expected}: {en}");
        }
        let shared = EventEnd {
            team: true,
            ..end(
                vec![
                    team_line("1–2", true, "Леви", "1", "2"),
                    team_line("1–2", true, "Тигри", "1", "2"),
                ],
                None,
            )
        };
        let uk = shared.text(Lang::Uk);
        assert!(
            uk.contains(
                "Перше місце поділили Леви і Тигри: порівну командних очок (1) і очок на дошках (2)."
            ),
            "{uk}"
        );
    }

    /// A notice stored before team events ended reads as before.
    #[test]
    fn a_stored_individual_end_still_reads() {
        let stored = r#"{"event":3,"name":"Кубок","lines":[{"place":"1","first":true,"name":"Анна","points":"2"}],"own":{"place":"1","points":"2"}}"#;
        let end: EventEnd = serde_json::from_str(stored).unwrap();
        assert!(!end.team);
        assert_eq!(end.lines[0].board_points, None);
        assert_eq!(end.own.unwrap().team, None);
    }
}
