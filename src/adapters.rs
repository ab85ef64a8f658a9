//! Chat adapters: translate platform updates into platform-neutral inbound
//! values and outbound notices into platform messages. No rule logic here.

pub mod console;
pub mod discord;
pub mod lanes;
pub mod router;
pub mod script;
pub mod telegram;
pub mod workers;

/// Every command complete in every adapter's menus and both catalogs.
#[cfg(test)]
mod command_coverage;

/// An error with its chain of causes, outermost first, joined by `: ` (as
/// `anyhow` shows them with `{:#}`), for logs and delivery records.
pub(crate) fn error_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let cause_text = cause.to_string();
        if !text.ends_with(&cause_text) {
            text.push_str(": ");
            text.push_str(&cause_text);
        }
        source = cause.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, thiserror::Error)]
    #[error("sending failed")]
    struct Outer(#[source] std::io::Error);

    #[test]
    fn the_chain_names_every_cause_once() {
        let error = Outer(std::io::Error::other("connection refused"));
        assert_eq!(error_chain(&error), "sending failed: connection refused");
        let io = std::io::Error::other("disk full");
        assert_eq!(error_chain(&io), "disk full");
    }
}
