//! A player's private notes on a game (issue 41): text on the game or on a
//! move, and lines of analysis. Only their owner ever reads them.

use chrono::{DateTime, Utc};

use super::ids::{GameId, PlayerId};
use super::sql::{Record, args};
use super::{StoreResult, Tx};

/// What a note is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoteKind {
    /// Text, on the game or on a move.
    Text,
    /// A line of analysis: its moves in UCI, separated by spaces.
    Line,
}

impl NoteKind {
    fn as_str(self) -> &'static str {
        match self {
            NoteKind::Text => "text",
            NoteKind::Line => "line",
        }
    }
}

/// One kept note.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameNote {
    /// Text or a line.
    pub kind: NoteKind,
    /// The game's half-moves when it was written (a line starts there).
    pub ply: i64,
    /// The half-move (1 = the first move played) a note on a move is on.
    pub move_ply: Option<i64>,
    /// The text, or a line's moves in UCI.
    pub body: String,
    /// When.
    pub written_at: DateTime<Utc>,
}

impl Tx {
    /// Keeps `note` of `player` on `game`.
    pub async fn add_game_note(
        &mut self,
        game: GameId,
        player: PlayerId,
        note: &GameNote,
    ) -> StoreResult<()> {
        let sql = "INSERT INTO game_notes \
                   (game_id, player_id, kind, ply, move_ply, body, written_at) \
                   VALUES ($1, $2, $3, $4, $5, $6, $7)";
        let kind = note.kind.as_str();
        let body = note.body.as_str();
        let values = args![
            game,
            player,
            kind,
            note.ply,
            note.move_ply,
            body,
            note.written_at
        ];
        self.execute(sql, values).await?;
        Ok(())
    }

    /// How many notes `player` keeps on `game`.
    pub async fn count_game_notes(&mut self, game: GameId, player: PlayerId) -> StoreResult<i64> {
        let sql = "SELECT COUNT(*) AS n FROM game_notes WHERE game_id = $1 AND player_id = $2";
        self.fetch_one(sql, args![game, player], |row| row.int("n"))
            .await
    }

    /// `player`'s notes on `game`, oldest first.
    pub async fn game_notes(
        &mut self,
        game: GameId,
        player: PlayerId,
    ) -> StoreResult<Vec<GameNote>> {
        let sql = "SELECT id, kind, ply, move_ply, body, written_at FROM game_notes \
                   WHERE game_id = $1 AND player_id = $2 ORDER BY id";
        self.fetch_all(sql, args![game, player], |row| {
            let row = Record::keyed(row, "game_notes", &["id"])?;
            let kind = match row.text("kind")?.as_str() {
                "line" => NoteKind::Line,
                _ => NoteKind::Text,
            };
            Ok(GameNote {
                kind,
                ply: row.int("ply")?,
                move_ply: row.opt_int("move_ply")?,
                body: row.text("body")?,
                written_at: row.at("written_at")?,
            })
        })
        .await
    }
}
