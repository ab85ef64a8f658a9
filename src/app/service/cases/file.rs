//! The case file (`/case N`) and the list of cases (`/cases`), each showing
//! a person only what their relation to the case allows: arbiters see all,
//! private notes included; the committee, the parties and their captains all
//! but the private notes; the game's partner the summary and the rulings.

use crate::app::actor::Actor;
use crate::app::authz::{Action, Relation};
use crate::app::i18n::{Args, Lang, tr, tr0};
use crate::app::notice::{case_kind_text, last_messages_lines};
use crate::app::outgoing::Outgoing;
use crate::core::case::{AppealOutcome, CasePart, CaseRole, EntryKind, Ruling, may_see};
use crate::store::{CaseId, Role, Tx};

use crate::app::failure::{Failure, Outcome};
use crate::app::service::cases::{CaseFile, authorize, look_up};
use crate::app::service::events::list::names;
use crate::app::service::keys::player_id;

/// `/case N`: the file as the asker may see it.
pub(super) async fn show(tx: &mut Tx, actor: &Actor, number: CaseId) -> Outcome {
    let lang = actor.lang();
    let file = look_up(tx, lang, number).await?;
    let relations = authorize(tx, actor, &file, Action::ViewCase).await?;
    let role = if relations.contains(&Relation::Arbiter) {
        CaseRole::Arbiter
    } else if relations.contains(&Relation::Committee) {
        CaseRole::Committee
    } else if relations.contains(&Relation::CaseParty) {
        CaseRole::Party
    } else if relations.contains(&Relation::CaseCaptain) {
        CaseRole::Captain
    } else {
        CaseRole::Opponent
    };
    let mut lines = vec![summary(tx, lang, &file).await?];
    if role == CaseRole::Arbiter
        && let Some(game) = file.game()
    {
        lines.extend(players_messages(tx, lang, &file, game).await?);
        // Issue 41: the players' conditional lines, once the game ended.
        lines.extend(crate::app::service::games::conditional::case_lines(tx, lang, game).await?);
    }
    if may_see(role, CasePart::Statements) {
        let context = &file.context;
        lines.extend(last_messages_lines(lang, &context.messages, &context.moves));
    }
    if may_see(role, CasePart::Statements) || may_see(role, CasePart::PrivateNotes) {
        for entry in file.case.entries_visible_to(role) {
            let author = tx.player(player_id(entry.author)).await?.display_name;
            let id = match entry.kind {
                EntryKind::Statement => "case-entry-statement",
                EntryKind::SharedNote => "case-entry-shared-note",
                EntryKind::PrivateNote => "case-entry-private-note",
            };
            let args = Args::new()
                .with("at", file.when(lang, entry.at))
                .with("author", author)
                .with("text", entry.text.as_str());
            lines.push(tr(lang, id, &args));
        }
    }
    if may_see(role, CasePart::Rulings) {
        lines.extend(rulings(tx, lang, &file).await?);
    }
    if may_see(role, CasePart::Appeal)
        && let Some(appeal) = file.case.appeal()
    {
        let by = tx.player(player_id(appeal.by)).await?.display_name;
        let args = Args::new()
            .with("at", file.when(lang, appeal.at))
            .with("by", by)
            .with("text", appeal.grounds.as_str());
        lines.push(tr(lang, "case-file-appeal", &args));
    }
    Ok(vec![Outgoing::text(lines.join("\n"))])
}

/// The messages the players of the case's game sent each other (with
/// moves or by `/say`): for the arbiter's eyes only.
async fn players_messages(
    tx: &mut Tx,
    lang: Lang,
    file: &CaseFile,
    game: crate::store::GameId,
) -> Result<Vec<String>, Failure> {
    let messages = tx.game_messages(game).await?;
    if messages.is_empty() {
        return Ok(Vec::new());
    }
    let mut lines = vec![tr0(lang, "case-line-players-messages")];
    for message in messages {
        let author = tx.player(message.player_id).await?.display_name;
        let args = Args::new()
            .with("at", file.when(lang, message.sent_at))
            .with("author", author)
            .with("ply", message.ply)
            .with("text", message.body.as_str());
        lines.push(tr(lang, "case-entry-players-message", &args));
    }
    Ok(lines)
}

/// The first lines: number, kind, state, event, game, parties, opening.
async fn summary(tx: &mut Tx, lang: Lang, file: &CaseFile) -> Result<String, Failure> {
    let opened_by = match file.row.opened_by {
        Some(p) => tx.player(p).await?.display_name,
        None => tr0(lang, "case-by-bot"),
    };
    let args = Args::new()
        .with("case", file.number())
        .with("kind", case_kind_text(lang, file.case.kind()))
        .with("state", file.state_text(lang))
        .with("event", file.event.name.as_str())
        .with("parties", names(tx, &file.parties()).await?)
        .with("by", opened_by)
        .with("at", file.when(lang, file.case.opened_at()))
        .with("rules", file.case.kind().rules().join(", "));
    let mut text = tr(lang, "case-file-summary", &args);
    if let Some(game) = file.game() {
        text.push('\n');
        text.push_str(&tr(
            lang,
            "case-line-game",
            &Args::new().with("game", game.0),
        ));
    }
    // Lost access told for the player (R3.1.5): the words of the opening
    // statement are the reporter's.
    if let Some(reporter) = file.context.reported_by {
        let reporter = tx
            .player(crate::store::PlayerId(reporter))
            .await?
            .display_name;
        text.push('\n');
        let args = Args::new().with("reporter", reporter);
        text.push_str(&tr(lang, "case-line-reporter", &args));
    }
    Ok(text)
}

