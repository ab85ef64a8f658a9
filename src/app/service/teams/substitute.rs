//! `/team substitute TEAM BOARD @reserve`: the arbiter replaces a board's
//! player by a reserve (R3.1.3; `core::team::substitution`). The reserve
//! takes over the board's games not yet begun; the replaced player keeps
//! the games already under way or finished.

use chrono::{DateTime, Utc};

use crate::app::actor::Actor;
use crate::app::authz::Action;
use crate::app::command::Number;
use crate::app::i18n::Args;
use crate::app::notice::Notice;
use crate::app::outgoing::Outgoing;
use crate::core::team::{BoardGame, BoardGameStatus, PersonKey, SubstitutionError};
use crate::store::TeamId;
use crate::store::{GameRecord, GameStatus, PlayerId, TeamRecord, Tx};

use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::notify::notify;
use crate::app::service::keys::{game_id, game_key, person_key, player_id};
use crate::app::service::teams::roster::team_of;
use crate::app::service::teams::{load_team, name_of, named, require};

/// `/team substitute TEAM BOARD @reserve` (arbiters and administrators).
pub(super) async fn substitute(
    tx: &mut Tx,
    actor: &Actor,
    (number, board): (TeamId, Number),
    name: &str,
    now: DateTime<Utc>,
) -> Outcome {
    let (team, event) = load_team(tx, actor, number).await?;
    require(tx, actor, Action::SubstitutePlayer, event.id, Some(&team)).await?;
    let incoming = named(tx, actor, name).await?;
    crate::app::service::teams::setup::refuse_if_elsewhere(tx, actor, &team, incoming).await?;
    let Some(core_team) = team_of(tx, &team).await? else {
        let boards = tx.team_boards(event.id).await?.unwrap_or(0);
        let args = Args::new()
            .with("team", team.id)
            .with("name", team.name.clone())
            .with("boards", boards);
        return Err(refuse(actor.lang(), "error-team-not-ready", &args));
    };
    let board = u32::try_from(board).unwrap_or(u32::MAX);
    let outgoing = core_team
        .boards
        .get((board as usize).saturating_sub(1))
        .map(|p| player_id(*p));
    let (board_games, playing) = match outgoing {
        Some(outgoing) => event_games(tx, &team, outgoing).await?,
        None => (Vec::new(), Vec::new()),
    };
    let ruled = crate::core::team::substitute(
        &core_team,
        board,
        person_key(incoming),
        &board_games,
        &playing,
    );
    let done = match ruled {
        Ok(done) => done,
        Err(error) => return Err(refusal(tx, actor, error, board).await?),
    };
    tx.clear_team_lineup(team.id).await?;
    for (index, player) in done.team.boards.iter().enumerate() {
        tx.set_team_line(team.id, player_id(*player), index as i64 + 1, false)
            .await?;
    }
    for (index, player) in done.team.reserves.iter().enumerate() {
        tx.set_team_line(team.id, player_id(*player), index as i64 + 1, true)
            .await?;
    }
    let outgoing = player_id(done.outgoing);
    for game in &done.reassigned {
        let id = game_id(*game);
        tx.reassign_game(id, outgoing, incoming).await?;
    }
    let notice = Notice::Substituted {
        team: team.name.clone(),
        board,
        outgoing: name_of(tx, outgoing).await?,
        incoming: name_of(tx, incoming).await?,
        games: done.reassigned.len() as u32,
    };
    let mut told: Vec<PlayerId> = vec![outgoing, incoming];
    told.extend(team.captain_id);
    told.extend(tx.deputy_of(team.id).await?);
    told.dedup();
    for player in told.iter().filter(|p| **p != actor.player.id) {
        notify(tx, *player, &notice, now).await?;
    }
    let lang = actor.lang();
    Ok(vec![Outgoing::text(notice.text(lang, actor.notation()))])
}

/// The outgoing player's board games in the event, and who is playing.
async fn event_games(
    tx: &mut Tx,
    team: &TeamRecord,
    outgoing: PlayerId,
) -> Result<(Vec<BoardGame>, Vec<PersonKey>), Failure> {
    let mut board_games = Vec::new();
    let mut playing = Vec::new();
    for record in tx.team_match_games(team.event_id).await? {
        let game = tx.game(record.game_id).await?;
        if game.status == GameStatus::Running && game.ply > 0 {
            playing.extend([person_key(game.white), person_key(game.black)]);
        }
        if game.white == outgoing || game.black == outgoing {
            board_games.push(BoardGame {
                game: game_key(game.id),
                status: status_of(&game),
            });
        }
    }
    Ok((board_games, playing))
}

fn status_of(game: &GameRecord) -> BoardGameStatus {
    match game.status {
        GameStatus::Finished => BoardGameStatus::Finished,
        _ if game.ply == 0 => BoardGameStatus::NotStarted,
        _ => BoardGameStatus::Started,
    }
}

/// The refusal of a substitution the core does not allow.
async fn refusal(
    tx: &mut Tx,
    actor: &Actor,
    error: SubstitutionError,
    board: u32,
) -> Result<Failure, Failure> {
    let lang = actor.lang();
    Ok(match error {
        SubstitutionError::NoSuchBoard { boards, .. } => {
            let args = Args::new().with("board", board).with("boards", boards);
            refuse(lang, "error-team-no-board", &args)
        }
        SubstitutionError::NotInTeam { player } => {
            let args = Args::new().with("player", name_of(tx, player_id(player)).await?);
            refuse(lang, "error-team-not-reserve", &args)
        }
        SubstitutionError::AlreadyPlaying { player } => {
            let args = Args::new().with("player", name_of(tx, player_id(player)).await?);
            refuse(lang, "error-team-already-playing", &args)
        }
    })
}
