//! The dump written and read row by row, so a federation's database moves
//! between backends in constant memory: `Db::dump_to` streams each table's
//! rows from the database to the writer, `Db::restore_from` parses the
//! JSON on a blocking thread and hands the rows over a bounded channel to
//! the transaction that inserts them.

use std::io::{BufReader, Read, Write};

use futures_util::TryStreamExt;
use serde::de::{DeserializeSeed, Error as _, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};
use tokio::sync::mpsc;

use super::super::{Backend, Db, StoreError, StoreResult, Tx, TxInner};
use super::{
    Columns, DUMP_FORMAT, DUMP_TABLES, OLDEST_SAME_TABLES, SCHEMA_VERSION, columns, count_rows,
    insert_rows,
};

/// Rows handed over at once (one channel message, one thread wake-up, one
/// INSERT).
const BATCH: usize = super::ROWS_PER_INSERT;

/// How many batches may wait for the inserting transaction.
const BATCHES_IN_FLIGHT: usize = 4;

impl Db {
    /// Writes every table as one JSON document (the [`super::Dump`] shape,
    /// tables in restore order, a row per line) to `out`, reading one
    /// consistent snapshot; returns the number of rows written.
    pub async fn dump_to(&self, out: &mut (dyn Write + Send)) -> StoreResult<u64> {
        let mut tx = self.read().await?;
        if tx.backend() == Backend::Postgres {
            tx.execute_raw("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                .await?;
        }
        let head = format!(
            "{{\"format\":{},\"schema_version\":{SCHEMA_VERSION},\"tables\":{{",
            Value::from(DUMP_FORMAT)
        );
        write_all(out, head.as_bytes())?;
        let mut rows = 0;
        for (index, table) in DUMP_TABLES.iter().enumerate() {
            let separator = if index == 0 { "\n" } else { ",\n" };
            write_all(
                out,
                format!("{separator}{}:[", Value::from(*table)).as_bytes(),
            )?;
            let columns = columns(&mut tx, table).await?;
            rows += stream_table(&mut tx, table, &columns, out).await?;
            write_all(out, b"\n]")?;
        }
        write_all(out, b"}}\n")?;
        out.flush().map_err(StoreError::DumpFile)?;
        tx.rollback().await?;
        Ok(rows)
    }

    /// Reads a dump written by [`Db::dump_to`] from `input` into this
    /// database, which must be migrated and empty, in one transaction: all
    /// of it or nothing. Memory stays bounded whatever the dump's size.
    /// Returns the number of rows restored.
    pub async fn restore_from<R: Read + Send + 'static>(&self, input: R) -> StoreResult<u64> {
        let (sender, mut items) = mpsc::channel(BATCHES_IN_FLIGHT);
        let parser = tokio::task::spawn_blocking(move || parse(input, &sender));
        let mut restorer = Restorer::start(self).await?;
        while let Some(item) = items.recv().await {
            restorer.take(item).await?;
        }
        match parser.await {
            Ok(Ok(())) => restorer.commit().await,
            Ok(Err(error)) => Err(StoreError::Restore(format!("not a corrbot dump: {error}"))),
            Err(panic) => std::panic::resume_unwind(panic.into_panic()),
        }
    }
}

fn write_all(out: &mut (dyn Write + Send), bytes: &[u8]) -> StoreResult<()> {
    out.write_all(bytes).map_err(StoreError::DumpFile)
}

async fn stream_table(
    tx: &mut Tx,
    table: &str,
    columns: &Columns,
    out: &mut (dyn Write + Send),
) -> StoreResult<u64> {
    // The first two columns are the key of every table (an `id`, or a
    // compound key such as `(game_id, ply)`), so this order is stable.
    let sql = format!("SELECT * FROM {table} ORDER BY 1, 2");
    let mut written = 0;
    on_conn!(tx, conn => {
        let mut rows = sqlx::query(&sql).fetch(conn);
        while let Some(row) = rows.try_next().await? {
            write_all(out, if written == 0 { b"\n" } else { b",\n" })?;
            let object = super::row_to_json(&row, columns)?;
            serde_json::to_writer(&mut *out, &object)
                .map_err(|source| StoreError::Encode { what: "a dump row", source })?;
            written += 1;
        }
    });
    Ok(written)
}

