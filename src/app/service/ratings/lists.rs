//! `/rating set @name POINTS source=TEXT` (an imported starting rating)
//! and `/ratings [list|publish]` (the published rating lists), issue 40.

use chrono::{DateTime, Utc};

use crate::app::actor::Actor;
use crate::app::authz::{self, Action};
use crate::app::failure::{Outcome, refuse};
use crate::app::i18n::{Args, tr};
use crate::app::outgoing::Outgoing;
use crate::app::service::events::relations;
use crate::app::service::people::names::player_named;
use crate::core::rating::Rating;
use crate::store::{ImportRefusal, Tx};

/// How many lines of a published list `/ratings` shows.
const LIST: i64 = 50;

/// `/rating set @name POINTS source=TEXT` (administrators): the player's
/// imported starting rating (their ICCF or national rating), the rating
/// of their first rated game instead of 1500. Refused, with why, once they
/// have rated games: their rating is then those games'.
pub(in crate::app::service) async fn set_seed(
    tx: &mut Tx,
    actor: &Actor,
    name: &str,
    points: i64,
    source: &str,
) -> Outcome {
    let lang = actor.lang();
    if !authz::allows(Action::ImportRating, &relations(tx, actor, None).await?) {
        return Err(refuse(lang, "error-not-allowed", &Args::new()));
    }
    let player = player_named(tx, lang, name).await?;
    let display = tx.player(player).await?.display_name;
    let seed = Rating(points * 1000);
    if let Err(ImportRefusal::HasRatedGames(games)) = tx.import_rating(player, seed, source).await?
    {
        let args = Args::new().with("name", display).with("games", games);
        return Err(refuse(lang, "error-rating-seed-rated", &args));
    }
    let args = Args::new()
        .with("name", display)
        .with("rating", points.to_string())
        .with("source", source.to_owned())
        .with("start", Rating::START.points().to_string());
    Ok(vec![Outgoing::text(tr(
        lang,
        "reply-rating-seed-set",
        &args,
    ))])
}

/// `/ratings` (everyone): the latest published list, its numbers as they
/// stood on its date; `/ratings publish` (organizers, administrators): a
/// new list of today's ratings (UTC), one a day.
pub(in crate::app::service) async fn lists(
    tx: &mut Tx,
    actor: &Actor,
    publish: bool,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let action = if publish {
        Action::PublishRatings
    } else {
        Action::ViewRatings
    };
    if !authz::allows(action, &relations(tx, actor, None).await?) {
        return Err(refuse(lang, "error-not-allowed", &Args::new()));
    }
    if publish {
        let date = now.date_naive();
        let args = Args::new().with("date", crate::app::command::shown_date(date));
        if tx
            .publish_rating_list(actor.player.id, now)
            .await?
            .is_none()
        {
            return Err(refuse(lang, "error-ratings-published-today", &args));
        }
        let count = tx
            .latest_rating_list(i64::MAX)
            .await?
            .map_or(0, |list| list.lines.len());
        let args = args.with("count", count);
        return Ok(vec![Outgoing::text(tr(
            lang,
            "reply-ratings-published",
            &args,
        ))]);
    }
    let Some(list) = tx.latest_rating_list(LIST).await? else {
        return Ok(vec![Outgoing::text(tr(
            lang,
            "reply-ratings-none",
            &Args::new(),
        ))]);
    };
    let args = Args::new().with("date", crate::app::command::shown_date(list.date));
    let mut text = tr(lang, "reply-ratings-header", &args);
    if list.lines.is_empty() {
        text.push('\n');
        text.push_str(&tr(lang, "reply-ratings-empty", &Args::new()));
    }
    text.push_str(&super::table_text(lang, &list.lines));
    Ok(vec![Outgoing::text(text)])
}
