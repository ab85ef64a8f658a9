//! The words of the ratings (issue 40): `/rating [@name]`, `/rating set
//! @name POINTS source=TEXT` (an imported starting rating) and `/ratings
//! [list|publish]`.

use crate::app::command::arguments::{invalid, missing};
use crate::app::command::words::CommandWord;
use crate::app::command::{Command, CommandError, split_word};

/// The lowest and highest imported starting rating accepted.
pub const SEED_POINTS: std::ops::RangeInclusive<i64> = 100..=3500;

/// `/rating`, `/rating @name`, `/rating set @name POINTS source=TEXT`.
pub(super) fn rating(rest: &str) -> Result<Command, CommandError> {
    let command = CommandWord::Rating;
    let (first, after) = split_word(rest);
    if !matches!(first.to_lowercase().as_str(), "set" | "встановити") {
        return Ok(Command::Rating {
            player: (!rest.is_empty()).then(|| rest.to_owned()),
        });
    }
    let (player, after) = split_word(after);
    if player.is_empty() {
        return Err(missing(command, "player"));
    }
    let (points, after) = split_word(after);
    if points.is_empty() {
        return Err(missing(command, "points"));
    }
    let points = points
        .parse::<i64>()
        .ok()
        .filter(|p| SEED_POINTS.contains(p))
        .ok_or_else(|| invalid(command, "points", points))?;
    let source = ["source=", "джерело="]
        .iter()
        .find_map(|key| strip_prefix_ci(after, key))
        .map(str::trim)
        .filter(|source| !source.is_empty())
        .ok_or_else(|| missing(command, "source"))?;
    Ok(Command::RatingSet {
        player: player.to_owned(),
        points,
        source: source.to_owned(),
    })
}

/// `text` without `prefix`, compared case-insensitively.
fn strip_prefix_ci<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    (head.to_lowercase() == prefix).then(|| &text[prefix.len()..])
}

/// `/ratings`, `/ratings list`, `/ratings publish`.
pub(super) fn ratings(rest: &str) -> Result<Command, CommandError> {
    match rest.to_lowercase().as_str() {
        "" | "list" | "список" => Ok(Command::Ratings { publish: false }),
        "publish" | "опублікувати" => Ok(Command::Ratings { publish: true }),
        _ => Err(invalid(CommandWord::Ratings, "action", rest)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_starting_rating_reads_its_player_points_and_source() {
        let read = rating("set @olena 1850 source=ICCF list 2026/4").unwrap();
        assert_eq!(
            read,
            Command::RatingSet {
                player: "@olena".into(),
                points: 1850,
                source: "ICCF list 2026/4".into(),
            }
        );
        let read = rating("встановити @олена 1700 джерело=ФШУ").unwrap();
        assert!(matches!(read, Command::RatingSet { points: 1700, .. }));
        assert_eq!(
            rating("@olena").unwrap(),
            Command::Rating {
                player: Some("@olena".into())
            }
        );
        assert!(matches!(
            rating("set @olena 1850"),
            Err(CommandError::Missing {
                argument: "source",
                ..
            })
        ));
        assert!(matches!(
            rating("set @olena 99999 source=x"),
            Err(CommandError::Invalid {
                argument: "points",
                ..
            })
        ));
    }

    #[test]
    fn ratings_list_or_publish() {
        assert_eq!(ratings("").unwrap(), Command::Ratings { publish: false });
        assert_eq!(
            ratings("Publish").unwrap(),
            Command::Ratings { publish: true }
        );
        assert!(ratings("burn").is_err());
    }
}
