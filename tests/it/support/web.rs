//! The public web site under test: served on a free local port over the
//! test's database, a plain HTTP/1.1 client (one request per connection),
//! and a populated club: an event with moves, a name with markup, and
//! private values (contacts, cases, leave reasons, platform ids, requests
//! and answers) that no page may show.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use corrbot::render::RenderCache;
use corrbot::store::{Db, Platform};
use corrbot::time::Clock;
use corrbot::web::{Limits, Site, router, serve_on};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::oneshot;

use super::world::World;

/// The web site serving a database until dropped.
pub struct WebServer {
    /// Where it listens.
    pub addr: SocketAddr,
    _stop: oneshot::Sender<()>,
}

/// How often live streams poll in tests (another process's changes).
pub const TEST_POLL: Duration = Duration::from_millis(50);

/// Serves the site on `db`, clocks read from `clock`.
pub async fn serve(db: &Db, clock: Arc<dyn Clock>) -> WebServer {
    let limits = Limits {
        poll: TEST_POLL,
        ..Limits::default()
    };
    let site = Site::new(db.clone(), clock, Arc::new(RenderCache::new(64)), limits);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = oneshot::channel::<()>();
    tokio::spawn(serve_on(listener, router(site), limits, async move {
        let _ = stopped.await;
    }));
    WebServer { addr, _stop: stop }
}

/// An HTTP answer.
#[derive(Debug)]
pub struct Reply {
    /// The status code.
    pub status: u16,
    /// The headers, names in lower case.
    pub headers: Vec<(String, String)>,
    /// The body.
    pub body: Vec<u8>,
}

impl Reply {
    /// The body as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// A header's value.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// `GET path` with `headers`; the whole answer.
pub async fn get(addr: SocketAddr, path: &str, headers: &[(&str, &str)]) -> Reply {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let mut request = format!("GET {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n");
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(Duration::from_secs(30), stream.read_to_end(&mut raw))
        .await
        .expect("the answer within 30 s")
        .unwrap();
    parse(&raw)
}

fn parse(raw: &[u8]) -> Reply {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a head");
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.lines();
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    if headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v == "chunked")
    {
        body = dechunk(&body);
    }
    Reply {
        status,
        headers,
        body,
    }
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(end) = data.windows(2).position(|w| w == b"\r\n") {
        let size = usize::from_str_radix(std::str::from_utf8(&data[..end]).unwrap().trim(), 16)
            .unwrap_or(0);
        if size == 0 {
            break;
        }
        out.extend_from_slice(&data[end + 2..end + 2 + size]);
        data = &data[end + 4 + size..];
    }
    out
}

/// Opens a live stream at `path`; returns the connection after the head.
pub async fn open_live(addr: SocketAddr, path: &str) -> TcpStream {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: test\r\nAccept: text/event-stream\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        let mut byte = [0u8];
        stream.read_exact(&mut byte).await.unwrap();
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head);
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(head.contains("text/event-stream"), "{head}");
    stream
}

/// Reads the live stream until an `event: change` arrives (at most 20 s).
pub async fn next_change(stream: &mut TcpStream) -> String {
    let mut seen = String::new();
    let wait = async {
        loop {
            let mut buffer = [0u8; 1024];
            let n = stream.read(&mut buffer).await.unwrap();
            assert!(n > 0, "the stream ended: {seen}");
            seen.push_str(&String::from_utf8_lossy(&buffer[..n]));
            if seen.contains("event: change") {
                return seen.clone();
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(20), wait)
        .await
        .expect("a change within 20 s")
}

/// The values no page may show.
pub const SECRETS: &[&str] = &[
    "bohdan.secret@example.org",
    "Secret Street 7",
    "SECRETDISPUTE",
    "SECRETNOTE",
    "SECRETSAY",
    "SECRETLEAVE",
    "SECRETREQUEST",
    "SECRETANSWER",
    "SECRETOFFLINE",
    "777000123",
];

/// The name with markup one player takes.
pub const MARKUP_NAME: &str = "<script>alert(1)</script> & \"Co\"";

/// A club on `world`: event #1 «Club Cup» with alice, bohdan, carol (the
/// markup name) and a Telegram player (platform id 777000123) named Taras,
/// a few moves in games 1 and 2, and private matters around them.
pub async fn populate(world: &mut World) {
    world.english(&["alice", "bohdan", "carol"]).await;
    world
        .say_on(Platform::Telegram, "777000123", "/lang en")
        .await;
    world
        .say_on(Platform::Telegram, "777000123", "/name Taras")
        .await;
    let out = world.say(&format!("@carol: /name {MARKUP_NAME}")).await;
    assert!(!out.is_empty());
    // Spectators see every move at once (a rated event holds three back).
    world
        .say("@alice: /event create Club Cup public-delay=0")
        .await;
    for user in ["alice", "bohdan", "carol"] {
        world.say(&format!("@{user}: /event join 1")).await;
    }
    world
        .say_on(Platform::Telegram, "777000123", "/event join 1")
        .await;
    let out = world.say("@alice: /event start 1").await;
    assert!(out[0].contains("has started"), "{out:?}");
    let private = [
        "@bohdan: /contact email bohdan.secret@example.org",
        "@bohdan: /contact address Secret Street 7",
        "@alice: /request @bohdan #1 SECRETREQUEST",
        "@bohdan: /answer 1 SECRETANSWER",
        "@carol: /offline SECRETOFFLINE",
        "@bohdan: /extraleave 2026-03-01 5 #1 SECRETLEAVE",
    ];
    for line in private {
        world.say(line).await;
    }
    play_opening(world).await;
    let out = world.say("@bohdan: /dispute 1 SECRETDISPUTE").await;
    assert!(!out.is_empty());
    world.say("@alice: /case 1 take").await;
    world.say("@alice: /case 1 note SECRETNOTE").await;
    world.say("@alice: /case 1 say SECRETSAY").await;
}

/// A few moves in the games of event #1 where it is someone's turn.
async fn play_opening(world: &mut World) {
    for id in 1..=2 {
        let game = world.game(id).await;
        let [white, black] = [game.white, game.black].map(|p| p.0);
        for (mover, text) in [(white, "e2-e4"), (black, "e7-e5"), (white, "Кg1-f3")] {
            let name = name_of(world, mover).await;
            world.move_as(&name, id, text).await;
        }
    }
}

/// The console name of `player`.
pub async fn name_of(world: &World, player: i64) -> String {
    let mut tx = world.db.read().await.unwrap();
    let accounts = tx
        .accounts_of(corrbot::store::PlayerId(player))
        .await
        .unwrap();
    accounts[0].platform_user_id.clone()
}
