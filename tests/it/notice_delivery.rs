//! Every notice the app can queue goes through the outbox's own read path
//! (serialized, stored as a payload, read back, rendered for its recipient)
//! in every language on every platform; and the "notice parked" alert
//! reaches an administrator.

use chrono::{DateTime, TimeZone, Utc};
use corrbot::adapters::discord::Reply;
use corrbot::app::deliver::notice::notice_message;
use corrbot::app::i18n::Lang;
use corrbot::app::notice::{
    Answered, CaseNews, CaseNotice, Clocks, Deciders, LinkNotice, MeasureView, Notice, NoticeMove,
    PostalMoveNotice, PostalNotice, RequestNotice, ShownDate, ShownInstant, ThreadNotice,
    TurnNotice,
};
use corrbot::app::outgoing::Address;
use corrbot::core::case::CaseKind;
use corrbot::outbox::{Deliverer, Delivery, OutboxConfig, OutboxWorker, PARKED_ALERT};
use corrbot::store::*;
use serenity::builder::CreateMessage;

use crate::support::db::{TestDb, on_both};

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 5, 1, 9, 0, 0).unwrap()
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn mv() -> NoticeMove {
    NoticeMove {
        fen_before: START.into(),
        uci: "e2e4".into(),
    }
}

fn clocks() -> Clocks {
    Clocks {
        white_used: 3,
        white_left: 47,
        black_used: 1,
        black_left: 49,
    }
}

/// The index of `notice`'s variant: a match without a wildcard, so a new
/// variant of [`Notice`] does not compile until it has a sample here.
fn variant(notice: &Notice) -> usize {
    match notice {
        Notice::MoveMade { .. } => 0,
        Notice::Reminder { .. } => 1,
        Notice::ContinuationDue { .. } => 2,
        Notice::GameOver { .. } => 3,
        Notice::DrawOffered { .. } => 4,
        Notice::DrawDeclined { .. } => 5,
        Notice::ContactChanged { .. } => 6,
        Notice::EventStarted { .. } => 7,
        Notice::LeaveRegistered { .. } => 8,
        Notice::LeaveWithdrawn { .. } => 9,
        Notice::Case(_) => 10,
        Notice::Request(_) => 11,
        Notice::DeliveryFailed { .. } => 12,
        Notice::CaptainContinuationDue { .. } => 13,
        Notice::ContinuationDueViaCaptain { .. } => 14,
        Notice::TeamStarted { .. } => 15,
        Notice::Substituted { .. } => 16,
        Notice::Thread(_) => 17,
        Notice::Postal(_) => 18,
        Notice::Link(_) => 19,
        Notice::Digest { .. } => 20,
        Notice::Turn(_) => 21,
        Notice::EntryRemoved { .. } => 22,
        Notice::EventCancelled { .. } => 23,
        Notice::Batch(_) => 24,
        Notice::EntryReadmitted { .. } => 25,
        Notice::EventFinished(_) => 26,
        Notice::EventStartedFull { .. } => 27,
        Notice::Follow(_) => 28,
        Notice::Conditional(_) => 29,
        Notice::FinalStarted { .. } => 30,
        Notice::Knockout(_) => 31,
    }
}

/// How many variants [`variant`] knows.
const VARIANTS: usize = 32;

/// The opponent's move a conditional notice is about.
fn met() -> corrbot::app::notice::MetMove {
    corrbot::app::notice::MetMove {
        game: GameId(1),
        event: "Кубок".into(),
        opponent: "Анна".into(),
        number: 1,
        mv: mv(),
    }
}

fn case_notice() -> CaseNotice {
    CaseNotice {
        news: CaseNews::Ruled,
        case: CaseId(4),
        case_kind: CaseKind::Dispute,
        event: "Кубок".into(),
        game: Some(GameId(1)),
        parties: "Анна, Борис".into(),
        by: Some("Суддя".into()),
        deciders: Some(Deciders {
            names: "Віра".into(),
            administrators: false,
        }),
        text: Some("Хід зараховано.".into()),
        clocks: Some(clocks()),
        measures: vec![MeasureView::Resume { game: GameId(1) }],
        until: None,
        appeal: None,
        reporter: Some("Анна".into()),
        messages: vec![],
        moves: vec![],
    }
}

