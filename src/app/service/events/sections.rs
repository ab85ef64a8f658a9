//! Sections and a final (issue 40), after ICCF's preliminary sections and
//! finals: `sections=K` splits an individual event's entrants into K
//! round-robin sections balanced by rating (snake seeding on the club
//! ratings, a newcomer with the starting 1500, equal ratings in entry
//! order), and
//! `qualify=Q` (default 1) sends the best Q of each section, by the
//! section's standings and their usual tie-breaks, to a final round robin.
//! The final starts in the transaction of the last section game's result,
//! with a notice to every entrant and to the arbiters, or earlier at the
//! organizer's word (`/event final N`) with the sections' current leaders,
//! the section games still in play playing on for their sections' tables;
//! the event ends (its end announcement) when its last game, of a section
//! or of the final, has ended. Team events keep their rules (no sections);
//! postal events may play in sections like server ones.

use std::collections::HashMap;

use chrono::{DateTime, Utc};

use crate::app::actor::Actor;
use crate::app::authz::{self, Action};
use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::i18n::{Args, Lang, tr};
use crate::app::notice::{Notice, StartedGame};
use crate::app::notify::{notify, notify_arbiters_except};
use crate::app::outgoing::Outgoing;
use crate::app::service::events::manage::refuse_if_over;
use crate::app::service::events::{
    event_numbered, load_event, pair_and_start, relations, tell_started,
};
use crate::app::view::game::regulation_of;
use crate::app::view::standings::{Table, points_text, stage_tables};
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
/// in sections, locks the event's results (so that of two last results
/// arriving at once exactly one sees every section over) and, once every
/// section game has ended and no final has started, starts the final with
/// the qualifiers. `true` when the event goes on (its end is not to be
/// announced): a game of it, of a section or of a final started early
/// (`/event final`), is still in play, or the final has just started;
/// `false` for another event, or when every game, the final's included,
/// is over.
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
    if final_started(&tables) {
        return Ok(false);
    }
    let finalists = finalists(tx, &event, format, &tables).await?;
    if finalists.len() < 2 {
        // Exclusions left no one to play a final with: the event ends on
        // its sections' tables instead of waiting for games never made.
        return Ok(false);
    }
    start_final(tx, &event, &finalists, FinalStart::SectionsOver, now).await?;
    Ok(true)
}

/// `/event final N` (issue 40: the final starts "when the last section
/// ends, or an organizer starts it"): the event's organizer or an
/// administrator starts the final now, with the qualifiers by the
/// sections' current standings, under the event's results' lock (as
/// [`event_goes_on`]) and the event's lock, so that the final starts once
/// whatever arrives at the same time. The section games still in play play
/// on: they count for their sections' tables but no longer change the
/// final. Refused, changing nothing, for an unknown event, anyone else, an
/// event without sections, one not running, or a final already started.
pub(super) async fn start_early(
    tx: &mut Tx,
    actor: &Actor,
    number: EventId,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let (event, format) = event_for_final(tx, actor, number).await?;
    let args = Args::new()
        .with("event", event.id)
        .with("name", event.name.clone());
    let tables = stage_tables(tx, event.clone()).await?;
    if final_started(&tables) {
        return Err(refuse(lang, "error-final-already-started", &args));
    }
    // No final yet: every game still in play is a section's.
    let still_playing =
        usize::try_from(tx.unfinished_games_in_event(event.id).await?).unwrap_or_default();
    let finalists = finalists(tx, &event, format, &tables).await?;
    let start = FinalStart::Early {
        still_playing,
        by: actor.player.id,
    };
    let started = start_final(tx, &event, &finalists, start, now).await?;
    let args = args
        .with("games", started.games)
        .with("finalists", started.names.join(", "));
    let mut text = tr(lang, "reply-final-started", &args);
    if still_playing > 0 {
        let args = Args::new().with("games", still_playing);
        text = format!("{text} {}", tr(lang, "reply-final-section-games", &args));
    }
    Ok(vec![Outgoing::text(text)])
}

/// The event `number`, played in sections and running, with its format,
/// locked for an early final; or the refusal. The results' lock comes
/// before the event's row: a result's transaction holds the results' lock
/// when it starts the final, and the final's new games take a share of the
/// event's row (their foreign key), so the other order deadlocks with it
/// on PostgreSQL.
async fn event_for_final(
    tx: &mut Tx,
    actor: &Actor,
    number: EventId,
) -> Result<(Event, Sections), Failure> {
    let lang = actor.lang();
    let event = event_numbered(tx, actor, number).await?;
    let args = Args::new()
        .with("event", event.id)
        .with("name", event.name.clone());
    let relations = relations(tx, actor, Some(event.id)).await?;
    if !authz::allows(Action::StartFinal, &relations) {
        return Err(refuse(lang, "error-final-not-allowed", &args));
    }
    if event.regulation.sections.is_none() {
        return Err(refuse(lang, "error-final-no-sections", &args));
    }
    tx.lock_event_results(event.id).await?;
    // Read again under the locks.
    let event = load_event(tx, actor, number).await?;
    let Some(format) = event.regulation.sections else {
        return Err(refuse(lang, "error-final-no-sections", &args));
    };
    refuse_if_over(actor, &event)?;
    if event.status != EventStatus::Running {
        return Err(refuse(lang, "error-final-not-running", &args));
    }
    Ok((event, format))
}

