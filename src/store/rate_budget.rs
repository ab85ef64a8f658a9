//! The shared send budget (`rate_budget`, migration 0018): several
//! processes on one PostgreSQL database keep a platform's rate limits for
//! the bot as a whole.
//!
//! Each scope (all requests; one chat) has a least spacing between two
//! requests (1/30 s overall on Telegram, 1 s per chat). A request reserves
//! the earliest instant allowed in every scope it falls under: in one
//! transaction it locks the scopes' rows (`FOR UPDATE`, in key order, so
//! two reservations never wait for each other crosswise), takes the latest
//! of their `next_at` or the database server's clock, and moves each row on
//! by its spacing. Two reservations in one scope are therefore always at
//! least its spacing apart, whichever processes make them. The database's
//! clock is the one clock, so the processes' clocks need not agree.
//!
//! On SQLite (one process per file) nothing is stored: the process's own
//! limiter is the whole budget.

use std::time::Duration;

use sqlx::{PgConnection, Postgres, Transaction};

use super::{Db, Pool, StoreResult};

/// One limit a request falls under: the scope's key and the least time
/// between two requests in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RateScope {
    /// `all`, `chat:123`, … (unique per platform).
    pub key: String,
    /// The least time between two requests in the scope.
    pub spacing: Duration,
}

impl RateScope {
    /// A scope `key` with `spacing`.
    pub fn new(key: impl Into<String>, spacing: Duration) -> Self {
        Self {
            key: key.into(),
            spacing,
        }
    }
}

/// A reserved instant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SendSlot {
    /// The reserved instant, in microseconds since the epoch by the
    /// database server's clock.
    pub at_micros: i64,
    /// How long after the reservation that instant is (zero: at once).
    pub wait: Duration,
}

/// How often a reservation that lost a race with a clean-up (or a
/// deadlock victim) is tried again before the error is returned.
const ATTEMPTS: usize = 5;

const NOW_MICROS: &str = "(EXTRACT(EPOCH FROM clock_timestamp()) * 1000000)::bigint";

impl Db {
    /// Reserves the earliest instant at which a request on `platform` that
    /// falls under every one of `scopes` may go; `None` on SQLite.
    pub async fn reserve_send_slot(
        &self,
        platform: &str,
        scopes: &[RateScope],
    ) -> StoreResult<Option<SendSlot>> {
        let Pool::Postgres(pool) = &self.pool else {
            return Ok(None);
        };
        let mut scopes = scopes.to_vec();
        scopes.sort_by(|a, b| a.key.cmp(&b.key));
        scopes.dedup_by(|a, b| a.key == b.key);
        let mut attempt = 0;
        loop {
            attempt += 1;
            let mut tx = pool.begin().await?;
            match reserve(&mut tx, platform, &scopes).await {
                Ok(Some(slot)) => {
                    tx.commit().await?;
                    return Ok(Some(slot));
                }
                // A clean-up removed a row between the insert and the lock.
                Ok(None) if attempt < ATTEMPTS => tx.rollback().await?,
                Err(error) if attempt < ATTEMPTS => {
                    tracing::debug!(%error, "rate budget: reservation retried");
                    tx.rollback().await?;
                }
                Ok(None) => return Err(sqlx::Error::RowNotFound.into()),
                Err(error) => return Err(error.into()),
            }
        }
    }

    /// Deletes the rows of scopes idle for longer than `idle` (rows locked
    /// by a reservation in progress are skipped); returns how many.
    pub async fn forget_idle_send_scopes(&self, idle: Duration) -> StoreResult<u64> {
        let Pool::Postgres(pool) = &self.pool else {
            return Ok(0);
        };
        let sql = format!(
            "DELETE FROM rate_budget WHERE (platform, scope) IN (
                 SELECT platform, scope FROM rate_budget
                 WHERE next_at < {NOW_MICROS} - $1
                 FOR UPDATE SKIP LOCKED)"
        );
        let done = sqlx::query(&sql).bind(micros(idle)).execute(pool).await?;
        Ok(done.rows_affected())
    }
}

/// The reservation inside `tx`; `None` if a scope's row vanished.
async fn reserve(
    tx: &mut Transaction<'static, Postgres>,
    platform: &str,
    scopes: &[RateScope],
) -> Result<Option<SendSlot>, sqlx::Error> {
    let keys: Vec<String> = scopes.iter().map(|s| s.key.clone()).collect();
    let spacings: Vec<i64> = scopes.iter().map(|s| micros(s.spacing)).collect();
    let conn: &mut PgConnection = tx;
    sqlx::query(
        "INSERT INTO rate_budget (platform, scope, next_at)
         SELECT $1, key, 0 FROM unnest($2::text[]) AS key ORDER BY key
         ON CONFLICT DO NOTHING",
    )
    .bind(platform)
    .bind(&keys)
    .execute(&mut *conn)
    .await?;
    let (locked, latest): (i64, i64) = sqlx::query_as(
        "SELECT count(*), COALESCE(max(next_at), 0) FROM (
             SELECT next_at FROM rate_budget
             WHERE platform = $1 AND scope = ANY($2)
             ORDER BY scope FOR UPDATE) AS held",
    )
    .bind(platform)
    .bind(&keys)
    .fetch_one(&mut *conn)
    .await?;
    if usize::try_from(locked).ok() != Some(keys.len()) {
        return Ok(None);
    }
    let now: i64 = sqlx::query_scalar(&format!("SELECT {NOW_MICROS}"))
        .fetch_one(&mut *conn)
        .await?;
    let at = latest.max(now);
    sqlx::query(
        "UPDATE rate_budget AS r SET next_at = $3 + v.spacing
         FROM unnest($2::text[], $4::bigint[]) AS v(scope, spacing)
         WHERE r.platform = $1 AND r.scope = v.scope",
    )
    .bind(platform)
    .bind(&keys)
    .bind(at)
    .bind(&spacings)
    .execute(&mut *conn)
    .await?;
    let wait = Duration::from_micros(u64::try_from(at - now).unwrap_or(0));
    Ok(Some(SendSlot {
        at_micros: at,
        wait,
    }))
}

fn micros(span: Duration) -> i64 {
    i64::try_from(span.as_micros()).unwrap_or(i64::MAX)
}
