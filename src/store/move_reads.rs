//! What a move command reads, each kind in one statement (issue 24: a move
//! is one transaction of a few statements): the actor behind an account,
//! the game's event with everything else a move asks of it, both players'
//! leave, and the partner's notice preferences; and the pending move's
//! deadlines written in one statement.

use chrono::{DateTime, Utc};

use super::arbiter::SanctionKind;
use super::deadlines::{NewDeadline, deadline_values};
use super::events::event_row;
use super::ids::{AccountId, EventId, GameId, PlayerId};
use super::leaves::leave_row;
use super::players::{Account, Platform, Player, Role};
use super::sql::{QueryArg, Record, RowExt, args};
use super::{Backend, Event, LeaveRecord, NoticeRecipient, StoreResult, Tx};

/// The player behind an account, with whether they are an administrator.
#[derive(Clone, Debug)]
pub struct AccountPlayer {
    /// The account.
    pub account: Account,
    /// Its player.
    pub player: Player,
    /// Whether the player holds the administrator role.
    pub is_admin: bool,
}

/// A game's event and what else a move in it asks of the store.
#[derive(Clone, Debug)]
pub struct MoveHead {
    /// The game's event.
    pub event: Event,
    /// The event's game channel (`channel=`), whose threads carry its games.
    pub game_channel: Option<NoticeRecipient>,
    /// Whether the mover is disqualified (R2.1.5).
    pub mover_disqualified: bool,
    /// Whether the mover confirms each move.
    pub mover_confirms: bool,
    /// The arbiter's days in the game: White's, Black's (R2.4.9).
    pub adjustments: [i64; 2],
}

/// How a player takes notices: muted move notices (R3.2.3), the daily
/// digest instead of them, and the zone instants are shown in.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NoticePrefs {
    /// Move notices off (`/mute`).
    pub muted: bool,
    /// The daily digest instead of move notices (`/digest on`).
    pub digest: bool,
    /// The chosen IANA zone, if any.
    pub zone: Option<String>,
}

fn account_player_row(row: &dyn RowExt) -> StoreResult<AccountPlayer> {
    let record = Record::new(row, "accounts")?;
    let account = Account {
        id: AccountId(record.int("id")?),
        player_id: PlayerId(record.int("player_id")?),
        platform: record.enumerated("platform", Platform::parse)?,
        platform_user_id: record.text("platform_user_id")?,
        username: record.opt_text("username")?,
        dm_chat_id: record.opt_text("dm_chat_id")?,
        linked_at: record.at("linked_at")?,
    };
    let player = Player {
        id: account.player_id,
        display_name: record.text("display_name")?,
        language: record.text("language")?,
        notation: record.text("notation")?,
        contact: record.opt_text("contact")?,
        created_at: record.at("created_at")?,
    };
    Ok(AccountPlayer {
        account,
        player,
        is_admin: record.int("admins")? > 0,
    })
}

fn move_head_row(row: &dyn RowExt) -> StoreResult<MoveHead> {
    let event = event_row(row)?;
    let record = Record::new(row, "events")?;
    let game_channel = match (
        record.opt_enumerated("channel_platform", Platform::parse)?,
        record.opt_text("channel_chat_id")?,
    ) {
        (Some(platform), Some(chat_id)) => Some(NoticeRecipient::Chat { platform, chat_id }),
        _ => None,
    };
    Ok(MoveHead {
        event,
        game_channel,
        mover_disqualified: record.int("disqualified")? > 0,
        mover_confirms: record.int("confirms")? > 0,
        adjustments: [record.int("white_days")?, record.int("black_days")?],
    })
}

fn prefs_row(row: &dyn RowExt) -> StoreResult<NoticePrefs> {
    let record = Record::new(row, "players")?;
    Ok(NoticePrefs {
        muted: row.opt_boolean("muted")?.unwrap_or(false),
        digest: row.opt_boolean("digest")?.unwrap_or(false),
        zone: record.opt_text("zone")?,
    })
}

/// The account `($1, $2)` with its player and their administrator grants.
const ACCOUNT_PLAYER: &str = "SELECT a.id, a.player_id, a.platform, a.platform_user_id, \
    a.username, a.dm_chat_id, a.linked_at, p.display_name, p.language, p.notation, p.contact, \
    p.created_at, CAST((SELECT COUNT(*) FROM roles r WHERE r.player_id = a.player_id \
    AND r.role = $3) AS BIGINT) AS admins \
    FROM accounts a JOIN players p ON p.id = a.player_id \
    WHERE a.platform = $1 AND a.platform_user_id = $2";

