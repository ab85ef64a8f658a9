//! The command words and the one table every platform reads about them:
//! spellings (English and Ukrainian), arguments, and who may see the answer.
//!
//! Adding a word (see `docs/adding-a-command.md`): declare it in
//! `command_words!` below, which also puts it in [`CommandWord::ALL`]; the
//! compiler then asks for its row in [`CommandWord::spec`] and its arm in the
//! parser (`arguments::parse_args`). The catalogs' `help-WORD` line and
//! every argument's `discord-option-NAME` are checked by the tests of
//! `src/adapters/command_coverage.rs`.

use serde::{Deserialize, Serialize};

/// Declares [`CommandWord`] and [`CommandWord::ALL`] from one list, so that
/// `ALL` cannot miss a word.
macro_rules! command_words {
    ($($word:ident,)*) => {
        /// A command word. Its spellings, arguments and audience are its
        /// row in [`CommandWord::spec`]; the order here is the help order.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum CommandWord {
            $($word,)*
        }

        impl CommandWord {
            /// Every command word, in help order.
            pub const ALL: &'static [CommandWord] = &[$(CommandWord::$word,)*];
        }
    };
}

command_words! {
    Help,
    Start,
    Profile,
    Name,
    Lang,
    Notation,
    Orientation,
    Theme,
    Contact,
    Contacts,
    Link,
    Events,
    Event,
    Players,
    Organizer,
    Games,
    Board,
    Gif,
    Move,
    Confirm,
    Draw,
    Claim,
    Resign,
    Say,
    Messages,
    Continue,
    Time,
    Record,
    Note,
    Notes,
    If,
    Leave,
    Mute,
    Unmute,
    Timezone,
    Digest,
    Calendar,
    Standings,
    Rating,
    Top,
    Ratings,
    Pgn,
    Dispute,
    Failure,
    Ask,
    Offline,
    Online,
    ExtraLeave,
    Cases,
    Case,
    Rule,
    Appeal,
    Decide,
    Request,
    Answer,
    Card,
    Ledger,
    Overstep,
    Team,
    Follow,
    Following,
    Unfollow,
}

/// One argument of a command, in the order the grammar reads it, by name.
/// Platforms with forms offer it as a field: a Discord option of this name,
/// described by the catalogs' `discord-option-NAME`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arg {
    /// The parser refuses the command without it.
    Required(&'static str),
    /// The command reads without it.
    Optional(&'static str),
}

impl Arg {
    /// The argument's name (`game`, `move`, `text` …).
    pub const fn name(self) -> &'static str {
        match self {
            Arg::Required(name) | Arg::Optional(name) => name,
        }
    }

    /// Whether the parser refuses the command without it.
    pub const fn required(self) -> bool {
        matches!(self, Arg::Required(_))
    }
}

/// The optional game number most game commands start with.
const GAME: Arg = Arg::Optional("game");

/// What every platform knows of a command word: its row in
/// [`CommandWord::spec`].
#[derive(Debug, Clone, Copy)]
pub struct WordSpec {
    /// English spellings, the canonical name first (the Telegram and Discord
    /// command name, and the `help-NAME` catalog id).
    pub english: &'static [&'static str],
    /// Ukrainian spellings, Discord's `uk` name first; none for `pgn`.
    pub ukrainian: &'static [&'static str],
    /// The arguments, in grammar order (Discord's options).
    pub args: &'static [Arg],
    /// The answer may be seen by everyone in a shared channel (a Discord
    /// guild): event administration, moves and results, tables. Otherwise
    /// it concerns the asker alone (games, time, profile, help …).
    pub public: bool,
    /// Whether the answer carries private details and so is never posted
    /// into a group or channel ([`Privacy`]).
    pub privacy: Privacy,
}

/// Who may see the answer to a command, wherever it was typed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Privacy {
    /// Nothing private: the answer goes where the command was typed.
    #[default]
    Open,
    /// The answer carries private details (contacts, notes, leave): it goes
    /// to the asker's private chat, never into a group or channel.
    Private,
    /// The command itself carries a secret (a `/link` code): it is read
    /// only in a private chat; typed in a group it is refused, changing
    /// nothing, with a hint to ask privately.
    PrivateChatOnly,
}

