//! Rendering the images messages refer to ([`ImageRef`]) into PNGs, through
//! the shared render cache.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};
use shakmaty::{Color, Position};

use crate::app::i18n::Lang;
use crate::app::service::events::standings::table_of;
use crate::app::service::games::state::{clocks_of, plies_of, regulation_of, replay};
use crate::app::service::games::turn_clock::{MoveClock, pending_clock};
use crate::app::service::leave::time::game_leaves;
use crate::app::zone::{default_zone, player_zone};
use crate::render::RenderCache;
use crate::render::{BoardOptions, Language, PlayerLabel, ViewSetting, move_squares, orientation};
use crate::store::{Db, EventId, GameId, Orientation, PlayerId};
use chrono_tz::Tz;

use super::ImageRef;

/// A rendered PNG with what transcripts and upload caches key it by.
#[derive(Debug, Clone)]
pub struct RenderedImage {
    /// The PNG bytes.
    pub png: Arc<[u8]>,
    /// SHA-256 of the bytes, lowercase hex.
    pub sha256: String,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

impl RenderedImage {
    /// Wraps PNG bytes, reading the size from the IHDR chunk.
    pub fn from_png(png: Arc<[u8]>) -> Self {
        let word = |at: usize| {
            png.get(at..at + 4)
                .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
                .unwrap_or(0)
        };
        let (width, height) = (word(16), word(20));
        let sha256 = Sha256::digest(&png)
            .iter()
            .map(|byte| format!("{byte:02x}"))
            .collect();
        Self {
            png,
            sha256,
            width,
            height,
        }
    }
}

fn render_language(lang: Lang) -> Language {
    match lang {
        Lang::Uk => Language::Ukrainian,
        Lang::En => Language::English,
    }
}

/// Renders `image` from the state in `db` at `now` (the clocks shown).
pub async fn render_image(
    db: &Db,
    image: &ImageRef,
    cache: &RenderCache,
    now: DateTime<Utc>,
) -> anyhow::Result<RenderedImage> {
    match image {
        ImageRef::Board { game, viewer, lang } => {
            let viewer = viewer.map(PlayerId);
            render_board(db, (GameId(*game), viewer), *lang, cache, now).await
        }
        ImageRef::Crosstable { event, lang } => {
            render_crosstable(db, EventId(*event), *lang, cache).await
        }
    }
}

async fn render_board(
    db: &Db,
    (game_id, viewer): (GameId, Option<PlayerId>),
    lang: Lang,
    cache: &RenderCache,
    now: DateTime<Utc>,
) -> anyhow::Result<RenderedImage> {
    let mut tx = db.read().await?;
    let game = tx.game(game_id).await?;
    let rows = tx.moves(game_id).await?;
    let event = tx.event(game.event_id).await?;
    let white = tx.player(game.white).await?.display_name;
    let black = tx.player(game.black).await?.display_name;
    let setting = match viewer {
        Some(viewer) => view_setting(tx.player_settings(viewer).await?.orientation),
        None => ViewSetting::OwnSide,
    };
    let leaves = game_leaves(&mut tx, &game).await?;
    let deadline = match pending_clock(&mut tx, &game, now).await {
        Ok(clock) => clock,
        Err(_) => anyhow::bail!("game {game_id}: the pending move's clock"),
    };
    let zone = match viewer {
        Some(viewer) => player_zone(&mut tx, viewer, Some(&event)).await?,
        None => default_zone(Some(&event)),
    };
    tx.commit().await?;
    let played = replay(&game, &rows)?;
    let position = played.position();
    let now = game.finished_at.unwrap_or(now);
    let start = game.started_at.unwrap_or(now);
    let clocks = clocks_of(
        &regulation_of(&event),
        start,
        &plies_of(&rows),
        now,
        &leaves,
    );
    let viewer_colour = viewer.and_then(|p| {
        (p == game.white)
            .then_some(Color::White)
            .or((p == game.black).then_some(Color::Black))
    });
    let options = BoardOptions {
        orientation: orientation(viewer_colour, setting),
        last_move: played.last_move().and_then(move_squares),
        white: label(
            white,
            clocks.white_left,
            deadline_of(deadline, Color::White, zone, lang),
        ),
        black: label(
            black,
            clocks.black_left,
            deadline_of(deadline, Color::Black, zone, lang),
        ),
        event: event.name.clone(),
        language: render_language(lang),
        ..BoardOptions::for_position(position)
    };
    let (_, png) = cache.board(position.board(), &options);
    Ok(RenderedImage::from_png(png))
}

/// The renderer's view setting for a player's `/orientation`.
fn view_setting(orientation: Orientation) -> ViewSetting {
    match orientation {
        Orientation::Auto => ViewSetting::OwnSide,
        Orientation::White => ViewSetting::White,
        Orientation::Black => ViewSetting::Black,
    }
}

async fn render_crosstable(
    db: &Db,
    event: EventId,
    lang: Lang,
    cache: &RenderCache,
) -> anyhow::Result<RenderedImage> {
    let mut tx = db.read().await?;
    let event = tx.event(event).await?;
    let table = table_of(&mut tx, event).await?;
    tx.commit().await?;
    let (_, png) = cache.crosstable(&table.crosstable_input(lang));
    Ok(RenderedImage::from_png(png))
}

fn label(name: String, days_left: i64, deadline: Option<String>) -> PlayerLabel {
    PlayerLabel {
        name,
        days_left: u16::try_from(days_left.max(0)).ok(),
        deadline,
    }
}

/// The instant `colour` loses on time, if it is to move (R3.5.7), short
/// («до 10.02 09:00») in the viewer's zone.
fn deadline_of(clock: Option<MoveClock>, colour: Color, zone: Tz, lang: Lang) -> Option<String> {
    let clock = clock.filter(|clock| clock.colour == colour)?;
    let at = clock.loses_at.with_timezone(&zone).format("%d.%m %H:%M");
    let args = crate::app::i18n::Args::new().with("at", at.to_string());
    Some(crate::app::i18n::tr(lang, "board-deadline", &args))
}
