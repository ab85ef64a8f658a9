//! The arbiter's desk: cases opened by players and by the bot, the case
//! file, rulings and their effects, appeals to the committee (R2.1.4–R2.1.6,
//! R3.1.4, R3.1.5, R3.3.2, R3.4.3, R3.4.5, R3.6.3).
//!
//! The core's [`Case`] machine is the case's truth: it is kept
//! as JSON in the stored case's details, with the context the desk needs
//! (the clocks when the case was opened, what a ruling did, so that the
//! committee can replace it). Every transition, its effects and its notices
//! commit in the command's one transaction.

mod appeal;
mod apply;
mod bot;
mod desk;
mod file;
mod measures;
mod open;
mod requests;
mod roles;

use anyhow::Context;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::app::actor::Actor;
use crate::app::authz::{self, Action, Relation};
use crate::app::command::{CaseAction, CaseCommand};
use crate::app::i18n::{Args, Lang};
use crate::app::notice::{CaseNews, CaseNotice, Notice, SentMove};
use crate::app::zone::ShownInstant;
use crate::core::case::{Case, CaseError, CaseRole, CaseState, ObjectionError};
use crate::core::clock::Clocks;
use crate::core::team::Roster;
use crate::store::{
    CaseId, CaseRecord, CaseStatus, Event, GameId, NoticeRecipient, PlayerId, Role, StoreError, Tx,
};

use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::notify::{notify, notify_arbiters};
use crate::app::service::events::list::names;
use crate::app::service::keys::{person_key, player_id};
use crate::app::service::teams::roster::roster_of;

pub use bot::open_silence_case;
pub(crate) use bot::{absence_overdue, request_unanswered};
pub(crate) use open::{Opening, open_case};

/// Runs one desk command.
pub(super) async fn handle(
    tx: &mut Tx,
    actor: &Actor,
    command: CaseCommand,
    now: DateTime<Utc>,
) -> Outcome {
    match command {
        CaseCommand::Report { report, game, text } => {
            open::report(tx, actor, (report, game), &text, now).await
        }
        CaseCommand::Ask { event, text } => open::ask(tx, actor, event, &text, now).await,
        CaseCommand::Offline { player, text } => {
            open::offline(tx, actor, player.as_deref(), &text, now).await
        }
        CaseCommand::Online { player } => open::online(tx, actor, player.as_deref(), now).await,
        CaseCommand::ExtraLeave { start, days, text } => {
            open::extra_leave(tx, actor, (&start, &days), &text, now).await
        }
        CaseCommand::List => file::list(tx, actor).await,
        CaseCommand::Case { case, action } => match action {
            CaseAction::Show => file::show(tx, actor, case).await,
            action => desk::act(tx, actor, case, action, now).await,
        },
        CaseCommand::Rule { case, text } => apply::rule(tx, actor, case, &text, now).await,
        CaseCommand::Appeal { case, text } => appeal::appeal(tx, actor, case, &text, now).await,
        CaseCommand::Decide { case, text } => appeal::decide(tx, actor, case, &text, now).await,
        CaseCommand::Request {
            player,
            event,
            text,
        } => requests::request(tx, actor, (&player, event), &text, now).await,
        CaseCommand::Answer { request, text } => {
            requests::answer(tx, actor, request, &text, now).await
        }
    }
}

/// What the desk keeps beside the core's case.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct CaseContext {
    /// Both clocks of the game when the case was opened.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clocks: Option<Clocks>,
    /// Requested extra leave: the first day and the days (R3.6.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leave: Option<(NaiveDate, u32)>,
    /// Who reported for the party (an arbiter, R3.1.5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reported_by: Option<i64>,
    /// The stored ruling in force (its appeal is filed against it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruling: Option<i64>,
    /// The stored appeal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub appeal: Option<i64>,
    /// Leaves granted by the ruling in force (revoked if it is replaced).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub granted_leaves: Vec<i64>,
    /// Players excluded by the ruling in force.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub excluded: Vec<i64>,
    /// The teams whose captain (or deputy) agreed to settle the case
    /// (R3.1.4: it is settled once every team handling it agreed).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub settle_agreed: Vec<u64>,
    /// The game's last messages when the case was opened, as text with
    /// UTC instants: cases opened before [`CaseContext::moves`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub messages: Vec<String>,
    /// The game's last moves as the players sent them when the case was
    /// opened, shown in the reader's language.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<SentMove>,
}

