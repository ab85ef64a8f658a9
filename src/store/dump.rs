//! The whole database as one JSON document, and back: the backup, and the
//! way a club moves from SQLite to PostgreSQL (the format is the same for
//! both backends: every column as JSON null, integer, boolean or string).
//!
//! Column types come from the database's own catalog, so the dump follows
//! the migrations without a second description of the schema.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::sql::{QueryArg, RowExt, bind_all};
use super::{Backend, Db, StoreError, StoreResult, Tx, TxInner};

/// The `format` field of a dump.
pub const DUMP_FORMAT: &str = "corrbot-dump";

/// Every table, parents before children (the order a restore inserts in).
pub const DUMP_TABLES: &[&str] = &[
    "players",
    "player_settings",
    "player_clock",
    "calendar_feeds",
    "link_codes",
    "accounts",
    "events",
    "event_settings",
    "invitations",
    "roles",
    "teams",
    "team_members",
    "team_events",
    "entries",
    "event_removals",
    "games",
    "game_sections",
    "knockout_seeds",
    "knockout_games",
    "moves",
    "ratings",
    "rating_changes",
    "rating_lists",
    "rating_list_lines",
    "team_match_games",
    "leaves",
    "cases",
    "case_notes",
    "rulings",
    "appeals",
    "clock_adjustments",
    "sanctions",
    "arbiter_requests",
    "absences",
    "game_channels",
    "game_threads",
    "chat_settings",
    "postal_plies",
    "postal_variants",
    "postal_cards",
    "postal_impossible_cards",
    "postal_claims",
    "game_messages",
    "game_notes",
    "conditional_lines",
    "held_moves",
    "player_switches",
    "follows",
    "message_games",
    "outbox",
    "held_thread_notices",
    "deadlines",
    "inbound",
    "audit_log",
];

/// A whole database: every row of every table, in key order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Dump {
    /// Always [`DUMP_FORMAT`].
    pub format: String,
    /// The schema version the rows fit.
    pub schema_version: i64,
    /// Table name → rows (column name → value).
    pub tables: BTreeMap<String, Vec<Map<String, Value>>>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum ColumnType {
    Int,
    Bool,
    Text,
}

impl ColumnType {
    fn from_declared(declared: &str) -> ColumnType {
        let upper = declared.to_uppercase();
        if upper.contains("INT") {
            ColumnType::Int
        } else if upper.contains("BOOL") {
            ColumnType::Bool
        } else {
            ColumnType::Text
        }
    }
}

type Columns = Vec<(String, ColumnType)>;

mod replay;
mod stream;
mod validate;
mod values;

impl Db {
    /// Reads every table into a [`Dump`], from one consistent snapshot
    /// (what [`Db::dump_to`] writes, held in memory: for tests and small
    /// databases; `corrbot export` streams).
    pub async fn dump(&self) -> StoreResult<Dump> {
        let mut bytes = Vec::new();
        self.dump_to(&mut bytes).await?;
        serde_json::from_slice(&bytes).map_err(|source| StoreError::Encode {
            what: "a dump",
            source,
        })
    }

    /// Writes a [`Dump`] into this database, which must be migrated and
    /// empty, in one transaction: all of it or nothing.
    pub async fn restore(&self, dump: &Dump) -> StoreResult<()> {
        if let Some(unknown) = dump
            .tables
            .keys()
            .find(|name| !DUMP_TABLES.contains(&name.as_str()))
        {
            return Err(StoreError::Restore(format!(
                "no table {unknown} in this schema"
            )));
        }
        let mut restorer = stream::Restorer::start(self).await?;
        restorer
            .take(stream::Item::Header {
                format: dump.format.clone(),
                schema_version: dump.schema_version,
            })
            .await?;
        for table in DUMP_TABLES {
            let Some(rows) = dump.tables.get(*table) else {
                continue;
            };
            restorer
                .take(stream::Item::Table((*table).to_owned()))
                .await?;
            restorer.rows(rows).await?;
            restorer.take(stream::Item::TableEnd).await?;
        }
        restorer.commit().await.map(drop)
    }
}

/// The schema version the dump format follows (the newest migration).
pub(super) const SCHEMA_VERSION: i64 = 33;

/// The oldest schema version whose dumps have the tables and columns of
/// [`SCHEMA_VERSION`] and so restore as they are: migration 21 only added
/// an index (one open absence a player; a dump breaking it is refused and
/// restores nothing), 22 only rows (the notations players chose), 23
/// a table (impossible postal cards) and 24 a table (thread notices held
/// back by a public delay) that an older dump leaves empty, 25 and 26
/// tables never dumped (the installation's secrets, the touch board's
/// request budgets), and 27, 28, 29, 30 and 32 tables (players' calendar
/// feeds, what members follow, players' private notes, their conditional
/// lines, the sections of games) that an older dump leaves empty; 31
/// columns whose defaults are what a dump from before means (its rating
/// changes and events rated with Elo, no imported starting ratings) and
/// tables (published rating lists) an older dump leaves empty; 33 tables
/// (knock-out seedings and matches) an older dump leaves empty.
pub(super) const OLDEST_SAME_TABLES: i64 = 20;

