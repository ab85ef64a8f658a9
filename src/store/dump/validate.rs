//! Per-row checks that `corrbot import` runs before inserting a batch.

use serde_json::{Map, Value};

use super::Columns;
use crate::store::{StoreError, StoreResult};

/// The longest text a column may hold, in characters.
const MAX_TEXT: usize = 65_536;

/// Refuses a row with an unknown column, a NUL or an over-long text.
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
    }
    Ok(())
}
