use crate::app::notice::*;
use crate::store::{EventId, GameId, NoticeId};

fn move_made() -> Notice {
    Notice::MoveMade {
        game: GameId(7),
        event: "Кубок".into(),
        mover: "Анна".into(),
        move_number: 1,
        mv: NoticeMove {
            fen_before: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            uci: "g1f3".into(),
        },
        clocks: Clocks {
            white_used: 3,
            white_left: 47,
            black_used: 0,
            black_left: 50,
        },
        ends_game: false,
        loses_at: None,
        room: None,
        ply: None,
    }
}

#[test]
fn a_move_that_ends_the_game_asks_for_no_reply() {
    let Notice::MoveMade {
        game,
        event,
        mover,
        move_number,
        mv,
        clocks,
        ..
    } = move_made()
    else {
        unreachable!()
    };
    let last = Notice::MoveMade {
        game,
        event,
        mover,
        move_number,
        mv,
        clocks,
        ends_game: true,
        loses_at: None,
        room: None,
        ply: None,
    };
    for lang in Lang::ALL {
        let asks = move_made().text(lang, Notation::San);
        let final_text = last.text(lang, Notation::San);
        assert_ne!(asks, final_text);
        assert!(final_text.contains("Nf3"), "{final_text}");
    }
    assert!(!last.text(Lang::En, Notation::San).contains("Your move"));
    assert!(!last.text(Lang::Uk, Notation::San).contains("Ваш хід"));
}

#[test]
fn a_move_notice_shows_the_move_in_the_recipients_notation() {
    let notice = move_made();
    let uk = notice.text(Lang::Uk, Notation::UkrainianFull);
    assert!(uk.contains("Кg1-f3"), "{uk}");
    assert!(uk.contains("47\u{a0}днів"), "{uk}");
    let en = notice.text(Lang::En, Notation::San);
    assert!(en.contains("Nf3"), "{en}");
    assert_ne!(uk, en);
}

#[test]
fn notices_serialize_with_their_kind() {
    let json = serde_json::to_value(move_made()).unwrap();
    assert_eq!(json["kind"], "move_made");
    let back: Notice = serde_json::from_value(json).unwrap();
    assert_eq!(back, move_made());
}

/// Notices stored while their ids were raw integers read back as the
/// typed ids, and write the same JSON again: the ids are transparent.
#[test]
fn notices_stored_with_raw_ids_read_back_unchanged() {
    let stored = [
        r#"{"kind":"move_made","game":7,"event":"Кубок","mover":"Анна","move_number":1,"mv":{"fen_before":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","uci":"g1f3"},"clocks":{"white_used":3,"white_left":47,"black_used":0,"black_left":50},"ends_game":false}"#,
        r#"{"kind":"event_cancelled","event":12,"name":"Осінь"}"#,
        r#"{"kind":"event_started","event":"Осінь","event_id":12,"games":2}"#,
        r#"{"kind":"team_started","event":"Осінь","team":"Ліхтарі","number":5,"games":4}"#,
        r#"{"kind":"delivery_failed","recipient":"Анна","notice_kind":"reminder","notice_id":40,"attempts":3,"error":"403"}"#,
    ];
    for json in stored {
        let notice: Notice = serde_json::from_str(json).unwrap_or_else(|e| panic!("{json}: {e}"));
        let again: serde_json::Value = serde_json::to_value(&notice).unwrap();
        let before: serde_json::Value = serde_json::from_str(json).unwrap();
        assert_eq!(again, before, "{json}");
    }
    let read: Notice = serde_json::from_str(stored[0]).unwrap();
    assert_eq!(read, move_made());
    let Ok(Notice::EventCancelled { event, .. }) = serde_json::from_str(stored[1]) else {
        panic!("an event's cancellation");
    };
    assert_eq!(event, EventId(12));
}

