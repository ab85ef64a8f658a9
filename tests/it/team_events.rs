//! Team events through the real app: a team round robin (colours
//! alternating by board, reversed in the second cycle), team standings with
//! match and board points, refusals that change nothing, and the event's
//! end announced with the teams' final table (R3.1.3, R1.1).

use corrbot::store::{EventId, GameRecord, PlayerId, TeamMatchGame};

use crate::support::db::{TestDb, on_both};
use crate::support::world::{self, World};

on_both!(
    a_double_team_round_robin_alternates_colours_by_board,
    team_standings_count_match_points_then_board_points,
    line_ups_are_fixed_once_the_event_starts,
    a_team_event_s_end_goes_to_every_player_the_arbiter_and_the_channel,
);

const PLAYERS: [&str; 6] = ["a1", "a2", "b1", "b2", "c1", "c2"];

/// alice (administrator) runs a team event of three two-board teams A, B
/// and C (captains a1, b1, c1), created with `settings`, and starts it.
async fn three_teams(w: &mut World, settings: &str) {
    w.english(&["alice"]).await;
    w.english(&PLAYERS).await;
    let lines = [
        format!("@alice: /event create Triple type=team boards=2 {settings}"),
        "@alice: /team create 1 A".into(),
        "@alice: /team create 1 B".into(),
        "@alice: /team create 1 C".into(),
    ];
    for line in &lines {
        w.say(line).await;
    }
    for (team, letter) in [(1, "a"), (2, "b"), (3, "c")] {
        w.say(&format!("@alice: /team captain {team} @{letter}1"))
            .await;
        for board in 1..=2 {
            w.say(&format!("@alice: /team add {team} @{letter}{board}"))
                .await;
        }
    }
    let out = w.say("@alice: /event start 1").await;
    assert!(out[0].contains("has started"), "{out:?}");
}

async fn boards(w: &World) -> Vec<(TeamMatchGame, GameRecord)> {
    let mut tx = w.db.read().await.unwrap();
    let mut boards = Vec::new();
    for record in tx.team_match_games(EventId(1)).await.unwrap() {
        let game = tx.game(record.game_id).await.unwrap();
        boards.push((record, game));
    }
    boards
}

async fn name_of(w: &World, player: PlayerId) -> String {
    let mut tx = w.db.read().await.unwrap();
    tx.player(player).await.unwrap().display_name
}

async fn a_double_team_round_robin_alternates_colours_by_board(t: &TestDb) {
    let mut w = World::new(&t.db);
    three_teams(&mut w, "rounds=2").await;
    let boards = boards(&w).await;
    // Three teams, two cycles: 6 matches of 2 boards, every game at once.
    assert_eq!(boards.len(), 12);
    for (record, game) in &boards {
        assert_eq!(game.board, Some(record.board));
        assert_eq!(game.started_at, Some(world::start()));
        let first_white = record.board % 2 == 1;
        assert_eq!(record.first_has_white, first_white, "{record:?}");
        let white = name_of(&w, game.white).await;
        let first_letter = ["a", "b", "c"][record.first_team.0 as usize - 1];
        assert_eq!(
            white.starts_with(first_letter),
            first_white,
            "board {} of round {}: {white} has White",
            record.board,
            record.round
        );
    }
    // Every pair of teams meets once in each cycle, the other team named
    // first the second time: every board's colours are reversed.
    for (record, game) in boards.iter().filter(|(r, _)| r.round <= 3) {
        let (_, again) = boards
            .iter()
            .find(|(other, _)| {
                other.round > 3
                    && other.board == record.board
                    && other.first_team == record.second_team
                    && other.second_team == record.first_team
            })
            .expect("the return match");
        assert_eq!((again.white, again.black), (game.black, game.white));
    }
}

/// Makes `loser` resign game `game`.
async fn resign(w: &mut World, loser: &str, game: i64) {
    let out = w.say(&format!("@{loser}: /resign {game} confirm")).await;
    assert!(out[0].contains("is over"), "{out:?}");
}

/// The game of `board` between the teams of `first` and `second` letters.
async fn game_between(w: &World, first: &str, second: &str, board: i64) -> (i64, String, String) {
    for (record, game) in boards(w).await {
        let white = name_of(w, game.white).await;
        let black = name_of(w, game.black).await;
        let letters = (&white[..1], &black[..1]);
        if record.board == board && (letters == (first, second) || letters == (second, first)) {
            return (game.id.0, white, black);
        }
    }
    panic!("no game {first}-{second} on board {board}");
}

/// `winner`'s team (a letter) wins board `board` against `loser`'s.
async fn win(w: &mut World, winner: &str, loser: &str, board: i64) {
    let (game, white, black) = game_between(w, winner, loser, board).await;
    let resigning = if white.starts_with(loser) {
        white
    } else {
        black
    };
    resign(w, &resigning, game).await;
}

