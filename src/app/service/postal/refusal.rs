//! Refusals of a postal message, with the reason, in the sender's language
//! and notation: a variant that cannot be sent (R2.3.7, R2.3.8) or an
//! answer that does not repeat the accepted moves correctly (R2.3.7).
//! Nothing is sent then.

use shakmaty::{CastlingMode, Chess, Move};

use crate::app::actor::Actor;
use crate::app::i18n::Args;
use crate::app::move_error::move_error_text;
use crate::app::notice::{NoticeMove, numbered};
use crate::core::postal::variant::{ProposalError, RepeatError};

use crate::app::failure::{Failure, refuse};
use crate::app::view::game::fen_of;

fn written(actor: &Actor, position: &Chess, mv: &Move) -> String {
    let notice = NoticeMove {
        fen_before: fen_of(position),
        uci: mv.to_uci(CastlingMode::Standard).to_string(),
    };
    numbered(&notice, actor.notation())
}

/// The refusal of an answer to a variant.
pub(super) fn repeat_refusal(actor: &Actor, error: &RepeatError) -> Failure {
    let lang = actor.lang();
    match error {
        RepeatError::Empty => refuse(lang, "postal-error-no-move", &Args::new()),
        RepeatError::NoNewMove => refuse(lang, "postal-error-no-new-move", &Args::new()),
        RepeatError::Impossible {
            index,
            text,
            position,
            error,
        } => {
            let reason = move_error_text(lang, error, position, text, actor.notation());
            let args = Args::new().with("place", index + 1).with("reason", reason);
            refuse(lang, "postal-error-answer-move", &args)
        }
        RepeatError::Wrong {
            index,
            position,
            expected,
            got,
        } => {
            let args = Args::new()
                .with("place", index + 1)
                .with("got", written(actor, position, got))
                .with("expected", written(actor, position, expected));
            refuse(lang, "postal-error-wrong-repeat", &args)
        }
        RepeatError::Unfinished { position, reply } => {
            let args = Args::new().with("reply", written(actor, position, reply));
            refuse(lang, "postal-error-unfinished", &args)
        }
        RepeatError::TooLong { position, own } => {
            let args = Args::new().with("own", written(actor, position, own));
            refuse(lang, "postal-error-too-long", &args)
        }
    }
}

/// The refusal of a proposed variant.
pub(super) fn proposal_refusal(actor: &Actor, error: &ProposalError) -> Failure {
    let lang = actor.lang();
    match error {
        ProposalError::NotAPair { pair } => refuse(
            lang,
            "postal-error-variant-pair",
            &Args::new().with("pair", *pair),
        ),
        ProposalError::AfterEnd { pair } => refuse(
            lang,
            "postal-error-variant-after-end",
            &Args::new().with("pair", *pair),
        ),
        ProposalError::Impossible {
            pair,
            text,
            position,
            error,
        } => {
            let reason = move_error_text(lang, error, position, text, actor.notation());
            let args = Args::new().with("pair", *pair).with("reason", reason);
            refuse(lang, "postal-error-variant-move", &args)
        }
    }
}
