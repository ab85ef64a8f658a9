//! Several notices to one recipient at one instant as one message.
//!
//! In a big event the deadlines of many games fall due at the same instant
//! (every 14-day reminder of a round robin, R3.3.1; the 35-day notices,
//! R3.3.2; the losses on time, R3.5.7): a player of a 100-player event
//! would get some fifty messages at once, which the platforms' per-chat
//! limits trickle out over minutes. The outbox sends the pending notices of
//! the kinds in [`MERGEABLE_KINDS`] that one scheduler run wrote for one
//! recipient (the same `created_at`, one after the other in the
//! recipient's order) as one [`NoticeBatch`]: a heading with the number of
//! games and a line per notice.
//!
//! A batch keeps what its notices say alone: a reminder beside another
//! kind of notice still reads «Reminder», a game's reminder is left out
//! where the same game's 35-day notice says the same facts (R3.3.2), and
//! a batch left with one notice goes out as that notice. It keeps the
//! buttons of its notices, one per game (the 35-day notice's «continue»,
//! labelled with the game's number); one game-over keeps its board image,
//! several get a button each to their final board (a message carries one
//! image).

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::app::i18n::{Args, Lang, days_text, tr};
use crate::app::notice::{Notice, left_text};
use crate::app::outgoing::{Button, ImageRef, Outgoing};
use crate::core::notation::Notation;
use crate::store::{GameId, PlayerId};

/// The kinds of notices the scheduler writes per game that go out together
/// when several are due to one recipient at one instant.
pub const MERGEABLE_KINDS: [&str; 4] = [
    "reminder",
    "continuation_due",
    "captain_continuation_due",
    "game_over",
];

/// The kind of a batch in the outbox and in transcripts.
pub const BATCH_KIND: &str = "notice_batch";

/// Whether a notice of `kind` may go out in a [`NoticeBatch`].
pub fn mergeable(kind: &str) -> bool {
    MERGEABLE_KINDS.contains(&kind)
}

/// Notices to one recipient sent as one message, in their order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NoticeBatch {
    /// The notices.
    pub items: Vec<Notice>,
}

impl NoticeBatch {
    /// The number of games the notices are about.
    pub fn games(&self) -> usize {
        let games: BTreeSet<GameId> = self.items.iter().filter_map(game_of).collect();
        games.len()
    }

    /// The notices that say something the others do not: a reminder is
    /// left out where its game's 35-day notice is there (R3.3.1, R3.3.2).
    fn kept(&self) -> Vec<&Notice> {
        let continued: BTreeSet<GameId> = self
            .items
            .iter()
            .filter(|item| {
                matches!(
                    item,
                    Notice::ContinuationDue { .. } | Notice::ContinuationDueViaCaptain { .. }
                )
            })
            .filter_map(game_of)
            .collect();
        self.items
            .iter()
            .filter(|item| match item {
                Notice::Reminder { game, .. } => !continued.contains(game),
                _ => true,
            })
            .collect()
    }

