//! Profile commands: start, name, language, notation.

use crate::app::actor::{Actor, NOTATION_CODES, notation_from_code};
use crate::app::i18n::{Args, Lang, tr, tr0};
use crate::app::outgoing::Outgoing;
use crate::app::zone::{actor_zone, zone_label};
use crate::store::Tx;

use crate::app::failure::{Outcome, refuse};
use crate::app::service::people::names::display_name_problem;

/// The greeting, with the player's settings and how to change each:
/// language, notation, zone, digest, move confirmation (R2.3.8) and
/// messages from opponents.
pub(crate) async fn start(tx: &mut Tx, actor: &Actor) -> Outcome {
    let lang = actor.lang();
    let me = actor.player.id;
    // The examples in the reader's notation (SAN for an English client).
    let args = crate::app::service::people::help::example_moves(actor.notation())
        .with("name", actor.player.display_name.clone());
    let welcome = tr(lang, "reply-welcome", &args);
    let on_off = |on: bool| tr0(lang, if on { "setting-on" } else { "setting-off" });
    let zone = actor_zone(tx, actor).await?;
    let code = |code: &str| Args::new().with("code", code.to_owned());
    let args = Args::new()
        .with("language", tr(lang, "language-name", &code(lang.code())))
        .with(
            "notation",
            tr(lang, "notation-name", &code(&actor.player.notation)),
        )
        .with("zone", zone_label(lang, zone))
        .with("digest", on_off(tx.clock_prefs(me).await?.digest))
        .with("confirm", on_off(tx.switch_on(me, "confirm_moves").await?))
        .with("messages", on_off(!tx.switch_on(me, "no_messages").await?));
    let settings = tr(lang, "reply-start-settings", &args);
    Ok(vec![Outgoing::text(format!("{welcome}\n{settings}"))])
}

/// `/name NAME`.
pub(crate) async fn set_name(tx: &mut Tx, actor: &Actor, name: &str) -> Outcome {
    let lang = actor.lang();
    let name = name.trim();
    if let Some((id, args)) = display_name_problem(tx, Some(actor.player.id), name).await? {
        return Err(refuse(lang, id, &args));
    }
    let mut player = actor.player.clone();
    player.display_name = name.to_owned();
    tx.update_player(&player).await?;
    let args = Args::new().with("name", name.to_owned());
    Ok(vec![Outgoing::text(tr(lang, "reply-name-set", &args))])
}

/// `/lang uk|en`.
pub(crate) async fn set_language(tx: &mut Tx, actor: &Actor, code: &str) -> Outcome {
    let Some(lang) = Lang::from_code(code.trim()) else {
        let args = Args::new().with("value", code.to_owned());
        return Err(refuse(actor.lang(), "error-unknown-language", &args));
    };
    let mut player = actor.player.clone();
    player.language = lang.code().to_owned();
    let mut text = tr0(lang, "reply-language-set");
    // The notation follows the language unless the player chose one.
    let follows = !tx.switch_on(player.id, NOTATION_CHOSEN).await?;
    if follows && player.notation != lang.default_notation() {
        player.notation = lang.default_notation().to_owned();
        let name = tr(lang, "notation-name", &code_args(&player.notation));
        let args = Args::new().with("notation", name);
        text = tr(lang, "reply-language-set-notation", &args);
    }
    tx.update_player(&player).await?;
    Ok(vec![Outgoing::text(text)])
}

/// The switch on once a player chooses a notation with `/notation`: from
/// then on the language no longer changes it.
const NOTATION_CHOSEN: &str = "notation_chosen";

fn code_args(code: &str) -> Args<'_> {
    Args::new().with("code", code)
}

/// `/notation CODE`.
pub(crate) async fn set_notation(tx: &mut Tx, actor: &Actor, code: &str) -> Outcome {
    let lang = actor.lang();
    if notation_from_code(code).is_none() {
        let codes: Vec<&str> = NOTATION_CODES.iter().map(|(name, _)| *name).collect();
        let args = Args::new()
            .with("value", code.to_owned())
            .with("codes", codes.join(", "));
        return Err(refuse(lang, "error-unknown-notation", &args));
    }
    let mut player = actor.player.clone();
    player.notation = code.trim().to_lowercase();
    tx.update_player(&player).await?;
    tx.set_switch(player.id, NOTATION_CHOSEN, true).await?;
    let name = tr(lang, "notation-name", &code_args(&player.notation));
    let args = Args::new().with("notation", name);
    Ok(vec![Outgoing::text(tr(lang, "reply-notation-set", &args))])
}
