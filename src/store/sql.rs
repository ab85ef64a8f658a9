//! The one place where the two backends differ in Rust: binding arguments
//! and reading columns. Every query of the store is written once, with
//! `$1, $2, …` placeholders, which both PostgreSQL and sqlx's SQLite accept.

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use sqlx::Row;
use sqlx::postgres::PgRow;
use sqlx::sqlite::SqliteRow;

use super::ids::*;
use super::{Corruption, StoreError};

/// A query argument: the few column types the schema uses.
#[derive(Clone, Debug)]
pub(crate) enum QueryArg {
    /// BIGINT (also instants in Unix milliseconds, and ids).
    Int(Option<i64>),
    /// TEXT (also JSON).
    Text(Option<String>),
    /// BOOLEAN.
    Bool(Option<bool>),
}

/// Builds a `Vec<QueryArg>` from values convertible with `QueryArg::from`.
macro_rules! args {
    ($($value:expr),* $(,)?) => { vec![$($crate::store::sql::QueryArg::from($value)),*] };
}
pub(crate) use args;

/// A string-coded enum: each variant stored (and serialized) as its word.
macro_rules! text_enum {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident = $text:literal,)* }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name { $($(#[$vdoc])* $variant,)* }

        impl $name {
            /// The text stored in the database.
            pub fn as_str(self) -> &'static str {
                match self { $(Self::$variant => $text,)* }
            }

            /// Parses the text stored in the database.
            pub fn parse(text: &str) -> Option<Self> {
                match text { $($text => Some(Self::$variant),)* _ => None }
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = String::deserialize(deserializer)?;
                Self::parse(&text).ok_or_else(|| {
                    serde::de::Error::unknown_variant(&text, &[$($text),*])
                })
            }
        }

        impl From<$name> for $crate::store::sql::QueryArg {
            fn from(value: $name) -> Self {
                $crate::store::sql::QueryArg::Text(Some(value.as_str().to_owned()))
            }
        }
    };
}
pub(crate) use text_enum;

/// An instant as stored: Unix milliseconds.
pub(crate) fn millis(at: DateTime<Utc>) -> i64 {
    at.timestamp_millis()
}

/// A value stored as JSON TEXT.
pub(crate) fn json_arg<T: Serialize>(
    what: &'static str,
    value: &T,
) -> Result<QueryArg, StoreError> {
    let text =
        serde_json::to_string(value).map_err(|source| StoreError::Encode { what, source })?;
    Ok(QueryArg::Text(Some(text)))
}

impl From<i64> for QueryArg {
    fn from(v: i64) -> Self {
        QueryArg::Int(Some(v))
    }
}
impl From<Option<i64>> for QueryArg {
    fn from(v: Option<i64>) -> Self {
        QueryArg::Int(v)
    }
}
impl From<bool> for QueryArg {
    fn from(v: bool) -> Self {
        QueryArg::Bool(Some(v))
    }
}
impl From<Option<bool>> for QueryArg {
    fn from(v: Option<bool>) -> Self {
        QueryArg::Bool(v)
    }
}
impl From<String> for QueryArg {
    fn from(v: String) -> Self {
        QueryArg::Text(Some(v))
    }
}
impl From<&str> for QueryArg {
    fn from(v: &str) -> Self {
        QueryArg::Text(Some(v.to_owned()))
    }
}
impl From<&String> for QueryArg {
    fn from(v: &String) -> Self {
        QueryArg::Text(Some(v.clone()))
    }
}
impl From<Option<String>> for QueryArg {
    fn from(v: Option<String>) -> Self {
        QueryArg::Text(v)
    }
}
impl From<Option<&str>> for QueryArg {
    fn from(v: Option<&str>) -> Self {
        QueryArg::Text(v.map(str::to_owned))
    }
}
impl From<&Value> for QueryArg {
    fn from(v: &Value) -> Self {
        QueryArg::Text(Some(v.to_string()))
    }
}
impl From<DateTime<Utc>> for QueryArg {
    fn from(v: DateTime<Utc>) -> Self {
        QueryArg::Int(Some(millis(v)))
    }
}
impl From<Option<DateTime<Utc>>> for QueryArg {
    fn from(v: Option<DateTime<Utc>>) -> Self {
        QueryArg::Int(v.map(millis))
    }
}

macro_rules! id_args {
    ($($id:ident),*) => {$(
        impl From<$id> for QueryArg {
            fn from(v: $id) -> Self { QueryArg::Int(Some(v.0)) }
        }
        impl From<Option<$id>> for QueryArg {
            fn from(v: Option<$id>) -> Self { QueryArg::Int(v.map(|id| id.0)) }
        }
    )*};
}
id_args!(
    PlayerId, AccountId, EventId, TeamId, GameId, LeaveId, CaseId, CaseNoteId, RulingId, AppealId,
    NoticeId, DeadlineId, AuditId, RequestId
);

macro_rules! bind_all {
    ($query:expr, $args:expr) => {{
        let mut query = $query;
        for arg in $args {
            query = match arg {
                QueryArg::Int(v) => query.bind(v),
                QueryArg::Text(v) => query.bind(v),
                QueryArg::Bool(v) => query.bind(v),
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
    /// A nullable BOOLEAN.
    fn opt_boolean(&self, column: &str) -> Result<Option<bool>, StoreError>;
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
            fn opt_boolean(&self, column: &str) -> Result<Option<bool>, StoreError> {
                Ok(self.try_get(column)?)
            }
        }
    };
}
row_ext!(SqliteRow);
row_ext!(PgRow);

/// A row read as a record of `table`. Its typed readers fail with
/// [`StoreError::Corrupt`], naming the table and the row's key, when a
/// stored value cannot be read back: a corrupt row is an error, never a
/// default.
pub(crate) struct Record<'r> {
    row: &'r dyn RowExt,
    table: &'static str,
    key: &'static [&'static str],
}

