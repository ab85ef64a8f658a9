//! The arbiter's ruling (`/rule N measures -- reasons`) and what each
//! measure does: scores (R3.1.6), clocks and penalty days, extra leave
//! within 15 days a year (R3.6.3), warnings, exclusion and disqualification
//! (R2.1.5) with the event's rule for the remaining games.

use chrono::{DateTime, Duration, Utc};

use crate::app::actor::Actor;
use crate::app::authz::Action;
use crate::app::i18n::{Args, tr};
use crate::app::notice::{CaseNews, MeasureView, Notice};
use crate::app::outgoing::Outgoing;
use crate::core::case::{
    CaseKind, CaseState, Decision, EventGame, ExclusionScoring, ExtraLeaveGrant, Ruling,
    RulingError, appeal_deadline, exclusion_outcomes, grant_extra_leave_to,
};
use crate::core::game::{ArbiterReason, GameResult, Score, Termination};
use crate::core::leave::midnight;
use crate::store::CaseId;
use crate::store::{
    EntryStatus, GameId, GameStatus, GameUpdate, LeaveStatus, NewLeave, PlayerId, SanctionKind,
    StoreError, Tx,
};

use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::notify::notify;
use crate::app::rules::Rules;
use crate::app::rules::loss_on_move;
use crate::app::rules::{announce_end, game_over_notice};
use crate::app::service::cases::measures::{Measure, read_measures, split_reasons};
use crate::app::service::cases::{
    CaseFile, authorize, case_refusal, last_minute_text, load, notice_of, people_told, save, tell,
    tell_all, tell_arbiters,
};
use crate::app::service::games::state::finish_update;
use crate::app::service::keys::{game_id, game_key, person_key, player_id};
use crate::app::service::leave::after_change;
use crate::app::view::event_zone::zoned;
use crate::app::view::game::{
    arbiter_reason_id, colour_of, player_of, plies_of, regulation_of, side_to_move,
};
use crate::app::view::leave_time::leaves_of_player;
use crate::app::zone::ShownInstant;

/// `/rule N measures -- reasons`: the arbiter rules; the measures take
/// effect at once, the parties are told with the appeal deadline (R2.1.6).
pub(super) async fn rule(
    tx: &mut Tx,
    actor: &Actor,
    number: CaseId,
    text: &str,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let mut file = load(tx, lang, number).await?;
    let action = if file.case.kind() == CaseKind::ExtraLeaveRequest {
        Action::RuleOnExtraLeave
    } else {
        Action::ArbiterDesk
    };
    authorize(tx, actor, &file, action).await?;
    let (measures_text, why) = split_reasons(actor, text)?;
    let measures = read_measures(tx, actor, &file, measures_text).await?;
    crate::app::service::cases::roles::admit_targets(tx, actor, &mut file, &measures).await?;
    let me = person_key(actor.player.id);
    if file.case.state() == CaseState::Open {
        let taken = file.case.take_up(me, now);
        taken.map_err(|e| case_refusal(lang, &file, &e))?;
    }
    let decision = Decision {
        rulings: measures.iter().map(|m| m.ruling).collect(),
        by: me,
        at: now,
        why: why.to_owned(),
    };
    let rulings = decision.rulings.clone();
    let ruled = file.case.rule(decision);
    ruled.map_err(|e| case_refusal(lang, &file, &e))?;
    for party in file.case.parties().to_vec() {
        let _ = file.case.receive_ruling(party, now);
    }
    let views = apply_measures(tx, actor, &mut file, &measures, now).await?;
    let stored = tx
        .record_ruling(file.row.id, actor.player.id, &rulings, why, now)
        .await?;
    file.context.ruling = Some(stored.id.0);
    save(tx, &file, now).await?;
    let closes = appeal_deadline(now, file.case.zone());
    let until = last_minute_text(&file, closes);
    let mut notice = notice_of(tx, &file, CaseNews::Ruled, Some(actor.player.id)).await?;
    notice.measures = views;
    notice.text = Some(why.to_owned());
    notice.until = Some(until.clone().into());
    tell_ruling(tx, &file, actor.player.id, &notice, (closes, now)).await?;
    let args = Args::new()
        .with("case", number)
        .with("until", until.text(lang));
    Ok(vec![Outgoing::text(tr(lang, "reply-case-ruled", &args))])
}

