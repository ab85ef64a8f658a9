//! What the original account is told when another account asks to join
//! it (`/link CODE`): the join waits for its confirmation, so a leaked
//! code alone takes over nobody.

use serde::{Deserialize, Serialize};

use crate::app::i18n::{Args, Lang, tr, tr0};
use crate::app::outgoing::{Button, Outgoing};

/// A request to join another account to the recipient's player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkNotice {
    /// The platform of the account that sent the code.
    pub platform: String,
    /// Its player's display name.
    pub name: String,
    /// The confirmation code (`/link confirm CODE`).
    pub code: String,
    /// Minutes the request stays open.
    pub minutes: i64,
}

impl LinkNotice {
    /// The stable snake_case name of this notice.
    pub fn kind(&self) -> &'static str {
        "link_requested"
    }

    /// The notice as kept once delivered or parked: without its code,
    /// which only the recipient may know (the store keeps its SHA-256).
    pub fn redacted(&self) -> LinkNotice {
        LinkNotice {
            code: String::new(),
            ..self.clone()
        }
    }

    /// The text in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let args = Args::new()
            .with("platform", self.platform.clone())
            .with("name", self.name.clone())
            .with("code", self.code.clone())
            .with("minutes", self.minutes);
        tr(lang, "notice-link-requested", &args)
    }

    /// The message: the text and a button that confirms.
    pub fn message(&self, lang: Lang) -> Outgoing {
        let confirm = format!("/link confirm {}", self.code);
        Outgoing::of_kind(self.kind(), self.text(lang))
            .with_buttons(vec![Button::new(tr0(lang, "button-link-confirm"), confirm)])
    }
}
