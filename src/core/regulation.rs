//! An event's regulation («регламент»): the rule set and every number of
//! `RULES.md` marked *(reg)*, with the rules' defaults.
//!
//! A regulation is read from JSON/TOML (serde; every field has a default) and
//! must pass [`Regulation::validate`] before an event uses it.

use chrono_tz::Tz;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::core::clock::control::ClockControl;
use crate::core::entry::EntryRules;
use crate::core::notation::Notation;
use crate::core::opening::Opening;
use crate::core::team::MatchPoints;

/// The two rule sets of `RULES.md`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleSet {
    /// Section 3: moves through the bot, whole 24-hour days, doubling (default).
    #[default]
    Server,
    /// Section 2: the bot carries moves like the post; calendar dates.
    Postal,
}

impl RuleSet {
    /// The rule set's word (`server`, `postal`): as written in `rules=…`,
    /// serialized, and stored.
    pub fn as_str(self) -> &'static str {
        match self {
            RuleSet::Server => "server",
            RuleSet::Postal => "postal",
        }
    }

    /// The rule set named by `word`, if any.
    pub fn parse(word: &str) -> Option<Self> {
        match word {
            "server" => Some(RuleSet::Server),
            "postal" => Some(RuleSet::Postal),
            _ => None,
        }
    }

    /// The catalog id of the rule set's name as the event page shows it
    /// (R2, R3).
    pub fn name_key(self) -> &'static str {
        match self {
            RuleSet::Server => "web-rules-server",
            RuleSet::Postal => "web-rules-postal",
        }
    }

    /// Whether a leave counts in every game of this kind at once, one
    /// leave in all postal games (R2.7.1), rather than in its own event
    /// (R3.6.1).
    pub fn shares_leave(self) -> bool {
        match self {
            RuleSet::Server => false,
            RuleSet::Postal => true,
        }
    }

    /// Whether a player may claim the partner's time overstep (R2.6.2);
    /// under the server rules time runs out on the flag instead (R3.5.7).
    pub fn claims_oversteps(self) -> bool {
        match self {
            RuleSet::Server => false,
            RuleSet::Postal => true,
        }
    }

    /// Whether an event may start its games from a thematic opening
    /// (issue 21): the server clock counts only the players' moves (R3.5.1);
    /// the postal clock and cards count from White's first move (R2.4).
    pub fn allows_opening(self) -> bool {
        match self {
            RuleSet::Server => true,
            RuleSet::Postal => false,
        }
    }

    /// Whether a move's record is its postal dates and the days they cost
    /// (R2.4.4, R2.4.8) rather than the whole days the server charged
    /// (R3.5.2).
    pub fn records_dates(self) -> bool {
        match self {
            RuleSet::Server => false,
            RuleSet::Postal => true,
        }
    }
}

/// A time control: `days` for every `moves` moves, accumulating (R2.4.3,
/// R3.5.1, R3.5.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TimeControl {
    /// Days allowed per control period (50).
    pub days: u32,
    /// Moves per control period, counted per player (10).
    pub moves: u32,
}

impl Default for TimeControl {
    fn default() -> Self {
        Self {
            days: 50,
            moves: 10,
        }
    }
}

/// The silence notice window of R3.3.2: after `notice_after_days` without a
/// move the player must say he continues; after `case_after_days` the arbiter
/// may score a loss.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SilenceWindow {
    /// Days of silence after which the notice is due (35).
    pub notice_after_days: u32,
    /// Days of silence after which the arbiter is shown the case (40).
    pub case_after_days: u32,
}

impl Default for SilenceWindow {
    fn default() -> Self {
        Self {
            notice_after_days: 35,
            case_after_days: 40,
        }
    }
}

