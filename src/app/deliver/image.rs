//! Rendering the images messages refer to ([`ImageRef`]) into PNGs and
//! animated GIFs, through the shared render cache, in the viewer's theme.
//!
//! The database is read on the async runtime; the drawing and encoding run
//! on tokio's blocking pool (`spawn_blocking`), so a burst of images never
//! holds up the workers that handle messages.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};
use shakmaty::{Color, Position};

use crate::app::i18n::Lang;
use crate::app::rules::Rules;
use crate::app::view::clock::MoveClock;
use crate::app::view::game::replay;
use crate::app::view::standings::table_of;
use crate::app::view::team_standings::team_table_of;
use crate::app::zone::{default_zone, player_zone};
use crate::render::{
    BoardOptions, Language, PlayerLabel, RenderCache, Theme, ViewSetting, move_squares, orientation,
};
use crate::store::{Db, EventId, GameId, GameRecord, Orientation, PlayerId, Tx};
use chrono_tz::Tz;

use crate::app::outgoing::ImageRef;
use crate::core::game::Score;

/// The file format of a rendered image.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageFormat {
    /// A still PNG (sent as a photo).
    Png,
    /// An animated GIF (sent as an animation on Telegram).
    Gif,
}

/// A rendered image with what transcripts and upload caches key it by.
#[derive(Debug, Clone)]
pub struct RenderedImage {
    /// The image bytes (named `png` from the days of stills only).
    pub png: Arc<[u8]>,
    /// PNG or GIF.
    pub format: ImageFormat,
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
            format: ImageFormat::Png,
            sha256,
            width,
            height,
        }
    }

    /// Wraps GIF bytes, reading the size from the logical screen descriptor.
    pub fn from_gif(gif: Arc<[u8]>) -> Self {
        let half = |at: usize| {
            gif.get(at..at + 2)
                .map(|b| u32::from(u16::from_le_bytes([b[0], b[1]])))
                .unwrap_or(0)
        };
        let (width, height) = (half(6), half(8));
        Self {
            width,
            height,
            format: ImageFormat::Gif,
            ..Self::from_png(gif)
        }
    }

    /// The file name it is uploaded under (`board.png`, `game-12.gif`).
    pub fn file_name(&self) -> String {
        match self.format {
            ImageFormat::Png => "board.png".to_owned(),
            ImageFormat::Gif => "game.gif".to_owned(),
        }
    }
}

/// Runs `render` on the blocking pool.
async fn off_runtime<T: Send + 'static>(
    render: impl FnOnce() -> T + Send + 'static,
) -> anyhow::Result<T> {
    Ok(tokio::task::spawn_blocking(render).await?)
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
    cache: &Arc<RenderCache>,
    now: DateTime<Utc>,
) -> anyhow::Result<RenderedImage> {
    match image {
        ImageRef::Board {
            game,
            viewer,
            lang,
            ply,
        } => render_board(db, (*game, *viewer), (*ply, *lang), cache, now).await,
        ImageRef::Gif {
            game,
            viewer,
            lang,
            plies,
        } => render_gif(db, (*game, *viewer), (*plies, *lang), cache).await,
        ImageRef::Crosstable {
            event,
            viewer,
            lang,
        } => render_crosstable(db, (*event, *viewer), *lang, cache).await,
    }
}

/// The viewer's side setting and theme (a channel's: the defaults).
async fn viewer_settings(
    tx: &mut Tx,
    viewer: Option<PlayerId>,
) -> anyhow::Result<(ViewSetting, Theme)> {
    Ok(match viewer {
        Some(viewer) => {
            let settings = tx.player_settings(viewer).await?;
            (view_setting(settings.orientation), settings.theme)
        }
        None => (ViewSetting::OwnSide, Theme::default()),
    })
}

/// The colour `viewer` plays in `game`, if any.
fn colour_of(game: &GameRecord, viewer: Option<PlayerId>) -> Option<Color> {
    viewer.and_then(|p| {
        (p == game.white)
            .then_some(Color::White)
            .or((p == game.black).then_some(Color::Black))
    })
}

/// `/gif`: the game from its start to now, every ply a frame.
/// What every image of a game reads first: the game, its moves and
/// event, the players' names and the viewer's orientation and theme.
struct GameView {
    game: GameRecord,
    rows: Vec<crate::store::MoveRow>,
    event: crate::store::Event,
    white: String,
    black: String,
    setting: ViewSetting,
    theme: Theme,
}

