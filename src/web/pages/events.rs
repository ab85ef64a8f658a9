//! The list of events in three groups: running, upcoming (open for entries
//! or entries closed) and finished, each with its dates and entrants.

use maud::{Markup, html};

use crate::app::i18n::{Args, Lang, tr, tr0};
use crate::app::view::event_status::status_word;
use crate::store::EventStatus;
use crate::web::data::EventSummary;

use super::{Frame, event_dates, layout};

/// A group of the list: its heading and the states it holds.
struct Group {
    heading: &'static str,
    states: &'static [EventStatus],
}

const GROUPS: [Group; 3] = [
    Group {
        heading: "web-events-section-running",
        states: &[EventStatus::Running],
    },
    Group {
        heading: "web-events-section-upcoming",
        states: &[EventStatus::Registration, EventStatus::Closed],
    },
    Group {
        heading: "web-events-section-finished",
        states: &[EventStatus::Finished],
    },
];

/// The events page.
pub(crate) fn events_page(lang: Lang, events: &[EventSummary]) -> Markup {
    let title = tr0(lang, "web-events-title");
    let frame = Frame {
        lang,
        title: &title,
        path: "/",
        live: None,
        og: None,
    };
    let body = html! {
        h1 { (title) }
        @if events.is_empty() { p { (tr0(lang, "web-events-none")) } }
        @for group in &GROUPS {
            @let listed: Vec<&EventSummary> = events.iter().filter(|e| group.states.contains(&e.event.status)).collect();
            @if !listed.is_empty() {
                section {
                    h2 { (tr0(lang, group.heading)) }
                    ul.events {
                        @for summary in listed {
                            (event_item(lang, summary, group.states.len() > 1))
                        }
                    }
                }
            }
        }
    };
    layout(&frame, body)
}

/// One event of the list; `with_state` where a group holds several states.
fn event_item(lang: Lang, summary: &EventSummary, with_state: bool) -> Markup {
    let event = &summary.event;
    html! {
        li {
            a href={ "/event/" (event.id) } {
                (tr(lang, "web-event-title", &Args::new()
                    .with("event", event.id)
                    .with("name", event.name.clone())))
            }
            @if with_state { " · " (tr0(lang, status_word(event.status))) }
            " · "
            (tr(lang, "web-event-players", &Args::new().with("count", summary.players)))
            @if let Some(dates) = event_dates(lang, event) { " · " (dates) }
        }
    }
}
