-- Sections and a final (issue 40): the stage of each game of an event
-- played in sections, 1 to K for its round-robin sections and 0 for the
-- final. Games of other events have no row.
CREATE TABLE game_sections (
    game_id  BIGINT  NOT NULL PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    section  BIGINT  NOT NULL
);
