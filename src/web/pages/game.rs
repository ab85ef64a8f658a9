//! A game's page: the board at one ply with the last move, the moves with
//! both players' time counts, navigation move by move, the PGN and a link
//! to an analysis board. Every ply has its own address and its board as a
//! PNG, so the page works without JavaScript (and link previews show the
//! PNG: Open Graph tags). With it (`site.js`), the page steps through the
//! game without reloading (issue web-2): the board is drawn in the page
//! ([`crate::web::board_grid`]) from the placements the page embeds, by
//! the arrow keys, a swipe or a tap, the current move marked and the
//! address kept (`history.replaceState`). Only the moves the public sees
//! are embedded (the event's public delay holds the rest back).

use maud::{Markup, PreEscaped, html};
use shakmaty::fen::Fen;
use shakmaty::{Color, EnPassantMode, Position};

use crate::app::i18n::{Args, Lang, tr, tr0};
use crate::app::notice::clocks_text;
use crate::app::view::clock::side_text;
use crate::app::zone::{ShownInstant, default_zone};
use crate::store::GameStatus;
use crate::web::board_grid::{Cells, board_grid, placement};
use crate::web::data::{GameView, Pending, PlyLine};

use super::event::game_state;
use super::{Frame, date_text, layout, tr1, with_local_time};

/// How the moves are written on the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MoveNotation {
    /// Ukrainian full algebraic (`Кg1-f3`).
    Ukrainian,
    /// SAN (`Nf3`).
    San,
}

impl MoveNotation {
    /// The query value (`uk`, `san`).
    pub(crate) fn code(self) -> &'static str {
        match self {
            MoveNotation::Ukrainian => "uk",
            MoveNotation::San => "san",
        }
    }
}

/// The address of ply `ply` of the game (the game's own address at the end).
fn ply_href(view: &GameView, ply: usize, notation: Option<MoveNotation>) -> String {
    let id = view.line.game.id;
    let path = if ply + 1 >= view.positions.len() {
        format!("/game/{id}")
    } else {
        format!("/game/{id}/ply/{ply}")
    };
    match notation {
        Some(n) => format!("{path}?notation={}", n.code()),
        None => path,
    }
}

/// The analysis board's address for the position after `ply`.
fn analysis_href(view: &GameView, ply: usize) -> String {
    let fen = Fen::from_position(&view.positions[ply], EnPassantMode::Legal).to_string();
    format!(
        "https://lichess.org/analysis/standard/{}",
        fen.replace(' ', "_")
    )
}

/// The game page at `ply` (0: the start), moves written in `notation`
/// (`explicit` when the address asked for it, kept in the links).
pub(crate) fn game_page(
    lang: Lang,
    view: &GameView,
    ply: usize,
    (notation, explicit): (MoveNotation, bool),
) -> Markup {
    let game = &view.line.game;
    let title = tr1(lang, "web-game-title", "game", game.id);
    let last = view.positions.len() - 1;
    let path = if ply == last {
        format!("/game/{}", game.id)
    } else {
        format!("/game/{}/ply/{ply}", game.id)
    };
    let board_src = format!("/game/{}/board/{ply}?lang={}", game.id, lang.code());
    let alt = board_alt(lang, view, ply);
    let og = super::Og {
        description: format!(
            "{} — {} · {}",
            view.line.white.name,
            view.line.black.name,
            ply_text(lang, view, ply)
        ),
        image: board_src.clone(),
        alt: alt.clone(),
    };
    let frame = Frame {
        lang,
        title: &title,
        path: &path,
        live: Some(format!("/game/{}/live", game.id)),
        og: Some(og),
    };
    let keep = explicit.then_some(notation);
    let event_args = Args::new()
        .with("name", view.event.name.clone())
        .with("round", game.round);
    let body = html! {
        h1 { (title) }
        p.players {
            a href={ "/player/" (view.line.white.id) } { (tr1(lang, "web-game-white", "name", &view.line.white.name)) }
            " · "
            a href={ "/player/" (view.line.black.id) } { (tr1(lang, "web-game-black", "name", &view.line.black.name)) }
        }
        p.event { a href={ "/event/" (view.event.id) } { (tr(lang, "web-game-event", &event_args)) } }
        p.state #state { (game_state(lang, game)) }
        div.game {
            div.board {
                div #board {
                    noscript { img src=(board_src) width="360" height="420" alt=(alt); }
                    div #grid-box role="img" aria-label=(alt) hidden {
                        (board_grid(&view.positions[ply], Color::White, last_squares(view, ply), Cells::Plain))
                    }
                }
                nav.plies {
                    (step(view, "first", 0, ply > 0, keep, &tr0(lang, "web-nav-first")))
                    (step(view, "prev", ply.saturating_sub(1), ply > 0, keep, &tr0(lang, "web-nav-prev")))
                    (step(view, "next", (ply + 1).min(last), ply < last, keep, &tr0(lang, "web-nav-next")))
                    (step(view, "last", last, ply < last, keep, &tr0(lang, "web-nav-last")))
                }
                p #ply { (ply_text(lang, view, ply)) }
                p.hint { (tr0(lang, "web-keys-hint")) }
                // The days on each side would date the moves held back.
                @if view.held == 0 {
                    p.clocks #clocks { (clocks_text(lang, &view.clocks)) }
                }
                @if let Some(pending) = &view.line.pending {
                    p.turn #turn { (turn_text(lang, view, pending)) }
                }
                @if let Some(deadline) = deadline_text(lang, view) {
                    p.deadline #deadline { (deadline) }
                }
            }
            div.moves {
                h2 { (tr0(lang, "web-moves-heading")) }
                p.notation {
                    (tr0(lang, "web-notation")) " "
                    @for (choice, id) in [(MoveNotation::Ukrainian, "web-notation-ukrainian"), (MoveNotation::San, "web-notation-san")] {
                        @if choice == notation { strong { (tr0(lang, id)) } } @else {
                            a href={ (path) "?notation=" (choice.code()) } { (tr0(lang, id)) }
                        }
                        " "
                    }
                }
                (moves_table(lang, view, ply, keep))
                @if view.held > 0 {
                    p.held #held { (tr(lang, "web-moves-held", &Args::new().with("moves", view.held))) }
                }
            }
        }
        section.pgn {
            p {
                a.download href={ "/game/" (game.id) "/pgn" } download { (tr0(lang, "web-pgn-game")) }
                " · "
                a #analysis href=(analysis_href(view, ply)) rel="noopener noreferrer" { (tr0(lang, "web-analysis")) }
            }
            pre #pgn { (view.pgn) }
        }
        script #game-data type="application/json" { (PreEscaped(steps_json(lang, view, ply, keep))) }
    };
    layout(&frame, body)
}

