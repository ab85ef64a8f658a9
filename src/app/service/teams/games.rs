//! `/team games [TEAM]`: a captain's view of the team's games at a glance:
//! every board's game, whose move it is, the time left and how long the
//! side to move has been silent (R3.1.3, R3.3.2).

use chrono::{DateTime, Utc};
use shakmaty::Color;

use crate::app::actor::Actor;
use crate::app::authz::Action;
use crate::app::i18n::{Args, days_text, tr, tr0};
use crate::app::outgoing::Outgoing;
use crate::app::rules::Rules;
use crate::core::game::Score;
use crate::store::TeamId;
use crate::store::{EventStatus, GameRecord, GameStatus, TeamMatchGame, TeamRecord, Tx};

use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::service::teams::{load_team, name_of, require};
use crate::app::view::game::{days_left, player_of, side_to_move};

/// `/team games [TEAM]`: the given team, or the one running team the actor leads.
pub(super) async fn games(
    tx: &mut Tx,
    actor: &Actor,
    number: Option<TeamId>,
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    let team = match number {
        Some(number) => load_team(tx, actor, number).await?.0,
        None => led_team(tx, actor).await?,
    };
    require(tx, actor, Action::ViewTeamGames, team.event_id, Some(&team)).await?;
    let args = Args::new()
        .with("name", team.name.clone())
        .with("event", team.event_id);
    let mut lines = vec![tr(lang, "team-games-header", &args)];
    for board in tx.team_match_games(team.event_id).await? {
        if let Some(ours) = our_colour(&team, &board) {
            let game = tx.game(board.game_id).await?;
            lines.push(game_line(tx, actor, (&board, &game), ours, now).await?);
        }
    }
    if lines.len() == 1 {
        lines.push(tr0(lang, "team-games-none"));
    }
    Ok(vec![Outgoing::text(lines.join("\n"))])
}

/// The one team in a started event that the actor captains or deputises
/// for (a running event's team before a finished one's).
async fn led_team(tx: &mut Tx, actor: &Actor) -> Result<TeamRecord, Failure> {
    let (mut running, mut finished) = (Vec::new(), Vec::new());
    for team in tx.teams_led_by(actor.player.id).await? {
        match tx.event(team.event_id).await?.status {
            EventStatus::Running => running.push(team),
            status if status.before_start() || status == EventStatus::Cancelled => {}
            _ => finished.push(team),
        }
    }
    if running.is_empty() {
        running = finished;
    }
    match running.len() {
        1 => Ok(running.remove(0)),
        0 => Err(refuse(actor.lang(), "error-team-none-led", &Args::new())),
        _ => {
            let list: Vec<String> = running.iter().map(|t| format!("#{}", t.id.0)).collect();
            let args = Args::new().with("teams", list.join(", "));
            Err(refuse(actor.lang(), "error-team-which", &args))
        }
    }
}

/// The colour `team` plays on this board, if the board is the team's.
fn our_colour(team: &TeamRecord, board: &TeamMatchGame) -> Option<Color> {
    let first_colour = if board.first_has_white {
        Color::White
    } else {
        Color::Black
    };
    if board.first_team == team.id {
        Some(first_colour)
    } else if board.second_team == team.id {
        Some(first_colour.other())
    } else {
        None
    }
}

async fn game_line(
    tx: &mut Tx,
    actor: &Actor,
    (board, game): (&TeamMatchGame, &GameRecord),
    ours: Color,
    now: DateTime<Utc>,
) -> Result<String, Failure> {
    let lang = actor.lang();
    let colour = match ours {
        Color::White => "colour-white",
        Color::Black => "colour-black",
    };
    let args = Args::new()
        .with("game", game.id)
        .with("board", board.board)
        .with("player", name_of(tx, player_of(game, ours)).await?)
        .with("colour", tr0(lang, colour))
        .with(
            "opponent",
            name_of(tx, player_of(game, ours.other())).await?,
        );
    if game.status == GameStatus::Finished {
        let result = game.result.map_or("—", Score::as_score_str).to_owned();
        let args = args.with("result", result);
        return Ok(tr(lang, "team-games-finished", &args));
    }
    let mover = side_to_move(game);
    let clocks = Rules::game_clocks(tx, game, now).await?;
    let silent = game
        .turn_since
        .map_or(0, |since| (now - since).num_days().max(0));
    let args = args
        .with("mover", name_of(tx, player_of(game, mover)).await?)
        .with("left", days_text(lang, days_left(&clocks, mover)))
        .with("silent", days_text(lang, silent));
    Ok(tr(lang, "team-games-line", &args))
}
