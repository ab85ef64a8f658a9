-- At most one open absence of internet access per player (R3.1.5): the
-- database itself refuses a second, whatever the locks of the processes.
-- Duplicates left by an earlier race are closed at their own start (the
-- earliest open absence stays open).
UPDATE absences SET returned_at = starts_at
WHERE returned_at IS NULL
  AND EXISTS (
    SELECT 1 FROM absences AS earlier
    WHERE earlier.player_id = absences.player_id
      AND earlier.returned_at IS NULL
      AND earlier.id < absences.id
  );
CREATE UNIQUE INDEX absences_open ON absences(player_id) WHERE returned_at IS NULL;
