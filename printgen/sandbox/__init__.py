"""What runs what a designer writes, within bounds: Jinja expressions and templates in a
sandbox that sizes every operation before it runs (``jinja``, ``sizes``, ``expressions``), time
limits on templates and a game's Python (``alarm``), the memory it may take (``memory``), what
that Python may not do (``refused``), Ctrl-C told apart from a KeyboardInterrupt it raises
(``interrupt``), and each template's compiled code kept between builds (``template_code``)."""
