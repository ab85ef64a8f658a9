//! `/rating [player]` and `/top`: the club ratings (ICCF's formula or Elo
//! by event, see [`crate::core::rating`]), kept by the store as games end
//! (`store/ratings.rs`); a game counts only once each side has moved.
//! `/rating` shows the phase (provisional, unfixed, fixed) and `/top` marks
//! a provisional rating with «?» (issue 40); `/rating set` and `/ratings`
//! are in `ratings/lists.rs`.

mod lists;

pub(super) use lists::{lists, set_seed};

use crate::app::actor::Actor;
use crate::app::authz::{self, Action};
use crate::app::i18n::{Args, Lang, tr};
use crate::app::outgoing::Outgoing;
use crate::core::rating::{Phase, Rating};
use crate::store::{RatingChange, RatingLine, Tx};

use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::service::people::names::player_named;

/// How many of a player's last rated games `/rating` lists.
const HISTORY: i64 = 5;
/// How many players `/top` lists.
const TOP: i64 = 50;

/// `/rating [player]`: the rating, the rated games and the last changes of
/// the player named (the asker without a name).
pub(super) async fn rating(tx: &mut Tx, actor: &Actor, name: Option<&str>) -> Outcome {
    if !authz::allows(Action::ViewRatings, &[]) {
        return Err(refuse(actor.lang(), "error-not-allowed", &Args::new()));
    }
    let lang = actor.lang();
    let player = match name {
        Some(name) => player_named(tx, lang, name).await?,
        None => actor.player.id,
    };
    let display = tx.player(player).await?.display_name;
    let Some((rating, games)) = tx.rating_of(player).await? else {
        let seed = tx.rating_seed(player).await?;
        let start = seed.as_ref().map_or(Rating::START, |(seed, _)| *seed);
        let args = Args::new()
            .with("name", display)
            .with("rating", start.points().to_string());
        let mut text = tr(lang, "reply-rating-none", &args);
        if let Some((_, source)) = seed {
            text.push('\n');
            let args = Args::new().with("source", source);
            text.push_str(&tr(lang, "reply-rating-seed-source", &args));
        }
        return Ok(vec![Outgoing::text(text)]);
    };
    let args = Args::new()
        .with("name", display)
        .with("rating", rating.points().to_string())
        .with("games", games)
        .with("phase", Phase::of(games).as_str());
    let mut text = tr(lang, "reply-rating", &args);
    for change in tx.rating_history(player, HISTORY).await? {
        text.push('\n');
        text.push_str(&change_line(tx, lang, &change).await?);
    }
    Ok(vec![Outgoing::text(text)])
}

/// One line of a player's history.
async fn change_line(tx: &mut Tx, lang: Lang, change: &RatingChange) -> Result<String, Failure> {
    let opponent = tx.player(change.opponent).await?.display_name;
    let won = if change.white { "1-0" } else { "0-1" };
    let outcome = match change.score.as_str() {
        "1/2-1/2" => "draw",
        score if score == won => "win",
        _ => "loss",
    };
    let delta = change.after.points() - change.before.points();
    let args = Args::new()
        .with("game", change.game.0)
        .with("opponent", opponent)
        .with("outcome", outcome)
        .with("before", change.before.points().to_string())
        .with("after", change.after.points().to_string())
        .with("delta", signed(delta));
    Ok(tr(lang, "reply-rating-change", &args))
}

/// `+16`, `−8`, `0`.
fn signed(delta: i64) -> String {
    match delta {
        d if d > 0 => format!("+{d}"),
        d if d < 0 => format!("−{}", -d),
        _ => "0".to_owned(),
    }
}

/// `/top`: the club's rating table, best first.
pub(super) async fn top(tx: &mut Tx, actor: &Actor) -> Outcome {
    if !authz::allows(Action::ViewRatings, &[]) {
        return Err(refuse(actor.lang(), "error-not-allowed", &Args::new()));
    }
    let lang = actor.lang();
    let lines = tx.rating_table(TOP).await?;
    if lines.is_empty() {
        return Ok(vec![Outgoing::text(tr(
            lang,
            "reply-top-empty",
            &Args::new(),
        ))]);
    }
    let mut text = tr(lang, "reply-top-header", &Args::new());
    text.push_str(&table_text(lang, &lines));
    text.push('\n');
    text.push_str(&tr(lang, "reply-top-note", &Args::new()));
    Ok(vec![Outgoing::text(text)])
}

/// The lines of a rating table (`/top`, a published list), each on a line
/// of its own, a provisional rating marked «1532?», and the mark explained
/// under them if any is.
fn table_text(lang: Lang, lines: &[RatingLine]) -> String {
    let mut text = String::new();
    for (place, line) in lines.iter().enumerate() {
        let args = Args::new()
            .with("place", place + 1)
            .with("name", line.name.clone())
            .with("rating", rating_text(line.rating, line.games))
            .with("games", line.games);
        text.push('\n');
        text.push_str(&tr(lang, "reply-top-line", &args));
    }
    if lines
        .iter()
        .any(|line| Phase::of(line.games) == Phase::Provisional)
    {
        text.push('\n');
        text.push_str(&tr(lang, "reply-top-provisional", &Args::new()));
    }
    text
}

/// A rating in whole points, with «?» while provisional (ICCF marks a
/// provisional rating on its lists).
fn rating_text(rating: Rating, games: i64) -> String {
    match Phase::of(games) {
        Phase::Provisional => format!("{}?", rating.points()),
        _ => rating.points().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::{Rating, rating_text, signed};

    #[test]
    fn provisional_ratings_carry_a_mark() {
        assert_eq!(rating_text(Rating(1_532_000), 1), "1532?");
        assert_eq!(rating_text(Rating(1_532_000), 11), "1532?");
        assert_eq!(rating_text(Rating(1_532_000), 12), "1532");
    }

    #[test]
    fn deltas_carry_their_sign() {
        assert_eq!(signed(16), "+16");
        assert_eq!(signed(-8), "−8");
        assert_eq!(signed(0), "0");
    }
}