/// An event's regulation. Defaults are those of `RULES.md`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Regulation {
    /// Server (default) or postal rules.
    pub rule_set: RuleSet,
    /// Time control, 50 days per 10 moves (R2.4.3, R3.5.1).
    pub control: TimeControl,
    /// The clock the regulation chooses (R3.5: «якщо в регламенті не
    /// передбачений інший контроль часу»; issue events-2): the federation's
    /// control by default, a Fischer clock or days per move (server rules
    /// only). Written only when not the federation's, so regulations and
    /// events from before read as the federation's control.
    #[serde(skip_serializing_if = "ClockControl::is_federation")]
    pub clock: ClockControl,
    /// Days on one move after which every further day counts double; server
    /// only (R3.5.3), 20.
    pub doubling_threshold_days: u32,
    /// Days of silence after which the server reminds the player (R3.3.1):
    /// 14, 28, 35. Strictly increasing.
    pub reminder_days: Vec<u32>,
    /// The silence notice window (R3.3.2), 35 → 40.
    pub silence: SilenceWindow,
    /// Regular leave per calendar year (R2.7.1, R3.6.1), 45 days.
    pub leave_days_per_year: u32,
    /// The arbiter's extra leave per calendar year (R3.6.3, R2.7.7), 15 days.
    pub extra_leave_days_per_year: u32,
    /// Postal overstep norm in days per control period (R2.6.1). `None` (the
    /// default) means the control itself; an event may set the original 40.
    pub postal_overstep_norm_days: Option<u32>,
    /// The zone of dates as a fixed offset east of UTC in minutes, in whole
    /// hours (default 0 = UTC): the zone of regulations written before
    /// [`Regulation::zone`] existed. A named `zone` wins over it.
    pub utc_offset_minutes: i32,
    /// The event's named time zone (IANA, `Europe/Kyiv`): postal dates
    /// (R2.4.4), the calendar years and midnights of leave (R2.7.1, R3.6.1),
    /// appeal deadlines (R2.1.6), claim windows (R2.6.4) and the dates the
    /// server shows (R3.5.6), daylight saving included. `None` (the rules'
    /// default, R3.5.6): the fixed `utc_offset_minutes`, UTC unless set.
    /// `/event create` sets the installation's zone (`CORRBOT_ZONE`, UTC
    /// when unset) unless told otherwise (`zone=`).
    pub zone: Option<String>,
    /// Whether conditional variants are allowed (R2.3.7, R3.2.4). `None` (the
    /// default) means: allowed under postal rules, not under server rules.
    /// Under server rules `Some(true)` (`conditional=on`, issue 41) lets
    /// players set conditional moves (`/if`), and needs
    /// [`Regulation::own_regulation`].
    pub variants_allowed: Option<bool>,
    /// The event is played under its own regulation (`regulation=own`, a
    /// club's friendlies), not under the federation's rules: only such a
    /// server event may allow conditional moves, which the federation's
    /// server rules forbid (R3.2.4). Written only when set.
    #[serde(skip_serializing_if = "is_false")]
    pub own_regulation: bool,
    /// Notations players may use (R2.3.2). Ukrainian full algebraic must be
    /// among them.
    pub notations: Vec<Notation>,
    /// Every card of a game by post goes by registered mail (R2.2.1): a card
    /// without a registered-mail receipt draws R2.4.9's penalty days.
    pub registered_mail_required: bool,
    /// Team events: the match points for a match won, drawn and lost
    /// (`match-points=2/1/0` or `3/1/0`). `None`: 2/1/0. Written only when
    /// set, so regulations without it read as before.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub match_points: Option<MatchPoints>,
    /// A thematic event's start (`opening=`): every game starts from this
    /// position. `None`: the initial position. Written only when set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opening: Option<Opening>,
    /// Who may enter (issue events-2): the most players, a rating band,
    /// rated games, timeout discipline. Written only when set.
    #[serde(skip_serializing_if = "EntryRules::is_unset")]
    pub entry: EntryRules,
    /// At most one draw offer per this many moves of the offering player
    /// (`draw-offers=N`; ICCF: 10). `None`: no limit. Written only when set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draw_offer_moves: Option<u32>,
    /// How many of the last moves of a game in play the public does not see
    /// (`public-delay=N`, after ICCF's delayed public games): the public
    /// pages, their live stream, the PGN downloads and the game threads show
    /// each move only N moves later, and everything once the game ends.
    /// `None`: [`Regulation::DEFAULT_PUBLIC_DELAY_RATED`] for a rated event,
    /// none for a friendly one. Written only when set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub public_delay_moves: Option<u32>,
    /// Sections and a final (`sections=K`, `qualify=Q`; issue 40): the
    /// entrants play in K round-robin sections balanced by rating, the best
    /// Q of each in a final. `None`: one round robin. Written only when set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sections: Option<crate::core::tournament::Sections>,
    /// Knock-out matches (`format=knockout`, `games=N`, `tie=`; issue 40):
    /// the entrants meet in a bracket by seeding, the winner of each match
    /// going on. `None`: a round robin. Written only when set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub knockout: Option<crate::core::tournament::knockout::Knockout>,
}

