use crate::app::command::*;

fn ok(text: &str) -> Command {
    parse(text).unwrap_or_else(|error| panic!("{text:?}: {error}"))
}

#[test]
fn a_bare_move_is_a_move_without_a_game() {
    assert_eq!(
        ok("e2-e4"),
        Command::Move {
            game: None,
            text: "e2-e4".into()
        }
    );
    assert_eq!(
        ok("  Кg1-f3  "),
        Command::Move {
            game: None,
            text: "Кg1-f3".into()
        }
    );
}

#[test]
fn move_takes_an_optional_game_number() {
    assert_eq!(
        ok("/move #12 e2-e4"),
        Command::Move {
            game: Some(GameId(12)),
            text: "e2-e4".into()
        }
    );
    assert_eq!(
        ok("/move 7 0-0"),
        Command::Move {
            game: Some(GameId(7)),
            text: "0-0".into()
        }
    );
    assert_eq!(
        ok("/хід e7-e5"),
        Command::Move {
            game: None,
            text: "e7-e5".into()
        }
    );
    assert!(matches!(
        parse("/move"),
        Err(CommandError::Missing {
            argument: "move",
            ..
        })
    ));
}

#[test]
fn telegram_bot_suffix_and_case_are_ignored() {
    assert_eq!(ok("/Games@corrbot"), Command::Games { all: false });
    assert_eq!(ok("/ПАРТІЇ"), Command::Games { all: false });
    assert_eq!(ok("/games all"), Command::Games { all: true });
    assert_eq!(ok("/партії усі"), Command::Games { all: true });
    assert_eq!(
        ok("/timezone Europe/Kyiv"),
        Command::Timezone {
            zone: Some("Europe/Kyiv".into())
        }
    );
    assert_eq!(ok("/пояс"), Command::Timezone { zone: None });
    assert_eq!(ok("/digest on"), Command::Digest { on: true });
    assert_eq!(ok("/зведення вимкнути"), Command::Digest { on: false });
}

#[test]
fn unknown_slash_commands_are_refused() {
    assert_eq!(
        parse("/fly"),
        Err(CommandError::Unknown {
            word: "/fly".into()
        })
    );
}

#[test]
fn empty_and_oversized_texts_are_refused() {
    assert_eq!(parse("   "), Err(CommandError::Empty));
    let long = "a".repeat(MAX_TEXT_CHARS + 1);
    assert_eq!(
        parse(&long),
        Err(CommandError::TooLong {
            chars: MAX_TEXT_CHARS + 1
        })
    );
}

#[test]
fn event_create_reads_name_and_settings() {
    let command = ok("/event create Кубок клубу 2026 rules=postal rounds=2");
    let expected = EventCommand::Create {
        name: "Кубок клубу 2026".into(),
        settings: vec![
            ("rules".into(), "postal".into()),
            ("rounds".into(), "2".into()),
        ],
    };
    assert_eq!(command, Command::Event(expected));
    assert!(matches!(
        parse("/event create rules=postal"),
        Err(CommandError::Missing { .. })
    ));
    assert!(matches!(
        parse("/event create A rules=postal B"),
        Err(CommandError::Invalid {
            argument: "setting",
            ..
        })
    ));
}

#[test]
fn event_actions_need_a_number() {
    assert_eq!(
        ok("/event join #3"),
        Command::Event(EventCommand::Join { event: EventId(3) })
    );
    assert_eq!(
        ok("/турнір почати 4"),
        Command::Event(EventCommand::Start { event: EventId(4) })
    );
    assert_eq!(
        ok("/event final #4"),
        Command::Event(EventCommand::Final { event: EventId(4) })
    );
    assert_eq!(
        ok("/турнір фінал 4"),
        Command::Event(EventCommand::Final { event: EventId(4) })
    );
    assert!(matches!(
        parse("/event join"),
        Err(CommandError::Missing {
            argument: "event",
            ..
        })
    ));
    assert!(matches!(
        parse("/event final"),
        Err(CommandError::Missing {
            argument: "event",
            ..
        })
    ));
    assert!(matches!(
        parse("/event join x"),
        Err(CommandError::Invalid {
            argument: "event",
            ..
        })
    ));
    assert!(matches!(
        parse("/event dance 1"),
        Err(CommandError::Invalid {
            argument: "action",
            ..
        })
    ));
}

