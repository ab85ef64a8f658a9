//! The migrations of `migrations/sqlite/` and `migrations/postgres/`,
//! embedded in the binary: one hand-written list per backend, which the
//! test below holds to the files (names, order, count and SQL).

use std::borrow::Cow;
use std::future::Future;
use std::pin::Pin;

use sqlx::error::BoxDynError;
use sqlx::migrate::{Migration, MigrationSource, MigrationType};

/// The migrations, embedded at build time: (version, description, SQL).
pub(super) type EmbeddedList = &'static [(i64, &'static str, &'static str)];

pub(super) const SQLITE_MIGRATIONS: EmbeddedList = &[
    (
        1,
        "schema",
        include_str!("../../migrations/sqlite/0001_schema.sql"),
    ),
    (
        3,
        "profile",
        include_str!("../../migrations/sqlite/0003_profile.sql"),
    ),
    (
        4,
        "arbiter",
        include_str!("../../migrations/sqlite/0004_arbiter.sql"),
    ),
    (
        5,
        "game channel",
        include_str!("../../migrations/sqlite/0005_game_channel.sql"),
    ),
    (
        6,
        "teams",
        include_str!("../../migrations/sqlite/0006_teams.sql"),
    ),
    (
        7,
        "postal",
        include_str!("../../migrations/sqlite/0007_postal.sql"),
    ),
    (
        8,
        "retention",
        include_str!("../../migrations/sqlite/0008_retention.sql"),
    ),
    (
        10,
        "player clock",
        include_str!("../../migrations/sqlite/0010_player_clock.sql"),
    ),
    (
        11,
        "turn",
        include_str!("../../migrations/sqlite/0011_turn.sql"),
    ),
    (
        12,
        "board theme",
        include_str!("../../migrations/sqlite/0012_board_theme.sql"),
    ),
    (
        14,
        "ratings",
        include_str!("../../migrations/sqlite/0014_ratings.sql"),
    ),
    (
        15,
        "postal leave",
        include_str!("../../migrations/sqlite/0015_postal_leave.sql"),
    ),
    (
        16,
        "club invitations",
        include_str!("../../migrations/sqlite/0016_club_invitations.sql"),
    ),
    (
        18,
        "rate budget",
        include_str!("../../migrations/sqlite/0018_rate_budget.sql"),
    ),
    (
        19,
        "rating order",
        include_str!("../../migrations/sqlite/0019_rating_order.sql"),
    ),
    (
        20,
        "event removals",
        include_str!("../../migrations/sqlite/0020_event_removals.sql"),
    ),
    (
        21,
        "open absence",
        include_str!("../../migrations/sqlite/0021_open_absence.sql"),
    ),
    (
        22,
        "notation chosen",
        include_str!("../../migrations/sqlite/0022_notation_chosen.sql"),
    ),
    (
        23,
        "impossible cards",
        include_str!("../../migrations/sqlite/0023_impossible_cards.sql"),
    ),
    (
        24,
        "held thread notices",
        include_str!("../../migrations/sqlite/0024_held_thread_notices.sql"),
    ),
    (
        25,
        "server keys",
        include_str!("../../migrations/sqlite/0025_server_keys.sql"),
    ),
    (
        26,
        "touch budget",
        include_str!("../../migrations/sqlite/0026_touch_budget.sql"),
    ),
    (
        27,
        "calendar feeds",
        include_str!("../../migrations/sqlite/0027_calendar_feeds.sql"),
    ),
    (
        28,
        "follows",
        include_str!("../../migrations/sqlite/0028_follows.sql"),
    ),
    (
        29,
        "game notes",
        include_str!("../../migrations/sqlite/0029_game_notes.sql"),
    ),
    (
        30,
        "conditional lines",
        include_str!("../../migrations/sqlite/0030_conditional_lines.sql"),
    ),
    (
        31,
        "iccf ratings",
        include_str!("../../migrations/sqlite/0031_iccf_ratings.sql"),
    ),
    (
        32,
        "game sections",
        include_str!("../../migrations/sqlite/0032_game_sections.sql"),
    ),
    (
        33,
        "knockout",
        include_str!("../../migrations/sqlite/0033_knockout.sql"),
    ),
];

