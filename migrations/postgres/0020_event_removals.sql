-- Removals from an event (`/event remove N @name`): the entry row goes,
-- this row stays, so that the removed player cannot enter again (by
-- `/event join N` or an invitation) until the organizer undoes it with
-- `/event readmit N @name`, which deletes the row.
CREATE TABLE event_removals (
    event_id    BIGINT  NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    player_id   BIGINT  NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    removed_by  BIGINT  NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    removed_at  BIGINT  NOT NULL,
    PRIMARY KEY (event_id, player_id)
);
CREATE INDEX event_removals_player ON event_removals(player_id);
