//! Event commands: create, join, start (R1.1: every game starts at once;
//! `rounds=2` plays the Berger tables twice, colours swapped).

mod conditional;
pub(super) mod entry;
mod event_games;
pub(super) mod invite;
pub(crate) mod knockout;
pub(super) mod list;
mod manage;
pub(crate) mod opening;
pub(super) mod organizer;
pub(super) mod players;
pub(crate) mod sections;
mod setting_words;
mod setup;
pub(super) mod spectators;
pub(crate) mod standings;

use chrono::{DateTime, Utc};

use crate::app::actor::Actor;
use crate::app::authz::{self, Action, Relation};
use crate::app::command::EventCommand;
use crate::app::i18n::{Args, Lang, tr};
use crate::app::notice::Notice;
use crate::app::outgoing::Outgoing;
use crate::core::regulation::Regulation;
use crate::core::tournament::round_robin;
use crate::store::{
    Event, EventId, EventStatus, GameStatus, GameUpdate, NewEvent, NewGame, PlayerId, Role,
    StoreError, Tx,
};

use crate::app::failure::{Failure, Outcome, refuse};
use crate::app::notify::notify;
use crate::app::rules::Rules;
use crate::app::view::game::{clocks_without_leaves, regulation_of};
use setup::read_setup;

/// The start position.
const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Dispatches `/event …`.
pub(super) async fn handle(
    tx: &mut Tx,
    actor: &Actor,
    command: EventCommand,
    now: DateTime<Utc>,
) -> Outcome {
    match command {
        EventCommand::Create { name, settings } => create(tx, actor, &name, &settings, now).await,
        EventCommand::Join { event } => join(tx, actor, event, now).await,
        EventCommand::Start { event } => start(tx, actor, event, now).await,
        EventCommand::Final { event } => sections::start_early(tx, actor, event, now).await,
        EventCommand::Show { event } => list::show(tx, actor, event).await,
        EventCommand::Withdraw { event } => list::withdraw(tx, actor, event).await,
        EventCommand::Rename { event, name } => manage::rename(tx, actor, event, &name).await,
        EventCommand::Set { event, settings } => {
            manage::set(tx, actor, event, &settings, now).await
        }
        EventCommand::Close { event } => manage::close(tx, actor, event, now).await,
        EventCommand::Remove { event, player } => {
            manage::remove(tx, actor, event, &player, now).await
        }
        EventCommand::Readmit { event, player } => {
            manage::readmit(tx, actor, event, &player, now).await
        }
        EventCommand::Cancel { event } => manage::cancel(tx, actor, event, now).await,
        EventCommand::Games { event } => event_games::games(tx, actor, event, now).await,
        EventCommand::Invite { event, off } => {
            invite::invite(tx, actor, (event, off), None, now).await
        }
    }
}

/// The event `number`, locked for this transaction ([`Tx::lock_event`]),
/// or a refusal.
pub(super) async fn load_event(
    tx: &mut Tx,
    actor: &Actor,
    number: EventId,
) -> Result<Event, Failure> {
    tx.lock_event(number).await?;
    event_numbered(tx, actor, number).await
}

/// The event `number`, or the refusal naming an unknown one.
pub(super) async fn event_numbered(
    tx: &mut Tx,
    actor: &Actor,
    number: EventId,
) -> Result<Event, Failure> {
    match tx.event(number).await {
        Ok(event) => Ok(event),
        Err(StoreError::NotFound { .. }) => {
            let args = Args::new().with("event", number);
            Err(refuse(actor.lang(), "error-unknown-event", &args))
        }
        Err(other) => Err(other.into()),
    }
}

/// The running events `player` organizes or arbitrates (event-wide answers
/// for those who run an event without playing in it).
pub(super) async fn run_events(tx: &mut Tx, player: PlayerId) -> Result<Vec<EventId>, Failure> {
    let mut events = Vec::new();
    for grant in tx.roles_of(player).await? {
        let runs = matches!(grant.role, Role::Organizer | Role::Arbiter);
        if let Some(event) = grant.event_id.filter(|_| runs)
            && tx.event(event).await?.status == EventStatus::Running
            && !events.contains(&event)
        {
            events.push(event);
        }
    }
    Ok(events)
}

