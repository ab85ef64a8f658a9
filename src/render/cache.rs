//! A bounded in-memory cache of rendered images, keyed by a SHA-256 of
//! everything that goes into an image.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};

use sha2::{Digest, Sha256};
use shakmaty::uci::UciMove;
use shakmaty::{Board, CastlingMode, Chess, Color, EnPassantMode, Move, Position, Square};

use super::board::{BoardOptions, Language, PlayerLabel, render_board};
use super::bracket::{BracketInput, BracketSide, render_bracket};
use super::gif::render_game_gif;
use super::table::{CrosstableInput, render_crosstable};
use super::team_table::{TeamTableInput, render_team_table};

/// Changes whenever the same inputs would draw a different image (art,
/// layout, palette), so that stored keys (e.g. uploaded file ids) expire.
/// 2: the bishop's mitre, themes, bigger coordinates, scores.
pub const RENDER_VERSION: u32 = 2;

/// A stable content key: SHA-256 of an image's inputs and [`RENDER_VERSION`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ContentKey(pub [u8; 32]);

impl fmt::Display for ContentKey {
    /// Lower-case hex.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|byte| write!(f, "{byte:02x}"))
    }
}

/// Feeds values into a hash with lengths, so that field boundaries count.
struct KeyWriter(Sha256);

impl KeyWriter {
    fn new(kind: &str) -> Self {
        let mut writer = KeyWriter(Sha256::new());
        writer.text(kind);
        writer.number(RENDER_VERSION.into());
        writer
    }

    fn number(&mut self, value: u64) {
        self.0.update(value.to_le_bytes());
    }

    fn text(&mut self, value: &str) {
        self.number(value.len() as u64);
        self.0.update(value.as_bytes());
    }

    fn option(&mut self, value: Option<u64>) {
        self.number(value.map_or(0, |v| v + 1));
    }

    fn optional_text(&mut self, value: Option<&str>) {
        match value {
            Some(text) => {
                self.number(1);
                self.text(text);
            }
            None => self.number(0),
        }
    }

    fn finish(self) -> ContentKey {
        ContentKey(self.0.finalize().into())
    }
}

fn color_code(color: Color) -> u64 {
    match color {
        Color::White => 1,
        Color::Black => 2,
    }
}

fn square_code(square: Square) -> u64 {
    u64::from(u32::from(square))
}

fn player(writer: &mut KeyWriter, label: &PlayerLabel) {
    writer.text(&label.name);
    writer.option(label.days_left.map(u64::from));
}

fn language_code(language: Language) -> u64 {
    match language {
        Language::Ukrainian => 1,
        Language::English => 2,
    }
}

/// The content key of a board image.
pub fn board_key(board: &Board, options: &BoardOptions) -> ContentKey {
    let mut w = KeyWriter::new("board");
    board_options(&mut w, board, options);
    w.finish()
}

/// The content key of a game's animation: its start, its moves and the
/// options (theme and score included).
pub fn gif_key(start: &Chess, moves: &[Move], options: &BoardOptions) -> ContentKey {
    let mut w = KeyWriter::new("gif");
    let fen = shakmaty::fen::Fen::from_position(start, EnPassantMode::Legal);
    w.text(&fen.to_string());
    w.number(moves.len() as u64);
    for m in moves {
        w.text(&UciMove::from_move(*m, CastlingMode::Standard).to_string());
    }
    board_options(&mut w, start.board(), options);
    w.finish()
}

fn board_options(w: &mut KeyWriter, board: &Board, options: &BoardOptions) {
    w.text(&board.board_fen().to_string());
    w.number(color_code(options.orientation));
    w.option(
        options
            .last_move
            .map(|(a, b)| square_code(a) * 64 + square_code(b)),
    );
    w.option(options.check.map(square_code));
    w.option(options.turn.map(color_code));
    player(w, &options.white);
    player(w, &options.black);
    w.text(&options.event);
    w.option(options.move_number.map(u64::from));
    w.number(options.coordinates.into());
    w.number(language_code(options.language));
    w.number(options.effective_width() as u64);
    w.text(options.theme.as_str());
    match &options.score {
        Some((white, black)) => {
            w.number(1);
            w.text(white);
            w.text(black);
        }
        None => w.number(0),
    }
}

/// The content key of a crosstable image.
pub fn crosstable_key(input: &CrosstableInput) -> ContentKey {
    let mut w = KeyWriter::new("crosstable");
    w.text(&input.title);
    w.number(language_code(input.language));
    w.text(input.theme.as_str());
    w.number(input.players.len() as u64);
    for row in &input.players {
        w.text(&row.name);
        w.text(&row.place);
        w.number(row.score_halves.into());
        w.number(row.wins.into());
        w.number(row.sonneborn_berger_quarters.into());
        w.number(row.games.len() as u64);
        for cell in &row.games {
            w.number(cell.len() as u64);
            for game in cell {
                w.number(game.mark as u64);
                w.number(game.latest.into());
            }
        }
    }
    w.finish()
}

/// The content key of a team event's table image.
pub fn team_table_key(input: &TeamTableInput) -> ContentKey {
    let mut w = KeyWriter::new("teamtable");
    w.text(&input.title);
    w.number(language_code(input.language));
    w.text(input.theme.as_str());
    w.number(input.teams.len() as u64);
    for row in &input.teams {
        w.text(&row.name);
        w.text(&row.place);
        w.number(row.match_points.into());
        w.number(row.board_halves.into());
        w.number(row.matches.len() as u64);
        for cell in &row.matches {
            w.number(cell.len() as u64);
            for game in cell {
                w.number(game.own_halves.into());
                w.number(game.other_halves.into());
                w.number(game.complete.into());
            }
        }
    }
    w.finish()
}

