//! The audit export of one event (`corrbot export --event E --json`):
//! everything an arbiter or the federation needs to check the event
//! afterwards, in one JSON document.
//!
//! It holds the event and the regulation its clocks run under, the entries
//! (and teams), the players' names, every game with its moves (the instant
//! each move was received and sent, the days charged for it, and both
//! players' clocks just after it), each unfinished game's clocks at the
//! export instant, the game logs (draw offers …), every message of each
//! game the bot carried (R2.1.3: every notice about the game in the outbox,
//! whatever sent it: moves, offers, results, players' messages), the leaves
//! of the entrants, and the cases with their notes, rulings and appeals.
//!
//! The clocks are computed as the app computes them when it answers a move
//! ([`ServerClock::game_clocks`] over the instants the moves were
//! received, each player's leave stopping their clock, R3.6); the leaves
//! are listed for the auditor too.

use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use serde::Serialize;

use crate::app::view::leave_time::{GameLeaves, game_leaves};
use crate::app::view::postal_clock::audited_moves;
use crate::core::clock::PlayerTime;
use crate::core::clock::server::ServerClock;
use crate::core::regulation::Regulation;
use crate::store::{
    AppealRecord, AuditEntry, CaseNote, CaseRecord, Db, EntryRecord, Event, EventId, GameRecord,
    GameStatus, LeaveRecord, MoveRow, NoticeRecipient, NoticeStatus, OutboxNotice, PlayerId,
    RulingRecord, StoreResult, TeamMatchGame, TeamMember, TeamRecord, Tx,
};

/// The format name written in every audit export.
pub const AUDIT_FORMAT: &str = "corrbot-event-audit/1";

/// One event, for audit.
#[derive(Clone, Debug, Serialize)]
pub struct EventAudit {
    /// [`AUDIT_FORMAT`].
    pub format: &'static str,
    /// The instant the export was made (and the clocks of unfinished games computed).
    pub as_of: DateTime<Utc>,
    /// The event as stored, its regulation included.
    pub event: Event,
    /// The regulation the clocks were computed with (the event's).
    pub regulation: Regulation,
    /// The entries.
    pub entries: Vec<EntryRecord>,
    /// The teams and their members (team events).
    pub teams: Vec<TeamAudit>,
    /// The names of everyone the export mentions.
    pub players: Vec<PlayerName>,
    /// The games, by round and board.
    pub games: Vec<GameAudit>,
    /// The entrants' leaves (the event's and the yearly ones).
    pub leaves: Vec<LeaveRecord>,
    /// The cases, with notes, rulings and appeals.
    pub cases: Vec<CaseAudit>,
}

/// A team with its members.
#[derive(Clone, Debug, Serialize)]
pub struct TeamAudit {
    /// The team.
    pub team: TeamRecord,
    /// Its members by board.
    pub members: Vec<TeamMember>,
    /// The deputy captain, if any (R3.1.3).
    pub deputy: Option<PlayerId>,
    /// The players now in reserve (after substitutions, R3.1.3).
    pub reserves: Vec<PlayerId>,
    /// The board games of the team's matches: round, board, teams, colours.
    pub match_games: Vec<TeamMatchGame>,
}

/// A player's key and name.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerName {
    /// Key.
    pub id: PlayerId,
    /// Name shown to others.
    pub display_name: String,
}

/// A game with its moves and clocks.
#[derive(Clone, Debug, Serialize)]
pub struct GameAudit {
    /// The game as stored (position, result, stored clock).
    pub game: GameRecord,
    /// The moves with both clocks after each.
    pub moves: Vec<MoveAudit>,
    /// Both clocks at [`EventAudit::as_of`] for a running game.
    pub clocks_now: Option<AuditClocks>,
    /// The game's log (offers, results, rulings applied).
    pub log: Vec<AuditEntry>,
    /// Every message of the game the bot carried, in order (R2.1.3).
    pub messages: Vec<GameMessage>,
}

