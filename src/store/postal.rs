//! Postal play (R2): the dates of each move and the variants sent with moves.

use chrono::{DateTime, Utc};

use super::ids::{CaseId, GameId, PlayerId};
use super::sql::{Record, RowExt, args};
use super::{StoreResult, Tx};

/// The postal dates of one move (R2.4.4, R2.4.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PostalPly {
    /// The move's ply (1-based).
    pub ply: i64,
    /// When the move it answers was received (the game's start for the
    /// first move of each side).
    pub received_at: DateTime<Utc>,
    /// An uncharged move of a variant (R2.4.8).
    pub continuation: bool,
}

/// A variant sent with a move (R2.3.7).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredVariant {
    /// Its id.
    pub id: i64,
    /// The ply of the move it was sent with.
    pub ply: i64,
    /// Who proposed it.
    pub proposer: PlayerId,
    /// The proposed moves in UCI: partner, reply, partner, reply …
    pub moves: Vec<String>,
    /// Whether the partner has not answered yet.
    pub open: bool,
    /// Pairs the partner accepted.
    pub accepted: i64,
}

pub(super) fn ply_row(row: &dyn RowExt) -> StoreResult<PostalPly> {
    let row = Record::keyed(row, "postal_plies", &["game_id", "ply"])?;
    Ok(PostalPly {
        ply: row.int("ply")?,
        received_at: row.at("received_at")?,
        continuation: row.boolean("continuation")?,
    })
}

fn variant_row(row: &dyn RowExt) -> StoreResult<StoredVariant> {
    let row = Record::new(row, "postal_variants")?;
    Ok(StoredVariant {
        id: row.int("id")?,
        ply: row.int("ply")?,
        proposer: PlayerId(row.int("proposer_id")?),
        moves: row
            .text("moves")?
            .split_whitespace()
            .map(str::to_owned)
            .collect(),
        open: row.enumerated("status", |status| match status {
            "open" => Some(true),
            "answered" => Some(false),
            _ => None,
        })?,
        accepted: row.int("accepted")?,
    })
}

impl Tx {
    /// Records the postal dates of a move.
    pub async fn add_postal_ply(&mut self, game: GameId, ply: &PostalPly) -> StoreResult<()> {
        let sql = "INSERT INTO postal_plies (game_id, ply, received_at, continuation) \
                   VALUES ($1, $2, $3, $4)";
        let args = args![game, ply.ply, ply.received_at, ply.continuation];
        self.execute(sql, args).await?;
        Ok(())
    }

    /// The postal dates of a game's moves, by ply.
    pub async fn postal_plies(&mut self, game: GameId) -> StoreResult<Vec<PostalPly>> {
        let sql = "SELECT game_id, ply, received_at, continuation FROM postal_plies \
                   WHERE game_id = $1 ORDER BY ply";
        self.fetch_all(sql, args![game], ply_row).await
    }

    /// Stores a variant sent with the move of `ply`.
    pub async fn add_variant(
        &mut self,
        game: GameId,
        ply: i64,
        proposer: PlayerId,
        moves: &[String],
        at: DateTime<Utc>,
    ) -> StoreResult<i64> {
        let sql = "INSERT INTO postal_variants (game_id, ply, proposer_id, moves, status, made_at) \
                   VALUES ($1, $2, $3, $4, 'open', $5) RETURNING id";
        let args = args![game, ply, proposer, moves.join(" "), at];
        self.insert_returning_id("variant", sql, args).await
    }

    /// The game's variants, oldest first.
    pub async fn variants(&mut self, game: GameId) -> StoreResult<Vec<StoredVariant>> {
        let sql = "SELECT id, ply, proposer_id, moves, status, accepted FROM postal_variants \
                   WHERE game_id = $1 ORDER BY id";
        self.fetch_all(sql, args![game], variant_row).await
    }

    /// Closes a variant with the pairs the partner accepted.
    pub async fn answer_variant(&mut self, id: i64, accepted: i64) -> StoreResult<()> {
        let sql = "UPDATE postal_variants SET status = 'answered', accepted = $2 WHERE id = $1";
        self.execute(sql, args![id, accepted]).await?;
        Ok(())
    }
}

/// A card of a game by post as the players entered it (R2.2).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct StoredCard {
    /// The ply of its move.
    pub ply: i64,
    /// The date written on it (`YYYY-MM-DD`).
    pub written: Option<String>,
    /// The postmarks, comma separated.
    pub postmarks: String,
    /// The registered-mail receipt's date.
    pub receipt: Option<String>,
    /// The date of receipt the recipient states.
    pub received: Option<String>,
    /// `right` or `wrong`: the partner's last move repeated (R2.3.6).
    pub repeat: Option<String>,
    /// Days of the reply not counted as thinking time (R2.4.7, at most 3).
    pub exempt_days: i64,
}

fn card_row(row: &dyn RowExt) -> StoreResult<StoredCard> {
    Ok(StoredCard {
        ply: row.int("ply")?,
        written: row.opt_text("written")?,
        postmarks: row.text("postmarks")?,
        receipt: row.opt_text("receipt")?,
        received: row.opt_text("received")?,
        repeat: row.opt_text("repetition")?,
        exempt_days: row.int("exempt_days")?,
    })
}

