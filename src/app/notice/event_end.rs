//! The end of an event: when its last game ends, every player, the
//! arbiters and the event's channel get the final table (with the
//! crosstable image), the first place (or the shared first place) and the
//! tie-break that decided it, each player's own place and score, the
//! rating change in a rated event, and the event's PGN (R1.1).

use serde::{Deserialize, Serialize};

use crate::app::i18n::{Args, Lang, tr, tr0};
use crate::app::outgoing::{Button, ImageRef, Outgoing};
use crate::store::{EventId, PlayerId};

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
    /// The points, `2½`.
    pub points: String,
}

/// A player's own result in the event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnResult {
    /// The place, `2` or `2–3`.
    pub place: String,
    /// The points.
    pub points: String,
    /// The change of the club rating over the event, in a rated event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<i64>,
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
        for line in &self.lines {
            let args = Args::new()
                .with("place", line.place.clone())
                .with("name", line.name.clone())
                .with("points", line.points.clone());
            parts.push(tr(lang, "event-finished-line", &args));
        }
        if let Some(own) = &self.own {
            let args = Args::new()
                .with("place", own.place.clone())
                .with("count", self.lines.len())
                .with("points", own.points.clone());
            parts.push(tr(lang, "event-finished-own", &args));
            if let Some(change) = own.rating {
                let change = match change {
                    0 => "0".to_owned(),
                    more if more > 0 => format!("+{more}"),
                    less => format!("−{}", -less),
                };
                let args = Args::new().with("change", change);
                parts.push(tr(lang, "event-finished-rating", &args));
            }
        }
        let args = Args::new().with("event", self.event.0);
        parts.push(tr(lang, "event-finished-pgn", &args));
        parts.join("\n")
    }

    /// «First place: Ann (2½), ahead on wins.» or the shared first place.
    fn first_place(&self, lang: Lang) -> String {
        let first: Vec<&FinalLine> = self.lines.iter().filter(|line| line.first).collect();
        let names: Vec<&str> = first.iter().map(|line| line.name.as_str()).collect();
        let points = first
            .first()
            .map_or(String::new(), |line| line.points.clone());
        let args = Args::new()
            .with("names", names.join(", "))
            .with("points", points);
        if names.len() > 1 {
            return tr(lang, "event-finished-shared", &args);
        }
        let text = tr(lang, "event-finished-first", &args);
        match &self.tie_break {
            Some(rule) => {
                let args = Args::new().with("rule", tr0(lang, rule));
                format!("{text} {}", tr(lang, "event-finished-tie-break", &args))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn line(place: &str, first: bool, name: &str, points: &str) -> FinalLine {
        FinalLine {
            place: place.into(),
            first,
            name: name.into(),
            points: points.into(),
        }
    }

    fn end(lines: Vec<FinalLine>, tie_break: Option<&str>) -> EventEnd {
        EventEnd {
            event: EventId(3),
            name: "Кубок".into(),
            lines,
            tie_break: tie_break.map(str::to_owned),
            own: None,
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
        assert!(uk.contains("Перше місце: Анна — 2."), "{uk}");
        assert!(uk.contains("кількістю перемог"), "{uk}");
        let shared = end(
            vec![line("1–2", true, "Ann", "2"), line("1–2", true, "Bob", "2")],
            None,
        );
        let en = shared.text(Lang::En);
        assert!(
            en.contains("First place shared: Ann, Bob — 2 each."),
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
        };
        let lines = vec![line("1", true, "Ann", "2"), line("2", false, "Bob", "1½")];
        let text = end(lines, None).for_player(Some(own)).text(Lang::En);
        assert!(
            text.contains("Your result: place 2 of 2, score 1½."),
            "{text}"
        );
        assert!(text.contains("Your club rating changed by −7."), "{text}");
    }
}
