//! `/event create` settings (`key=value`): the regulation, the round-robin
//! cycles, the arbiters and their channel, the appeals committee and its
//! channel (R2.1.6), and what an exclusion does to the remaining games
//! (R2.1.5).
//! `channel=PLATFORM:ID` names the chat where each game gets a public thread.

use crate::app::actor::{Actor, notation_from_code};
use crate::app::command::CommandWord;
use crate::app::i18n::{Args, Lang};
use crate::core::clock::control::ClockControl;
use crate::core::notation::Notation;
use crate::core::rating::Formula;
use crate::core::regulation::{Regulation, RegulationError, TimeControl};
use crate::core::team::MatchPoints;
use crate::store::{EventSettings, NoticeRecipient, Platform, PlayerId, Tx};

use crate::app::failure::{Failure, refuse};
use crate::app::service::events::{conditional, entry, knockout, opening, sections, spectators};

/// An event as set up by its creator.
pub(super) struct EventSetup {
    /// The regulation.
    pub regulation: Regulation,
    /// Cycles and channel.
    pub settings: EventSettings,
    /// The arbiters named with `arbiter=@name` (none: the creator).
    pub arbiters: Vec<PlayerId>,
    /// The appeals committee named with `committee=@name` (R2.1.6).
    pub committee: Vec<PlayerId>,
    /// A team event (`type=team`): the boards every team fields
    /// (`boards=N`, default 4); `None` for an individual event.
    pub team_boards: Option<i64>,
    /// The chat named with `channel=PLATFORM:ID`, where each game gets a
    /// public thread (moves, board, result).
    pub game_channel: Option<NoticeRecipient>,
    /// The language of the event's channels' notices (`channel-lang=`).
    pub channel_lang: Option<Lang>,
    /// Whether the games count for the club ratings (`rated=yes|no`);
    /// `None`: yes for an individual event, no for a team event.
    pub rated: Option<bool>,
    /// The rating formula (`rating=iccf|elo`, issue 40); `None`: unchanged
    /// (at creation ICCF's, [`Formula::default`]).
    pub rating: Option<Formula>,
}

/// Reads the settings, the dates kept in the installation's zone unless
/// `zone=` names another (R3.5.6); names and channels are looked up in
/// `tx`.
pub(super) async fn read_setup(
    tx: &mut Tx,
    actor: &Actor,
    settings: &[(String, String)],
) -> Result<EventSetup, Failure> {
    let mut setup = EventSetup {
        regulation: Regulation {
            zone: Some(actor.home_zone.name().to_owned()),
            ..Regulation::default()
        },
        settings: EventSettings::default(),
        arbiters: Vec::new(),
        committee: Vec::new(),
        team_boards: None,
        game_channel: None,
        channel_lang: None,
        rated: None,
        rating: None,
    };
    apply_settings(tx, actor, &mut setup, settings).await?;
    if let Some(value) = settings.iter().find(|(key, _)| key == "match-points")
        && setup.team_boards.is_none()
    {
        // Match points only mean something in a team event.
        let args = Args::new()
            .with("key", value.0.clone())
            .with("value", value.1.clone())
            .with("help", actor.help_word(CommandWord::Event));
        return Err(refuse(actor.lang(), "error-event-setting", &args));
    }
    Ok(setup)
}

