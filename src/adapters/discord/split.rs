//! A text longer than Discord allows as several texts.
//!
//! Discord refuses a message whose content is over 2000 characters.
//! [`split_text`] cuts the content at line breaks, else after a space, never
//! inside a word (a single word longer than a whole message is the only
//! exception), and a cut inside a ```` ``` ```` code block closes the block at
//! the end of one part and reopens it at the start of the next. Which part
//! carries the image and which the buttons is
//! [`Reply`](super::convert::Reply)'s business.

/// A code fence.
const FENCE: &str = "```";

/// `text` in parts of at most `limit` characters (see the module docs).
pub fn split_text(text: &str, limit: usize) -> Vec<String> {
    let reserve = FENCE.len() + 1;
    let mut parts = Vec::new();
    let mut current = String::new();
    let mut in_code = false;
    for line in text.split_inclusive('\n') {
        let mut line = line;
        loop {
            let room = limit.saturating_sub(chars(&current) + if in_code { reserve } else { 0 });
            if chars(line) <= room {
                current.push_str(line);
                if line.trim_start().starts_with(FENCE) {
                    in_code = !in_code;
                }
                break;
            }
            if !current.trim().is_empty() && current != format!("{FENCE}\n") {
                close_part(&mut parts, &mut current, in_code);
                continue;
            }
            let cut = cut_at(line, room.max(1));
            current.push_str(&line[..cut]);
            line = &line[cut..];
            close_part(&mut parts, &mut current, in_code);
        }
    }
    if !current.trim().is_empty() {
        parts.push(current);
    }
    parts
}

/// Ends the part being built (closing an open code block) and starts the
/// next (reopening it).
fn close_part(parts: &mut Vec<String>, current: &mut String, in_code: bool) {
    let mut part = std::mem::take(current);
    if in_code {
        if !part.ends_with('\n') {
            part.push('\n');
        }
        part.push_str(FENCE);
        current.push_str(FENCE);
        current.push('\n');
    }
    parts.push(part);
}

/// Where to cut a `line` too long for `room` characters: after its last
/// space that fits, else (one word longer than the room) at the room.
fn cut_at(line: &str, room: usize) -> usize {
    let hard = line.char_indices().nth(room).map_or(line.len(), |(i, _)| i);
    match line[..hard].rfind(' ') {
        Some(space) if space > 0 => space + 1,
        _ => hard,
    }
}

fn chars(text: &str) -> usize {
    text.chars().count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::adapters::discord::convert::MAX_CONTENT_CHARS;

    fn words(parts: &[String]) -> Vec<&str> {
        parts.iter().flat_map(|p| p.split_whitespace()).collect()
    }

    #[test]
    fn long_text_splits_at_line_breaks_then_spaces_never_mid_word() {
        assert_eq!(split_text("aaaa\nbbbb\ncc", 10), vec!["aaaa\nbbbb\n", "cc"]);
        assert_eq!(split_text("ab cd ef", 5), vec!["ab ", "cd ef"]);
        assert_eq!(split_text("abcdefgh", 3), vec!["abc", "def", "gh"]);
        assert!(split_text("", 4).is_empty());
        let text: String = (0..900).map(|n| format!("слово{n} ")).collect();
        let parts = split_text(&text, MAX_CONTENT_CHARS);
        assert!(parts.len() > 3, "{}", parts.len());
        assert!(parts.iter().all(|p| chars(p) <= MAX_CONTENT_CHARS));
        assert_eq!(words(&parts), text.split_whitespace().collect::<Vec<_>>());
    }

    #[test]
    fn a_code_block_cut_in_two_is_closed_and_reopened() {
        let text = "intro\n```\nline one\nline two\nline three\n```\nend\n";
        let parts = split_text(text, 24);
        for part in &parts {
            assert!(chars(part) <= 24, "{part:?}");
            assert_eq!(part.matches(FENCE).count() % 2, 0, "{parts:?}");
        }
        let joined = parts.concat().replace("``````\n", "");
        assert_eq!(joined, text, "{parts:?}");
    }
}