const fn spec(
    english: &'static [&'static str],
    ukrainian: &'static [&'static str],
    args: &'static [Arg],
) -> WordSpec {
    WordSpec {
        english,
        ukrainian,
        args,
        public: false,
        privacy: Privacy::Open,
    }
}

impl WordSpec {
    const fn public(self) -> WordSpec {
        WordSpec {
            public: true,
            ..self
        }
    }

    /// The answer carries private details: never into a group.
    const fn private(self) -> WordSpec {
        WordSpec {
            privacy: Privacy::Private,
            ..self
        }
    }

    /// The command carries a secret: read in a private chat only.
    const fn private_chat_only(self) -> WordSpec {
        WordSpec {
            privacy: Privacy::PrivateChatOnly,
            ..self
        }
    }
}

impl CommandWord {
    /// The word's row of the table. One arm per word, no wildcard: a new
    /// word does not compile without its row.
    pub const fn spec(self) -> WordSpec {
        use Arg::{Optional as Opt, Required as Req};
        use CommandWord as W;
        match self {
            W::Help => spec(&["help"], &["допомога", "довідка"], &[Opt("topic")]),
            W::Start => spec(&["start"], &["старт", "почати"], &[]),
            W::Profile => spec(&["profile"], &["профіль"], &[]).private(),
            W::Name => spec(&["name"], &["імʼя", "ім'я", "імя"], &[Req("name")]),
            W::Lang => spec(&["lang", "language"], &["мова"], &[Req("language")]),
            W::Notation => spec(&["notation"], &["нотація"], &[Req("notation")]),
            W::Orientation => spec(
                &["orientation", "flip"],
                &["орієнтація"],
                &[Req("orientation")],
            ),
            W::Theme => spec(&["theme"], &["тема"], &[Req("theme")]),
            W::Contact => spec(&["contact"], &["контакт"], &[Req("field"), Req("value")]).private(),
            W::Contacts => spec(&["contacts"], &["контакти"], &[Opt("player")]).private(),
            W::Link => spec(
                &["link"],
                &["звʼязати", "зв'язати", "звязати"],
                &[Opt("code")],
            )
            .private_chat_only(),
            W::Events => spec(&["events"], &["турніри", "змагання"], &[]),
            W::Event => spec(&["event"], &["турнір"], &[Req("action"), Req("argument")]).public(),
            W::Players => spec(&["players"], &["гравці"], &[Opt("event")]),
            W::Organizer => spec(
                &["organizer"],
                &["організатор"],
                &[Opt("action"), Req("player")],
            ),
            W::Games => spec(&["games"], &["партії"], &[Opt("scope")]),
            W::Board => spec(&["board"], &["дошка"], &[GAME]).public(),
            W::Gif => spec(&["gif"], &["анімація", "гіф"], &[GAME]).public(),
            W::Move => spec(&["move"], &["хід"], &[GAME, Req("move")]).public(),
            W::Draw => spec(&["draw"], &["нічия"], &[Opt("action"), GAME]).public(),
            W::Claim => spec(&["claim"], &["вимога"], &[Req("kind"), GAME, Opt("move")]).public(),
            W::Resign => {
                spec(&["resign"], &["здатися", "здаюся"], &[GAME, Opt("confirm")]).public()
            }
            W::Confirm => spec(&["confirm"], &["підтвердити"], &[Opt("action"), GAME]),
            W::Say => spec(&["say"], &["написати"], &[GAME, Req("text")]),
            W::Messages => spec(&["messages"], &["повідомлення"], &[Req("action")]),
            W::Continue => spec(&["continue"], &["продовжую"], &[GAME]),
            W::Time => spec(&["time"], &["час"], &[GAME]),
            W::Record => spec(&["record"], &["запис"], &[GAME]),
            W::Note => spec(&["note"], &["нотатка"], &[Req("game"), Req("text")]).private(),
            W::Notes => spec(&["notes"], &["нотатки"], &[Req("game")]).private(),
            W::If => spec(&["if"], &["якщо"], &[Req("game"), Opt("moves")]).private(),
            W::Leave => spec(
                &["leave"],
                &["відпустка"],
                &[Opt("action"), Opt("argument")],
            )
            .private(),
            W::Mute => spec(&["mute"], &["тихо"], &[]),
            W::Unmute => spec(&["unmute"], &["сповіщення"], &[]),
            W::Timezone => spec(
                &["timezone", "tz"],
                &["пояс", "часовий_пояс"],
                &[Opt("zone")],
            ),
            W::Digest => spec(&["digest"], &["зведення"], &[Req("switch")]),
            W::Calendar => spec(&["calendar"], &["календар"], &[Opt("switch")]).private(),
            W::Standings => spec(&["standings"], &["таблиця"], &[Opt("event")]).public(),
            W::Rating => spec(&["rating"], &["рейтинг"], &[Opt("player")]).public(),
            W::Top => spec(&["top"], &["рейтинги"], &[]).public(),
            W::Ratings => spec(
                &["ratings"],
                &["рейтинг_лист", "рейтинглист"],
                &[Opt("action")],
            )
            .public(),
            W::Pgn => spec(&["pgn"], &[], &[Opt("target")]).public(),
            W::Dispute => spec(&["dispute"], &["спір", "скарга"], &[GAME, Req("text")]),
            W::Failure => spec(&["failure"], &["збій"], &[GAME, Req("text")]),
            W::Ask => spec(&["ask"], &["питання"], &[Opt("event"), Req("text")]),
            W::Offline => spec(&["offline"], &["офлайн"], &[Opt("player"), Opt("text")]),
            W::Online => spec(&["online"], &["онлайн"], &[Opt("player")]),
            W::ExtraLeave => spec(
                &["extraleave", "extra-leave"],
                &["додвідпустка"],
                &[Req("start"), Req("days"), Opt("text")],
            )
            .private(),
            W::Cases => spec(&["cases"], &["справи"], &[]).private(),
            W::Case => spec(
                &["case"],
                &["справа"],
                &[Req("case"), Opt("action"), Opt("text")],
            )
            .private(),
            W::Rule => spec(&["rule"], &["рішення"], &[Req("case"), Req("text")]),
            W::Appeal => spec(&["appeal"], &["апеляція"], &[Req("case"), Req("text")]),
            W::Decide => spec(&["decide"], &["ухвала"], &[Req("case"), Req("text")]),
            W::Request => spec(
                &["request"],
                &["запит"],
                &[Req("player"), Opt("event"), Req("text")],
            ),
            W::Answer => spec(&["answer"], &["відповідь"], &[Req("request"), Req("text")]),
            W::Card => spec(&["card"], &["картка"], &[GAME, Req("text")]),
            W::Ledger => spec(&["ledger"], &["облік"], &[GAME]),
            W::Overstep => spec(
                &["overstep"],
                &["прострочення", "перевищення"],
                &[GAME, Req("move")],
            ),
            W::Team => spec(&["team"], &["команда"], &[Req("action"), Opt("argument")]),
            W::Follow => spec(&["follow"], &["стежити"], &[Req("target"), Opt("moves")]),
            W::Following => spec(&["following"], &["стежу", "стеження"], &[]).private(),
            W::Unfollow => spec(
                &["unfollow"],
                &["відписатися", "нестежити"],
                &[Req("target")],
            ),
        }
    }