/// Applies `settings` to `setup` (`/event create`, `/event set`), or
/// refuses the first that is unknown or not possible.
pub(super) async fn apply_settings(
    tx: &mut Tx,
    actor: &Actor,
    setup: &mut EventSetup,
    settings: &[(String, String)],
) -> Result<(), Failure> {
    for (key, value) in settings {
        let ok = match key.as_str() {
            "arbiter" => read_people(tx, actor, value, &mut setup.arbiters).await?,
            "committee" => read_people(tx, actor, value, &mut setup.committee).await?,
            "arbiter-channel" => {
                setup.settings.arbiter_channel = read_channel(tx, actor, value).await?;
                setup.settings.arbiter_channel.is_some()
            }
            "channel-lang" => {
                setup.channel_lang = Lang::from_code(value);
                setup.channel_lang.is_some()
            }
            "appeals-channel" => {
                setup.settings.appeals_channel = read_channel(tx, actor, value).await?;
                setup.settings.appeals_channel.is_some()
            }
            "type" | "boards" => apply_team(setup, key, value),
            "rated" => {
                setup.rated = yes_or_no(value);
                setup.rated.is_some()
            }
            // `rating=iccf|elo` is the formula; `rating=MIN-MAX` the entry
            // band (`entry::apply`).
            "rating" if Formula::parse(value).is_some() => {
                setup.rating = Formula::parse(value);
                true
            }
            "channel" => {
                setup.game_channel = read_channel(tx, actor, value).await?;
                setup.game_channel.is_some()
            }
            opening::KEY => {
                let regulation = &mut setup.regulation;
                opening::apply(actor.lang(), actor.notation(), regulation, value)?;
                true
            }
            key if conditional::KEYS.contains(&key) => {
                conditional::apply(actor.lang(), &mut setup.regulation, (key, value))?
            }
            key if knockout::KEYS.contains(&key) => {
                knockout::apply(actor.lang(), &mut setup.regulation, (key, value))?
            }
            _ => apply_rule(setup, key, value),
        };
        let valid = setup
            .regulation
            .validate()
            .or_else(conditional::until_the_end);
        if key == "control" && (!ok || valid.is_err()) {
            return Err(control_refusal(actor.lang(), &setup.regulation, ok, value));
        }
        if valid == Err(RegulationError::ClockNeedsServer) {
            // `rules=postal` after a Fischer or per-move clock.
            return Err(control_refusal(actor.lang(), &setup.regulation, ok, value));
        }
        if !ok || valid.is_err() {
            let args = Args::new()
                .with("key", key.clone())
                .with("value", value.clone())
                .with("help", actor.help_word(CommandWord::Event));
            return Err(refuse(actor.lang(), "error-event-setting", &args));
        }
    }
    let team = setup.team_boards.is_some();
    sections::check(actor.lang(), &setup.regulation, team)?;
    knockout::check(actor.lang(), &setup.regulation, team, settings)?;
    entry::check_complete(actor.lang(), &setup.regulation)?;
    conditional::check_own(actor.lang(), &setup.regulation)?;
    opening::check_rules(actor.lang(), &setup.regulation)
}

/// Sets the language of the event's channels' chats (`channel-lang=`).
pub(super) async fn set_channel_language(tx: &mut Tx, setup: &EventSetup) -> Result<(), Failure> {
    let Some(lang) = setup.channel_lang else {
        return Ok(());
    };
    let channels = [
        &setup.settings.arbiter_channel,
        &setup.settings.appeals_channel,
        &setup.game_channel,
    ];
    for channel in channels.into_iter().flatten() {
        if let NoticeRecipient::Chat { platform, chat_id } = channel {
            tx.set_chat_language(*platform, chat_id, lang.code())
                .await?;
        }
    }
    Ok(())
}

/// Adds the players named in `value` (`@a,@b`) to `people`; `false` if none.
async fn read_people(
    tx: &mut Tx,
    actor: &Actor,
    value: &str,
    people: &mut Vec<PlayerId>,
) -> Result<bool, Failure> {
    for name in value.split(',').filter(|n| !n.is_empty()) {
        let person =
            crate::app::service::events::organizer::staff_named(tx, actor.lang(), name).await?;
        if !people.contains(&person) {
            people.push(person);
        }
    }
    Ok(!value.is_empty())
}

/// `yes`/`no` (`так`/`ні`, `true`/`false`).
fn yes_or_no(value: &str) -> Option<bool> {
    match value.to_lowercase().as_str() {
        "yes" | "так" | "true" | "on" => Some(true),
        "no" | "ні" | "false" | "off" => Some(false),
        _ => None,
    }
}

/// `type=team` (or `individual`) and `boards=N` (1 to 20, team events).
fn apply_team(setup: &mut EventSetup, key: &str, value: &str) -> bool {
    match (key, value) {
        ("type", "team") => {
            let boards = setup
                .team_boards
                .unwrap_or(crate::app::service::teams::DEFAULT_BOARDS);
            setup.team_boards = Some(boards);
            true
        }
        ("type", "individual") => {
            setup.team_boards = None;
            true
        }
        ("boards", count) => match count.parse::<i64>() {
            Ok(boards @ 1..=20) => {
                setup.team_boards = Some(boards);
                true
            }
            _ => false,
        },
        _ => false,
    }
}

