//! Which gateway shards this process runs: `DISCORD_SHARDS`.
//!
//! Discord sends a guild's events to one shard only, shard
//! `(guild_id >> 22) % total`, and direct messages to shard 0. With
//! `DISCORD_SHARDS=FIRST-LAST/TOTAL` (`0-1/4`) this process opens shards
//! FIRST to LAST of TOTAL; other processes on the same database open the
//! rest, so every guild's events are handled by one process, once. Unset,
//! the process runs the one shard of a small bot; `auto` asks Discord how
//! many shards it wants and runs them all here.

use serenity::Client;

/// The shards this process runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ShardPlan {
    /// One shard of one (a bot in fewer than 2 500 guilds).
    #[default]
    Single,
    /// As many as Discord recommends (`GET /gateway/bot`), all here.
    Auto,
    /// Shards `first..=last` of `total`.
    Range {
        /// The first shard id run here.
        first: u32,
        /// The last shard id run here (inclusive).
        last: u32,
        /// The number of shards of the whole bot.
        total: u32,
    },
}

impl ShardPlan {
    /// Reads `auto` or `FIRST-LAST/TOTAL` (`0-1/4`; `2/4` is `2-2/4`);
    /// the error says what is wrong in one line.
    pub fn parse(text: &str) -> Result<Self, String> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("auto") {
            return Ok(Self::Auto);
        }
        let shape = || format!("`{text}` must read FIRST-LAST/TOTAL (such as 0-1/4) or auto");
        let (range, total) = text.split_once('/').ok_or_else(shape)?;
        let (first, last) = range.split_once('-').unwrap_or((range, range));
        let number = |part: &str| part.trim().parse::<u32>().map_err(|_| shape());
        let (first, last, total) = (number(first)?, number(last)?, number(total)?);
        if total == 0 || first > last || last >= total {
            return Err(format!(
                "`{text}`: need FIRST <= LAST < TOTAL and TOTAL >= 1 (shard ids count from 0)"
            ));
        }
        Ok(Self::Range { first, last, total })
    }

    /// Runs the client's gateway with these shards until it stops.
    pub async fn start(self, client: &mut Client) -> serenity::Result<()> {
        match self {
            Self::Single => client.start().await,
            Self::Auto => client.start_autosharded().await,
            // serenity 0.12 reads the range's end as the last shard to run
            // (inclusive), whatever `Range` usually means.
            Self::Range { first, last, total } => {
                client.start_shard_range(first..last, total).await
            }
        }
    }
}

/// The shard that receives the events of `guild` among `total` shards
/// (Discord's published formula).
pub fn shard_of(guild: u64, total: u32) -> u32 {
    u32::try_from((guild >> 22) % u64::from(total.max(1))).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_single_shards_and_auto_read() {
        assert_eq!(
            ShardPlan::parse("0-1/4"),
            Ok(ShardPlan::Range {
                first: 0,
                last: 1,
                total: 4
            })
        );
        assert_eq!(
            ShardPlan::parse(" 3/4 "),
            Ok(ShardPlan::Range {
                first: 3,
                last: 3,
                total: 4
            })
        );
        assert_eq!(ShardPlan::parse("AUTO"), Ok(ShardPlan::Auto));
    }

    #[test]
    fn bad_values_are_refused() {
        for bad in ["", "1-0/4", "0-4/4", "0/0", "a-b/c", "0-1", "-1/2"] {
            assert!(ShardPlan::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_guild_goes_to_the_shard_of_its_id() {
        assert_eq!(shard_of(2 << 22, 2), 0);
        assert_eq!(shard_of((3 << 22) + 12_345, 2), 1);
        assert_eq!(shard_of(81_384_788_765_712_384, 1), 0);
    }
}
