//! The one place where the two backends differ in Rust: binding arguments
//! and reading columns. Every query of the store is written once, with
//! `$1, $2, …` placeholders, which both PostgreSQL and sqlx's SQLite accept.

use chrono::{DateTime, Utc};
use serde_json::Value;
use sqlx::Row;
use sqlx::postgres::PgRow;
use sqlx::sqlite::SqliteRow;

use super::StoreError;
use super::model::*;

/// A query argument: the few column types the schema uses.
#[derive(Clone, Debug)]
pub(crate) enum Arg {
    /// BIGINT (also instants in Unix milliseconds, and ids).
    Int(Option<i64>),
    /// TEXT (also JSON).
    Text(Option<String>),
    /// BOOLEAN.
    Bool(bool),
}

/// Builds a `Vec<Arg>` from values convertible with `Arg::from`.
macro_rules! args {
    ($($value:expr),* $(,)?) => { vec![$($crate::store::sql::Arg::from($value)),*] };
}
pub(crate) use args;

/// An instant as stored: Unix milliseconds.
pub(crate) fn millis(at: DateTime<Utc>) -> i64 {
    at.timestamp_millis()
}

/// An instant from its stored form.
pub(crate) fn instant(ms: i64) -> Result<DateTime<Utc>, StoreError> {
    DateTime::from_timestamp_millis(ms).ok_or_else(|| StoreError::Corrupt(format!("instant {ms}")))
}

impl From<i64> for Arg {
    fn from(v: i64) -> Self {
        Arg::Int(Some(v))
    }
}
impl From<Option<i64>> for Arg {
    fn from(v: Option<i64>) -> Self {
        Arg::Int(v)
    }
}
impl From<bool> for Arg {
    fn from(v: bool) -> Self {
        Arg::Bool(v)
    }
}
impl From<String> for Arg {
    fn from(v: String) -> Self {
        Arg::Text(Some(v))
    }
}
impl From<&str> for Arg {
    fn from(v: &str) -> Self {
        Arg::Text(Some(v.to_owned()))
    }
}
impl From<&String> for Arg {
    fn from(v: &String) -> Self {
        Arg::Text(Some(v.clone()))
    }
}
impl From<Option<String>> for Arg {
    fn from(v: Option<String>) -> Self {
        Arg::Text(v)
    }
}
impl From<Option<&str>> for Arg {
    fn from(v: Option<&str>) -> Self {
        Arg::Text(v.map(str::to_owned))
    }
}
impl From<&Value> for Arg {
    fn from(v: &Value) -> Self {
        Arg::Text(Some(v.to_string()))
    }
}
impl From<DateTime<Utc>> for Arg {
    fn from(v: DateTime<Utc>) -> Self {
        Arg::Int(Some(millis(v)))
    }
}
impl From<Option<DateTime<Utc>>> for Arg {
    fn from(v: Option<DateTime<Utc>>) -> Self {
        Arg::Int(v.map(millis))
    }
}

macro_rules! id_args {
    ($($id:ident),*) => {$(
        impl From<$id> for Arg {
            fn from(v: $id) -> Self { Arg::Int(Some(v.0)) }
        }
        impl From<Option<$id>> for Arg {
            fn from(v: Option<$id>) -> Self { Arg::Int(v.map(|id| id.0)) }
        }
    )*};
}
id_args!(
    PlayerId, AccountId, EventId, TeamId, GameId, LeaveId, CaseId, CaseNoteId, RulingId, AppealId,
    NoticeId, DeadlineId, AuditId
);

macro_rules! bind_all {
    ($query:expr, $args:expr) => {{
        let mut query = $query;
        for arg in $args {
            query = match arg {
                Arg::Int(v) => query.bind(v),
                Arg::Text(v) => query.bind(v),
                Arg::Bool(v) => query.bind(v),
            };
        }
        query
    }};
}
pub(crate) use bind_all;

/// Reading a row's columns by name, the same way on both backends.
pub(crate) trait RowExt {
    /// A non-null BIGINT.
    fn int(&self, column: &str) -> Result<i64, StoreError>;
    /// A nullable BIGINT.
    fn opt_int(&self, column: &str) -> Result<Option<i64>, StoreError>;
    /// A non-null TEXT.
    fn text(&self, column: &str) -> Result<String, StoreError>;
    /// A nullable TEXT.
    fn opt_text(&self, column: &str) -> Result<Option<String>, StoreError>;
    /// A BOOLEAN.
    fn boolean(&self, column: &str) -> Result<bool, StoreError>;
}

macro_rules! row_ext {
    ($row:ty) => {
        impl RowExt for $row {
            fn int(&self, column: &str) -> Result<i64, StoreError> {
                Ok(self.try_get(column)?)
            }
            fn opt_int(&self, column: &str) -> Result<Option<i64>, StoreError> {
                Ok(self.try_get(column)?)
            }
            fn text(&self, column: &str) -> Result<String, StoreError> {
                Ok(self.try_get(column)?)
            }
            fn opt_text(&self, column: &str) -> Result<Option<String>, StoreError> {
                Ok(self.try_get(column)?)
            }
            fn boolean(&self, column: &str) -> Result<bool, StoreError> {
                Ok(self.try_get(column)?)
            }
        }
    };
}
row_ext!(SqliteRow);
row_ext!(PgRow);

/// Typed helpers on top of [`RowExt`], for the record mappers.
pub(crate) trait RowRead: RowExt {
    /// A non-null instant.
    fn at(&self, column: &str) -> Result<DateTime<Utc>, StoreError> {
        instant(self.int(column)?)
    }
    /// A nullable instant.
    fn opt_at(&self, column: &str) -> Result<Option<DateTime<Utc>>, StoreError> {
        self.opt_int(column)?.map(instant).transpose()
    }
    /// A JSON value stored as TEXT.
    fn json(&self, column: &str) -> Result<Value, StoreError> {
        let text = self.text(column)?;
        serde_json::from_str(&text).map_err(|e| StoreError::Corrupt(format!("{column}: {e}")))
    }
    /// A text enum.
    fn enumerated<T>(&self, column: &str, parse: fn(&str) -> Option<T>) -> Result<T, StoreError> {
        let text = self.text(column)?;
        parse(&text).ok_or_else(|| StoreError::Corrupt(format!("{column}: {text}")))
    }
}

impl<R: RowExt + ?Sized> RowRead for R {}

/// A row mapper: the same function reads a row of either backend.
pub(crate) type Mapper<T> = fn(&dyn RowExt) -> Result<T, StoreError>;
