"""A build, and ``validate``, as units of work: the commands (``command``), worker processes
for games and languages (``jobs``), what a build read and the cache keyed by it (``inputs``,
``cache``), what builds keep for the next process (``kept``) and what the designer is told
while it runs (``progress``)."""
