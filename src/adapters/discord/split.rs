//! A message longer than Discord allows as several messages.
//!
//! Discord refuses a message whose content is over 2000 characters and an
//! embed whose description is over 4096 (or whose whole text is over 6000).
//! [`parts`] cuts the content at line breaks, else after a space, never
//! inside a word (a single word longer than a whole message is the only
//! exception), and a cut inside a ```` ``` ```` code block closes the block at
//! the end of one part and reopens it at the start of the next. The first
//! part carries the embed, the image and the attached file, the last one the buttons, so they
//! stay under the text they belong to.

use super::convert::MAX_CONTENT_CHARS;
use super::outgoing::{EmbedSpec, OutgoingMessage};

/// Discord's longest embed description.
pub const MAX_EMBED_DESCRIPTION_CHARS: usize = 4096;
/// Discord's longest embed title.
pub const MAX_EMBED_TITLE_CHARS: usize = 256;

/// A code fence.
const FENCE: &str = "```";

/// `message` as the messages Discord accepts, in order (one when it fits).
pub fn parts(message: &OutgoingMessage) -> Vec<OutgoingMessage> {
    let texts = split_text(&message.text, MAX_CONTENT_CHARS);
    let mut parts: Vec<OutgoingMessage> = texts
        .into_iter()
        .map(|text| OutgoingMessage {
            text,
            ephemeral: message.ephemeral,
            ..OutgoingMessage::default()
        })
        .collect();
    if parts.is_empty() {
        parts.push(OutgoingMessage {
            ephemeral: message.ephemeral,
            ..OutgoingMessage::default()
        });
    }
    let mut embeds = embed_parts(message.embed.as_ref()).into_iter();
    parts[0].embed = embeds.next();
    parts[0].image = message.image.clone();
    parts[0].file = message.file.clone();
    parts.extend(embeds.map(|embed| OutgoingMessage {
        embed: Some(embed),
        ephemeral: message.ephemeral,
        ..OutgoingMessage::default()
    }));
    if let Some(last) = parts.last_mut() {
        last.buttons = message.buttons.clone();
    }
    parts
}

/// An embed as embeds within Discord's limits: the title cut to 256
/// characters on the first, the description split into parts of at most
/// 4096 (each embed then stays under the 6000 of a whole message).
fn embed_parts(embed: Option<&EmbedSpec>) -> Vec<EmbedSpec> {
    let Some(embed) = embed else {
        return Vec::new();
    };
    let title: String = embed.title.chars().take(MAX_EMBED_TITLE_CHARS).collect();
    let mut descriptions = split_text(&embed.description, MAX_EMBED_DESCRIPTION_CHARS);
    if descriptions.is_empty() {
        descriptions.push(String::new());
    }
    descriptions
        .into_iter()
        .enumerate()
        .map(|(index, description)| EmbedSpec {
            title: if index == 0 {
                title.clone()
            } else {
                String::new()
            },
            description,
        })
        .collect()
}

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
    use crate::adapters::discord::outgoing::{ButtonSpec, ButtonStyle, PngImage};

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

    #[test]
    fn embed_and_image_ride_on_the_first_part_buttons_on_the_last() {
        let message = OutgoingMessage {
            text: "x ".repeat(2500),
            embed: Some(EmbedSpec {
                title: "t".repeat(300),
                description: "d\n".repeat(2100),
            }),
            image: Some(PngImage {
                filename: "board.png".into(),
                bytes: vec![1],
            }),
            file: None,
            buttons: vec![ButtonSpec {
                custom_id: "/board 1".into(),
                label: "1".into(),
                style: ButtonStyle::Primary,
            }],
            ephemeral: true,
            game: None,
        };
        let parts = parts(&message);
        assert_eq!(parts.len(), 4, "{:?}", parts.iter().map(|p| p.text.len()));
        assert!(parts.iter().all(|p| p.ephemeral));
        assert!(parts[0].image.is_some() && parts[1].image.is_none());
        let first = parts[0].embed.as_ref().expect("embed");
        assert_eq!(chars(&first.title), MAX_EMBED_TITLE_CHARS);
        assert!(chars(&first.description) <= MAX_EMBED_DESCRIPTION_CHARS);
        assert!(parts[3].embed.is_some() && parts[3].text.is_empty());
        assert_eq!(parts[3].buttons.len(), 1);
        assert!(parts[..3].iter().all(|p| p.buttons.is_empty()));
        assert_eq!(self::parts(&OutgoingMessage::text("hi")).len(), 1);
    }
}
