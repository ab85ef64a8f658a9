//! The wired Telegram bot end to end: the real teloxide client against the
//! fake Bot API, the app on a real database (SQLite, and PostgreSQL when
//! `TEST_DATABASE_URL` is set), game time on a simulated clock.

use std::collections::HashMap;

use corrbot::store::{Db, GameId, NoticeRecipient, Platform, PlayerId};

use crate::support::db::{TestDb, on_both};
use crate::support::fake_telegram::{
    Failure, FakeTelegram, FakeUser, SentFile, SentKind, SentMessage,
};
use crate::support::telegram_bot::TestBot;

const ALICE: i64 = 501;
const BOB: i64 = 502;
const CAROL: i64 = 503;

/// The fake, the bot, and how many messages each chat has been read up to.
struct Session {
    fake: FakeTelegram,
    bot: TestBot,
    seen: HashMap<i64, usize>,
}

impl Session {
    async fn start(db: &Db) -> Self {
        let fake = FakeTelegram::start().await;
        let bot = TestBot::start(&fake, db.clone()).await;
        Self {
            fake,
            bot,
            seen: HashMap::new(),
        }
    }

    fn user(id: i64) -> FakeUser {
        let name = match id {
            ALICE => "Alice",
            BOB => "Bob",
            _ => "Carol",
        };
        FakeUser::new(id, name)
    }

    /// The user writes `text` in their private chat; returns the update id.
    fn say(&self, id: i64, text: &str) -> i64 {
        self.fake.push_message(id, &Self::user(id), text)
    }

    /// Waits for the next `count` messages to `chat` and returns them.
    async fn next(&mut self, chat: i64, count: usize) -> Vec<SentMessage> {
        let seen = self.seen.entry(chat).or_default();
        let all = self.fake.wait_for_sent_to(chat, *seen + count).await;
        let new = all[*seen..*seen + count].to_vec();
        *seen += count;
        new
    }

    /// The user writes `text` and gets exactly one reply; returns its text.
    async fn ask(&mut self, id: i64, text: &str) -> String {
        self.say(id, text);
        let reply = self.next(id, 1).await.remove(0);
        reply.text.unwrap_or_default()
    }

    /// Three players in English; Alice creates and starts a two-player
    /// event; Bob has White.
    async fn start_event(&mut self) {
        for id in [ALICE, BOB, CAROL] {
            self.ask(id, "/lang en").await;
            self.ask(id, "/notation ukr").await;
        }
        let created = self
            .ask(ALICE, "/event create Autumn Cup control=50/10")
            .await;
        assert!(created.contains("Autumn Cup"), "{created}");
        self.ask(BOB, "/event join 1").await;
        self.ask(CAROL, "/event join 1").await;
        self.ask(ALICE, "/event start 1").await;
        for id in [BOB, CAROL] {
            let started = self.next(id, 1).await;
            assert!(text(&started[0]).contains("has started"), "{started:?}");
        }
    }

    async fn stop(self) {
        self.bot.stop().await;
    }
}

fn text(message: &SentMessage) -> &str {
    message.text.as_deref().unwrap_or_default()
}

async fn player_of(db: &Db, telegram_id: i64) -> PlayerId {
    let mut tx = db.read().await.unwrap();
    let account = tx
        .account(Platform::Telegram, &telegram_id.to_string())
        .await
        .unwrap();
    tx.commit().await.unwrap();
    account.expect("registered").player_id
}

async fn moves_of_game_1(db: &Db) -> Vec<String> {
    let mut tx = db.read().await.unwrap();
    let moves = tx.moves(GameId(1)).await.unwrap();
    tx.commit().await.unwrap();
    moves.into_iter().map(|row| row.uci).collect()
}

