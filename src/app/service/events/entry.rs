//! Who may enter an event (issue events-2): the settings `max-players=N`,
//! `start=full`, `rating=MIN-MAX`, `min-games=N`, `timeout-ban=D`,
//! `max-timeouts=P%` and `draw-offers=N` read into the regulation, the
//! conditions checked for a player entering (`/event join`, an invitation,
//! an organizer's `/team add`), and the words `/event show` lists them in.

use chrono::{DateTime, Utc};

use crate::app::i18n::{Args, Lang, days_text, tr, tr0};
use crate::app::view::game::{arbiter_reason_id, colour_of, reason_id};
use crate::core::entry::{EntryRecord, EntryRefusal, EntryRules, RatingBand};
use crate::core::game::{ArbiterReason, Score, Termination};
use crate::core::rating::Rating;
use crate::core::regulation::Regulation;
use crate::store::{Event, GameStatus, PlayerId, Tx};

use crate::app::command::shown_date;
use crate::app::failure::{Failure, refuse};

/// Applies an entry setting to `regulation`: `None` if `key` is not one,
/// else whether `value` reads. `none` takes the condition away.
pub(super) fn apply(regulation: &mut Regulation, key: &str, value: &str) -> Option<bool> {
    if value == "none" {
        return clear(regulation, key);
    }
    let rules = &mut regulation.entry;
    let ok = match key {
        "max-players" => set(&mut rules.max_players, number(value).filter(|n| *n >= 2)),
        "start" => match value {
            "full" => {
                rules.start_when_full = true;
                true
            }
            "manual" => {
                rules.start_when_full = false;
                true
            }
            _ => false,
        },
        "rating" => set(&mut rules.rating, RatingBand::parse(value)),
        "min-games" => set(&mut rules.min_games, number(value)),
        "timeout-ban" => set(&mut rules.timeout_ban_days, number(value)),
        "max-timeouts" => {
            let percent = number(value.trim_end_matches('%').trim_end());
            set(
                &mut rules.max_timeout_percent,
                percent.filter(|p| *p <= 100),
            )
        }
        "draw-offers" => set(
            &mut regulation.draw_offer_moves,
            number(value).filter(|n| *n >= 1),
        ),
        _ => return None,
    };
    Some(ok)
}

/// Takes the condition `key` away: `None` if `key` is not one.
fn clear(regulation: &mut Regulation, key: &str) -> Option<bool> {
    let rules = &mut regulation.entry;
    match key {
        "max-players" => rules.max_players = None,
        "start" => rules.start_when_full = false,
        "rating" => rules.rating = None,
        "min-games" => rules.min_games = None,
        "timeout-ban" => rules.timeout_ban_days = None,
        "max-timeouts" => rules.max_timeout_percent = None,
        "draw-offers" => regulation.draw_offer_moves = None,
        _ => return None,
    }
    Some(true)
}

/// Sets `slot` to `value` when it reads; `false` when it does not.
fn set<T>(slot: &mut Option<T>, value: Option<T>) -> bool {
    match value {
        Some(value) => {
            *slot = Some(value);
            true
        }
        None => false,
    }
}

/// A whole number of at most a thousand thousand.
fn number(value: &str) -> Option<u32> {
    value.parse().ok().filter(|n| *n <= 1_000_000)
}

/// `start=full` needs `max-players=N`: refused otherwise.
pub(super) fn check_complete(lang: Lang, regulation: &Regulation) -> Result<(), Failure> {
    let rules = &regulation.entry;
    if rules.start_when_full && rules.max_players.is_none() {
        return Err(refuse(lang, "error-entry-start-full", &Args::new()));
    }
    Ok(())
}

