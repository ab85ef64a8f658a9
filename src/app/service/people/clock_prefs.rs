//! `/timezone` and `/digest`: the zone a player sees instants in, and the
//! daily digest of the games to move (one message a day instead of one per
//! move, as Chess.com and Lichess offer; R3.2.3: the player stays
//! responsible for the time).

use chrono::{DateTime, Days as CalendarDays, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;

use crate::app::actor::Actor;
use crate::app::deadline::Due;
use crate::app::i18n::{Args, tr};
use crate::app::notice::{DigestGame, Notice};
use crate::app::outgoing::Outgoing;
use crate::app::zone::{ShownInstant, parse_zone, player_zone, zone_label};
use crate::store::{Deadline, NewDeadline, PlayerId, Tx};

use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::notify::notify;
use crate::app::service::games::my_turn::{entries, my_move_first};

/// The local hour the digest is sent at.
const DIGEST_HOUR: u32 = 9;

/// `/timezone [ZONE]`: shows the zone, or sets it.
pub(crate) async fn timezone(tx: &mut Tx, actor: &Actor, zone: Option<&str>) -> Outcome {
    let lang = actor.lang();
    let me = actor.player.id;
    let Some(text) = zone else {
        let zone = crate::app::zone::actor_zone(tx, actor).await?;
        let args = Args::new().with("zone", zone_label(lang, zone));
        return Ok(vec![Outgoing::text(tr(lang, "reply-timezone", &args))]);
    };
    let Some(zone) = parse_zone(text) else {
        let args = Args::new().with("value", text.to_owned());
        return Err(refuse(lang, "error-unknown-timezone", &args));
    };
    let mut prefs = tx.clock_prefs(me).await?;
    prefs.zone = Some(zone.name().to_owned());
    tx.save_clock_prefs(me, &prefs).await?;
    let args = Args::new().with("zone", zone_label(lang, zone));
    Ok(vec![Outgoing::text(tr(lang, "reply-timezone-set", &args))])
}

/// `/digest on|off`.
pub(crate) async fn digest(tx: &mut Tx, actor: &Actor, on: bool, now: DateTime<Utc>) -> Outcome {
    let lang = actor.lang();
    let me = actor.player.id;
    let mut prefs = tx.clock_prefs(me).await?;
    prefs.digest = on;
    tx.save_clock_prefs(me, &prefs).await?;
    if !on {
        // A digest already set finds the digest off when it falls due and
        // says nothing.
        return Ok(vec![Outgoing::text(tr(
            lang,
            "reply-digest-off",
            &Args::new(),
        ))]);
    }
    let zone = crate::app::zone::actor_zone(tx, actor).await?;
    let next = schedule(tx, me, zone, now).await?;
    let args = Args::new().with("at", ShownInstant::new(next, zone).text(lang));
    Ok(vec![Outgoing::text(tr(lang, "reply-digest-on", &args))])
}

/// One key per player and day: the digest being fired sets the next day's
/// under a new key (the scheduler deletes the fired row).
/// `Europe/Kyiv (Київ)`, or the IANA name alone for other zones.
fn digest_key(player: PlayerId, at: DateTime<Utc>) -> String {
    format!("digest:{player}:{}", at.format("%Y-%m-%d"))
}

/// The next digest hour in `zone` strictly after `now`.
pub(crate) fn next_digest(zone: Tz, now: DateTime<Utc>) -> DateTime<Utc> {
    let today = now.with_timezone(&zone).date_naive();
    let hour = NaiveTime::from_hms_opt(DIGEST_HOUR, 0, 0).unwrap_or_default();
    (0..3u64)
        .filter_map(|ahead| today.checked_add_days(CalendarDays::new(ahead)))
        .filter_map(|day| zone.from_local_datetime(&day.and_time(hour)).earliest())
        .map(|at| at.with_timezone(&Utc))
        .find(|at| *at > now)
        .unwrap_or(now + chrono::Duration::days(1))
}

/// Sets the player's next digest; returns its instant.
async fn schedule(
    tx: &mut Tx,
    player: PlayerId,
    zone: Tz,
    now: DateTime<Utc>,
) -> Result<DateTime<Utc>, Failure> {
    let at = next_digest(zone, now);
    let new = NewDeadline {
        key: Some(digest_key(player, at)),
        player_id: Some(player),
        ..Due::Digest.deadline(at)?
    };
    tx.set_deadline(&new, now).await?;
    Ok(at)
}

/// The digest is due: the games where it is the player's move, if any, and
/// the next day's digest.
pub(crate) async fn fire_digest(
    tx: &mut Tx,
    deadline: &Deadline,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let Some(player) = deadline.player_id else {
        return Ok(());
    };
    if !tx.clock_prefs(player).await?.digest {
        return Ok(());
    }
    let notation = crate::core::notation::Notation::UkrainianFull;
    let mut list = entries(tx, player, notation, false, now).await?;
    my_move_first(&mut list);
    let games: Vec<DigestGame> = list
        .into_iter()
        .filter(|entry| entry.mine())
        .map(|entry| DigestGame {
            game: entry.game.id,
            opponent: entry.opponent,
            days: entry.clock.map_or(0, |clock| clock.days_on_move),
            loses_at: entry.loses_at,
            over: entry.clock.map_or(0, |clock| clock.over),
            room: entry.clock.and_then(|clock| clock.room),
        })
        .collect();
    if !games.is_empty() {
        notify(tx, player, &Notice::Digest { games }, now).await?;
    }
    let zone = player_zone(tx, player, None).await?;
    schedule(tx, player, zone, now).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_digest_comes_at_nine_local_time_the_next_time_it_is_due() {
        let kyiv = chrono_tz::Europe::Kyiv;
        let morning = Utc.with_ymd_and_hms(2026, 1, 5, 6, 0, 0).unwrap();
        assert_eq!(
            next_digest(kyiv, morning),
            Utc.with_ymd_and_hms(2026, 1, 5, 7, 0, 0).unwrap()
        );
        let at_nine = Utc.with_ymd_and_hms(2026, 1, 5, 7, 0, 0).unwrap();
        assert_eq!(
            next_digest(kyiv, at_nine),
            Utc.with_ymd_and_hms(2026, 1, 6, 7, 0, 0).unwrap()
        );
        // Summer time: 09:00 in Kyiv is 06:00 UTC.
        let summer = Utc.with_ymd_and_hms(2026, 7, 1, 12, 0, 0).unwrap();
        assert_eq!(
            next_digest(kyiv, summer),
            Utc.with_ymd_and_hms(2026, 7, 2, 6, 0, 0).unwrap()
        );
    }
}
