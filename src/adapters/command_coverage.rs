//! Every command word is complete everywhere the compiler cannot see:
//! its help line and Discord option labels in both catalogs, its Telegram
//! menu entry, its Discord options against the parser, its rows in the docs,
//! and every catalog id the code names. The checklist these tests back is
//! `docs/adding-a-command.md`.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::OnceLock;

use crate::adapters::discord::commands::{slash_commands, slash_text};
use crate::adapters::discord::{CommandSpec, OptionValue, SlashOption};
use crate::app::command::{Command, CommandError, CommandWord, parse};
use crate::app::i18n::{Lang, message_ids, tr0};

/// Words not yet sent by `tests/it/authorization.rs` (so not in the table of
/// `docs/authorization.md`). Shrink it, never grow it.
const NOT_IN_AUTHORIZATION_TABLE: &[CommandWord] = &[CommandWord::Claim, CommandWord::Online];

/// Whether `lang`'s catalog has the message `id`.
fn has_message(lang: Lang, id: &str) -> bool {
    static IDS: OnceLock<[BTreeSet<String>; 2]> = OnceLock::new();
    let ids = IDS.get_or_init(|| Lang::ALL.map(|lang| message_ids(lang).into_iter().collect()));
    let index = Lang::ALL.iter().position(|known| *known == lang);
    index.is_some_and(|index| ids[index].contains(id))
}

fn assert_in_catalog(lang: Lang, id: &str, context: &str) {
    let code = lang.code();
    assert!(
        has_message(lang, id),
        "{id} ({context}) is not in locales/{code}.ftl"
    );
}

fn names() -> BTreeSet<String> {
    CommandWord::all()
        .map(|word| word.name().to_owned())
        .collect()
}

#[test]
fn every_word_has_a_help_line_in_both_catalogs() {
    for word in CommandWord::all() {
        for lang in Lang::ALL {
            let id = word.help_id();
            assert_in_catalog(lang, &id, "help line");
            let line = tr0(lang, &id);
            let (usage, about) = line
                .split_once(" — ")
                .unwrap_or_else(|| panic!("{id} ({}): «/usage — what it does»", lang.code()));
            assert!(usage.starts_with(&format!("/{}", word.name())), "{line}");
            let about = about.trim();
            assert!((1..=256).contains(&about.chars().count()), "{line}");
        }
    }
}

#[test]
fn every_word_has_names_every_platform_accepts() {
    let mut seen = BTreeSet::new();
    for word in CommandWord::all() {
        let name = word.name();
        let telegram = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_';
        assert!(name.len() <= 32 && name.chars().all(telegram), "{name}");
        if let Some(uk) = word.spec().ukrainian.first() {
            let discord = |c: char| c.is_alphanumeric() || c == '-' || c == '_';
            assert!(uk.chars().count() <= 32, "{uk}");
            assert!(uk.chars().all(discord) && uk.to_lowercase() == *uk, "{uk}");
        }
        for spelling in word.spellings() {
            assert!(seen.insert(spelling), "{spelling} names two words");
        }
    }
}

#[test]
fn the_telegram_menus_offer_every_word_and_nothing_else() {
    let admin = [crate::store::Role::Administrator];
    for menu in crate::adapters::telegram::chat_menus(1, &admin) {
        let offered: BTreeSet<String> = menu.commands.iter().map(|(c, _)| c.clone()).collect();
        assert_eq!(offered, names(), "{:?}", menu.language_code);
        assert_eq!(menu.commands.len(), CommandWord::ALL.len());
    }
}

#[test]
fn discord_registers_every_word_with_its_options() {
    let specs = slash_commands();
    let registered: Vec<&str> = specs.iter().map(|spec| spec.name.as_str()).collect();
    let words: Vec<&str> = CommandWord::all().map(CommandWord::name).collect();
    assert_eq!(registered, words);
    for (word, spec) in CommandWord::all().zip(&specs) {
        let uk = word.spec().ukrainian.first().map(|name| name.to_string());
        let localized = spec.name_localizations.iter().map(|(_, name)| name.clone());
        assert_eq!(localized.collect::<Vec<_>>(), Vec::from_iter(uk));
        let options: BTreeSet<&str> = spec.options.iter().map(|o| o.name.as_str()).collect();
        let args: BTreeSet<&str> = word.spec().args.iter().map(|arg| arg.name()).collect();
        assert_eq!(options, args, "{word}");
        for arg in word.spec().args {
            let id = format!("discord-option-{}", arg.name());
            for lang in Lang::ALL {
                assert_in_catalog(lang, &id, word.name());
            }
        }
    }
}

