//! The app's door for the per-user command limit ([`crate::app::throttle`]):
//! adapters ask [`App::admit`] before handing a command or button press
//! to [`App::answer`], and send [`App::slow_down`] when told to.

use crate::app::i18n::{Args, tr};
use crate::app::outgoing::Outgoing;
use crate::app::throttle::Admission;
use crate::store::Platform;

use super::App;

impl App {
    /// Counts one command of user `who` (platform, user id) against the
    /// per-user limit and says whether to run it. Nothing is stored: a
    /// command that is not admitted must not reach [`App::answer`].
    pub fn admit(&self, (platform, user): (Platform, &str)) -> Admission {
        match &self.throttle {
            Some(throttle) => throttle.admit(platform, user),
            None => Admission::Go,
        }
    }

    /// The one polite refusal of a user over the limit, in their language:
    /// slow down, and try again in `retry_after_secs` seconds.
    pub async fn slow_down(&self, who: (Platform, &str), retry_after_secs: i64) -> Outgoing {
        let lang = self.language_of(who).await;
        let args = Args::new().with("seconds", retry_after_secs);
        Outgoing::error(tr(lang, "reply-slow-down", &args))
    }
}