/// What the parser hands to the inserting transaction, in file order.
#[derive(Debug)]
pub(super) enum Item {
    /// The document's `format` and `schema_version`, before any table.
    Header { format: String, schema_version: i64 },
    /// A table's rows follow.
    Table(String),
    /// The next rows of the current table, at most [`BATCH`].
    Rows(Vec<Map<String, Value>>),
    /// The current table has no more rows.
    TableEnd,
}

fn parse<R: Read>(input: R, sender: &mpsc::Sender<Item>) -> serde_json::Result<()> {
    let mut reader = serde_json::Deserializer::from_reader(BufReader::new(input));
    DocumentSeed { sender }.deserialize(&mut reader)?;
    reader.end()
}

fn send<E: serde::de::Error>(sender: &mpsc::Sender<Item>, item: Item) -> Result<(), E> {
    // A closed channel means the restore already failed and said why.
    sender
        .blocking_send(item)
        .map_err(|_| E::custom("the restore stopped"))
}

struct DocumentSeed<'a> {
    sender: &'a mpsc::Sender<Item>,
}

impl<'de> DeserializeSeed<'de> for DocumentSeed<'_> {
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, input: D) -> Result<(), D::Error> {
        input.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for DocumentSeed<'_> {
    type Value = ();

    fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.write_str("a corrbot dump object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let (mut format, mut schema_version) = (None, None);
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "format" => format = Some(map.next_value::<String>()?),
                "schema_version" => schema_version = Some(map.next_value::<i64>()?),
                "tables" => {
                    let (Some(format), Some(schema_version)) = (format.take(), schema_version)
                    else {
                        return Err(A::Error::custom(
                            "format and schema_version must come before the tables",
                        ));
                    };
                    send(
                        self.sender,
                        Item::Header {
                            format,
                            schema_version,
                        },
                    )?;
                    map.next_value_seed(TablesSeed {
                        sender: self.sender,
                    })?;
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(())
    }
}

struct TablesSeed<'a> {
    sender: &'a mpsc::Sender<Item>,
}

impl<'de> DeserializeSeed<'de> for TablesSeed<'_> {
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, input: D) -> Result<(), D::Error> {
        input.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for TablesSeed<'_> {
    type Value = ();

    fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.write_str("an object of tables")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(table) = map.next_key::<String>()? {
            send(self.sender, Item::Table(table))?;
            map.next_value_seed(RowsSeed {
                sender: self.sender,
            })?;
            send(self.sender, Item::TableEnd)?;
        }
        Ok(())
    }
}

struct RowsSeed<'a> {
    sender: &'a mpsc::Sender<Item>,
}

impl<'de> DeserializeSeed<'de> for RowsSeed<'_> {
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, input: D) -> Result<(), D::Error> {
        input.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for RowsSeed<'_> {
    type Value = ();

    fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.write_str("an array of rows")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut rows: A) -> Result<(), A::Error> {
        let mut batch = Vec::with_capacity(BATCH);
        while let Some(row) = rows.next_element::<Map<String, Value>>()? {
            batch.push(row);
            if batch.len() == BATCH {
                send(self.sender, Item::Rows(std::mem::take(&mut batch)))?;
            }
        }
        if !batch.is_empty() {
            send(self.sender, Item::Rows(batch))?;
        }
        Ok(())
    }
}

