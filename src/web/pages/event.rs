//! An event's page: the regulation in words, the crosstable with standings
//! and tie-breaks, every game with its state, the PGN download.

use std::collections::HashMap;

use maud::{Markup, html};
use shakmaty::Color;

use crate::app::i18n::{Args, Lang, days_text, tr, tr0};
use crate::app::view::event_status::status_word;
use crate::app::view::standings::{Table, place_text, points_text, quarters_text};
use crate::app::view::team_standings::TeamTable;
use crate::core::game::Score;
use crate::core::tournament::FINAL;
use crate::render::GameMark;
use crate::store::{Event, EventStatus, GameId, GameRecord, GameStatus, PlayerId};
use crate::web::data::{EventView, GameLine};

use super::{Frame, event_dates, layout, pending_short, tr1};

/// A crosstable cell's sign for one game.
fn mark_text(mark: GameMark) -> &'static str {
    match mark {
        GameMark::Pending => "·",
        GameMark::Win => "1",
        GameMark::Draw => "½",
        GameMark::Loss => "0",
        GameMark::ForfeitWin => "+",
        GameMark::ForfeitLoss => "−",
    }
}

/// The event page.
pub(crate) fn event_page(lang: Lang, view: &EventView) -> Markup {
    let event = &view.event;
    let title = tr(
        lang,
        "web-event-title",
        &Args::new()
            .with("event", event.id)
            .with("name", event.name.clone()),
    );
    let path = format!("/event/{}", event.id);
    let frame = Frame {
        lang,
        title: &title,
        path: &path,
        live: Some(format!("{path}/live")),
        og: None,
    };
    let status = tr0(lang, status_word(event.status));
    let body = html! {
        h1 { (title) }
        p.status { (tr(lang, "web-event-status", &Args::new().with("status", status))) }
        @if let Some(dates) = event_dates(lang, event) { p.dates #dates { (dates) } }
        @if !view.arbiters.is_empty() {
            p.arbiters #arbiters {
                (tr(lang, "web-event-arbiters", &Args::new().with("count", view.arbiters.len()))) " "
                @for (n, arbiter) in view.arbiters.iter().enumerate() {
                    @if n > 0 { ", " }
                    @if view.players.iter().any(|p| p.id == arbiter.id) {
                        a href={ "/player/" (arbiter.id) } { (arbiter.name) }
                    } @else {
                        (arbiter.name)
                    }
                }
            }
        }
        @if !view.games.is_empty() {
            p.finished #finished {
                (tr(lang, "web-event-finished", &Args::new().with("finished", view.finished()).with("total", view.games.len())))
            }
        }
        (regulation(lang, view))
        @if event.status == EventStatus::Cancelled {
            p.cancelled { (tr0(lang, "web-event-cancelled")) }
        } @else if let Some(table) = &view.table {
            (crosstable(lang, view, table))
        } @else if !view.stages.is_empty() {
            @for table in &view.stages {
                (crosstable(lang, view, table))
            }
        } @else if let Some(table) = &view.team_table {
            (team_standings(lang, table))
        } @else if let Some(table) = &view.knockout {
            (super::bracket::bracket(lang, table))
        } @else {
            section {
                h2 { (tr0(lang, "web-players-heading")) }
                ol.players {
                    @for player in &view.players {
                        li { a href={ "/player/" (player.id) } { (player.name) } }
                    }
                }
            }
        }
        (games(lang, event, &view.games))
        @if !view.games.is_empty() {
            p { a.download href={ (path) "/pgn" } download { (tr0(lang, "web-pgn-event")) } }
        }
    };
    layout(&frame, body)
}