fn postal_move() -> PostalMoveNotice {
    PostalMoveNotice {
        game: GameId(2),
        event: "Поштою".into(),
        mover: "Борис".into(),
        answered: Some(Answered {
            mv: mv(),
            sent: "2026-04-01".into(),
            received: "2026-04-05".into(),
        }),
        accepted: vec![],
        mv: mv(),
        sent: "2026-04-06".into(),
        variant: vec![],
        clocks: clocks(),
        repeat: false,
        ends_game: false,
        deadline: None,
    }
}

/// One sample of every kind of notice.
fn samples() -> Vec<Notice> {
    let text = |s: &str| s.to_owned();
    vec![
        Notice::MoveMade {
            game: GameId(1),
            event: text("Кубок"),
            mover: text("Анна"),
            move_number: 1,
            mv: mv(),
            clocks: clocks(),
            ends_game: false,
            loses_at: None,
            room: None,
            ply: Some(1),
        },
        Notice::Reminder {
            game: GameId(1),
            days: 14,
            left: 36,
            loses_at: None,
            room: None,
            opponent: Some(text("Борис")),
        },
        Notice::ContinuationDue {
            game: GameId(1),
            days: 35,
            window: None,
        },
        Notice::GameOver {
            game: GameId(1),
            white: text("Анна"),
            black: text("Борис"),
            score: text("1-0"),
            reason: text("result-checkmate"),
        },
        Notice::DrawOffered {
            game: GameId(1),
            by: text("Анна"),
        },
        Notice::DrawDeclined {
            game: GameId(1),
            by: text("Борис"),
        },
        Notice::ContactChanged {
            player: text("Анна"),
            details: text("a@b.c"),
        },
        Notice::EventStarted {
            event: text("Кубок"),
            event_id: Some(EventId(1)),
            games: 3,
            list: Vec::new(),
            opening: None,
            section: None,
        },
        Notice::EntryRemoved {
            event: EventId(2),
            name: text("Кубок"),
        },
        Notice::EntryReadmitted {
            event: EventId(2),
            name: text("Кубок"),
        },
        Notice::EventCancelled {
            event: EventId(2),
            name: text("Кубок"),
        },
        Notice::EventStartedFull {
            event: EventId(2),
            name: text("Кубок"),
            games: 6,
        },
        Notice::FinalStarted {
            event: EventId(2),
            name: text("Кубок"),
            finalists: vec![text("Анна"), text("Борис")],
            list: Vec::new(),
            arbiter: false,
            early: Some(2),
        },
        Notice::Knockout(corrbot::app::notice::KnockoutNotice::MatchDecided {
            of: corrbot::app::notice::KnockoutEvent {
                event: EventId(2),
                name: text("Кубок"),
                stage: corrbot::app::notice::Stage(1),
            },
            opponent: Some(text("Борис")),
            halves: (3, 1),
            won: true,
            by: corrbot::core::tournament::knockout::Decision::Games,
            next: Some(corrbot::app::notice::Stage(0)),
        }),
        Notice::Digest {
            games: vec![corrbot::app::notice::DigestGame {
                game: GameId(1),
                opponent: text("Борис"),
                days: 3,
                loses_at: None,
                room: None,
                over: 0,
            }],
        },
        Notice::LeaveRegistered {
            player: text("Анна"),
            from: ShownInstant::new(
                Utc.with_ymd_and_hms(2026, 5, 31, 21, 0, 0).unwrap(),
                chrono_tz::Europe::Kyiv,
            )
            .into(),
            until: ShownInstant::new(
                Utc.with_ymd_and_hms(2026, 6, 10, 21, 0, 0).unwrap(),
                chrono_tz::Europe::Kyiv,
            )
            .into(),
            event: Some(text("Кубок")),
        },
        Notice::LeaveWithdrawn {
            player: text("Анна"),
            // As stored by a version that kept the date as text.
            from: ShownDate::Text(text("2026-06-01 00:00 Europe/Kyiv")),
            ended_at: None,
        },
        Notice::Case(case_notice()),
        Notice::Request(RequestNotice {
            request: RequestId(2),
            event: text("Кубок"),
            from: text("Суддя"),
            text: text("Надішліть бланк."),
            answer: false,
            window: None,
        }),
        Notice::DeliveryFailed {
            recipient: text("player:1"),
            notice_kind: text("move_made"),
            notice_id: NoticeId(7),
            attempts: 8,
            error: text("timeout"),
        },
        Notice::CaptainContinuationDue {
            game: GameId(1),
            player: text("Анна"),
            days: 35,
        },
        Notice::ContinuationDueViaCaptain {
            game: GameId(1),
            days: 35,
            captain: text("Борис"),
            window: None,
        },
        Notice::TeamStarted {
            event: text("Ліга"),
            team: text("Сокіл"),
            number: TeamId(1),
            games: 4,
        },
        Notice::Substituted {
            team: text("Сокіл"),
            board: 2,
            outgoing: text("Анна"),
            incoming: text("Віра"),
            games: 1,
        },
        Notice::Thread(ThreadNotice::Started {
            game: GameId(1),
            event: text("Кубок"),
            white: text("Анна"),
            black: text("Борис"),
        }),
        Notice::Postal(PostalNotice::Move(Box::new(postal_move()))),
        Notice::Follow(corrbot::app::notice::FollowNotice::Ended {
            of: corrbot::app::notice::FollowedGame {
                game: GameId(1),
                event: text("Кубок"),
                white: text("Анна"),
                black: text("Борис"),
            },
            score: "1-0".into(),
            reason: "result-resignation".into(),
        }),
        Notice::Conditional(corrbot::app::notice::ConditionalNotice::Played {
            met: met(),
            number: 1,
            reply: NoticeMove {
                fen_before: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".into(),
                uci: "e7e5".into(),
            },
            ply: 2,
            ends_game: false,
            pending: 1,
            left: 1,
        }),
        Notice::Conditional(corrbot::app::notice::ConditionalNotice::Left {
            met: met(),
            lines: 2,
            on_leave: false,
        }),
        Notice::Link(LinkNotice {
            platform: "telegram".into(),
            name: "Анна".into(),
            code: "K7Q2-9XWD".into(),
            minutes: 15,
        }),
        Notice::Turn(TurnNotice::OpponentMessage {
            game: GameId(1),
            from: text("Анна"),
            text: text("Гарної партії!"),
        }),
        Notice::Turn(TurnNotice::ContinuationGiven {
            game: GameId(1),
            player: text("Борис"),
        }),
        Notice::Batch(corrbot::app::notice::NoticeBatch {
            items: vec![
                Notice::Reminder {
                    game: GameId(1),
                    days: 14,
                    left: 36,
                    loses_at: None,
                    room: None,
                    opponent: Some(text("Борис")),
                },
                Notice::ContinuationDue {
                    game: GameId(2),
                    days: 35,
                    window: None,
                },
            ],
        }),
        Notice::EventFinished(corrbot::app::notice::EventEnd {
            event: EventId(1),
            name: text("Кубок"),
            lines: vec![corrbot::app::notice::FinalLine {
                place: "1".into(),
                first: true,
                name: text("Анна"),
                points: "1".into(),
                board_points: None,
            }],
            tie_break: None,
            own: Some(corrbot::app::notice::OwnResult {
                place: "1".into(),
                points: "1".into(),
                rating: Some(12),
                team: None,
            }),
            team: false,
        }),
        // A team event's end: teams with match and board points (R3.1.3).
        Notice::EventFinished(corrbot::app::notice::EventEnd {
            event: EventId(2),
            name: text("Матч"),
            lines: vec![corrbot::app::notice::FinalLine {
                place: "1".into(),
                first: true,
                name: text("Леви"),
                points: "2".into(),
                board_points: Some("1½".into()),
            }],
            tie_break: Some("tie-break-team-board".into()),
            own: Some(corrbot::app::notice::OwnResult {
                place: "1".into(),
                points: "1".into(),
                rating: None,
                team: Some(corrbot::app::notice::OwnTeam {
                    name: text("Леви"),
                    games: 1,
                }),
            }),
            team: true,
        }),
    ]
}

