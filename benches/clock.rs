//! Both players' server clocks for a 60-move game (120 plies) with 3 leaves.

use std::hint::black_box;

use chrono::{DateTime, Duration, Utc};
use corrbot::core::clock::server::{ServerClock, player_record};
use corrbot::core::leave::{LeaveAllowance, LeaveBook, LeaveKind};
use corrbot::core::regulation::Regulation;
use criterion::{Criterion, criterion_group, criterion_main};
use shakmaty::Color;

fn start() -> DateTime<Utc> {
    DateTime::from_timestamp(1_767_225_600, 0).expect("2026-01-01")
}

/// 120 plies, each 1 to 4 days and a few hours apart.
fn plies() -> Vec<DateTime<Utc>> {
    let mut at = start();
    (0..120i64)
        .map(|ply| {
            at += Duration::days(1 + ply % 4) + Duration::hours(ply % 7);
            at
        })
        .collect()
}

/// Two leaves for White, one for Black, inside the game.
fn books(regulation: &Regulation) -> [LeaveBook; 2] {
    let allowance = LeaveAllowance::from_regulation(regulation);
    let mut white = LeaveBook::new(allowance);
    let mut black = LeaveBook::new(allowance);
    let now = start();
    white
        .register(start() + Duration::days(30), 10, LeaveKind::Regular, now)
        .expect("valid leave");
    white
        .register(start() + Duration::days(200), 14, LeaveKind::Regular, now)
        .expect("valid leave");
    black
        .register(start() + Duration::days(120), 20, LeaveKind::Regular, now)
        .expect("valid leave");
    [white, black]
}

fn both_clocks(c: &mut Criterion) {
    let regulation = Regulation::default();
    let clock = ServerClock::new(&regulation);
    let plies = plies();
    let books = books(&regulation);
    let now = *plies.last().expect("plies") + Duration::days(3);
    c.bench_function("server_clocks_60_moves_3_leaves", |b| {
        b.iter(|| {
            let timelines = [books[0].timeline(), books[1].timeline()];
            let clocks = clock.game_clocks(
                start(),
                black_box(&plies),
                now,
                [&timelines[0], &timelines[1]],
                [0, 0],
            );
            let white = player_record(start(), &plies, Color::White);
            let since = white.pending_since.expect("White to move");
            let flag = clock.flag_instant(&white.moves, since, &timelines[0]);
            let reminders = clock.reminder_instants(since, &timelines[0]);
            black_box((clocks, flag, reminders))
        })
    });
}

criterion_group!(benches, both_clocks);
criterion_main!(benches);