/// Applies a setting of the rules; `false` if the key or value is unknown.
fn apply_rule(setup: &mut EventSetup, key: &str, value: &str) -> bool {
    match key {
        "rules" => crate::app::service::postal::apply_rules(&mut setup.regulation, value),
        "rounds" => match value {
            "1" | "2" => {
                setup.settings.cycles = if value == "2" { 2 } else { 1 };
                true
            }
            _ => false,
        },
        "control" => apply_control(&mut setup.regulation, value),
        "exclusion" => match value {
            "losses" | "annulled" => {
                setup.settings.annul_on_exclusion = value == "annulled";
                true
            }
            _ => false,
        },
        // R3.6.1, R2.7.1: the yearly leave allowance (reg), 0 to 366 days
        // (`validate` refuses more).
        "leave" => value
            .parse()
            .map(|days| setup.regulation.leave_days_per_year = days)
            .is_ok(),
        // R3.5.6: the zone of every rule date (an IANA name; `validate`
        // refuses an unknown one).
        "zone" => {
            setup.regulation.zone = Some(value.to_owned());
            true
        }
        // R2.2.1: cards by registered mail (`yes`/`так` or `no`/`ні`).
        "registered-mail" => match value {
            "yes" | "так" => {
                setup.regulation.registered_mail_required = true;
                true
            }
            "no" | "ні" => {
                setup.regulation.registered_mail_required = false;
                true
            }
            _ => false,
        },
        "notations" => read_notations(value)
            .map(|n| setup.regulation.notations = n)
            .is_some(),
        // Team events' match points for a match won, drawn and lost.
        "match-points" => read_match_points(value)
            .map(|points| setup.regulation.match_points = Some(points))
            .is_some(),
        // Who may enter, and the draw-offer limit (issue events-2); the
        // delay of the moves spectators see (issue web-2).
        _ => entry::apply(&mut setup.regulation, key, value)
            .or_else(|| spectators::apply(&mut setup.regulation, key, value))
            .or_else(|| sections::apply(&mut setup.regulation, key, value))
            .unwrap_or(false),
    }
}

/// `control=`: `D/M` (the federation's control with D days per M moves,
/// R3.5.1), or a clock the regulation may choose (`server`,
/// `fischer:B+I/CAP`, `days:N`; issue events-2). `D/M` and `server` keep the
/// federation's clock.
fn apply_control(regulation: &mut Regulation, value: &str) -> bool {
    if let Some(control) = read_control(value) {
        regulation.control = control;
        regulation.clock = ClockControl::Federation;
        return true;
    }
    ClockControl::parse(value)
        .map(|clock| regulation.clock = clock)
        .is_some()
}

/// The refusal of a `control=` that does not read (with the accepted
/// forms), or of a Fischer or per-move clock in a postal event.
fn control_refusal(lang: Lang, regulation: &Regulation, read: bool, value: &str) -> Failure {
    if read && regulation.validate() == Err(RegulationError::ClockNeedsServer) {
        return refuse(lang, "error-event-control-postal", &Args::new());
    }
    refuse(
        lang,
        "error-event-control",
        &Args::new().with("value", value.to_owned()),
    )
}

fn read_control(value: &str) -> Option<TimeControl> {
    let (days, moves) = value.split_once('/')?;
    Some(TimeControl {
        days: days.parse().ok()?,
        moves: moves.parse().ok()?,
    })
}

/// `W/D/L` match points (`2/1/0`, `3/1/0`): a win worth more than a draw,
/// a draw at least a loss, at most 10 points.
pub(crate) fn read_match_points(value: &str) -> Option<MatchPoints> {
    let mut parts = value.split('/').map(|part| part.trim().parse::<u32>().ok());
    let (Some(Some(win)), Some(Some(draw)), Some(Some(loss)), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return None;
    };
    (win > draw && draw >= loss && win <= 10).then_some(MatchPoints { win, draw, loss })
}

fn read_notations(value: &str) -> Option<Vec<Notation>> {
    value.split(',').map(notation_from_code).collect()
}

/// `PLATFORM:ID` (`telegram:-100123`), or a bare `ID` on the platform of
/// the creator's first account.
async fn read_channel(
    tx: &mut Tx,
    actor: &Actor,
    value: &str,
) -> Result<Option<NoticeRecipient>, Failure> {
    let (platform, chat_id) = match value.split_once(':') {
        Some((platform, id)) => (Platform::parse(&platform.to_lowercase()), id),
        None => {
            let accounts = tx.accounts_of(actor.player.id).await?;
            (accounts.first().map(|a| a.platform), value)
        }
    };
    let valid = !chat_id.is_empty() && !chat_id.contains(char::is_whitespace);
    Ok(platform
        .filter(|_| valid)
        .map(|platform| NoticeRecipient::Chat {
            platform,
            chat_id: chat_id.to_owned(),
        }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn match_points_read_win_draw_loss() {
        let points = |win, draw, loss| Some(MatchPoints { win, draw, loss });
        assert_eq!(read_match_points("2/1/0"), points(2, 1, 0));
        assert_eq!(read_match_points("3/1/0"), points(3, 1, 0));
        assert_eq!(read_match_points("1/1/0"), None, "a win beats a draw");
        assert_eq!(read_match_points("2/0/1"), None, "a draw at least a loss");
        assert_eq!(read_match_points("2/1"), None);
        assert_eq!(read_match_points("2/1/0/0"), None);
        assert_eq!(read_match_points("two/1/0"), None);
        assert_eq!(read_match_points("11/1/0"), None);
    }
}