/// What the conditions read of `player`, dates in the event's zone.
async fn record_of(tx: &mut Tx, event: &Event, player: PlayerId) -> Result<EntryRecord, Failure> {
    let (rating, rated_games) = match tx.rating_of(player).await? {
        Some((rating, games)) => (rating, games),
        None => (Rating::START, 0),
    };
    let zone = event.regulation.date_zone();
    let on_time = [
        reason_id(Termination::TimeForfeit),
        arbiter_reason_id(ArbiterReason::TimeExceeded),
    ];
    let mut record = EntryRecord {
        rating: rating.points(),
        rated_games: u32::try_from(rated_games).unwrap_or(u32::MAX),
        finished_games: 0,
        time_losses: 0,
        last_time_loss: None,
    };
    for game in tx.games_of_player(player).await? {
        let Some(score) = game.result.filter(|_| game.status == GameStatus::Finished) else {
            continue;
        };
        if score == Score::Annulled {
            continue;
        }
        record.finished_games += 1;
        let lost = matches!(score, Score::Win(winner) if Some(winner) != colour_of(&game, player));
        let reason = game.result_reason.as_deref().unwrap_or_default();
        if lost && on_time.contains(&reason) {
            record.time_losses += 1;
            let date = game
                .finished_at
                .map(|at| at.with_timezone(&zone).date_naive());
            record.last_time_loss = record.last_time_loss.max(date);
        }
    }
    Ok(record)
}

/// Refuses `player` entering `event`, which has `entrants` players, when a
/// condition is broken; `named` is the player's name when someone else
/// (an organizer) enters them. The refusal names the rule and, where it
/// applies, the date from which the player may enter or what they lack.
pub(in crate::app::service) async fn admit(
    tx: &mut Tx,
    lang: Lang,
    (event, entrants): (&Event, usize),
    (player, named): (PlayerId, Option<&str>),
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let rules = event.regulation.entry;
    if rules.is_unset() {
        return Ok(());
    }
    let record = record_of(tx, event, player).await?;
    let today = now
        .with_timezone(&event.regulation.date_zone())
        .date_naive();
    let broken = match named {
        // An organizer's line-up is no entry of one more player.
        Some(_) => rules.check_player(&record, today),
        None => rules.check(entrants, &record, today),
    };
    let Err(refusal) = broken else {
        return Ok(());
    };
    let args = Args::new()
        .with("event", event.id)
        .with("name", event.name.clone())
        .with("reason", refusal_text(lang, &refusal));
    Err(match named {
        Some(player) => refuse(
            lang,
            "error-entry-refused-player",
            &args.with("player", player.to_owned()),
        ),
        None => refuse(lang, "error-entry-refused", &args),
    })
}

/// The broken condition in words.
fn refusal_text(lang: Lang, refusal: &EntryRefusal) -> String {
    match *refusal {
        EntryRefusal::Full { max } => tr(lang, "entry-refusal-full", &Args::new().with("max", max)),
        EntryRefusal::RatingBelow { rating, band } | EntryRefusal::RatingAbove { rating, band } => {
            let args = Args::new()
                .with("rating", rating.to_string())
                .with("min", band.min.to_string())
                .with("max", band.max.to_string());
            tr(lang, "entry-refusal-rating", &args)
        }
        EntryRefusal::TooFewGames { games, min } => {
            let args = Args::new().with("games", games).with("min", min);
            tr(lang, "entry-refusal-min-games", &args)
        }
        EntryRefusal::TimeoutBan { days, lost, from } => {
            let args = Args::new()
                .with("days", days_text(lang, i64::from(days)))
                .with("lost", shown_date(lost))
                .with("from", shown_date(from));
            tr(lang, "entry-refusal-timeout-ban", &args)
        }
        EntryRefusal::TooManyTimeouts {
            losses,
            games,
            max_percent,
        } => timeouts_text(lang, losses, games, max_percent),
    }
}