#[test]
fn the_samples_cover_every_notice_variant() {
    let mut seen: Vec<usize> = samples().iter().map(variant).collect();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen, (0..VARIANTS).collect::<Vec<_>>());
}

/// A player speaking `lang` with one account, on `platform`.
async fn player(db: &Db, name: &str, lang: Lang, platform: Platform) -> PlayerId {
    let mut tx = db.begin().await.unwrap();
    let new = NewPlayer {
        display_name: name.to_owned(),
        language: lang.code().to_owned(),
        notation: "san".to_owned(),
        at: t0(),
    };
    let player = tx.create_player(&new).await.unwrap();
    tx.link_account(player.id, platform, name, Some(name), Some(name), t0())
        .await
        .unwrap();
    tx.commit().await.unwrap();
    player.id
}

/// Stores `notice` for `recipient` and reads it back from the outbox.
async fn stored(db: &Db, recipient: &NoticeRecipient, notice: &Notice) -> OutboxNotice {
    let payload = serde_json::to_value(notice).unwrap();
    let mut tx = db.begin().await.unwrap();
    let id = tx
        .enqueue_notice(recipient, notice.kind(), &payload, t0())
        .await
        .unwrap();
    let back = tx.notices_to(recipient).await.unwrap();
    tx.commit().await.unwrap();
    back.into_iter().find(|n| n.id == id).expect("stored")
}

