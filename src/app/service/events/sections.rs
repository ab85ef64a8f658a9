//! Sections and a final (issue 40), after ICCF's preliminary sections and
//! finals: `sections=K` splits an individual event's entrants into K
//! round-robin sections balanced by rating (snake seeding on the club
//! ratings, a newcomer with the starting 1500, equal ratings in entry
//! order), and
//! `qualify=Q` (default 1) sends the best Q of each section, by the
//! section's standings and their usual tie-breaks, to a final round robin.
//! The final starts in the transaction of the last section game's result,
//! with a notice to every entrant and to the arbiters; the event ends (its end announcement)
//! after the final. Team events keep their rules (no sections); postal
//! events may play in sections like server ones.

use std::collections::HashMap;

use chrono::{DateTime, Utc};

use crate::app::failure::{Failure, refuse};
use crate::app::i18n::{Args, Lang, tr};
use crate::app::notice::{Notice, StartedGame};
use crate::app::notify::{notify, notify_arbiters_except};
use crate::app::service::events::{pair_and_start, tell_started};
use crate::app::view::game::regulation_of;
use crate::app::view::standings::{points_text, stage_tables};
use crate::core::rating::Rating;
use crate::core::regulation::Regulation;
use crate::core::tournament::{FINAL, Sections, SectionsError, qualifiers, snake};
use crate::store::{Event, EventId, EventStatus, GameStatus, PlayerId, Tx};

/// The settings' keys.
pub(super) const KEYS: &[&str] = &["sections", "qualify"];

/// Applies `sections=K` (1: one round robin again; 2 to
/// [`Sections::MAX`]) or `qualify=Q` (1 or more) to `regulation`; `None`
/// for another key, `Some(false)` for a value that does not read.
/// `qualify=` without sections is refused by [`check`].
pub(super) fn apply(regulation: &mut Regulation, key: &str, value: &str) -> Option<bool> {
    let number = value.trim().parse::<u32>().ok();
    let qualify = regulation.sections.map_or(1, |format| format.qualify);
    let ok = match (key, number) {
        ("sections", Some(1)) => {
            regulation.sections = None;
            true
        }
        ("sections", Some(count @ 2..=Sections::MAX)) => {
            regulation.sections = Some(Sections { count, qualify });
            true
        }
        ("qualify", Some(qualify @ 1..)) => {
            // No sections yet: count 0, refused by `check` unless a later
            // `sections=` of the same command sets them.
            let count = regulation.sections.map_or(0, |format| format.count);
            regulation.sections = Some(Sections { count, qualify });
            true
        }
        ("sections" | "qualify", _) => false,
        _ => return None,
    };
    Some(ok)
}

/// Refuses sections in a team event (team events keep their rules) and
/// `qualify=` without `sections=`.
pub(super) fn check(lang: Lang, regulation: &Regulation, team: bool) -> Result<(), Failure> {
    let Some(format) = regulation.sections else {
        return Ok(());
    };
    if team {
        return Err(refuse(lang, "error-sections-team", &Args::new()));
    }
    if format.count == 0 {
        return Err(refuse(lang, "error-qualify-without-sections", &Args::new()));
    }
    Ok(())
}

/// The format in words («2 групи, до фіналу виходять 2 найкращі з кожної»);
/// `None` for one round robin.
pub(crate) fn format_line(lang: Lang, regulation: &Regulation) -> Option<String> {
    let format = regulation.sections?;
    let args = Args::new()
        .with("sections", format.count)
        .with("qualify", format.qualify);
    Some(tr(lang, "event-line-sections", &args))
}

/// `/event show`'s lines about the format: the sections and qualifiers,
/// then each started section's and the final's players with their points
/// in order of place; none for one round robin.
pub(crate) async fn show_lines(
    tx: &mut Tx,
    lang: Lang,
    event: &Event,
) -> Result<Vec<String>, Failure> {
    let Some(line) = format_line(lang, &event.regulation) else {
        return Ok(Vec::new());
    };
    let mut lines = vec![line];
    for table in stage_tables(tx, event.clone()).await? {
        let players: Vec<String> = table
            .lines
            .iter()
            .map(|line| {
                let args = Args::new()
                    .with("player", table.names[line.seed].clone())
                    .with("points", points_text(line.halves));
                tr(lang, "event-player-points", &args)
            })
            .collect();
        let args = Args::new()
            .with("stage", table.stage_title(lang).unwrap_or_default())
            .with("players", players.join(", "));
        lines.push(tr(lang, "event-line-stage", &args));
    }
    Ok(lines)
}

/// Starts an event played in sections: snake seeding by rating, a round
/// robin in each section, a notice to each player naming their section;
/// the number of games. Refused in `lang` when the entrants do not fit:
/// two players a section, and each section holding its qualifiers.
pub(super) async fn begin(
    tx: &mut Tx,
    lang: Lang,
    event: &Event,
    format: Sections,
    now: DateTime<Utc>,
) -> Result<usize, Failure> {
    let active = tx.active_players(event.id).await?;
    let entrants: Vec<_> = tx
        .event_entrants(event.id)
        .await?
        .into_iter()
        .filter(|entrant| active.contains(&entrant.player))
        .collect();
    format
        .check(entrants.len())
        .map_err(|error| refusal(lang, event, format, error))?;
    // A newcomer counts with the club's starting rating, as in the entry
    // rules' rating band.
    let ratings: Vec<Option<i64>> = entrants
        .iter()
        .map(|entrant| Some(entrant.rating.unwrap_or(Rating::START).points()))
        .collect();
    let cycles = tx.event_settings(event.id).await?.cycles;
    let regulation = regulation_of(event);
    let mut started = Vec::new();
    for (index, seeds) in snake(&ratings, format.count as usize).iter().enumerate() {
        let section = index as i64 + 1;
        let players: Vec<PlayerId> = seeds.iter().map(|&seed| entrants[seed].player).collect();
        let settings = (players.as_slice(), cycles, Some(section), 0);
        let counts = pair_and_start(tx, event, &regulation, settings, now).await?;
        started.extend(
            players
                .into_iter()
                .zip(counts)
                .map(|(p, n)| (p, n, section)),
        );
    }
    tx.set_event_status(event.id, EventStatus::Running, now)
        .await?;
    for (player, games, section) in &started {
        tell_started(tx, event, (*player, *games, Some(*section)), now).await?;
    }
    Ok(started
        .iter()
        .map(|(_, games, _)| *games as usize)
        .sum::<usize>()
        / 2)
}