/// Whether the final is among the event's stage tables (it has started).
fn final_started(tables: &[Table]) -> bool {
    tables.iter().any(|table| table.stage == Some(FINAL))
}

/// The finalists by the sections' standings as they are (`tables`, the
/// event's stage tables): the best `qualify` of each section, an excluded
/// player not qualifying (the next one does), seeded by place, then by
/// section (all winners, then all seconds, …). One computation for the
/// final that starts with the last section result and for the one an
/// organizer starts early.
async fn finalists(
    tx: &mut Tx,
    event: &Event,
    format: Sections,
    tables: &[Table],
) -> Result<Vec<PlayerId>, Failure> {
    let active = tx.active_players(event.id).await?;
    let picks: Vec<Vec<PlayerId>> = tables
        .iter()
        .filter(|table| table.stage != Some(FINAL))
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
    let mut finalists = Vec::new();
    for place in 0..format.qualify as usize {
        finalists.extend(picks.iter().filter_map(|pick| pick.get(place).copied()));
    }
    Ok(finalists)
}

/// What started the final.
#[derive(Debug, Clone, Copy)]
enum FinalStart {
    /// The last section game's result.
    SectionsOver,
    /// The organizer's `/event final`, with `still_playing` section games
    /// in play; `by` has the reply and is not told again as an arbiter.
    Early { still_playing: usize, by: PlayerId },
}

/// The final just started: the finalists' names, in seeding order, and
/// the number of its games.
struct StartedFinal {
    names: Vec<String>,
    games: usize,
}

/// Starts the final of `finalists` and tells every entrant and the
/// arbiters.
async fn start_final(
    tx: &mut Tx,
    event: &Event,
    finalists: &[PlayerId],
    start: FinalStart,
    now: DateTime<Utc>,
) -> Result<StartedFinal, Failure> {
    let cycles = tx.event_settings(event.id).await?.cycles;
    let regulation = regulation_of(event);
    let games = tx.games_of_event(event.id).await?;
    let rounds_before = games.iter().map(|game| game.round).max().unwrap_or(0);
    let rounds_before = u32::try_from(rounds_before).unwrap_or(0);
    let settings = (finalists, cycles, Some(FINAL), rounds_before);
    let counts = pair_and_start(tx, event, &regulation, settings, now).await?;
    let mut names = Vec::new();
    for finalist in finalists {
        names.push(tx.player(*finalist).await?.display_name);
    }
    let (early, by) = match start {
        FinalStart::SectionsOver => (None, None),
        FinalStart::Early { still_playing, by } => {
            ((still_playing > 0).then_some(still_playing), Some(by))
        }
    };
    let lists = final_games(tx, event.id, i64::from(rounds_before)).await?;
    let entrants = tx.active_players(event.id).await?;
    for player in &entrants {
        let notice = Notice::FinalStarted {
            event: event.id,
            name: event.name.clone(),
            finalists: names.clone(),
            list: lists.get(player).cloned().unwrap_or_default(),
            arbiter: false,
            early,
        };
        notify(tx, *player, &notice, now).await?;
    }
    let notice = Notice::FinalStarted {
        event: event.id,
        name: event.name.clone(),
        finalists: names.clone(),
        list: Vec::new(),
        arbiter: true,
        early,
    };
    let mut told = entrants;
    told.extend(by);
    // R3.1.6: the arbiters' channel, else each arbiter who does not play.
    notify_arbiters_except(tx, (event.id, &told), &notice, now).await?;
    let games = counts.iter().map(|games| *games as usize).sum::<usize>() / 2;
    Ok(StartedFinal { names, games })
}

/// Each finalist's games of the final just started: the event's games
/// after round `rounds_before`, the last of the sections (section games
/// still in play after an early `/event final` are not the final's).
async fn final_games(
    tx: &mut Tx,
    event: EventId,
    rounds_before: i64,
) -> Result<HashMap<PlayerId, Vec<StartedGame>>, Failure> {
    let mut lists: HashMap<PlayerId, Vec<StartedGame>> = HashMap::new();
    let mut names = HashMap::new();
    for game in tx.games_of_event(event).await? {
        if game.round <= rounds_before || game.status == GameStatus::Finished {
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