/// A case as the desk works on it.
pub(crate) struct CaseFile {
    /// The stored row.
    pub row: CaseRecord,
    /// The core's case.
    pub case: Case,
    /// The desk's context.
    pub context: CaseContext,
    /// The event.
    pub event: Event,
    /// The event's teams, in a team event.
    pub roster: Option<Roster>,
}

impl CaseFile {
    /// An instant of the case as a `lang` reader sees it, in the event's
    /// zone (R3.5.6): `05.01.2026 11:00 (Kyiv)`.
    pub fn when(&self, lang: Lang, at: DateTime<Utc>) -> String {
        crate::app::view::event_zone::zoned(
            at,
            crate::app::view::event_zone::event_zone(&self.event),
        )
        .text(lang)
    }

    /// The case's number.
    pub fn number(&self) -> CaseId {
        self.row.id
    }

    /// The game concerned, as stored.
    pub fn game(&self) -> Option<GameId> {
        self.row.game_id
    }

    /// The parties, as stored players.
    pub fn parties(&self) -> Vec<PlayerId> {
        self.case.parties().iter().map(|p| player_id(*p)).collect()
    }

    /// The parties and the game's partner who is not a party.
    pub fn concerned(&self) -> Vec<PlayerId> {
        let mut people = self.parties();
        if let Some(opponent) = self.case.opponent().map(player_id)
            && !people.contains(&opponent)
        {
            people.push(opponent);
        }
        people
    }

    /// The captains and deputies of the parties' teams and of the teams
    /// handling the case.
    pub fn captains(&self) -> Vec<PlayerId> {
        let Some(roster) = &self.roster else {
            return Vec::new();
        };
        let party_teams = self
            .case
            .parties()
            .iter()
            .filter_map(|p| roster.team_of(*p));
        let mut teams: Vec<_> = self.case.captain_teams().to_vec();
        teams.extend(party_teams);
        let mut people = Vec::new();
        for team in teams {
            let leaders = [roster.captain_of(team), roster.deputy_of(team)];
            for leader in leaders.into_iter().flatten().map(player_id) {
                if !people.contains(&leader) {
                    people.push(leader);
                }
            }
        }
        people
    }
}

/// The stored status of a case state.
fn status_of(state: CaseState) -> CaseStatus {
    match state {
        CaseState::Open | CaseState::WithCaptains | CaseState::WithArbiter => CaseStatus::Open,
        CaseState::Ruled => CaseStatus::Ruled,
        CaseState::UnderAppeal => CaseStatus::Appealed,
        CaseState::Closed => CaseStatus::Closed,
    }
}

/// The stored details of a case.
fn details_of(case: &Case, context: &CaseContext) -> serde_json::Value {
    json!({ "case": case, "context": context })
}

/// The case `number`, locked for this transaction ([`Tx::lock_case`]) so
/// that one command at a time changes it, or a refusal.
pub(crate) async fn load(tx: &mut Tx, lang: Lang, number: CaseId) -> Result<CaseFile, Failure> {
    tx.lock_case(number).await?;
    look_up(tx, lang, number).await
}

/// The case `number` to show (not locked), or a refusal.
pub(crate) async fn look_up(tx: &mut Tx, lang: Lang, number: CaseId) -> Result<CaseFile, Failure> {
    let row = match tx.case(number).await {
        Ok(row) => row,
        Err(StoreError::NotFound { .. }) => {
            let args = Args::new().with("case", number);
            return Err(refuse(lang, "error-unknown-case", &args));
        }
        Err(other) => return Err(other.into()),
    };
    let mut case: crate::core::case::Case = serde_json::from_value(row.details["case"].clone())
        .with_context(|| format!("case {number}: no case machine"))?;
    let context = match row.details.get("context") {
        None | Some(serde_json::Value::Null) => CaseContext::default(),
        Some(stored) => serde_json::from_value(stored.clone())
            .with_context(|| format!("case {number}: unreadable context"))?,
    };
    let event = tx.event(row.event_id).await?;
    case.set_zone(crate::app::view::event_zone::event_zone(&event));
    let roster = team_roster(tx, &event).await?;
    Ok(CaseFile {
        row,
        case,
        context,
        event,
        roster,
    })
}