impl Default for Regulation {
    fn default() -> Self {
        Self {
            rule_set: RuleSet::Server,
            control: TimeControl::default(),
            clock: ClockControl::Federation,
            doubling_threshold_days: 20,
            reminder_days: vec![14, 28, 35],
            silence: SilenceWindow::default(),
            leave_days_per_year: 45,
            extra_leave_days_per_year: 15,
            postal_overstep_norm_days: None,
            utc_offset_minutes: 0,
            zone: None,
            variants_allowed: None,
            own_regulation: false,
            notations: Notation::ALL.to_vec(),
            registered_mail_required: false,
            match_points: None,
            opening: None,
            entry: EntryRules::default(),
            draw_offer_moves: None,
            public_delay_moves: None,
            sections: None,
            knockout: None,
        }
    }
}

impl Regulation {
    /// The public delay of a rated event that sets none: three moves, so
    /// that a live page is no help to a player's friends.
    pub const DEFAULT_PUBLIC_DELAY_RATED: u32 = 3;

    /// The most moves `public-delay=N` may hold back.
    pub const MAX_PUBLIC_DELAY: u32 = 20;

    /// How many of the last moves of a game in play the public does not see:
    /// the event's `public-delay=N`, else three for a `rated` event and none
    /// for a friendly one.
    pub fn public_delay(&self, rated: bool) -> u32 {
        self.public_delay_moves.unwrap_or(if rated {
            Self::DEFAULT_PUBLIC_DELAY_RATED
        } else {
            0
        })
    }
}

/// How many of a game's `plies` the public sees: all once it has ended,
/// else all but the last `delay`.
pub fn public_plies(plies: usize, delay: u32, in_play: bool) -> usize {
    if in_play {
        plies.saturating_sub(delay as usize)
    } else {
        plies
    }
}

/// Why a regulation cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RegulationError {
    /// The control gives no days or counts no moves.
    #[error("the time control must give at least one day for at least one move")]
    EmptyControl,
    /// Reminder days are not strictly increasing, or one is zero.
    #[error("reminder days must be positive and strictly increasing")]
    RemindersNotIncreasing,
    /// The silence case comes before the notice is due, or the notice at 0.
    #[error("the silence case ({case} days) must come after the notice ({notice} days)")]
    SilenceWindowInverted {
        /// Days to the notice.
        notice: u32,
        /// Days to the case.
        case: u32,
    },
    /// A leave allowance longer than a year.
    #[error("a yearly leave allowance of {days} days is more than a year")]
    LeaveAllowanceTooLarge {
        /// The allowance given.
        days: u32,
    },
    /// The overstep norm is zero.
    #[error("the overstep norm must be at least one day")]
    ZeroOverstepNorm,
    /// The zone offset is not whole hours within ±14 hours.
    #[error("the UTC offset of {minutes} minutes is out of range")]
    OffsetOutOfRange {
        /// The offset given.
        minutes: i32,
    },
    /// The zone is not a known IANA time zone name.
    #[error("unknown time zone {name}")]
    UnknownZone {
        /// The name given.
        name: String,
    },
    /// A Fischer or per-move clock in a postal event, whose clock is the
    /// postal one (R2.4).
    #[error("a Fischer or per-move clock needs the server rules")]
    ClockNeedsServer,
    /// Ukrainian full algebraic notation is missing (R2.3.2).
    #[error("Ukrainian full algebraic notation must always be allowed")]
    UkrainianNotationMissing,
    /// Conditional moves in a server event under the federation's rules,
    /// which forbid them (R3.2.4): only an event under its own regulation
    /// may allow them.
    #[error("the federation's server rules forbid conditional moves (R3.2.4)")]
    ConditionalUnderFederation,
}

