//! Who may rule a case, decide its appeal and be sanctioned by it
//! (R2.1.5, R2.1.6).
//!
//! A party of a case never rules it nor decides its appeal (conflict of
//! interest), and the arbiter whose ruling is appealed does not decide the
//! appeal: such a holder of the office stands with respect to the case as
//! its party (or nobody) only, and the case is decided by the event's other
//! arbiters (committee members); when none is free of the case, the
//! administrators who are free of it stand in. When
//! the event names no appeals committee, the administrators are its
//! committee. A sanction (warning, exclusion, disqualification) may only
//! name a party of the case or a player of its game; a sanctioned player of
//! the game becomes a party, so that the ruling reaches them with the appeal
//! deadline and they may appeal.

use crate::app::actor::Actor;
use crate::app::authz::Action;
use crate::app::i18n::Args;
use crate::core::case::Ruling;
use crate::store::{PlayerId, Role, Tx};

use crate::app::failure::{Failure, refuse};
use crate::app::service::cases::CaseFile;
use crate::app::service::cases::measures::Measure;
use crate::app::service::events::list::names;
use crate::app::service::keys::{person_key, player_id};

/// Who decides for one of the case's benches.
pub(crate) struct DecisionMakers {
    /// The people who decide.
    pub people: Vec<PlayerId>,
    /// Whether they are the administrators standing in (no holder of the
    /// bench's role is free of the case).
    pub administrators: bool,
}

/// The people who may not sit on `role`'s bench for the case: its parties,
/// and for the committee also the arbiter whose ruling is appealed.
pub(crate) fn conflicted(file: &CaseFile, role: Role) -> Vec<PlayerId> {
    let mut people = file.parties();
    if role == Role::AppealsCommittee {
        people.extend(file.case.decision().map(|d| player_id(d.by)));
    }
    people
}

/// The holders of `role` (the arbiters, the committee) for the case's event
/// who are free of the case; else the administrators who are.
pub(crate) async fn deciders(
    tx: &mut Tx,
    file: &CaseFile,
    role: Role,
) -> Result<DecisionMakers, Failure> {
    let conflicted = conflicted(file, role);
    let free = |people: Vec<PlayerId>| -> Vec<PlayerId> {
        people
            .into_iter()
            .filter(|p| !conflicted.contains(p))
            .collect()
    };
    let holders = free(tx.holders_of(role, Some(file.event.id)).await?);
    if !holders.is_empty() {
        return Ok(DecisionMakers {
            people: holders,
            administrators: false,
        });
    }
    let administrators = free(tx.holders_of(Role::Administrator, None).await?);
    Ok(DecisionMakers {
        people: administrators,
        administrators: true,
    })
}

/// The bench whose role `action` needs: the arbiters' (with the leave
/// office for extra leave) or the committee's.
fn bench_of(action: Action) -> Option<&'static [Role]> {
    match action {
        Action::ArbiterDesk => Some(&[Role::Arbiter]),
        Action::RuleOnExtraLeave => Some(&[Role::Arbiter, Role::LeaveOffice]),
        Action::DecideAppeal => Some(&[Role::AppealsCommittee]),
        _ => None,
    }
}

/// The refusal of a party who holds the role `action` needs (or is an
/// administrator): `error-case-conflict`, naming who decides instead.
/// `None` if the actor is not such a party.
pub(crate) async fn conflict_refusal(
    tx: &mut Tx,
    actor: &Actor,
    file: &CaseFile,
    action: Action,
) -> Result<Option<Failure>, Failure> {
    let me = actor.player.id;
    let Some(roles) = bench_of(action) else {
        return Ok(None);
    };
    let bench = roles[0];
    if !conflicted(file, bench).contains(&me) {
        return Ok(None);
    }
    let mut holds = actor.is_admin;
    for role in roles {
        holds |= tx
            .holders_of(*role, Some(file.event.id))
            .await?
            .contains(&me);
    }
    if !holds {
        return Ok(None);
    }
    let deciders = deciders(tx, file, bench).await?;
    let args = Args::new()
        .with("case", file.number())
        .with("deciders", names(tx, &deciders.people).await?)
        .with("count", deciders.people.len());
    Ok(Some(refuse(actor.lang(), "error-case-conflict", &args)))
}

/// The players a ruling sanctions (warning, exclusion, disqualification).
pub(crate) fn sanctioned(measures: &[Measure]) -> Vec<PlayerId> {
    measures
        .iter()
        .filter_map(|m| match m.ruling {
            Ruling::Warn { player: who }
            | Ruling::Exclude { player: who }
            | Ruling::Disqualify { player: who } => Some(player_id(who)),
            _ => None,
        })
        .collect()
}

/// Refuses a sanction naming anyone but a party of the case or a player of
/// its game (R2.1.5); otherwise makes each sanctioned player a party, who is
/// told of the ruling and may appeal it (R2.1.6).
pub(crate) async fn admit_targets(
    tx: &mut Tx,
    actor: &Actor,
    file: &mut CaseFile,
    measures: &[Measure],
) -> Result<(), Failure> {
    let mut allowed = file.concerned();
    if let Some(game) = file.game() {
        let game = tx.game(game).await?;
        allowed.extend([game.white, game.black]);
    }
    let targets = sanctioned(measures);
    for target in &targets {
        if !allowed.contains(target) {
            let args = Args::new()
                .with("case", file.number())
                .with("player", tx.player(*target).await?.display_name)
                .with("parties", names(tx, &allowed).await?);
            return Err(refuse(actor.lang(), "error-sanction-target", &args));
        }
    }
    for target in targets {
        file.case.admit_party(person_key(target));
    }
    Ok(())
}
