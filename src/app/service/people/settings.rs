//! `/profile`, `/orientation`, `/theme`, `/mute` and `/unmute`: a player's
//! own settings.

use crate::app::actor::Actor;
use crate::app::i18n::{Args, Lang, tr, tr0};
use crate::app::outgoing::Outgoing;
use crate::render::Theme;
use crate::store::{Orientation, PlayerSettings, Tx};

use crate::app::failure::{Outcome, refuse};

/// The catalog id naming an orientation.
pub(super) fn orientation_word(orientation: Orientation) -> &'static str {
    match orientation {
        Orientation::Auto => "orientation-auto",
        Orientation::White => "orientation-white",
        Orientation::Black => "orientation-black",
    }
}

/// The catalog id naming a board theme.
pub(super) fn theme_word(theme: Theme) -> &'static str {
    match theme {
        Theme::Green => "theme-green",
        Theme::Brown => "theme-brown",
        Theme::Blue => "theme-blue",
        Theme::Gray => "theme-gray",
    }
}

/// A contact detail as shown, or "not set".
pub(super) fn shown(lang: Lang, value: &Option<String>) -> String {
    value
        .clone()
        .unwrap_or_else(|| tr0(lang, "profile-not-set"))
}

/// `/profile`: name, language, notation, orientation, notices, contacts, accounts.
pub(crate) async fn profile(tx: &mut Tx, actor: &Actor) -> Outcome {
    let lang = actor.lang();
    let me = &actor.player;
    let settings = tx.player_settings(me.id).await?;
    let accounts: Vec<String> = tx
        .accounts_of(me.id)
        .await?
        .iter()
        .map(|account| format!("{} {}", account.platform.as_str(), account.platform_user_id))
        .collect();
    let notices = if settings.muted {
        "profile-notices-off"
    } else {
        "profile-notices-on"
    };
    let args = Args::new()
        .with("name", me.display_name.clone())
        .with(
            "language",
            tr(
                lang,
                "language-name",
                &Args::new().with("code", lang.code()),
            ),
        )
        .with(
            "notation",
            tr(
                lang,
                "notation-name",
                &Args::new().with("code", me.notation.as_str()),
            ),
        )
        .with(
            "orientation",
            tr0(lang, orientation_word(settings.orientation)),
        )
        .with("theme", tr0(lang, theme_word(settings.theme)))
        .with("notices", tr0(lang, notices))
        .with("address", shown(lang, &settings.address))
        .with("email", shown(lang, &settings.email))
        .with("accounts", accounts.join(", "));
    Ok(vec![Outgoing::text(tr(lang, "reply-profile", &args))])
}

/// `/orientation auto|white|black`: the side the player's boards are shown from.
pub(crate) async fn set_orientation(tx: &mut Tx, actor: &Actor, word: &str) -> Outcome {
    let lang = actor.lang();
    let Some(orientation) = Orientation::parse(word) else {
        let args = Args::new().with("value", word.to_owned());
        return Err(refuse(lang, "error-unknown-orientation", &args));
    };
    let settings = PlayerSettings {
        orientation,
        ..tx.player_settings(actor.player.id).await?
    };
    tx.save_player_settings(actor.player.id, &settings).await?;
    let args = Args::new().with("orientation", tr0(lang, orientation_word(orientation)));
    Ok(vec![Outgoing::text(tr(
        lang,
        "reply-orientation-set",
        &args,
    ))])
}

/// `/theme green|brown|blue|gray`: the colours of the player's boards,
/// animations and crosstables (the images' cache keys include it).
pub(crate) async fn set_theme(tx: &mut Tx, actor: &Actor, word: &str) -> Outcome {
    let lang = actor.lang();
    let Some(theme) = Theme::parse(word) else {
        let args = Args::new().with("value", word.to_owned());
        return Err(refuse(lang, "error-unknown-theme", &args));
    };
    let settings = PlayerSettings {
        theme,
        ..tx.player_settings(actor.player.id).await?
    };
    tx.save_player_settings(actor.player.id, &settings).await?;
    let args = Args::new().with("theme", tr0(lang, theme_word(theme)));
    Ok(vec![Outgoing::text(tr(lang, "reply-theme-set", &args))])
}

/// `/mute` (`muted`) and `/unmute`: move notices off or on. Only move
/// notices stop: reminders (R3.3.1), draw offers, results and arbiters'
/// messages still come, and the reply says the player stays responsible
/// for their games and time (R3.2.3).
pub(crate) async fn set_muted(tx: &mut Tx, actor: &Actor, muted: bool) -> Outcome {
    let settings = PlayerSettings {
        muted,
        ..tx.player_settings(actor.player.id).await?
    };
    tx.save_player_settings(actor.player.id, &settings).await?;
    let id = if muted {
        "reply-muted"
    } else {
        "reply-unmuted"
    };
    Ok(vec![Outgoing::text(tr0(actor.lang(), id))])
}