/// Fool's mate in private chats: each move is confirmed to the mover and
/// reaches the opponent as a board photo with the move in its caption; the
/// mate ends the game for both, the final board sent again by its file id.
async fn a_game_to_mate_in_private_chats_with_board_photos(t: &TestDb) {
    let mut s = Session::start(&t.db).await;
    s.start_event().await;
    let plies = [
        (BOB, CAROL, "f2-f3"),
        (CAROL, BOB, "e7-e5"),
        (BOB, CAROL, "g2-g4"),
    ];
    for (mover, opponent, mv) in plies {
        let reply = s.ask(mover, mv).await;
        assert!(
            reply.contains(mv) && reply.contains("you played"),
            "{reply}"
        );
        let notice = s.next(opponent, 1).await.remove(0);
        assert_eq!(notice.kind, SentKind::Photo, "{notice:?}");
        assert!(
            text(&notice).contains(&format!(". {mv}. Your move.")),
            "{notice:?}"
        );
        match &notice.file {
            Some(SentFile::Uploaded { bytes, .. }) => assert!(bytes.starts_with(b"\x89PNG")),
            other => panic!("a new board is uploaded: {other:?}"),
        }
    }
    // The reply and the event's end notice (sent by the outbox) may come
    // in either order.
    s.say(CAROL, "Фd8-h4");
    let carol = s.next(CAROL, 2).await;
    let said = |part: &str| carol.iter().any(|sent| text(sent).contains(part));
    assert!(
        said("0-1 (checkmate)") && said("is over: all its games"),
        "{carol:?}"
    );
    let last = s.next(BOB, 2).await;
    assert!(text(&last[0]).contains("Фd8-h4") || text(&last[0]).contains("Qd8-h4"));
    assert!(text(&last[1]).contains("0-1 (checkmate)"), "{last:?}");
    assert!(last.iter().all(|m| m.kind == SentKind::Photo));
    assert!(
        matches!(last[1].file, Some(SentFile::Reused { .. })),
        "the same final board goes by file id: {:?}",
        last[1].file
    );
    assert_eq!(moves_of_game_1(&t.db).await.len(), 4);
    s.stop().await;
}

/// `/gif` after three plies: the reply is a `sendAnimation` whose upload is
/// a GIF of four frames (the start and one per ply), its caption the reply.
async fn a_game_gif_goes_out_as_an_animation(t: &TestDb) {
    let mut s = Session::start(&t.db).await;
    s.start_event().await;
    for (mover, opponent, mv) in [
        (BOB, CAROL, "e2-e4"),
        (CAROL, BOB, "e7-e5"),
        (BOB, CAROL, "g1-f3"),
    ] {
        let _ = opponent;
        s.ask(mover, mv).await;
    }
    s.say(CAROL, "/gif");
    // Move notices may come before or after the animation.
    let mut sent = s.next(CAROL, 1).await.remove(0);
    while sent.kind != SentKind::Animation {
        sent = s.next(CAROL, 1).await.remove(0);
    }
    assert_eq!(sent.kind, SentKind::Animation, "{sent:?}");
    let plies = moves_of_game_1(&t.db).await.len();
    assert!(plies >= 2, "{plies}");
    let counted = format!("{plies} half-moves");
    assert!(text(&sent).contains(&counted), "{sent:?}");
    let Some(SentFile::Uploaded {
        bytes, file_name, ..
    }) = &sent.file
    else {
        panic!("the GIF is uploaded: {:?}", sent.file);
    };
    assert_eq!(file_name.as_deref(), Some("game.gif"));
    assert_eq!(crate::render_gif::frame_count(bytes), plies + 1);
    s.stop().await;
}

/// Carol offers a draw; Bob gets the offer with Accept and Decline buttons
/// and presses Accept: the press is answered, the game ends drawn for both.
async fn a_draw_offered_and_accepted_with_inline_buttons(t: &TestDb) {
    let mut s = Session::start(&t.db).await;
    s.start_event().await;
    s.ask(BOB, "e2-e4").await;
    s.next(CAROL, 1).await;
    let offered = s.ask(CAROL, "/draw offer").await;
    assert!(offered.contains("#1"), "{offered}");
    let offer = s.next(BOB, 1).await.remove(0);
    let buttons = &offer.buttons;
    assert_eq!(buttons.len(), 1, "one row: {buttons:?}");
    let data: Vec<_> = buttons[0].iter().map(|b| b.callback_data.clone()).collect();
    assert_eq!(
        data,
        [
            Some("/draw accept #1".to_owned()),
            Some("/draw decline #1".to_owned())
        ]
    );
    assert_eq!(buttons[0][0].text, "Accept the draw");

    let press = s.fake.push_callback(
        BOB,
        &Session::user(BOB),
        "/draw accept #1",
        offer.message_id,
    );
    let answered = s.fake.wait_for_answers(1).await;
    assert_eq!(answered[0].callback_query_id, format!("cb{press}"));
    let reply = s.next(BOB, 1).await.remove(0);
    assert!(text(&reply).contains("½-½"), "{reply:?}");
    let over = s.next(CAROL, 1).await.remove(0);
    assert_eq!(over.kind, SentKind::Photo);
    assert!(text(&over).contains("½-½"), "{over:?}");
    s.stop().await;
}

