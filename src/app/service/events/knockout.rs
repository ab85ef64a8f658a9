//! Knock-out matches (issue 40): `format=knockout games=N tie=games|seed`
//! pairs an individual event's entrants in a bracket by seeding (club
//! rating, a newcomer with the starting 1500, equal ratings in entry
//! order), each match N games with colours alternating. A match's games
//! start together as soon as both its players are known, in the
//! transaction of the result that decided the earlier match; a level match
//! plays a further pair (`tie=games`) or goes to the better seed
//! (`tie=seed`); the event ends (its end announcement, R1.1) with the
//! final's last game. Team events keep their rules (no knock-out).

use chrono::{DateTime, Utc};

use crate::app::failure::{Failure, refuse};
use crate::app::i18n::{Args, Lang, tr};
use crate::app::notice::{KnockoutEvent, KnockoutNotice, Notice, StartedGame};
use crate::app::notify::notify;
use crate::app::service::events::start_game_on;
use crate::app::view::game::regulation_of;
use crate::app::view::knockout::{KnockoutTable, score_text};
use crate::core::rating::Rating;
use crate::core::regulation::Regulation;
use crate::core::tournament::knockout::{
    Decision, DueMatch, Knockout, MatchState, MatchView, TieRule,
};
use crate::core::tournament::snake;
use crate::store::{Event, EventStatus, GameRecord, PlayerId, Tx};

/// The settings' keys.
pub(super) const KEYS: &[&str] = &["format", "games", "tie"];

/// Applies `format=knockout|round-robin`, `games=N` (even, 2 to
/// [`Knockout::MAX_GAMES`]) or `tie=games|seed` to `regulation`; a value
/// that does not read is refused in `lang` saying what may be written.
/// `games=` and `tie=` without the format are refused by [`check`].
pub(super) fn apply(
    lang: Lang,
    regulation: &mut Regulation,
    (key, value): (&str, &str),
) -> Result<bool, Failure> {
    let word = value.trim().to_lowercase();
    let args = Args::new()
        .with("value", value.to_owned())
        .with("max", Knockout::MAX_GAMES);
    match key {
        "format" => match word.as_str() {
            "knockout" | "knock-out" | "олімпійська" => {
                regulation.knockout.get_or_insert_with(Knockout::default);
            }
            "round-robin" | "roundrobin" | "кругова" => regulation.knockout = None,
            _ => return Err(refuse(lang, "error-knockout-format", &args)),
        },
        "games" => match word.parse::<u32>() {
            Ok(games @ 2..=Knockout::MAX_GAMES) if games % 2 == 0 => {
                if let Some(format) = regulation.knockout.as_mut() {
                    format.games = games;
                }
            }
            _ => return Err(refuse(lang, "error-knockout-games", &args)),
        },
        _ => {
            let tie = match word.as_str() {
                "games" | "партії" => TieRule::Games,
                "seed" | "посів" => TieRule::Seed,
                _ => return Err(refuse(lang, "error-knockout-tie", &args)),
            };
            if let Some(format) = regulation.knockout.as_mut() {
                format.tie = tie;
            }
        }
    }
    Ok(true)
}

/// Refuses a knock-out team event (team events keep their rules), a
/// knock-out played in sections too, and `games=` or `tie=` among
/// `settings` of an event that is not a knock-out.
pub(super) fn check(
    lang: Lang,
    regulation: &Regulation,
    team: bool,
    settings: &[(String, String)],
) -> Result<(), Failure> {
    let Some(_) = regulation.knockout else {
        let match_keys = settings
            .iter()
            .any(|(key, _)| key == "games" || key == "tie");
        return match match_keys {
            true => Err(refuse(lang, "error-knockout-without-format", &Args::new())),
            false => Ok(()),
        };
    };
    if team {
        return Err(refuse(lang, "error-knockout-team", &Args::new()));
    }
    if regulation.sections.is_some() {
        return Err(refuse(lang, "error-knockout-sections", &Args::new()));
    }
    Ok(())
}

/// The format in words; `None` for a round robin.
pub(crate) fn format_line(lang: Lang, regulation: &Regulation) -> Option<String> {
    let format = regulation.knockout?;
    let tie = match format.tie {
        TieRule::Games => "games",
        TieRule::Seed => "seed",
    };
    let args = Args::new().with("games", format.games).with("tie", tie);
    Some(tr(lang, "event-line-knockout", &args))
}

