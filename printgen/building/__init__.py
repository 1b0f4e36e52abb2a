"""A build, and ``validate``, as units of work: the commands (``command``), worker processes
for games and languages (``jobs``), the cache keyed by what a build read (``cache``, over
``printgen.inputs``), what builds keep for the next process (``kept``) and what the designer
is told while it runs (``progress``)."""