impl GameView {
    async fn load(
        tx: &mut Tx,
        game_id: GameId,
        viewer: Option<PlayerId>,
    ) -> anyhow::Result<GameView> {
        let game = tx.game(game_id).await?;
        let rows = tx.moves(game_id).await?;
        let event = tx.event(game.event_id).await?;
        let [white, black] = tx.names_of_pair([game.white, game.black]).await?;
        let (setting, theme) = viewer_settings(tx, viewer).await?;
        Ok(GameView {
            game,
            rows,
            event,
            white,
            black,
            setting,
            theme,
        })
    }
}

async fn render_gif(
    db: &Db,
    (game_id, viewer): (GameId, Option<PlayerId>),
    (plies, lang): (Option<i64>, Lang),
    cache: &Arc<RenderCache>,
) -> anyhow::Result<RenderedImage> {
    let mut tx = db.read().await?;
    let GameView {
        game,
        mut rows,
        event,
        white,
        black,
        setting,
        theme,
    } = GameView::load(&mut tx, game_id, viewer).await?;
    tx.commit().await?;
    if let Some(plies) = plies {
        rows.truncate(usize::try_from(plies.max(0)).unwrap_or(usize::MAX));
    }
    let played = replay(&game, &rows)?;
    let options = BoardOptions {
        orientation: orientation(colour_of(&game, viewer), setting),
        white: label(white, None, None),
        black: label(black, None, None),
        event: event.name.clone(),
        language: render_language(lang),
        theme,
        score: game.result.and_then(Score::pills),
        ..BoardOptions::default()
    };
    let (start, moves) = (played.start_position().clone(), played.moves().to_vec());
    let cache = Arc::clone(cache);
    let gif = off_runtime(move || cache.game_gif(&start, &moves, &options).1).await?;
    Ok(RenderedImage::from_gif(gif))
}

/// A game's board as `viewer` sees it. With `ply` (a notice about that
/// half-move, from 1) once a later move has been made: the position after
/// `ply` with its move marked, without clocks or deadlines (those of now
/// would not be that position's; the notice's text carries the clocks after
/// the move), however late the notice goes out. Otherwise the current
/// position with both clocks and the deadline.
async fn render_board(
    db: &Db,
    (game_id, viewer): (GameId, Option<PlayerId>),
    (ply, lang): (Option<i64>, Lang),
    cache: &Arc<RenderCache>,
    now: DateTime<Utc>,
) -> anyhow::Result<RenderedImage> {
    let mut tx = db.read().await?;
    let mut view = GameView::load(&mut tx, game_id, viewer).await?;
    let kept = ply.map(|ply| usize::try_from(ply.max(0)).unwrap_or(usize::MAX));
    let labels = match kept.filter(|kept| *kept < view.rows.len()) {
        Some(kept) => {
            view.rows.truncate(kept);
            let white = label(view.white.clone(), None, None);
            (white, label(view.black.clone(), None, None))
        }
        None => clock_labels(&mut tx, &view, (viewer, lang), now).await?,
    };
    tx.commit().await?;
    draw_board(view, (viewer, lang), labels, cache).await
}

/// Both players' labels with the time each has left and the deadline of
/// the move pending, in the viewer's zone.
async fn clock_labels(
    tx: &mut Tx,
    view: &GameView,
    (viewer, lang): (Option<PlayerId>, Lang),
    now: DateTime<Utc>,
) -> anyhow::Result<(PlayerLabel, PlayerLabel)> {
    let game = &view.game;
    let (deadline, clocks) = Rules::of_event(&view.event)
        .clocks_from(tx, game, &view.rows, now)
        .await
        .map_err(|error| anyhow::anyhow!("game {}: the clocks: {error:?}", game.id))?;
    let zone = match viewer {
        Some(viewer) => player_zone(tx, viewer, Some(&view.event)).await?,
        None => default_zone(Some(&view.event)),
    };
    let white = label(
        view.white.clone(),
        Some(days_shown(deadline, Color::White, clocks.white_left)),
        deadline_of(deadline, Color::White, zone, lang),
    );
    let black = label(
        view.black.clone(),
        Some(days_shown(deadline, Color::Black, clocks.black_left)),
        deadline_of(deadline, Color::Black, zone, lang),
    );
    Ok((white, black))
}