fn refusal(lang: Lang, event: &Event, format: Sections, error: SectionsError) -> Failure {
    let args = Args::new()
        .with("event", event.id)
        .with("name", event.name.clone())
        .with("sections", format.count)
        .with("qualify", format.qualify);
    match error {
        SectionsError::TooFewPlayers { needed } => {
            refuse(lang, "error-sections-too-few", &args.with("needed", needed))
        }
        SectionsError::TooManyQualifiers { smallest } => refuse(
            lang,
            "error-sections-qualify",
            &args.with("smallest", smallest),
        ),
    }
}

/// After a game of `event` ended, in its transaction: in an event played
/// in sections, locks the event (so that of two last results arriving at
/// once exactly one sees every section over) and, once every section game
/// has ended and no final has started, starts the final with the
/// qualifiers. `true` when the event goes on (its end is not to be
/// announced); `false` for another event, or when the final is over.
pub(crate) async fn event_goes_on(
    tx: &mut Tx,
    event: EventId,
    now: DateTime<Utc>,
) -> Result<bool, Failure> {
    let event = tx.event(event).await?;
    let Some(format) = event.regulation.sections else {
        return Ok(false);
    };
    tx.lock_event_results(event.id).await?;
    if tx.unfinished_games_in_event(event.id).await? > 0 {
        return Ok(true);
    }
    let tables = stage_tables(tx, event.clone()).await?;
    if tables.iter().any(|table| table.stage == Some(FINAL)) {
        return Ok(false);
    }
    // An excluded player does not qualify: the next one does.
    let active = tx.active_players(event.id).await?;
    let picks: Vec<Vec<PlayerId>> = tables
        .iter()
        .map(|table| {
            let lines: Vec<_> = table
                .lines
                .iter()
                .filter(|line| active.contains(&table.players[line.seed]))
                .cloned()
                .collect();
            qualifiers(&lines, &table.ratings, format.qualify as usize)
                .into_iter()
                .map(|seed| table.players[seed])
                .collect()
        })
        .collect();
    // Seeded by place, then by section: all winners, then all seconds, …
    let mut finalists = Vec::new();
    for place in 0..format.qualify as usize {
        finalists.extend(picks.iter().filter_map(|pick| pick.get(place).copied()));
    }
    start_final(tx, &event, &finalists, now).await?;
    Ok(true)
}

/// Starts the final of `finalists` and tells every entrant.
async fn start_final(
    tx: &mut Tx,
    event: &Event,
    finalists: &[PlayerId],
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let cycles = tx.event_settings(event.id).await?.cycles;
    let regulation = regulation_of(event);
    let games = tx.games_of_event(event.id).await?;
    let rounds_before = games.iter().map(|game| game.round).max().unwrap_or(0);
    let rounds_before = u32::try_from(rounds_before).unwrap_or(0);
    let settings = (finalists, cycles, Some(FINAL), rounds_before);
    pair_and_start(tx, event, &regulation, settings, now).await?;
    let mut names = Vec::new();
    for finalist in finalists {
        names.push(tx.player(*finalist).await?.display_name);
    }
    let lists = final_games(tx, event.id).await?;
    let entrants = tx.active_players(event.id).await?;
    for player in &entrants {
        let notice = Notice::FinalStarted {
            event: event.id,
            name: event.name.clone(),
            finalists: names.clone(),
            list: lists.get(player).cloned().unwrap_or_default(),
            arbiter: false,
        };
        notify(tx, *player, &notice, now).await?;
    }
    let notice = Notice::FinalStarted {
        event: event.id,
        name: event.name.clone(),
        finalists: names,
        list: Vec::new(),
        arbiter: true,
    };
    // R3.1.6: the arbiters' channel, else each arbiter who does not play.
    notify_arbiters_except(tx, (event.id, &entrants), &notice, now).await
}

/// Each finalist's games of the final (the event's games still running).
async fn final_games(
    tx: &mut Tx,
    event: EventId,
) -> Result<HashMap<PlayerId, Vec<StartedGame>>, Failure> {
    let mut lists: HashMap<PlayerId, Vec<StartedGame>> = HashMap::new();
    let mut names = HashMap::new();
    for game in tx.games_of_event(event).await? {
        if game.status == GameStatus::Finished {
            continue;
        }
        for (player, opponent, white) in [
            (game.white, game.black, true),
            (game.black, game.white, false),
        ] {
            let name = match names.get(&opponent) {
                Some(name) => String::clone(name),
                None => tx.player(opponent).await?.display_name,
            };
            names.insert(opponent, name.clone());
            lists.entry(player).or_default().push(StartedGame {
                game: game.id,
                opponent: name,
                white,
            });
        }
    }
    Ok(lists)
}