/// The share of losses on time, the limit, and how many more games
/// finished without one bring the share within it.
fn timeouts_text(lang: Lang, losses: u32, games: u32, max_percent: u32) -> String {
    let percent = (u64::from(losses) * 100).div_ceil(u64::from(games.max(1)));
    let args = Args::new()
        .with("losses", losses)
        .with("games", games)
        .with("percent", percent)
        .with("max", max_percent);
    let text = tr(lang, "entry-refusal-max-timeouts", &args);
    if max_percent == 0 {
        return text;
    }
    // The fewest games g with losses × 100 ≤ max × g.
    let needed = (u64::from(losses) * 100).div_ceil(u64::from(max_percent));
    let more = needed.saturating_sub(u64::from(games));
    let more = tr(
        lang,
        "entry-refusal-timeouts-more",
        &Args::new().with("more", more),
    );
    format!("{text} {more}")
}

/// `/event show`'s line of the entry conditions and the draw-offer limit;
/// `None` when the event has neither.
pub(super) fn show_line(lang: Lang, regulation: &Regulation) -> Option<String> {
    let mut lines = Vec::new();
    let conditions = conditions(lang, &regulation.entry);
    if !conditions.is_empty() {
        let args = Args::new().with("conditions", conditions.join("; "));
        lines.push(tr(lang, "event-line-entry", &args));
    }
    if let Some(moves) = regulation.draw_offer_moves {
        let args = Args::new().with("moves", moves);
        lines.push(tr(lang, "event-line-draw-offers", &args));
    }
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// Each condition set, in words.
fn conditions(lang: Lang, rules: &EntryRules) -> Vec<String> {
    let mut words = Vec::new();
    if let Some(max) = rules.max_players {
        words.push(tr(
            lang,
            "entry-condition-max-players",
            &Args::new().with("max", max),
        ));
    }
    if rules.start_when_full {
        words.push(tr0(lang, "entry-condition-start-full"));
    }
    if let Some(band) = rules.rating {
        let args = Args::new()
            .with("min", band.min.to_string())
            .with("max", band.max.to_string());
        words.push(tr(lang, "entry-condition-rating", &args));
    }
    if let Some(min) = rules.min_games {
        words.push(tr(
            lang,
            "entry-condition-min-games",
            &Args::new().with("min", min),
        ));
    }
    if let Some(days) = rules.timeout_ban_days {
        let args = Args::new().with("days", days_text(lang, i64::from(days)));
        words.push(tr(lang, "entry-condition-timeout-ban", &args));
    }
    if let Some(max) = rules.max_timeout_percent {
        words.push(tr(
            lang,
            "entry-condition-max-timeouts",
            &Args::new().with("max", max),
        ));
    }
    words
}

/// The value of an entry setting as `/event set` reports it, in words;
/// `None` for another key.
pub(super) fn value_text(lang: Lang, regulation: &Regulation, key: &str) -> Option<String> {
    let rules = &regulation.entry;
    Some(match key {
        "start" if rules.start_when_full => tr0(lang, "entry-condition-start-full"),
        "start" => tr0(lang, "entry-condition-start-manual"),
        "timeout-ban" | "max-timeouts" | "rating" | "max-players" | "min-games" | "draw-offers"
            if unset(regulation, key) =>
        {
            tr0(lang, "entry-condition-none")
        }
        "timeout-ban" => days_text(lang, i64::from(rules.timeout_ban_days?)),
        "max-timeouts" => crate::app::i18n::percent_text(lang, rules.max_timeout_percent?),
        "rating" => {
            let band = rules.rating?;
            format!("{}–{}", band.min, band.max)
        }
        _ => return None,
    })
}

/// Whether the condition `key` is unset.
fn unset(regulation: &Regulation, key: &str) -> bool {
    let rules = &regulation.entry;
    match key {
        "max-players" => rules.max_players.is_none(),
        "rating" => rules.rating.is_none(),
        "min-games" => rules.min_games.is_none(),
        "timeout-ban" => rules.timeout_ban_days.is_none(),
        "max-timeouts" => rules.max_timeout_percent.is_none(),
        "draw-offers" => regulation.draw_offer_moves.is_none(),
        _ => false,
    }
}
