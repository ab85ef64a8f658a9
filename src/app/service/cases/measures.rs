//! Reading a ruling: `measure; measure … -- reasons`, in English or
//! Ukrainian words, resolved against the case (its game, its raiser).
//!
//! | measure | words |
//! |---|---|
//! | score a game (R3.1.6) | `score [#G] 1-0\|0-1\|draw\|0-0\|annul [adjudicated\|default\|infraction\|time]` |
//! | clock | `clock [#G] @player +N\|-N` (days given back or taken) |
//! | penalty days | `penalty [#G] @player N` |
//! | extra leave (R3.6.3) | `leave [@player] [N] [from YYYY-MM-DD]` |
//! | warning, exclusion, disqualification (R2.1.5) | `warn\|exclude\|disqualify @player` |
//! | a suspended game goes on (R2.6.7) | `resume [#G]` |
//! | nothing | `none` |

use chrono::{Datelike, NaiveDate};
use shakmaty::Color;

use crate::app::actor::Actor;
use crate::app::command::{read_full_date, read_number, split_word};
use crate::app::i18n::Args;
use crate::core::case::Ruling;
use crate::core::game::{ArbiterReason, Score};
use crate::core::team::GameKey;
use crate::store::{GameId, PlayerId, Tx};

use crate::app::failure::{Failure, refuse};
use crate::app::service::cases::CaseFile;
use crate::app::service::keys::{game_key, person_key};
use crate::app::service::people::names::player_named;

/// One measure read from the ruling, with what the core's ruling leaves out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Measure {
    /// The core's measure.
    pub ruling: Ruling,
    /// The first day of an extra leave.
    pub leave_from: Option<NaiveDate>,
}

/// Splits `measures -- reasons` (an em dash works too); the reasons are
/// required: every ruling records why.
pub(crate) fn split_reasons<'a>(
    actor: &Actor,
    text: &'a str,
) -> Result<(&'a str, &'a str), Failure> {
    let split = text
        .split_once(" -- ")
        .or_else(|| text.split_once(" — "))
        .or_else(|| text.split_once("--"));
    match split {
        Some((measures, why)) if !why.trim().is_empty() => Ok((measures.trim(), why.trim())),
        _ => Err(refuse(actor.lang(), "error-ruling-reasons", &Args::new())),
    }
}

/// Reads every measure of `text` against the case.
pub(crate) async fn read_measures(
    tx: &mut Tx,
    actor: &Actor,
    file: &CaseFile,
    text: &str,
) -> Result<Vec<Measure>, Failure> {
    let mut measures = Vec::new();
    for part in text.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        measures.push(read_measure(tx, actor, file, part).await?);
    }
    if measures.is_empty() {
        return Err(refuse(actor.lang(), "error-ruling-reasons", &Args::new()));
    }
    Ok(measures)
}

fn unreadable(actor: &Actor, part: &str) -> Failure {
    let args = Args::new().with("measure", part.to_owned());
    refuse(actor.lang(), "error-measure", &args)
}

async fn read_measure(
    tx: &mut Tx,
    actor: &Actor,
    file: &CaseFile,
    part: &str,
) -> Result<Measure, Failure> {
    let (word, rest) = split_word(part);
    let plain = |ruling| Measure {
        ruling,
        leave_from: None,
    };
    let word = word.to_lowercase();
    let ruling = match word.as_str() {
        "score" | "результат" => read_score(actor, file, part, rest)?,
        "clock" | "годинник" | "penalty" | "штраф" => {
            let (game, rest) = game_of(actor, file, part, rest)?;
            let (name, rest) = split_word(rest);
            let who = player_named(tx, actor.lang(), name).await?;
            let days: i32 = rest.trim().parse().map_err(|_| unreadable(actor, part))?;
            let who = person_key(who);
            if matches!(word.as_str(), "clock" | "годинник") {
                Ruling::AdjustClock {
                    game,
                    player: who,
                    days,
                }
            } else {
                let days = u32::try_from(days).map_err(|_| unreadable(actor, part))?;
                Ruling::PenaltyDays {
                    game,
                    player: who,
                    days,
                }
            }
        }
        "leave" | "відпустка" => return read_leave(tx, actor, file, part, rest).await,
        "warn" | "попередження" | "exclude" | "виключити" | "disqualify" | "дискваліфікувати" =>
        {
            let who = person_key(player_named(tx, actor.lang(), rest).await?);
            match word.as_str() {
                "warn" | "попередження" => Ruling::Warn { player: who },
                "exclude" | "виключити" => Ruling::Exclude { player: who },
                _ => Ruling::Disqualify { player: who },
            }
        }
        "resume" | "продовжити" => Ruling::ResumeGame {
            game: game_of(actor, file, part, rest)?.0,
        },
        "none" | "reject" | "answer" | "відхилити" | "відповідь" | "нічого" => {
            Ruling::NoAction
        }
        _ => return Err(unreadable(actor, part)),
    };
    Ok(plain(ruling))
}