/// The actor's relations: administrator; organizer (of `event`, or with
/// the installation-wide grant when `event` is `None`); arbiter of `event`.
pub(crate) async fn relations(
    tx: &mut Tx,
    actor: &Actor,
    event: Option<EventId>,
) -> Result<Vec<Relation>, Failure> {
    let me = actor.player.id;
    let mut relations = vec![Relation::Outsider];
    if actor.is_admin {
        relations.push(Relation::Administrator);
    }
    if tx.holds_role(me, Role::Organizer, event).await? {
        relations.push(Relation::Organizer);
    }
    if let Some(event) = event
        && tx
            .holders_of(Role::Arbiter, Some(event))
            .await?
            .contains(&me)
    {
        relations.push(Relation::Arbiter);
    }
    Ok(relations)
}

fn deny(actor: &Actor) -> Failure {
    refuse(actor.lang(), "error-not-allowed", &Args::new())
}

/// `/event create NAME [settings]`: the creator becomes its organizer, and
/// its arbiter unless `arbiter=@name` names others. Its dates are kept in
/// the installation's zone ([`Actor::home_zone`], GMT by default) unless
/// `zone=` names another (R3.5.6).
async fn create(
    tx: &mut Tx,
    actor: &Actor,
    name: &str,
    settings: &[(String, String)],
    now: DateTime<Utc>,
) -> Outcome {
    if !authz::allows(Action::CreateEvent, &relations(tx, actor, None).await?) {
        return Err(deny(actor));
    }
    let setup = read_setup(tx, actor, settings).await?;
    let new = NewEvent {
        name: name.to_owned(),
        rule_set: setup.regulation.rule_set,
        regulation: setup.regulation.clone(),
        is_team: setup.team_boards.is_some(),
        at: now,
    };
    let event = tx.create_event(&new).await?;
    tx.set_event_status(event.id, EventStatus::Registration, now)
        .await?;
    tx.save_event_settings(event.id, &setup.settings).await?;
    if setup.rated.is_some() {
        tx.set_event_rated(event.id, setup.rated).await?;
    }
    tx.set_event_rating_formula(event.id, setup.rating.unwrap_or_default())
        .await?;
    if let Some(boards) = setup.team_boards {
        tx.set_team_boards(event.id, boards).await?;
    }
    tx.set_game_channel(event.id, setup.game_channel.as_ref())
        .await?;
    let me = actor.player.id;
    tx.grant_role(me, Role::Organizer, Some(event.id), now)
        .await?;
    let arbiters = if setup.arbiters.is_empty() {
        vec![me]
    } else {
        setup.arbiters.clone()
    };
    for arbiter in &arbiters {
        tx.grant_role(*arbiter, Role::Arbiter, Some(event.id), now)
            .await?;
    }
    setup::set_channel_language(tx, &setup).await?;
    for member in &setup.committee {
        tx.grant_role(*member, Role::AppealsCommittee, Some(event.id), now)
            .await?;
    }
    let mut args = Args::new()
        .with("event", event.id)
        .with("name", event.name.clone());
    let id = if arbiters == [me] {
        "reply-event-created"
    } else {
        args = args.with("arbiters", list::names(tx, &arbiters).await?);
        "reply-event-created-arbiters"
    };
    let id = match (setup.team_boards, id) {
        (Some(_), "reply-event-created") => "team-event-created-head",
        (Some(_), _) => "team-event-created-head-arbiters",
        (None, id) => id,
    };
    let mut replies = vec![Outgoing::text(tr(actor.lang(), id, &args))];
    if let Some(boards) = setup.team_boards {
        let args = Args::new().with("event", event.id).with("boards", boards);
        replies.push(Outgoing::text(tr(
            actor.lang(),
            "team-event-created",
            &args,
        )));
    }
    Ok(replies)
}