async fn team_standings_count_match_points_then_board_points(t: &TestDb) {
    let mut w = World::new(&t.db);
    three_teams(&mut w, "").await;
    // A beats B 2-0; B and C draw 1-1; C beats A 1½-½.
    win(&mut w, "a", "b", 1).await;
    win(&mut w, "a", "b", 2).await;
    win(&mut w, "b", "c", 1).await;
    win(&mut w, "c", "b", 2).await;
    win(&mut w, "c", "a", 1).await;
    let (game, white, black) = game_between(&w, "a", "c", 2).await;
    w.say(&format!("@{white}: /draw offer {game}")).await;
    let out = w.say(&format!("@{black}: /draw accept {game}")).await;
    assert!(out[0].contains("is over"), "{out:?}");
    let out = w.say("@alice: /standings 1").await;
    let text = &out[0];
    let c = text
        .find("1. C\u{a0}— match points: 3, board points: 2½")
        .expect(text);
    let a = text
        .find("2. A\u{a0}— match points: 2, board points: 2½")
        .expect(text);
    let b = text
        .find("3. B\u{a0}— match points: 1, board points: 1")
        .expect(text);
    assert!(c < a && a < b, "{text}");
    assert!(text.contains("matches left: 0"), "{text}");
}

async fn line_ups_are_fixed_once_the_event_starts(t: &TestDb) {
    let mut w = World::new(&t.db);
    three_teams(&mut w, "").await;
    let before = boards(&w).await;
    for line in [
        "@a1: /team order 1 @a2 @a1",
        "@alice: /team add 1 @alice reserve",
        "@alice: /team create 1 D",
        "@a1: /team substitute 1 1 @a2",
        "@alice: /team substitute 1 1 @b1",
        "@alice: /team substitute 1 3 @a2",
        "@a1: /event join 1",
    ] {
        let out = w.say(line).await;
        assert_eq!(out.len(), 1, "{line}: {out:?}");
        assert!(!out[0].contains("team «A»:"), "{line}: {out:?}");
    }
    assert_eq!(boards(&w).await, before);
    let out = w.say("@a1: /team show 1").await;
    assert!(out[0].contains("Board 1: a1") && out[0].contains("Board 2: a2"));
}

/// alice runs a match of two two-board teams A (a1, a2) and B (b1, b2),
/// bob its arbiter, #club its channel; A wins board 1 and board 2 is
/// drawn: A wins the match 1½–½.
async fn a_team_event_s_end_goes_to_every_player_the_arbiter_and_the_channel(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "bob"]).await;
    w.english(&PLAYERS[..4]).await;
    let create =
        "@alice: /event create Duo type=team boards=2 arbiter=@bob channel=club channel-lang=en";
    w.say(create).await;
    for (team, letter) in [(1, "a"), (2, "b")] {
        w.say(&format!("@alice: /team create 1 {}", letter.to_uppercase()))
            .await;
        w.say(&format!("@alice: /team captain {team} @{letter}1"))
            .await;
        for board in 1..=2 {
            w.say(&format!("@alice: /team add {team} @{letter}{board}"))
                .await;
        }
    }
    w.say("@alice: /event start 1").await;
    win(&mut w, "a", "b", 1).await;
    let (game, white, black) = game_between(&w, "a", "b", 2).await;
    w.say(&format!("@{white}: /draw offer {game}")).await;
    let out = w.say(&format!("@{black}: /draw accept {game}")).await;
    let table = [
        "Event #1 \"Duo\" is over: all its games have been played.",
        "First place: A\u{a0}— match points: 2, board points: 1½.",
        "1. A\u{a0}— match points: 2, board points: 1½",
        "2. B\u{a0}— match points: 0, board points: ½",
        "All the games: /pgn event 1.",
    ];
    let own = [
        (
            "a1",
            "Your team \"A\": place 1 of 2.",
            "Your own score: 1 out of 1.",
        ),
        (
            "a2",
            "Your team \"A\": place 1 of 2.",
            "Your own score: ½ out of 1.",
        ),
        (
            "b1",
            "Your team \"B\": place 2 of 2.",
            "Your own score: 0 out of 1.",
        ),
        (
            "b2",
            "Your team \"B\": place 2 of 2.",
            "Your own score: ½ out of 1.",
        ),
    ];
    for (player, team, score) in own {
        let end = end_to(&out, &format!("@{player}"));
        for expected in table.iter().chain([&team, &score]) {
            assert!(end.contains(expected), "{player}: {expected}: {end}");
        }
    }
    for reader in ["@bob", "#club"] {
        let end = end_to(&out, reader);
        for expected in table {
            assert!(end.contains(expected), "{reader}: {expected}: {end}");
        }
        assert!(!end.contains("Your team"), "{reader}: {end}");
    }
    // `/event show` of the finished event shows the same end (R1.1).
    let shown = w.say("@b2: /event show 1").await;
    assert_eq!(shown.len(), 2, "{shown:?}");
    for expected in table.iter().chain(&["Your own score: ½ out of 1."]) {
        assert!(shown[1].contains(expected), "{expected}: {shown:?}");
    }
}

/// The end-of-event announcement `reader` (`@name` or `#channel`) got.
fn end_to<'a>(out: &'a [String], reader: &str) -> &'a str {
    let prefix = format!("-> {reader}: Event #1");
    let found = out
        .iter()
        .find(|line| line.trim_start().starts_with(&prefix));
    found.unwrap_or_else(|| panic!("no end to {reader}: {out:?}"))
}
