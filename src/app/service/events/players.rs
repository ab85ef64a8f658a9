//! `/players [EVENT]`: the club's registered players (or an event's
//! entrants) with their handles, for organizers, arbiters and
//! administrators, who name them in `/organizer @name`, `arbiter=@name` or
//! `/event remove`.

use crate::app::actor::Actor;
use crate::app::authz::{self, Action, Relation};
use crate::app::i18n::{Args, Lang, tr, tr0};
use crate::app::outgoing::Outgoing;
use crate::store::EventId;
use crate::store::{Account, Platform, PlayerId, Role, Tx};

use crate::app::failure::{Failure, Outcome};
use crate::app::service::events::{deny, load_event};

/// `/players [EVENT]`.
pub(crate) async fn players(tx: &mut Tx, actor: &Actor, number: Option<EventId>) -> Outcome {
    let lang = actor.lang();
    if !authz::allows(Action::ListPlayers, &relations(tx, actor).await?) {
        return Err(deny(actor));
    }
    let (header, players) = match number {
        Some(number) => {
            let event = load_event(tx, actor, number).await?;
            let players: Vec<PlayerId> = tx
                .entries(event.id)
                .await?
                .iter()
                .map(|entry| entry.player_id)
                .collect();
            let args = Args::new()
                .with("event", event.id)
                .with("name", event.name.clone())
                .with("count", players.len());
            (tr(lang, "reply-players-event", &args), players)
        }
        None => {
            let players = tx.registered_players().await?;
            let args = Args::new().with("count", players.len());
            (tr(lang, "reply-players-club", &args), players)
        }
    };
    let mut lines = vec![header];
    for player in players {
        lines.push(player_line(tx, lang, player).await?);
    }
    lines.push(tr0(lang, "reply-players-hint"));
    Ok(vec![Outgoing::text(lines.join("\n"))])
}

/// Administrator; organizer or arbiter of any event (or everywhere).
async fn relations(tx: &mut Tx, actor: &Actor) -> Result<Vec<Relation>, Failure> {
    let mut relations = vec![Relation::Outsider];
    if actor.is_admin {
        relations.push(Relation::Administrator);
    }
    for grant in tx.roles_of(actor.player.id).await? {
        match grant.role {
            Role::Organizer => relations.push(Relation::Organizer),
            Role::Arbiter => relations.push(Relation::Arbiter),
            _ => {}
        }
    }
    Ok(relations)
}

/// `Anna — Telegram: @anna; Discord: anna_k`.
async fn player_line(tx: &mut Tx, lang: Lang, player: PlayerId) -> Result<String, Failure> {
    let name = tx.player(player).await?.display_name;
    let accounts: Vec<String> = tx
        .accounts_of(player)
        .await?
        .iter()
        .map(|account| account_text(lang, account))
        .collect();
    let args = Args::new()
        .with("player", name)
        .with("accounts", accounts.join("; "));
    Ok(tr(lang, "reply-players-line", &args))
}

/// One account: its platform and its handle, if any.
fn account_text(lang: Lang, account: &Account) -> String {
    let platform = match account.platform {
        Platform::Telegram => "Telegram",
        Platform::Discord => "Discord",
        Platform::Console => return tr0(lang, "reply-players-console"),
    };
    match &account.username {
        Some(handle) => format!("{platform}: @{handle}"),
        None => tr(
            lang,
            "reply-players-no-handle",
            &Args::new().with("platform", platform),
        ),
    }
}
