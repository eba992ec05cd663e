"""A player's hands reviewed: `studodds review`. The database: the schema and its
migrations (schema), where it lives and how it is opened (database), a hand record as rows
(hand_rows) with the facts the stats count (stat_facts), the import of files and folders
(hand_import), and the stats over what was imported (player_stats). The price of each
decision (decisions) and the luck at showdown, street by street (luck)."""
