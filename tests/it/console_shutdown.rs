//! The console stops as `corrbot run` does: SIGTERM or Ctrl-C (SIGINT)
//! while it waits for input, or while it answers a line, ends it with exit
//! status 0 after the answer in hand is printed. The real binary runs as a
//! child process on a SQLite file of its own.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// How long the console may take to stop once signalled.
const BOUND: Duration = Duration::from_secs(20);

/// A console process, its input, and its output lines as they come.
struct Running {
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
    dir: PathBuf,
}

/// Starts the console on a fresh SQLite file and waits until it listens
/// (its greeting on standard error, printed once signals are caught).
fn start(name: &str) -> Running {
    let dir = std::env::temp_dir().join(format!("corrbot_{name}_{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_corrbot"))
        .env_remove("TELEGRAM_BOT_TOKEN")
        .env_remove("DISCORD_TOKEN")
        .env_remove("CORRBOT_WEB_LISTEN")
        .env(
            "DATABASE_URL",
            format!("sqlite://{}", dir.join("bot.db").display()),
        )
        .env("RUST_LOG", "warn")
        .env("CORRBOT_MEDIA_DIR", dir.join("media"))
        .env("CORRBOT_OPS_LISTEN", "off")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start corrbot");
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut greeting = String::new();
    stderr.read_line(&mut greeting).unwrap();
    assert!(greeting.starts_with("corrbot console"), "{greeting}");
    std::thread::spawn(move || {
        let mut rest = String::new();
        let _ = stderr.read_to_string(&mut rest);
    });
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let (send, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in stdout.lines().map_while(Result::ok) {
            if send.send(line).is_err() {
                return;
            }
        }
    });
    let stdin = child.stdin.take().unwrap();
    Running {
        child,
        stdin,
        lines,
        dir,
    }
}

impl Running {
    /// Sends one line (the input stays open).
    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// The next output line starting with `prefix`.
    fn answer(&self, prefix: &str) -> String {
        loop {
            let line = self.lines.recv_timeout(BOUND).expect("an answer");
            if line.starts_with(prefix) {
                return line;
            }
        }
    }

    /// Sends `signal` (`TERM`, `INT`), then the exit status within
    /// [`BOUND`] and the output printed after the last answer read.
    fn signal(self, signal: &str) -> (ExitStatus, Vec<String>) {
        let sent = Command::new("kill")
            .args([format!("-{signal}"), self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success(), "kill -{signal}");
        let (send, exited) = mpsc::channel();
        let mut child = self.child;
        std::thread::spawn(move || {
            let _ = send.send(child.wait());
        });
        let status = exited.recv_timeout(BOUND).expect("exits").unwrap();
        let rest: Vec<String> = self.lines.iter().collect();
        let _ = std::fs::remove_dir_all(&self.dir);
        (status, rest)
    }
}

fn stops_cleanly_on(signal: &str) {
    let mut console = start(&format!("console_{signal}"));
    console.send("@alice: /lang en");
    let answer = console.answer("-> @alice:");
    assert!(answer.contains("English"), "{answer}");
    let (status, rest) = console.signal(signal);
    assert!(
        status.success(),
        "SIGTERM/INT gave {status:?}; after: {rest:?}"
    );
}

#[test]
fn sigterm_while_waiting_for_input_exits_zero() {
    stops_cleanly_on("TERM");
}

#[test]
fn ctrl_c_while_waiting_for_input_exits_zero() {
    stops_cleanly_on("INT");
}

/// The signal comes right after a line is sent, most often while the line
/// is being answered: the answer is printed whole, then the console exits
/// 0. (Should the signal come before the line is read, the line is not
/// taken, and no answer is printed at all; never half of one.)
#[test]
fn a_signal_during_a_line_lets_its_answer_be_printed_first() {
    let mut console = start("console_in_hand");
    console.send("@bob: /lang en");
    console.answer("-> @bob:");
    console.send("@bob: /help");
    let (status, rest) = console.signal("TERM");
    assert!(status.success(), "{status:?}; after: {rest:?}");
    if let Some(first) = rest.first() {
        assert!(first.starts_with("-> @bob:"), "{rest:?}");
    }
}