    /// The heading and a line per notice, in `lang`; one notice left, its
    /// own text.
    pub fn text(&self, lang: Lang, notation: Notation) -> String {
        let kept = self.kept();
        if let [single] = kept.as_slice() {
            return single.text(lang, notation);
        }
        let all_reminders = kept
            .iter()
            .all(|item| matches!(item, Notice::Reminder { .. }));
        let head = self.heading(lang, all_reminders);
        let lines = kept
            .iter()
            .map(|item| line(item, lang, notation, all_reminders));
        std::iter::once(head)
            .chain(lines)
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// «Reminders for 3 games:», or, when the notices are about one game,
    /// «Notices about game #4:» (never «about 1 game»).
    fn heading(&self, lang: Lang, all_reminders: bool) -> String {
        let games: BTreeSet<GameId> = self.items.iter().filter_map(game_of).collect();
        let one_game = games.first().filter(|_| games.len() == 1);
        let key = match (one_game, all_reminders) {
            (Some(_), true) => "notice-batch-game-reminders",
            (Some(_), false) => "notice-batch-game",
            (None, true) => "notice-batch-reminders",
            (None, false) => "notice-batch",
        };
        let args = match one_game {
            Some(game) => Args::new().with("game", *game),
            None => Args::new().with("count", games.len()),
        };
        tr(lang, key, &args)
    }

    /// The message: the text and the notices' buttons, one per game; the
    /// board of a game that ended, or a button to each such board.
    pub fn message(&self, lang: Lang, notation: Notation, viewer: Option<PlayerId>) -> Outgoing {
        let kept = self.kept();
        if let [single] = kept.as_slice() {
            return single.message(lang, notation, viewer);
        }
        let ended: Vec<GameId> = kept
            .iter()
            .copied()
            .filter(|item| matches!(item, Notice::GameOver { .. }))
            .filter_map(game_of)
            .collect();
        let mut buttons: Vec<Button> = kept
            .iter()
            .filter(|item| !matches!(item, Notice::GameOver { .. }))
            .flat_map(|item| buttons(item, lang, notation, viewer))
            .collect();
        let message = Outgoing::of_kind(BATCH_KIND, self.text(lang, notation));
        if let [game] = ended.as_slice() {
            return message.with_buttons(buttons).with_image(ImageRef::Board {
                game: *game,
                viewer,
                lang,
                ply: None,
            });
        }
        buttons.extend(ended.iter().map(|game| {
            let label = tr(lang, "button-final-board", &Args::new().with("game", *game));
            Button::new(label, format!("/board {game}"))
        }));
        message.with_buttons(buttons)
    }
}

/// The game a notice is about.
fn game_of(notice: &Notice) -> Option<GameId> {
    match notice {
        Notice::Reminder { game, .. }
        | Notice::ContinuationDue { game, .. }
        | Notice::ContinuationDueViaCaptain { game, .. }
        | Notice::CaptainContinuationDue { game, .. }
        | Notice::GameOver { game, .. } => Some(*game),
        _ => None,
    }
}

/// A notice's line: a reminder in short, with the opponent (R3.3.1), and
/// named a reminder where the heading does not say so; any other notice in
/// its own words, which name the game.
fn line(notice: &Notice, lang: Lang, notation: Notation, all_reminders: bool) -> String {
    let text = reminder_line(notice, lang, notation);
    if all_reminders || !matches!(notice, Notice::Reminder { .. }) {
        return text;
    }
    tr(
        lang,
        "notice-batch-reminder-mixed",
        &Args::new().with("line", text),
    )
}

/// A reminder's short line, or any other notice's own text.
fn reminder_line(notice: &Notice, lang: Lang, notation: Notation) -> String {
    let Notice::Reminder {
        game,
        days,
        left,
        loses_at,
        room,
        opponent,
    } = notice
    else {
        return notice.text(lang, notation);
    };
    let args = Args::new()
        .with("game", *game)
        .with("opponent", opponent.as_deref().unwrap_or("—"))
        .with("days", days_text(lang, *days));
    match (loses_at, room) {
        (Some(at), Some(room)) => {
            let args = args
                .with("at", at.deadline_text(lang))
                .with("room", room.text(lang));
            tr(lang, "notice-batch-reminder-room", &args)
        }
        (Some(at), None) => tr(
            lang,
            "notice-batch-reminder-deadline",
            &args.with("at", at.deadline_text(lang)),
        ),
        (None, _) => tr(
            lang,
            "notice-batch-reminder",
            &args.with("left", left_text(lang, *left)),
        ),
    }
}

/// A notice's buttons in a batch: the 35-day notice's «continue» names its
/// game (R3.3.2); others keep their own.
fn buttons(
    notice: &Notice,
    lang: Lang,
    notation: Notation,
    viewer: Option<PlayerId>,
) -> Vec<Button> {
    match notice {
        Notice::ContinuationDue { game, .. } | Notice::ContinuationDueViaCaptain { game, .. } => {
            let label = tr(
                lang,
                "button-continue-game",
                &Args::new().with("game", *game),
            );
            vec![Button::new(label, format!("/continue #{game}"))]
        }
        other => other.message(lang, notation, viewer).buttons,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reminder(game: i64) -> Notice {
        Notice::Reminder {
            game: GameId(game),
            days: 14,
            left: 36,
            loses_at: None,
            room: None,
            opponent: None,
        }
    }

    fn heading(items: Vec<Notice>, lang: Lang) -> String {
        let text = NoticeBatch { items }.text(lang, Notation::UkrainianFull);
        text.lines().next().unwrap().to_owned()
    }

    /// A batch about one game names it; about several, counts them with
    /// the right plural form; reminders alone say so (R3.3.1).
    #[test]
    fn the_heading_names_one_game_and_counts_several() {
        let both = || vec![continuation(4), game_over(4)];
        assert_eq!(heading(both(), Lang::En), "Notices about game #4:");
        assert_eq!(heading(both(), Lang::Uk), "Сповіщення щодо партії #4:");
        let twice = || vec![reminder(4), reminder(4)];
        assert_eq!(heading(twice(), Lang::En), "Reminders about game #4:");
        let five: Vec<Notice> = (1..=5).map(reminder).collect();
        assert_eq!(
            heading(five.clone(), Lang::Uk),
            "Нагадування про 5\u{a0}партій:"
        );
        assert_eq!(heading(five, Lang::En), "Reminders for 5\u{a0}games:");
        let mixed = vec![
            reminder(1),
            Notice::ContinuationDue {
                game: GameId(2),
                days: 35,
                window: None,
            },
        ];
        assert_eq!(heading(mixed, Lang::Uk), "Сповіщення про 2\u{a0}партії:");
    }

    fn continuation(game: i64) -> Notice {
        Notice::ContinuationDue {
            game: GameId(game),
            days: 35,
            window: None,
        }
    }

    fn game_over(game: i64) -> Notice {
        Notice::GameOver {
            game: GameId(game),
            white: "Ann".into(),
            black: "Bob".into(),
            score: "0-1".into(),
            reason: "result-time-forfeit".into(),
        }
    }

    fn message(items: Vec<Notice>) -> Outgoing {
        NoticeBatch { items }.message(Lang::En, Notation::San, None)
    }

    /// R3.3.1, R3.3.2: a game's 35-day reminder beside its 35-day notice
    /// says the same; the notice goes out alone, as itself.
    #[test]
    fn a_games_reminder_and_its_continuation_notice_go_out_as_the_notice() {
        let sent = message(vec![reminder(4), continuation(4)]);
        let alone = continuation(4).message(Lang::En, Notation::San, None);
        assert_eq!(sent.text, alone.text);
        assert_eq!(sent.text.lines().count(), 1, "{}", sent.text);
    }

    /// A reminder beside other kinds of notice still reads «Reminder».
    #[test]
    fn a_reminder_in_a_mixed_batch_is_called_a_reminder() {
        let text = NoticeBatch {
            items: vec![reminder(1), continuation(2)],
        }
        .text(Lang::Uk, Notation::UkrainianFull);
        let line = text.lines().nth(1).unwrap();
        assert!(line.starts_with("Нагадування: #1"), "{text}");
    }

    /// One game-over keeps its board; several get a button each to it.
    #[test]
    fn a_batched_game_over_keeps_its_board() {
        let one = message(vec![reminder(1), game_over(2)]);
        assert!(
            matches!(
                one.image,
                Some(ImageRef::Board {
                    game: GameId(2),
                    ..
                })
            ),
            "{one:?}"
        );
        let two = message(vec![game_over(2), game_over(3)]);
        assert!(two.image.is_none());
        let targets: Vec<&str> = two.buttons.iter().map(|b| b.command.as_str()).collect();
        assert_eq!(targets, ["/board 2", "/board 3"]);
    }
}