/// The catalog id of how the event's players meet: a knock-out, or a
/// round robin of `cycles` cycles.
pub(crate) fn rounds_key(regulation: &Regulation, cycles: u32) -> &'static str {
    match (regulation.knockout, cycles) {
        (Some(_), _) => "event-rounds-knockout",
        (None, 2) => "event-rounds-double",
        (None, _) => "event-rounds-single",
    }
}

/// A setting's value in words for `/event set`'s reply.
pub(super) fn value_text(lang: Lang, regulation: &Regulation, key: &str) -> Option<String> {
    match key {
        "format" => {
            let format = match regulation.knockout {
                Some(_) => "knockout",
                None => "round-robin",
            };
            Some(tr(lang, "format-name", &Args::new().with("format", format)))
        }
        "tie" => {
            let tie = match regulation.knockout?.tie {
                TieRule::Games => "games",
                TieRule::Seed => "seed",
            };
            Some(tr(lang, "tie-rule-name", &Args::new().with("tie", tie)))
        }
        _ => None,
    }
}

/// `/event show`'s lines: the format, then each round's matches once the
/// event has started; none for a round robin.
pub(crate) async fn show_lines(
    tx: &mut Tx,
    lang: Lang,
    event: &Event,
) -> Result<Vec<String>, Failure> {
    let Some(line) = format_line(lang, &event.regulation) else {
        return Ok(Vec::new());
    };
    let mut lines = vec![line];
    if let Some(table) = KnockoutTable::of(tx, event.clone()).await? {
        lines.extend(table.round_lines(lang));
    }
    Ok(lines)
}

/// Starts a knock-out event: freezes the seeding by rating, starts the
/// first round's matches and tells each player their match, or their bye;
/// the number of games. Refused in `lang` above
/// [`Knockout::MAX_PLAYERS`]; none (and nothing changed) with fewer than
/// two players.
pub(super) async fn begin(
    tx: &mut Tx,
    lang: Lang,
    event: &Event,
    now: DateTime<Utc>,
) -> Result<usize, Failure> {
    let active = tx.active_players(event.id).await?;
    let entrants: Vec<_> = tx
        .event_entrants(event.id)
        .await?
        .into_iter()
        .filter(|entrant| active.contains(&entrant.player))
        .collect();
    if entrants.len() < 2 {
        return Ok(0);
    }
    if entrants.len() > Knockout::MAX_PLAYERS {
        let args = Args::new()
            .with("event", event.id)
            .with("name", event.name.clone())
            .with("max", Knockout::MAX_PLAYERS)
            .with("players", entrants.len());
        return Err(refuse(lang, "error-knockout-too-many", &args));
    }
    let ratings: Vec<Option<i64>> = entrants
        .iter()
        .map(|entrant| Some(entrant.rating.unwrap_or(Rating::START).points()))
        .collect();
    // One "section" of the snake: by rating, equal ratings in entry order.
    let order = snake(&ratings, 1).remove(0);
    let seeds: Vec<PlayerId> = order.iter().map(|&i| entrants[i].player).collect();
    tx.set_knockout_seeds(event.id, &seeds).await?;
    tx.set_event_status(event.id, EventStatus::Running, now)
        .await?;
    let table = loaded(tx, event).await?;
    for view in &table.bracket.rounds[0] {
        if let (true, Some(top)) = (view.is_bye(), view.top) {
            let notice = decided(&table, (1, view), top);
            notify(tx, table.players[top], &notice, now).await?;
        }
    }
    start_due(tx, event, &table, now).await
}

/// After a game of `event` ended, in its transaction: in a knock-out
/// event, locks the event's results (two results at once are ordered),
/// tells the players of a match the game decided, and starts every match
/// now due. `true` when the event goes on (its end is not to be
/// announced); `false` for another event, or once the final is decided.
pub(crate) async fn event_goes_on(
    tx: &mut Tx,
    game: &GameRecord,
    now: DateTime<Utc>,
) -> Result<bool, Failure> {
    let event = tx.event(game.event_id).await?;
    if event.regulation.knockout.is_none() {
        return Ok(false);
    }
    tx.lock_event_results(event.id).await?;
    let table = loaded(tx, &event).await?;
    tell_decided(tx, &table, game, now).await?;
    start_due(tx, &event, &table, now).await?;
    Ok(table.bracket.champion().is_none())
}