/// `/games` (issue 18): the game to move first, with its deadline and a
/// button; pressing it answers with the board photo. The opponent's list
/// has the game under the opponent's move, without a button.
async fn games_lists_the_game_to_move_with_a_board_button(t: &TestDb) {
    let mut s = Session::start(&t.db).await;
    s.start_event().await;
    s.say(BOB, "/games");
    let list = s.next(BOB, 1).await.remove(0);
    assert!(text(&list).starts_with("Your move:"), "{list:?}");
    assert!(text(&list).contains("move by"), "{list:?}");
    let data: Vec<_> = list
        .buttons
        .iter()
        .flatten()
        .map(|b| b.callback_data.clone())
        .collect();
    assert_eq!(data, [Some("/board 1".to_owned())]);
    s.fake
        .push_callback(BOB, &Session::user(BOB), "/board 1", list.message_id);
    s.fake.wait_for_answers(1).await;
    let board = s.next(BOB, 1).await.remove(0);
    assert_eq!(board.kind, SentKind::Photo);
    assert!(text(&board).contains("Game #1"), "{board:?}");
    s.say(CAROL, "/games");
    let theirs = s.next(CAROL, 1).await.remove(0);
    assert!(text(&theirs).starts_with("Opponent's move:"), "{theirs:?}");
    assert!(theirs.buttons.iter().all(Vec::is_empty), "{theirs:?}");
    s.stop().await;
}

/// Bob and Carol meet in a second event: Bob has White in #1 and #2.
async fn second_event(s: &mut Session) {
    s.ask(ALICE, "/event create Winter Cup control=50/10").await;
    s.ask(BOB, "/event join 2").await;
    s.ask(CAROL, "/event join 2").await;
    s.ask(ALICE, "/event start 2").await;
    for id in [BOB, CAROL] {
        s.next(id, 1).await;
    }
}

async fn moves_of(db: &Db, game: i64) -> Vec<String> {
    let mut tx = db.read().await.unwrap();
    let moves = tx.moves(GameId(game)).await.unwrap();
    tx.commit().await.unwrap();
    moves.into_iter().map(|row| row.uci).collect()
}

/// Issue 18: a reply (`reply_to_message`) to a bot message about a game
/// makes it the game of a bare move or a command without a number: e2-e4,
/// legal in both of Bob's games, is asked about when bare, and played in
/// #2 when it replies to #2's board; Carol's reply to the move notice gets
/// #2's clocks.
async fn a_reply_to_a_board_or_notice_chooses_the_game(t: &TestDb) {
    let mut s = Session::start(&t.db).await;
    s.start_event().await;
    second_event(&mut s).await;
    let asked = s.ask(BOB, "e2-e4").await;
    assert!(asked.contains("#1, #2"), "{asked}");
    s.say(BOB, "/board 2");
    let board = s.next(BOB, 1).await.remove(0);
    assert_eq!(board.kind, SentKind::Photo);
    s.fake
        .push_reply(BOB, &Session::user(BOB), "e2-e4", board.message_id);
    let made = s.next(BOB, 1).await.remove(0);
    assert!(text(&made).contains("Game #2"), "{made:?}");
    assert_eq!(moves_of(&t.db, 2).await, ["e2e4"]);
    assert!(moves_of(&t.db, 1).await.is_empty());
    let notice = s.next(CAROL, 1).await.remove(0);
    assert!(text(&notice).contains("Game #2"), "{notice:?}");
    s.fake
        .push_reply(CAROL, &Session::user(CAROL), "/time", notice.message_id);
    let time = s.next(CAROL, 1).await.remove(0);
    assert!(text(&time).starts_with("Game #2"), "{time:?}");
    s.stop().await;
}