async fn every_notice_is_rendered_from_the_outbox(t: &TestDb) {
    let platforms = [Platform::Console, Platform::Telegram, Platform::Discord];
    for platform in platforms {
        for lang in Lang::ALL {
            let name = format!("p_{}_{}", platform.as_str(), lang.code());
            let id = player(&t.db, &name, lang, platform).await;
            for notice in samples() {
                let row = stored(&t.db, &NoticeRecipient::Player(id), &notice).await;
                let found = notice_message(&t.db, &row, &platforms).await;
                let (address, message) = found
                    .unwrap_or_else(|e| panic!("{}: {e:#}", notice.kind()))
                    .unwrap_or_else(|| panic!("{}: no address", notice.kind()));
                assert_eq!(address.platform(), platform, "{}", notice.kind());
                let text = &message.text;
                let what = format!("{} {platform:?} {lang:?}: {text}", notice.kind());
                assert!(!text.trim().is_empty(), "{what}");
                assert!(!text.contains('{') && !text.contains("notice-"), "{what}");
                if platform == Platform::Discord {
                    let parts = Reply::from(message.clone()).messages::<CreateMessage>();
                    let content = serde_json::to_value(&parts[0]).expect("serializes");
                    let content = content["content"].as_str().unwrap_or_default();
                    assert!(!content.is_empty(), "{what}");
                }
            }
        }
    }
}

/// Fails every notice to one player for good; renders every other one
/// through the outbox's read path, as the router does.
struct FailsFor {
    db: Db,
    unreachable: NoticeRecipient,
    told: std::sync::Mutex<Vec<(Address, String)>>,
}

impl Deliverer for FailsFor {
    async fn deliver(&self, notice: &OutboxNotice) -> Delivery {
        if notice.recipient == self.unreachable {
            return Delivery::Permanent {
                error: "bot blocked".into(),
            };
        }
        match notice_message(&self.db, notice, &[Platform::Console]).await {
            Ok(Some((address, message))) => {
                self.told.lock().unwrap().push((address, message.text));
                Delivery::Delivered
            }
            Ok(None) => Delivery::Permanent {
                error: "no account".into(),
            },
            Err(error) => Delivery::Retry {
                error: format!("{error:#}"),
                retry_after: None,
            },
        }
    }
}