/// The ruling and the committee's decision, with who, when and why.
async fn rulings(tx: &mut Tx, lang: Lang, file: &CaseFile) -> Result<Vec<String>, Failure> {
    let mut lines = Vec::new();
    if let Some(decision) = file.case.decision() {
        let by = tx.player(player_id(decision.by)).await?.display_name;
        let args = Args::new()
            .with("at", file.when(lang, decision.at))
            .with("by", by)
            .with("text", decision.why.as_str());
        lines.push(tr(lang, "case-file-ruling", &args));
        lines.extend(
            decision
                .rulings
                .iter()
                .map(|r| format!("• {}", ruling_word(lang, r))),
        );
    }
    if let Some(decided) = file.case.appeal_decision() {
        let by = tx.player(player_id(decided.by)).await?.display_name;
        let id = match decided.outcome {
            AppealOutcome::Upheld => "case-file-upheld",
            AppealOutcome::Replaced(_) => "case-file-replaced",
        };
        let args = Args::new()
            .with("at", file.when(lang, decided.at))
            .with("by", by)
            .with("text", decided.why.as_str());
        lines.push(tr(lang, id, &args));
        if let AppealOutcome::Replaced(rulings) = &decided.outcome {
            lines.extend(
                rulings
                    .iter()
                    .map(|r| format!("• {}", ruling_word(lang, r))),
            );
        }
    }
    Ok(lines)
}

/// A measure in short (the file; the notices carry the full wording).
fn ruling_word(lang: Lang, ruling: &Ruling) -> String {
    let (id, args) = match *ruling {
        Ruling::ScoreGame { game, score, .. } => (
            "case-measure-score",
            Args::new()
                .with("game", game.0)
                .with("score", score.as_score_str()),
        ),
        Ruling::AdjustClock { game, days, .. } => (
            "case-measure-clock",
            Args::new()
                .with("game", game.0)
                .with("days", days.abs())
                .with("way", if days > 0 { "back" } else { "taken" }),
        ),
        Ruling::PenaltyDays { game, days, .. } => (
            "case-measure-penalty",
            Args::new().with("game", game.0).with("days", days),
        ),
        Ruling::ExtraLeave { days, .. } => ("case-measure-leave", Args::new().with("days", days)),
        Ruling::Warn { .. } => ("case-measure-warn", Args::new()),
        Ruling::Exclude { .. } => ("case-measure-exclude", Args::new()),
        Ruling::Disqualify { .. } => ("case-measure-disqualify", Args::new()),
        Ruling::ResumeGame { game } => ("case-measure-resume", Args::new().with("game", game.0)),
        Ruling::NoAction => ("measure-none", Args::new()),
    };
    tr(lang, id, &args)
}

/// `/cases`: the cases the asker is a party of, and those of the events
/// they arbitrate or sit on the committee of (open ones, and appealed).
pub(super) async fn list(tx: &mut Tx, actor: &Actor) -> Outcome {
    let lang = actor.lang();
    let me = actor.player.id;
    let involved: Vec<CaseId> = tx.cases_involving(me).await?.iter().map(|c| c.id).collect();
    let mut ids = involved.clone();
    for grant in tx.roles_of(me).await? {
        let (Some(event), Role::Arbiter | Role::AppealsCommittee | Role::LeaveOffice) =
            (grant.event_id, grant.role)
        else {
            continue;
        };
        for case in tx.open_cases_of(event).await? {
            let wanted = grant.role == Role::Arbiter
                || (grant.role == Role::AppealsCommittee
                    && case.status == crate::store::CaseStatus::Appealed)
                || (grant.role == Role::LeaveOffice && case.kind == "extra_leave_request");
            if wanted && !ids.contains(&case.id) {
                ids.push(case.id);
            }
        }
    }
    if ids.is_empty() {
        return Ok(vec![Outgoing::text(tr0(lang, "reply-no-cases"))]);
    }
    ids.sort_by_key(|id| std::cmp::Reverse(id.0));
    let mut lines = vec![tr0(lang, "reply-cases-header")];
    for id in ids {
        let file = look_up(tx, lang, id).await?;
        // R3.1.4: a team dispute still with the captains is not the
        // arbiters' yet.
        if file.case.only_with_captains() && !involved.contains(&id) {
            continue;
        }
        let args = Args::new()
            .with("case", id)
            .with("kind", case_kind_text(lang, file.case.kind()))
            .with("state", file.state_text(lang))
            .with("event", file.event.name.as_str());
        lines.push(tr(lang, "reply-cases-line", &args));
    }
    if lines.len() == 1 {
        return Ok(vec![Outgoing::text(tr0(lang, "reply-no-cases"))]);
    }
    Ok(vec![Outgoing::text(lines.join("\n"))])
}