/// Issue 18: the "which game" question has a button per game; pressing one
/// plays the move there and removes the question's buttons
/// (`editMessageReplyMarkup` without a keyboard); the stale button pressed
/// again is refused and plays nothing. A board button stays.
async fn answered_buttons_are_removed_and_a_stale_press_changes_nothing(t: &TestDb) {
    let mut s = Session::start(&t.db).await;
    s.start_event().await;
    second_event(&mut s).await;
    s.say(BOB, "e2-e4");
    let question = s.next(BOB, 1).await.remove(0);
    let data: Vec<_> = question
        .buttons
        .iter()
        .flatten()
        .map(|b| b.callback_data.clone().unwrap_or_default())
        .collect();
    assert_eq!(data, ["/move #1 e2-e4", "/move #2 e2-e4"]);
    let bob = Session::user(BOB);
    s.fake
        .push_callback(BOB, &bob, &data[1], question.message_id);
    let made = s.next(BOB, 1).await.remove(0);
    assert!(text(&made).contains("Game #2"), "{made:?}");
    s.fake.wait_for_method("editMessageReplyMarkup").await;
    let edits = s.fake.edits();
    assert_eq!(edits.len(), 1, "{edits:?}");
    assert_eq!(
        (edits[0].chat_id, edits[0].message_id),
        (BOB, question.message_id)
    );
    assert!(edits[0].buttons.iter().all(Vec::is_empty), "{edits:?}");
    s.fake
        .push_callback(BOB, &bob, &data[1], question.message_id);
    let stale = s.next(BOB, 1).await.remove(0);
    assert!(!text(&stale).contains("is made"), "{stale:?}");
    assert_eq!(moves_of(&t.db, 2).await, ["e2e4"]);
    s.fake
        .push_callback(BOB, &bob, "/board 1", question.message_id);
    s.next(BOB, 1).await;
    s.fake.wait_for_answers(3).await;
    assert_eq!(
        s.fake.edits().len(),
        2,
        "the stale press is removed again, the board press not"
    );
    s.stop().await;
}

/// Move confirmation (R2.3.8, issue 18) with inline buttons: after
/// `/confirm on` Bob's move is held with Confirm / Cancel. Cancel drops it,
/// Confirm plays it; each press removes the buttons
/// (`editMessageReplyMarkup` without a keyboard), and a stale press of
/// either button plays nothing and says no move waits for confirmation.
async fn move_confirmation_buttons_confirm_and_cancel(t: &TestDb) {
    let mut s = Session::start(&t.db).await;
    s.start_event().await;
    let on = s.ask(BOB, "/confirm on").await;
    assert!(on.contains("Move confirmation is on"), "{on}");
    let bob = Session::user(BOB);
    let nothing_held = "You have no move waiting for confirmation.";

    s.say(BOB, "e2-e4");
    let held = s.next(BOB, 1).await.remove(0);
    assert!(
        text(&held).starts_with("Game #1: make the move e2-e4?"),
        "{held:?}"
    );
    let data: Vec<_> = held
        .buttons
        .iter()
        .flatten()
        .map(|b| b.callback_data.clone().unwrap_or_default())
        .collect();
    assert_eq!(data, ["/confirm #1", "/confirm cancel #1"]);
    s.fake.push_callback(BOB, &bob, &data[1], held.message_id);
    let cancelled = s.next(BOB, 1).await.remove(0);
    assert!(
        text(&cancelled).contains("the held move has been cancelled"),
        "{cancelled:?}"
    );
    s.fake.wait_for_answers(1).await;
    let edits = s.fake.edits();
    assert_eq!(edits.len(), 1, "{edits:?}");
    assert_eq!(
        (edits[0].chat_id, edits[0].message_id),
        (BOB, held.message_id)
    );
    assert!(edits[0].buttons.iter().all(Vec::is_empty), "{edits:?}");
    assert!(moves_of_game_1(&t.db).await.is_empty(), "no move");
    s.fake.push_callback(BOB, &bob, &data[0], held.message_id);
    let stale = s.next(BOB, 1).await.remove(0);
    assert!(text(&stale).contains(nothing_held), "{stale:?}");
    assert!(moves_of_game_1(&t.db).await.is_empty(), "still no move");

    s.say(BOB, "d2-d4");
    let held = s.next(BOB, 1).await.remove(0);
    s.fake
        .push_callback(BOB, &bob, "/confirm #1", held.message_id);
    let made = s.next(BOB, 1).await.remove(0);
    assert!(
        text(&made).contains("Game #1: you played 1. d2-d4"),
        "{made:?}"
    );
    assert_eq!(moves_of_game_1(&t.db).await, ["d2d4"]);
    let notice = s.next(CAROL, 1).await.remove(0);
    assert!(text(&notice).contains("1. d2-d4"), "{notice:?}");
    s.fake
        .push_callback(BOB, &bob, "/confirm cancel #1", held.message_id);
    let stale = s.next(BOB, 1).await.remove(0);
    assert!(text(&stale).contains(nothing_held), "{stale:?}");
    assert_eq!(moves_of_game_1(&t.db).await, ["d2d4"], "nothing changed");
    s.fake.wait_for_answers(4).await;
    let edits = s.fake.edits();
    assert_eq!(edits.len(), 4, "every press removes the buttons: {edits:?}");
    assert_eq!(edits[2].message_id, held.message_id);
    s.stop().await;
}

