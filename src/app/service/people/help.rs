//! `/help`: the commands the reader may use, grouped (playing, events,
//! leave, cases, arbiter, captains, administration), or one command in
//! detail — what it does, two examples in the reader's notation, who may
//! use it. `/help all` lists every command whatever the reader's roles.

use chrono::{DateTime, NaiveDate, Utc};
use shakmaty::{Chess, Move, Role as PieceRole, Square};

use crate::app::actor::Actor;
use crate::app::command::{CommandWord, example_date};
use crate::app::i18n::{Args, Lang, tr, tr0};
use crate::app::outgoing::Outgoing;
use crate::app::zone::actor_zone;
use crate::core::notation::{Notation, write};
use crate::store::{Role, Tx};

use crate::app::failure::Outcome;

/// The groups of `/help`, in the order shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HelpGroup {
    /// Profile, language, notation, contacts, notices.
    Account,
    /// Games: moves, draws, boards, records.
    Playing,
    /// Events, tables, teams.
    Events,
    /// Leave and absence.
    Leave,
    /// Disputes, questions, cases, appeals.
    Cases,
    /// The arbiter's and the committee's commands.
    Arbiter,
    /// Team captains' commands.
    Captain,
    /// The administrators' commands.
    Administration,
}

impl HelpGroup {
    const ALL: [HelpGroup; 8] = [
        HelpGroup::Account,
        HelpGroup::Playing,
        HelpGroup::Events,
        HelpGroup::Leave,
        HelpGroup::Cases,
        HelpGroup::Arbiter,
        HelpGroup::Captain,
        HelpGroup::Administration,
    ];

    fn title_id(self) -> &'static str {
        match self {
            HelpGroup::Account => "help-group-account",
            HelpGroup::Playing => "help-group-playing",
            HelpGroup::Events => "help-group-events",
            HelpGroup::Leave => "help-group-leave",
            HelpGroup::Cases => "help-group-cases",
            HelpGroup::Arbiter => "help-group-arbiter",
            HelpGroup::Captain => "help-group-captain",
            HelpGroup::Administration => "help-group-administration",
        }
    }

    /// The group of a command word. One arm per word: a new word does not
    /// compile without its group.
    pub(crate) fn of(word: CommandWord) -> HelpGroup {
        use CommandWord as W;
        match word {
            W::Help | W::Start | W::Profile | W::Name | W::Lang | W::Notation => HelpGroup::Account,
            W::Orientation | W::Contact | W::Contacts | W::Link | W::Mute | W::Unmute => {
                HelpGroup::Account
            }
            W::Timezone | W::Digest | W::Calendar | W::Theme => HelpGroup::Account,
            W::Games | W::Board | W::Move | W::Draw | W::Claim | W::Resign | W::Time => {
                HelpGroup::Playing
            }
            W::Record | W::Pgn | W::Card | W::Ledger | W::Overstep => HelpGroup::Playing,
            W::Confirm | W::Say | W::Messages | W::Continue | W::Gif => HelpGroup::Playing,
            W::Note | W::Notes | W::If => HelpGroup::Playing,
            W::Events | W::Event | W::Standings | W::Players | W::Rating | W::Top => {
                HelpGroup::Events
            }
            W::Ratings => HelpGroup::Events,
            W::Follow | W::Following | W::Unfollow => HelpGroup::Events,
            W::Leave | W::ExtraLeave | W::Offline | W::Online => HelpGroup::Leave,
            W::Dispute | W::Failure | W::Ask | W::Cases | W::Case | W::Appeal | W::Answer => {
                HelpGroup::Cases
            }
            W::Rule | W::Decide | W::Request => HelpGroup::Arbiter,
            W::Team => HelpGroup::Captain,
            W::Organizer => HelpGroup::Administration,
        }
    }
}

/// What the reader holds, for the groups they see.
#[derive(Debug, Default)]
struct Holds {
    admin: bool,
    arbiter: bool,
    organizer: bool,
    captain: bool,
}

impl Holds {
    async fn of(tx: &mut Tx, actor: &Actor) -> Result<Holds, crate::store::StoreError> {
        let roles = tx.roles_of(actor.player.id).await?;
        let holds = |wanted: &[Role]| roles.iter().any(|grant| wanted.contains(&grant.role));
        Ok(Holds {
            admin: actor.is_admin,
            arbiter: holds(&[Role::Arbiter, Role::AppealsCommittee]),
            organizer: holds(&[Role::Organizer]),
            captain: holds(&[Role::Captain]) || !tx.teams_led_by(actor.player.id).await?.is_empty(),
        })
    }

    fn sees(&self, group: HelpGroup) -> bool {
        match group {
            HelpGroup::Arbiter => self.arbiter || self.admin,
            HelpGroup::Captain => self.captain || self.organizer || self.arbiter || self.admin,
            HelpGroup::Administration => self.admin,
            _ => true,
        }
    }
}

/// Whether a holder of `roles` (captaincy by the role alone) sees `group`
/// in `/help`: what a platform's per-chat command menu shows too.
pub(crate) fn group_seen_with(roles: &[Role], group: HelpGroup) -> bool {
    let holds = |wanted: &[Role]| roles.iter().any(|role| wanted.contains(role));
    Holds {
        admin: holds(&[Role::Administrator]),
        arbiter: holds(&[Role::Arbiter, Role::AppealsCommittee]),
        organizer: holds(&[Role::Organizer]),
        captain: holds(&[Role::Captain]),
    }
    .sees(group)
}