/// `/event join N`.
pub(super) async fn join(
    tx: &mut Tx,
    actor: &Actor,
    number: EventId,
    now: DateTime<Utc>,
) -> Outcome {
    let event = load_event(tx, actor, number).await?;
    let args = Args::new()
        .with("event", event.id)
        .with("name", event.name.clone());
    manage::refuse_if_over(actor, &event)?;
    if event.status != EventStatus::Registration {
        return Err(refuse(actor.lang(), "error-event-not-open", &args));
    }
    if event.is_team {
        return Err(refuse(actor.lang(), "error-team-event-join", &args));
    }
    if let Some(by) = tx.removed_by(event.id, actor.player.id).await? {
        let args = args.with("organizer", tx.player(by).await?.display_name);
        return Err(refuse(actor.lang(), "error-event-join-removed", &args));
    }
    let disqualified = crate::store::SanctionKind::Disqualification;
    if tx.has_sanction(actor.player.id, disqualified).await? {
        return Err(refuse(actor.lang(), "error-disqualified", &args));
    }
    let entrants = tx.active_players(event.id).await?;
    if entrants.contains(&actor.player.id) {
        return Err(refuse(actor.lang(), "error-already-joined", &args));
    }
    // The entry conditions (issue events-2), read under the event's lock
    // ([`load_event`]): two entries at once never pass `max-players`.
    let me = (actor.player.id, None);
    entry::admit(tx, actor.lang(), (&event, entrants.len()), me, now).await?;
    match tx.add_entry(event.id, actor.player.id, None, now).await {
        Ok(()) => {}
        Err(StoreError::Conflict(_)) => {
            return Err(refuse(actor.lang(), "error-already-joined", &args));
        }
        Err(other) => return Err(other.into()),
    }
    let mut replies = vec![Outgoing::text(tr(
        actor.lang(),
        "reply-event-joined",
        &args,
    ))];
    let rules = event.regulation.entry;
    if rules.start_when_full && rules.is_full(entrants.len() + 1) {
        // `start=full`: the last place taken starts the event, as
        // `/event start` would.
        let games = begin(tx, actor.lang(), &event, now).await?;
        tell_organizers(tx, &event, games, now).await?;
        let args = args.with("games", games);
        replies.push(Outgoing::text(tr(
            actor.lang(),
            "reply-event-started-full",
            &args,
        )));
    }
    Ok(replies)
}

/// Tells the event's organizers who do not play that `start=full` has
/// started it (the players are told by [`begin`]).
async fn tell_organizers(
    tx: &mut Tx,
    event: &Event,
    games: usize,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let players = tx.active_players(event.id).await?;
    let notice = Notice::EventStartedFull {
        event: event.id,
        name: event.name.clone(),
        games,
    };
    for organizer in list::event_role(tx, event.id, Role::Organizer).await? {
        if !players.contains(&organizer) {
            notify(tx, organizer, &notice, now).await?;
        }
    }
    Ok(())
}

/// `/event start N`: pairs a round robin and starts every game (R1.1).
async fn start(tx: &mut Tx, actor: &Actor, number: EventId, now: DateTime<Utc>) -> Outcome {
    let event = load_event(tx, actor, number).await?;
    if !authz::allows(
        Action::StartEvent,
        &relations(tx, actor, Some(event.id)).await?,
    ) {
        return Err(deny(actor));
    }
    let args = Args::new()
        .with("event", event.id)
        .with("name", event.name.clone());
    manage::refuse_if_over(actor, &event)?;
    if !event.status.before_start() {
        return Err(refuse(actor.lang(), "error-event-not-open", &args));
    }
    if event.is_team {
        return crate::app::service::teams::start::start(tx, actor, &event, now).await;
    }
    let games = begin(tx, actor.lang(), &event, now).await?;
    if games == 0 {
        return Err(refuse(actor.lang(), "error-too-few-players", &args));
    }
    let args = args.with("games", games);
    Ok(vec![Outgoing::text(tr(
        actor.lang(),
        "reply-event-started",
        &args,
    ))])
}

