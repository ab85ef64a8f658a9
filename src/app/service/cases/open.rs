//! Cases players open: a dispute or a failure about a game (R2.1.4, R3.4.5),
//! a question to the arbiter (R2.1.4), lost internet access (R3.1.5), a
//! request for extra leave (R3.6.3). And the opening every case shares.

use anyhow::Context;
use chrono::{DateTime, Utc};
use chrono_tz::Tz;

use crate::app::actor::Actor;
use crate::app::actor::lang_of;
use crate::app::authz::{self, Action, Relation};
use crate::app::command::{Report, meant_as_number, read_number, split_word};
use crate::app::i18n::{Args, tr, tr0};
use crate::app::notice::{CaseNews, MeasureView, SentMove, ShownInstant, Window};
use crate::app::outgoing::Outgoing;
use crate::app::rules::{Rules, first_loss_on_move};
use crate::core::case::{AbsenceError, Case, CaseKind, CaseState, NewCase, register_absence};
use crate::store::GameId;
use crate::store::{Event, EventId, GameRecord, NewCaseRecord, PlayerId, Role, StoreError, Tx};

use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::service::cases::{
    CaseContext, CaseFile, details_of, notice_of, team_roster, tell, tell_arbiters,
};
use crate::app::service::games::pick::{Pick, pick_game};
use crate::app::service::keys::{game_key, person_key};
use crate::app::service::leave::read_leave_dates;
use crate::app::service::people::contacts::live_events;
use crate::app::service::people::names::player_named;
use crate::app::view::game::{colour_of, regulation_of};

/// What it takes to open a case.
pub(crate) struct Opening {
    /// The kind.
    pub kind: CaseKind,
    /// The event.
    pub event: Event,
    /// The game, if any.
    pub game: Option<GameRecord>,
    /// The raiser; `None` for the bot.
    pub raised_by: Option<PlayerId>,
    /// The other players it is about.
    pub accused: Vec<PlayerId>,
    /// The game's partner when not a party.
    pub opponent: Option<PlayerId>,
    /// The raiser's statement.
    pub statement: Option<String>,
    /// The desk's context.
    pub context: CaseContext,
}

/// Opens a case and tells whom it concerns: the captains first in a team
/// event's dispute (R3.1.4), otherwise the arbiters, with the game's board
/// and both clocks; the other parties are told too.
pub(crate) async fn open_case(
    tx: &mut Tx,
    mut opening: Opening,
    now: DateTime<Utc>,
) -> Result<CaseFile, Failure> {
    let roster = team_roster(tx, &opening.event).await?;
    let new = NewCase {
        kind: opening.kind,
        raised_by: opening.raised_by.map(person_key),
        accused: opening.accused.iter().map(|p| person_key(*p)).collect(),
        opponent: opening.opponent.map(person_key),
        game: opening.game.as_ref().map(|g| game_key(g.id)),
        at: now,
    };
    let mut case = Case::open(new, roster.as_ref()).context("opening a case")?;
    case.set_zone(crate::app::view::event_zone::event_zone(&opening.event));
    if let (Some(raiser), Some(text)) = (opening.raised_by, &opening.statement) {
        case.add_statement(person_key(raiser), now, text.clone(), roster.as_ref())
            .context("the opening statement of a case")?;
    }
    if let Some(game) = &opening.game {
        opening.context.clocks = Some(Rules::game_clocks(tx, game, now).await?);
        let zone = crate::app::view::event_zone::event_zone(&opening.event);
        opening.context.moves = last_moves(tx, game, zone).await?;
    }
    let stored = NewCaseRecord {
        kind: kind_name(opening.kind),
        event_id: opening.event.id,
        game_id: opening.game.as_ref().map(|g| g.id),
        opened_by: opening.raised_by,
        respondent_id: opening.accused.first().copied(),
        details: details_of(&case, &opening.context),
        at: now,
    };
    let row = tx.open_case(&stored).await?;
    let file = CaseFile {
        row,
        case,
        context: opening.context,
        event: opening.event,
        roster,
    };
    announce(tx, &file, opening.statement, now).await?;
    Ok(file)
}

