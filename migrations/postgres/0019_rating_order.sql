-- Rerating from one game on (a result that arrives out of game-end order,
-- or a rated result replaced) reads the rating changes and the finished
-- games from that game's key (finished_at, game id) on: by these indexes,
-- not by reading every change and game of the club.
CREATE INDEX rating_changes_order ON rating_changes(finished_at, game_id);
CREATE INDEX games_finished ON games(finished_at, id) WHERE status = 'finished';
