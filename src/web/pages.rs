//! The HTML of the pages (maud): a shared layout and one module per page.
//! Every text users wrote (event and player names) goes into the markup
//! through maud's `( … )` splices, which escape it; no page builds HTML by
//! string concatenation. Words come from the catalogs (`web-…` messages).

mod bracket;
mod event;
mod events;
pub(crate) mod game;
mod player;
mod rating_chart;

use maud::{DOCTYPE, Markup, html};

use crate::app::i18n::{Args, Lang, tr, tr0};

pub(crate) use event::event_page;
pub(crate) use events::events_page;
pub(crate) use game::game_page;
pub(crate) use player::player_page;

/// What the layout needs besides the page's own markup.
pub(crate) struct Frame<'a> {
    /// The page's language.
    pub(crate) lang: Lang,
    /// The title (without the site's name).
    pub(crate) title: &'a str,
    /// The page's path, for the language switch.
    pub(crate) path: &'a str,
    /// The page's live stream (SSE), if it updates itself.
    pub(crate) live: Option<String>,
    /// The link preview's description and image (Open Graph), if any.
    pub(crate) og: Option<Og>,
}

/// What a link preview shows of a page (Open Graph): the title is the
/// page's, the address the page's own.
pub(crate) struct Og {
    /// One line under the title.
    pub(crate) description: String,
    /// The path of the image (the board's PNG).
    pub(crate) image: String,
    /// The image's text.
    pub(crate) alt: String,
}

/// A whole HTML document around `body`.
pub(crate) fn layout(frame: &Frame<'_>, body: Markup) -> Markup {
    let lang = frame.lang;
    html! {
        (DOCTYPE)
        html lang=(lang.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (frame.title) " · corrbot" }
                @if let Some(og) = &frame.og {
                    meta property="og:type" content="website";
                    meta property="og:site_name" content="corrbot";
                    meta property="og:title" content=(frame.title);
                    meta property="og:description" content=(og.description);
                    meta property="og:url" content=(absolute(frame.path));
                    meta property="og:image" content=(absolute(&og.image));
                    meta property="og:image:alt" content=(og.alt);
                    meta property="og:image:type" content="image/png";
                }
                link rel="icon" href="/favicon.svg" type="image/svg+xml";
                link rel="stylesheet" href="/static/site.css";
                script src="/static/site.js" defer {}
            }
            body data-live=[frame.live.as_deref()] data-your-time=(tr0(lang, "web-your-time")) {
                header {
                    nav {
                        a href="/" { (tr0(lang, "web-nav-events")) }
                        span.langs {
                            @for other in Lang::ALL {
                                @if other == lang {
                                    strong { (tr0(other, "web-lang-name")) }
                                } @else {
                                    a href={ (frame.path) "?lang=" (other.code()) } hreflang=(other.code()) {
                                        (tr0(other, "web-lang-name"))
                                    }
                                }
                            }
                        }
                    }
                }
                main #page { (body) }
                footer {
                    p { (tr0(lang, "web-footer")) }
                    @if frame.live.is_some() { p.live { (tr0(lang, "web-live")) } }
                }
            }
        }
    }
}

/// `path` on the site's public address (`CORRBOT_WEB_URL`) when it is set,
/// as link previews want; the path alone otherwise.
fn absolute(path: &str) -> String {
    match crate::web::web_url_from_env() {
        Ok(Some(base)) => crate::app::web_link::join_path(&base, path.trim_start_matches('/')),
        _ => path.to_owned(),
    }
}

/// A short page with one message (not found, server error).
pub(crate) fn message_page(lang: Lang, id: &str) -> Markup {
    let text = tr0(lang, id);
    let frame = Frame {
        lang,
        title: &text,
        path: "/",
        live: None,
        og: None,
    };
    let body = html! {
        h1 { (text) }
        p.back { a href="/" { (tr0(lang, "web-back-to-events")) } }
    };
    layout(&frame, body)
}

/// A date as the pages write it (`01.03.2026`), in the event's zone.
pub(crate) fn date_text(at: chrono::DateTime<chrono::Utc>, event: &crate::store::Event) -> String {
    let zone = crate::app::zone::default_zone(Some(event));
    at.with_timezone(&zone).format("%d.%m.%Y").to_string()
}

/// `sentence` with its first `instant_text` (an instant as the event's
/// zone shows it) in a `<time>` that the page's script writes again in the
/// reader's own zone; readers without script keep the event's zone.
pub(crate) fn with_local_time(
    sentence: &str,
    instant_text: &str,
    at: chrono::DateTime<chrono::Utc>,
) -> maud::Markup {
    let sentence = html! { (sentence) }.into_string();
    let instant = html! { (instant_text) }.into_string();
    let stamp = at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let time = html! { time datetime=(stamp) data-local="datetime" { (instant_text) } };
    maud::PreEscaped(sentence.replacen(&instant, &time.into_string(), 1))
}

/// When an event started (or starts) and ended, in words.
pub(crate) fn event_dates(lang: Lang, event: &crate::store::Event) -> Option<String> {
    use crate::store::EventStatus;
    let date = |at| date_text(at, event);
    match (event.status, event.starts_at, event.ended_at) {
        (EventStatus::Finished, Some(start), Some(end)) => {
            let args = Args::new()
                .with("start", date(start))
                .with("end", date(end));
            Some(tr(lang, "web-event-ran", &args))
        }
        (EventStatus::Finished, None, Some(end)) => {
            Some(tr1(lang, "web-event-ended", "date", date(end)))
        }
        (EventStatus::Running | EventStatus::Finished, Some(start), _) => {
            Some(tr1(lang, "web-event-started", "date", date(start)))
        }
        (EventStatus::Registration | EventStatus::Closed, Some(start), _) => {
            Some(tr1(lang, "web-event-starts", "date", date(start)))
        }
        _ => None,
    }
}

/// The pending move in short, for a list's line: the days on it, the
/// deadline in the event's zone, and the mover's leave.
pub(crate) fn pending_short(
    lang: Lang,
    pending: &crate::web::data::Pending,
    event: &crate::store::Event,
) -> maud::Markup {
    use crate::app::zone::{ShownInstant, default_zone};
    let zone = default_zone(Some(event));
    let clock = &pending.clock;
    let deadline = ShownInstant::new(clock.loses_at, zone).deadline_text(lang);
    let args = Args::new()
        .with(
            "days",
            crate::app::i18n::days_text(lang, clock.days_on_move),
        )
        .with("at", deadline.as_str());
    let mut text = tr(lang, "web-turn-short", &args);
    if let Some(until) = pending.on_leave_until {
        text.push_str("; ");
        text.push_str(&tr1(
            lang,
            "web-on-leave-short",
            "until",
            ShownInstant::new(until, zone).last_day_text(),
        ));
    }
    let last_minute = crate::app::room::last_minute(clock.loses_at);
    with_local_time(&text, &deadline, last_minute)
}

/// A catalog message with one argument.
pub(crate) fn tr1(lang: Lang, id: &str, name: &'static str, value: impl ToString) -> String {
    tr(lang, id, &Args::new().with(name, value.to_string()))
}
