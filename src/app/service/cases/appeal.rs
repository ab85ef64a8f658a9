//! Appeals (R2.1.6): a party appeals within 14 days of receiving the ruling;
//! after that the bot refuses with the date the window closed. The
//! appeals committee upholds or replaces the ruling; its decision is final
//! and applied at once.

use chrono::{DateTime, Utc};

use crate::app::actor::Actor;
use crate::app::authz::Action;
use crate::app::i18n::{Args, tr};
use crate::app::notice::{CaseNews, Deciders};
use crate::app::outgoing::Outgoing;
use crate::core::case::{AppealError, AppealOutcome, CaseError};
use crate::store::CaseId;
use crate::store::{AppealId, AppealStatus, Role, RulingId, Tx};

use crate::app::service::events::list::names;

use crate::app::failure::{Outcome, refuse};
use crate::app::service::cases::apply::{apply_measures, revoke};
use crate::app::service::cases::measures::{read_measures, split_reasons};
use crate::app::service::cases::{
    authorize, case_refusal, load, notice_of, save, tell, tell_all, tell_arbiters, tell_committee,
};
use crate::app::service::keys::person_key;
use crate::app::view::event_zone::zoned;

/// `/appeal N grounds` (R2.1.6).
pub(super) async fn appeal(
    tx: &mut Tx,
    actor: &Actor,
    number: CaseId,
    grounds: &str,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let mut file = load(tx, lang, number).await?;
    authorize(tx, actor, &file, Action::AppealRuling).await?;
    let me = person_key(actor.player.id);
    let received = file.case.receipt_of(me);
    match file.case.lodge_appeal(me, now, grounds) {
        Ok(()) => {}
        Err(CaseError::Appeal(AppealError::WindowClosed { closed_at })) => {
            // R2.1.6 with R3.5.6: the dates in the event's zone.
            let zone = file.case.zone();
            let args = Args::new()
                .with("case", number)
                .with("closed", zoned(closed_at, zone).deadline_text(lang))
                .with(
                    "received",
                    received
                        .map(|r| zoned(r, zone).text(lang))
                        .unwrap_or_default(),
                );
            return Err(refuse(lang, "error-appeal-closed", &args));
        }
        Err(CaseError::Appeal(AppealError::DecisionFinal)) => {
            let args = Args::new().with("case", number);
            return Err(refuse(lang, "error-appeal-final", &args));
        }
        Err(other) => return Err(case_refusal(lang, &file, &other)),
    }
    let ruling = RulingId(file.context.ruling.unwrap_or_default());
    let stored = tx
        .file_appeal(ruling, actor.player.id, grounds, now)
        .await?;
    file.context.appeal = Some(stored.id.0);
    save(tx, &file, now).await?;
    let mut notice = notice_of(tx, &file, CaseNews::Appealed, Some(actor.player.id)).await?;
    notice.text = Some(grounds.to_owned());
    let deciders =
        crate::app::service::cases::roles::deciders(tx, &file, Role::AppealsCommittee).await?;
    let deciders = Deciders {
        names: names(tx, &deciders.people).await?,
        administrators: deciders.administrators,
    };
    notice.deciders = Some(deciders.clone());
    tell_committee(tx, &file, &notice, now).await?;
    tell_arbiters(tx, &file, &notice, now).await?;
    let mut people = file.concerned();
    people.extend(file.captains());
    tell(tx, &people, Some(actor.player.id), &notice, now).await?;
    let args = Args::new().with("case", number);
    let reply = tr(lang, "reply-appeal-filed", &args);
    let reply = format!("{reply}\n{}", deciders.text(lang));
    Ok(vec![Outgoing::text(reply)])
}

/// `/decide N uphold -- reasons` or `/decide N replace measures -- reasons`:
/// the committee's final decision (R2.1.6), applied at once.
pub(super) async fn decide(
    tx: &mut Tx,
    actor: &Actor,
    number: CaseId,
    text: &str,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let mut file = load(tx, lang, number).await?;
    authorize(tx, actor, &file, Action::DecideAppeal).await?;
    let (head, why) = split_reasons(actor, text)?;
    let (word, rest) = crate::app::command::split_word(head);
    let measures = match word.to_lowercase().as_str() {
        "uphold" | "залишити" => None,
        "replace" | "замінити" => {
            let measures = read_measures(tx, actor, &file, rest).await?;
            crate::app::service::cases::roles::admit_targets(tx, actor, &mut file, &measures)
                .await?;
            Some(measures)
        }
        _ => {
            let args = Args::new().with("measure", word.to_owned());
            return Err(refuse(lang, "error-decide-outcome", &args));
        }
    };
    let outcome = match &measures {
        None => AppealOutcome::Upheld,
        Some(measures) => AppealOutcome::Replaced(measures.iter().map(|m| m.ruling).collect()),
    };
    let me = person_key(actor.player.id);
    let decided = file.case.decide_appeal(me, now, outcome, why);
    decided.map_err(|e| case_refusal(lang, &file, &e))?;
    let (news, status, views) = match &measures {
        None => (CaseNews::Upheld, AppealStatus::Dismissed, Vec::new()),
        Some(measures) => {
            revoke(tx, &mut file, now).await?;
            let views = apply_measures(tx, actor, &mut file, measures, now).await?;
            (CaseNews::Replaced, AppealStatus::Upheld, views)
        }
    };
    if let Some(appeal) = file.context.appeal {
        let decision = format!("{head} -- {why}");
        tx.decide_appeal(AppealId(appeal), status, &decision, actor.player.id, now)
            .await?;
    }
    save(tx, &file, now).await?;
    let mut notice = notice_of(tx, &file, news, Some(actor.player.id)).await?;
    notice.measures = views;
    notice.text = Some(why.to_owned());
    tell_all(tx, &file, None, &notice, now).await?;
    let args = Args::new().with("case", number);
    Ok(vec![Outgoing::text(tr(
        lang,
        "reply-appeal-decided",
        &args,
    ))])
}