/// A value the parser accepts for the option `arg` of `word`.
fn sample(word: CommandWord, arg: &str) -> &'static str {
    use CommandWord as W;
    match (word, arg) {
        (W::Event, "action") => "show",
        (W::Team, "action") => "games",
        (W::Case, "action") => "say",
        (W::Leave, "action") => "cancel",
        (W::Draw, "action") => "offer",
        (W::Confirm, "action") => "cancel",
        (W::Messages, "action") => "off",
        (W::Organizer, "action") => "remove",
        (W::Ratings, "action") => "list",
        (_, "game" | "event" | "case" | "request" | "argument" | "target") => "1",
        (_, "move") => "e2-e4",
        (_, "player") => "@pl",
        (_, "text") => "Some words.",
        (_, "start") => "2026-03-01",
        (_, "days") => "3",
        (_, "name") => "Olena",
        (_, "language") => "en",
        (_, "notation") => "san",
        (_, "orientation") => "white",
        (_, "theme") => "brown",
        (_, "field") => "email",
        (_, "value") => "olena@example.org",
        (_, "code") => "ABCDE12345",
        (_, "topic") => "move",
        (_, "kind") => "fifty",
        (_, "confirm") => "confirm",
        (_, "scope") => "all",
        (_, "zone") => "Europe/Kyiv",
        (_, "switch") => "on",
        (_, "moves") => "moves",
        _ => panic!("no sample value for {word} {arg}: add one in command_coverage.rs"),
    }
}

/// The text Discord's conversion makes of `spec`'s options (all of them,
/// or only the required ones) filled with sample values.
fn slash_sample(word: CommandWord, spec: &CommandSpec, all: bool) -> String {
    let options: Vec<SlashOption> = spec
        .options
        .iter()
        .filter(|option| all || option.required)
        .map(|option| SlashOption {
            name: option.name.clone(),
            value: OptionValue::Text(sample(word, &option.name).to_owned()),
        })
        .collect();
    slash_text(&spec.name, &options)
}

#[test]
fn discord_options_give_the_parser_what_it_needs() {
    for (word, spec) in CommandWord::all().zip(slash_commands()) {
        let bare = parse(&format!("/{}", word.name()));
        let needs = matches!(bare, Err(CommandError::Missing { .. }));
        let required = spec.options.iter().any(|option| option.required);
        assert_eq!(needs, required, "/{}: {bare:?}", word.name());
        for all in [false, true] {
            let text = slash_sample(word, &spec, all);
            let command = parse(&text);
            assert!(command.is_ok(), "{text}: {command:?}");
            let is_move = matches!(command, Ok(Command::Move { .. }));
            assert_eq!(is_move, word == CommandWord::Move, "{text}");
        }
    }
}

/// The rows of the tables in a document under `docs/` (`| \`/…`),
/// apostrophes left out.
fn doc_rows(file: &str) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("docs")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    text.lines()
        .filter(|line| line.starts_with("| `/"))
        .map(|line| line.replace(['ʼ', '\''], ""))
        .collect()
}

/// Whether a table row shows `word` in use (`/case 1`, not `/cases`).
fn names_word(row: &str, word: CommandWord) -> bool {
    let usage = format!("`/{}", word.name());
    row.match_indices(&usage)
        .any(|(at, _)| row[at + usage.len()..].starts_with([' ', '`']))
}

#[test]
fn docs_commands_md_lists_every_word_with_its_aliases() {
    let rows = doc_rows("commands.md");
    for word in CommandWord::all() {
        let rows: Vec<&String> = rows.iter().filter(|row| names_word(row, word)).collect();
        assert!(!rows.is_empty(), "docs/commands.md: no row for {word}");
        for spelling in word.spellings() {
            let spelling = spelling.replace(['ʼ', '\''], "");
            let listed = rows.iter().any(|row| row.contains(&spelling));
            assert!(
                listed,
                "docs/commands.md: {word}'s alias {spelling} not in {rows:?}"
            );
        }
    }
}

#[test]
fn docs_authorization_md_has_a_row_for_every_word() {
    let rows = doc_rows("authorization.md");
    let missing: Vec<CommandWord> = CommandWord::all()
        .filter(|word| !rows.iter().any(|row| names_word(row, *word)))
        .collect();
    assert_eq!(missing, NOT_IN_AUTHORIZATION_TABLE);
}

/// The Rust files under `dir`, recursively.
fn rust_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{dir:?}: {e}"));
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.push(path);
        }
    }
    files
}

/// The string literals in `source` that look like catalog ids: a known
/// id's first part, a dash, lowercase letters, digits and dashes.
fn catalog_literals(source: &str, prefixes: &BTreeSet<String>) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for (start, _) in source.match_indices('"') {
        let rest = &source[start + 1..];
        let end = rest
            .find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'))
            .unwrap_or(rest.len());
        let (literal, after) = rest.split_at(end);
        let known = literal
            .split_once('-')
            .is_some_and(|(first, _)| prefixes.contains(first));
        if known && after.starts_with('"') && !literal.ends_with('-') {
            found.insert(literal.to_owned());
        }
    }
    found
}

#[test]
fn every_catalog_id_the_code_names_is_in_both_catalogs() {
    let ids = message_ids(Lang::Uk);
    let prefixes: BTreeSet<String> = ids
        .iter()
        .filter_map(|id| Some(id.split_once('-')?.0.to_owned()))
        .collect();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut named = 0;
    for file in rust_files(&src) {
        let source = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file:?}: {e}"));
        for id in catalog_literals(&source, &prefixes) {
            named += 1;
            for lang in Lang::ALL {
                assert_in_catalog(lang, &id, &file.display().to_string());
            }
        }
    }
    assert!(named > 100, "only {named} catalog ids found in src/");
}