/// A reminder under the simulated clock: 14 days without Bob's first move,
/// the scheduler fires, the outbox delivers it to his private chat (R3.3.1).
async fn a_reminder_arrives_after_14_simulated_days(t: &TestDb) {
    let mut s = Session::start(&t.db).await;
    s.start_event().await;
    s.bot.advance_days(14);
    let reminder = s.next(BOB, 1).await.remove(0);
    assert!(text(&reminder).contains("Reminder"), "{reminder:?}");
    assert!(text(&reminder).contains("14\u{a0}days"), "{reminder:?}");
    // 50 days from the start, doubling past 20 (R3.5.3): lost at 36 days.
    assert!(
        text(&reminder).contains("Time left to think on this move: 22\u{a0}days"),
        "{reminder:?}"
    );
    s.stop().await;
}

/// Telegram answers 429 twice and 500 once: the sender gives up after its
/// two attempts, the outbox retries on the simulated clock, the reminder
/// arrives exactly once, and the game goes on.
async fn notices_survive_rate_limits_and_server_errors_exactly_once(t: &TestDb) {
    let mut s = Session::start(&t.db).await;
    s.start_event().await;
    s.fake.fail_next(2, Failure::Status429 { retry_after: 1 });
    s.fake.fail_next(1, Failure::Status500);
    s.bot.advance_days(14);
    s.fake.wait_for_failed_attempts(2).await;
    s.bot.clock.advance(chrono::TimeDelta::minutes(1));
    let reminder = s.next(BOB, 1).await.remove(0);
    assert!(text(&reminder).contains("Reminder"), "{reminder:?}");
    assert_eq!(s.fake.failed_attempts(), 3);

    s.ask(BOB, "e2-e4").await;
    let notice = s.next(CAROL, 1).await.remove(0);
    assert!(text(&notice).contains("e2-e4"), "{notice:?}");
    let reminders = s
        .fake
        .sent_to(BOB)
        .iter()
        .filter(|m| text(m).contains("Reminder"))
        .count();
    assert_eq!(reminders, 1, "{:?}", s.fake.sent_to(BOB));
    let stats = s.fake.rate_stats();
    assert_eq!(stats.requests, s.fake.sent().len() + 3, "{stats:?}");
    s.stop().await;
}

/// Telegram delivers an update again: Bob gets the stored reply once more,
/// but no second move is made and Carol is notified once.
async fn a_redelivered_update_changes_nothing(t: &TestDb) {
    let mut s = Session::start(&t.db).await;
    s.start_event().await;
    let update = s.say(BOB, "e2-e4");
    let first = s.next(BOB, 1).await.remove(0);
    s.next(CAROL, 1).await;
    s.fake.wait_for_confirmed(update).await;

    s.fake.redeliver(update);
    let again = s.next(BOB, 1).await.remove(0);
    assert_eq!(
        text(&again),
        text(&first),
        "the stored reply, not a new move"
    );
    let reply = s.ask(CAROL, "e7-e5").await;
    assert!(reply.contains("e7-e5"), "{reply}");
    s.next(BOB, 1).await;

    assert_eq!(moves_of_game_1(&t.db).await, ["e2e4", "e7e5"]);
    let carol = player_of(&t.db, CAROL).await;
    let mut tx = t.db.read().await.unwrap();
    let to_carol = tx
        .notices_to(&NoticeRecipient::Player(carol))
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let moves: Vec<_> = to_carol.iter().filter(|n| n.kind == "move_made").collect();
    assert_eq!(moves.len(), 1, "{to_carol:?}");
    s.stop().await;
}