/// Event `$1` with its game channel, whether player `$2` is disqualified
/// (`$3`) or confirms moves (`$4`), and the arbiter's days in game `$5`
/// for White (`$6`) and Black (`$7`).
const MOVE_HEAD: &str = "SELECT e.id, e.name, e.rule_set, e.regulation, e.status, e.is_team, \
    e.starts_at, e.ended_at, e.created_at, \
    gc.platform AS channel_platform, gc.chat_id AS channel_chat_id, \
    CAST((SELECT COUNT(*) FROM sanctions s WHERE s.player_id = $2 AND s.kind = $3 \
    AND s.revoked_at IS NULL) AS BIGINT) AS disqualified, \
    CAST((SELECT COUNT(*) FROM player_switches w WHERE w.player_id = $2 \
    AND w.setting = $4) AS BIGINT) AS confirms, \
    CAST((SELECT COALESCE(SUM(c.days), 0) FROM clock_adjustments c WHERE c.game_id = $5 \
    AND c.player_id = $6) AS BIGINT) AS white_days, \
    CAST((SELECT COALESCE(SUM(c.days), 0) FROM clock_adjustments c WHERE c.game_id = $5 \
    AND c.player_id = $7) AS BIGINT) AS black_days \
    FROM events e LEFT JOIN game_channels gc ON gc.event_id = e.id WHERE e.id = $1";

/// The switch a player turns on to confirm each move (`/confirm on`).
pub const CONFIRM_MOVES: &str = "confirm_moves";

/// The columns of one pending deadline row.
const DEADLINE_COLUMNS: usize = 9;

impl Tx {
    /// The account `user` on `platform` with its player and whether they are
    /// an administrator, in one statement; `None` if no account is linked.
    pub async fn account_player(
        &mut self,
        platform: Platform,
        user: &str,
    ) -> StoreResult<Option<AccountPlayer>> {
        let args = args![platform.as_str(), user, Role::Administrator.as_str()];
        self.fetch_optional(ACCOUNT_PLAYER, args, account_player_row)
            .await
    }

    /// Event `event` of game `game` (White `white`, Black `black`) with
    /// what a move by `mover` asks of the store, in one statement
    /// ([`MoveHead`]).
    pub async fn move_head(
        &mut self,
        event: EventId,
        mover: PlayerId,
        (game, white, black): (GameId, PlayerId, PlayerId),
    ) -> StoreResult<MoveHead> {
        let args = args![
            event,
            mover,
            SanctionKind::Disqualification.as_str(),
            CONFIRM_MOVES,
            game,
            white,
            black
        ];
        let head = self.fetch_optional(MOVE_HEAD, args, move_head_row).await?;
        head.ok_or(super::StoreError::NotFound {
            what: "event",
            id: event.0,
        })
    }

    /// Every leave of the two players (cancelled ones too), by start.
    pub async fn leaves_of_pair(
        &mut self,
        [first, second]: [PlayerId; 2],
    ) -> StoreResult<Vec<LeaveRecord>> {
        let sql = "SELECT id, player_id, event_id, starts_at, ends_at, status, extra, granted_by, \
                   created_at, postal FROM leaves WHERE player_id IN ($1, $2) \
                   ORDER BY starts_at, id";
        self.fetch_all(sql, args![first, second], leave_row).await
    }

    /// The arbiter's days in `game` for each of two players, in one statement.
    pub async fn clock_adjustments_pair(
        &mut self,
        game: GameId,
        [first, second]: [PlayerId; 2],
    ) -> StoreResult<[i64; 2]> {
        let sql = "SELECT CAST((SELECT COALESCE(SUM(days), 0) FROM clock_adjustments \
                   WHERE game_id = $1 AND player_id = $2) AS BIGINT) AS first_days, \
                   CAST((SELECT COALESCE(SUM(days), 0) FROM clock_adjustments \
                   WHERE game_id = $1 AND player_id = $3) AS BIGINT) AS second_days";
        self.fetch_one(sql, args![game, first, second], |row| {
            Ok([row.int("first_days")?, row.int("second_days")?])
        })
        .await
    }