#[test]
fn draw_offer_is_the_default_action() {
    assert_eq!(
        ok("/draw"),
        Command::Draw {
            action: DrawAction::Offer,
            game: None
        }
    );
    assert_eq!(
        ok("/draw 5"),
        Command::Draw {
            action: DrawAction::Offer,
            game: Some(GameId(5))
        }
    );
    assert_eq!(
        ok("/draw accept #5"),
        Command::Draw {
            action: DrawAction::Accept,
            game: Some(GameId(5))
        }
    );
    assert_eq!(
        ok("/нічия відхилити"),
        Command::Draw {
            action: DrawAction::Decline,
            game: None
        }
    );
}

#[test]
fn claims_carry_an_optional_declared_move() {
    assert_eq!(
        ok("/claim repetition #2 Кg1-f3"),
        Command::Claim {
            kind: ClaimKind::Repetition,
            game: Some(GameId(2)),
            declared_move: Some("Кg1-f3".into())
        }
    );
    assert_eq!(
        ok("/claim 50"),
        Command::Claim {
            kind: ClaimKind::FiftyMoves,
            game: None,
            declared_move: None
        }
    );
}

#[test]
fn resignation_needs_confirmation() {
    assert_eq!(
        ok("/resign 3"),
        Command::Resign {
            game: Some(GameId(3)),
            confirmed: false
        }
    );
    assert_eq!(
        ok("/resign 3 confirm"),
        Command::Resign {
            game: Some(GameId(3)),
            confirmed: true
        }
    );
    assert_eq!(
        ok("/здатися так"),
        Command::Resign {
            game: None,
            confirmed: true
        }
    );
}

#[test]
fn leave_commands() {
    assert_eq!(ok("/leave"), Command::Leave(LeaveCommand::List));
    assert_eq!(
        ok("/leave add 2026-12-01 10"),
        Command::Leave(LeaveCommand::Add {
            start: "2026-12-01".into(),
            days: "10".into(),
            event: None
        })
    );
    assert_eq!(
        ok("/leave cancel 2"),
        Command::Leave(LeaveCommand::Cancel { leave: LeaveId(2) })
    );
    assert!(matches!(
        parse("/leave add 2026-12-01"),
        Err(CommandError::Missing {
            argument: "days",
            ..
        })
    ));
}

#[test]
fn contacts_set_and_clear() {
    assert_eq!(
        ok("/contact email anna@example.org"),
        Command::SetContact {
            field: ContactField::Email,
            value: Some("anna@example.org".into())
        }
    );
    assert_eq!(
        ok("/contact address -"),
        Command::SetContact {
            field: ContactField::Address,
            value: None
        }
    );
    assert!(matches!(
        parse("/contact phone 1"),
        Err(CommandError::Invalid { .. })
    ));
}

#[test]
fn pgn_of_a_game_or_an_event() {
    assert_eq!(
        ok("/pgn"),
        Command::Pgn {
            target: PgnTarget::Game(None)
        }
    );
    assert_eq!(
        ok("/pgn 4"),
        Command::Pgn {
            target: PgnTarget::Game(Some(GameId(4)))
        }
    );
    assert_eq!(
        ok("/pgn event 2"),
        Command::Pgn {
            target: PgnTarget::Event(EventId(2))
        }
    );
}

#[test]
fn every_command_word_reads_back_from_each_spelling() {
    for word in CommandWord::all() {
        for spelling in word.spellings() {
            assert_eq!(CommandWord::from_word(spelling), Some(word), "{spelling}");
        }
        assert!(word.name().is_ascii(), "platform command names are ASCII");
    }
}

#[test]
fn help_topics() {
    assert_eq!(
        ok("/help move"),
        Command::Help {
            topic: Some(CommandWord::Move),
            all: false,
        }
    );
    assert_eq!(
        ok("/help /хід"),
        Command::Help {
            topic: Some(CommandWord::Move),
            all: false,
        }
    );
    let all = Command::Help {
        topic: None,
        all: true,
    };
    assert_eq!(ok("/help all"), all);
    assert_eq!(ok("/довідка усі"), all);
    let none = Command::Help {
        topic: None,
        all: false,
    };
    assert_eq!(ok("/help"), none);
}

#[test]
fn organizer_grants_or_removes() {
    assert_eq!(
        ok("/organizer @carol"),
        Command::Organizer {
            player: "@carol".into(),
            grant: true
        }
    );
    assert_eq!(
        ok("/організатор зняти carol"),
        Command::Organizer {
            player: "carol".into(),
            grant: false
        }
    );
    assert!(matches!(
        parse("/organizer remove"),
        Err(CommandError::Missing {
            argument: "player",
            ..
        })
    ));
}