async fn loaded(tx: &mut Tx, event: &Event) -> Result<KnockoutTable, Failure> {
    let table = KnockoutTable::of(tx, event.clone()).await?;
    table.ok_or_else(|| {
        Failure::from(anyhow::anyhow!(
            "knock-out event {} has no seeding",
            event.id
        ))
    })
}

/// Tells both players of the match `game` belongs to how it was decided,
/// if this game decided it.
async fn tell_decided(
    tx: &mut Tx,
    table: &KnockoutTable,
    game: &GameRecord,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let (Some(white), Some(black)) = (table.seed_of(game.white), table.seed_of(game.black)) else {
        return Ok(());
    };
    let round = u32::try_from(game.round).unwrap_or(0);
    let Some(view) = table
        .bracket
        .rounds
        .get(round.saturating_sub(1) as usize)
        .and_then(|matches| {
            matches.iter().find(|view| {
                let players = [view.top, view.bottom];
                players.contains(&Some(white)) && players.contains(&Some(black))
            })
        })
    else {
        return Ok(());
    };
    let MatchState::Won { by, .. } = view.state else {
        return Ok(());
    };
    for seed in [white, black] {
        // A player who has left is not told of the walkover.
        if by == Decision::Walkover && view.winner() != Some(seed) {
            continue;
        }
        let notice = decided(table, (round, view), seed);
        notify(tx, table.players[seed], &notice, now).await?;
    }
    Ok(())
}

/// The notice of a decided match (`view` of `round`) to `seed`.
fn decided(table: &KnockoutTable, (round, view): (u32, &MatchView), seed: usize) -> Notice {
    let won = view.winner() == Some(seed);
    let other = if view.top == Some(seed) {
        view.bottom
    } else {
        view.top
    };
    let own_top = view.top == Some(seed);
    let halves = match own_top {
        true => (view.top_halves, view.bottom_halves),
        false => (view.bottom_halves, view.top_halves),
    };
    let by = match view.state {
        MatchState::Won { by, .. } => by,
        _ => Decision::Games,
    };
    let next = (round < table.rounds()).then(|| table.stage(round + 1));
    Notice::Knockout(KnockoutNotice::MatchDecided {
        of: knockout_event(table, round),
        opponent: other.map(|other| table.names[other].clone()),
        halves,
        won,
        by,
        next,
    })
}

fn knockout_event(table: &KnockoutTable, round: u32) -> KnockoutEvent {
    KnockoutEvent {
        event: table.event.id,
        name: table.event.name.clone(),
        stage: table.stage(round),
    }
}

/// Starts the games of every due match, colours alternating on from the
/// match's games so far, and tells both players; the games started.
async fn start_due(
    tx: &mut Tx,
    event: &Event,
    table: &KnockoutTable,
    now: DateTime<Utc>,
) -> Result<usize, Failure> {
    let regulation = regulation_of(event);
    let mut started = 0;
    for due in table.bracket.due() {
        let pair = [table.players[due.top], table.players[due.bottom]];
        let mut lists: [Vec<StartedGame>; 2] = [Vec::new(), Vec::new()];
        for index in due.started..due.started + due.games {
            let top_white = DueMatch::top_white(index);
            let (white, black) = match top_white {
                true => (pair[0], pair[1]),
                false => (pair[1], pair[0]),
            };
            let round = (due.round, None);
            let game = start_game_on(tx, event, &regulation, round, (white, black), now).await?;
            tx.set_knockout_slot(game, i64::from(due.slot)).await?;
            for (side, list) in lists.iter_mut().enumerate() {
                let opponent = table.names[[due.bottom, due.top][side]].clone();
                let white = (side == 0) == top_white;
                list.push(StartedGame {
                    game,
                    opponent,
                    white,
                });
            }
            started += 1;
        }
        let view = &table.bracket.rounds[due.round as usize - 1][due.slot as usize];
        let level = (due.started > 0).then(|| score_text(view.top_halves, view.bottom_halves));
        for (side, list) in lists.into_iter().enumerate() {
            let notice = Notice::Knockout(KnockoutNotice::MatchStarted {
                of: knockout_event(table, due.round),
                opponent: table.names[[due.bottom, due.top][side]].clone(),
                list,
                level: level.clone(),
            });
            notify(tx, pair[side], &notice, now).await?;
        }
    }
    Ok(started)
}
