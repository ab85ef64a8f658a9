//! Text shown literally on Discord. Discord reads Markdown in every message
//! a bot sends; the bot's own catalog texts use none, so escaping the whole
//! content shows what users wrote (names, statements, event names such as
//! `Кубок_клубу *осінь*`) exactly as written, and nothing can turn into
//! formatting, a spoiler, a masked link or a mention pill.

/// Characters that format wherever they stand.
const ANYWHERE: &[char] = &['\\', '*', '_', '~', '`', '|', '<', '[', ']'];

/// Characters that format only at the start of a line (quote, header, list).
const LINE_START: &[char] = &['>', '#', '-', '+'];

/// `text` with Discord's Markdown escaped by backslashes.
pub fn escape_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    for line in text.split_inclusive('\n') {
        let indent = line.len() - line.trim_start_matches([' ', '\t']).len();
        let (lead, rest) = line.split_at(indent);
        out.push_str(lead);
        for (index, c) in rest.chars().enumerate() {
            if ANYWHERE.contains(&c) || (index == 0 && LINE_START.contains(&c)) {
                out.push('\\');
            }
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_text_shows_literally() {
        assert_eq!(
            escape_markdown("Кубок_клубу *осінь*"),
            "Кубок\\_клубу \\*осінь\\*"
        );
        assert_eq!(
            escape_markdown("||x|| `y` ~~z~~"),
            "\\|\\|x\\|\\| \\`y\\` \\~\\~z\\~\\~"
        );
        assert_eq!(
            escape_markdown("# big\n> quote\n - item"),
            "\\# big\n\\> quote\n \\- item"
        );
        assert_eq!(
            escape_markdown("[a](http://x) <@1>"),
            "\\[a\\](http://x) \\<@1>"
        );
        assert_eq!(escape_markdown("e2-e4, #3, 1 > 0"), "e2-e4, #3, 1 > 0");
    }
}
