//! A stored notice rendered for its reader: the address on a running
//! platform, the text in the reader's language, notation and zone, and the
//! link to its page.

use crate::app::actor::{lang_of, notation_of};
use crate::app::i18n::Lang;
use crate::app::notice::Notice;
use crate::app::outgoing::Address;
use crate::app::outgoing::Outgoing;
use crate::app::web_link::append_page_link;
use crate::core::notation::Notation;
use crate::store::GameId;
use crate::store::{Account, Db, NoticeRecipient, OutboxNotice, Platform, PlayerId, Role};
use serde::Deserialize;

/// The account a player's private notices go to: the first one linked on a
/// platform in `platforms` (adapters that are running), preferring the order given.
pub fn preferred_account<'a>(
    accounts: &'a [Account],
    platforms: &[Platform],
) -> Option<&'a Account> {
    platforms
        .iter()
        .find_map(|platform| accounts.iter().find(|a| a.platform == *platform))
}

/// The address of an account's private chat.
pub fn address_of(account: &Account) -> Address {
    Address::User {
        platform: account.platform,
        user_id: account.platform_user_id.clone(),
        dm_chat_id: account.dm_chat_id.clone(),
    }
}

/// A notice from the outbox rendered for its recipient: the address on one
/// of `platforms` and the message. `None` when the recipient cannot be
/// reached on any of them (the outbox parks the notice).
pub async fn notice_message(
    db: &Db,
    notice: &OutboxNotice,
    platforms: &[Platform],
) -> anyhow::Result<Option<(Address, Outgoing)>> {
    notice_message_linked(db, notice, platforms, None).await
}

/// [`notice_message`], the message ending with the link to the web page
/// of its game or event when the site's public `web_url` is given.
pub async fn notice_message_linked(
    db: &Db,
    notice: &OutboxNotice,
    platforms: &[Platform],
    web_url: Option<&url::Url>,
) -> anyhow::Result<Option<(Address, Outgoing)>> {
    let typed: Notice = serde_json::from_value(notice.payload.clone())?;
    let game = notice
        .payload
        .get("game")
        .and_then(|game| GameId::deserialize(game).ok());
    let found = recipient_message(db, notice, &typed, (platforms, web_url)).await?;
    Ok(found.map(|(address, message)| match game {
        Some(game) if message.game.is_none() => (address, message.about(game)),
        _ => (address, message),
    }))
}

/// `typed` (the notice) rendered for the recipient of `notice`.
async fn recipient_message(
    db: &Db,
    notice: &OutboxNotice,
    typed: &Notice,
    (platforms, web_url): (&[Platform], Option<&url::Url>),
) -> anyhow::Result<Option<(Address, Outgoing)>> {
    let typed = typed.clone();
    match &notice.recipient {
        NoticeRecipient::Player(player_id) => {
            player_message(db, &typed, *player_id, (platforms, web_url)).await
        }
        NoticeRecipient::Administrator => {
            let mut tx = db.read().await?;
            let admins = tx.holders_of(Role::Administrator, None).await?;
            tx.commit().await?;
            for admin in admins {
                if let Some(found) = player_message(db, &typed, admin, (platforms, web_url)).await?
                {
                    return Ok(Some(found));
                }
            }
            Ok(None)
        }
        NoticeRecipient::Chat { platform, chat_id } if platforms.contains(platform) => {
            let mut tx = db.read().await?;
            let language = tx.chat_language(*platform, chat_id).await?;
            tx.commit().await?;
            let lang = language.as_deref().and_then(Lang::from_code);
            let lang = lang.unwrap_or(Lang::Uk);
            let mut message = typed.message(lang, Notation::UkrainianFull, None);
            append_page_link(web_url, lang, typed.web_page(), &mut message);
            let address = Address::Chat {
                platform: *platform,
                chat_id: chat_id.clone(),
            };
            Ok(Some((address, message)))
        }
        NoticeRecipient::GameThread {
            platform,
            chat_id,
            game,
        } if platforms.contains(platform) => {
            let thread = crate::app::deliver::notice::thread_delivery;
            let at = (chat_id.as_str(), *game);
            Ok(Some(thread(db, &typed, *platform, at, web_url).await?))
        }
        NoticeRecipient::Chat { .. } | NoticeRecipient::GameThread { .. } => Ok(None),
    }
}

/// `notice` rendered for player `player_id` at their first account on one
/// of `platforms`; `None` when they have none there. With `web_url`, the
/// message ends with the link to its game's or event's page.
async fn player_message(
    db: &Db,
    notice: &Notice,
    player_id: PlayerId,
    (platforms, web_url): (&[Platform], Option<&url::Url>),
) -> anyhow::Result<Option<(Address, Outgoing)>> {
    let mut tx = db.read().await?;
    let player = tx.player(player_id).await?;
    let accounts = tx.accounts_of(player_id).await?;
    tx.commit().await?;
    let Some(account) = preferred_account(&accounts, platforms) else {
        return Ok(None);
    };
    let lang = lang_of(&player);
    let mut message = notice.message(lang, notation_of(&player), Some(player.id));
    append_page_link(web_url, lang, notice.web_page(), &mut message);
    Ok(Some((address_of(account), message)))
}

/// A notice to game `game`'s thread in chat `chat_id`, rendered for
/// delivery: in the chat's language (`channel-lang=`, Ukrainian by default)
/// with the board from White's side, addressed to the thread named
/// `#12 Alice – Bob` (at most 100 characters, Discord's limit), ending with
/// the game page's link when the site's public `web_url` is given.
pub(crate) async fn thread_delivery(
    db: &Db,
    notice: &Notice,
    platform: Platform,
    (chat_id, game): (&str, GameId),
    web_url: Option<&url::Url>,
) -> anyhow::Result<(Address, Outgoing)> {
    let mut tx = db.read().await?;
    let language = tx.chat_language(platform, chat_id).await?;
    let game = tx.game(game).await?;
    let white = tx.player(game.white).await?.display_name;
    let black = tx.player(game.black).await?.display_name;
    tx.commit().await?;
    let lang = language.as_deref().and_then(Lang::from_code);
    let lang = lang.unwrap_or(Lang::Uk);
    let mut message = notice.message(lang, Notation::UkrainianFull, None);
    // The game's page, when the site's public address is configured (#23).
    let page = Some(crate::app::web_link::WebPage::Game(game.id));
    crate::app::web_link::append_page_link(web_url, lang, page, &mut message);
    let title = format!("#{} {white} — {black}", game.id);
    let address = Address::Thread {
        platform,
        chat_id: chat_id.to_owned(),
        game: game.id,
        title: title.chars().take(100).collect(),
    };
    Ok((address, message))
}