/// Whether `value` is `false` (serde's `skip_serializing_if`).
fn is_false(value: &bool) -> bool {
    !*value
}

impl Regulation {
    /// The default postal regulation.
    pub fn postal() -> Self {
        Self {
            rule_set: RuleSet::Postal,
            ..Self::default()
        }
    }

    /// Checks that the numbers make sense together.
    pub fn validate(&self) -> Result<(), RegulationError> {
        if self.control.days == 0 || self.control.moves == 0 {
            return Err(RegulationError::EmptyControl);
        }
        let increasing = self.reminder_days.windows(2).all(|w| w[0] < w[1]);
        if !increasing || self.reminder_days.first() == Some(&0) {
            return Err(RegulationError::RemindersNotIncreasing);
        }
        let SilenceWindow {
            notice_after_days: notice,
            case_after_days: case,
        } = self.silence;
        if notice == 0 || case <= notice {
            return Err(RegulationError::SilenceWindowInverted { notice, case });
        }
        for days in [self.leave_days_per_year, self.extra_leave_days_per_year] {
            if days > 366 {
                return Err(RegulationError::LeaveAllowanceTooLarge { days });
            }
        }
        if self.rule_set == RuleSet::Postal && !self.clock.is_federation() {
            return Err(RegulationError::ClockNeedsServer);
        }
        if self.postal_overstep_norm_days == Some(0) {
            return Err(RegulationError::ZeroOverstepNorm);
        }
        if let Some(name) = &self.zone
            && name.parse::<Tz>().is_err()
        {
            return Err(RegulationError::UnknownZone { name: name.clone() });
        }
        if fixed_zone(self.utc_offset_minutes).is_none() {
            return Err(RegulationError::OffsetOutOfRange {
                minutes: self.utc_offset_minutes,
            });
        }
        if !self.notations.contains(&Notation::UkrainianFull) {
            return Err(RegulationError::UkrainianNotationMissing);
        }
        if self.conditional_moves() && !self.own_regulation {
            return Err(RegulationError::ConditionalUnderFederation);
        }
        Ok(())
    }

    /// The zone of every rule date (R3.5.6, R2.4.4): the named `zone`, else
    /// the fixed offset; UTC for an invalid one (which
    /// [`Regulation::validate`] rejects).
    pub fn date_zone(&self) -> Tz {
        self.zone
            .as_deref()
            .and_then(|name| name.parse().ok())
            .or_else(|| fixed_zone(self.utc_offset_minutes))
            .unwrap_or(Tz::UTC)
    }

    /// Whether variants are allowed: the explicit setting, else postal only
    /// (R2.3.7, R3.2.4).
    pub fn variants_allowed(&self) -> bool {
        self.variants_allowed
            .unwrap_or(self.rule_set == RuleSet::Postal)
    }

    /// Whether players of a server event set conditional moves (`/if`,
    /// issue 41): the regulation allows variants explicitly (R3.2.4 is
    /// *(reg)*). Postal play keeps its variants in the move messages
    /// (R2.3.7) instead.
    pub fn conditional_moves(&self) -> bool {
        self.rule_set == RuleSet::Server && self.variants_allowed == Some(true)
    }

    /// The postal overstep norm per control period (R2.6.1): the regulation's
    /// norm, else the control's days.
    pub fn overstep_norm_days(&self) -> u32 {
        self.postal_overstep_norm_days.unwrap_or(self.control.days)
    }
}