    /// Every command word, in help order.
    pub fn all() -> impl Iterator<Item = CommandWord> {
        Self::ALL.iter().copied()
    }

    /// The canonical English name (`move`).
    pub const fn name(self) -> &'static str {
        self.spec().english[0]
    }

    /// The catalog id of the word's help line, `help-NAME`: the usage, a
    /// dash, and what it does (the `/help` list, the Telegram menu and the
    /// Discord description all read it).
    pub fn help_id(self) -> String {
        format!("help-{}", self.name())
    }

    /// All accepted spellings, English first.
    pub fn spellings(self) -> impl Iterator<Item = &'static str> {
        let spec = self.spec();
        spec.english.iter().chain(spec.ukrainian).copied()
    }

    /// The privacy of the command `text` starts with ([`Privacy::Open`]
    /// for text that is no command, such as a bare move).
    pub fn privacy_of(text: &str) -> Privacy {
        let first = text.split_whitespace().next().unwrap_or("");
        let word = first.strip_prefix('/').unwrap_or(first);
        let word = word.split('@').next().unwrap_or(word);
        Self::from_word(word).map_or(Privacy::Open, |word| word.spec().privacy)
    }

    /// The command word `text` starts with (`/турнір set …`, `event@bot`)
    /// and the spelling used, as the table spells it.
    pub fn typed_in(text: &str) -> Option<(CommandWord, &'static str)> {
        let first = text.split_whitespace().next()?;
        let word = first.strip_prefix('/').unwrap_or(first);
        let word = word.split('@').next().unwrap_or(word);
        let command = Self::from_word(word)?;
        let apostrophes = |text: &str| text.replace(['’', 'ʼ', '`'], "'");
        let typed = apostrophes(&word.to_lowercase());
        let spelling = command
            .spellings()
            .find(|spelling| apostrophes(spelling) == typed)
            .unwrap_or(command.name());
        Some((command, spelling))
    }

    /// The spelling of a command nearest to an unknown `word` (`/moev` →
    /// `move`, `/хд` → `хід`): at most one edit for short words, two for
    /// longer ones; `None` when nothing is that near.
    pub fn nearest(word: &str) -> Option<&'static str> {
        let limit = if word.trim_start_matches('/').chars().count() > 4 {
            2
        } else {
            1
        };
        Self::nearest_within(word, limit)
    }

    /// The spelling of a command at most `limit` edits from `word`: one
    /// for the first word of chatter, where a looser match would read
    /// "hello" as `/help`.
    pub fn nearest_within(word: &str, limit: usize) -> Option<&'static str> {
        let word = word.trim_start_matches('/').to_lowercase();
        Self::all()
            .flat_map(CommandWord::spellings)
            .map(|spelling| (edit_distance(&word, spelling), spelling))
            .filter(|(distance, _)| *distance <= limit)
            .min_by_key(|(distance, _)| *distance)
            .map(|(_, spelling)| spelling)
    }

    /// Reads a command word in any accepted spelling, case-insensitively
    /// (the apostrophes ʼ, ’ and ` count as `'`, so `/імʼя`, `/ім'я` and
    /// `/ім’я` are one word).
    pub fn from_word(word: &str) -> Option<CommandWord> {
        let apostrophes = |text: &str| text.replace(['’', 'ʼ', '`'], "'");
        let word = apostrophes(&word.to_lowercase());
        Self::all().find(|command| {
            command
                .spellings()
                .any(|spelling| apostrophes(spelling) == word)
        })
    }
}

