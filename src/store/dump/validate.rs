//! Per-row checks that `corrbot import` runs before inserting a batch: the
//! columns, the texts, and each value as the store reads it
//! ([`super::values`]).

use serde_json::{Map, Value};

use super::Columns;
use crate::store::{StoreError, StoreResult};

/// The longest text a column may hold, in characters.
const MAX_TEXT: usize = 65_536;

/// Refuses a row with an unknown column, a NUL, an over-long text or a
/// value the store could not read, naming the table, the row (its id, else
/// its place in the table), the column and why.
pub(super) fn row(
    table: &str,
    index: u64,
    columns: &Columns,
    row: &Map<String, Value>,
) -> StoreResult<()> {
    let id = row
        .get("id")
        .map_or_else(|| index.to_string(), Value::to_string);
    let refuse = |column: &str, why: &str| {
        Err(StoreError::Restore(format!(
            "{table} row {id}, {column}: {why}"
        )))
    };
    for (column, value) in row {
        if !columns.iter().any(|(name, _)| name == column) {
            return refuse(column, "unknown column");
        }
        if let Value::String(text) = value {
            if text.contains('\0') {
                return refuse(column, "contains NUL");
            }
            if text.chars().count() > MAX_TEXT {
                return refuse(column, "text too long");
            }
        }
        if let Some(why) = super::values::problem(table, column, value) {
            return refuse(column, &why);
        }
    }
    Ok(())
}