/// A fixed offset in whole hours as an `Etc/GMT` zone (whose sign is
/// inverted: `Etc/GMT-3` is three hours east of UTC).
fn fixed_zone(minutes: i32) -> Option<Tz> {
    if minutes % 60 != 0 || !(-14 * 60..=14 * 60).contains(&minutes) {
        return None;
    }
    let hours = minutes / 60;
    let name = match hours {
        0 => return Some(Tz::UTC),
        h if h > 0 => format!("Etc/GMT-{h}"),
        h => format!("Etc/GMT+{}", -h),
    };
    name.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_rules_numbers() {
        let regulation = Regulation::default();
        assert_eq!(regulation.validate(), Ok(()));
        assert_eq!(
            regulation.control,
            TimeControl {
                days: 50,
                moves: 10
            }
        );
        assert_eq!(regulation.doubling_threshold_days, 20);
        assert_eq!(regulation.reminder_days, [14, 28, 35]);
        assert_eq!(
            regulation.silence,
            SilenceWindow {
                notice_after_days: 35,
                case_after_days: 40
            }
        );
        assert_eq!(
            (
                regulation.leave_days_per_year,
                regulation.extra_leave_days_per_year
            ),
            (45, 15)
        );
        assert_eq!(regulation.overstep_norm_days(), 50);
        assert!(!regulation.variants_allowed());
        assert!(Regulation::postal().variants_allowed());
        assert!(!regulation.conditional_moves() && !regulation.own_regulation);
    }

    #[test]
    fn r3_2_4_conditional_moves_need_an_own_regulation() {
        let federation = Regulation {
            variants_allowed: Some(true),
            ..Regulation::default()
        };
        assert!(federation.conditional_moves());
        assert_eq!(
            federation.validate(),
            Err(RegulationError::ConditionalUnderFederation)
        );
        let own = Regulation {
            own_regulation: true,
            ..federation
        };
        assert_eq!(own.validate(), Ok(()));
        // Postal play keeps its variants in the messages (R2.3.7).
        let postal = Regulation {
            variants_allowed: Some(true),
            ..Regulation::postal()
        };
        assert!(!postal.conditional_moves());
        assert_eq!(postal.validate(), Ok(()));
        // Written only when set: older regulations read and write as before.
        let text = serde_json::to_string(&Regulation::default()).unwrap();
        assert!(!text.contains("own_regulation"), "{text}");
        let text = serde_json::to_string(&own).unwrap();
        let back: Regulation = serde_json::from_str(&text).unwrap();
        assert_eq!(back, own);
    }

    #[test]
    fn missing_fields_take_defaults_and_unknown_fields_are_refused() {
        let json = r#"{"rule_set": "postal", "postal_overstep_norm_days": 40}"#;
        let regulation: Regulation = serde_json::from_str(json).unwrap();
        assert_eq!(regulation.rule_set, RuleSet::Postal);
        assert_eq!(regulation.overstep_norm_days(), 40);
        assert_eq!(regulation.control.days, 50);
        assert!(serde_json::from_str::<Regulation>(r#"{"contorl": 1}"#).is_err());
        let round: Regulation =
            serde_json::from_str(&serde_json::to_string(&regulation).unwrap()).unwrap();
        assert_eq!(round, regulation);
    }

    #[test]
    fn a_regulation_from_before_the_entry_rules_reads_and_writes_as_before() {
        // Issue events-2: stored events and dumps have no `entry` nor
        // `draw_offer_moves`; they read as no conditions and are written
        // back unchanged.
        let mut old = serde_json::to_value(Regulation::default()).unwrap();
        assert!(old.get("entry").is_none() && old.get("draw_offer_moves").is_none());
        old["leave_days_per_year"] = 30.into();
        let regulation: Regulation = serde_json::from_value(old.clone()).unwrap();
        assert!(regulation.entry.is_unset());
        assert_eq!(regulation.draw_offer_moves, None);
        assert_eq!(serde_json::to_value(&regulation).unwrap(), old);
        let strict = Regulation {
            draw_offer_moves: Some(10),
            entry: EntryRules {
                max_players: Some(8),
                ..EntryRules::default()
            },
            ..Regulation::default()
        };
        let text = serde_json::to_string(&strict).unwrap();
        assert!(text.contains(r#""entry":{"max_players":8}"#), "{text}");
        assert_eq!(serde_json::from_str::<Regulation>(&text).unwrap(), strict);
    }

    #[test]
    fn the_public_sees_all_but_the_delayed_moves_until_the_game_ends() {
        let friendly = Regulation::default();
        assert_eq!(friendly.public_delay(false), 0);
        assert_eq!(friendly.public_delay(true), 3);
        let set = Regulation {
            public_delay_moves: Some(2),
            ..Regulation::default()
        };
        assert_eq!(set.public_delay(false), 2);
        assert_eq!(set.public_delay(true), 2);
        assert_eq!(public_plies(5, 2, true), 3);
        assert_eq!(public_plies(1, 2, true), 0);
        assert_eq!(public_plies(5, 2, false), 5);
        let text = serde_json::to_string(&Regulation::default()).unwrap();
        assert!(!text.contains("public_delay"), "{text}");
    }

    #[test]
    fn validation_names_what_is_wrong() {
        let table = [
            (
                Regulation {
                    control: TimeControl { days: 0, moves: 10 },
                    ..Regulation::default()
                },
                RegulationError::EmptyControl,
            ),
            (
                Regulation {
                    reminder_days: vec![14, 14, 35],
                    ..Regulation::default()
                },
                RegulationError::RemindersNotIncreasing,
            ),
            (
                Regulation {
                    reminder_days: vec![0, 14],
                    ..Regulation::default()
                },
                RegulationError::RemindersNotIncreasing,
            ),
            (
                Regulation {
                    silence: SilenceWindow {
                        notice_after_days: 40,
                        case_after_days: 35,
                    },
                    ..Regulation::default()
                },
                RegulationError::SilenceWindowInverted {
                    notice: 40,
                    case: 35,
                },
            ),
            (
                Regulation {
                    leave_days_per_year: 400,
                    ..Regulation::default()
                },
                RegulationError::LeaveAllowanceTooLarge { days: 400 },
            ),
            (
                Regulation {
                    postal_overstep_norm_days: Some(0),
                    ..Regulation::postal()
                },
                RegulationError::ZeroOverstepNorm,
            ),
            (
                Regulation {
                    utc_offset_minutes: 24 * 60,
                    ..Regulation::default()
                },
                RegulationError::OffsetOutOfRange { minutes: 24 * 60 },
            ),
            (
                Regulation {
                    notations: vec![Notation::San],
                    ..Regulation::default()
                },
                RegulationError::UkrainianNotationMissing,
            ),
        ];
        for (regulation, error) in table {
            assert_eq!(regulation.validate(), Err(error));
        }
        let unknown = Regulation {
            zone: Some("Europe/Kiyv".to_owned()),
            ..Regulation::default()
        };
        assert!(matches!(
            unknown.validate(),
            Err(RegulationError::UnknownZone { .. })
        ));
    }

    #[test]
    fn zone_named_wins_over_the_fixed_offset() {
        use chrono::{Offset, TimeZone};
        let at = chrono::Utc.with_ymd_and_hms(2026, 7, 1, 12, 0, 0).unwrap();
        let offset = |r: &Regulation| {
            r.date_zone()
                .offset_from_utc_datetime(&at.naive_utc())
                .fix()
                .local_minus_utc()
        };
        let fixed = Regulation {
            utc_offset_minutes: 120,
            ..Regulation::default()
        };
        assert_eq!(offset(&fixed), 7200);
        let named = Regulation {
            zone: Some("Europe/Kyiv".to_owned()),
            ..fixed
        };
        assert_eq!(offset(&named), 3 * 3600, "Kyiv summer time");
        assert_eq!(offset(&Regulation::default()), 0);
    }
}