/// Pairs an individual event's round robin, starts every game (R1.1) and
/// tells each player; the number of games, none (and nothing changed)
/// with fewer than two players. An event played in sections (issue 40)
/// starts its sections, or is refused in `lang` saying why it cannot.
async fn begin(
    tx: &mut Tx,
    lang: Lang,
    event: &Event,
    now: DateTime<Utc>,
) -> Result<usize, Failure> {
    if let Some(format) = event.regulation.sections {
        return sections::begin(tx, lang, event, format, now).await;
    }
    if event.regulation.knockout.is_some() {
        return knockout::begin(tx, lang, event, now).await;
    }
    let players = tx.active_players(event.id).await?;
    let cycles = tx.event_settings(event.id).await?.cycles;
    let regulation = regulation_of(event);
    let counts = pair_and_start(tx, event, &regulation, (&players, cycles, None, 0), now).await?;
    let games = counts.iter().sum::<u32>() as usize / 2;
    if games == 0 {
        return Ok(0);
    }
    tx.set_event_status(event.id, EventStatus::Running, now)
        .await?;
    for (player, games) in players.iter().zip(counts) {
        tell_started(tx, event, (*player, games, None), now).await?;
    }
    Ok(games)
}

/// Pairs `players` in a round robin of `cycles` cycles by the Berger tables
/// and starts every game (R1.1), in `section` of an event played in
/// sections (issue 40), its rounds numbered after the `rounds_before`
/// already played (a final's after its sections'); the games each player
/// plays, by player.
pub(super) async fn pair_and_start(
    tx: &mut Tx,
    event: &Event,
    regulation: &Regulation,
    (players, cycles, section, rounds_before): (&[PlayerId], u32, Option<i64>, u32),
    now: DateTime<Utc>,
) -> Result<Vec<u32>, Failure> {
    let mut counts = vec![0u32; players.len()];
    for pairing in &round_robin(players.len(), cycles) {
        let (white, black) = (players[pairing.white], players[pairing.black]);
        let round = (rounds_before + pairing.round, None);
        let game = start_game_on(tx, event, regulation, round, (white, black), now).await?;
        if let Some(section) = section {
            tx.set_game_section(game, section).await?;
        }
        counts[pairing.white] += 1;
        counts[pairing.black] += 1;
    }
    Ok(counts)
}

/// Tells `player` that the event has started, with their `games` (and
/// their `section`, issue 40).
pub(super) async fn tell_started(
    tx: &mut Tx,
    event: &Event,
    (player, games, section): (PlayerId, u32, Option<i64>),
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let notice = Notice::EventStarted {
        event: event.name.clone(),
        event_id: Some(event.id),
        games,
        list: crate::app::service::games::my_turn::started_list(tx, event.id, player).await?,
        opening: regulation_of(event).opening,
        section,
    };
    notify(tx, player, &notice, now).await
}

/// Creates one game of a round (on a board of a team match) and starts its
/// clock (R1.1, R3.5); returns its id.
pub(super) async fn start_game_on(
    tx: &mut Tx,
    event: &Event,
    regulation: &Regulation,
    (round, board): (u32, Option<i64>),
    (white, black): (PlayerId, PlayerId),
    now: DateTime<Utc>,
) -> Result<crate::store::GameId, Failure> {
    // A thematic event's games start after its opening (issue 21).
    let (initial_fen, fen) = opening::start_fens(regulation, START_FEN);
    let new = NewGame {
        event_id: event.id,
        round: i64::from(round),
        board,
        white,
        black,
        initial_fen,
        fen,
        clock: Some(clocks_without_leaves(regulation, now, &[], now)),
    };
    let game = tx.create_game(&new).await?;
    let mut update = GameUpdate::from_game(&game);
    update.status = GameStatus::Running;
    update.started_at = Some(now);
    update.turn_since = Some(now);
    tx.update_game(game.id, game.version, &update).await?;
    let game = tx.game(game.id).await?;
    crate::app::notify::channel::game_started(tx, event, &game, now).await?;
    let rules = Rules::of(regulation);
    rules.set_deadlines(tx, &game, (&[], None), now).await?;
    Ok(game.id)
}