/// `/help`, `/help all` or `/help COMMAND`.
pub(crate) async fn help(
    tx: &mut Tx,
    actor: &Actor,
    (topic, all): (Option<CommandWord>, bool),
    now: DateTime<Utc>,
) -> Outcome {
    let lang = actor.lang();
    if let Some(word) = topic {
        let zone = actor_zone(tx, actor).await?;
        let today = now.with_timezone(&zone).date_naive();
        return Ok(vec![Outgoing::text(command_help(
            lang,
            actor.notation(),
            word,
            today,
        ))]);
    }
    let holds = if all {
        Holds {
            admin: true,
            ..Holds::default()
        }
    } else {
        Holds::of(tx, actor).await?
    };
    Ok(vec![Outgoing::text(grouped(lang, &holds))])
}

fn grouped(lang: Lang, holds: &Holds) -> String {
    let mut lines = vec![tr0(lang, "help-intro")];
    for group in HelpGroup::ALL
        .into_iter()
        .filter(|group| holds.sees(*group))
    {
        lines.push(String::new());
        lines.push(tr0(lang, group.title_id()));
        let words = CommandWord::all().filter(|word| HelpGroup::of(*word) == group);
        lines.extend(words.map(|word| tr0(lang, &format!("help-{}", word.name()))));
    }
    lines.push(String::new());
    lines.push(tr0(lang, "help-footer"));
    lines.join("\n")
}

/// One command in detail: its usage line, what it does with two examples
/// (moves in `notation`, dates a week after `today`), who may use it.
pub(crate) fn command_help(
    lang: Lang,
    notation: Notation,
    word: CommandWord,
    today: NaiveDate,
) -> String {
    let name = word.name();
    let examples = example_moves(notation).with("date", example_date(today));
    let who = tr0(lang, &format!("help-who-{name}"));
    [
        tr0(lang, &format!("help-{name}")),
        tr(lang, &format!("help-more-{name}"), &examples),
        tr(lang, "help-who", &Args::new().with("who", who)),
    ]
    .join("\n")
}

/// `$move` and `$knight`: 1. e2-e4 and 1. Кg1-f3 in `notation`.
/// `move` (1. e2-e4) and `knight` (1. Кg1-f3) written in `notation`: the
/// examples of the help and the greeting.
pub(crate) fn example_moves(notation: Notation) -> Args<'static> {
    let start = Chess::default();
    let pawn = Move::Normal {
        role: PieceRole::Pawn,
        from: Square::E2,
        capture: None,
        to: Square::E4,
        promotion: None,
    };
    let knight = Move::Normal {
        role: PieceRole::Knight,
        from: Square::G1,
        capture: None,
        to: Square::F3,
        promotion: None,
    };
    Args::new()
        .with("move", write(&start, &pawn, notation))
        .with("knight", write(&start, &knight, notation))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 12, 5).unwrap()
    }

    /// Dates in the examples are a week after the reader's today, in the
    /// form the bot shows them: never a date already past.
    #[test]
    fn leave_examples_are_dated_from_today() {
        let uk = command_help(
            Lang::Uk,
            Notation::UkrainianFull,
            CommandWord::Leave,
            today(),
        );
        assert!(uk.contains("/leave додати 12.12.2026 14"), "{uk}");
        let en = command_help(Lang::En, Notation::San, CommandWord::ExtraLeave, today());
        assert!(en.contains("/extraleave 12.12.2026 10"), "{en}");
    }

    /// Every command word has its usage line, its detail and its "who" in
    /// both languages, and the detail names at least one example.
    #[test]
    fn every_command_has_help_in_both_languages() {
        for lang in Lang::ALL {
            for word in CommandWord::all() {
                let text = command_help(lang, Notation::UkrainianFull, word, today());
                assert!(!text.contains("help-"), "{lang:?} {word}: {text}");
                let examples = if lang == Lang::Uk {
                    "Приклад"
                } else {
                    "Example"
                };
                assert!(text.contains(examples), "{lang:?} {word}: {text}");
                assert!(text.lines().count() >= 4, "{lang:?} {word}: {text}");
            }
        }
    }

    #[test]
    fn move_examples_follow_the_readers_notation() {
        let san = command_help(Lang::En, Notation::San, CommandWord::Move, today());
        assert!(san.contains("Examples: e4, /move #3 Nf3"), "{san}");
        let ukr = command_help(
            Lang::Uk,
            Notation::UkrainianFull,
            CommandWord::Move,
            today(),
        );
        assert!(ukr.contains("Приклади: e2-e4, /move #3 Кg1-f3"), "{ukr}");
    }

    #[test]
    fn a_player_sees_no_arbiter_or_administration_group() {
        let player = grouped(Lang::En, &Holds::default());
        assert!(
            player.contains("/move") && !player.contains("/rule"),
            "{player}"
        );
        assert!(!player.contains("/organizer"), "{player}");
        let admin = grouped(
            Lang::En,
            &Holds {
                admin: true,
                ..Holds::default()
            },
        );
        for word in CommandWord::all() {
            assert!(
                admin.contains(&format!("/{}", word.name())),
                "{word}: {admin}"
            );
        }
    }
}