fn regulation(lang: Lang, view: &EventView) -> Markup {
    use crate::app::view::control::{control_text, reminders_left_text};
    let regulation = &view.regulation;
    let rules = regulation.rule_set.name_key();
    let rounds = crate::app::service::events::knockout::rounds_key(regulation, view.cycles);
    let control = Args::new()
        .with("days", days_text(lang, i64::from(regulation.control.days)))
        .with("moves", regulation.control.moves)
        .with(
            "doubling",
            days_text(lang, i64::from(regulation.doubling_threshold_days)),
        );
    let leave = days_text(lang, i64::from(regulation.leave_days_per_year));
    // R3.5.6: the zone of the event's dates is part of its regulation.
    let zone = crate::app::zone::zone_label(lang, regulation.date_zone());
    let reminders: Vec<String> = regulation
        .reminder_days
        .iter()
        .map(ToString::to_string)
        .collect();
    html! {
        section.regulation {
            h2 { (tr0(lang, "web-regulation-heading")) }
            p #rules { (tr0(lang, rules)) "; " (tr0(lang, rounds)) "." }
            @if let Some(line) = crate::app::service::events::sections::format_line(lang, regulation) {
                p #sections { (line) }
            }
            @if let Some(line) = crate::app::service::events::knockout::format_line(lang, regulation) {
                p #knockout { (line) }
            }
            @if regulation.clock.is_federation() {
                p { (tr(lang, "web-regulation-control", &control)) }
            } @else {
                p.clock { (tr(lang, "web-regulation-clock", &Args::new().with("control", control_text(lang, regulation)))) }
            }
            p { (tr(lang, "web-regulation-leave", &Args::new().with("leave", leave))) }
            p.zone { (tr(lang, "web-regulation-zone", &Args::new().with("zone", zone))) }
            @if let Some(line) = reminders_left_text(lang, regulation) {
                p { (line) }
            } @else if !reminders.is_empty() {
                p { (tr(lang, "web-regulation-reminders", &Args::new().with("reminders", reminders.join(", ")))) }
            }
        }
    }
}

/// The games of each pair of players in the order the crosstable lists
/// their marks (by round, board and number; annulled games have no mark).
fn games_by_pair(view: &EventView) -> HashMap<(PlayerId, PlayerId), Vec<GameId>> {
    let mut pairs: HashMap<(PlayerId, PlayerId), Vec<GameId>> = HashMap::new();
    for line in &view.games {
        let game = &line.game;
        if game.status == GameStatus::Finished && game.result.and_then(Score::game_score).is_none()
        {
            continue;
        }
        for key in [(game.white, game.black), (game.black, game.white)] {
            pairs.entry(key).or_default().push(game.id);
        }
    }
    pairs
}

fn crosstable(lang: Lang, view: &EventView, table: &Table) -> Markup {
    let order: Vec<usize> = table.lines.iter().map(|line| line.seed).collect();
    let pairs = games_by_pair(view);
    let games_of = |a: usize, b: usize| -> &[GameId] {
        match (table.players.get(a), table.players.get(b)) {
            (Some(a), Some(b)) => pairs.get(&(*a, *b)).map_or(&[], Vec::as_slice),
            _ => &[],
        }
    };
    // An event played in sections: one table a stage (issue 40).
    let heading = table
        .stage_title(lang)
        .unwrap_or_else(|| tr0(lang, "web-standings-heading"));
    let id = match table.stage {
        None => "crosstable".to_owned(),
        Some(FINAL) => "crosstable-final".to_owned(),
        Some(section) => format!("crosstable-section-{section}"),
    };
    html! {
        section {
            h2 { (heading) }
            div.scroll {
                table.crosstable id=(id) {
                    thead { tr {
                        th { (tr0(lang, "web-col-place")) }
                        th { (tr0(lang, "web-col-player")) }
                        @for (n, _) in order.iter().enumerate() { th.num { (n + 1) } }
                        th { (tr0(lang, "web-col-points")) }
                        th { (tr0(lang, "web-col-wins")) }
                        th { (tr0(lang, "web-col-sb")) }
                        th { (tr0(lang, "web-col-left")) }
                    } }
                    tbody {
                        @for (row, line) in table.lines.iter().enumerate() {
                            tr {
                                td.num { (place_text(line.place)) }
                                td.name {
                                    @if let Some(player) = view.players.iter().find(|p| table.players.get(line.seed) == Some(&p.id)) {
                                        a href={ "/player/" (player.id) } { (player.name) }
                                    }
                                }
                                @for (column, other) in order.iter().enumerate() {
                                    @if column == row {
                                        td.self { "×" }
                                    } @else {
                                        td.mark {
                                            @let ids = games_of(line.seed, *other);
                                            @for (n, game) in table.marks[line.seed][*other].iter().enumerate() {
                                                @if let Some(id) = ids.get(n) {
                                                    a.cell.latest[game.latest] href={ "/game/" (id) }
                                                        title=(tr1(lang, "web-game-title", "game", id)) { (mark_text(game.mark)) }
                                                } @else {
                                                    span class=[game.latest.then_some("latest")] { (mark_text(game.mark)) }
                                                }
                                            }
                                        }
                                    }
                                }
                                td.num.points { (points_text(line.halves)) }
                                td.num { (line.wins) }
                                td.num { (quarters_text(line.sonneborn_berger_quarters)) }
                                td.num { (line.games_left) }
                            }
                        }
                    }
                }
            }
            p.scroll-hint { (tr0(lang, "web-scroll-hint")) }
            p.note { (tr0(lang, "web-standings-note")) }
        }
    }
}

