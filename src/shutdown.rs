//! Graceful shutdown: one flag the whole process watches. `corrbot run`
//! sets it on SIGTERM or Ctrl-C; then the adapters stop taking updates,
//! the scheduler and the outbox worker finish the item in hand (a send in
//! flight gets [`SEND_GRACE`], then its claim is released so another
//! process sends it at once rather than after the lease), the gateway is
//! closed, and the pool waits for the transactions in flight.

use std::time::Duration;

use tokio::sync::watch;

/// How long a send in flight may still take after the stop.
pub const SEND_GRACE: Duration = Duration::from_secs(5);

/// A stop flag (cheap to clone); [`Stop::default`] never stops.
#[derive(Clone, Debug, Default)]
pub struct Stop(Option<watch::Receiver<bool>>);

/// The side that sets the flag.
#[derive(Debug)]
pub struct StopSwitch(watch::Sender<bool>);

impl Stop {
    /// A flag and its switch.
    pub fn new() -> (StopSwitch, Stop) {
        let (switch, flag) = watch::channel(false);
        (StopSwitch(switch), Stop(Some(flag)))
    }

    /// Whether the stop was asked for.
    pub fn is_set(&self) -> bool {
        self.0.as_ref().is_some_and(|flag| *flag.borrow())
    }

    /// Completes when the stop is asked for (never if the switch is dropped
    /// unset, or for [`Stop::default`]).
    pub fn wait(&self) -> impl Future<Output = ()> + Send + 'static {
        let flag = self.0.clone();
        async move {
            if let Some(mut flag) = flag
                && flag.wait_for(|stopped| *stopped).await.is_ok()
            {
                return;
            }
            std::future::pending::<()>().await;
        }
    }
}

impl StopSwitch {
    /// Asks everything watching the flag to stop.
    pub fn stop(&self) {
        self.0.send_replace(true);
    }
}

/// Completes on SIGTERM (what systemd and container runtimes send) or
/// Ctrl-C (SIGINT).
pub async fn signal() {
    let ctrl_c = async {
        if let Err(error) = tokio::signal::ctrl_c().await {
            tracing::error!(%error, "cannot listen for Ctrl-C");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                term.recv().await;
            }
            Err(error) => {
                tracing::error!(%error, "cannot listen for SIGTERM");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => tracing::info!("Ctrl-C: shutting down"),
        () = term => tracing::info!("SIGTERM: shutting down"),
    }
}

/// SIGTERM and Ctrl-C, caught from the moment [`Signals::listen`] returns:
/// one that arrives while the caller is busy is kept for the next
/// [`Signals::recv`] (the console finishes the line in hand, then stops).
#[derive(Debug)]
pub struct Signals {
    #[cfg(unix)]
    term: tokio::signal::unix::Signal,
    #[cfg(unix)]
    interrupt: tokio::signal::unix::Signal,
}

impl Signals {
    /// Starts catching the signals (inside a Tokio runtime).
    pub fn listen() -> std::io::Result<Self> {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{SignalKind, signal};
            Ok(Self {
                term: signal(SignalKind::terminate())?,
                interrupt: signal(SignalKind::interrupt())?,
            })
        }
        #[cfg(not(unix))]
        Ok(Self {})
    }

    /// Completes at the next SIGTERM or Ctrl-C (or one caught since the
    /// last call).
    pub async fn recv(&mut self) {
        #[cfg(unix)]
        tokio::select! {
            _ = self.term.recv() => tracing::info!("SIGTERM: shutting down"),
            _ = self.interrupt.recv() => tracing::info!("Ctrl-C: shutting down"),
        }
        #[cfg(not(unix))]
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_flag_wakes_every_waiter() {
        let (switch, stop) = Stop::new();
        let waiter = tokio::spawn(stop.wait());
        assert!(!stop.is_set());
        switch.stop();
        waiter.await.unwrap();
        assert!(stop.is_set());
        assert!(!Stop::default().is_set());
    }
}
