//! A cross-platform game end to end: one player on Telegram (the real
//! teloxide client against the fake Bot API), the other on Discord (the real
//! serenity client against the fake Discord), both served by ONE app on ONE
//! database, with ONE scheduler and outbox worker routing every notice over
//! both transports, as `corrbot run` does; game time on a simulated clock;
//! on SQLite, and on PostgreSQL when `TEST_DATABASE_URL` is set.

use std::collections::HashMap;
use std::sync::Arc;

use corrbot::app::service::{App, AppConfig};
use corrbot::render::RenderCache;
use corrbot::store::{Db, GameId, GameRecord, GameStatus, Platform, PlayerId};
use corrbot::time::{Clock, SimClock};

use crate::support::db::{TestDb, on_both};
use crate::support::discord_bot::WiredBot;
use crate::support::fake_discord;
use crate::support::fake_telegram::{FakeTelegram, FakeUser, SentFile, SentKind, SentMessage};
use crate::support::telegram_bot::{self, Running, start_telegram, test_config};

/// The organizer, on Telegram: writes first, so administers.
const OKSANA: i64 = 701;
/// The Telegram player, who reads the bot in English.
const TARAS: i64 = 702;
/// The Discord player, who reads it in Ukrainian (the default).
const DANA: u64 = 6_000_001;

/// Where a player of the game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seat {
    Telegram,
    Discord,
}

impl Seat {
    fn other(self) -> Self {
        match self {
            Self::Telegram => Self::Discord,
            Self::Discord => Self::Telegram,
        }
    }
}

/// Both fakes and the one bot serving them, with how many messages each
/// Telegram chat has been read up to.
struct Cross {
    telegram: FakeTelegram,
    telegram_serving: Running,
    discord: WiredBot,
    seen: HashMap<i64, usize>,
}

impl Cross {
    /// One app, one cache, one clock; Telegram's inbound loop and the
    /// Discord bot on it; one scheduler and outbox over both transports.
    async fn start(db: &Db) -> Self {
        let clock = SimClock::new(telegram_bot::start_time());
        let shared: Arc<dyn Clock> = Arc::new(clock.clone());
        let app = App::new(db.clone(), shared.clone(), AppConfig::default());
        let cache = Arc::new(RenderCache::new(64));
        let telegram = FakeTelegram::start().await;
        let side = start_telegram(test_config(&telegram), app.clone(), shared, cache.clone()).await;
        let others = vec![side.transport];
        let discord = WiredBot::start_sharing(db.clone(), app, clock, cache, others).await;
        Self {
            telegram,
            telegram_serving: side.serving,
            discord,
            seen: HashMap::new(),
        }
    }

    fn telegram_user(id: i64) -> FakeUser {
        let name = if id == OKSANA { "Oksana" } else { "Taras" };
        FakeUser::new(id, name)
    }

    /// Waits for the next `count` messages to Telegram chat `chat`.
    async fn next(&mut self, chat: i64, count: usize) -> Vec<SentMessage> {
        let seen = self.seen.entry(chat).or_default();
        let all = self.telegram.wait_for_sent_to(chat, *seen + count).await;
        let new = all[*seen..*seen + count].to_vec();
        *seen += count;
        new
    }

    /// Telegram user `id` writes `text` privately and gets one reply.
    async fn ask(&mut self, id: i64, text: &str) -> String {
        self.telegram
            .push_message(id, &Self::telegram_user(id), text);
        let reply = self.next(id, 1).await.remove(0);
        reply.text.unwrap_or_default()
    }

    /// The reply to what Telegram user `id` just did, with the event's end
    /// announcement that the last game's end brings (R1.1): the outbox may
    /// deliver it before the reply, so the two are told apart by content.
    async fn reply_and_event_end(&mut self, id: i64) -> (SentMessage, SentMessage) {
        let two = self.next(id, 2).await;
        let (end, reply): (Vec<_>, Vec<_>) = two.into_iter().partition(|m| {
            let text = m.text.as_deref().unwrap_or_default();
            text.contains("all its games have been played")
        });
        assert_eq!((end.len(), reply.len()), (1, 1), "{end:?} {reply:?}");
        (reply[0].clone(), end[0].clone())
    }

    /// The Discord player uses `/event` with `action` and `argument`.
    async fn discord_event(&self, action: &str, argument: &str) -> String {
        let options = [("action", action), ("argument", argument)];
        let answer = self.discord.slash(DANA, "event", &options).await;
        answer.content.unwrap_or_default()
    }