/// The position after `view`'s moves, its last move marked, with the
/// players' `labels`, as `viewer` sees it.
async fn draw_board(
    view: GameView,
    (viewer, lang): (Option<PlayerId>, Lang),
    (white, black): (PlayerLabel, PlayerLabel),
    cache: &Arc<RenderCache>,
) -> anyhow::Result<RenderedImage> {
    let played = replay(&view.game, &view.rows)?;
    let position = played.position();
    let options = BoardOptions {
        orientation: orientation(colour_of(&view.game, viewer), view.setting),
        last_move: played.last_move().and_then(move_squares),
        white,
        black,
        event: view.event.name,
        language: render_language(lang),
        theme: view.theme,
        ..BoardOptions::for_position(position)
    };
    let board = position.board().clone();
    let cache = Arc::clone(cache);
    let png = off_runtime(move || cache.board(&board, &options).1).await?;
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

/// An event's crosstable, or a team event's table of teams, in the
/// viewer's theme (the theme is part of the cache key).
async fn render_crosstable(
    db: &Db,
    (event, viewer): (EventId, Option<PlayerId>),
    lang: Lang,
    cache: &Arc<RenderCache>,
) -> anyhow::Result<RenderedImage> {
    let mut tx = db.read().await?;
    let event = tx.event(event).await?;
    let (_, theme) = viewer_settings(&mut tx, viewer).await?;
    let cache = Arc::clone(cache);
    let knockout = crate::app::view::knockout::KnockoutTable::of(&mut tx, event.clone()).await?;
    let png = if let Some(table) = knockout {
        // A knock-out's bracket (issue 40).
        tx.commit().await?;
        let input = table.bracket_input(lang, theme);
        off_runtime(move || cache.bracket(&input).1).await?
    } else if event.is_team {
        let table = team_table_of(&mut tx, &event).await?;
        tx.commit().await?;
        let input = table.image_input(lang, theme);
        off_runtime(move || cache.team_table(&input).1).await?
    } else {
        let table = table_of(&mut tx, event).await?;
        tx.commit().await?;
        let input = table.crosstable_input(lang, theme);
        off_runtime(move || cache.crosstable(&input).1).await?
    };
    Ok(RenderedImage::from_png(png))
}

fn label(name: String, days_left: Option<i64>, deadline: Option<String>) -> PlayerLabel {
    PlayerLabel {
        name,
        days_left: days_left.and_then(|days| u16::try_from(days.max(0)).ok()),
        deadline,
    }
}

/// The days on `colour`'s clock box: for the side to move, the days it can
/// still think on this move before losing (doubling counted, R3.5.3), else
/// the days left on its clock.
fn days_shown(clock: Option<MoveClock>, colour: Color, left: i64) -> i64 {
    clock
        .filter(|clock| clock.colour == colour)
        .and_then(|clock| clock.room)
        .map_or(left, |room| room.days)
}

/// The last minute `colour` can move in before losing on time, if it is to
/// move (R3.5.7), short («до 10.02 о 08:59») in the viewer's zone.
fn deadline_of(clock: Option<MoveClock>, colour: Color, zone: Tz, lang: Lang) -> Option<String> {
    let clock = clock.filter(|clock| clock.colour == colour)?;
    if clock.over > 0 {
        return Some(crate::app::i18n::tr0(lang, "board-overstepped"));
    }
    let last = crate::app::room::last_minute(clock.loses_at);
    let local = last.with_timezone(&zone);
    let args = crate::app::i18n::Args::new()
        .with("date", local.format("%d.%m").to_string())
        .with("time", local.format("%H:%M").to_string());
    Some(crate::app::i18n::tr(lang, "board-deadline", &args))
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn clock_to(loses_at: DateTime<Utc>) -> MoveClock {
        MoveClock {
            colour: Color::White,
            since: loses_at,
            days_on_move: Default::default(),
            loses_at,
            postal: false,
            over: Default::default(),
            room: None,
        }
    }

    #[test]
    fn the_deadline_box_reads_as_a_sentence_in_each_language() {
        let loses_at = Utc.with_ymd_and_hms(2027, 2, 10, 7, 0, 0).unwrap();
        let clock = Some(clock_to(loses_at));
        let kyiv: Tz = "Europe/Kyiv".parse().unwrap();
        let uk = deadline_of(clock, Color::White, kyiv, Lang::Uk);
        assert_eq!(uk.as_deref(), Some("до 10.02 о 08:59"));
        let en = deadline_of(clock, Color::White, kyiv, Lang::En);
        assert_eq!(en.as_deref(), Some("by 10.02 08:59"));
        assert_eq!(deadline_of(clock, Color::Black, kyiv, Lang::Uk), None);
    }
}