/// The two squares of the move that led to `ply` (none at the start or
/// for castling's king move read as two squares of its own).
fn last_squares(view: &GameView, ply: usize) -> Option<(shakmaty::Square, shakmaty::Square)> {
    let before = view.positions.get(ply.checked_sub(1)?)?;
    let after = view.positions.get(ply)?;
    before
        .legal_moves()
        .into_iter()
        .find(|mv| {
            let mut next = before.clone();
            next.play_unchecked(*mv);
            next.board() == after.board() && next.turn() == after.turn()
        })
        .and_then(|mv| crate::render::move_squares(&mv))
}

/// What the page's script steps through: for each public ply its pieces
/// ([`placement`]), last move, address, board text, line under the board
/// and analysis link; and the ply shown. Escaped for a `<script>` element.
fn steps_json(lang: Lang, view: &GameView, ply: usize, keep: Option<MoveNotation>) -> String {
    let steps: Vec<serde_json::Value> = (0..view.positions.len())
        .map(|at| {
            let last = last_squares(view, at).map(|(from, to)| format!("{from}{to}"));
            serde_json::json!({
                "b": placement(&view.positions[at]),
                "l": last,
                "h": ply_href(view, at, keep),
                "a": board_alt(lang, view, at),
                "t": ply_text(lang, view, at),
                "f": analysis_href(view, at),
            })
        })
        .collect();
    serde_json::json!({ "plies": steps, "ply": ply })
        .to_string()
        .replace('<', "\\u003c")
}

/// Whether `ply` is the last position of a finished game.
fn is_final(view: &GameView, ply: usize) -> bool {
    ply + 1 == view.positions.len() && view.line.game.status == GameStatus::Finished
}

/// The line under the board: which position it is, and the result on a
/// finished game's last one.
fn ply_text(lang: Lang, view: &GameView, ply: usize) -> String {
    let args = Args::new()
        .with("ply", ply)
        .with("total", view.positions.len() - 1);
    if is_final(view, ply) {
        let args = args.with("result", game_state(lang, &view.line.game));
        tr(lang, "web-ply-final", &args)
    } else {
        tr(lang, "web-ply", &args)
    }
}

/// The board's text for readers who do not see it: the move that led to
/// the position and who is to move, or the result after the last move of a
/// finished game.
fn board_alt(lang: Lang, view: &GameView, ply: usize) -> String {
    let side = match view.positions[ply].turn() {
        Color::White => "white",
        Color::Black => "black",
    };
    let Some(line) = ply.checked_sub(1).and_then(|i| view.plies.get(i)) else {
        return tr(lang, "web-board-alt-start", &Args::new().with("side", side));
    };
    let dots = if line.colour == Color::White {
        "."
    } else {
        "…"
    };
    let written = format!("{}{dots} {}", line.number, line.text);
    let args = Args::new().with("move", written);
    if is_final(view, ply) {
        let args = args.with("result", game_state(lang, &view.line.game));
        tr(lang, "web-board-alt-final", &args)
    } else {
        tr(lang, "web-board-alt-move", &args.with("side", side))
    }
}