#[test]
fn every_notice_renders_without_missing_messages_in_both_languages() {
    let notices = vec![
        move_made(),
        Notice::Reminder {
            game: GameId(1),
            days: 14,
            left: 36,
            loses_at: None,
            room: None,
            opponent: None,
        },
        Notice::ContinuationDue {
            game: GameId(1),
            days: 35,
            window: None,
        },
        Notice::GameOver {
            game: GameId(1),
            white: "А".into(),
            black: "Б".into(),
            score: "1-0".into(),
            reason: "result-checkmate".into(),
        },
        Notice::DrawOffered {
            game: GameId(1),
            by: "А".into(),
        },
        Notice::DrawDeclined {
            game: GameId(1),
            by: "Б".into(),
        },
        Notice::ContactChanged {
            player: "А".into(),
            details: "a@b.c".into(),
        },
        Notice::EntryRemoved {
            event: EventId(2),
            name: "Кубок".into(),
        },
        Notice::EntryReadmitted {
            event: EventId(2),
            name: "Кубок".into(),
        },
        Notice::EventCancelled {
            event: EventId(2),
            name: "Кубок".into(),
        },
        Notice::EventStartedFull {
            event: EventId(2),
            name: "Кубок".into(),
            games: 6,
        },
        Notice::FinalStarted {
            event: EventId(2),
            name: "Кубок".into(),
            finalists: vec!["А".into(), "Б".into()],
            list: vec![StartedGame {
                game: GameId(5),
                opponent: "Б".into(),
                white: false,
            }],
            arbiter: false,
            early: None,
        },
        Notice::FinalStarted {
            event: EventId(2),
            name: "Кубок".into(),
            finalists: vec!["А".into(), "Б".into()],
            list: Vec::new(),
            arbiter: true,
            early: None,
        },
        Notice::FinalStarted {
            event: EventId(2),
            name: "Кубок".into(),
            finalists: vec!["А".into(), "Б".into()],
            list: Vec::new(),
            arbiter: false,
            early: Some(3),
        },
        Notice::EventStarted {
            event: "Кубок".into(),
            event_id: Some(EventId(2)),
            games: 3,
            list: vec![StartedGame {
                game: GameId(4),
                opponent: "Б".into(),
                white: true,
            }],
            opening: Some(crate::core::opening::Opening {
                fen: None,
                moves: vec!["e2e4".into(), "c7c5".into()],
            }),
            section: Some(2),
        },
        Notice::Digest {
            games: vec![DigestGame {
                game: GameId(4),
                opponent: "Б".into(),
                days: 3,
                loses_at: None,
                over: 0,
                room: None,
            }],
        },
        Notice::Digest {
            games: vec![DigestGame {
                game: GameId(4),
                opponent: "Б".into(),
                days: 3,
                loses_at: Some(shown(10)),
                over: 0,
                room: Some(Room {
                    days: 33,
                    doubling: Some(20),
                }),
            }],
        },
        Notice::ContinuationDue {
            game: GameId(1),
            days: 35,
            window: Some(Window::new(shown(10), Some(shown(6)))),
        },
        Notice::ContinuationDueViaCaptain {
            game: GameId(1),
            days: 35,
            captain: "В".into(),
            window: Some(Window::new(shown(10), Some(shown(6)))),
        },
        Notice::ContinuationDueViaCaptain {
            game: GameId(1),
            days: 35,
            captain: "В".into(),
            window: Some(Window::new(shown(10), None)),
        },
        Notice::DeliveryFailed {
            recipient: "А".into(),
            notice_kind: "reminder".into(),
            notice_id: NoticeId(3),
            attempts: 8,
            error: "timeout".into(),
        },
        Notice::LeaveRegistered {
            player: "А".into(),
            from: kyiv(2026, 2, 1, 0),
            until: kyiv(2026, 2, 11, 0),
            event: Some("Кубок".into()),
        },
        Notice::LeaveRegistered {
            player: "А".into(),
            from: kyiv(2026, 2, 1, 0),
            until: kyiv(2026, 2, 11, 0),
            event: None,
        },
        Notice::LeaveWithdrawn {
            player: "А".into(),
            from: kyiv(2026, 2, 1, 0),
            ended_at: None,
        },
        Notice::LeaveWithdrawn {
            player: "А".into(),
            from: kyiv(2026, 2, 1, 0),
            ended_at: Some(kyiv(2026, 2, 3, 10)),
        },
    ];
    for notice in notices {
        for lang in Lang::ALL {
            let text = notice.text(lang, Notation::UkrainianFull);
            assert!(!text.contains('['), "{}: {text}", notice.kind());
            assert!(!text.contains("{"), "{}: {text}", notice.kind());
        }
    }
}