impl<'r> Record<'r> {
    /// A row of `table` keyed by its `id` column.
    pub(crate) fn new(row: &'r dyn RowExt, table: &'static str) -> Result<Self, StoreError> {
        Self::keyed(row, table, &["id"])
    }

    /// A row of `table` keyed by BIGINT columns (`["event_id", "player_id"]`).
    pub(crate) fn keyed(
        row: &'r dyn RowExt,
        table: &'static str,
        key: &'static [&'static str],
    ) -> Result<Self, StoreError> {
        for column in key {
            row.int(column)?;
        }
        Ok(Self { row, table, key })
    }

    /// The error for a bad value in this row.
    pub(crate) fn corrupt(&self, reason: Corruption) -> StoreError {
        let value = |column: &str| {
            self.row
                .int(column)
                .map_or("?".to_owned(), |v| v.to_string())
        };
        let id = match self.key {
            ["id"] => value("id"),
            columns => columns
                .iter()
                .map(|column| format!("{column} {}", value(column)))
                .collect::<Vec<_>>()
                .join(", "),
        };
        StoreError::Corrupt {
            table: self.table,
            id,
            reason,
        }
    }

    /// A non-null BIGINT.
    pub(crate) fn int(&self, column: &str) -> Result<i64, StoreError> {
        self.row.int(column)
    }
    /// A nullable BIGINT.
    pub(crate) fn opt_int(&self, column: &str) -> Result<Option<i64>, StoreError> {
        self.row.opt_int(column)
    }
    /// A non-null TEXT.
    pub(crate) fn text(&self, column: &str) -> Result<String, StoreError> {
        self.row.text(column)
    }
    /// A nullable TEXT.
    pub(crate) fn opt_text(&self, column: &str) -> Result<Option<String>, StoreError> {
        self.row.opt_text(column)
    }
    /// A BOOLEAN.
    pub(crate) fn boolean(&self, column: &str) -> Result<bool, StoreError> {
        self.row.boolean(column)
    }

    /// A non-null instant.
    pub(crate) fn at(&self, column: &str) -> Result<DateTime<Utc>, StoreError> {
        self.instant(column, self.int(column)?)
    }
    /// A nullable instant.
    pub(crate) fn opt_at(&self, column: &str) -> Result<Option<DateTime<Utc>>, StoreError> {
        let ms = self.opt_int(column)?;
        ms.map(|ms| self.instant(column, ms)).transpose()
    }
    fn instant(&self, column: &str, ms: i64) -> Result<DateTime<Utc>, StoreError> {
        DateTime::from_timestamp_millis(ms).ok_or_else(|| {
            self.corrupt(Corruption::OutOfRange {
                column: column.to_owned(),
                value: ms,
            })
        })
    }

    /// A value of type `T` stored as JSON TEXT.
    pub(crate) fn json<T: DeserializeOwned>(&self, column: &str) -> Result<T, StoreError> {
        let text = self.text(column)?;
        serde_json::from_str(&text).map_err(|source| {
            self.corrupt(Corruption::Json {
                column: column.to_owned(),
                source,
            })
        })
    }

    /// A value coded as a word (a [`text_enum!`] type, …).
    pub(crate) fn enumerated<T>(
        &self,
        column: &str,
        parse: fn(&str) -> Option<T>,
    ) -> Result<T, StoreError> {
        let text = self.text(column)?;
        self.parsed(column, &text, parse)
    }

    /// A nullable value coded as a word.
    pub(crate) fn opt_enumerated<T>(
        &self,
        column: &str,
        parse: fn(&str) -> Option<T>,
    ) -> Result<Option<T>, StoreError> {
        let text = self.opt_text(column)?;
        text.map(|text| self.parsed(column, &text, parse))
            .transpose()
    }

    /// `text` of `column` read with `parse`.
    pub(crate) fn parsed<T>(
        &self,
        column: &str,
        text: &str,
        parse: fn(&str) -> Option<T>,
    ) -> Result<T, StoreError> {
        parse(text).ok_or_else(|| {
            self.corrupt(Corruption::UnknownText {
                column: column.to_owned(),
                text: text.to_owned(),
            })
        })
    }
}

/// A row mapper: the same function reads a row of either backend.
pub(crate) type Mapper<T> = fn(&dyn RowExt) -> Result<T, StoreError>;

#[cfg(test)]
mod tests {
    use super::super::{GameStatus, NoticeStatus, Role};

    #[test]
    fn text_enums_round_trip() {
        for role in [
            Role::Administrator,
            Role::Arbiter,
            Role::AppealsCommittee,
            Role::LeaveOffice,
        ] {
            assert_eq!(Role::parse(role.as_str()), Some(role));
        }
        assert_eq!(GameStatus::parse("finished"), Some(GameStatus::Finished));
        assert_eq!(NoticeStatus::parse("lost"), None);
    }

    #[test]
    fn text_enums_serialize_as_their_stored_word() {
        let json = serde_json::to_string(&Role::AppealsCommittee).unwrap();
        assert_eq!(json, r#""appeals_committee""#);
        assert_eq!(
            serde_json::from_str::<Role>(&json).unwrap(),
            Role::AppealsCommittee
        );
        assert!(serde_json::from_str::<Role>(r#""emperor""#).is_err());
    }
}
