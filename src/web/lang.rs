//! Which language a page is in: `?lang=uk|en` (the switch; remembered in a
//! cookie), else the `lang` cookie, else the first of Ukrainian and English
//! in `Accept-Language` by its weight, else Ukrainian.

use axum::http::HeaderMap;
use axum::http::header::{ACCEPT_LANGUAGE, COOKIE};

use crate::app::i18n::Lang;

/// The page's language from the query's `lang`, the cookie and the headers.
pub(crate) fn choose(query: Option<&str>, headers: &HeaderMap) -> Lang {
    if let Some(lang) = query.and_then(Lang::from_code) {
        return lang;
    }
    if let Some(lang) = cookie_lang(headers) {
        return lang;
    }
    headers
        .get(ACCEPT_LANGUAGE)
        .and_then(|value| value.to_str().ok())
        .and_then(accepted)
        .unwrap_or(Lang::Uk)
}

fn cookie_lang(headers: &HeaderMap) -> Option<Lang> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().strip_prefix("lang="))
        .find_map(Lang::from_code)
}

/// The best of our languages in an `Accept-Language` value
/// (`en-GB,en;q=0.9,uk;q=0.8`), by weight, then by order.
pub(crate) fn accepted(value: &str) -> Option<Lang> {
    let mut best: Option<(u32, Lang)> = None;
    for part in value.split(',').take(32) {
        let mut pieces = part.split(';');
        let tag = pieces.next().unwrap_or_default().trim();
        let primary = tag
            .split('-')
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        let weight = pieces
            .find_map(|p| p.trim().strip_prefix("q="))
            .and_then(|q| q.trim().parse::<f32>().ok())
            .map_or(1000, |q| (q.clamp(0.0, 1.0) * 1000.0) as u32);
        let Some(lang) = Lang::from_code(&primary) else {
            continue;
        };
        if weight > 0 && best.is_none_or(|(w, _)| weight > w) {
            best = Some((weight, lang));
        }
    }
    best.map(|(_, lang)| lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_the_heaviest_of_ours() {
        assert_eq!(accepted("en-GB,en;q=0.9,uk;q=0.8"), Some(Lang::En));
        assert_eq!(accepted("de-DE,uk;q=0.5,en;q=0.4"), Some(Lang::Uk));
        assert_eq!(accepted("en;q=0.3, uk-UA"), Some(Lang::Uk));
        assert_eq!(accepted("de,fr;q=0.5"), None);
        assert_eq!(accepted("en;q=0"), None);
    }

    #[test]
    fn the_query_wins_over_the_cookie_and_the_header() {
        let mut headers = HeaderMap::new();
        headers.insert(ACCEPT_LANGUAGE, "en".parse().unwrap());
        assert_eq!(choose(None, &headers), Lang::En);
        headers.insert(COOKIE, "a=b; lang=uk".parse().unwrap());
        assert_eq!(choose(None, &headers), Lang::Uk);
        assert_eq!(choose(Some("en"), &headers), Lang::En);
        assert_eq!(choose(None, &HeaderMap::new()), Lang::Uk);
    }
}
