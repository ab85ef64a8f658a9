-- A player whose notation differs from their language's default chose it
-- with /notation: from now on /lang leaves such a choice alone, and moves
-- the notation of the others along with the language.
INSERT INTO player_switches (player_id, setting)
SELECT id, 'notation_chosen' FROM players
WHERE notation <> CASE language WHEN 'en' THEN 'san' ELSE 'ukr' END;
