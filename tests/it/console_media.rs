//! What a newcomer sees on the console ([player-2]): the images and files
//! the bot sends are written to a media folder and their paths printed; the
//! README's console demo is what the binary prints for its input.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A fresh directory for one test.
fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("corrbot_{name}_{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the console (`corrbot` with no token) on `input` in `dir`; its
/// standard output.
fn console(dir: &Path, input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_corrbot"))
        .env_remove("TELEGRAM_BOT_TOKEN")
        .env_remove("DISCORD_TOKEN")
        .env_remove("CORRBOT_WEB_LISTEN")
        .env("CORRBOT_OPS_LISTEN", "off")
        .env(
            "DATABASE_URL",
            format!("sqlite://{}", dir.join("bot.db").display()),
        )
        .env("CORRBOT_MEDIA_DIR", dir.join("media"))
        .env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start corrbot");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap()
}

/// The paths printed as `[saved: …]`.
fn saved(out: &str) -> Vec<PathBuf> {
    out.lines()
        .filter_map(|l| l.trim().strip_prefix("[saved: "))
        .map(|l| PathBuf::from(l.trim_end_matches(']')))
        .collect()
}

/// `/board`, `/gif`, `/pgn` and `/standings` on the console write their
/// image or file to the media folder and print its path; move notices with
/// a board do too.
#[test]
fn the_console_writes_what_it_sends_to_the_media_folder() {
    let dir = fresh_dir("media");
    let out = console(
        &dir,
        "@anna: /lang en\n@bohdan: /lang en\n@anna: /event create Club Cup\n\
         @bohdan: /event join 1\n@anna: /event join 1\n@anna: /event start 1\n\
         @bohdan: e2-e4\n@bohdan: /board 1\n@bohdan: /gif 1\n@bohdan: /pgn 1\n\
         @anna: /standings 1\n",
    );
    let paths = saved(&out);
    let by_extension = |ext: &str| {
        paths
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e == ext))
            .collect::<Vec<_>>()
    };
    assert!(by_extension("png").len() >= 2, "{out}");
    assert_eq!(by_extension("gif").len(), 1, "{out}");
    assert_eq!(by_extension("pgn").len(), 1, "{out}");
    for path in &paths {
        assert!(path.starts_with(dir.join("media")), "{out}");
        let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        match path.extension().and_then(|e| e.to_str()) {
            Some("png") => assert!(bytes.starts_with(b"\x89PNG"), "{}", path.display()),
            Some("gif") => assert!(bytes.starts_with(b"GIF8"), "{}", path.display()),
            _ => assert!(
                String::from_utf8_lossy(&bytes).contains("1. e4"),
                "{}",
                path.display()
            ),
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The README's console demo: the fenced block after the marker comment.
fn readme_demo(readme: &str) -> (usize, usize) {
    let marker = readme
        .find("<!-- console demo")
        .expect("README has the console demo marker");
    let open = marker + readme[marker..].find("```\n").unwrap() + 4;
    let close = open + readme[open..].find("```\n").unwrap();
    (open, close)
}

/// The README's console demo is produced by the binary: its input lines,
/// run by `corrbot script`, print exactly the block. With
/// `UPDATE_TRANSCRIPTS=1` the block is rewritten.
#[test]
fn the_readme_console_demo_is_what_the_binary_prints() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let readme = std::fs::read_to_string(&path).unwrap();
    let (open, close) = readme_demo(&readme);
    let block = &readme[open..close];
    let input: String = block
        .lines()
        .filter(|l| l.starts_with('@') || l.starts_with('+'))
        .map(|l| format!("{l}\n"))
        .collect();
    let dir = fresh_dir("readme");
    let script = dir.join("demo.script");
    std::fs::write(&script, &input).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_corrbot"))
        .arg("script")
        .arg(&script)
        .env_remove("CORRBOT_ADMINS")
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let printed = String::from_utf8(output.stdout).unwrap();
    if std::env::var_os("UPDATE_TRANSCRIPTS").is_some() {
        let updated = format!("{}{printed}{}", &readme[..open], &readme[close..]);
        std::fs::write(&path, updated).unwrap();
        return;
    }
    assert_eq!(
        printed, block,
        "README.md's console demo differs from what corrbot prints"
    );
}
