-- The platforms' rate limits for the bot as a whole (issue 24): one row per
-- (platform, scope), e.g. ('telegram', 'all') or ('telegram', 'chat:-100123'),
-- holding the earliest instant (microseconds since the epoch, the database
-- server's clock) at which the next request in that scope may go. A sender
-- locks the rows of its request's scopes, takes the latest of those instants
-- (or now), and moves each row on by the scope's spacing. Only PostgreSQL
-- (several processes) uses it; transient, so not part of the export.
CREATE TABLE rate_budget (
    platform  TEXT    NOT NULL,
    scope     TEXT    NOT NULL,
    next_at   BIGINT  NOT NULL,
    PRIMARY KEY (platform, scope)
);