// Every word has a canonical English name (`CommandWord::name` reads it).
const _: () = {
    let mut i = 0;
    while i < CommandWord::ALL.len() {
        assert!(!CommandWord::ALL[i].spec().english.is_empty());
        i += 1;
    }
};

impl std::fmt::Display for CommandWord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "/{}", self.name())
    }
}

/// The kind of command a message is, for the `kind` label: the command
/// word's name (`move` for a bare move), `unknown` for an unknown `/word`.
/// Bounded: never the user's text.
pub fn command_kind(text: &str) -> &'static str {
    let head = text.split_whitespace().next().unwrap_or("");
    let word = head.strip_prefix('/').unwrap_or(head);
    let word = word.split('@').next().unwrap_or(word);
    match CommandWord::from_word(word) {
        Some(command) => command.name(),
        None if head.starts_with('/') => "unknown",
        None if head.is_empty() => "empty",
        None if super::written_as_move(text) => "move",
        None => "chatter",
    }
}

/// The edits (insertions, deletions, substitutions, and swaps of two
/// neighbours) that turn `a` into `b`, counted in characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

#[cfg(test)]
mod kind_tests {
    use super::{CommandWord, command_kind};

    #[test]
    fn the_nearest_command_is_found_only_when_near() {
        assert_eq!(CommandWord::nearest("/moev"), Some("move"));
        assert_eq!(CommandWord::nearest("/хд"), Some("хід"));
        assert_eq!(CommandWord::nearest("standigns"), Some("standings"));
        assert_eq!(CommandWord::nearest("/xyzzy"), None);
        assert_eq!(CommandWord::nearest("/pizza"), None);
    }

    #[test]
    fn command_kinds_are_words_not_text() {
        assert_eq!(command_kind("/games"), "games");
        assert_eq!(command_kind("/games@corrbot 2"), "games");
        assert_eq!(command_kind("e2e4"), "move");
        assert_eq!(command_kind("/nonsense secret"), "unknown");
        assert_eq!(command_kind("   "), "empty");
    }
}
