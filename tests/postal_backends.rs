//! The postal transcripts (`tests/transcripts/postal_*.script`) on
//! PostgreSQL: the same conversation must print the same golden output on
//! both backends (SQLite runs them in `tests/transcripts.rs`). Skipped when
//! `TEST_DATABASE_URL` is unset.

#[path = "support/db.rs"]
mod db;

use std::path::{Path, PathBuf};

use corrbot::adapters::script::{Format, run_script_as};
use db::TestDb;

fn postal_scripts() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts");
    let mut scripts: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("tests/transcripts exists")
        .map(|entry| entry.expect("readable directory").path())
        .filter(|path| {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name.starts_with("postal_") && name.ends_with(".script")
        })
        .collect();
    scripts.sort();
    scripts
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