/// An unreadable number is refused, never read as "no number" (which would
/// widen the command to every game or event).
#[test]
fn unreadable_numbers_are_refused_not_dropped() {
    let twenty = "12345678901234567890";
    let lines = [
        "/leave add 2026-03-01 5 #x".to_owned(),
        "/leave add 2026-03-01 5 #-1".to_owned(),
        format!("/leave add 2026-03-01 5 {twenty}"),
        "/draw accept #-1".to_owned(),
        "/draw #-1".to_owned(),
        "/draw decline #x".to_owned(),
        format!("/board {twenty}"),
        "/time #x".to_owned(),
        "/record -1".to_owned(),
        "/ledger #".to_owned(),
        "/standings #x".to_owned(),
        "/pgn #-1".to_owned(),
        "/pgn game #x".to_owned(),
        "/resign #-1 confirm".to_owned(),
        "/resign 1O confirm".to_owned(),
        "/resign 1о так".to_owned(),
        "/time 2з".to_owned(),
        "/draw 1O".to_owned(),
        "/claim fifty #x".to_owned(),
        "/move #-1 e2-e4".to_owned(),
        format!("/card {twenty} e2-e4"),
        "/overstep #x e2-e4".to_owned(),
        "/dispute #-1 the clock".to_owned(),
        "/failure #x no reply".to_owned(),
        "/ask #x when?".to_owned(),
        "/request @bob #-1 send the card".to_owned(),
    ];
    for line in &lines {
        assert!(
            matches!(parse(line), Err(CommandError::Invalid { .. })),
            "{line}: {:?}",
            parse(line)
        );
    }
    assert_eq!(
        ok("/say 1st time here"),
        Command::Say {
            game: None,
            text: "1st time here".into()
        }
    );
    assert_eq!(
        ok("/move 0-0"),
        Command::Move {
            game: None,
            text: "0-0".into()
        }
    );
}

#[test]
fn event_management_reads_its_arguments() {
    assert_eq!(
        ok("/event rename 2 Кубок  осені"),
        Command::Event(EventCommand::Rename {
            event: EventId(2),
            name: "Кубок  осені".into()
        })
    );
    assert_eq!(
        ok("/турнір змінити #2 control=30/10 Arbiter=@a"),
        Command::Event(EventCommand::Set {
            event: EventId(2),
            settings: vec![
                ("control".into(), "30/10".into()),
                ("arbiter".into(), "@a".into())
            ],
        })
    );
    assert_eq!(
        ok("/турнір вилучити 2 @bob"),
        Command::Event(EventCommand::Remove {
            event: EventId(2),
            player: "@bob".into()
        })
    );
    assert_eq!(
        ok("/event readmit 2 @bob"),
        Command::Event(EventCommand::Readmit {
            event: EventId(2),
            player: "@bob".into()
        })
    );
    assert_eq!(
        ok("/турнір повернути #2 Боб Петренко"),
        Command::Event(EventCommand::Readmit {
            event: EventId(2),
            player: "Боб Петренко".into()
        })
    );
    assert_eq!(
        ok("/event close 2"),
        Command::Event(EventCommand::Close { event: EventId(2) })
    );
    assert_eq!(
        ok("/турнір скасувати 2"),
        Command::Event(EventCommand::Cancel { event: EventId(2) })
    );
    assert_eq!(
        ok("/event games"),
        Command::Event(EventCommand::Games { event: None })
    );
    assert_eq!(
        ok("/турнір партії 3"),
        Command::Event(EventCommand::Games {
            event: Some(EventId(3))
        })
    );
    assert_eq!(ok("/players"), Command::Players { event: None });
    assert_eq!(
        ok("/гравці #4"),
        Command::Players {
            event: Some(EventId(4))
        }
    );
    let refused = [
        "/event set 2 rounds",
        "/event set 2",
        "/event set x rounds=2",
        "/event rename 2",
        "/event remove 2",
        "/event readmit 2",
        "/event readmit x @bob",
        "/event cancel",
        "/event games x",
        "/players x",
    ];
    for text in refused {
        assert!(parse(text).is_err(), "{text}");
    }
}

#[test]
fn text_that_is_no_command_and_no_move_is_chatter() {
    for text in ["hello there", "дякую!", "коли наступний тур?"] {
        assert_eq!(ok(text), Command::Chatter { text: text.into() }, "{text}");
    }
    // A move with a slip is still meant as a move, and told why it is none.
    for text in ["e7-e9", "Кg1-f9", "e2-e4", "0-0"] {
        assert!(matches!(ok(text), Command::Move { .. }), "{text}");
    }
}