    /// Oksana creates an event on Telegram, Taras joins it there, Dana by
    /// Discord's slash command, the player at `first` before the other;
    /// Oksana starts it and both players hear of it on their own platform.
    /// Returns the seat of White in game #1.
    async fn start_event(&mut self, first: Seat) -> Seat {
        let created = self.ask(OKSANA, "/event create Міст control=50/10").await;
        assert!(created.contains("Турнір #1 «Міст» створено"), "{created}");
        for seat in [first, first.other()] {
            self.join(seat).await;
        }
        let started = self.ask(OKSANA, "/event start 1").await;
        assert!(started.contains("почався"), "{started}");
        let notice = self.next(TARAS, 1).await.remove(0);
        assert!(text(&notice).contains("\"Міст\" has started"), "{notice:?}");
        self.discord
            .dm_containing(DANA, "Турнір «Міст» почався")
            .await;
        let game = game_one(db_of(self)).await;
        let taras = telegram_player(db_of(self), TARAS).await;
        let dana = self.discord.player(DANA).await;
        if game.white == taras {
            assert_eq!(game.black, dana, "{game:?}");
            Seat::Telegram
        } else {
            assert_eq!((game.white, game.black), (dana, taras), "{game:?}");
            Seat::Discord
        }
    }

    /// The player at `seat` writes to the bot for the first time (Taras
    /// switching to English) and joins event #1, on their platform.
    async fn join(&mut self, seat: Seat) {
        match seat {
            Seat::Telegram => {
                self.ask(TARAS, "/lang en").await;
                self.ask(TARAS, "/notation ukr").await;
                let joined = self.ask(TARAS, "/event join 1").await;
                assert!(joined.contains("You joined event #1"), "{joined}");
            }
            Seat::Discord => {
                let joined = self.discord_event("join", "1").await;
                assert!(joined.contains("Ви записалися на турнір #1"), "{joined}");
            }
        }
    }

    /// The player at `seat` plays `mv` on their own platform; returns the
    /// answer they get there.
    async fn play(&mut self, seat: Seat, mv: &str) -> String {
        match seat {
            Seat::Telegram => self.ask(TARAS, mv).await,
            Seat::Discord => {
                let answer = self.discord.slash(DANA, "move", &[("move", mv)]).await;
                assert!(!answer.ephemeral, "a made move is public: {answer:?}");
                answer.content.unwrap_or_default()
            }
        }
    }

    /// Waits for the Discord player's DM containing `needle`; checks the
    /// board rides along as the embed's image; returns the text.
    async fn board_dm_to_dana(&self, needle: &str) -> String {
        let notice = self.discord.dm_containing(DANA, needle).await;
        assert_eq!(notice.attachments.len(), 1, "{notice:?}");
        assert_eq!(notice.attachments[0].filename, "board.png");
        assert!(notice.attachments[0].bytes.starts_with(b"\x89PNG"));
        assert_eq!(notice.embeds[0]["image"]["url"], "attachment://board.png");
        notice.content.unwrap_or_default()
    }

    async fn stop(self) {
        self.telegram_serving.stop().await;
        drop(self.discord);
    }
}

fn db_of(cross: &Cross) -> &Db {
    &cross.discord.db
}

fn text(message: &SentMessage) -> &str {
    message.text.as_deref().unwrap_or_default()
}

/// A board photo to Taras: the image is a PNG, uploaded or reused by id.
fn assert_board_photo(notice: &SentMessage) {
    assert_eq!(notice.kind, SentKind::Photo, "{notice:?}");
    match &notice.file {
        Some(SentFile::Uploaded { bytes, .. }) => assert!(bytes.starts_with(b"\x89PNG")),
        Some(SentFile::Reused { .. }) => {}
        None => panic!("a board photo has a file: {notice:?}"),
    }
}

async fn game_one(db: &Db) -> GameRecord {
    let mut tx = db.read().await.expect("read");
    let game = tx.game(GameId(1)).await.expect("game #1");
    tx.commit().await.expect("commit");
    game
}

async fn telegram_player(db: &Db, telegram_id: i64) -> PlayerId {
    let mut tx = db.read().await.expect("read");
    let account = tx
        .account(Platform::Telegram, &telegram_id.to_string())
        .await
        .expect("account");
    tx.commit().await.expect("commit");
    account.expect("registered").player_id
}

/// Fool's mate across platforms, White at `white` (the round robin gives
/// White to the first entry; entries made at one instant go in the order
/// the players registered): each move is made on its player's platform and
/// its notice, with the board, arrives on the other one (a photo on
/// Telegram, an embed image on Discord); the mate's result reaches both;
/// nothing meant for one platform goes out on the other.
async fn fools_mate_across_platforms(t: &TestDb, white: Seat) {
    let mut s = Cross::start(&t.db).await;
    assert_eq!(
        s.start_event(white).await,
        white,
        "the first entry has White"
    );
    let plies = ["f2-f3", "e7-e5", "g2-g4"];
    for (ply, mv) in plies.into_iter().enumerate() {
        let mover = if ply.is_multiple_of(2) {
            white
        } else {
            white.other()
        };
        let reply = s.play(mover, mv).await;
        assert!(reply.contains(mv), "{reply}");
        move_notice_with_board(&mut s, mover.other(), mv).await;
    }
    mate_reaches_both(&mut s, white.other()).await;
    let game = game_one(&t.db).await;
    assert_eq!(game.status, GameStatus::Finished);
    assert_eq!(game.result_text(), Some("0-1"));
    assert_each_platform_kept_to_its_own(&s);
    s.stop().await;
}

