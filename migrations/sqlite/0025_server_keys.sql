-- The installation's own secrets by name (issue [touch]: the key that
-- signs board links when CORRBOT_SECRET is unset), made once by the first
-- process that needs one. Not dumped: a restored database makes new ones.
CREATE TABLE server_keys (
    name   TEXT PRIMARY KEY,
    value  TEXT NOT NULL
);