/// The content key of a knock-out bracket image.
pub fn bracket_key(input: &BracketInput) -> ContentKey {
    let mut w = KeyWriter::new("bracket");
    w.text(&input.title);
    w.number(language_code(input.language));
    w.text(input.theme.as_str());
    w.optional_text(input.champion.as_deref());
    w.number(input.rounds.len() as u64);
    for round in &input.rounds {
        w.text(&round.title);
        w.number(round.matches.len() as u64);
        for game in &round.matches {
            w.number(game.bye.into());
            bracket_side(&mut w, &game.top);
            bracket_side(&mut w, &game.bottom);
        }
    }
    w.finish()
}

fn bracket_side(w: &mut KeyWriter, side: &BracketSide) {
    w.optional_text(side.name.as_deref());
    w.option(side.seed.map(u64::from));
    w.option(side.score_halves.map(u64::from));
    w.number(side.winner.into());
}

struct CachedPng {
    png: Arc<[u8]>,
    used: u64,
}

#[derive(Default)]
struct Entries {
    map: HashMap<ContentKey, CachedPng>,
    clock: u64,
}

/// Recently rendered images, at most `capacity` of them; the least recently
/// used goes first. Safe to share between threads.
pub struct RenderCache {
    capacity: usize,
    entries: Mutex<Entries>,
}

impl RenderCache {
    /// An empty cache holding at most `capacity` images (at least one).
    pub fn new(capacity: usize) -> Self {
        RenderCache {
            capacity: capacity.max(1),
            entries: Mutex::default(),
        }
    }

    /// How many images the cache holds.
    pub fn len(&self) -> usize {
        self.lock().map.len()
    }

    /// Whether the cache is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Entries> {
        self.entries
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The image under `key`, rendered by `render` when it is not cached.
    /// Rendering happens outside the lock.
    pub fn get_or_render(&self, key: ContentKey, render: impl FnOnce() -> Vec<u8>) -> Arc<[u8]> {
        {
            let mut entries = self.lock();
            entries.clock += 1;
            let now = entries.clock;
            if let Some(entry) = entries.map.get_mut(&key) {
                entry.used = now;
                return Arc::clone(&entry.png);
            }
        }
        let png: Arc<[u8]> = render().into();
        let mut entries = self.lock();
        if entries.map.len() >= self.capacity && !entries.map.contains_key(&key) {
            let oldest = entries
                .map
                .iter()
                .min_by_key(|(_, e)| e.used)
                .map(|(k, _)| *k);
            if let Some(oldest) = oldest {
                entries.map.remove(&oldest);
            }
        }
        entries.clock += 1;
        let used = entries.clock;
        let entry = entries.map.entry(key).or_insert(CachedPng { png, used });
        Arc::clone(&entry.png)
    }

    /// A board image and its key, from the cache when it is there.
    pub fn board(&self, board: &Board, options: &BoardOptions) -> (ContentKey, Arc<[u8]>) {
        let key = board_key(board, options);
        (
            key,
            self.get_or_render(key, || render_board(board, options)),
        )
    }

    /// A game's animated GIF and its key, from the cache when it is there.
    pub fn game_gif(
        &self,
        start: &Chess,
        moves: &[Move],
        options: &BoardOptions,
    ) -> (ContentKey, Arc<[u8]>) {
        let key = gif_key(start, moves, options);
        let gif = self.get_or_render(key, || render_game_gif(start, moves, options));
        (key, gif)
    }

    /// A crosstable image and its key, from the cache when it is there.
    pub fn crosstable(&self, input: &CrosstableInput) -> (ContentKey, Arc<[u8]>) {
        let key = crosstable_key(input);
        (key, self.get_or_render(key, || render_crosstable(input)))
    }

    /// A team event's table image and its key, from the cache when it is
    /// there.
    pub fn team_table(&self, input: &TeamTableInput) -> (ContentKey, Arc<[u8]>) {
        let key = team_table_key(input);
        (key, self.get_or_render(key, || render_team_table(input)))
    }

    /// A knock-out bracket image and its key, from the cache when it is
    /// there.
    pub fn bracket(&self, input: &BracketInput) -> (ContentKey, Arc<[u8]>) {
        let key = bracket_key(input);
        (key, self.get_or_render(key, || render_bracket(input)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_differ_by_every_input_and_are_stable() {
        let board = Board::default();
        let options = BoardOptions::default();
        let key = board_key(&board, &options);
        assert_eq!(key, board_key(&board, &options));
        let flipped = BoardOptions {
            orientation: Color::Black,
            ..options.clone()
        };
        assert_ne!(key, board_key(&board, &flipped));
        let named = BoardOptions {
            white: PlayerLabel {
                name: "Ann".into(),
                days_left: None,
                deadline: None,
            },
            ..options.clone()
        };
        assert_ne!(key, board_key(&board, &named));
        let brown = BoardOptions {
            theme: crate::render::Theme::Brown,
            ..options.clone()
        };
        assert_ne!(key, board_key(&board, &brown), "the theme is in the key");
        assert_eq!(key.to_string().len(), 64);
    }

    #[test]
    fn least_recently_used_entry_is_evicted() {
        let cache = RenderCache::new(2);
        let key = |n: u8| ContentKey([n; 32]);
        cache.get_or_render(key(1), || vec![1]);
        cache.get_or_render(key(2), || vec![2]);
        cache.get_or_render(key(1), || unreachable!("cached"));
        cache.get_or_render(key(3), || vec![3]);
        assert_eq!(cache.len(), 2);
        assert_eq!(&*cache.get_or_render(key(1), || vec![9]), &[1]);
        assert_eq!(&*cache.get_or_render(key(2), || vec![9]), &[9]);
    }
}
