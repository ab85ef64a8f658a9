//! The list of events: open for entries, entries closed, running,
//! finished.

use maud::{Markup, html};

use crate::app::i18n::{Args, Lang, tr, tr0};
use crate::store::EventStatus;
use crate::web::data::EventSummary;

use super::{Frame, layout};

/// The catalog id of a section's heading.
fn section(status: EventStatus) -> &'static str {
    match status {
        EventStatus::Registration => "web-events-section-registration",
        EventStatus::Closed => "web-events-section-closed",
        EventStatus::Running => "web-events-section-running",
        _ => "web-events-section-finished",
    }
}

/// The events page.
pub(crate) fn events_page(lang: Lang, events: &[EventSummary]) -> Markup {
    let title = tr0(lang, "web-events-title");
    let frame = Frame {
        lang,
        title: &title,
        path: "/",
        live: None,
    };
    let sections = [
        EventStatus::Registration,
        EventStatus::Closed,
        EventStatus::Running,
        EventStatus::Finished,
    ];
    let body = html! {
        h1 { (title) }
        @if events.is_empty() { p { (tr0(lang, "web-events-none")) } }
        @for status in sections {
            @let listed: Vec<&EventSummary> = events.iter().filter(|e| e.event.status == status).collect();
            @if !listed.is_empty() {
                section {
                    h2 { (tr0(lang, section(status))) }
                    ul.events {
                        @for summary in listed {
                            li {
                                a href={ "/event/" (summary.event.id) } {
                                    (tr(lang, "web-event-title", &Args::new()
                                        .with("event", summary.event.id)
                                        .with("name", summary.event.name.clone())))
                                }
                                " · "
                                (tr(lang, "web-event-players", &Args::new().with("count", summary.players)))
                            }
                        }
                    }
                }
            }
        }
    };
    layout(&frame, body)
}