/// An optional `#G` (else the case's game); an unreadable `#…` is refused,
/// never taken as the case's game.
fn game_of<'a>(
    actor: &Actor,
    file: &CaseFile,
    part: &str,
    rest: &'a str,
) -> Result<(GameKey, &'a str), Failure> {
    let (word, after) = split_word(rest);
    if let Some(game) = read_number::<GameId>(word) {
        return Ok((game_key(game), after));
    }
    if word.starts_with('#') {
        return Err(unreadable(actor, part));
    }
    match file.game() {
        Some(game) => Ok((game_key(game), rest)),
        None => Err(unreadable(actor, part)),
    }
}

fn read_score(actor: &Actor, file: &CaseFile, part: &str, rest: &str) -> Result<Ruling, Failure> {
    let (game, rest) = game_of(actor, file, part, rest)?;
    let (score_word, rest) = split_word(rest);
    let score = match score_word.to_lowercase().as_str() {
        "1-0" | "white" | "білі" => Score::Win(Color::White),
        "0-1" | "black" | "чорні" => Score::Win(Color::Black),
        "draw" | "½-½" | "1/2" | "1/2-1/2" | "нічия" => Score::Draw,
        "0-0" | "double-loss" => Score::DoubleLoss,
        "annul" | "анулювати" => Score::Annulled,
        _ => return Err(unreadable(actor, part)),
    };
    let reason = match (rest.trim().to_lowercase().as_str(), score) {
        (_, Score::Annulled) => ArbiterReason::Annulled,
        ("" | "adjudicated" | "оцінка", _) => ArbiterReason::Adjudicated,
        ("default" | "неявка", _) => ArbiterReason::Default,
        ("infraction" | "порушення", _) => ArbiterReason::RulesInfraction,
        ("time" | "час", _) => ArbiterReason::TimeExceeded,
        _ => return Err(unreadable(actor, part)),
    };
    Ok(Ruling::ScoreGame {
        game,
        score,
        reason,
    })
}

/// `leave [@player] [N] [from DATE]`: the request's player, days and date
/// unless given (R3.6.3).
async fn read_leave(
    tx: &mut Tx,
    actor: &Actor,
    file: &CaseFile,
    part: &str,
    mut rest: &str,
) -> Result<Measure, Failure> {
    let mut who: Option<PlayerId> = file.row.opened_by;
    let (mut days, mut from) = match file.context.leave {
        Some((from, days)) => (Some(days), Some(from)),
        None => (None, None),
    };
    while !rest.is_empty() {
        let (word, after) = split_word(rest);
        if word.starts_with('@') {
            who = Some(player_named(tx, actor.lang(), word).await?);
        } else if matches!(word, "from" | "з") {
            let (date, after) = split_word(after);
            from = Some(read_full_date(date).ok_or_else(|| unreadable(actor, part))?);
            rest = after;
            continue;
        } else {
            days = Some(word.parse().map_err(|_| unreadable(actor, part))?);
        }
        rest = after;
    }
    let (Some(who), Some(days), Some(from)) = (who, days, from) else {
        return Err(unreadable(actor, part));
    };
    let who = person_key(who);
    Ok(Measure {
        ruling: Ruling::ExtraLeave {
            player: who,
            year: from.year(),
            days,
        },
        leave_from: Some(from),
    })
}