#[test]
fn the_reminder_uses_plural_forms() {
    let text = Notice::Reminder {
        game: GameId(2),
        days: 28,
        left: 22,
        loses_at: None,
        room: None,
        opponent: None,
    }
    .text(Lang::Uk, Notation::San);
    assert!(text.contains("28\u{a0}днів"), "{text}");
    assert!(text.contains("22\u{a0}дні"), "{text}");
}

#[test]
fn an_overstepped_clock_reads_as_exceeded_never_as_a_negative_count() {
    let clocks = Clocks {
        white_used: 59,
        white_left: -9,
        black_used: 3,
        black_left: 47,
    };
    let uk = clocks_text(Lang::Uk, &clocks);
    assert!(uk.contains("час прострочено на 9\u{a0}днів"), "{uk}");
    assert!(!uk.contains('-'), "{uk}");
    let en = clocks_text(Lang::En, &clocks);
    assert!(en.contains("time exceeded by 9\u{a0}days"), "{en}");
    assert!(en.contains("47\u{a0}days left"), "{en}");
}

/// R3.5.7, R3.5.3: a reminder and a move notice name the last minute in
/// which the move still counts and the days left to think on it, with
/// the doubling said in words.
#[test]
fn a_reminder_and_a_move_notice_show_the_last_minute_and_the_room() {
    use chrono::TimeZone;
    let at = chrono::Utc.with_ymd_and_hms(2026, 2, 10, 7, 0, 0).unwrap();
    let shown = ShownInstant::new(at, chrono_tz::Europe::Kyiv);
    let room = Some(Room {
        days: 22,
        doubling: Some(20),
    });
    let reminder = Notice::Reminder {
        game: GameId(3),
        days: 14,
        left: 36,
        loses_at: Some(shown.clone()),
        room,
        opponent: None,
    };
    let uk = reminder.text(Lang::Uk, Notation::UkrainianFull);
    assert!(uk.starts_with("Нагадування:"), "{uk}");
    assert!(
        uk.contains("не пізніше 10.02.2026\u{a0}о\u{a0}08:59 (Київ)"),
        "{uk}"
    );
    assert!(
        uk.contains(
            "є ще 22\u{a0}дні (після 20\u{a0}днів на одному ході кожен день рахується за два)"
        ),
        "{uk}"
    );
    let mut notice = move_made();
    if let Notice::MoveMade {
        loses_at,
        room: shown_room,
        ..
    } = &mut notice
    {
        *loses_at = Some(shown);
        *shown_room = room;
    }
    let en = notice.text(Lang::En, Notation::San);
    assert!(
        en.contains("Time left to think on this move: 22\u{a0}days (each day past 20\u{a0}days on one move counts double)."),
        "{en}"
    );
    assert!(
        en.contains(
            "Move by 10.02.2026\u{a0}08:59 (Kyiv) at the latest, or the game is lost on time."
        ),
        "{en}"
    );
}

/// An instant at `hour`:00 of a Kyiv date, as a leave notice keeps it.
fn kyiv(year: i32, month: u32, day: u32, hour: u32) -> ShownDate {
    use chrono::TimeZone;
    let local = chrono_tz::Europe::Kyiv
        .with_ymd_and_hms(year, month, day, hour, 0, 0)
        .unwrap();
    ShownInstant::new(local.with_timezone(&chrono::Utc), chrono_tz::Europe::Kyiv).into()
}

#[test]
fn leave_notices_show_dates_in_the_readers_language() {
    let notice = Notice::LeaveRegistered {
        player: "Олена".into(),
        from: kyiv(2026, 2, 1, 0),
        until: kyiv(2026, 2, 11, 0),
        event: None,
    };
    let uk = notice.text(Lang::Uk, Notation::UkrainianFull);
    assert!(uk.contains("з 01.02.2026 по 10.02.2026 включно"), "{uk}");
    assert!(!uk.contains("Europe/Kyiv"), "{uk}");
    let en = notice.text(Lang::En, Notation::San);
    assert!(
        en.contains("from 01.02.2026 to 10.02.2026 inclusive"),
        "{en}"
    );
}

