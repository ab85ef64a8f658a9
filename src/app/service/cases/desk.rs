//! Working on a case: the arbiter takes it up, notes, closes it; parties
//! and captains add statements; captains settle or pass it on (R3.1.4); the
//! raiser withdraws it.

use chrono::{DateTime, Utc};

use crate::app::actor::Actor;
use crate::app::authz::{Action, Relation};
use crate::app::command::CaseAction;
use crate::app::i18n::{Args, tr};
use crate::app::notice::CaseNews;
use crate::app::outgoing::Outgoing;
use crate::core::case::{CaseError, CaseKind, CaseState};
use crate::core::team::{PersonKey, Roster};
use crate::store::CaseId;
use crate::store::Tx;

use crate::app::failure::{Failure, Outcome};
use crate::app::service::cases::{
    CaseFile, authorize, case_refusal, load, notice_of, relations_in, save, tell, tell_arbiters,
};
use crate::app::service::keys::person_key;

/// `/case N take|say|note|withdraw|forward|settle|close`.
pub(super) async fn act(
    tx: &mut Tx,
    actor: &Actor,
    number: CaseId,
    action: CaseAction,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let mut file = load(tx, lang, number).await?;
    let me = actor.player.id;
    let who = person_key(me);
    let roster = file.roster.clone();
    let (news, text, reply) = match action {
        CaseAction::Show => unreachable!("shown by the case file"),
        CaseAction::Take => {
            authorize(tx, actor, &file, Action::ArbiterDesk).await?;
            let done = file.case.take_up(who, now);
            refused(&file, lang, done)?;
            (Some(CaseNews::Taken), None, "reply-case-taken")
        }
        CaseAction::Say { text } => {
            let relations = authorize(tx, actor, &file, Action::StateInCase).await?;
            let accused = file.case.kind() == CaseKind::OverstepClaim
                && file.case.raised_by() != Some(who)
                && file.case.parties().contains(&who);
            if relations.contains(&Relation::Arbiter) {
                file.case.add_note(who, now, text.clone(), false);
            } else if accused {
                // R2.6.4: the accused objects within 7 days of being told.
                let told = file.case.opened_at();
                let objected = file.case.lodge_objection(who, now, told, text.clone());
                refused(&file, lang, objected)?;
            } else {
                let said = file
                    .case
                    .add_statement(who, now, text.clone(), roster.as_ref());
                refused(&file, lang, said)?;
            }
            (
                Some(CaseNews::Statement),
                Some(text),
                "reply-case-statement",
            )
        }
        CaseAction::Note { text } => {
            authorize(tx, actor, &file, Action::ArbiterDesk).await?;
            file.case.add_note(who, now, text, true);
            (None, None, "reply-case-note")
        }
        CaseAction::Withdraw => {
            let done = file.case.withdraw(who, now);
            refused(&file, lang, done)?;
            (Some(CaseNews::Withdrawn), None, "reply-case-withdrawn")
        }
        CaseAction::Forward | CaseAction::Settle { .. } => {
            authorize(tx, actor, &file, Action::CaptainHandle).await?;
            let Some(roster) = roster else {
                return Err(case_refusal(
                    lang,
                    &file,
                    &CaseError::NotACaptain { person: who },
                ));
            };
            match action {
                CaseAction::Settle { text } => {
                    let text = Some(text).filter(|t| !t.is_empty());
                    if !agree_to_settle(&mut file, who, &roster) {
                        (Some(CaseNews::Statement), text, "reply-case-settle-agreed")
                    } else {
                        let done = file.case.settle_by_captains(who, now, &roster);
                        refused(&file, lang, done)?;
                        (Some(CaseNews::Settled), text, "reply-case-settled")
                    }
                }
                _ => {
                    let done = file.case.forward_to_arbiter(who, now, &roster);
                    refused(&file, lang, done)?;
                    (Some(CaseNews::Forwarded), None, "reply-case-forwarded")
                }
            }
        }
        CaseAction::Close => {
            authorize(tx, actor, &file, Action::ArbiterDesk).await?;
            let done = file.case.close(who, now);
            refused(&file, lang, done)?;
            (None, None, "reply-case-closed")
        }
    };
    save(tx, &file, now).await?;
    if let Some(news) = news {
        announce(tx, actor, &file, news, text, now).await?;
    }
    let args = Args::new().with("case", number);
    Ok(vec![Outgoing::text(tr(lang, reply, &args))])
}

/// Records that the captain's (or deputy's) team agrees to settle the case
/// (R3.1.4: the captains settle it together); whether every team handling
/// the case now agrees. A case with one team handling it is settled by it;
/// `true` also when the core is to refuse (not a handling captain, or the
/// case is no longer with the captains).
fn agree_to_settle(file: &mut CaseFile, who: PersonKey, roster: &Roster) -> bool {
    let teams = file.case.captain_teams().to_vec();
    let mine: Vec<u64> = teams
        .iter()
        .filter(|team| roster.is_captain_or_deputy(who, **team))
        .map(|team| team.0)
        .collect();
    if mine.is_empty() || file.case.state() != CaseState::WithCaptains {
        return true;
    }
    for team in mine {
        if !file.context.settle_agreed.contains(&team) {
            file.context.settle_agreed.push(team);
        }
    }
    teams
        .iter()
        .all(|team| file.context.settle_agreed.contains(&team.0))
}

fn refused(
    file: &CaseFile,
    lang: crate::app::i18n::Lang,
    done: Result<(), CaseError>,
) -> Result<(), Failure> {
    done.map_err(|e| case_refusal(lang, file, &e))
}

/// Tells whom a change concerns: the arbiters of what parties and captains
/// do; the parties (and captains) of what the arbiter and captains do.
async fn announce(
    tx: &mut Tx,
    actor: &Actor,
    file: &CaseFile,
    news: CaseNews,
    text: Option<String>,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let me = actor.player.id;
    let mut notice = notice_of(tx, file, news, Some(me)).await?;
    notice.text = text;
    if news == CaseNews::Forwarded {
        notice.clocks = file.context.clocks;
    }
    let from_arbiter = relations_in(tx, actor, file)
        .await?
        .contains(&Relation::Arbiter);
    let to_arbiters = matches!(
        news,
        CaseNews::Forwarded | CaseNews::Withdrawn | CaseNews::Settled
    ) || (news == CaseNews::Statement && !from_arbiter);
    // R3.1.4: while the captains have the dispute, it is theirs; the
    // arbiters hear of it when it is forwarded to them.
    if to_arbiters && !file.case.only_with_captains() {
        tell_arbiters(tx, file, &notice, now).await?;
    }
    if news == CaseNews::Forwarded {
        return Ok(());
    }
    let mut people = file.parties();
    people.extend(file.captains());
    if news == CaseNews::Statement && !from_arbiter {
        people.retain(|p| file.captains().contains(p) || *p == me);
    }
    tell(tx, &people, Some(me), &notice, now).await
}