/// Editing a message changes no move (R2.3.8): Bob edits his 1. e2-e4 into
/// d2-d4; the bot says nothing and the game keeps e2-e4.
async fn an_edited_message_changes_no_move(t: &TestDb) {
    let mut s = Session::start(&t.db).await;
    s.start_event().await;
    s.ask(BOB, "e2-e4").await;
    s.next(CAROL, 1).await;
    let edit = s
        .fake
        .push_edited_message(BOB, &Session::user(BOB), 9_999, "d2-d4");
    s.fake.wait_for_confirmed(edit).await;
    // Updates are handled in order: an answer to the edit would come first.
    let games = s.ask(BOB, "/games").await;
    assert!(games.contains("#1"), "{games}");
    assert_eq!(moves_of_game_1(&t.db).await, ["e2e4"]);
    s.stop().await;
}

/// In a group only commands are for the bot, `/cmd@thisbot` included and
/// `/cmd@otherbot` excluded; the reply goes to the group.
async fn in_a_group_only_commands_for_this_bot_are_answered(t: &TestDb) {
    let mut s = Session::start(&t.db).await;
    const GROUP: i64 = -1_000_000_000_777;
    let alice = Session::user(ALICE);
    s.fake.push_message(GROUP, &alice, "good morning, club");
    s.fake.push_message(GROUP, &alice, "/games@some_other_bot");
    s.fake
        .push_message(GROUP, &alice, "/lang@corrbot_test_bot en");
    let reply = s.next(GROUP, 1).await.remove(0);
    assert!(text(&reply).contains("English"), "{reply:?}");
    let later = s.ask(ALICE, "/help").await;
    assert!(later.contains("/move"), "{later}");
    assert_eq!(s.fake.sent_to(GROUP).len(), 1);
    s.stop().await;
}

on_both!(
    a_game_to_mate_in_private_chats_with_board_photos,
    a_draw_offered_and_accepted_with_inline_buttons,
    games_lists_the_game_to_move_with_a_board_button,
    a_game_gif_goes_out_as_an_animation,
    a_reminder_arrives_after_14_simulated_days,
    notices_survive_rate_limits_and_server_errors_exactly_once,
    a_redelivered_update_changes_nothing,
    an_edited_message_changes_no_move,
    in_a_group_only_commands_for_this_bot_are_answered,
    a_telegram_username_finds_the_one_account_that_holds_it_today,
    a_reply_to_a_board_or_notice_chooses_the_game,
    answered_buttons_are_removed_and_a_stale_press_changes_nothing,
    move_confirmation_buttons_confirm_and_cancel,
);

/// `@name` finds a Telegram user by their `@username`, whatever their
/// first name, case-insensitively; when the user changes it the new one
/// finds them and the old one nobody, and when another user takes the old
/// one it finds that user (user names move between accounts on Telegram).
async fn a_telegram_username_finds_the_one_account_that_holds_it_today(t: &TestDb) {
    let mut s = Session::start(&t.db).await;
    s.ask(ALICE, "/lang en").await;
    let mut bob = FakeUser::new(BOB, "Bob");
    bob.username = Some("bob_chess".to_owned());
    s.fake.push_message(BOB, &bob, "/games");
    s.next(BOB, 1).await;
    let found = s.ask(ALICE, "/contacts @Bob_Chess").await;
    assert!(found.contains("Bob"), "{found}");
    bob.username = Some("bohdan_k".to_owned());
    s.fake.push_message(BOB, &bob, "/games");
    s.next(BOB, 1).await;
    let renamed = s.ask(ALICE, "/contacts @bohdan_k").await;
    assert!(renamed.contains("Bob"), "{renamed}");
    let gone = s.ask(ALICE, "/contacts @bob_chess").await;
    assert!(
        gone.contains("There is no player called bob_chess"),
        "{gone}"
    );
    let mut carol = FakeUser::new(CAROL, "Carol");
    carol.username = Some("bob_chess".to_owned());
    s.fake.push_message(CAROL, &carol, "/games");
    s.next(CAROL, 1).await;
    let taken = s.ask(ALICE, "/contacts @bob_chess").await;
    assert!(taken.contains("Carol") && !taken.contains("Bob"), "{taken}");
    s.stop().await;
}
