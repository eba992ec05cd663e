"""A player's hands in a database: `studodds review`. The schema and its migrations
(schema), where the database lives and how it is opened (database), a hand record as rows
(hand_rows) with the facts the stats count (stat_facts), the import of files and folders
(hand_import), and the stats over what was imported (player_stats)."""