/// The notice of `mv` reaches the opponent at `seat` with the board and
/// their turn, in their language, naming the mover.
async fn move_notice_with_board(s: &mut Cross, seat: Seat, mv: &str) {
    match seat {
        Seat::Telegram => {
            let notice = s.next(TARAS, 1).await.remove(0);
            assert_board_photo(&notice);
            let caption = text(&notice);
            assert!(
                caption.contains(&format!(". {mv}. Your move.")),
                "{caption}"
            );
        }
        Seat::Discord => {
            let caption = s.board_dm_to_dana(&format!(". {mv}. Ваш хід.")).await;
            assert!(caption.contains("Taras: "), "{caption}");
        }
    }
}

/// Black, at `black`, mates with 2... Фd8-h4#: the mover's answer and the
/// opponent's notices (the move, then the game over, with the final board)
/// carry 0-1 in each one's language.
async fn mate_reaches_both(s: &mut Cross, black: Seat) {
    match black {
        Seat::Telegram => {
            s.telegram
                .push_message(TARAS, &Cross::telegram_user(TARAS), "Фd8-h4");
            let (mate, end) = s.reply_and_event_end(TARAS).await;
            let mate = mate.text.unwrap_or_default();
            assert!(mate.contains("0-1 (checkmate)"), "{mate}");
            let end = end.text.unwrap_or_default();
            assert!(end.contains("Your result: place 1 of 2, score 1."), "{end}");
            s.board_dm_to_dana("d8-h4").await;
            let over = s.board_dm_to_dana("Партію #1 завершено").await;
            assert!(over.contains("0-1 (мат)"), "{over}");
        }
        Seat::Discord => {
            let mate = s.play(black, "Фd8-h4").await;
            assert!(mate.contains("0-1 (мат)"), "{mate}");
            let last = s.next(TARAS, 2).await;
            assert!(text(&last[0]).contains("d8-h4"), "{last:?}");
            assert!(text(&last[1]).contains("0-1 (checkmate)"), "{last:?}");
            last.iter().for_each(assert_board_photo);
        }
    }
}

/// Taras on Telegram has White, Dana mates him from Discord.
async fn fools_mate_telegram_white_discord_black(t: &TestDb) {
    fools_mate_across_platforms(t, Seat::Telegram).await;
}

/// Dana on Discord has White, Taras mates her from Telegram.
async fn fools_mate_discord_white_telegram_black(t: &TestDb) {
    fools_mate_across_platforms(t, Seat::Discord).await;
}

/// Telegram wrote only to its own users' chats, Discord's DMs only to Dana.
fn assert_each_platform_kept_to_its_own(s: &Cross) {
    let chats: Vec<i64> = s.telegram.sent().iter().map(|m| m.chat_id).collect();
    assert!(
        chats.iter().all(|chat| [OKSANA, TARAS].contains(chat)),
        "{chats:?}"
    );
    let dana = s.discord.fake.dm_channel(DANA).expect("Dana's DM");
    let messages = s.discord.fake.sent();
    let posted = messages
        .iter()
        .filter(|m| m.kind == fake_discord::SentKind::Message);
    assert!(posted.clone().all(|m| m.channel_id == dana), "{messages:?}");
    assert!(posted.count() >= 3, "the start and two move notices");
}

/// Dana offers a draw on Discord; Taras gets it on Telegram with Accept
/// and Decline buttons, presses Accept, and the agreed draw reaches Dana.
async fn a_draw_offered_on_discord_is_accepted_by_button_on_telegram(t: &TestDb) {
    let mut s = Cross::start(&t.db).await;
    let white = s.start_event(Seat::Telegram).await;
    s.play(white, "e2-e4").await;
    match white.other() {
        Seat::Telegram => drop(s.next(TARAS, 1).await),
        Seat::Discord => drop(s.board_dm_to_dana("e2-e4").await),
    }
    let offer = s.discord.slash(DANA, "draw", &[("action", "offer")]).await;
    let offered = offer.content.unwrap_or_default();
    assert!(offered.contains("нічиєї надіслано"), "{offered}");
    let notice = s.next(TARAS, 1).await.remove(0);
    assert!(text(&notice).contains("offers a draw"), "{notice:?}");
    let data: Vec<_> = notice.buttons.concat();
    let data: Vec<_> = data.iter().map(|b| b.callback_data.as_deref()).collect();
    assert_eq!(data, [Some("/draw accept #1"), Some("/draw decline #1")]);

    let user = Cross::telegram_user(TARAS);
    s.telegram
        .push_callback(TARAS, &user, "/draw accept #1", notice.message_id);
    s.telegram.wait_for_answers(1).await;
    let (reply, end) = s.reply_and_event_end(TARAS).await;
    assert!(text(&reply).contains("½-½"), "{reply:?}");
    assert!(text(&end).contains("First place shared"), "{end:?}");
    let over = s.board_dm_to_dana("за згодою").await;
    assert!(over.contains("½-½"), "{over}");
    assert_eq!(game_one(&t.db).await.result_text(), Some("1/2-1/2"));
    s.stop().await;
}

on_both!(
    fools_mate_telegram_white_discord_black,
    fools_mate_discord_white_telegram_black,
    a_draw_offered_on_discord_is_accepted_by_button_on_telegram,
);