    /// The display names of two players, in one statement.
    pub async fn names_of_pair(&mut self, pair: [PlayerId; 2]) -> StoreResult<[String; 2]> {
        let sql = "SELECT id, display_name FROM players WHERE id IN ($1, $2)";
        let rows = self
            .fetch_all(sql, args![pair[0], pair[1]], |row| {
                let record = Record::new(row, "players")?;
                Ok((PlayerId(record.int("id")?), record.text("display_name")?))
            })
            .await?;
        let name = |player: PlayerId| {
            rows.iter()
                .find(|(id, _)| *id == player)
                .map(|(_, name)| name.clone())
                .ok_or(super::StoreError::NotFound {
                    what: "player",
                    id: player.0,
                })
        };
        Ok([name(pair[0])?, name(pair[1])?])
    }

    /// How `player` takes notices ([`NoticePrefs`]), in one statement.
    pub async fn notice_prefs(&mut self, player: PlayerId) -> StoreResult<NoticePrefs> {
        let sql = "SELECT p.id, s.muted, c.digest, c.zone FROM players p \
                   LEFT JOIN player_settings s ON s.player_id = p.id \
                   LEFT JOIN player_clock c ON c.player_id = p.id WHERE p.id = $1";
        let found = self.fetch_optional(sql, args![player], prefs_row).await?;
        Ok(found.unwrap_or_default())
    }

    /// Replaces every deadline of `game` with `deadlines` (none: just
    /// removes them), in one round trip to the database whatever their
    /// number: the game's deadlines whose keys are not among the new ones
    /// are deleted, and the new ones upserted by key, so a kept key's row is
    /// updated in place (same id) rather than deleted and inserted again.
    /// A key another game holds is taken over, as [`Tx::set_deadline`] does.
    /// On SQLite the DELETE and the INSERT go as one batch; on PostgreSQL the
    /// DELETE is a CTE of the INSERT (the two touch different rows).
    pub async fn replace_deadlines_of_game(
        &mut self,
        game: GameId,
        deadlines: &[NewDeadline],
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        if deadlines.is_empty() {
            self.cancel_deadlines_of_game(game).await?;
            return Ok(());
        }
        let mut values: Vec<QueryArg> = Vec::with_capacity(1 + deadlines.len() * DEADLINE_COLUMNS);
        values.extend(args![game]);
        for new in deadlines {
            values.extend(deadline_values(new, at));
        }
        let sql = replace_deadlines_sql(self.backend(), deadlines);
        self.execute(&sql, values).await?;
        self.wrote_deadline = true;
        Ok(())
    }
}

/// The column of the key in [`deadline_values`], counted from 1.
const KEY_COLUMN: usize = 3;

/// [`Tx::replace_deadlines_of_game`]'s statement: `$1` is the game, then
/// [`DEADLINE_COLUMNS`] values per deadline.
fn replace_deadlines_sql(backend: Backend, deadlines: &[NewDeadline]) -> String {
    let mark = |n: usize, column: usize| format!("${}", 1 + n * DEADLINE_COLUMNS + column);
    let kept: Vec<String> = (deadlines.iter().enumerate())
        .filter(|(_, new)| new.key.is_some())
        .map(|(n, _)| mark(n, KEY_COLUMN))
        .collect();
    let mut delete = String::from("DELETE FROM deadlines WHERE game_id = $1");
    if !kept.is_empty() {
        delete.push_str(&format!(
            " AND (key IS NULL OR key NOT IN ({}))",
            kept.join(", ")
        ));
    }
    let rows: Vec<String> = (0..deadlines.len())
        .map(|n| {
            let marks: Vec<String> = (1..=DEADLINE_COLUMNS).map(|c| mark(n, c)).collect();
            format!("({})", marks.join(", "))
        })
        .collect();
    let insert = format!(
        "INSERT INTO deadlines (due_at, kind, key, game_id, event_id, case_id, player_id, \
         payload, created_at) VALUES {} \
         ON CONFLICT (key) DO UPDATE SET due_at = excluded.due_at, kind = excluded.kind, \
         game_id = excluded.game_id, event_id = excluded.event_id, \
         case_id = excluded.case_id, player_id = excluded.player_id, \
         payload = excluded.payload, attempts = 0, last_error = NULL, \
         created_at = excluded.created_at",
        rows.join(", ")
    );
    match backend {
        Backend::Sqlite => format!("{delete}; {insert}"),
        Backend::Postgres => format!("WITH gone AS ({delete}) {insert}"),
    }
}
