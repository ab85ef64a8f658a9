//! The words of `/event create` and `/event set`: a stretch in quotes
//! (`"…"`, `«…»`, `“…”`, `„…“`) is part of one word, spaces and all, so
//! `opening="1. e4 c5 2. Nf3"` is one setting. Apostrophes (ʼ, ') are
//! letters, never quotes. An unclosed quote runs to the end of the text.

/// The closing quote of an opening one.
fn closer(open: char) -> Option<char> {
    match open {
        '"' => Some('"'),
        '«' => Some('»'),
        '“' => Some('”'),
        '„' => Some('“'),
        _ => None,
    }
}

/// Splits `text` at white space outside quotes; the quotes stay in the
/// words.
pub(super) fn words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut closing: Option<char> = None;
    for ch in text.chars() {
        match closing {
            Some(close) if ch == close => closing = None,
            Some(_) => {}
            None if ch.is_whitespace() => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
                continue;
            }
            None => closing = closer(ch),
        }
        word.push(ch);
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// A `key=value` word as the key (lowercase) and the value without its
/// enclosing quotes; `None` if the word is no setting.
pub(super) fn setting(word: &str) -> Option<(String, String)> {
    let (key, value) = word.split_once('=')?;
    if key.is_empty() || key.chars().any(|ch| closer(ch).is_some()) {
        return None;
    }
    Some((key.to_lowercase(), unquote(value).to_owned()))
}

/// `value` without one pair of enclosing quotes.
fn unquote(value: &str) -> &str {
    let mut chars = value.chars();
    let (Some(open), Some(last)) = (chars.next(), chars.next_back()) else {
        return value;
    };
    match closer(open) {
        Some(close) if close == last => &value[open.len_utf8()..value.len() - last.len_utf8()],
        _ => value,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_values_keep_their_spaces_and_lose_their_quotes() {
        let text = r#"Кубок opening="1. e4 c5 2. Nf3" rated=no"#;
        let words = words(text);
        assert_eq!(words, ["Кубок", r#"opening="1. e4 c5 2. Nf3""#, "rated=no"]);
        assert_eq!(
            setting(&words[1]),
            Some(("opening".into(), "1. e4 c5 2. Nf3".into()))
        );
        let guillemets = words_of("opening=«1. e4 c5»  x");
        assert_eq!(setting(&guillemets[0]).unwrap().1, "1. e4 c5");
    }

    #[test]
    fn apostrophes_are_letters_and_names_keep_their_quotes() {
        assert_eq!(
            words_of("«Памʼять O'Neil» cycles=2"),
            ["«Памʼять O'Neil»", "cycles=2"]
        );
        assert_eq!(setting("«a=b»"), None);
        assert_eq!(setting("=x"), None);
        assert_eq!(setting("Rated=\"\""), Some(("rated".into(), String::new())));
    }

    #[test]
    fn an_unclosed_quote_runs_to_the_end() {
        assert_eq!(words_of("opening=\"1. e4 c5"), ["opening=\"1. e4 c5"]);
        assert_eq!(setting("opening=\"1.").unwrap().1, "\"1.");
    }

    fn words_of(text: &str) -> Vec<String> {
        words(text)
    }
}