/// Tells everyone the case concerns of the ruling (not the arbiter who
/// ruled); the party to move in the case's game who would lose it on time
/// before the appeal window `closes` reads that loss first (R2.1.6,
/// R3.5.7).
async fn tell_ruling(
    tx: &mut Tx,
    file: &CaseFile,
    by: PlayerId,
    notice: &crate::app::notice::CaseNotice,
    (closes, now): (DateTime<Utc>, DateTime<Utc>),
) -> Result<(), Failure> {
    let Some((party, window)) = appeal_loss_first(tx, file, closes, now).await? else {
        return tell_all(tx, file, Some(by), notice, now).await;
    };
    let mut people = people_told(file);
    people.retain(|person| *person != party);
    tell(tx, &people, Some(by), notice, now).await?;
    if party != by {
        let own = crate::app::notice::CaseNotice {
            appeal: Some(Box::new(window)),
            ..notice.clone()
        };
        notify(tx, party, &Notice::Case(own), now).await?;
    }
    tell_arbiters(tx, file, notice, now).await
}

/// The party to move in the case's running game on the server clock, with
/// the appeal window, when the loss on time comes before it `closes`.
async fn appeal_loss_first(
    tx: &mut Tx,
    file: &CaseFile,
    closes: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<Option<(PlayerId, crate::app::notice::Window)>, Failure> {
    let Some(game_id) = file.game() else {
        return Ok(None);
    };
    let game = tx.game(game_id).await?;
    let mover = player_of(&game, side_to_move(&game));
    if !file.parties().contains(&mover) {
        return Ok(None);
    }
    let Some(loses_at) = loss_on_move(tx, &game, mover, now).await? else {
        return Ok(None);
    };
    let zone = file.case.zone();
    let window = crate::app::notice::Window::with_loss_in(
        ShownInstant::new(closes, zone),
        Some((game.id, ShownInstant::new(loses_at, zone))),
    );
    Ok(window.loses_at.is_some().then_some((mover, window)))
}

/// Applies each measure; returns them as the parties read them.
pub(super) async fn apply_measures(
    tx: &mut Tx,
    actor: &Actor,
    file: &mut CaseFile,
    measures: &[Measure],
    now: DateTime<Utc>,
) -> Result<Vec<MeasureView>, Failure> {
    let mut views = Vec::with_capacity(measures.len());
    for measure in measures {
        views.push(apply_one(tx, actor, file, measure, now).await?);
    }
    Ok(views)
}

async fn apply_one(
    tx: &mut Tx,
    actor: &Actor,
    file: &mut CaseFile,
    measure: &Measure,
    now: DateTime<Utc>,
) -> Result<MeasureView, Failure> {
    Ok(match measure.ruling {
        Ruling::ScoreGame {
            game,
            score,
            reason,
        } => {
            let game = game_id(game);
            score_game(tx, actor, file, game, (score, reason), now).await?;
            MeasureView::Score {
                game,
                score: score.as_score_str().to_owned(),
                reason: arbiter_reason_id(reason).to_owned(),
            }
        }
        Ruling::AdjustClock {
            game,
            player: who,
            days,
        } => {
            let (game, who) = (game_id(game), player_id(who));
            adjust_clock(tx, actor, file, (game, who), -i64::from(days), now).await?;
            let player = display_name(tx, who).await?;
            MeasureView::Clock {
                game,
                player,
                days: i64::from(days),
            }
        }
        Ruling::PenaltyDays {
            game,
            player: who,
            days,
        } => {
            let (game, who) = (game_id(game), player_id(who));
            adjust_clock(tx, actor, file, (game, who), i64::from(days), now).await?;
            let player = display_name(tx, who).await?;
            MeasureView::Penalty {
                game,
                player,
                days: i64::from(days),
            }
        }
        Ruling::ExtraLeave {
            player: who, days, ..
        } => {
            let from = measure.leave_from.unwrap_or_else(|| now.date_naive());
            grant_leave(tx, actor, file, player_id(who), (from, days), now).await?
        }
        Ruling::Warn { player: who } => {
            let who = player_id(who);
            let case = file.row.id;
            tx.add_sanction(who, file.event.id, SanctionKind::Warning, case, now)
                .await?;
            MeasureView::Warn {
                player: display_name(tx, who).await?,
            }
        }
        Ruling::Exclude { player: who } => {
            exclude(
                tx,
                actor,
                file,
                player_id(who),
                SanctionKind::Exclusion,
                now,
            )
            .await?
        }
        Ruling::Disqualify { player: who } => {
            let kind = SanctionKind::Disqualification;
            exclude(tx, actor, file, player_id(who), kind, now).await?
        }
        Ruling::ResumeGame { game } => {
            crate::app::service::postal::resume_claim(tx, game_id(game), now).await?;
            MeasureView::Resume {
                game: game_id(game),
            }
        }
        Ruling::NoAction => MeasureView::NoAction,
    })
}

async fn display_name(tx: &mut Tx, who: PlayerId) -> Result<String, Failure> {
    Ok(tx.player(who).await?.display_name)
}

/// The game `id` of the case's event, or a refusal.
async fn event_game(
    tx: &mut Tx,
    actor: &Actor,
    file: &CaseFile,
    id: GameId,
) -> Result<crate::store::GameRecord, Failure> {
    let args = Args::new().with("game", id);
    match tx.game(id).await {
        Ok(game) if game.event_id == file.event.id => Ok(game),
        Ok(_) | Err(StoreError::NotFound { .. }) => {
            Err(refuse(actor.lang(), "error-measure-game", &args))
        }
        Err(other) => Err(other.into()),
    }
}

/// Scores a game by the arbiter's decision (R3.1.6), finished or not.
async fn score_game(
    tx: &mut Tx,
    actor: &Actor,
    file: &CaseFile,
    id: GameId,
    (score, reason): (Score, ArbiterReason),
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let game = event_game(tx, actor, file, id).await?;
    let result = GameResult {
        score,
        termination: Termination::Arbiter(reason),
    };
    let mut update = GameUpdate::from_game(&game);
    finish_update(&mut update, &result, now);
    tx.update_game(game.id, game.version, &update).await?;
    let notice = game_over_notice(tx, &game, &result).await?;
    announce_end(tx, &game, &notice, &[game.white, game.black], now).await
}

/// Adds `days` to a player's time used in a game (penalty > 0, given back
/// < 0); a running game's deadlines move with it.
async fn adjust_clock(
    tx: &mut Tx,
    actor: &Actor,
    file: &CaseFile,
    (id, who): (GameId, PlayerId),
    days: i64,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let game = event_game(tx, actor, file, id).await?;
    if colour_of(&game, who).is_none() {
        let args = Args::new().with("game", id);
        return Err(refuse(actor.lang(), "error-measure-player", &args));
    }
    if days == 0 {
        let error = RulingError::ZeroDays.to_string();
        let args = Args::new().with("measure", error);
        return Err(refuse(actor.lang(), "error-measure", &args));
    }
    tx.add_clock_adjustment(game.id, who, days, file.row.id, now)
        .await?;
    if game.status == GameStatus::Running && colour_of(&game, who) == Some(side_to_move(&game)) {
        let regulation = regulation_of(&file.event);
        let plies = plies_of(&tx.moves(game.id).await?);
        let rules = Rules::of(&regulation);
        rules.set_deadlines(tx, &game, (&plies, None), now).await?;
    }
    Ok(())
}

/// Extra leave within 15 days a year (R3.6.3): registered for the event,
/// the player's deadlines moved, the partners told.
async fn grant_leave(
    tx: &mut Tx,
    actor: &Actor,
    file: &mut CaseFile,
    who: PlayerId,
    (from, days): (chrono::NaiveDate, u32),
    now: DateTime<Utc>,
) -> Result<MeasureView, Failure> {
    tx.lock_player(who).await?;
    let zone = regulation_of(&file.event).date_zone();
    let granted: Vec<ExtraLeaveGrant> = leaves_of_player(tx, who)
        .await?
        .iter()
        .filter(|l| l.extra && l.status != LeaveStatus::Cancelled)
        .map(|l| ExtraLeaveGrant {
            year: chrono::Datelike::year(&l.starts_at.date_naive()),
            days: u32::try_from((l.ends_at - l.starts_at).num_days()).unwrap_or(0),
        })
        .collect();
    let year = chrono::Datelike::year(&from);
    if let Err(RulingError::ExtraLeaveOverLimit { already, limit, .. }) =
        grant_extra_leave_to(person_key(who), &granted, year, days)
    {
        let args = Args::new()
            .with("year", year)
            .with("already", already)
            .with("days", days)
            .with("limit", limit);
        return Err(refuse(actor.lang(), "error-extra-leave-limit", &args));
    }
    let starts_at = midnight(from, zone);
    let new = NewLeave {
        player_id: who,
        event_id: Some(file.event.id),
        postal: false,
        starts_at,
        ends_at: starts_at + Duration::days(i64::from(days)),
        extra: true,
        granted_by: Some(actor.player.id),
        at: now,
    };
    let leave = tx.create_leave(&new).await?;
    file.context.granted_leaves.push(leave.id.0);
    let player = tx.player(who).await?.display_name;
    let notice = Notice::LeaveRegistered {
        player: player.clone(),
        from: zoned(leave.starts_at, zone).into(),
        until: zoned(leave.ends_at, zone).into(),
        event: Some(file.event.name.clone()),
    };
    after_change(tx, who, std::slice::from_ref(&file.event), &notice, now).await?;
    Ok(MeasureView::ExtraLeave {
        player,
        from: crate::app::command::shown_date(from),
        days: i64::from(days),
    })
}

/// Exclusion or disqualification (R2.1.5): the player's unfinished games
/// are lost or annulled as the event says, the entry ends, the sanction is
/// recorded (a disqualified player cannot join later events).
async fn exclude(
    tx: &mut Tx,
    actor: &Actor,
    file: &mut CaseFile,
    who: PlayerId,
    kind: SanctionKind,
    now: DateTime<Utc>,
) -> Result<MeasureView, Failure> {
    let annulled = tx.event_settings(file.event.id).await?.annul_on_exclusion;
    let scoring = if annulled {
        ExclusionScoring::Annulled
    } else {
        ExclusionScoring::Losses
    };
    let games: Vec<EventGame> = tx
        .games_of_event(file.event.id)
        .await?
        .iter()
        .map(|g| EventGame {
            game: game_key(g.id),
            white: person_key(g.white),
            black: person_key(g.black),
            finished: g.status == GameStatus::Finished,
        })
        .collect();
    // The entry ends first, so that what the games' ends start (a
    // sections' final, a knock-out's next match) leaves the player out.
    tx.set_entry_status(file.event.id, who, EntryStatus::Excluded)
        .await?;
    for outcome in exclusion_outcomes(person_key(who), &games, scoring) {
        let id = game_id(outcome.game);
        score_game(tx, actor, file, id, (outcome.score, outcome.reason), now).await?;
    }
    tx.add_sanction(who, file.event.id, kind, file.row.id, now)
        .await?;
    file.context.excluded.push(who.0);
    let player = tx.player(who).await?.display_name;
    Ok(match kind {
        SanctionKind::Disqualification => MeasureView::Disqualify { player, annulled },
        _ => MeasureView::Exclude { player, annulled },
    })
}

/// Undoes what the ruling in force did that can be undone: clock changes,
/// sanctions, extra leave, the excluded players' entries (the committee
/// replaced it, R2.1.6). Games scored stay as they are unless the
/// replacement scores them again.
pub(super) async fn revoke(
    tx: &mut Tx,
    file: &mut CaseFile,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    tx.revoke_measures_of_case(file.row.id, now).await?;
    for leave in std::mem::take(&mut file.context.granted_leaves) {
        tx.set_leave_status(crate::store::LeaveId(leave), LeaveStatus::Cancelled)
            .await?;
    }
    for excluded in std::mem::take(&mut file.context.excluded) {
        tx.set_entry_status(file.event.id, PlayerId(excluded), EntryStatus::Active)
            .await?;
    }
    let regulation = regulation_of(&file.event);
    for game in tx.games_of_event(file.event.id).await? {
        if game.status == GameStatus::Running {
            let plies = plies_of(&tx.moves(game.id).await?);
            let rules = Rules::of(&regulation);
            rules.set_deadlines(tx, &game, (&plies, None), now).await?;
        }
    }
    Ok(())
}