async fn the_parked_alert_reaches_an_administrator(t: &TestDb) {
    let admin = player(&t.db, "root", Lang::En, Platform::Console).await;
    let mut tx = t.db.begin().await.unwrap();
    tx.grant_role(admin, Role::Administrator, None, t0())
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let ann = player(&t.db, "ann", Lang::Uk, Platform::Console).await;
    let unreachable = NoticeRecipient::Player(ann);
    stored(&t.db, &unreachable, &samples()[1]).await;
    let deliverer = FailsFor {
        db: t.db.clone(),
        unreachable,
        told: Default::default(),
    };
    let worker = OutboxWorker::new(t.db.clone(), deliverer, OutboxConfig::default());
    let report = worker.poll(t0()).await.unwrap();
    assert_eq!((report.parked, report.delivered), (1, 1), "{report:?}");
    let told = worker.deliverer().told.lock().unwrap().clone();
    assert_eq!(told.len(), 1, "{told:?}");
    let (address, text) = &told[0];
    assert!(
        matches!(address, Address::User { user_id, .. } if user_id == "root"),
        "{address:?}"
    );
    assert!(text.contains("reminder"), "{text}");
    let mut tx = t.db.read().await.unwrap();
    let alerts = tx
        .notices_to(&NoticeRecipient::Administrator)
        .await
        .unwrap();
    assert_eq!(alerts[0].kind, PARKED_ALERT);
    assert_eq!(alerts[0].status, NoticeStatus::Delivered);
}

on_both!(
    every_notice_is_rendered_from_the_outbox,
    the_parked_alert_reaches_an_administrator
);

/// A move's notice delivered only after the next move (rate limits, a
/// parked retry) still shows the position after its own move (R3.2.2):
/// the board `corrbot render` draws of that position, not the current one.
#[tokio::test]
async fn a_late_move_notice_shows_the_board_of_its_move() {
    use corrbot::app::deliver::image::render_image;
    use corrbot::app::outgoing::ImageRef;
    use corrbot::render::cli::{RenderArgs, options_from};
    use corrbot::render::{RenderCache, Theme, render_board};
    use corrbot::time::Clock;

    let mut w = crate::support::world::World::sqlite().await;
    w.event("Cup", &["bob", "carol"]).await;
    w.say("@bob: e2-e4").await;
    w.say("@carol: e7-e5").await;
    let carol = w.game(1).await.black;
    let mut tx = w.db.begin().await.unwrap();
    let notices = tx
        .notices_to(&NoticeRecipient::Player(carol))
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let first = notices
        .iter()
        .find(|notice| notice.kind == "move_made")
        .expect("bob's move reached carol");
    let (_, message) = notice_message(&w.db, first, &[Platform::Console])
        .await
        .unwrap()
        .expect("a message for carol");
    let image = message.image.expect("a board");
    let cache = std::sync::Arc::new(RenderCache::new(8));
    let now = w.clock.now();
    let late = render_image(&w.db, &image, &cache, now).await.unwrap();
    let args = RenderArgs {
        fen: Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".into()),
        gif: false,
        pgn: None,
        theme: Theme::default(),
        last_move: Some("e2e4".into()),
        flip: true,
        white: Some("bob".into()),
        black: Some("carol".into()),
        white_days: None,
        black_days: None,
        event: Some("Cup".into()),
        english: true,
        width: corrbot::render::DEFAULT_BOARD_WIDTH,
        out: None,
    };
    let (board, options) = options_from(&args).unwrap();
    assert!(
        late.png[..] == render_board(&board, &options)[..],
        "the late notice's board is the position after 1. e4"
    );
    let ImageRef::Board {
        game, viewer, lang, ..
    } = image
    else {
        panic!("not a board: {image:?}")
    };
    let current = ImageRef::Board {
        game,
        viewer,
        lang,
        ply: None,
    };
    let now_png = render_image(&w.db, &current, &cache, now).await.unwrap();
    assert!(late.png[..] != now_png.png[..], "not the current position");
    w.finish().await;
}