impl Tx {
    /// Stores a card, or replaces the one of the same ply.
    pub async fn save_card(
        &mut self,
        game: GameId,
        card: &StoredCard,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let sql = "INSERT INTO postal_cards (game_id, ply, written, postmarks, receipt, received, \
                   repetition, entered_at, exempt_days) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
                   ON CONFLICT (game_id, ply) DO UPDATE SET written = $3, postmarks = $4, \
                   receipt = $5, received = $6, repetition = $7, entered_at = $8, exempt_days = $9";
        let args = args![
            game,
            card.ply,
            card.written.clone(),
            &card.postmarks,
            card.receipt.clone(),
            card.received.clone(),
            card.repeat.clone(),
            at,
            card.exempt_days
        ];
        self.execute(sql, args).await?;
        Ok(())
    }

    /// Whether a game is kept by cards: a card of it, possible or not, was
    /// entered (R2.2).
    pub async fn kept_by_cards(&mut self, game: GameId) -> StoreResult<bool> {
        let sql = "SELECT game_id FROM postal_cards WHERE game_id = $1 \
                   UNION SELECT game_id FROM postal_impossible_cards WHERE game_id = $1";
        let found = self.fetch_optional(sql, args![game], |_| Ok(())).await?;
        Ok(found.is_some())
    }

    /// A game's cards, by ply.
    pub async fn cards(&mut self, game: GameId) -> StoreResult<Vec<StoredCard>> {
        let sql = "SELECT ply, written, postmarks, receipt, received, repetition, exempt_days \
                   FROM postal_cards WHERE game_id = $1 ORDER BY ply";
        self.fetch_all(sql, args![game], card_row).await
    }
}

/// A card of a game by post that carried an impossible or illegible move,
/// or none (R2.3.9, R2.3.10), as its sender entered it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct StoredImpossibleCard {
    /// The ply its move was meant for.
    pub ply: i64,
    /// The move as written; empty for a card without one.
    pub text: String,
    /// The date written on it (`YYYY-MM-DD`).
    pub written: Option<String>,
    /// The postmarks, comma separated.
    pub postmarks: String,
    /// The registered-mail receipt's date.
    pub receipt: Option<String>,
}

fn impossible_card_row(row: &dyn RowExt) -> StoreResult<StoredImpossibleCard> {
    Ok(StoredImpossibleCard {
        ply: row.int("ply")?,
        text: row.text("text")?,
        written: row.opt_text("written")?,
        postmarks: row.text("postmarks")?,
        receipt: row.opt_text("receipt")?,
    })
}

impl Tx {
    /// Stores a card with an impossible move (R2.4.9).
    pub async fn add_impossible_card(
        &mut self,
        game: GameId,
        card: &StoredImpossibleCard,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let sql = "INSERT INTO postal_impossible_cards \
                   (game_id, ply, text, written, postmarks, receipt, entered_at) \
                   VALUES ($1, $2, $3, $4, $5, $6, $7)";
        let args = args![
            game,
            card.ply,
            &card.text,
            card.written.clone(),
            &card.postmarks,
            card.receipt.clone(),
            at
        ];
        self.execute(sql, args).await?;
        Ok(())
    }

    /// A game's cards with an impossible move, in the order sent.
    pub async fn impossible_cards(
        &mut self,
        game: GameId,
    ) -> StoreResult<Vec<StoredImpossibleCard>> {
        let sql = "SELECT ply, text, written, postmarks, receipt FROM postal_impossible_cards \
                   WHERE game_id = $1 ORDER BY ply, id";
        self.fetch_all(sql, args![game], impossible_card_row).await
    }
}

/// An overstep claim's held move (R2.6.2, R2.6.7).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredClaim {
    /// The case it was filed as.
    pub case_id: CaseId,
    /// The claimant.
    pub claimant: PlayerId,
    /// The held move in UCI.
    pub uci: String,
    /// The move as written.
    pub text: String,
    /// When the claim was filed.
    pub made_at: DateTime<Utc>,
    /// Still held (`false` once delivered).
    pub pending: bool,
}

fn claim_row(row: &dyn RowExt) -> StoreResult<StoredClaim> {
    let row = Record::keyed(row, "postal_claims", &["game_id", "case_id"])?;
    Ok(StoredClaim {
        case_id: CaseId(row.int("case_id")?),
        claimant: PlayerId(row.int("claimant_id")?),
        uci: row.text("uci")?,
        text: row.text("text")?,
        made_at: row.at("made_at")?,
        pending: row.enumerated("status", |status| match status {
            "pending" => Some(true),
            "delivered" => Some(false),
            _ => None,
        })?,
    })
}

impl Tx {
    /// Holds a claimant's move with the claim (R2.6.2).
    pub async fn add_claim(&mut self, game: GameId, claim: &StoredClaim) -> StoreResult<()> {
        let sql = "INSERT INTO postal_claims \
                   (game_id, case_id, claimant_id, uci, text, made_at, status) \
                   VALUES ($1, $2, $3, $4, $5, $6, 'pending')";
        let args = args![
            game,
            claim.case_id,
            claim.claimant,
            &claim.uci,
            &claim.text,
            claim.made_at
        ];
        self.execute(sql, args).await?;
        Ok(())
    }

    /// The game's claim whose move is still held, if any (R2.6.6).
    pub async fn pending_claim(&mut self, game: GameId) -> StoreResult<Option<StoredClaim>> {
        let sql = "SELECT game_id, case_id, claimant_id, uci, text, made_at, status FROM postal_claims \
                   WHERE game_id = $1 AND status = 'pending'";
        self.fetch_optional(sql, args![game], claim_row).await
    }

    /// Marks a held move delivered (R2.6.7).
    pub async fn deliver_claim(&mut self, game: GameId, case: CaseId) -> StoreResult<()> {
        let sql = "UPDATE postal_claims SET status = 'delivered' \
                   WHERE game_id = $1 AND case_id = $2";
        self.execute(sql, args![game, case]).await?;
        Ok(())
    }
}