/// The transaction a restore writes in, fed one [`Item`] at a time.
pub(super) struct Restorer {
    tx: Tx,
    /// The table being filled: its place in [`DUMP_TABLES`], name, columns.
    current: Option<(usize, &'static str, Columns)>,
    /// The place of the last table filled: parents come before children.
    last: Option<usize>,
    header: bool,
    rows: u64,
    /// Rows of the current table so far (a row's number in refusals).
    table_rows: u64,
}

impl Restorer {
    /// Begins the transaction; every table must be empty.
    pub(super) async fn start(db: &Db) -> StoreResult<Restorer> {
        let mut tx = db.begin().await?;
        for table in DUMP_TABLES {
            if count_rows(&mut tx, table).await? > 0 {
                return Err(StoreError::Restore(format!(
                    "restore needs an empty {table} table"
                )));
            }
        }
        Ok(Restorer {
            tx,
            current: None,
            last: None,
            header: false,
            rows: 0,
            table_rows: 0,
        })
    }

    /// Applies one item of the dump.
    pub(super) async fn take(&mut self, item: Item) -> StoreResult<()> {
        match item {
            Item::Header {
                format,
                schema_version,
            } => self.header(&format, schema_version),
            Item::Table(name) => self.table(&name).await,
            Item::Rows(rows) => self.rows(&rows).await,
            Item::TableEnd => self.table_end().await,
        }
    }

    fn header(&mut self, format: &str, schema_version: i64) -> StoreResult<()> {
        let readable = OLDEST_SAME_TABLES..=SCHEMA_VERSION;
        if format != DUMP_FORMAT || !readable.contains(&schema_version) {
            return Err(StoreError::Restore(format!(
                "not a corrbot dump of schema {OLDEST_SAME_TABLES} to {SCHEMA_VERSION}: \
                 {format} {schema_version}"
            )));
        }
        self.header = true;
        Ok(())
    }

    async fn table(&mut self, name: &str) -> StoreResult<()> {
        let Some(place) = DUMP_TABLES.iter().position(|table| *table == name) else {
            return Err(StoreError::Restore(format!(
                "no table {name} in this schema"
            )));
        };
        if self.last.is_some_and(|last| last >= place) {
            return Err(StoreError::Restore(format!(
                "table {name} is out of order: a dump lists tables as corrbot export writes them"
            )));
        }
        let columns = columns(&mut self.tx, name).await?;
        self.current = Some((place, DUMP_TABLES[place], columns));
        self.table_rows = 0;
        Ok(())
    }

    /// Inserts rows of the current table.
    pub(super) async fn rows(&mut self, rows: &[Map<String, Value>]) -> StoreResult<()> {
        let Some((_, table, columns)) = &self.current else {
            return Err(StoreError::Restore("rows outside any table".into()));
        };
        for (offset, row) in rows.iter().enumerate() {
            super::validate::row(table, self.table_rows + offset as u64 + 1, columns, row)?;
        }
        insert_rows(&mut self.tx, table, columns, rows).await?;
        self.rows += rows.len() as u64;
        self.table_rows += rows.len() as u64;
        Ok(())
    }

    /// Ends a table; on PostgreSQL its id sequence continues after the
    /// restored rows, so new rows get fresh ids.
    async fn table_end(&mut self) -> StoreResult<()> {
        let Some((place, table, columns)) = self.current.take() else {
            return Ok(());
        };
        self.last = Some(place);
        let has_id = columns.iter().any(|(name, _)| name == "id");
        if self.tx.backend() == Backend::Postgres && has_id {
            let sql = format!(
                "SELECT setval(pg_get_serial_sequence('{table}', 'id'), \
                 COALESCE(MAX(id), 0) + 1, false) FROM {table}"
            );
            self.tx.execute_raw(&sql).await?;
        }
        Ok(())
    }

    /// Commits what was restored; returns the number of rows.
    pub(super) async fn commit(self) -> StoreResult<u64> {
        if !self.header {
            return Err(StoreError::Restore("the dump has no tables".into()));
        }
        let mut tx = self.tx;
        super::replay::check_games(&mut tx).await?;
        tx.commit().await?;
        Ok(self.rows)
    }
}
