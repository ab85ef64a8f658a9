//! A seeded fuzz run of the command parser and the console: lines built
//! from the command table ([`CommandWord::ALL`] and each word's spec) with
//! random arguments, moves, numbers and unicode junk, sent through the
//! console World on SQLite. Checked for every line: no panic, a non-empty
//! reply, and a refused command leaves every table as it was.
//!
//! `CORRBOT_FUZZ_LINES` sets the number of lines (default 2000) and
//! `CORRBOT_FUZZ_SEED` the seed (printed by every run); see
//! docs/fuzzing.md.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use corrbot::adapters::console::Speaker;
use corrbot::app::command::{Arg, CommandWord};
use corrbot::store::Db;

use crate::support::world::World;

/// The database's state: every table but `inbound` (where each message's
/// update id is recorded, refused or not), as JSON.
pub async fn state(db: &Db) -> String {
    let mut dump = db.dump().await.expect("dump");
    dump.tables.remove("inbound");
    serde_json::to_string(&dump.tables).expect("json")
}

/// The simulator's seeded generator (the same seed, the same lines), with
/// the picks this test makes.
struct Rng(corrbot::simulate::Rng);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0.below(n as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.0.below(100) < percent
    }
}

const MOVES: &[&str] = &[
    "e2-e4", "e7-e5", "Ng1-f3", "Кg1-f3", "0-0", "O-O-O", "e4", "Nf3", "e2e4", "a7a8q", "Bf1xb5",
    "e9-e4", "Kxx",
];
const NUMBERS: &[&str] = &[
    "1",
    "#1",
    "2",
    "#2",
    "0",
    "#0",
    "#-1",
    "-1",
    "#x",
    "#",
    "99999999999",
    "12345678901234567890",
    "+3",
    "1.5",
];
const WORDS: &[&str] = &[
    "offer",
    "accept",
    "decline",
    "add",
    "list",
    "cancel",
    "create",
    "show",
    "join",
    "withdraw",
    "start",
    "confirm",
    "repetition",
    "fifty",
    "event",
    "game",
    "address",
    "email",
    "clear",
    "remove",
    "en",
    "uk",
    "san",
    "white",
    "auto",
    "@alice",
    "@bob",
    "@carol",
    "@nobody",
    "type=team",
    "boards=2",
    "days=0",
];
const DATES: &[&str] = &[
    "2026-01-10",
    "2026-03-01",
    "2025-12-31",
    "9999-12-31",
    "2026-02-30",
    "0000-01-01",
    "262143-01-01",
];
const JUNK: &[&str] = &[
    "Привіт",
    "ß∂ƒ",
    "🙂",
    "\u{200b}",
    "\u{202e}abc",
    "a\tb",
    "«»",
    "'",
    "\"",
    "\\",
    "%s",
    "{ $x }",
    "<b>",
    "```",
    "\u{fffd}",
    "\0",
    "ґєїі",
];

/// One argument's value: mostly something of its kind, sometimes anything.
fn argument(rng: &mut Rng, name: &str) -> String {
    let pools: [&[&str]; 5] = [MOVES, NUMBERS, WORDS, DATES, JUNK];
    if rng.chance(15) {
        let pool = pools[rng.below(pools.len())];
        return rng.pick(pool).to_owned();
    }
    let pool = match name {
        "game" | "event" | "case" | "leave" | "request" | "team" | "board" | "days" => NUMBERS,
        "move" => MOVES,
        "start" => DATES,
        "text" | "name" | "value" | "details" => JUNK,
        _ => WORDS,
    };
    rng.pick(pool).to_owned()
}

/// One random line's text: a command word (English or Ukrainian, with or
/// without `/`) and arguments after its spec, or a bare move, or junk.
fn random_text(rng: &mut Rng) -> String {
    if rng.chance(10) {
        return rng.pick(MOVES).to_owned();
    }
    if rng.chance(3) {
        return rng.pick(JUNK).repeat(1 + rng.below(3));
    }
    let word = CommandWord::ALL[rng.below(CommandWord::ALL.len())];
    let spec = word.spec();
    let spellings = if spec.ukrainian.is_empty() || rng.chance(60) {
        spec.english
    } else {
        spec.ukrainian
    };
    let slash = if rng.chance(90) { "/" } else { "" };
    let mut parts = vec![format!("{slash}{}", rng.pick(spellings))];
    for arg in spec.args {
        let skip = match arg {
            Arg::Required(_) => rng.chance(10),
            Arg::Optional(_) => rng.chance(50),
        };
        if !skip {
            parts.push(argument(rng, arg.name()));
        }
    }
    while rng.chance(20) {
        let pools: [&[&str]; 4] = [NUMBERS, WORDS, DATES, JUNK];
        let pool = pools[rng.below(pools.len())];
        parts.push(rng.pick(pool).to_owned());
    }
    parts.join(" ")
}

/// The number of lines and the seed of this run.
fn settings() -> (usize, u64) {
    let lines = std::env::var("CORRBOT_FUZZ_LINES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(2000);
    let seed = std::env::var("CORRBOT_FUZZ_SEED")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| {
            let mut hasher = DefaultHasher::new();
            std::time::SystemTime::now().hash(&mut hasher);
            hasher.finish() | 1
        });
    (lines, seed)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_command_lines_never_panic_and_refusals_change_nothing() {
    let (lines, seed) = settings();
    println!("fuzz: {lines} lines, CORRBOT_FUZZ_SEED={seed}");
    let mut rng = Rng(corrbot::simulate::Rng::new(seed));
    let mut world = World::sqlite().await;
    world.event("Cup", &["alice", "bob", "carol", "dave"]).await;
    let users = ["alice", "bob", "carol", "dave"];
    let mut before = state(&world.db).await;
    for n in 0..lines {
        let user = rng.pick(&users);
        let text = random_text(&mut rng);
        let speaker = Speaker::console(user);
        let sent = world.console.say(&speaker, &text).await.expect("said");
        let what = format!("line {n} (seed {seed}) @{user}: {text:?}");
        assert!(!sent.is_empty(), "{what}: no reply");
        assert!(
            sent.iter().all(|s| !s.message.text.trim().is_empty()),
            "{what}: an empty message"
        );
        assert!(
            sent.iter()
                .all(|s| !s.message.kind.starts_with("error_internal")),
            "{what}: an internal error"
        );
        let after = state(&world.db).await;
        if sent[0].message.is_error() {
            assert!(after == before, "{what}: refused, but the database changed");
        }
        before = after;
    }
    world.finish().await;
}
