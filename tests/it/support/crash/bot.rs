//! The real `corrbot` binary on the console adapter, as a child process.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// A line the console cannot read: it answers with a line starting `??`
/// after everything the previous line caused, which marks the end of that
/// line's output.
const MARKER: &str = "sync";

/// The running bot process; kill it with [`Bot::kill`].
pub struct Bot {
    child: Child,
}

/// The bot's console: its standard input, and its output lines.
pub struct Console {
    stdin: ChildStdin,
    lines: Receiver<String>,
}

/// What the bot printed for one input line.
#[derive(Debug, Default)]
pub struct Output {
    /// The lines, replies first, then notices.
    pub lines: Vec<String>,
    /// Whether the end marker arrived (`false`: the bot died meanwhile).
    pub complete: bool,
}

/// Starts `corrbot` (console: no chat token) with `env`; standard error
/// goes to `stderr_log`.
pub fn spawn(env: &[(&str, String)], stderr_log: &Path) -> (Bot, Console) {
    let log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(stderr_log)
        .expect("open the stderr log");
    let mut command = Command::new(env!("CARGO_BIN_EXE_corrbot"));
    command
        .env_remove("TELEGRAM_BOT_TOKEN")
        .env_remove("DISCORD_TOKEN")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::from(log));
    for (name, value) in env {
        command.env(name, value);
    }
    let mut child = command.spawn().expect("start corrbot");
    let stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    let (send, lines) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { return };
            if send.send(line).is_err() {
                return;
            }
        }
    });
    (Bot { child }, Console { stdin, lines })
}

impl Bot {
    /// SIGKILL, then reap the process.
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Closes nothing and waits for a clean exit (after stdin closed).
    pub fn wait(mut self) -> bool {
        self.child.wait().is_ok_and(|status| status.success())
    }
}

impl Console {
    /// Sends `line` and collects its output until the end marker, passing
    /// each line to `seen` as it arrives (so a caller knows what was read
    /// before a kill).
    pub fn exchange(&mut self, line: &str, mut seen: impl FnMut(&str)) -> Output {
        let mut output = Output::default();
        if writeln!(self.stdin, "{line}\n{MARKER}")
            .and_then(|()| self.stdin.flush())
            .is_err()
        {
            return output;
        }
        // A generous bound that only a hung bot reaches.
        while let Ok(line) = self.lines.recv_timeout(Duration::from_secs(60)) {
            if line.starts_with("??") {
                output.complete = true;
                return output;
            }
            seen(&line);
            output.lines.push(line);
        }
        output
    }

    /// Closes standard input: the console then exits.
    pub fn close(self) {
        drop(self.stdin);
    }
}
