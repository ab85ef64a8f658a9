//! The golden transcripts: every `tests/transcripts/NAME.script` runs on a
//! fresh database under the simulated clock and must print exactly
//! `NAME.out`; where `NAME.jsonl` exists, the `--json` output must match it
//! too. `UPDATE_TRANSCRIPTS=1 cargo test --test it transcripts` rewrites the
//! expected files after a deliberate change (review the diff!).
//!
//! The postal transcripts (`postal_*.script`) also run on PostgreSQL: the
//! same conversation must print the same golden output on both backends
//! (skipped when `TEST_DATABASE_URL` is unset).

use std::path::{Path, PathBuf};

use corrbot::adapters::script::{Format, run_script_as};

use crate::support::db::TestDb;

fn transcript_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts")
}

fn scripts() -> Vec<PathBuf> {
    let mut scripts: Vec<PathBuf> = std::fs::read_dir(transcript_dir())
        .expect("tests/transcripts exists")
        .map(|entry| entry.expect("readable directory").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "script"))
        .collect();
    scripts.sort();
    scripts
}

fn postal_scripts() -> Vec<PathBuf> {
    scripts()
        .into_iter()
        .filter(|path| {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name.starts_with("postal_")
        })
        .collect()
}

async fn run(script: &str, format: Format) -> String {
    let test_db = TestDb::sqlite().await;
    let lines = run_script_as(script, test_db.db.clone(), "", format)
        .await
        .expect("the script runs");
    test_db.finish().await;
    lines.join("\n") + "\n"
}

/// Compares `actual` with the golden file, rewriting it when asked.
fn check(golden: &Path, actual: &str) -> Result<(), String> {
    if std::env::var_os("UPDATE_TRANSCRIPTS").is_some() {
        std::fs::write(golden, actual).expect("writable golden file");
    }
    let expected = std::fs::read_to_string(golden)
        .map_err(|e| format!("{}: {e} (UPDATE_TRANSCRIPTS=1 writes it)", golden.display()))?;
    if expected == actual {
        return Ok(());
    }
    let first = expected
        .lines()
        .zip(actual.lines())
        .position(|(e, a)| e != a)
        .unwrap_or(expected.lines().count().min(actual.lines().count()));
    Err(format!(
        "{} differs from line {}:\n expected: {:?}\n actual:   {:?}",
        golden.display(),
        first + 1,
        expected.lines().nth(first),
        actual.lines().nth(first)
    ))
}

#[tokio::test]
async fn every_transcript_matches_its_golden_output() {
    let scripts = scripts();
    assert!(!scripts.is_empty(), "no transcripts found");
    let mut failures = Vec::new();
    for path in &scripts {
        let script = std::fs::read_to_string(path).expect("readable script");
        let text = run(&script, Format::Text).await;
        if let Err(failure) = check(&path.with_extension("out"), &text) {
            failures.push(failure);
        }
        let json_golden = path.with_extension("jsonl");
        if json_golden.exists() {
            let json = run(&script, Format::Json).await;
            if let Err(failure) = check(&json_golden, &json) {
                failures.push(failure);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[tokio::test]
async fn json_lines_carry_time_platform_recipient_kind_and_image() {
    let script = "@ann: /lang en\n@bob: /lang en\n@ann: /event create Cup\n\
                  @bob: /event join 1\n@ann: /event join 1\n@ann: /event start 1\n\
                  @ann: e2-e4\n@bob: e2-e4\n+1d\n@bob: e7-e5\n";
    let out = run(script, Format::Json).await;
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object per line"))
        .collect();
    let moved = lines
        .iter()
        .find(|line| line["kind"] == "move_made")
        .expect("a move notice");
    assert_eq!(moved["platform"], "console");
    assert!(moved["to"].as_str().unwrap().starts_with('@'));
    assert_eq!(moved["image"]["sha256"].as_str().unwrap().len(), 64);
    assert!(moved["image"]["width"].as_u64().unwrap() > 100);
    assert!(moved["at"].as_str().unwrap().starts_with("2026-01-0"));
    let refusals = lines.iter().filter(|line| line["kind"] == "reply").count();
    assert!(refusals >= 6, "{out}");
}

#[tokio::test]
async fn postal_transcripts_match_on_postgres() {
    let scripts = postal_scripts();
    assert!(scripts.len() >= 6, "the postal transcripts are there");
    for script in scripts {
        let Some(test_db) = TestDb::postgres().await else {
            return;
        };
        let text = std::fs::read_to_string(&script).expect("readable script");
        let lines = run_script_as(&text, test_db.db.clone(), "", Format::Text)
            .await
            .expect("the script runs");
        test_db.finish().await;
        let golden = script.with_extension("out");
        let expected = std::fs::read_to_string(&golden).expect("golden output");
        assert_eq!(
            lines.join("\n") + "\n",
            expected,
            "{} differs on PostgreSQL",
            script.display()
        );
    }
}

/// The notice kinds named in the `fn kind` functions of `file`.
fn kinds_in(file: &str) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    let source = std::fs::read_to_string(&path).unwrap();
    let mut kinds = Vec::new();
    for (at, _) in source.match_indices("fn kind(") {
        let body = &source[at..];
        let body = &body[..body.find("\n    }\n").unwrap_or(body.len())];
        for literal in body.split('"').skip(1).step_by(2) {
            if !literal.is_empty() && literal.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
                kinds.push(literal.to_owned());
            }
        }
    }
    kinds
}

/// `docs/transcripts.md` lists every kind a transcript's JSON line can
/// carry: each notice kind the code names has its row ([player-2]).
#[test]
fn the_documentation_lists_every_notice_kind() {
    let docs =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/transcripts.md"))
            .unwrap();
    let mut kinds = vec![corrbot::app::notice::BATCH_KIND.to_owned()];
    for file in std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app/notice"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .chain([Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app/notice.rs")])
    {
        let relative = file.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap();
        kinds.extend(kinds_in(relative.to_str().unwrap()));
    }
    assert!(kinds.len() > 40, "{kinds:?}");
    let missing: Vec<&String> = kinds
        .iter()
        .filter(|kind| !docs.contains(&format!("`{kind}`")))
        .collect();
    assert!(missing.is_empty(), "docs/transcripts.md lacks {missing:?}");
}
