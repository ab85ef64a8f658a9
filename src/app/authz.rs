//! Who may do what: one decision function over the actor's roles.

/// A role the actor holds with respect to the thing acted on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// Anyone known to the bot.
    Outsider,
    /// A player of the game concerned.
    PlayerOfGame,
    /// The event's arbiter (R3.1.2).
    Arbiter,
    /// The event's organizer.
    Organizer,
    /// An administrator of the installation.
    Administrator,
}

/// What an actor wants to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Create an event.
    CreateEvent,
    /// Join an event open for entries.
    JoinEvent,
    /// Start an event (pairing, R1.1).
    StartEvent,
    /// Move, offer a draw or resign in a game.
    PlayGame,
    /// See a game's clocks.
    ViewGame,
}

/// Whether an actor with `standings` may do `action`.
pub fn allows(action: Action, standings: &[Standing]) -> bool {
    use Standing as S;
    let has = |s: Standing| standings.contains(&s);
    match action {
        Action::CreateEvent => has(S::Administrator) || has(S::Organizer),
        Action::JoinEvent => true,
        Action::StartEvent => has(S::Administrator) || has(S::Organizer),
        Action::PlayGame => has(S::PlayerOfGame),
        Action::ViewGame => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_players_of_a_game_play_it() {
        assert!(allows(Action::PlayGame, &[Standing::PlayerOfGame]));
        assert!(!allows(Action::PlayGame, &[Standing::Administrator]));
        assert!(!allows(Action::PlayGame, &[Standing::Outsider]));
    }

    #[test]
    fn organizers_and_administrators_run_events() {
        assert!(allows(Action::StartEvent, &[Standing::Organizer]));
        assert!(allows(Action::CreateEvent, &[Standing::Administrator]));
        assert!(!allows(Action::CreateEvent, &[Standing::Outsider]));
        assert!(!allows(Action::StartEvent, &[Standing::PlayerOfGame]));
        assert!(allows(Action::JoinEvent, &[Standing::Outsider]));
    }
}
