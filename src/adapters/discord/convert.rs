//! The app's platform-neutral [`Outgoing`] messages as Discord messages.
//!
//! Rules (documented in README, section Discord):
//! * the text is the message content, its Markdown escaped so that what
//!   users wrote shows literally (a text over Discord's 2000 characters
//!   is sent as several messages, see [`split`](super::split));
//! * an image goes inside an embed, attached as `board.png` (a game's
//!   animation as `game.gif`, which Discord plays in the embed);
//! * a document (`/pgn`) is attached as its file (`game-12.pgn`) under
//!   the short text naming it;
//! * each button's `custom_id` is the command it stands for; a command
//!   longer than Discord's 100 characters gets no button (the text names it);
//! * replies to interactions are ephemeral when they are errors
//!   ([`Outgoing::is_error`]), when they carry private details
//!   ([`Outgoing::private`]), or when, in a guild channel, they answer a
//!   command about the user's own matters (see [`is_public_command`]).

use crate::app::command::CommandWord;
use crate::app::deliver::image::RenderedImage;
use crate::app::outgoing::Outgoing;

use super::markdown::escape_markdown;
use super::outgoing::{ButtonSpec, ButtonStyle, EmbedSpec, OutgoingMessage, PngImage};

/// Discord's longest message content.
pub const MAX_CONTENT_CHARS: usize = 2000;
/// Discord's longest button `custom_id`.
pub const MAX_CUSTOM_ID_CHARS: usize = 100;
/// The file name of an attached board or table image (an animation is
/// [`RenderedImage::file_name`]'s `game.gif`).
pub const IMAGE_FILE: &str = "board.png";

/// One app message with its rendered image as a Discord message.
pub fn discord_message(message: &Outgoing, image: Option<&RenderedImage>) -> OutgoingMessage {
    OutgoingMessage {
        text: escape_markdown(&message.text),
        embed: image.map(|_| EmbedSpec::default()),
        image: image.map(|image| PngImage {
            filename: image.file_name(),
            bytes: image.png.to_vec(),
        }),
        file: message.document.as_ref().map(|document| PngImage {
            filename: document.file_name.clone(),
            bytes: document.content.as_bytes().to_vec(),
        }),
        buttons: buttons(message),
        ephemeral: message.is_error() || message.private,
        game: message.about_game(),
    }
}

/// The message's buttons as Discord buttons (first primary, the rest grey).
fn buttons(message: &Outgoing) -> Vec<ButtonSpec> {
    message
        .buttons
        .iter()
        .filter(|button| button.command.chars().count() <= MAX_CUSTOM_ID_CHARS)
        .enumerate()
        .map(|(index, button)| ButtonSpec {
            custom_id: button.command.clone(),
            label: button.label.chars().take(80).collect(),
            style: if index == 0 {
                ButtonStyle::Primary
            } else {
                ButtonStyle::Secondary
            },
        })
        .collect()
}

/// Several replies to one command as one Discord message: texts joined by a
/// blank line, every button, the first image; ephemeral if any is; about a
/// game if those about one are all about the same game.
pub fn merge(messages: Vec<OutgoingMessage>) -> Option<OutgoingMessage> {
    let mut games: Vec<i64> = messages.iter().filter_map(|message| message.game).collect();
    games.dedup();
    let game = match games.as_slice() {
        [one] => Some(*one),
        _ => None,
    };
    let mut merged = messages.into_iter().reduce(|mut all, next| {
        all.text = format!("{}\n\n{}", all.text, next.text);
        all.buttons.extend(next.buttons);
        if all.image.is_none() {
            all.image = next.image;
            all.embed = next.embed;
        }
        if all.file.is_none() {
            all.file = next.file;
        }
        all.ephemeral |= next.ephemeral;
        all
    })?;
    merged.buttons.truncate(25);
    merged.game = game;
    Some(merged)
}

/// Whether the answer to `text` (a command) may be seen by everyone in a
/// guild channel: event administration, moves and game results, tables
/// (`WordSpec::public`). Everything else (games, time, profile, help …)
/// concerns the user alone.
pub fn is_public_command(text: &str) -> bool {
    let first = text.split_whitespace().next().unwrap_or("");
    CommandWord::from_word(first.trim_start_matches('/')).is_some_and(|word| word.spec().public)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::outgoing::Button;

    #[test]
    fn errors_are_ephemeral_and_long_commands_get_no_button() {
        let long = format!("/draw accept #{}", "9".repeat(100));
        let message = Outgoing::error("no").with_buttons(vec![
            Button::new("Yes", "/draw accept #3"),
            Button::new("Long", long),
        ]);
        let discord = discord_message(&message, None);
        assert!(discord.ephemeral);
        assert_eq!(discord.buttons.len(), 1);
        assert_eq!(discord.buttons[0].custom_id, "/draw accept #3");
        assert!(!discord_message(&Outgoing::text("ok"), None).ephemeral);
    }

    #[test]
    fn replies_merge_into_one_message() {
        let merged = merge(vec![
            OutgoingMessage::text("a"),
            OutgoingMessage {
                ephemeral: true,
                ..OutgoingMessage::text("b")
            },
        ])
        .expect("one");
        assert_eq!((merged.text.as_str(), merged.ephemeral), ("a\n\nb", true));
        assert!(merge(Vec::new()).is_none());
    }

    #[test]
    fn a_merged_reply_is_about_a_game_only_if_its_parts_agree() {
        let about = |game: Option<i64>| OutgoingMessage {
            game,
            ..OutgoingMessage::text("x")
        };
        let game_of = |games: &[Option<i64>]| {
            merge(games.iter().map(|game| about(*game)).collect()).and_then(|m| m.game)
        };
        assert_eq!(game_of(&[Some(3), None, Some(3)]), Some(3));
        assert_eq!(game_of(&[None, Some(5)]), Some(5));
        assert_eq!(game_of(&[Some(3), Some(5), Some(3)]), None);
        assert_eq!(game_of(&[None, None]), None);
        let board = Outgoing::text("b").about(7);
        assert_eq!(discord_message(&board, None).game, Some(7));
    }

    #[test]
    fn only_game_and_event_commands_are_public() {
        assert!(is_public_command("/move 3 e2-e4"));
        assert!(is_public_command("/хід e2-e4"));
        assert!(!is_public_command("/games"));
        assert!(!is_public_command("/time 3"));
        assert!(!is_public_command("e2-e4"));
    }
}
