"""The command line: its grammar (``arguments``), options that clash (``clashes``), the commands
it runs (``commands``, where ``printgen`` starts) and game folders a build would skip
(``game_folders``)."""