/// How many of a game's last moves a case shows the arbiter.
const MESSAGES_SHOWN: usize = 4;

/// The game's last moves as the players sent them: when (in the event's
/// `zone`), who, what.
async fn last_moves(tx: &mut Tx, game: &GameRecord, zone: Tz) -> Result<Vec<SentMove>, Failure> {
    let rows = tx.moves(game.id).await?;
    let from = rows.len().saturating_sub(MESSAGES_SHOWN);
    let names = [
        tx.player(game.white).await?.display_name,
        tx.player(game.black).await?.display_name,
    ];
    Ok(rows[from..]
        .iter()
        .map(|row| SentMove {
            at: ShownInstant::new(row.received_at, zone),
            mover: names[usize::from(row.ply % 2 == 0)].clone(),
            text: row.text.clone(),
        })
        .collect())
}

/// The stored name of a kind (`dispute`, `forty_days_silence` …).
pub(crate) fn kind_name(kind: CaseKind) -> String {
    serde_json::to_value(kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

async fn announce(
    tx: &mut Tx,
    file: &CaseFile,
    statement: Option<String>,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let raiser = file.row.opened_by;
    let news = if file.case.state() == CaseState::WithCaptains {
        CaseNews::ToCaptains
    } else {
        CaseNews::Opened
    };
    let mut notice = notice_of(tx, file, news, raiser).await?;
    notice.text = statement;
    notice.clocks = file.context.clocks;
    notice.messages = file.context.messages.clone();
    notice.moves = file.context.moves.clone();
    if let Some(reporter) = file.context.reported_by {
        notice.reporter = Some(tx.player(PlayerId(reporter)).await?.display_name);
    }
    if let (Some((from, days)), Some(raiser)) = (file.context.leave, raiser) {
        notice.measures = vec![MeasureView::ExtraLeave {
            player: tx.player(raiser).await?.display_name,
            from: crate::app::command::shown_date(from),
            days: i64::from(days),
        }];
    }
    if news == CaseNews::ToCaptains {
        tell(tx, &file.captains(), None, &notice, now).await?;
    } else {
        tell_arbiters(tx, file, &notice, now).await?;
    }
    if file.case.kind() == CaseKind::ExtraLeaveRequest {
        let office = tx
            .holders_of(Role::LeaveOffice, Some(file.event.id))
            .await?;
        tell(tx, &office, None, &notice, now).await?;
    }
    let mut told = notice_of(tx, file, CaseNews::Told, raiser).await?;
    told.text = None;
    let mut people = file.concerned();
    if news != CaseNews::ToCaptains {
        // R3.1.6, R3.3.2: in a team event the captains deal with the
        // arbiter for their players, so they hear of every case too.
        people.extend(file.captains());
    }
    tell(tx, &people, raiser, &told, now).await
}

/// The reply to the raiser: the case's number and who has it now.
fn opened_reply(actor: &Actor, file: &CaseFile) -> Outgoing {
    let id = if file.case.state() == CaseState::WithCaptains {
        "reply-case-opened-captains"
    } else if file.case.kind() == CaseKind::Question {
        "reply-question-sent"
    } else {
        "reply-case-opened"
    };
    let args = Args::new().with("case", file.number()).with(
        "kind",
        crate::app::notice::case_kind_text(actor.lang(), file.case.kind()),
    );
    Outgoing::text(tr(actor.lang(), id, &args))
}

/// `/dispute [#game] text`, `/failure [#game] text` (R2.1.4, R3.4.5).
pub(super) async fn report(
    tx: &mut Tx,
    actor: &Actor,
    (report, game): (Report, Option<GameId>),
    text: &str,
    now: DateTime<Utc>,
) -> Outcome {
    let prefix = match report {
        Report::Dispute => "/dispute",
        Report::Failure => "/failure",
    };
    let pick = Pick {
        suffix: text,
        ..Pick::any(prefix)
    };
    let game = pick_game(tx, actor, game, pick).await?;
    let me = actor.player.id;
    let relation = colour_of(&game, me).map(|_| Relation::PlayerOfGame);
    if !authz::allows(
        Action::ReportAboutGame,
        &relation.into_iter().collect::<Vec<_>>(),
    ) {
        let args = Args::new().with("game", game.id);
        return Err(refuse(actor.lang(), "error-not-your-game", &args));
    }
    let partner = if game.white == me {
        game.black
    } else {
        game.white
    };
    let (kind, accused, opponent) = match report {
        Report::Dispute => (CaseKind::Dispute, vec![partner], None),
        Report::Failure => (CaseKind::SoftwareFailure, vec![], Some(partner)),
    };
    let opening = Opening {
        kind,
        event: tx.event(game.event_id).await?,
        game: Some(game),
        raised_by: Some(me),
        accused,
        opponent,
        statement: Some(text.to_owned()),
        context: CaseContext::default(),
    };
    let file = open_case(tx, opening, now).await?;
    Ok(vec![opened_reply(actor, &file)])
}

/// The event a player writes to the arbiter about: the one named (which the
/// player must have entered, even if it is over), or the player's only live
/// event.
async fn own_event(
    tx: &mut Tx,
    actor: &Actor,
    number: Option<EventId>,
    command: &str,
) -> Result<Event, Failure> {
    let lang = actor.lang();
    let mine = live_events(tx, actor.player.id).await?;
    let chosen = match number {
        // A named event may be over: its decisions can still be asked about.
        Some(n) if tx.events_entered(actor.player.id).await?.contains(&n) => {
            Some(tx.event(n).await?)
        }
        Some(_) => None,
        None if mine.len() == 1 => mine.into_iter().next(),
        None if mine.is_empty() => None,
        None => {
            let list: Vec<String> = mine.iter().map(|e| format!("#{}", e.id.0)).collect();
            let args = Args::new()
                .with("events", list.join(", "))
                .with("command", command.to_owned());
            return Err(refuse(lang, "error-which-event", &args));
        }
    };
    let relations: Vec<Relation> = chosen.iter().map(|_| Relation::PlayerOfEvent).collect();
    match chosen {
        Some(event) if authz::allows(Action::WriteToArbiter, &relations) => Ok(event),
        _ => Err(refuse(lang, "error-not-in-event", &Args::new())),
    }
}

/// `/ask [#event] text`: a question to the arbiter (R2.1.4).
pub(super) async fn ask(
    tx: &mut Tx,
    actor: &Actor,
    event: Option<EventId>,
    text: &str,
    now: DateTime<Utc>,
) -> Outcome {
    let event = own_event(tx, actor, event, "/ask").await?;
    let opening = Opening {
        kind: CaseKind::Question,
        event,
        game: None,
        raised_by: Some(actor.player.id),
        accused: vec![],
        opponent: None,
        statement: Some(text.to_owned()),
        context: CaseContext::default(),
    };
    let file = open_case(tx, opening, now).await?;
    Ok(vec![opened_reply(actor, &file)])
}

/// `/extraleave DATE DAYS [#event] reasons` (R3.6.3).
pub(super) async fn extra_leave(
    tx: &mut Tx,
    actor: &Actor,
    (start, days): (&str, &str),
    text: &str,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let zone = crate::app::zone::actor_zone(tx, actor).await?;
    let (date, days) = read_leave_dates(lang, start, days, (now, zone))?;
    let (first, rest) = split_word(text);
    let (event, reasons) = match read_number(first) {
        Some(n) => (Some(n), rest),
        None if meant_as_number(first) => {
            let args = Args::new().with("value", first.to_owned());
            return Err(refuse(lang, "error-extra-leave-event", &args));
        }
        None => (None, text),
    };
    let event = own_event(tx, actor, event, "/extraleave").await?;
    let limit = regulation_of(&event).extra_leave_days_per_year;
    if days > limit {
        let args = Args::new().with("days", days).with("limit", limit);
        return Err(refuse(lang, "error-extra-leave-too-long", &args));
    }
    let context = CaseContext {
        leave: Some((date, days)),
        ..CaseContext::default()
    };
    let opening = Opening {
        kind: CaseKind::ExtraLeaveRequest,
        event,
        game: None,
        raised_by: Some(actor.player.id),
        accused: vec![],
        opponent: None,
        statement: Some(reasons.to_owned()).filter(|t| !t.is_empty()),
        context,
    };
    let file = open_case(tx, opening, now).await?;
    Ok(vec![opened_reply(actor, &file)])
}

/// The player an absence is about: the actor, or (for an arbiter of one of
/// the player's events) the player named (R3.1.5: "by any means").
async fn absent_player(
    tx: &mut Tx,
    actor: &Actor,
    name: Option<&str>,
) -> Result<PlayerId, Failure> {
    let Some(name) = name else {
        return Ok(actor.player.id);
    };
    let subject = player_named(tx, actor.lang(), name).await?;
    if subject == actor.player.id {
        return Ok(subject);
    }
    let mut relations = vec![Relation::Outsider];
    for event in live_events(tx, subject).await? {
        if tx
            .holders_of(Role::Arbiter, Some(event.id))
            .await?
            .contains(&actor.player.id)
        {
            relations.push(Relation::Arbiter);
        }
    }
    if authz::allows(Action::ReportAbsenceFor, &relations) {
        Ok(subject)
    } else {
        Err(refuse(
            actor.lang(),
            "error-not-arbiter-of-player",
            &Args::new(),
        ))
    }
}

/// `/offline [@player] [text]`: lost internet access (R3.1.5). The first
/// absence of a calendar year opens a case for each of the player's events
/// and sets the 30-day deadline; a second one is not allowed and goes to
/// the arbiter as the bot's case.
pub(super) async fn offline(
    tx: &mut Tx,
    actor: &Actor,
    name: Option<&str>,
    text: &str,
    now: DateTime<Utc>,
) -> Outcome {
    let subject = absent_player(tx, actor, name).await?;
    tx.lock_player(subject).await?;
    let lang = actor.lang();
    let history = crate::app::service::cases::bot::absence_history(tx, subject).await?;
    // The dates the reply names, in the asker's zone (R3.5.6).
    let zone = crate::app::zone::actor_zone(tx, actor).await?;
    let shown = |at| crate::app::view::event_zone::zoned(at, zone).text(lang);
    let (kind, absence) = match register_absence(&history, now) {
        Ok(absence) => (CaseKind::LostInternetAccess, Some(absence)),
        Err(AbsenceError::SecondInYear { .. }) => (CaseKind::SecondInternetAbsence, None),
        Err(AbsenceError::StillAbsent { earlier_start }) => {
            let args = Args::new().with("since", shown(earlier_start));
            return Err(refuse(lang, "error-already-offline", &args));
        }
    };
    let events = live_events(tx, subject).await?;
    if events.is_empty() {
        return Err(refuse(lang, "error-not-in-event", &Args::new()));
    }
    let id = match tx.add_absence(subject, actor.player.id, now).await {
        Ok(id) => id,
        // Another command opened one meanwhile: the store holds one open
        // absence a player, whatever the locks (R3.1.5).
        Err(StoreError::Conflict(_)) => {
            let open = tx.absences_of(subject).await?;
            let since = open.iter().find(|a| a.returned_at.is_none());
            let args = Args::new().with("since", shown(since.map_or(now, |a| a.starts_at)));
            return Err(refuse(lang, "error-already-offline", &args));
        }
        Err(other) => return Err(other.into()),
    };
    if let Some(absence) = absence {
        crate::app::service::cases::bot::set_absence_deadline(
            tx,
            subject,
            id,
            absence.withdrawal_at,
            now,
        )
        .await?;
    }
    let reported_by = (subject != actor.player.id).then_some(actor.player.id.0);
    let mut numbers = Vec::new();
    for event in events {
        let by_bot = kind.opened_by_bot();
        let opening = Opening {
            kind,
            event,
            game: None,
            raised_by: (!by_bot).then_some(subject),
            accused: if by_bot { vec![subject] } else { vec![] },
            opponent: None,
            statement: Some(text.to_owned()).filter(|t| !t.is_empty()),
            context: CaseContext {
                reported_by,
                ..CaseContext::default()
            },
        };
        numbers.push(format!("#{}", open_case(tx, opening, now).await?.number()));
    }
    let args = Args::new()
        .with("count", numbers.len())
        .with("cases", numbers.join(", "));
    let Some(absence) = absence else {
        return Ok(vec![Outgoing::text(tr(
            lang,
            "reply-offline-second",
            &args,
        ))]);
    };
    let window = absence_window(tx, subject, (absence.withdrawal_at, zone), now).await?;
    let text = match reported_by {
        // Told for the player by an arbiter: the reply names whose return is due.
        Some(_) => {
            let player = tx.player(subject).await?.display_name;
            let ids = (
                "reply-offline-reported",
                "reply-offline-reported-loss-first",
            );
            window.text(lang, ids, args.with("player", player))
        }
        None => window.text(lang, ("reply-offline", "reply-offline-loss-first"), args),
    };
    Ok(vec![Outgoing::text(text)])
}

/// The 30 days to come back (R3.1.5), ending at `ends` shown in `zone`,
/// with the first loss on time the absent player faces in any running game
/// (their move, R3.5.7) named when it comes first: an absence does not stop
/// the clock.
async fn absence_window(
    tx: &mut Tx,
    player: PlayerId,
    (ends, zone): (DateTime<Utc>, Tz),
    now: DateTime<Utc>,
) -> Result<Window, Failure> {
    let games = tx.active_games_of(player).await?;
    let loss = first_loss_on_move(tx, &games, player, now).await?;
    let loss = loss.map(|(game, at)| (game, ShownInstant::new(at, zone)));
    Ok(Window::with_loss_in(ShownInstant::new(ends, zone), loss))
}

/// `/online [@player]`: back after an absence (R3.1.5); the arbiters of the
/// open absence cases are told.
pub(super) async fn online(
    tx: &mut Tx,
    actor: &Actor,
    name: Option<&str>,
    now: DateTime<Utc>,
) -> Outcome {
    let subject = absent_player(tx, actor, name).await?;
    if !tx.end_absence(subject, now).await? {
        return Err(refuse(actor.lang(), "error-not-offline", &Args::new()));
    }
    // The player's words, in the player's language; the entry keeps the instant.
    let statement = tr0(
        lang_of(&tx.player(subject).await?),
        "case-statement-back-online",
    );
    for event in live_events(tx, subject).await? {
        back_online(tx, &event, (subject, &statement), now).await?;
    }
    Ok(vec![Outgoing::text(tr(
        actor.lang(),
        "reply-online",
        &Args::new(),
    ))])
}

/// Records the player's `statement` that they are back online on their open
/// absence cases in `event` and tells the arbiters.
async fn back_online(
    tx: &mut Tx,
    event: &Event,
    (subject, statement): (PlayerId, &str),
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    const ABSENCE: [&str; 3] = [
        "lost_internet_access",
        "internet_absence_overdue",
        "second_internet_absence",
    ];
    for row in tx.open_cases_of(event.id).await? {
        if !ABSENCE.contains(&row.kind.as_str()) {
            continue;
        }
        let mut file =
            crate::app::service::cases::load(tx, crate::app::i18n::Lang::En, row.id).await?;
        if !file.parties().contains(&subject) {
            continue;
        }
        let roster = file.roster.clone();
        if file
            .case
            .add_statement(person_key(subject), now, statement, roster.as_ref())
            .is_ok()
        {
            crate::app::service::cases::save(tx, &file, now).await?;
        }
        let notice = notice_of(tx, &file, CaseNews::BackOnline, Some(subject)).await?;
        tell_arbiters(tx, &file, &notice, now).await?;
    }
    Ok(())
}
