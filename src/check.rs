//! `corrbot check`: validates the configuration before a start, one line
//! per setting: what is wrong and how to fix it, or that it is fine. Token
//! values are never printed, only whether their shape is right.

use std::net::SocketAddr;

use crate::adapters::discord::{RoleMap, ShardPlan};
use crate::store::{DEFAULT_DATABASE_URL, Db, DbOptions, StoreError};

/// One finding of [`check`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Whether the setting is usable.
    pub ok: bool,
    /// The setting's name.
    pub setting: &'static str,
    /// What was found, in one line.
    pub text: String,
}

impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mark = if self.ok { "ok  " } else { "FAIL" };
        write!(f, "{mark} {}: {}", self.setting, self.text)
    }
}

fn finding(setting: &'static str, problem: Option<String>, fine: &str) -> Finding {
    Finding {
        ok: problem.is_none(),
        setting,
        text: problem.unwrap_or_else(|| fine.to_owned()),
    }
}

/// Checks the settings `var` gives (the environment, in `corrbot check`)
/// and the database they name: reachable and migrated by this version.
pub async fn check(var: &dyn Fn(&str) -> Option<String>) -> Vec<Finding> {
    let set = |name: &str| var(name).filter(|value| !value.trim().is_empty());
    let mut findings = Vec::new();
    let telegram = set("TELEGRAM_BOT_TOKEN");
    let discord = set("DISCORD_TOKEN");
    if telegram.is_none() && discord.is_none() {
        findings.push(finding(
            "chat tokens",
            None,
            "none set: `corrbot run` serves the console",
        ));
    }
    if let Some(token) = telegram {
        let problem = (!telegram_token_shape(token.trim())).then(|| {
            "does not look like a bot token from @BotFather (digits, a colon, then 35 letters, digits, - or _)".to_owned()
        });
        findings.push(finding("TELEGRAM_BOT_TOKEN", problem, "set, shape right"));
        findings.extend(telegram_settings(&set));
    }
    if let Some(token) = discord {
        let problem = (!discord_token_shape(token.trim())).then(|| {
            "does not look like a Discord bot token (three dot-separated parts of letters, digits, - or _)".to_owned()
        });
        findings.push(finding("DISCORD_TOKEN", problem, "set, shape right"));
        findings.extend(discord_settings(&set));
    }
    findings.extend(app_settings(&set));
    let url = set("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned());
    findings.push(database(&url).await);
    findings
}

/// `123456789:AA…`: the bot's id, a colon, a secret of 35 characters.
fn telegram_token_shape(token: &str) -> bool {
    let Some((id, secret)) = token.split_once(':') else {
        return false;
    };
    let secret_char = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    !id.is_empty()
        && id.chars().all(|c| c.is_ascii_digit())
        && secret.len() >= 30
        && secret.chars().all(secret_char)
}

/// Three non-empty base64url parts separated by dots.
fn discord_token_shape(token: &str) -> bool {
    let parts: Vec<&str> = token.split('.').collect();
    let part_char = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    parts.len() == 3
        && parts
            .iter()
            .all(|part| !part.is_empty() && part.chars().all(part_char))
}

fn url_problem(value: &str, https_only: bool) -> Option<String> {
    match url::Url::parse(value.trim()) {
        Err(error) => Some(format!("not a URL ({error})")),
        Ok(url) if https_only && url.scheme() != "https" => {
            Some("must be an https:// address (Telegram sends webhooks over HTTPS only)".into())
        }
        Ok(url) if !matches!(url.scheme(), "http" | "https") => {
            Some("must be an http:// or https:// address".into())
        }
        Ok(_) => None,
    }
}

fn telegram_settings(set: &dyn Fn(&str) -> Option<String>) -> Vec<Finding> {
    let mut findings = Vec::new();
    if let Some(url) = set("TELEGRAM_API_URL") {
        findings.push(finding(
            "TELEGRAM_API_URL",
            url_problem(&url, false),
            "a URL",
        ));
    }
    if let Some(url) = set("TELEGRAM_WEBHOOK_URL") {
        findings.push(finding(
            "TELEGRAM_WEBHOOK_URL",
            url_problem(&url, true),
            "webhook mode",
        ));
        if let Some(listen) = set("TELEGRAM_WEBHOOK_LISTEN") {
            let problem = listen
                .trim()
                .parse::<SocketAddr>()
                .err()
                .map(|_| "not an address and port such as 0.0.0.0:8443".to_owned());
            findings.push(finding("TELEGRAM_WEBHOOK_LISTEN", problem, "an address"));
        }
        if let Some(secret) = set("TELEGRAM_WEBHOOK_SECRET") {
            let valid = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
            let fits = (1..=256).contains(&secret.len()) && secret.chars().all(valid);
            let problem =
                (!fits).then(|| "must be 1 to 256 characters of A-Z, a-z, 0-9, _ and -".to_owned());
            findings.push(finding("TELEGRAM_WEBHOOK_SECRET", problem, "shape right"));
        }
    }
    findings
}

fn discord_settings(set: &dyn Fn(&str) -> Option<String>) -> Vec<Finding> {
    let mut findings = Vec::new();
    if let Some(url) = set("DISCORD_API_URL") {
        findings.push(finding(
            "DISCORD_API_URL",
            url_problem(&url, false),
            "a URL",
        ));
    }
    if let Some(guild) = set("DISCORD_GUILD_ID") {
        let problem = guild
            .trim()
            .parse::<u64>()
            .err()
            .map(|_| "must be a numeric guild id".to_owned());
        findings.push(finding("DISCORD_GUILD_ID", problem, "a guild id"));
    }
    if let Some(shards) = set("DISCORD_SHARDS") {
        let problem = ShardPlan::parse(&shards).err();
        findings.push(finding("DISCORD_SHARDS", problem, "readable"));
    }
    if let Some(roles) = set("CORRBOT_DISCORD_ROLES") {
        let problem = RoleMap::parse(&roles)
            .err()
            .map(|error| format!("{error:#}"));
        findings.push(finding(
            "CORRBOT_DISCORD_ROLES",
            problem,
            "role map readable",
        ));
    }
    findings
}

fn app_settings(set: &dyn Fn(&str) -> Option<String>) -> Vec<Finding> {
    let mut findings = Vec::new();
    if let Some(admins) = set("CORRBOT_ADMINS") {
        let bad: Vec<&str> = admins
            .split(',')
            .map(str::trim)
            .filter(|entry| !entry.is_empty())
            .filter(|entry| match entry.split_once(':') {
                Some((platform, id)) => {
                    !matches!(platform, "telegram" | "discord" | "console") || id.is_empty()
                }
                None => true,
            })
            .collect();
        let problem = (!bad.is_empty()).then(|| {
            format!(
                "entries must read platform:user-id (telegram:123, discord:456, console:name); not: {}",
                bad.join(", ")
            )
        });
        findings.push(finding("CORRBOT_ADMINS", problem, "readable"));
    }
    if let Some(days) = set("CORRBOT_RETENTION_DAYS") {
        let fits = days
            .trim()
            .parse::<i64>()
            .is_ok_and(|days| (2..=36_500).contains(&days));
        let problem = (!fits).then(|| "must be a whole number of days from 2 to 36500".to_owned());
        findings.push(finding("CORRBOT_RETENTION_DAYS", problem, "readable"));
    }
    findings
}

/// Connects without migrating and compares the schema with this binary's.
async fn database(url: &str) -> Finding {
    let options = DbOptions::default();
    let db = match tokio::time::timeout(
        std::time::Duration::from_secs(10),
        Db::connect(url, &options),
    )
    .await
    {
        Ok(Ok(db)) => db,
        Ok(Err(error)) => {
            return finding("DATABASE_URL", Some(format!("cannot connect: {error}")), "");
        }
        Err(_) => {
            return finding(
                "DATABASE_URL",
                Some("no answer within 10 seconds".into()),
                "",
            );
        }
    };
    let versions = db.schema_versions().await;
    db.close().await;
    let problem = match versions {
        Err(error) => Some(format!("cannot read the schema: {error}")),
        Ok((None, binary)) => {
            return finding(
                "DATABASE_URL",
                None,
                &format!(
                    "reachable, not migrated yet: the first start (or `corrbot migrate`) creates schema {binary}"
                ),
            );
        }
        Ok((Some(applied), binary)) if applied > binary => Some(
            StoreError::SchemaTooNew {
                database: applied,
                binary,
            }
            .to_string(),
        ),
        Ok((Some(applied), binary)) if applied < binary => {
            return finding(
                "DATABASE_URL",
                None,
                &format!(
                    "reachable, schema {applied}: the next start (or `corrbot migrate`) brings it to {binary}"
                ),
            );
        }
        Ok((Some(applied), _)) => {
            return finding(
                "DATABASE_URL",
                None,
                &format!("reachable, schema {applied} (current)"),
            );
        }
    };
    finding("DATABASE_URL", problem, "")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn discord_findings(shards: &str) -> Vec<Finding> {
        let set = |name: &str| (name == "DISCORD_SHARDS").then(|| shards.to_owned());
        discord_settings(&set)
    }

    #[test]
    fn a_bad_shard_range_fails_in_one_line() {
        let findings = discord_findings("0-4/4");
        assert_eq!(findings.len(), 1);
        assert!(!findings[0].ok);
        let line = findings[0].to_string();
        assert!(line.starts_with("FAIL DISCORD_SHARDS: "), "{line}");
        assert!(!line.contains('\n'), "{line}");
        assert!(discord_findings("1-1/2")[0].ok);
        assert!(discord_findings("auto")[0].ok);
    }
}