/// One navigation link (a dimmed label when it leads nowhere).
fn step(
    view: &GameView,
    id: &str,
    to: usize,
    enabled: bool,
    keep: Option<MoveNotation>,
    label: &str,
) -> Markup {
    html! {
        @if enabled {
            a #(id) href=(ply_href(view, to, keep)) rel=[(id == "prev").then_some("prev")] data-step=(id) { (label) }
        } @else {
            span.off data-step=(id) { (label) }
        }
    }
}

fn moves_table(lang: Lang, view: &GameView, ply: usize, keep: Option<MoveNotation>) -> Markup {
    let rows = move_rows(&view.plies);
    html! {
        @if rows.is_empty() {
            @if view.held == 0 { p { (tr0(lang, "web-moves-none")) } }
        } @else {
            table.moves #moves {
                thead { tr {
                    th { "№" }
                    th { (tr0(lang, "web-col-white")) }
                    th { (tr0(lang, "web-col-days")) }
                    th { (tr0(lang, "web-col-black")) }
                    th { (tr0(lang, "web-col-days")) }
                } }
                tbody {
                    @for (number, white, black) in rows {
                        tr {
                            td.num { (number) "." }
                            (cell(view, white, ply, keep))
                            (cell(view, black, ply, keep))
                        }
                    }
                }
            }
        }
    }
}

/// The moves in rows of (number, White's ply, Black's ply).
fn move_rows(plies: &[PlyLine]) -> Vec<(u32, Option<&PlyLine>, Option<&PlyLine>)> {
    let mut rows: Vec<(u32, Option<&PlyLine>, Option<&PlyLine>)> = Vec::new();
    for line in plies {
        match (line.colour, rows.last_mut()) {
            (Color::Black, Some(row)) if row.0 == line.number && row.2.is_none() => {
                row.2 = Some(line);
            }
            (Color::Black, _) => rows.push((line.number, None, Some(line))),
            (Color::White, _) => rows.push((line.number, Some(line), None)),
        }
    }
    rows
}

fn cell(view: &GameView, line: Option<&PlyLine>, ply: usize, keep: Option<MoveNotation>) -> Markup {
    html! {
        @match line {
            Some(line) => {
                // One `class` attribute: a second one is dropped by browsers.
                td class=(if line.ply == ply { "move current" } else { "move" }) {
                    a href=(ply_href(view, line.ply, keep)) data-ply=(line.ply)
                        aria-current=[(line.ply == ply).then_some("step")] { (line.text) }
                }
                td.days {
                    (line.days) " (" (line.total) ")"
                    time.when datetime=(line.at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)) data-local="date" {
                        (date_text(line.at, &view.event))
                    }
                }
            }
            None => { td {} td {} }
        }
    }
}

/// Who is to move and since when, and the mover's leave, in the event's
/// zone.
fn turn_text(lang: Lang, view: &GameView, pending: &Pending) -> Markup {
    let zone = default_zone(Some(&view.event));
    let side = match pending.clock.colour {
        Color::White => "white",
        Color::Black => "black",
    };
    let since = ShownInstant::new(pending.clock.since, zone).text(lang);
    let args = Args::new().with("side", side).with("since", since.as_str());
    let mut text = tr(lang, "web-turn-since", &args);
    if let Some(until) = pending.on_leave_until {
        let until = ShownInstant::new(until, zone).last_day_text();
        text.push(' ');
        text.push_str(&tr1(lang, "web-on-leave", "until", until));
    }
    with_local_time(&text, &since, pending.clock.since)
}

/// The side to move's time to think and last minute (R3.5.7), in the
/// event's zone (the reader's own with the page's script); `None` once the
/// game is over.
fn deadline_text(lang: Lang, view: &GameView) -> Option<Markup> {
    let clock = view.clock?;
    let shown = ShownInstant::new(clock.loses_at, default_zone(Some(&view.event)));
    let text = side_text(lang, view.line.game.id.0, &clock, &shown);
    let last_minute = crate::app::room::last_minute(clock.loses_at);
    Some(with_local_time(
        &text,
        &shown.deadline_text(lang),
        last_minute,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(ply: usize, number: u32, colour: Color) -> PlyLine {
        PlyLine {
            ply,
            number,
            colour,
            text: String::new(),
            days: 0,
            total: 0,
            at: chrono::DateTime::default(),
        }
    }

    #[test]
    fn moves_pair_up_by_number_and_a_black_start_has_an_empty_white_cell() {
        let plies = [
            line(1, 1, Color::White),
            line(2, 1, Color::Black),
            line(3, 2, Color::White),
        ];
        let rows = move_rows(&plies);
        assert_eq!(rows.len(), 2);
        assert!(rows[0].1.is_some() && rows[0].2.is_some());
        assert!(rows[1].2.is_none());
        let from_black = [line(1, 5, Color::Black), line(2, 6, Color::White)];
        let rows = move_rows(&from_black);
        assert!(rows[0].1.is_none() && rows[0].2.is_some());
    }
}
