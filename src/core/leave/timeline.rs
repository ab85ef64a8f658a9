//! A player's leave as a normalized set of half-open intervals of instants,
//! and the exact arithmetic the clock needs on it: how much leave lies in a
//! span, and its inverse, the first instant at which a given amount of
//! thinking (non-leave) time has passed.

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

/// A half-open interval of instants `[start, end)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Span {
    /// The first instant inside.
    pub start: DateTime<Utc>,
    /// The first instant after.
    pub end: DateTime<Utc>,
}

impl Span {
    /// The span `[start, end)`.
    pub fn new(start: DateTime<Utc>, end: DateTime<Utc>) -> Self {
        Self { start, end }
    }

    /// Whether `instant` lies inside.
    pub fn contains(&self, instant: DateTime<Utc>) -> bool {
        self.start <= instant && instant < self.end
    }
}

/// Sorted, disjoint, non-adjacent, non-empty leave spans of one player.
///
/// Build it from a [`super::LeaveBook`] or from any spans: overlapping and
/// touching spans are merged, empty ones dropped.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LeaveTimeline {
    spans: Vec<Span>,
}

impl LeaveTimeline {
    /// No leave at all.
    pub fn empty() -> Self {
        Self::default()
    }

    /// Normalizes any spans into a timeline.
    pub fn from_spans(spans: impl IntoIterator<Item = Span>) -> Self {
        let mut sorted: Vec<Span> = spans.into_iter().filter(|s| s.start < s.end).collect();
        sorted.sort_by_key(|s| s.start);
        let mut merged: Vec<Span> = Vec::with_capacity(sorted.len());
        for span in sorted {
            match merged.last_mut() {
                Some(last) if span.start <= last.end => last.end = last.end.max(span.end),
                _ => merged.push(span),
            }
        }
        Self { spans: merged }
    }

    /// The normalized spans, in order.
    pub fn spans(&self) -> &[Span] {
        &self.spans
    }

    /// Whether `instant` lies inside a leave.
    pub fn contains(&self, instant: DateTime<Utc>) -> bool {
        self.spans_from(instant)
            .first()
            .is_some_and(|s| s.contains(instant))
    }

    /// The spans that end after `instant`.
    fn spans_from(&self, instant: DateTime<Utc>) -> &[Span] {
        let first = self.spans.partition_point(|s| s.end <= instant);
        &self.spans[first..]
    }

    /// Total leave inside `[from, to)` (zero if `to <= from`).
    pub fn overlap(&self, from: DateTime<Utc>, to: DateTime<Utc>) -> Duration {
        let mut total = Duration::zero();
        for span in self.spans_from(from) {
            if span.start >= to {
                break;
            }
            total += span.end.min(to) - span.start.max(from);
        }
        total
    }

    /// Thinking time inside `[from, to)`: its length less the leave in it
    /// (R3.5.5, R2.7.4). Zero if `to <= from`.
    pub fn active(&self, from: DateTime<Utc>, to: DateTime<Utc>) -> Duration {
        if to <= from {
            return Duration::zero();
        }
        (to - from) - self.overlap(from, to)
    }

    /// The inverse of [`LeaveTimeline::active`]: the earliest instant `t >=
    /// from` with `active(from, t) >= amount`. Walks the leave spans once, so
    /// it is exact and costs O(log n + spans passed).
    pub fn after_active(&self, from: DateTime<Utc>, amount: Duration) -> DateTime<Utc> {
        let mut at = from;
        let mut remaining = amount;
        if remaining <= Duration::zero() {
            return from;
        }
        for span in self.spans_from(from) {
            if span.start > at {
                let gap = span.start - at;
                if remaining <= gap {
                    return at + remaining;
                }
                remaining -= gap;
            }
            at = at.max(span.end);
        }
        at + remaining
    }
}