/// One message of a game as the bot carried it (R2.1.3): any notice whose
/// data names the game, kept in the outbox.
#[derive(Clone, Debug, Serialize)]
pub struct GameMessage {
    /// When it was written.
    pub at: DateTime<Utc>,
    /// When it was delivered, if it was.
    pub delivered_at: Option<DateTime<Utc>>,
    /// To whom.
    pub recipient: NoticeRecipient,
    /// Its kind (the app's notice type).
    pub kind: String,
    /// Its data, as stored.
    pub payload: serde_json::Value,
}

/// White's and Black's clocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct AuditClocks {
    /// White's clock.
    pub white: PlayerTime,
    /// Black's clock.
    pub black: PlayerTime,
}

/// One move.
#[derive(Clone, Debug, Serialize)]
pub struct MoveAudit {
    /// Half-move number, from 1.
    pub ply: i64,
    /// Move number, from 1.
    pub move_number: i64,
    /// "white" or "black".
    pub colour: &'static str,
    /// The move in UCI.
    pub uci: String,
    /// The move as the player wrote it.
    pub text: String,
    /// When the bot received it.
    pub received_at: DateTime<Utc>,
    /// When it reached the partner (the postmark, R2.2.2).
    pub sent_at: Option<DateTime<Utc>>,
    /// Days charged for it (R3.5.2).
    pub charged_days: i64,
    /// Both clocks just after it (in a postal event by the postal clock,
    /// R2.4, the arbiter's days made by then counted).
    pub clocks: AuditClocks,
    /// In a postal event: the move's dates and the days it cost (R2.4.4).
    pub postal: Option<PostalDates>,
}

/// A postal move's dates by the postal clock (R2.4.4, R2.4.8), in the
/// event's zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PostalDates {
    /// The date the move it answers was received.
    pub received: NaiveDate,
    /// The date it was sent.
    pub sent: NaiveDate,
    /// The days it cost its player (leave left out, R2.7.4, R2.7.5).
    pub days: i64,
    /// A variant's uncharged move (R2.4.8).
    pub continuation: bool,
}

/// A case with its record.
#[derive(Clone, Debug, Serialize)]
pub struct CaseAudit {
    /// The case.
    pub case: CaseRecord,
    /// Notes and evidence.
    pub notes: Vec<CaseNote>,
    /// Rulings, each with its appeals.
    pub rulings: Vec<RulingAudit>,
}

/// A ruling with its appeals.
#[derive(Clone, Debug, Serialize)]
pub struct RulingAudit {
    /// The ruling.
    pub ruling: RulingRecord,
    /// Appeals against it (R2.1.6).
    pub appeals: Vec<AppealRecord>,
}

/// Reads the audit of `event` as of `as_of` in one read transaction.
pub async fn event_audit(db: &Db, event: EventId, as_of: DateTime<Utc>) -> StoreResult<EventAudit> {
    let mut tx = db.read().await?;
    let audit = read_audit(&mut tx, event, as_of).await;
    tx.commit().await?;
    audit
}