/// A team event's standings: teams × teams with each match's board points
/// from the row team's side, then match points and board points.
fn team_standings(lang: Lang, table: &TeamTable) -> Markup {
    let order: Vec<usize> = table.lines.iter().map(|line| line.seed).collect();
    let note = Args::new()
        .with("win", table.points.win)
        .with("draw", table.points.draw)
        .with("loss", table.points.loss);
    html! {
        section {
            h2 { (tr0(lang, "web-standings-heading")) }
            div.scroll {
                table.crosstable #team-standings {
                    thead { tr {
                        th { (tr0(lang, "web-col-place")) }
                        th { (tr0(lang, "web-col-team")) }
                        @for (n, _) in order.iter().enumerate() { th.num { (n + 1) } }
                        th { (tr0(lang, "web-col-match-points")) }
                        th { (tr0(lang, "web-col-board-points")) }
                    } }
                    tbody {
                        @for (row, line) in table.lines.iter().enumerate() {
                            tr {
                                td.num { (place_text(line.place)) }
                                td.name { (table.teams[line.seed].name) }
                                @for (column, other) in order.iter().enumerate() {
                                    @if column == row {
                                        td.self { "×" }
                                    } @else {
                                        td.mark {
                                            @for cell in table.cells(line.seed, *other) {
                                                span { (points_text(cell.own_halves)) }
                                            }
                                        }
                                    }
                                }
                                td.num.points { (line.match_points) }
                                td.num { (points_text(line.board_halves)) }
                            }
                        }
                    }
                }
            }
            p.scroll-hint { (tr0(lang, "web-scroll-hint")) }
            p.note { (tr(lang, "team-standings-footer", &note)) }
        }
    }
}

/// A game's state or result in words.
pub(crate) fn game_state(lang: Lang, game: &GameRecord) -> String {
    match (game.status, game.result_text()) {
        (GameStatus::Finished, Some(result)) => {
            let reason = game
                .result_reason
                .as_deref()
                .map(|id| tr0(lang, id))
                .unwrap_or_default();
            if reason.is_empty() {
                result.to_owned()
            } else {
                let args = Args::new().with("result", result).with("reason", reason);
                tr(lang, "web-game-result", &args)
            }
        }
        (GameStatus::Pending, _) => tr0(lang, "web-game-pending"),
        (GameStatus::Suspended, _) => tr0(lang, "web-game-suspended"),
        _ => match crate::app::view::game::side_to_move(game) {
            Color::White => tr0(lang, "web-game-white-to-move"),
            Color::Black => tr0(lang, "web-game-black-to-move"),
        },
    }
}

fn games(lang: Lang, event: &Event, games: &[GameLine]) -> Markup {
    html! {
        section {
            h2 { (tr0(lang, "web-games-heading")) }
            @if games.is_empty() {
                p { (tr0(lang, "web-games-none")) }
            } @else {
                div.scroll {
                    table.games #games {
                        thead { tr {
                            th { "#" }
                            th { (tr0(lang, "web-col-round")) }
                            th { (tr0(lang, "web-col-white")) }
                            th { (tr0(lang, "web-col-black")) }
                            th { (tr0(lang, "web-col-result")) }
                        } }
                        tbody {
                            @for line in games {
                                tr {
                                    td { a href={ "/game/" (line.game.id) } { (line.game.id) } }
                                    td.num { (line.game.round) }
                                    td { a href={ "/player/" (line.white.id) } { (line.white.name) } }
                                    td { a href={ "/player/" (line.black.id) } { (line.black.name) } }
                                    td {
                                        a href={ "/game/" (line.game.id) } { (game_state(lang, &line.game)) }
                                        @if let Some(pending) = &line.pending {
                                            br; span.due { (pending_short(lang, pending, event)) }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                p.scroll-hint { (tr0(lang, "web-scroll-hint")) }
            }
        }
    }
}
