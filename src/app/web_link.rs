//! Links to the public web pages (issue 23) in the bot's answers and
//! notices, when `CORRBOT_WEB_URL` is configured: the configured base URL
//! is passed in (from `AppConfig` or the notice router), never read from a
//! global.

use crate::app::i18n::{Args, Lang, tr};
use crate::app::outgoing::{ImageRef, Outgoing};
use crate::store::{EventId, GameId};

/// A page of the public web site a message may link to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WebPage {
    /// An event's page (crosstable, standings, games).
    Event(EventId),
    /// A game's page (board, moves, PGN).
    Game(GameId),
}

impl WebPage {
    /// The page of what `image` shows: a board's game, a crosstable's event.
    pub fn of_image(image: &ImageRef) -> WebPage {
        match image {
            ImageRef::Board { game, .. } | ImageRef::Gif { game, .. } => WebPage::Game(*game),
            ImageRef::Crosstable { event, .. } => WebPage::Event(*event),
        }
    }
}

/// The localized line with the page's link («Сторінка турніру: URL»).
pub fn page_link(base: &url::Url, lang: Lang, page: WebPage) -> String {
    let (id, url) = match page {
        WebPage::Event(event) => (
            "web-link-event",
            crate::app::web_link::event_url(base, event),
        ),
        WebPage::Game(game) => ("web-link-game", crate::app::web_link::game_url(base, game)),
    };
    tr(lang, id, &Args::new().with("url", url))
}

/// The line linking event `event`'s page, when a web URL is configured
/// (for `/event show` and other event answers).
pub fn event_page_link(base: Option<&url::Url>, lang: Lang, event: EventId) -> Option<String> {
    base.map(|base| page_link(base, lang, WebPage::Event(event)))
}

/// Ends `message` with the link to `page`, or, without one, to the page of
/// what its image shows; nothing without a base URL or a page.
pub fn append_page_link(
    base: Option<&url::Url>,
    lang: Lang,
    page: Option<WebPage>,
    message: &mut Outgoing,
) {
    let Some(base) = base else { return };
    let Some(page) = page.or(message.image.as_ref().map(WebPage::of_image)) else {
        return;
    };
    let line = page_link(base, lang, page);
    message.text = format!("{}\n{line}", message.text);
}

/// The address of an event's page under the site's public `base`.
pub fn event_url(base: &url::Url, event: EventId) -> String {
    join(base, &format!("event/{event}"))
}

/// The address of a game's page under the site's public `base`.
pub fn game_url(base: &url::Url, game: GameId) -> String {
    join(base, &format!("game/{game}"))
}

/// The address of a player's private calendar feed opened by `token`.
pub fn calendar_url(base: &url::Url, token: &str) -> String {
    join(base, &format!("calendar/{token}.ics"))
}

/// `path` (without its leading `/`) on the site's address `base`.
pub fn join_path(base: &url::Url, path: &str) -> String {
    join(base, path)
}

fn join(base: &url::Url, path: &str) -> String {
    let mut text = base.as_str().to_owned();
    if !text.ends_with('/') {
        text.push('/');
    }
    text.push_str(path);
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base() -> url::Url {
        "https://chess.example.org/club/".parse().unwrap()
    }

    #[test]
    fn a_message_ends_with_the_page_of_its_image_or_the_page_named() {
        let mut board = Outgoing::text("Хід зроблено.").with_image(ImageRef::Board {
            game: GameId(7),
            viewer: None,
            lang: Lang::Uk,
            ply: None,
        });
        append_page_link(Some(&base()), Lang::En, None, &mut board);
        let last = board.text.lines().last().unwrap();
        assert!(last.contains("https://chess.example.org/club/"), "{last}");
        assert!(last.contains("/7"), "{last}");
        let mut plain = Outgoing::text("Started.");
        append_page_link(
            Some(&base()),
            Lang::En,
            Some(WebPage::Event(EventId(3))),
            &mut plain,
        );
        assert!(
            plain.text.lines().last().unwrap().contains("/3"),
            "{}",
            plain.text
        );
    }

    #[test]
    fn nothing_is_added_without_a_base_url_or_a_page() {
        let mut message = Outgoing::text("Text");
        append_page_link(None, Lang::Uk, Some(WebPage::Game(GameId(1))), &mut message);
        append_page_link(Some(&base()), Lang::Uk, None, &mut message);
        assert_eq!(message.text, "Text");
        assert_eq!(event_page_link(None, Lang::Uk, EventId(1)), None);
    }
}