async fn read_audit(tx: &mut Tx, id: EventId, as_of: DateTime<Utc>) -> StoreResult<EventAudit> {
    let event = tx.event(id).await?;
    let regulation = event.regulation.clone();
    let entries = tx.entries(id).await?;
    let mut teams = Vec::new();
    for team in tx.teams_of(id).await? {
        let members = tx.team_members(team.id).await?;
        let deputy = tx.deputy_of(team.id).await?;
        let lineup = tx.team_lineup(team.id).await?;
        let reserves = lineup
            .iter()
            .filter(|line| line.reserve)
            .map(|line| line.player_id)
            .collect();
        let match_games = tx
            .team_match_games(id)
            .await?
            .into_iter()
            .filter(|g| g.first_team == team.id || g.second_team == team.id)
            .collect();
        teams.push(TeamAudit {
            team,
            members,
            deputy,
            reserves,
            match_games,
        });
    }
    let rule_set = regulation.rule_set;
    let mut games = Vec::new();
    let outbox = all_notices(tx).await?;
    for game in tx.games_of_event(id).await? {
        let rows = tx.moves(game.id).await?;
        let log = tx.audit_of_game(game.id).await?;
        let leaves = game_leaves(tx, &game).await?;
        let mut audit = game_audit((&regulation, &leaves), game, &rows, log, as_of);
        if rule_set.records_dates() {
            postal_clocks(tx, &mut audit, as_of).await?;
        }
        audit.messages = messages_of(&outbox, audit.game.id.0);
        games.push(audit);
    }
    let mut cases = Vec::new();
    for case in tx.cases_of_event(id).await? {
        cases.push(case_audit(tx, case).await?);
    }
    let people = mentioned_players(&entries, &teams, &games, &cases);
    let leaves = leaves_of(tx, (id, rule_set.shares_leave()), &entries).await?;
    let mut players = Vec::new();
    for id in people {
        let player = tx.player(id).await?;
        players.push(PlayerName {
            id,
            display_name: player.display_name,
        });
    }
    Ok(EventAudit {
        format: AUDIT_FORMAT,
        as_of,
        event,
        regulation,
        entries,
        teams,
        players,
        games,
        leaves,
        cases,
    })
}

/// Both clocks at `now` after the moves received at `plies`, the players'
/// leaves counted (R3.4.2, R3.5, R3.6).
fn clocks_at(
    (clock, leaves): (&ServerClock, &GameLeaves),
    start: DateTime<Utc>,
    plies: &[DateTime<Utc>],
    now: DateTime<Utc>,
) -> AuditClocks {
    let [white, black] = clock.game_clocks(start, plies, now, leaves.pair(), leaves.offsets());
    AuditClocks { white, black }
}

fn game_audit(
    (regulation, leaves): (&Regulation, &GameLeaves),
    game: GameRecord,
    rows: &[MoveRow],
    log: Vec<AuditEntry>,
    as_of: DateTime<Utc>,
) -> GameAudit {
    let clock = ServerClock::new(regulation);
    let clock = (&clock, leaves);
    let plies: Vec<DateTime<Utc>> = rows.iter().map(|row| row.received_at).collect();
    let start = game.started_at;
    let moves = rows
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let at = row.received_at;
            let clocks = clocks_at(clock, start.unwrap_or(at), &plies[..=i], at);
            MoveAudit {
                ply: row.ply,
                move_number: (row.ply + 1) / 2,
                colour: if row.ply % 2 == 1 { "white" } else { "black" },
                uci: row.uci.clone(),
                text: row.text.clone(),
                received_at: at,
                sent_at: row.sent_at,
                charged_days: row.charged_days,
                clocks,
                postal: None,
            }
        })
        .collect();
    let running = game.status == GameStatus::Running;
    let clocks_now = match (running, start) {
        (true, Some(start)) => Some(clocks_at(clock, start, &plies, as_of)),
        _ => None,
    };
    GameAudit {
        game,
        moves,
        clocks_now,
        log,
        messages: Vec::new(),
    }
}

/// A postal game's moves and clocks by the postal clock (R2.4): calendar
/// dates, leave left out, the arbiter's penalty days counted from when they
/// were made; the server clock's figures would not apply.
async fn postal_clocks(
    tx: &mut Tx,
    audit: &mut GameAudit,
    as_of: DateTime<Utc>,
) -> StoreResult<()> {
    let (moves, now) = audited_moves(tx, &audit.game, as_of).await?;
    for (row, postal) in audit.moves.iter_mut().zip(moves) {
        let [white, black] = postal.clocks;
        row.clocks = AuditClocks { white, black };
        row.postal = Some(PostalDates {
            received: postal.received,
            sent: postal.sent,
            days: postal.cost,
            continuation: postal.continuation,
        });
    }
    audit.clocks_now = now.map(|[white, black]| AuditClocks { white, black });
    Ok(())
}

