//! Players named in commands (`@name`): by account user name or display name.

use crate::app::i18n::{Args, Lang};
use crate::store::{PlayerId, Tx};

use super::super::{Failure, refuse};

/// The one player called `name` (a leading `@` is ignored), or a refusal
/// when nobody or several players are called so.
pub(crate) async fn player_named(tx: &mut Tx, lang: Lang, name: &str) -> Result<PlayerId, Failure> {
    let bare = name.trim().trim_start_matches('@');
    let found = tx.players_named(bare).await?;
    let args = Args::new().with("name", bare.to_owned());
    match found.as_slice() {
        [one] => Ok(*one),
        [] => Err(refuse(lang, "error-unknown-player", &args)),
        _ => Err(refuse(lang, "error-ambiguous-player", &args)),
    }
}