pub(super) const POSTGRES_MIGRATIONS: EmbeddedList = &[
    (
        1,
        "schema",
        include_str!("../../migrations/postgres/0001_schema.sql"),
    ),
    (
        3,
        "profile",
        include_str!("../../migrations/postgres/0003_profile.sql"),
    ),
    (
        4,
        "arbiter",
        include_str!("../../migrations/postgres/0004_arbiter.sql"),
    ),
    (
        5,
        "game channel",
        include_str!("../../migrations/postgres/0005_game_channel.sql"),
    ),
    (
        6,
        "teams",
        include_str!("../../migrations/postgres/0006_teams.sql"),
    ),
    (
        7,
        "postal",
        include_str!("../../migrations/postgres/0007_postal.sql"),
    ),
    (
        8,
        "retention",
        include_str!("../../migrations/postgres/0008_retention.sql"),
    ),
    (
        10,
        "player clock",
        include_str!("../../migrations/postgres/0010_player_clock.sql"),
    ),
    (
        11,
        "turn",
        include_str!("../../migrations/postgres/0011_turn.sql"),
    ),
    (
        12,
        "board theme",
        include_str!("../../migrations/postgres/0012_board_theme.sql"),
    ),
    (
        14,
        "ratings",
        include_str!("../../migrations/postgres/0014_ratings.sql"),
    ),
    (
        15,
        "postal leave",
        include_str!("../../migrations/postgres/0015_postal_leave.sql"),
    ),
    (
        16,
        "club invitations",
        include_str!("../../migrations/postgres/0016_club_invitations.sql"),
    ),
    (
        18,
        "rate budget",
        include_str!("../../migrations/postgres/0018_rate_budget.sql"),
    ),
    (
        19,
        "rating order",
        include_str!("../../migrations/postgres/0019_rating_order.sql"),
    ),
    (
        20,
        "event removals",
        include_str!("../../migrations/postgres/0020_event_removals.sql"),
    ),
    (
        21,
        "open absence",
        include_str!("../../migrations/postgres/0021_open_absence.sql"),
    ),
    (
        22,
        "notation chosen",
        include_str!("../../migrations/postgres/0022_notation_chosen.sql"),
    ),
    (
        23,
        "impossible cards",
        include_str!("../../migrations/postgres/0023_impossible_cards.sql"),
    ),
    (
        24,
        "held thread notices",
        include_str!("../../migrations/postgres/0024_held_thread_notices.sql"),
    ),
    (
        25,
        "server keys",
        include_str!("../../migrations/postgres/0025_server_keys.sql"),
    ),
    (
        26,
        "touch budget",
        include_str!("../../migrations/postgres/0026_touch_budget.sql"),
    ),
    (
        27,
        "calendar feeds",
        include_str!("../../migrations/postgres/0027_calendar_feeds.sql"),
    ),
    (
        28,
        "follows",
        include_str!("../../migrations/postgres/0028_follows.sql"),
    ),
    (
        29,
        "game notes",
        include_str!("../../migrations/postgres/0029_game_notes.sql"),
    ),
    (
        30,
        "conditional lines",
        include_str!("../../migrations/postgres/0030_conditional_lines.sql"),
    ),
    (
        31,
        "iccf ratings",
        include_str!("../../migrations/postgres/0031_iccf_ratings.sql"),
    ),
    (
        32,
        "game sections",
        include_str!("../../migrations/postgres/0032_game_sections.sql"),
    ),
    (
        33,
        "knockout",
        include_str!("../../migrations/postgres/0033_knockout.sql"),
    ),
];

/// A list of embedded migrations, as sqlx's migrator reads them.
#[derive(Debug)]
pub(super) struct Embedded(pub(super) EmbeddedList);

impl MigrationSource<'static> for Embedded {
    fn resolve(
        self,
    ) -> Pin<Box<dyn Future<Output = Result<Vec<Migration>, BoxDynError>> + Send + 'static>> {
        let migrations = self
            .0
            .iter()
            .map(|(version, description, sql)| {
                Migration::new(
                    *version,
                    Cow::Borrowed(*description),
                    MigrationType::Simple,
                    Cow::Borrowed(*sql),
                    false,
                )
            })
            .collect();
        Box::pin(std::future::ready(Ok(migrations)))
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    /// The migration files of `migrations/<backend>/`, by name: (version,
    /// description, SQL), the description being the name's words.
    fn files(backend: &str) -> Vec<(i64, String, String)> {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("migrations")
            .join(backend);
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .expect("the migrations folder")
            .map(|entry| entry.expect("a folder entry").file_name())
            .map(|name| name.to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
            .iter()
            .map(|name| {
                let stem = name.strip_suffix(".sql").expect("a .sql file");
                let (version, words) = stem.split_once('_').expect("NNNN_words.sql");
                let sql = std::fs::read_to_string(dir.join(name)).expect("readable SQL");
                let version = version.parse().expect("a numbered migration");
                (version, words.replace('_', " "), sql)
            })
            .collect()
    }

    fn listed(list: EmbeddedList) -> Vec<(i64, String, String)> {
        list.iter()
            .map(|(version, words, sql)| (*version, (*words).to_owned(), (*sql).to_owned()))
            .collect()
    }

    #[test]
    fn the_lists_match_the_migration_files() {
        for (backend, list) in [
            ("sqlite", SQLITE_MIGRATIONS),
            ("postgres", POSTGRES_MIGRATIONS),
        ] {
            let files = files(backend);
            let listed = listed(list);
            assert_eq!(listed.len(), files.len(), "{backend}: count");
            for (file, entry) in files.iter().zip(&listed) {
                assert_eq!(
                    (file.0, &file.1),
                    (entry.0, &entry.1),
                    "{backend}: name and order"
                );
                assert!(file.2 == entry.2, "{backend}: SQL of migration {}", file.0);
            }
        }
    }

    #[test]
    fn both_backends_have_the_same_migrations() {
        let names = |list: EmbeddedList| -> Vec<(i64, &str)> {
            list.iter()
                .map(|(version, words, _)| (*version, *words))
                .collect()
        };
        assert_eq!(names(SQLITE_MIGRATIONS), names(POSTGRES_MIGRATIONS));
        let newest = SQLITE_MIGRATIONS.last().map(|(version, _, _)| *version);
        assert_eq!(
            newest,
            Some(super::super::dump::SCHEMA_VERSION),
            "the dump's schema"
        );
    }
}