/// Every notice in the outbox, whatever its delivery state, in order.
async fn all_notices(tx: &mut Tx) -> StoreResult<Vec<OutboxNotice>> {
    let mut all = Vec::new();
    for status in [
        NoticeStatus::Pending,
        NoticeStatus::Delivered,
        NoticeStatus::Parked,
    ] {
        all.extend(tx.notices_with_status(status).await?);
    }
    all.sort_by_key(|n| n.id);
    Ok(all)
}

/// The notices that name game `game` (R2.1.3): a `game` field in the
/// notice's data or in the data it wraps. Contact details are never
/// exported here (R3.4.4): notices about them name no game.
fn messages_of(outbox: &[OutboxNotice], game: i64) -> Vec<GameMessage> {
    outbox
        .iter()
        .filter(|n| names_game(&n.payload, game) && !n.kind.contains("contact"))
        .map(|n| GameMessage {
            at: n.created_at,
            delivered_at: n.delivered_at,
            recipient: n.recipient.clone(),
            kind: n.kind.clone(),
            payload: n.payload.clone(),
        })
        .collect()
}

/// Whether `payload` (or an object directly inside it) has `game` = `game`.
fn names_game(payload: &serde_json::Value, game: i64) -> bool {
    let Some(object) = payload.as_object() else {
        return false;
    };
    object.get("game").and_then(serde_json::Value::as_i64) == Some(game)
        || object.values().any(|inner| {
            inner
                .as_object()
                .and_then(|o| o.get("game"))
                .and_then(serde_json::Value::as_i64)
                == Some(game)
        })
}

async fn case_audit(tx: &mut Tx, case: CaseRecord) -> StoreResult<CaseAudit> {
    let notes = tx.case_notes(case.id).await?;
    let mut rulings = Vec::new();
    for ruling in tx.rulings(case.id).await? {
        let appeals = tx.appeals_of_ruling(ruling.id).await?;
        rulings.push(RulingAudit { ruling, appeals });
    }
    Ok(CaseAudit {
        case,
        notes,
        rulings,
    })
}

/// The entrants' leaves that count in this event (`shared`: its rules count
/// one leave in all games of their kind): its own, those of no event
/// (yearly leave), and in a postal event the postal leaves in all postal
/// games (R2.7.1).
async fn leaves_of(
    tx: &mut Tx,
    (event, shared): (EventId, bool),
    entries: &[EntryRecord],
) -> StoreResult<Vec<LeaveRecord>> {
    let from = Utc.timestamp_millis_opt(0).single().unwrap_or_default();
    let to = Utc
        .with_ymd_and_hms(9999, 12, 31, 0, 0, 0)
        .single()
        .unwrap_or_default();
    let mut leaves = Vec::new();
    for entry in entries {
        let theirs = tx.leaves_of(entry.player_id, from, to).await?;
        leaves.extend(theirs.into_iter().filter(|leave| {
            // Cancelled leaves stay in the record.
            if leave.postal {
                shared
            } else {
                leave.event_id.is_none_or(|e| e == event)
            }
        }));
    }
    Ok(leaves)
}

/// Everyone named by the export, by key.
fn mentioned_players(
    entries: &[EntryRecord],
    teams: &[TeamAudit],
    games: &[GameAudit],
    cases: &[CaseAudit],
) -> std::collections::BTreeSet<PlayerId> {
    let mut ids = std::collections::BTreeSet::new();
    ids.extend(entries.iter().map(|e| e.player_id));
    for team in teams {
        ids.extend(team.team.captain_id);
        ids.extend(team.deputy);
        ids.extend(team.members.iter().map(|m| m.player_id));
    }
    for game in games {
        ids.extend([game.game.white, game.game.black]);
        ids.extend(game.log.iter().filter_map(|entry| entry.actor_id));
    }
    for case in cases {
        ids.extend(case.case.opened_by);
        ids.extend(case.case.respondent_id);
        ids.extend(case.notes.iter().filter_map(|note| note.author_id));
        for ruling in &case.rulings {
            ids.insert(ruling.ruling.arbiter_id);
            for appeal in &ruling.appeals {
                ids.insert(appeal.appellant_id);
                ids.extend(appeal.decided_by);
            }
        }
    }
    ids
}