/// The roster of a team event; `None` for an individual one.
pub(crate) async fn team_roster(tx: &mut Tx, event: &Event) -> Result<Option<Roster>, Failure> {
    if event.is_team {
        Ok(Some(roster_of(tx, event.id).await?))
    } else {
        Ok(None)
    }
}

/// Stores the case's state and details.
pub(crate) async fn save(tx: &mut Tx, file: &CaseFile, now: DateTime<Utc>) -> Result<(), Failure> {
    let details = details_of(&file.case, &file.context);
    tx.save_case(file.row.id, status_of(file.case.state()), &details, now)
        .await?;
    Ok(())
}

/// What the actor is with respect to the case. A party holds no office in
/// its own case (no arbiter, committee or leave office standing); an
/// administrator stands for the arbiters or the committee when none of them
/// is free of the case, or none is named (see [`roles`]).
pub(crate) async fn relations_in(
    tx: &mut Tx,
    actor: &Actor,
    file: &CaseFile,
) -> Result<Vec<Relation>, Failure> {
    let me = actor.player.id;
    let event = Some(file.event.id);
    let role = file
        .case
        .role_of(person_key(me), false, false, file.roster.as_ref());
    let mut relations = vec![Relation::Outsider];
    let roles = [
        (Role::Arbiter, Relation::Arbiter),
        (Role::AppealsCommittee, Relation::Committee),
        (Role::LeaveOffice, Relation::LeaveOffice),
    ];
    for (role, relation) in roles {
        let free = !roles::conflicted(file, role).contains(&me);
        if free && tx.holders_of(role, event).await?.contains(&me) {
            relations.push(relation);
        }
    }
    if actor.is_admin {
        relations.push(Relation::Administrator);
        for (role, relation) in roles.into_iter().take(2) {
            let deciders = roles::deciders(tx, file, role).await?;
            let stand_in = deciders.administrators && deciders.people.contains(&me);
            if stand_in && !relations.contains(&relation) {
                relations.push(relation);
            }
        }
    }
    relations.extend(match role {
        CaseRole::Party => Some(Relation::CaseParty),
        CaseRole::Captain => Some(Relation::CaseCaptain),
        CaseRole::Opponent => Some(Relation::CaseOpponent),
        _ => None,
    });
    Ok(relations)
}

/// The actor's standings with respect to the case, refused with
/// `error-not-allowed-case` unless they allow `action` (a party who holds
/// the office `action` needs is told who decides instead).
pub(crate) async fn authorize(
    tx: &mut Tx,
    actor: &Actor,
    file: &CaseFile,
    action: Action,
) -> Result<Vec<Relation>, Failure> {
    let standings = relations_in(tx, actor, file).await?;
    if authz::allows(action, &standings) {
        return Ok(standings);
    }
    if let Some(conflict) = roles::conflict_refusal(tx, actor, file, action).await? {
        return Err(conflict);
    }
    let args = Args::new().with("case", file.number());
    Err(refuse(actor.lang(), "error-not-allowed-case", &args))
}

/// A notice of `news` about the case, by `by`.
pub(crate) async fn notice_of(
    tx: &mut Tx,
    file: &CaseFile,
    news: CaseNews,
    by: Option<PlayerId>,
) -> Result<CaseNotice, Failure> {
    let by = match by {
        Some(by) => Some(tx.player(by).await?.display_name),
        None => None,
    };
    Ok(CaseNotice {
        news,
        case: file.number(),
        case_kind: file.case.kind(),
        event: file.event.name.clone(),
        game: file.game(),
        parties: names(tx, &file.parties()).await?,
        by,
        text: None,
        clocks: None,
        measures: Vec::new(),
        until: None,
        appeal: None,
        reporter: None,
        messages: Vec::new(),
        moves: Vec::new(),
        deciders: None,
    })
}

/// Queues a case notice for each of `people` (once each, not `except`).
pub(crate) async fn tell(
    tx: &mut Tx,
    people: &[PlayerId],
    except: Option<PlayerId>,
    notice: &CaseNotice,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let notice = Notice::Case(notice.clone());
    let mut told = Vec::new();
    for person in people {
        if Some(*person) != except && !told.contains(person) {
            notify(tx, *person, &notice, now).await?;
            told.push(*person);
        }
    }
    Ok(())
}