/// The game's last moves in a case: shown in the event's zone, named in
/// the reader's language; a case stored before the moves kept their
/// instants still shows its lines as they were written.
#[test]
fn a_cases_last_moves_are_shown_in_the_events_zone_in_the_readers_language() {
    use chrono::TimeZone;
    let at = chrono::Utc.with_ymd_and_hms(2026, 7, 5, 9, 0, 0).unwrap();
    let sent = SentMove {
        at: ShownInstant::new(at, chrono_tz::Europe::Kyiv),
        mover: "Анна".into(),
        text: "Кg1-f3".into(),
    };
    let older = ["2026-01-05 09:00 UTC Борис: «e2-e4»".to_owned()];
    let uk = last_messages_lines(Lang::Uk, &older, std::slice::from_ref(&sent));
    assert_eq!(
        uk,
        [
            "Останні повідомлення в партії:",
            "  2026-01-05 09:00 UTC Борис: «e2-e4»",
            "  05.07.2026\u{a0}о\u{a0}12:00 (Київ) Анна: «Кg1-f3»",
        ]
    );
    let en = last_messages_lines(Lang::En, &[], &[sent]);
    assert_eq!(en[1], "  05.07.2026\u{a0}12:00 (Kyiv) Анна: \"Кg1-f3\"");
    assert!(last_messages_lines(Lang::En, &[], &[]).is_empty());
}

/// 2026-02-`day` 07:00 UTC, shown in Kyiv.
fn shown(day: u32) -> ShownInstant {
    use chrono::TimeZone;
    let at = chrono::Utc.with_ymd_and_hms(2026, 2, day, 7, 0, 0).unwrap();
    ShownInstant::new(at, chrono_tz::Europe::Kyiv)
}

/// R3.3.2, R3.5.7: a 35-day notice whose player loses on time before the
/// 5 days end names the loss first and says it comes first.
#[test]
fn the_continuation_notice_names_the_loss_when_it_comes_first() {
    let notice = |loss: Option<ShownInstant>| Notice::ContinuationDue {
        game: GameId(7),
        days: 35,
        window: Some(Window::new(shown(10), loss)),
    };
    let first = notice(Some(shown(6))).text(Lang::En, Notation::San);
    assert!(
        first.contains(
            "Your time runs out first: move by 06.02.2026\u{a0}08:59 (Kyiv) at the latest"
        ),
        "{first}"
    );
    assert!(
        first.contains("sooner than 10.02.2026\u{a0}08:59 (Kyiv)"),
        "{first}"
    );
    let uk = notice(Some(shown(6))).text(Lang::Uk, Notation::UkrainianFull);
    assert!(uk.contains("Першим спливає ваш час"), "{uk}");
    let later = notice(Some(shown(20))).text(Lang::En, Notation::San);
    assert!(
        later.contains("by 10.02.2026\u{a0}08:59 (Kyiv) at the latest that you mean to continue"),
        "{later}"
    );
    assert!(!later.contains("lost on time"), "{later}");
}

/// The move notice says «Шах.» or «Мат.» in words after a move that gives
/// check or mate, whatever the reader's notation, so the defender is told;
/// a quiet move has neither.
#[test]
fn a_move_notice_tells_the_defender_of_check_and_mate() {
    let with_move = |fen: &str, uci: &str, ends_game: bool| {
        let Notice::MoveMade {
            game,
            event,
            mover,
            move_number,
            clocks,
            ..
        } = move_made()
        else {
            unreachable!()
        };
        Notice::MoveMade {
            game,
            event,
            mover,
            move_number,
            mv: NoticeMove {
                fen_before: fen.into(),
                uci: uci.into(),
            },
            clocks,
            ends_game,
            loses_at: None,
            room: None,
            ply: None,
        }
    };
    let check = with_move(
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        "f1b5",
        false,
    );
    let uk = check.text(Lang::Uk, Notation::UkrainianFull);
    assert!(uk.contains("Сf1-b5. Шах. Ваш хід."), "{uk}");
    let en = check.text(Lang::En, Notation::San);
    assert!(en.contains("Bb5. Check. Your move."), "{en}");
    let mate = with_move(
        "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
        "d8h4",
        true,
    );
    let uk = mate.text(Lang::Uk, Notation::UkrainianFull);
    assert!(uk.contains("Мат."), "{uk}");
    let en = mate.text(Lang::En, Notation::San);
    assert!(en.contains("Qh4. Checkmate."), "{en}");
    assert!(!en.contains("Your move"), "{en}");
    let quiet = move_made().text(Lang::Uk, Notation::UkrainianFull);
    assert!(!quiet.contains("Шах") && !quiet.contains("Мат"), "{quiet}");
}
