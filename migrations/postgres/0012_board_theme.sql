-- A player's board theme (/theme): the colours of their board images,
-- animations and crosstables. Players without a settings row see 'green'.
ALTER TABLE player_settings ADD COLUMN theme TEXT NOT NULL DEFAULT 'green';