/// Queues a case notice for everyone the case concerns: its parties, the
/// game's partner and the captains (not `except`), and the arbiters.
pub(crate) async fn tell_all(
    tx: &mut Tx,
    file: &CaseFile,
    except: Option<PlayerId>,
    notice: &CaseNotice,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    tell(tx, &people_told(file), except, notice, now).await?;
    tell_arbiters(tx, file, notice, now).await
}

/// Everyone the case concerns, with the captains of its teams: those
/// [`tell_all`] tells, apart from the arbiters.
pub(crate) fn people_told(file: &CaseFile) -> Vec<PlayerId> {
    let mut people = file.concerned();
    people.extend(file.captains());
    people
}

/// Queues a case notice for the event's arbiters (their channel, else each).
pub(crate) async fn tell_arbiters(
    tx: &mut Tx,
    file: &CaseFile,
    notice: &CaseNotice,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let notice = Notice::Case(notice.clone());
    notify_arbiters(tx, file.event.id, &notice, now).await?;
    // No arbiter free of the case (all are parties, or none is named): the
    // administrators who decide it instead are told too.
    let deciders = roles::deciders(tx, file, Role::Arbiter).await?;
    if deciders.administrators {
        for administrator in deciders.people {
            notify(tx, administrator, &notice, now).await?;
        }
    }
    Ok(())
}

/// Queues a case notice for the appeals committee: its channel, else each
/// member free of the case, else the administrators who stand for it
/// (R2.1.6).
pub(crate) async fn tell_committee(
    tx: &mut Tx,
    file: &CaseFile,
    notice: &CaseNotice,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let notice = Notice::Case(notice.clone());
    let settings = tx.event_settings(file.event.id).await?;
    let deciders = roles::deciders(tx, file, Role::AppealsCommittee).await?;
    if let Some(channel @ NoticeRecipient::Chat { .. }) = settings.appeals_channel
        && !deciders.administrators
    {
        let payload = serde_json::to_value(&notice).map_err(|e| Failure::Internal(e.into()))?;
        tx.enqueue_notice(&channel, notice.kind(), &payload, now)
            .await?;
        return Ok(());
    }
    for member in deciders.people {
        notify(tx, member, &notice, now).await?;
    }
    Ok(())
}

/// The last minute before a window of `file`'s case closes at `closes`, in
/// the event's zone: a window closing at 00:00 of 3 February is open "until
/// 2 February 23:59" (R2.1.6, R3.5.6).
pub(crate) fn last_minute_text(file: &CaseFile, closes: DateTime<Utc>) -> ShownInstant {
    crate::app::view::event_zone::last_minute_in(closes, file.case.zone())
}

/// A refusal for a transition the core refused.
pub(crate) fn case_refusal(lang: Lang, file: &CaseFile, error: &CaseError) -> Failure {
    use CaseError as E;
    let args = Args::new().with("case", file.number());
    match error {
        E::WrongState { .. } => {
            let state = file.state_text(lang);
            refuse(lang, "error-case-state", &args.with("state", state))
        }
        E::NotTheRaiser { .. } => refuse(lang, "error-case-not-raiser", &args),
        E::NotACaptain { .. } => refuse(lang, "error-not-allowed-case", &args),
        E::NotAParty { .. } => refuse(lang, "error-not-allowed-case", &args),
        E::Objection(ObjectionError::WindowClosed { closed_at }) => refuse(
            lang,
            "error-objection-closed",
            &args.with("closed", last_minute_text(file, *closed_at).text(lang)),
        ),
        E::AppealWindowOpen { until, .. } => refuse(
            lang,
            "error-case-appeal-window-open",
            &args.with("until", last_minute_text(file, *until).text(lang)),
        ),
        other => refuse(
            lang,
            "error-case-refused",
            &args.with("reason", other.to_string()),
        ),
    }
}

impl CaseFile {
    /// The case's state in words.
    pub fn state_text(&self, lang: Lang) -> String {
        let id = match self.case.state() {
            CaseState::Open => "case-state-open",
            CaseState::WithCaptains => "case-state-with-captains",
            CaseState::WithArbiter => "case-state-with-arbiter",
            CaseState::Ruled => "case-state-ruled",
            CaseState::UnderAppeal => "case-state-under-appeal",
            CaseState::Closed => "case-state-closed",
        };
        crate::app::i18n::tr0(lang, id)
    }
}