async fn columns(tx: &mut Tx, table: &str) -> StoreResult<Columns> {
    const SQLITE: &str = "SELECT name, type FROM pragma_table_info($1) ORDER BY cid";
    const POSTGRES: &str = "SELECT column_name AS name, data_type AS type \
         FROM information_schema.columns \
         WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position";
    let sql = match tx.backend() {
        Backend::Sqlite => SQLITE,
        Backend::Postgres => POSTGRES,
    };
    let read = |row: &dyn RowExt| -> StoreResult<(String, ColumnType)> {
        Ok((
            row.text("name")?,
            ColumnType::from_declared(&row.text("type")?),
        ))
    };
    let columns = tx.fetch_all(sql, vec![QueryArg::from(table)], read).await?;
    if columns.is_empty() {
        return Err(StoreError::Restore(format!("no table {table}")));
    }
    Ok(columns)
}

async fn count_rows(tx: &mut Tx, table: &str) -> StoreResult<i64> {
    let sql = format!("SELECT COUNT(*) AS n FROM {table}");
    on_conn!(tx, conn => {
        let row = sqlx::query(&sql).fetch_one(conn).await?;
        row.int("n")
    })
}

fn row_to_json(row: &dyn RowExt, columns: &Columns) -> StoreResult<Map<String, Value>> {
    let mut object = Map::new();
    for (name, kind) in columns {
        let value = match kind {
            ColumnType::Int => row.opt_int(name)?.map(Value::from),
            ColumnType::Bool => row.opt_boolean(name)?.map(Value::from),
            ColumnType::Text => row.opt_text(name)?.map(Value::from),
        };
        object.insert(name.clone(), value.unwrap_or(Value::Null));
    }
    Ok(object)
}

/// The most rows one INSERT carries: with the widest table's columns this
/// stays far below both backends' limits on bound parameters (SQLite
/// 32,766, PostgreSQL 65,535).
const ROWS_PER_INSERT: usize = 256;

/// Inserts rows into `table` with one statement per run of rows that
/// carry the same columns (a batch of a dump: one round trip, not one per
/// row).
async fn insert_rows(
    tx: &mut Tx,
    table: &str,
    columns: &Columns,
    rows: &[Map<String, Value>],
) -> StoreResult<()> {
    let mut start = 0;
    while start < rows.len() {
        let present: Vec<&(String, ColumnType)> = columns
            .iter()
            .filter(|(name, _)| rows[start].contains_key(name))
            .collect();
        let same = |row: &Map<String, Value>| {
            row.len() == rows[start].len() && present.iter().all(|(name, _)| row.contains_key(name))
        };
        let run = rows[start..]
            .iter()
            .take(ROWS_PER_INSERT)
            .take_while(|row| same(row))
            .count();
        insert_run(tx, table, &present, &rows[start..start + run]).await?;
        start += run;
    }
    Ok(())
}

async fn insert_run(
    tx: &mut Tx,
    table: &str,
    present: &[&(String, ColumnType)],
    rows: &[Map<String, Value>],
) -> StoreResult<()> {
    let names: Vec<&str> = present.iter().map(|(name, _)| name.as_str()).collect();
    let width = present.len();
    let tuples: Vec<String> = (0..rows.len())
        .map(|row| {
            let marks: Vec<String> = (1..=width)
                .map(|i| format!("${}", row * width + i))
                .collect();
            format!("({})", marks.join(", "))
        })
        .collect();
    let sql = format!(
        "INSERT INTO {table} ({}) VALUES {}",
        names.join(", "),
        tuples.join(", ")
    );
    let mut args = Vec::with_capacity(width * rows.len());
    for row in rows {
        for (name, kind) in present {
            args.push(json_to_arg(table, name, *kind, &row[name])?);
        }
    }
    on_conn!(tx, conn => {
        bind_all!(sqlx::query(&sql), args).execute(conn).await?;
        Ok(())
    })
}

fn json_to_arg(
    table: &str,
    column: &str,
    kind: ColumnType,
    value: &Value,
) -> StoreResult<QueryArg> {
    let wrong = || StoreError::Restore(format!("{table}.{column}: {value}"));
    Ok(match (kind, value) {
        (ColumnType::Int, Value::Null) => QueryArg::Int(None),
        (ColumnType::Int, value) => QueryArg::Int(Some(value.as_i64().ok_or_else(wrong)?)),
        (ColumnType::Bool, Value::Null) => QueryArg::Bool(None),
        (ColumnType::Bool, Value::Bool(flag)) => QueryArg::Bool(Some(*flag)),
        (ColumnType::Bool, Value::Number(n)) => {
            QueryArg::Bool(Some(n.as_i64().ok_or_else(wrong)? != 0))
        }
        (ColumnType::Text, Value::Null) => QueryArg::Text(None),
        (ColumnType::Text, Value::String(text)) => QueryArg::Text(Some(text.clone())),
        _ => return Err(wrong()),
    })
}
