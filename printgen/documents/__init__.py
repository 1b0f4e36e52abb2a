"""Documents made from a game's data and prose: the rulebook and the player aid.

Prose is Markdown rendered through a sandboxed Jinja template, parsed with markdown-it-py and
set with ReportLab's platypus; text uses the same engine and inline icons as the cards.
"""
